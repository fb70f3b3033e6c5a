/**
 * The compiled side of the ARM schema validator: one ajv (draft-04) instance holding every relaxed schema
 * file of a folder, the `type@apiVersion` index of resource definitions, and the "explain" step that turns
 * ajv's errors into one readable line per problem (recipe `../shared/recipes/validators.md` §3.2, §3.5).
 *
 * Compiling is lazy: a resource definition is compiled the first time a resource of its type is validated
 * (seconds for the Data Factory pipeline definition), then reused.
 */
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import Ajv04 from 'ajv-draft-04';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { DEPLOYMENT_TEMPLATE, listJsonFiles, schemaFileHashes } from './folders.js';
import { INPUT_LIMITS, readInputFile } from '../../util/inputFiles.js';
import { isArmExpressionString, unescapeArmLiteral } from '../../expressions/arm/semantics.js';
import { ENUM_CI, isResourceDefinitionsKey, indexDiscriminators, newDiscriminatorIndex, relaxSchema, type DiscriminatorIndex, type Holder } from './relax.js';
import { isObject, type JsonObject } from '../../util/json.js';

/**
 * The ajv-draft-04 class. The package is CommonJS (`module.exports = Ajv`, `exports.default = Ajv`); under
 * `nodenext` TypeScript types the default import as the whole module, so the class is taken from `.default`,
 * which exists at runtime too.
 */
const Ajv = Ajv04.default;

export { DEPLOYMENT_TEMPLATE, schemaFolderDigest } from './folders.js';

/** Base URL of the official schemas; a file's id is this plus its path in the folder plus `#`. */
export const SCHEMA_BASE_URL = 'https://schema.management.azure.com/';

/** Id of the template-envelope schema (a relaxed clone of deploymentTemplate.json without the resource list). */
const ENVELOPE_ID = 'https://hubc.invalid/arm-schemas/deploymentTemplate.envelope.json#';
/** Path of the common definitions every provider file refers to (`expression`, `resourceBase`, ...). */
export const COMMON_DEFINITIONS = 'schemas/common/definitions.json';
/** Absolute reference of the common resource envelope each resource is checked against. */
export const RESOURCE_BASE_REF = `${SCHEMA_BASE_URL}${COMMON_DEFINITIONS}#/definitions/resourceBase`;

/** Lenient `date-time` (recipe §3.2): the offset is optional, as Data Factory writes `2023-01-01T01:01:00`. */
const LENIENT_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/i;

/** Preference between the resource-definition maps of one file, for a resource-group deployment. */
const MAP_PRIORITY = [
  'resourceDefinitions',
  'extension_resourceDefinitions',
  'unknown_resourceDefinitions',
  'subscription_resourceDefinitions',
  'managementGroup_resourceDefinitions',
  'tenant_resourceDefinitions',
];

/** One problem found by `explain`, with a pointer relative to the validated value. */
export interface ExplainedIssue {
  /** JSON pointer relative to the validated value ('' = the value itself). */
  pointer: string;
  message: string;
  /** The ajv keyword behind the problem (`required`, `type`, `x-enum-ci`, ...), or `discriminator`. */
  keyword: string;
}

/** Where a resource definition lives. */
export interface ResourceDefinitionEntry {
  /** Resource type as written in the schema, e.g. `Microsoft.Storage/storageAccounts`. */
  type: string;
  apiVersion: string;
  /** Absolute ajv reference, e.g. `https://schema.management.azure.com/schemas/2022-09-01/Microsoft.Storage.json#/resourceDefinitions/storageAccounts`. */
  ref: string;
}

/** A resource definition found in one schema file, with what the index needs to choose between duplicates. */
export interface IndexedDefinition extends ResourceDefinitionEntry {
  /** Index key: `lower(type)@lower(apiVersion)`. */
  key: string;
  /** Rank of the definition map it came from (`resourceDefinitions` first, see MAP_PRIORITY); lower wins. */
  priority: number;
}

/**
 * The resource definitions of one schema file, one entry per `type@apiVersion` they describe: the types are
 * the definition's `properties.type.enum`, the versions its `properties.apiVersion.enum`, else the folder name.
 * @param schema the parsed file (raw or relaxed; only `*resourceDefinitions` maps are read)
 * @param rel its path in the schema folder, `schemas/<apiVersion>/<Provider>.json`
 * @returns entries whose `ref` is the path-derived absolute reference (`https://schema.management.azure.com/<rel>#/<map>/<name>`)
 */
