/**
 * Which official ARM schema files a template needs, and which of them a schema folder lacks.
 *
 * The ARM schema validator (`../armSchema.ts`) compiles only parts of the schema files: the envelope of
 * `schemas/2019-04-01/deploymentTemplate.json` (everything but its resource list), the common
 * `resourceBase` and `expression` definitions of `schemas/common/definitions.json`, and for each resource
 * the resource definition of its `type@apiVersion`. ajv compiles a definition together with every `$ref`
 * it reaches, so a folder is complete for a template when it holds the files of all those `$ref`s,
 * followed transitively from these roots (never the whole of a file: deploymentTemplate.json's resource
 * list alone reaches every provider file Azure publishes, about 250 MB).
 *
 * The walk follows the JSON Schema draft-04 keywords ajv compiles: it skips `definitions` and the
 * `*resourceDefinitions` maps (reached only through `$ref`), `enum` and `default` (values, not schemas).
 */
import { existsSync } from 'node:fs';
import { INPUT_LIMITS, readInputFile } from '../../util/inputFiles.js';
import { join, relative, sep } from 'node:path';
import { listJsonFiles } from './folders.js';
import { COMMON_DEFINITIONS, DEPLOYMENT_TEMPLATE, RESOURCE_BASE_REF, SCHEMA_BASE_URL, resourceDefinitionsOf, type IndexedDefinition } from './store.js';
import { EXPRESSION_REF, isResourceDefinitionsKey } from './relax.js';
import { isArmExpressionString } from '../../expressions/arm/semantics.js';
import { templateResources, type ResourceNode } from '../../expressions/arm/resources.js';
import { isObject, type JsonObject } from '../../util/json.js';

/** A resource the validator checks against its resource definition. */
export interface ResourceNeed {
  /** Full resource type (children get `parent/child`), e.g. `Microsoft.Storage/storageAccounts/blobServices`. */
  type: string;
  apiVersion: string;
}

/** Index key of a resource need or definition: `lower(type)@lower(apiVersion)`. */
export const needKey = (n: ResourceNeed) => `${n.type.toLowerCase()}@${n.apiVersion.toLowerCase()}`;

/**
 * The resources of templates the validator checks against a resource definition, walked as the validator
 * walks them: top-level resources, child resources (`parent/child` types), the inline templates of
 * `Microsoft.Resources/deployments`; resources marked `existing`, or whose type or apiVersion is not a
 * literal string, are left out (the validator checks no definition for them).
 * @returns unique needs sorted by key
 */
export function resourceNeedsOf(templates: readonly unknown[]): ResourceNeed[] {
  const found = new Map<string, ResourceNeed>();
  for (const t of templates) {
    const checked = new Set<ResourceNode>();
    for (const r of templateResources(t)) {
      // The validator does not descend below a resource whose type it cannot read.
      if (r.parent && !checked.has(r.parent)) continue;
      if (r.deployment && !checked.has(r.deployment)) continue;
      if (typeof r.json.type !== 'string' || isArmExpressionString(r.json.type)) continue;
      checked.add(r);
      if (typeof r.json.apiVersion === 'string' && !isArmExpressionString(r.json.apiVersion) && r.json.existing !== true) {
        const need = { type: r.type, apiVersion: r.json.apiVersion };
        found.set(needKey(need), need);
      }
    }
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, n]) => n);
}

/** Path (in a schema folder) of a reference to the official schemas, or undefined for another host or a bad path. */
export function schemaPathOf(url: string): string | undefined {
  if (!url.toLowerCase().startsWith(SCHEMA_BASE_URL)) return undefined;
  const rel = url.slice(SCHEMA_BASE_URL.length).split('#')[0];
  return isSafeSchemaPath(rel) ? rel : undefined;
}

/** True for `schemas/<segments>.json` paths without `..`, empty segments or unusual characters. */
export function isSafeSchemaPath(rel: string): boolean {
  return /^schemas(\/[A-Za-z0-9][A-Za-z0-9._-]*)+\.json$/.test(rel) && !rel.split('/').includes('..');
}

/** The `schemas/...` paths of the schema files in a schema folder (one walker: `listJsonFiles`). */
function listSchemaFiles(dir: string): string[] {
  const root = join(dir, 'schemas');
  if (!existsSync(root)) return [];
  return listJsonFiles(root).map((file) => `schemas/${relative(root, file).split(sep).join('/')}`);
}

/**
 * The `schemas/...` files of a schema folder, parsed on demand, with the `type@apiVersion` index of their
 * resource definitions. Files added with {@link SchemaFolder.add} (just downloaded) join the index.
 */
export class SchemaFolder {
  private readonly parsed = new Map<string, JsonObject | undefined>();
  private index: Map<string, IndexedDefinition> | undefined;
  /** Files that exist but do not parse as a JSON object. */
  readonly unreadable: string[] = [];

  /** @param dir folder laid out like the official site (`schemas/<apiVersion>/<Provider>.json`) */
  constructor(readonly dir: string) {}

  /** The parsed file at `rel`, or undefined when it is missing or not a JSON object (then listed in `unreadable`). */
  read(rel: string): JsonObject | undefined {
    if (this.parsed.has(rel)) return this.parsed.get(rel);
    let value: JsonObject | undefined;
    const file = join(this.dir, ...rel.split('/'));
    if (existsSync(file)) {
      try {
        const v = JSON.parse(readInputFile(file, { maxBytes: INPUT_LIMITS.armSchemaFile })) as unknown;
        if (isObject(v)) value = v;
      } catch {
        // reported through `unreadable`
      }
      if (!value) this.unreadable.push(rel);
    }
    this.parsed.set(rel, value);
    return value;
  }

