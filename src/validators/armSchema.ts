/**
 * Validates ARM templates against the official ARM JSON schemas (Azure/azure-resource-manager-schemas),
 * with ajv and ajv-draft-04, following `../shared/recipes/validators.md` §3:
 * - the schema files are read from a folder (see `./armSchema/locate.ts`: `--schemas-dir`, `ARM_SCHEMAS_DIR`,
 *   `../shared/arm-schemas`, or a download cache holding only the files a template needs) and relaxed in memory (§3.4: case-insensitive enums,
 *   ARM expressions accepted wherever a value is, `oneOf` as `anyOf`, lenient `date-time`);
 * - each resource is validated against the resource definition of its `type@apiVersion` (§3.5), with
 *   polymorphic objects (activities, triggers, datasets, ...) explained against the alternative their
 *   `type`/`kind` names, plus the common resource envelope (`resourceBase`);
 * - the template envelope (`$schema`, `contentVersion`, `parameters`, `variables`, `functions`, `outputs`)
 *   is validated separately; child resources nested in `resources` and the inline templates of
 *   `Microsoft.Resources/deployments` are validated recursively;
 * - issues matching the explicit allow-list of known schema gaps (§3.6, `ARM_SCHEMA_GAPS`) are tolerated.
 *
 * The ARM schemas set no `additionalProperties: false`, so unknown properties are not reported (§3.7).
 */