export function resourceDefinitionsOf(schema: JsonObject, rel: string): IndexedDefinition[] {
  const id = `${SCHEMA_BASE_URL}${rel}#`;
  const folderVersion = rel.split('/')[1];
  const out: IndexedDefinition[] = [];
  for (const [mapKey, map] of Object.entries(schema)) {
    if (!isResourceDefinitionsKey(mapKey) || !isObject(map)) continue;
    const priority = MAP_PRIORITY.indexOf(mapKey) < 0 ? MAP_PRIORITY.length : MAP_PRIORITY.indexOf(mapKey);
    for (const [name, def] of Object.entries(map)) {
      if (!isObject(def) || !isObject(def.properties)) continue;
      const props = def.properties;
      const types = isObject(props.type) && Array.isArray(props.type.enum) ? (props.type.enum as unknown[]) : [];
      const versions = isObject(props.apiVersion) && Array.isArray(props.apiVersion.enum) ? (props.apiVersion.enum as unknown[]) : [folderVersion];
      for (const t of types) {
        for (const v of versions) {
          if (typeof t !== 'string' || typeof v !== 'string') continue;
          out.push({ key: `${t.toLowerCase()}@${v.toLowerCase()}`, type: t, apiVersion: v, ref: `${id}/${mapKey}/${escapePointerSegment(name)}`, priority });
        }
      }
    }
  }
  return out;
}

/** Escapes one JSON-pointer segment (RFC 6901). */
export function escapePointerSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at a JSON pointer inside `data`, or undefined. */
export function valueAt(data: unknown, pointer: string): unknown {
  let cur = data;
  for (const seg of pointerSegments(pointer)) {
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isObject(cur)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

const parentPointer = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf('/')));
const isAtOrUnder = (p: string, base: string) => base === '' || p === base || p.startsWith(base + '/');