  /** Every `schemas/...` file of the folder that does not parse as a JSON object. */
  unreadableFiles(): string[] {
    for (const rel of listSchemaFiles(this.dir)) this.read(rel);
    return [...this.unreadable];
  }

  /** Records a file written into the folder (its parsed content), so lookups see it without reading it back. */
  add(rel: string, schema: JsonObject): void {
    this.parsed.set(rel, schema);
    const at = this.unreadable.indexOf(rel);
    if (at >= 0) this.unreadable.splice(at, 1);
    if (this.index) this.indexFile(rel, schema);
  }

  /** The resource definition for a need, from any file of the folder, or undefined. */
  definition(need: ResourceNeed): IndexedDefinition | undefined {
    if (!this.index) {
      this.index = new Map();
      for (const rel of listSchemaFiles(this.dir)) {
        const schema = this.read(rel);
        if (schema) this.indexFile(rel, schema);
      }
    }
    return this.index.get(needKey(need));
  }

  private indexFile(rel: string, schema: JsonObject): void {
    for (const d of resourceDefinitionsOf(schema, rel)) {
      const known = this.index!.get(d.key);
      if (!known || d.priority < known.priority) this.index!.set(d.key, d);
    }
  }
}

/** What a folder lacks for some templates. */
export interface SchemaPlan {
  /** Files the needed `$ref`s point to that the folder does not hold (or cannot parse), sorted. */
  missingFiles: string[];
  /** Resources whose `type@apiVersion` no file of the folder defines. */
  unresolved: ResourceNeed[];
  /** Files the validator compiles parts of, for the resolved needs (present ones only), sorted. */
  neededFiles: string[];
}

/** `value` at a JSON pointer fragment (`/a/b~1c`), or undefined. */
function atPointer(doc: unknown, fragment: string): unknown {
  let cur = doc;
  for (const raw of fragment.split('/').slice(1)) {
    const seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) cur = cur[Number(seg)];
    else if (isObject(cur)) cur = cur[seg];
    else return undefined;
  }
  return cur;
}

/**
 * Follows `$ref`s from the roots through the folder's files (see the module comment for the keywords).
 * @param roots schema nodes with the path of the file they belong to (relative `$ref`s resolve against it)
 * @returns the files reached, split into present and missing
 */
function closure(folder: SchemaFolder, roots: { rel: string; node: unknown }[]): { present: Set<string>; missing: Set<string> } {
  const present = new Set<string>();
  const missing = new Set<string>();
  const seen = new Set<string>();
  const follow = (ref: string, base: string) => {
    let url: URL;
    try {
      url = new URL(ref, `${SCHEMA_BASE_URL}${base}`);
    } catch {
      return;
    }
    const rel = schemaPathOf(`${url.origin}${url.pathname}`);
    if (!rel) return; // another host (e.g. the draft-04 meta-schema): ajv knows it or ignores it
    const key = `${rel}#${url.hash.slice(1)}`;
    if (seen.has(key)) return;
    seen.add(key);
    const doc = folder.read(rel);
    if (!doc) return void missing.add(rel);
    present.add(rel);
    walk(url.hash.length > 1 ? atPointer(doc, url.hash.slice(1)) : doc, rel);
  };
  const walk = (node: unknown, rel: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, rel));
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') follow(v, rel);
      else if (k === 'definitions' || isResourceDefinitionsKey(k) || k === 'enum' || k === 'default') continue;
      else if ((k === 'properties' || k === 'patternProperties' || k === 'dependencies') && isObject(v)) Object.values(v).forEach((s) => walk(s, rel));
      else walk(v, rel);
    }
  };
  for (const r of roots) {
    if (folder.read(r.rel)) present.add(r.rel);
    walk(r.node, r.rel);
  }
  return { present, missing };
}

/**
 * What a folder lacks for validating templates with the given resource needs.
 * When deploymentTemplate.json itself is missing, its envelope's references cannot be followed yet: it is
 * the one missing file reported for the envelope (ask again once it is there).
 */
export function planSchemas(folder: SchemaFolder, needs: readonly ResourceNeed[]): SchemaPlan {
  const missing = new Set<string>();
  const roots: { rel: string; node: unknown }[] = [];
  const template = folder.read(DEPLOYMENT_TEMPLATE);
  if (template) {
    const envelope: JsonObject = { ...template, properties: { ...(isObject(template.properties) ? template.properties : {}), resources: {} } };
    roots.push({ rel: DEPLOYMENT_TEMPLATE, node: envelope });
  } else missing.add(DEPLOYMENT_TEMPLATE);
  roots.push({ rel: COMMON_DEFINITIONS, node: [{ $ref: RESOURCE_BASE_REF }, { $ref: EXPRESSION_REF }] });
  const unresolved: ResourceNeed[] = [];
  for (const need of needs) {
    const d = folder.definition(need);
    if (d) roots.push({ rel: schemaPathOf(d.ref)!, node: { $ref: d.ref } });
    else unresolved.push(need);
  }
  const reached = closure(folder, roots);
  for (const m of reached.missing) missing.add(m);
  const neededFiles = [...reached.present].filter((f) => !missing.has(f) && folder.read(f) !== undefined).sort();
  return { missingFiles: [...missing].sort(), unresolved, neededFiles };
}
