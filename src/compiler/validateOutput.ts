/**
 * Output validation: checks the compiled artifacts with validators someone else wrote (official ARM
 * JSON schemas, the Data Factory SDK's models, the Kusto language service) and with hubc's own
 * expression parsers (references between parameters, variables, activities, datasets, pipelines).
 *
 * `quick` runs the cheap reference checks (done on every build); `full` adds the schema, SDK and KQL
 * validators (done by `hubc validate` and the tests).
 */
import type { Diagnostic } from './diagnostics.js';
import type { CompileResult } from './compile.js';
import type { AdfObject } from '../modules/types.js';
import { toPlainJson } from './json.js';
import { checkArmReferences } from '../validators/armReferences.js';
import { checkAdfReferences } from '../validators/adfReferences.js';
import { loadArmSchemaValidator, armSchemaDiagnostics } from '../validators/armSchema.js';
import { checkAdfObject, adfModelDiagnostics, type AdfModelIssue } from '../validators/adfModel.js';
import { validateKqlScripts } from '../validators/kql.js';
import { ADF_FOLDERS } from '../emitters/dataFactory/standalone.js';
import { jsonLocator, pointerPath, type JsonLocator } from './positions.js';
import type { AdfPositionLookup } from '../validators/adfReferences.js';
import { checkAdfNesting } from '../validators/adfNesting.js';

/**
 * Positions for Data Factory diagnostics: in the object's standalone file when it was written, else in
 * the object's resource inside azuredeploy.json.
 */
function adfPositions(result: CompileResult, template: any, templateAt: JsonLocator): AdfPositionLookup {
  const locators = new Map<string, JsonLocator>();
  return (kind, name, path) => {
    const file = `datafactory/${ADF_FOLDERS[kind]}/${name}.json`;
    const text = result.artifacts.get(file);
    if (text !== undefined) {
      let at = locators.get(file);
      if (!at) locators.set(file, (at = jsonLocator(text)));
      const start = at(path);
      if (start) return { file, start };
    }
    const index = (template.resources as any[]).findIndex(
      (r) => typeof r.type === 'string' && r.type.startsWith('Microsoft.DataFactory/factories/') && typeof r.name === 'string' && r.name.endsWith(`, '${name}')]`),
    );
    if (index < 0) return undefined;
    const start = templateAt(['resources', index, ...path]);
    return start ? { file: 'azuredeploy.json', start } : undefined;
  };
}

/** A diagnostic moved to the file and position a Data Factory position lookup found, if any. */
function placed(d: Diagnostic, at: ReturnType<AdfPositionLookup>): Diagnostic {
  return at && !('line' in at) ? { ...d, file: at.file, ...(at.start ? { start: at.start } : {}) } : d;
}

/** Pairs each model-check issue with its diagnostic. */
function withIssues(kind: AdfObject['kind'], name: string, file: string, issues: AdfModelIssue[]): [Diagnostic, AdfModelIssue][] {
  const diagnostics = adfModelDiagnostics(kind, name, file, issues);
  return issues.map((issue, i) => [diagnostics[i], issue]);
}

/** `properties.activities[3].typeProperties.items` -> `['properties', 'activities', 3, 'typeProperties', 'items']` */
export function modelPath(path: string): (string | number)[] {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]));
}

/** Adds `start` to azuredeploy.json diagnostics whose path begins with a JSON pointer. */
function positionTemplateDiagnostics(diagnostics: Diagnostic[], templateAt: JsonLocator): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.start || d.file !== 'azuredeploy.json' || !d.path?.startsWith('/')) return d;
    const start = templateAt(pointerPath(d.path.split(' ')[0]));
    return start ? { ...d, start } : d;
  });
}

/** Data Factory objects of a compile in wire form, grouped as the reference checker wants them. */
export function adfFactory(objects: readonly AdfObject[]) {
  const wire = (kind: AdfObject['kind']) => objects.filter((o) => o.kind === kind).map((o) => ({ name: o.name, properties: toPlainJson<any>(o.properties) }));
  return { pipelines: wire('pipeline'), triggers: wire('trigger'), datasets: wire('dataset'), linkedServices: wire('linkedService') };
}

/** KQL scripts of a compile with placeholders replaced by their validation values, in deployment order. */
export function kqlScriptsForValidation(result: CompileResult) {
  const model = result.model!;
  return result.contributions
    .flatMap((c) => c.kqlScripts ?? [])
    .map((s) => {
      let text = s.text;
      for (const [placeholder, sub] of Object.entries(s.placeholders ?? {})) text = text.split(placeholder).join(sub.validationValue);
      return { file: s.file, database: model.dataExplorer.databases[s.database], text };
    });
}

/** Options of {@link validateOutput}. */
export interface ValidateOutputOptions {
  /** Folder with the official ARM schemas; default: found by `locateArmSchemas` (validators/armSchema/locate.ts). */
  schemasDir?: string;
}

/**
 * Validates a successful compile.
 * @param level `quick` (reference checks) or `full` (every validator)
 * @returns diagnostics (HUB3xx)
 * @throws EnvironmentError (`full` only) when the ARM schemas cannot be found
 */
export function validateOutput(result: CompileResult, level: 'quick' | 'full', options: ValidateOutputOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const templateText = result.artifacts.get('azuredeploy.json');
  if (!templateText || !result.model) return out;
  const template = JSON.parse(templateText);
  const objects = result.contributions.flatMap((c) => c.dataFactory ?? []);
  const templateAt = jsonLocator(templateText);
  out.push(...positionTemplateDiagnostics(checkArmReferences(template, 'azuredeploy.json'), templateAt));
  const factory = adfFactory(objects);
  const positions = adfPositions(result, template, templateAt);
  out.push(...checkAdfReferences(factory, 'azuredeploy.json', positions));
  for (const { jsonPath, pipeline, ...d } of checkAdfNesting(factory.pipelines, 'azuredeploy.json')) {
    const at = positions('pipeline', pipeline, jsonPath);
    out.push(placed(d, at));
  }
  if (level === 'quick') return out;

  out.push(...positionTemplateDiagnostics(armSchemaDiagnostics(loadArmSchemaValidator(options.schemasDir).validateTemplate(template), 'azuredeploy.json'), templateAt));
  // The objects as the template embeds them (positioned in their standalone file, or their resource in
  // azuredeploy.json), then the standalone files as written (folded with the defaults).
  for (const o of objects) {
    const wire = { name: o.name, properties: toPlainJson<any>(o.properties) };
    for (const [d, issue] of withIssues(o.kind, o.name, 'azuredeploy.json', checkAdfObject(o.kind, wire, { armExpressions: true }))) {
      const at = positions(o.kind, o.name, modelPath(issue.path));
      out.push(placed(d, at));
    }
  }
  for (const [path, text] of result.artifacts) {
    const m = /^datafactory\/(\w+)\/(.+)\.json$/.exec(path);
    if (!m) continue;
    const kind = (Object.keys(ADF_FOLDERS) as AdfObject['kind'][]).find((k) => ADF_FOLDERS[k] === m[1])!;
    const at = jsonLocator(text);
    for (const [d, issue] of withIssues(kind, m[2], path, checkAdfObject(kind, JSON.parse(text), { armExpressions: true }))) {
      const start = at(modelPath(issue.path));
      out.push(start ? { ...d, start } : d);
    }
  }
  const scripts = kqlScriptsForValidation(result);
  if (scripts.length) out.push(...validateKqlScripts(scripts).diagnostics);
  return out;
}