/** Short rendering of a value for messages. */
function show(v: unknown): string {
  if (typeof v === 'string' && v.length > 60) return JSON.stringify(v.slice(0, 57) + '...');
  const s = v === undefined ? 'undefined' : JSON.stringify(v);
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

function listValues(values: readonly string[]): string {
  const head = values.slice(0, 12).join(', ');
  return values.length > 12 ? `${head}, ... (${values.length - 12} more)` : head;
}

/** Turns one ajv error into a readable issue. */
function describeError(e: ErrorObject): ExplainedIssue {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { pointer: e.instancePath, keyword: e.keyword, message: `must have required property '${String(p.missingProperty)}'` };
    case 'additionalProperties':
      return {
        pointer: `${e.instancePath}/${escapePointerSegment(String(p.additionalProperty))}`,
        keyword: e.keyword,
        message: `property '${String(p.additionalProperty)}' is not allowed here`,
      };
    case ENUM_CI:
      return { pointer: e.instancePath, keyword: e.keyword, message: `${show(e.data)} is not one of: ${listValues(p.allowedValues as string[])}` };
    case 'enum':
      return { pointer: e.instancePath, keyword: e.keyword, message: `${show(e.data)} is not one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'type':
      return { pointer: e.instancePath, keyword: e.keyword, message: `must be ${String(p.type)}, got ${show(e.data)}` };
    default:
      return { pointer: e.instancePath, keyword: e.keyword, message: `${e.message ?? e.keyword}, got ${show(e.data)}` };
  }
}

/** A loaded, relaxed schema set with its ajv instance and indexes. */
export class ArmSchemaStore {
  private readonly ajv: InstanceType<typeof Ajv>;
  private readonly discriminators: DiscriminatorIndex = newDiscriminatorIndex();
  /** Schema nodes of the ARM expression definition (errors under them belong to the expression alternative). */
  private readonly expressionNodes = new WeakSet<object>();
  /** `lower(type)@apiVersion` -> resource definition. */
  private readonly definitions = new Map<string, ResourceDefinitionEntry>();
  private readonly compiled = new Map<string, ValidateFunction>();

  /**
   * Reads, relaxes and registers every `*.json` file under `dir` (MANIFEST.json excluded). No compiling yet.
   * @param dir folder laid out like `../shared/arm-schemas` (`schemas/<apiVersion>/<Provider>.json`, `schemas/common/definitions.json`)
   * @throws Error naming the file when a file is not valid JSON, or when deploymentTemplate.json is missing
   */
  constructor(readonly dir: string) {
    // Options from recipe §3.2, plus `verbose`: errors then carry `schema`/`parentSchema`/`data`, whose
    // identities tell the explain step which alternative or expression branch an error came from.
    this.ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true, logger: false, verbose: true });
    this.ajv.addFormat('date-time', LENIENT_DATE_TIME);
    this.ajv.addKeyword({
      keyword: ENUM_CI,
      type: 'string',
      schemaType: 'array',
      errors: true,
      validate: function enumCi(allowed: string[], data: string): boolean {
        const lower = data.toLowerCase();
        if (allowed.some((a) => a.toLowerCase() === lower)) return true;
        (enumCi as unknown as { errors: Partial<ErrorObject>[] }).errors = [
          { keyword: ENUM_CI, message: 'must be equal to one of the allowed values (case-insensitive)', params: { allowedValues: allowed } },
        ];
        return false;
      },
    });
    const priorities = new Map<string, number>();
    let sawTemplate = false;
    for (const file of listJsonFiles(dir)) {
      const rel = relative(dir, file).split('\\').join('/');
      // Each file's content hash is recorded from the text loaded here (the shortcut of
      // `schemaFolderDigest` re-verified, see folders.ts); stat first, so a later change shows.
      const readAt = Date.now();
      const before = statSync(file);
      const text = readInputFile(file, { maxBytes: INPUT_LIMITS.armSchemaFile });
      schemaFileHashes.verify(file, before, text, readAt);
      let schema: JsonObject;
      try {
        schema = JSON.parse(text) as JsonObject;
      } catch (e) {
        throw new Error(`hubc: ${file} is not valid JSON (${(e as Error).message})`);
      }
      const id = rel.startsWith('schemas/') ? `${SCHEMA_BASE_URL}${rel}#` : String(schema.id ?? `${SCHEMA_BASE_URL}${rel}#`);
      schema.id = id;
      const isCommon = rel === COMMON_DEFINITIONS;
      if (rel.startsWith('schemas/')) this.indexResourceDefinitions(schema, rel, priorities);
      relaxSchema(schema, isCommon);
      if (isCommon && isObject(schema.definitions) && isObject(schema.definitions.expression)) this.expressionNodes.add(schema.definitions.expression);
      indexDiscriminators(schema, id, this.discriminators);
      this.ajv.addSchema(schema);
      if (rel === DEPLOYMENT_TEMPLATE) {
        sawTemplate = true;
        const envelope = relaxSchema(JSON.parse(text) as JsonObject, false);
        envelope.id = ENVELOPE_ID;
        (envelope.properties as JsonObject).resources = { type: ['array', 'object'] };
        this.ajv.addSchema(envelope);
      }
    }
    if (!sawTemplate) throw new Error(`hubc: ${DEPLOYMENT_TEMPLATE} is missing under ${dir}`);
  }

  private indexResourceDefinitions(schema: JsonObject, rel: string, priorities: Map<string, number>): void {
    for (const { key, priority, ...entry } of resourceDefinitionsOf(schema, rel)) {
      const known = priorities.get(key);
      if (known !== undefined && known <= priority) continue;
      priorities.set(key, priority);
      this.definitions.set(key, entry);
    }
  }

  /** The resource definition for a type and apiVersion (type compared case-insensitively), or undefined. */
  resourceDefinition(type: string, apiVersion: string): ResourceDefinitionEntry | undefined {
    return this.definitions.get(`${type.toLowerCase()}@${apiVersion.toLowerCase()}`);
  }

  /** apiVersions with a local schema for a type, sorted. */
  apiVersionsOf(type: string): string[] {
    const prefix = `${type.toLowerCase()}@`;
    return [...this.definitions.entries()]
      .filter(([k]) => k.startsWith(prefix))
      .map(([, d]) => d.apiVersion)
      .sort();
  }

  /** Compiled validator for an absolute ajv reference (compiled on first use, then cached). */
  private validator(ref: string): ValidateFunction {
    let v = this.compiled.get(ref);
    if (!v) {
      v = this.ajv.getSchema(ref);
      if (!v) throw new Error(`hubc: ARM schema reference ${ref} does not resolve`);
      this.compiled.set(ref, v);
    }
    return v;
  }

  /** Problems of a template's envelope (`$schema`, `contentVersion`, `parameters`, `variables`, `functions`, `outputs`); `resources` only has to be an array or object. */
  explainEnvelope(template: unknown): ExplainedIssue[] {
    return this.explain(ENVELOPE_ID, template);
  }

  /** Problems of a resource against the common resource envelope (`definitions.json#/definitions/resourceBase`). */
  explainResourceBase(resource: unknown): ExplainedIssue[] {
    return this.explain(RESOURCE_BASE_REF, resource);
  }

  /** Problems of a resource against its resource definition. */
  explainResource(entry: ResourceDefinitionEntry, resource: unknown): ExplainedIssue[] {
    return this.explain(entry.ref, resource);
  }

  /**
   * Validates `data` against a reference and explains the errors (recipe §3.5):
   * polymorphic objects whose alternatives all failed are re-validated against the alternative their
   * `type`/`kind` names (holder properties included), recursively; `anyOf` summaries and errors of the ARM
   * expression alternative are dropped.
   * @param ref absolute ajv reference
   * @param resolvedAtRoot holder already chosen for `data` itself (prevents re-dispatching on it)
   * @returns issues with pointers relative to `data`, deduplicated, in ajv's order
   */
  explain(ref: string, data: unknown, resolvedAtRoot?: Holder, depth = 0): ExplainedIssue[] {
    const validate = this.validator(ref);
    if (validate(data)) return [];
    const errors = [...(validate.errors ?? [])];
    const groups = new Map<string, Holder[]>();
    for (const e of errors) {
      let holder: Holder | undefined;
      let at: string | undefined;
      if (e.keyword === ENUM_CI && (holder = this.discriminators.byEnumValues.get(e.schema as object))) at = parentPointer(e.instancePath);
      else if (e.keyword === 'required' && (holder = this.discriminators.byAlternative.get(e.parentSchema as object))) at = e.instancePath;
      if (!holder || at === undefined) continue;
      if (at === '' && holder === resolvedAtRoot) continue;
      const list = groups.get(at) ?? [];
      if (!list.includes(holder)) list.push(holder);
      groups.set(at, list);
    }
    const paths = [...groups.keys()];
    const top = paths.filter((p) => !paths.some((q) => q !== p && isAtOrUnder(p, q))).sort();
    const out: ExplainedIssue[] = [];
    for (const e of errors) {
      if (top.some((t) => isAtOrUnder(e.instancePath, t))) continue;
      if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'allOf') continue;
      if (e.parentSchema && this.expressionNodes.has(e.parentSchema)) continue;
      out.push(describeError(e));
    }
    for (const t of top) {
      const obj = valueAt(data, t);
      let best: ExplainedIssue[] | undefined;
      for (const holder of groups.get(t)!) {
        const found = depth > 25 ? [] : this.explainAlternative(holder, obj, depth + 1);
        if (!best || found.length < best.length) best = found;
      }
      for (const i of best ?? []) out.push({ ...i, pointer: t + i.pointer });
    }
    const seen = new Set<string>();
    return out.filter((i) => {
      const k = `${i.pointer}\u0000${i.message}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }

  /** Explains a polymorphic object against the alternative its discriminator names (pointers relative to the object). */
  private explainAlternative(holder: Holder, obj: unknown, depth: number): ExplainedIssue[] {
    const value = isObject(obj) ? obj[holder.key] : undefined;
    const key = holder.key;
    if (typeof value === 'string' && !isArmExpressionString(value)) {
      const literal = unescapeArmLiteral(value).toLowerCase();
      const matches = holder.alternatives.filter((a) => a.value.toLowerCase() === literal);
      if (matches.length) {
        let best: ExplainedIssue[] | undefined;
        for (const m of matches) {
          const found = this.explain(m.combinedRef, obj, holder, depth);
          if (!best || found.length < best.length) best = found;
        }
        return best!;
      }
    }
    const own = this.explain(holder.holderOnlyRef, obj, holder, depth);
    if (isArmExpressionString(value)) return own; // an ARM expression: cannot dispatch
    const allowed = holder.alternatives.map((a) => a.value);
    const issue: ExplainedIssue =
      value === undefined
        ? { pointer: '', keyword: 'required', message: `must have required property '${key}'` }
        : { pointer: `/${key}`, keyword: 'discriminator', message: `${show(value)} is not one of: ${listValues(allowed)}` };
    return [issue, ...own];
  }
}