import { createHash } from 'node:crypto';
import { EnvironmentError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { ARM_SCHEMAS_DIR_VARIABLE, locateArmSchemas } from './armSchema/locate.js';
import { ENUM_CI } from './armSchema/relax.js';
import { ArmSchemaStore, schemaFolderDigest, escapePointerSegment, valueAt, type ExplainedIssue, type ResourceDefinitionEntry } from './armSchema/store.js';
import { codes } from '../diagnostics/index.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { isObject, type JsonObject } from '../util/json.js';

export type { ExplainedIssue } from './armSchema/store.js';

/** One schema problem in a template. */
export interface ArmSchemaIssue {
  /** JSON pointer into the validated template (or resource), e.g. `/resources/3/properties/sku/name`. */
  pointer: string;
  /** Full resource type of the resource the problem is in (children get `parent/child`); absent for envelope problems. */
  resourceType?: string;
  /** The resource's `name` as written (may be an ARM expression). */
  resourceName?: string;
  /** What is wrong, in one line, e.g. `"TLS9" is not one of: TLS1_0, TLS1_1, TLS1_2`. */
  message: string;
  /** Id of the `ARM_SCHEMA_GAPS` entry that tolerates this issue; absent for real problems. */
  allowedByGap?: string;
}

/**
 * Store of what the schemas say about one resource (its own properties, not its children), by a key of
 * the resource ({@link ArmSchemaValidator.validateTemplate}). A hit spares compiling and running the
 * resource's definition; the caller keys the store by the schema folder it was filled from.
 */
export interface ArmResourceIssueMemo {
  get(key: string): ExplainedIssue[] | undefined;
  /** Called for every resource validated, with the issues found (or read back). */
  set(key: string, issues: ExplainedIssue[]): void;
}

/** Validator over one loaded schema folder. */
export interface ArmSchemaValidator {
  /**
   * Problems of a whole template (envelope, resources, children, nested deployment templates), without
   * tolerated gaps.
   * @param memo per-resource store consulted before the schemas (keys: SHA-256 of the resource as validated)
   */
  validateTemplate(template: unknown, memo?: ArmResourceIssueMemo): ArmSchemaIssue[];
  /** Same as `validateTemplate`, but tolerated problems are included, marked with `allowedByGap`. */
  validateTemplateAll(template: unknown, memo?: ArmResourceIssueMemo): ArmSchemaIssue[];
  /** Problems of one resource (pointers relative to the resource; children and nested templates included), without tolerated gaps. */
  validateResource(resource: unknown): ArmSchemaIssue[];
}

/** A known mismatch between a schema and what ARM / the resource provider accepts (recipe §3.6). */
export interface ArmSchemaGap {
  id: string;
  /** What is tolerated and why. */
  description: string;
}

/** An issue as collected, with what the allow-list needs to decide. */
interface Collected extends ArmSchemaIssue {
  /** Pointer relative to the resource. */
  rel: string;
  keyword: string;
  /** The resource object as validated (name shortened, children removed). */
  resource?: Record<string, unknown>;
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : undefined);

const GAP_MATCHERS: (ArmSchemaGap & { matches(i: Collected): boolean })[] = [
  {
    id: 'kusto-readwrite-database-without-properties',
    description:
      'Microsoft.Kusto/clusters/databases of kind ReadWrite without `properties`: the schema requires `properties` for both kinds, ARM deploys the database without them.',
    matches: (i) =>
      lower(i.resourceType) === 'microsoft.kusto/clusters/databases' &&
      i.rel === '' &&
      i.keyword === 'required' &&
      i.message === "must have required property 'properties'" &&
      lower(i.resource?.kind) === 'readwrite' &&
      i.resource?.properties === undefined,
  },
  {
    id: 'adf-pipeline-variable-boolean-integer',
    description:
      'Microsoft.DataFactory/factories/pipelines variable `type` Boolean or Integer: the 2018-06-01 schema only knows String/Bool/Array, the Data Factory service accepts Boolean and Integer.',
    matches: (i) =>
      lower(i.resourceType) === 'microsoft.datafactory/factories/pipelines' &&
      /^\/properties\/variables\/[^/]+\/type$/.test(i.rel) &&
      i.keyword === ENUM_CI &&
      ['boolean', 'integer'].includes(lower(valueAt(i.resource, i.rel)) ?? ''),
  },
];

/** The allow-list of known schema gaps (recipe §3.6); nothing else is tolerated. */
export const ARM_SCHEMA_GAPS: readonly ArmSchemaGap[] = GAP_MATCHERS.map(({ id, description }) => ({ id, description }));

class Validator implements ArmSchemaValidator {
  constructor(private readonly store: ArmSchemaStore) {}
  private memo: ArmResourceIssueMemo | undefined;

  validateTemplate(template: unknown, memo?: ArmResourceIssueMemo): ArmSchemaIssue[] {
    return this.validateTemplateAll(template, memo).filter((i) => !i.allowedByGap);
  }

  validateTemplateAll(template: unknown, memo?: ArmResourceIssueMemo): ArmSchemaIssue[] {
    const out: Collected[] = [];
    this.memo = memo;
    try {
      this.template(template, '', out);
    } finally {
      this.memo = undefined;
    }
    return out.map(finish);
  }

  validateResource(resource: unknown): ArmSchemaIssue[] {
    const out: Collected[] = [];
    this.resource(resource, '', undefined, out);
    return out.map(finish).filter((i) => !i.allowedByGap);
  }

  /**
   * Explains a resource against its definition. A literal name is tried in the forms of `nameCandidates`
   * (the first is the one in `copy`); `/name` problems are kept only when every form has them.
   */
  private explainWithNames(entry: ResourceDefinitionEntry, copy: JsonObject, name: string | undefined, type: string): ExplainedIssue[] {
    const found = this.store.explainResource(entry, copy);
    if (name === undefined || isArmExpressionString(name) || !found.some((i) => i.pointer === '/name')) return found;
    for (const alternative of nameCandidates(name, type).slice(1)) {
      const again = this.store.explainResource(entry, { ...copy, name: alternative });
      if (!again.some((i) => i.pointer === '/name')) return found.filter((i) => i.pointer !== '/name');
    }
    return found;
  }

  private template(template: unknown, base: string, out: Collected[]): void {
    if (!isObject(template)) {
      out.push({ pointer: base, rel: '', keyword: 'type', message: 'a template must be a JSON object' });
      return;
    }
    for (const i of this.store.explainEnvelope(template)) out.push({ pointer: base + i.pointer, rel: i.pointer, keyword: i.keyword, message: i.message });
    const resources = template.resources;
    if (Array.isArray(resources)) resources.forEach((r, n) => this.resource(r, `${base}/resources/${n}`, undefined, out));
    else if (isObject(resources)) for (const [k, r] of Object.entries(resources)) this.resource(r, `${base}/resources/${escapePointerSegment(k)}`, undefined, out);
  }

  private resource(resource: unknown, pointer: string, parentType: string | undefined, out: Collected[]): void {
    if (!isObject(resource)) {
      out.push({ pointer, rel: '', keyword: 'type', message: `a resource must be a JSON object, got ${JSON.stringify(resource)}` });
      return;
    }
    const rawType = resource.type;
    const type = typeof rawType === 'string' ? (parentType && !rawType.includes('/') ? `${parentType}/${rawType}` : rawType) : undefined;
    const name = typeof resource.name === 'string' ? resource.name : undefined;
    const copy: JsonObject = { ...resource };
    delete copy.resources;
    if (type !== undefined) copy.type = type;
    if (name !== undefined && !isArmExpressionString(name) && name.includes('/')) copy.name = nameCandidates(name, type ?? '')[0];

    const key = this.memo
      ? createHash('sha256')
          .update(JSON.stringify(['arm-resource-v1', type ?? null, name ?? null, copy]))
          .digest('hex')
      : undefined;
    const unique = (key && this.memo?.get(key)) || this.explainOne(copy, type, name, resource);
    if (key) this.memo?.set(key, unique);
    for (const i of unique) {
      out.push({ pointer: pointer + i.pointer, rel: i.pointer, keyword: i.keyword, message: i.message, resourceType: type, resourceName: name, resource: copy });
    }

    if (Array.isArray(resource.resources)) {
      resource.resources.forEach((child, n) => this.resource(child, `${pointer}/resources/${n}`, type, out));
    }
    if (lower(type) === 'microsoft.resources/deployments' && isObject(resource.properties) && isObject(resource.properties.template)) {
      this.template(resource.properties.template, `${pointer}/properties/template`, out);
    }
  }

  /**
   * What the schemas say about one resource (`copy`: children removed, name shortened, type made full):
   * the common envelope, then its `type@apiVersion` definition; one issue per pointer and message, in
   * pointer order.
   */
  private explainOne(copy: JsonObject, type: string | undefined, name: string | undefined, resource: JsonObject): ExplainedIssue[] {
    const found: ExplainedIssue[] = [...this.store.explainResourceBase(copy)];
    const apiVersion = resource.apiVersion;
    if (type !== undefined) {
      if (apiVersion === undefined) found.push({ pointer: '', keyword: 'required', message: "must have required property 'apiVersion'" });
      else if (typeof apiVersion !== 'string') found.push({ pointer: '/apiVersion', keyword: 'type', message: `must be string, got ${JSON.stringify(apiVersion)}` });
      else if (resource.existing !== true) {
        const entry = this.store.resourceDefinition(type, apiVersion);
        if (entry) found.push(...this.explainWithNames(entry, copy, name, type));
        else {
          const known = this.store.apiVersionsOf(type);
          const knownText = known.length ? ` (local schemas: ${known.join(', ')})` : ' (no local schema for this type)';
          found.push({ pointer: '/apiVersion', keyword: 'schema', message: `no schema for ${type}@${apiVersion}${knownText}` });
        }
      }
    }
    const seen = new Set<string>();
    const unique = found.filter((i) => {
      const k = `${i.pointer}\u0000${i.message}`;
      return seen.has(k) ? false : (seen.add(k), true);
    });
    unique.sort((a, b) => comparePointers(a.pointer, b.pointer) || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
    return unique;
  }
}

/** Orders JSON pointers segment by segment, array indexes numerically (`/a/2` before `/a/10`). */
function comparePointers(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    const nx = /^\d+$/.test(x[i]) ? Number(x[i]) : NaN;
    const ny = /^\d+$/.test(y[i]) ? Number(y[i]) : NaN;
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x[i] < y[i] ? -1 : 1;
  }
  return x.length - y.length;
}

/**
 * Name forms to try for a literal name: its last segment, and the full form with one segment per type level
 * (missing parent segments filled with `parent`). The schemas disagree on which one they describe: Data Factory
 * patterns forbid `/` (so the last segment is right), while e.g. the top-level Storage `blobServices`
 * definition wants `<account>/default` and its nested `_childResource` twin wants `default`.
 */
function nameCandidates(name: string, type: string): string[] {
  const last = name.slice(name.lastIndexOf('/') + 1);
  const levels = type.split('/').length - 1;
  const segments = name.split('/');
  const full = [...Array(Math.max(0, levels - segments.length)).fill('parent'), ...segments].join('/');
  return full === last ? [last] : [last, full];
}

/** Drops the internal fields and applies the gap allow-list. */
function finish(i: Collected): ArmSchemaIssue {
  const issue: ArmSchemaIssue = { pointer: i.pointer, message: i.message };
  if (i.resourceType !== undefined) issue.resourceType = i.resourceType;
  if (i.resourceName !== undefined) issue.resourceName = i.resourceName;
  const gap = GAP_MATCHERS.find((g) => g.matches(i));
  if (gap) issue.allowedByGap = gap.id;
  return issue;
}

const validators = new Map<string, { stamp: string; validator: ArmSchemaValidator }>();

/**
 * The validator for a schema folder, created once per folder and process and again when the folder's files
 * change (a download added some). Reading and relaxing the files takes well under a second; each resource
 * definition is compiled on first use, seconds for Data Factory.
 * @param schemasDir folder with the schemas (e.g. from `prepareArmSchemas`, which downloads what a template
 *   needs); default: `locateArmSchemas()` (`ARM_SCHEMAS_DIR`, `../shared/arm-schemas` beside the checkout,
 *   the download cache), see `./armSchema/locate.ts`
 * @throws EnvironmentError HUB003 naming ARM_SCHEMAS_DIR and --schemas-dir when no schema folder is found, or a
 *   file in it is not valid JSON
 */
export function loadArmSchemaValidator(schemasDir?: string): ArmSchemaValidator {
  const dir = locateArmSchemas(schemasDir);
  const stamp = schemaFolderDigest(dir);
  const known = validators.get(dir);
  if (known && known.stamp === stamp) return known.validator;
  let store: ArmSchemaStore;
  try {
    store = new ArmSchemaStore(dir);
  } catch (e) {
    throw new EnvironmentError(codes.HUB003.unloadable({ dir, detail: (e as Error).message.replace(/^hubc: /, ''), variable: ARM_SCHEMAS_DIR_VARIABLE }));
  }
  const validator = new Validator(store);
  validators.set(dir, { stamp, validator });
  return validator;
}

/**
 * Converts schema issues into HUB301 diagnostics (severity error); tolerated issues (`allowedByGap`) are left out.
 * @param file output file the pointers refer to, e.g. `azuredeploy.json`
 * @returns one diagnostic per issue; `path` holds the JSON pointer and the resource type and name
 */
export function armSchemaDiagnostics(issues: ArmSchemaIssue[], file: string): Diagnostic[] {
  return issues
    .filter((i) => !i.allowedByGap)
    .map((i): Diagnostic => {
      const raised = codes.HUB301.raise({ resourceType: i.resourceType, detail: i.message });
      const d: Diagnostic = {
        code: raised.code,
        severity: raised.severity,
        message: raised.message,
        file,
        path: i.resourceType ? `${i.pointer || '/'} (resource ${i.resourceType} '${i.resourceName ?? '?'}')` : i.pointer || '/',
      };
      if (raised.hint) d.hint = raised.hint;
      return d;
    });
}
