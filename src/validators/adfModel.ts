/**
 * Data Factory model checker: walks a pipeline, trigger, dataset or linked service in wire form (the
 * Data Factory REST/Git JSON) alongside the mapper metadata of `@azure/arm-datafactory` 12.0.0 and
 * reports every place where the object breaks the SDK model, with a JSON path
 * (recipe `../shared/recipes/validators.md` §2.2).
 *
 * What is checked:
 * - polymorphic types (`type` of activities, triggers, datasets, linked services, copy sources/sinks,
 *   store/format settings, locations, secrets ...), resolved breadth-first like `@azure/core-client`;
 *   an unknown value is an error (`unknown Activity type 'X'`);
 * - flattened properties (`typeProperties.source`, `properties.activities`) through a trie of dotted names;
 * - required properties (mapper `required`, constants, and composite properties the SDK's TypeScript
 *   types require, see adfModel/knownGaps.ts), primitive types, ISO date-times, UUIDs, enums,
 *   constants (`isConstant`), constraints (`InclusiveMinimum` ...): errors;
 * - read-only properties supplied: warnings; unknown properties: warnings when the model allows
 *   `additionalProperties`, errors otherwise; known SDK gaps (`ParquetWriteSettings.fileExtension`) are silent;
 * - object names against the SDK's path-parameter constraints (`pipelineName` ...: pattern, 1-260 characters);
 * - schedule triggers: a `startTime`/`endTime` with a UTC offset while `timeZone` is not UTC.
 *
 * Data Factory expressions: properties the service evaluates are `any` in the SDK (the swagger's
 * "Type: string (or Expression with resultType string)"), so both `"@..."` strings and
 * `{ "value": "@...", "type": "Expression" }` objects pass there; Expression objects found inside `any`
 * values are checked against the `Expression` model (string `value`). Properties modelled as
 * `Expression` (ForEach `items`, IfCondition `expression` ...) must be Expression objects. Strictly typed
 * properties (String/Number/Boolean/DateTime, e.g. ForEach `batchCount`, `isSequential`) take literals only.
 *
 * ARM expressions: with `armExpressions: true`, strings that are ARM expressions (`isArmExpressionString`:
 * `[...]`, not the `[[` escape) are opaque and accepted anywhere, for any type (used for ADF objects inside
 * an ARM template).
 *
 * This file holds the entry points and the conversion to diagnostics; `./adfModel/walker.ts` the walk,
 * `./adfModel/metadata.ts` the SDK mappers, `./adfModel/values.ts` the value helpers.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { ADF_KIND_LABEL as KIND_LABEL, type AdfObjectKind } from '../model/dataFactoryKinds.js';
import { RESOURCE_MODELS } from './adfModel/metadata.js';
import { describeValue } from './adfModel/values.js';
import { Walker } from './adfModel/walker.js';

export type { AdfObjectKind } from '../model/dataFactoryKinds.js';

export type { AdfModelIssue } from './adfModel/walker.js';
import type { AdfModelIssue } from './adfModel/walker.js';
import { isObject } from '../util/json.js';

/** Options of {@link checkAdfObject}. */
export interface AdfModelOptions {
  /**
   * When true, strings that are ARM template expressions (`[...]`, not `[[...`) are accepted anywhere
   * without a type check (objects inside an ARM template). When false (standalone JSON, default), every
   * value is checked.
   */
  armExpressions?: boolean;
}
export { ADF_NAME_CONSTRAINTS } from './adfModel/walker.js';

/**
 * Checks one Data Factory object in wire form against the `@azure/arm-datafactory` 12.0.0 model.
 *
 * @param kind which resource model to use: `pipeline` → `PipelineResource`, `trigger` → `TriggerResource`,
 *   `dataset` → `DatasetResource`, `linkedService` → `LinkedServiceResource`
 * @param wire `{ name, properties }` as in the Data Factory REST/Git JSON (a pipeline's
 *   `properties.activities`, a trigger's `properties.type`/`typeProperties`/`pipelines`, ...)
 * @param options `armExpressions` (default false): accept ARM expression strings anywhere
 * @returns issues in walk order (deterministic: JSON key order); never throws for bad input
 */
export function checkAdfObject(kind: AdfObjectKind, wire: { name: string; properties: unknown }, options: AdfModelOptions = {}): AdfModelIssue[] {
  const walker = new Walker(options.armExpressions ?? false);
  if (!isObject(wire)) {
    walker.report('error', '', `expected object with name and properties, got ${describeValue(wire)}`);
    return walker.issues;
  }
  walker.checkName(kind, wire.name);
  if (wire.properties === undefined || wire.properties === null) {
    walker.report('error', 'properties', `required property missing (${RESOURCE_MODELS[kind]})`);
    return walker.issues;
  }
  walker.walkModel({ properties: wire.properties }, RESOURCE_MODELS[kind], '');
  return walker.issues;
}

/** The last property of a JSON path with its indexes and a colon (`isSequential: `, `activities[1]: `), or '' for the root. */
function lastSegment(path: string): string {
  const m = /([A-Za-z_$][\w$]*|\['[^']*'\])((?:\[\d+\])*)$/.exec(path);
  return m ? `${m[1]}${m[2]}: ` : '';
}

/**
 * Converts model-checker issues into diagnostics: errors get code `HUB302`, warnings `HUB303`
 * (docs/diagnostics.md). The message starts with the property name (`isSequential: expected boolean, ...`);
 * the diagnostic `path` names the kind, the object, the enclosing activities
 * and the JSON path, e.g. `pipeline rawexports_ExecuteETL, activity ForEach / Copy, properties.activities[0].name`.
 *
 * @param kind object kind
 * @param name object name
 * @param file output file the object comes from (`azuredeploy.json`, `datafactory/pipeline/x.json`)
 * @param issues result of {@link checkAdfObject}
 */
export function adfModelDiagnostics(kind: AdfObjectKind, name: string, file: string, issues: AdfModelIssue[]): Diagnostic[] {
  return issues.map((issue) => {
    const where = [`${KIND_LABEL[kind]} ${name}`];
    if (issue.activity) where.push(`activity ${issue.activity}`);
    where.push(issue.path || '(object)');
    const raised = (issue.severity === 'error' ? codes.HUB302 : codes.HUB303).raise({ property: lastSegment(issue.path), detail: issue.message, hint: issue.hint });
    const d: Diagnostic = { code: raised.code, severity: raised.severity, message: raised.message, file, path: where.join(', ') };
    if (raised.hint) d.hint = raised.hint;
    return d;
  });
}
