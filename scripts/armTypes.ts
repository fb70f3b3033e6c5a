/**
 * `npm run arm-types`: writes src/modules/armResources.generated.ts, the TypeScript types of the body of
 * every resource type hubc emits, at the API version src/modules/core/apiVersions.ts gives it, generated
 * from the official ARM JSON schemas (github.com/Azure/azure-resource-manager-schemas, the snapshot in
 * `ARM_SCHEMAS_DIR`, else `../shared/arm-schemas`). The file is committed, so type-checking never needs the
 * schemas; test/scripts/armTypes.test.ts fails when it is not what this generator makes of the snapshot
 * (a version changed in the table without regenerating), and the table itself `satisfies` the generated
 * versions, so `tsc` fails first.
 *
 * What is generated, per (type, apiVersion):
 * - one interface `<Provider>_<version>_<Definition>Resource` with `type` and `apiVersion` as literals (the
 *   table's spelling), `name: string | Arm`, and every other property of the schema's resource definition
 *   (`resources`, the nested child resources, left out: hubc declares children at the top level);
 * - every definition it reaches through `$ref` (resolved within and across schema files), once, named
 *   `<Provider>_<version>_<Definition>`; nothing the types hubc uses do not reach;
 * - `ArmResourceBodies`, type -> interface, which `ArmResource` (src/modules/types.ts) turns into a union
 *   discriminated on `type`.
 * Mapping: an object schema becomes an object type (optional unless `required`), `additionalProperties` an
 * index signature, `oneOf`/`anyOf` a union, an `enum` a union of literals (string values as
 * {@link ArmEnum}: the schema's spelling or all lower case), `string`/`integer`/`number`/
 * `boolean` the TypeScript primitive, an array `T[]`; a schema without a type, or an object schema without
 * properties, any JSON value ({@link Value}). Every value position also accepts an ARM expression
 * (`| Arm`), as ARM evaluates expressions anywhere in a resource body; the schemas' own `expression`
 * alternatives become that same `Arm`. Patterns, lengths, bounds and formats are not types: `hubc validate`
 * checks them against the schemas.
 *
 * The Data Factory child objects (pipelines, datasets, linked services, triggers) get the envelope only:
 * their `properties` stay {@link ValueObject} here, because the schema's unions of every activity, dataset
 * and linked service type run to ~350 definitions; the Data Factory module types them where it builds them,
 * with the `@azure/arm-datafactory` models (src/modules/dataFactory/wire.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_VERSIONS } from '../src/modules/core/apiVersions.js';
import { listJsonFiles } from '../src/validators/armSchema/folders.js';
import { locateArmSchemas } from '../src/validators/armSchema/locate.js';
import { isResourceDefinitionsKey, EXPRESSION_REF } from '../src/validators/armSchema/relax.js';
import { isObject, type JsonObject } from '../src/util/json.js';
// oxlint-disable-next-line no-unused-vars -- imported for the {@link} references of the file comment
import type { ArmEnum, Value, ValueObject } from '../src/modules/values.js';

/** Where the generated file goes, relative to the repository root. */
export const GENERATED_FILE = 'src/modules/armResources.generated.ts';

/** Base URL of the official schemas; an absolute `$ref` is this plus a path in the schema folder. */
const SCHEMA_BASE_URL = 'https://schema.management.azure.com/';

/** Preference between the resource-definition maps of one file (a resource-group deployment first). */
const MAP_PRIORITY = [
  'resourceDefinitions',
  'extension_resourceDefinitions',
  'unknown_resourceDefinitions',
  'subscription_resourceDefinitions',
  'managementGroup_resourceDefinitions',
  'tenant_resourceDefinitions',
];

/** Types whose `properties` are typed where they are built (see the module comment), lower-cased. */
const BODIES_TYPED_ELSEWHERE: ReadonlySet<string> = new Set(
  [
    'Microsoft.DataFactory/factories/pipelines',
    'Microsoft.DataFactory/factories/datasets',
    'Microsoft.DataFactory/factories/linkedservices',
    'Microsoft.DataFactory/factories/triggers',
  ].map((t) => t.toLowerCase()),
);

/** Resource-definition properties not generated: the envelope's own (written by hand) and nested children. */
const ENVELOPE_KEYS = new Set(['type', 'apiVersion', 'name', 'resources']);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A schema node with the file it was read from (for resolving its local `$ref`s). */
interface Located {
  node: JsonObject;
  /** Path of the file in the schema folder, `schemas/<version>/<Provider>.json`. */
  file: string;
}

/** One resource definition chosen for a table entry. */
interface ChosenDefinition extends Located {
  type: string;
  apiVersion: string;
  /** Name of the definition in its map, e.g. `storageAccounts_blobServices`. */
  definition: string;
}

/**
 * Generates the TypeScript source of the resource body types.
 * @param schemaDir a folder laid out like the official repository (`schemas/<version>/<Provider>.json`)
 * @param versions resource type -> API version (hubc's table, {@link API_VERSIONS})
 * @returns the file text (LF, final newline), the same for the same inputs
 * @throws Error when a type has no resource definition at its version in the folder, a `$ref` does not
 *   resolve, or two definitions would get the same TypeScript name
 */
export function generateArmResourceTypes(schemaDir: string, versions: Readonly<Record<string, string>> = API_VERSIONS): string {
  const files = new Map<string, JsonObject>();
  const load = (file: string): JsonObject => {
    let s = files.get(file);
    if (!s) {
      s = JSON.parse(readFileSync(join(schemaDir, ...file.split('/')), 'utf8')) as JsonObject;
      files.set(file, s);
    }
    return s;
  };
  const chosen = chooseDefinitions(schemaDir, versions, load);

  /** Named definitions reached so far: `<file>#<pointer>` -> TypeScript name; their text once printed. */
  const names = new Map<string, string>();
  const owners = new Map<string, string>();
  const printed = new Map<string, string>();
  const queue: { key: string; located: Located }[] = [];

  const resolveRef = (ref: string, from: string): { key: string; located: Located; file: string; pointer: string } => {
    const [target, pointer = ''] = ref.split('#');
    const file = target === '' ? from : target.startsWith(SCHEMA_BASE_URL) ? target.slice(SCHEMA_BASE_URL.length) : undefined;
    if (file === undefined) throw new Error(`$ref ${ref} in ${from}: only local and ${SCHEMA_BASE_URL} references are supported`);
    let node: unknown = load(file);
    for (const seg of pointer.split('/').filter(Boolean)) node = isObject(node) ? node[seg.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
    if (!isObject(node)) throw new Error(`$ref ${ref} in ${from} does not resolve`);
    return { key: `${file}#${pointer}`, located: { node, file }, file, pointer };
  };

  const nameOf = (ref: string, from: string): string => {
    const r = resolveRef(ref, from);
    let name = names.get(r.key);
    if (!name) {
      name = `${filePrefix(r.file)}_${identifier(r.pointer.split('/').pop() ?? 'Root')}`;
      const owner = owners.get(name);
      if (owner !== undefined && owner !== r.key) throw new Error(`two schema definitions would be named ${name}: ${owner} and ${r.key}`);
      owners.set(name, r.key);
      names.set(r.key, name);
      queue.push({ key: r.key, located: r.located });
    }
    return name;
  };

  /** The TypeScript type of a schema node in a value position (with `| Arm`). */
  const valueType = (node: unknown, file: string, indent: string): string => union([bareType(node, file, indent), 'Arm']);

  /** The TypeScript type of a schema node without the added `| Arm`. */
  const bareType = (node: unknown, file: string, indent: string): string => {
    if (!isObject(node)) return 'Value';
    if (typeof node.$ref === 'string') return node.$ref === EXPRESSION_REF ? 'Arm' : nameOf(node.$ref, file);
    const alternatives = [...(Array.isArray(node.oneOf) ? node.oneOf : []), ...(Array.isArray(node.anyOf) ? node.anyOf : [])];
    if (Array.isArray(node.allOf)) throw new Error(`allOf in ${file} is not supported by the generator`);
    const declared = hasDeclaredProperties(node);
    const own = declared || isDictionary(node) || Array.isArray(node.enum) || (typeof node.type === 'string' && node.type !== 'object');
    const alt = alternatives.length ? union(alternatives.map((a) => bareType(a, file, indent))) : undefined;
    if (!own) return alt ?? (node.type === 'object' ? 'ValueObject' : 'Value');
    const base = ownType(node, file, indent);
    if (!alt) return base;
    return declared ? `${base} & (${alt})` : union([base, alt]);
  };

  /** The type a node's own keywords give (`enum`, `type`, `properties`, `additionalProperties`, `items`). */
  const ownType = (node: JsonObject, file: string, indent: string): string => {
    if (Array.isArray(node.enum)) {
      const strings = node.enum.filter((v): v is string => typeof v === 'string');
      const others = node.enum.filter((v) => typeof v !== 'string').map(literal);
      return union([...(strings.length ? [`ArmEnum<${union(strings.map(literal))}>`] : []), ...others]);
    }
    switch (node.type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array':
        return isObject(node.items) ? `(${valueType(node.items, file, indent)})[]` : 'Value[]';
      case 'object':
      case undefined:
        return objectType(node, file, indent);
      default:
        throw new Error(`schema type ${JSON.stringify(node.type)} in ${file} is not supported by the generator`);
    }
  };

  /** An object schema as a TypeScript object type; no properties and no additionalProperties = any object. */
  const objectType = (node: JsonObject, file: string, indent: string, skip: ReadonlySet<string> = new Set(), extra: string[] = []): string => {
    const props = isObject(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const inner = `${indent}  `;
    const lines: string[] = extra.map((l) => `${inner}${l}`);
    for (const key of Object.keys(props).sort()) {
      if (skip.has(key)) continue;
      const prop = props[key];
      lines.push(...docLines(isObject(prop) ? prop.description : undefined, inner));
      lines.push(`${inner}${propertyKey(key)}${required.has(key) ? '' : '?'}: ${valueType(prop, file, inner)};`);
    }
    const additional = node.additionalProperties;
    if (isDictionary(node)) {
      lines.push(`${inner}[key: string]: ${isObject(additional) && Object.keys(additional).length ? valueType(additional, file, inner) : 'Value'} | undefined;`);
    } else if (isObject(additional) && Object.keys(additional).length) {
      throw new Error(`an object with declared properties and typed additionalProperties in ${file} is not supported by the generator`);
    }
    if (!lines.length) return 'ValueObject';
    return `{\n${lines.join('\n')}\n${indent}}`;
  };

  const resourceBlocks: string[] = [];
  const bodies: string[] = [];
  for (const d of chosen) {
    const name = `${filePrefix(d.file)}_${identifier(pascal(d.definition))}Resource`;
    if (owners.has(name)) throw new Error(`two schema definitions would be named ${name}`);
    owners.set(name, `${d.file} resource ${d.definition}`);
    const elsewhere = BODIES_TYPED_ELSEWHERE.has(d.type.toLowerCase());
    const skip = new Set([...ENVELOPE_KEYS, ...(elsewhere ? ['properties'] : [])]);
    const extra = [`type: ${literal(d.type)};`, `apiVersion: ${literal(d.apiVersion)};`, 'name: string | Arm;'];
    if (elsewhere) {
      extra.push('/** Typed where it is built: src/modules/dataFactory/wire.ts (the `@azure/arm-datafactory` models). */', 'properties: ValueObject;');
    }
    const shape = objectType(d.node, d.file, '', skip, extra);
    const alternatives = Array.isArray(d.node.oneOf) ? union(d.node.oneOf.map((a) => bareType(a, d.file, ''))) : undefined;
    const doc = docLines(`\`${d.type}\` at API version ${d.apiVersion} (${d.file}, \`${d.definition}\`).`, '');
    resourceBlocks.push(alternatives ? [...doc, `export type ${name} = ${shape} & (${alternatives});`].join('\n') : [...doc, `export interface ${name} ${shape}`].join('\n'));
    bodies.push(`  ${literal(d.type)}: ${name};`);
  }

  while (queue.length) {
    const { key, located } = queue.shift()!;
    const name = names.get(key)!;
    const doc = docLines(typeof located.node.description === 'string' ? located.node.description : undefined, '');
    const node = located.node;
    const plainObject =
      node.$ref === undefined && node.oneOf === undefined && node.anyOf === undefined && node.enum === undefined && (node.type === 'object' || node.type === undefined);
    const shape = plainObject ? objectType(node, located.file, '') : undefined;
    const text = shape && shape !== 'ValueObject' ? `export interface ${name} ${shape}` : `export type ${name} = ${bareType(node, located.file, '')};`;
    printed.set(name, [...doc, text].join('\n'));
  }

  const header = [
    '// Generated by `npm run arm-types` (scripts/armTypes.ts) from the official ARM JSON schemas; do not edit.',
    '// Regenerate after changing src/modules/core/apiVersions.ts: test/scripts/armTypes.test.ts checks this file.',
    '/**',
    ' * The bodies of the ARM resources hubc emits, one interface per resource type at the API version',
    ' * src/modules/core/apiVersions.ts gives it, with every definition they reach. Every value position also',
    ' * takes an ARM expression ({@link Arm}).',
    ' */',
    "import type { Arm } from '../expressions/arm/ast.js';",
    "import type { ArmEnum, Value, ValueObject } from './values.js';",
  ];
  const mapping = ["/** Resource type -> the body type of that type at hubc's API version. */", 'export interface ArmResourceBodies {', ...bodies, '}'];
  const definitions = [...printed.keys()].sort().map((n) => printed.get(n)!);
  return `${[header.join('\n'), mapping.join('\n'), ...resourceBlocks, ...definitions].join('\n\n')}\n`;
}

/**
 * The resource definition of each table entry: from `schemas/<apiVersion>/*.json`, the definition whose
 * `type` enum holds the type (compared case-insensitively, as ARM does) at that version, preferring the
 * resource-group map.
 * @throws Error naming the entries no schema file defines
 */
function chooseDefinitions(schemaDir: string, versions: Readonly<Record<string, string>>, load: (file: string) => JsonObject): ChosenDefinition[] {
  const out: ChosenDefinition[] = [];
  const missing: string[] = [];
  const filesByVersion = new Map<string, string[]>();
  for (const full of listJsonFiles(join(schemaDir, 'schemas'))) {
    const file = relative(schemaDir, full).split(/[\\/]/).join('/');
    const version = file.split('/')[1];
    filesByVersion.set(version, [...(filesByVersion.get(version) ?? []), file]);
  }
  for (const [type, apiVersion] of Object.entries(versions)) {
    let best: (ChosenDefinition & { priority: number }) | undefined;
    for (const file of filesByVersion.get(apiVersion) ?? []) {
      for (const [mapKey, map] of Object.entries(load(file))) {
        if (!isResourceDefinitionsKey(mapKey) || !isObject(map)) continue;
        const priority = MAP_PRIORITY.indexOf(mapKey) < 0 ? MAP_PRIORITY.length : MAP_PRIORITY.indexOf(mapKey);
        for (const [definition, node] of Object.entries(map)) {
          if (!isObject(node) || !isObject(node.properties) || !isObject(node.properties.type)) continue;
          const types = Array.isArray(node.properties.type.enum) ? node.properties.type.enum : [];
          if (!types.some((t) => typeof t === 'string' && t.toLowerCase() === type.toLowerCase())) continue;
          if (!best || priority < best.priority) best = { type, apiVersion, definition, node, file, priority };
        }
      }
    }
    if (best) out.push({ type, apiVersion, definition: best.definition, node: best.node, file: best.file });
    else missing.push(`${type}@${apiVersion}`);
  }
  if (missing.length) throw new Error(`no resource definition in ${schemaDir} for ${missing.join(', ')}`);
  return out;
}

/** True when an object schema declares at least one property. */
function hasDeclaredProperties(node: JsonObject): boolean {
  return isObject(node.properties) && Object.keys(node.properties).length > 0;
}

/**
 * True for a map with free keys: `additionalProperties` and no declared property (`tags`, a deployment's
 * `parameters`). On an object with declared properties, `additionalProperties: {}` (the service keeps
 * unknown properties) is not typed, so a misspelt property name fails to compile.
 */
function isDictionary(node: JsonObject): boolean {
  return !hasDeclaredProperties(node) && (isObject(node.additionalProperties) || node.additionalProperties === true);
}

/** `schemas/2025-06-01/Microsoft.Network.NRP.json` -> `NetworkNRP_2025_06_01`; common definitions -> `Common`. */
function filePrefix(file: string): string {
  const parts = file.split('/');
  const base = parts[parts.length - 1].replace(/\.json$/, '').replace(/^Microsoft\./, '');
  const provider = base
    .split('.')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
  return parts[1] === 'common' ? 'Common' : `${identifier(provider)}_${parts[1].replace(/-/g, '_')}`;
}

/** `storageAccounts_blobServices` -> `StorageAccountsBlobServices`. */
function pascal(s: string): string {
  return s
    .split(/[_\W]+/)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');
}

/** A name made a TypeScript identifier (other characters become `_`). */
function identifier(s: string): string {
  const id = s.replace(/[^A-Za-z0-9_$]/g, '_');
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

/** A property key as written in a type: bare when an identifier, else quoted. */
function propertyKey(key: string): string {
  return IDENTIFIER.test(key) ? key : literal(key);
}

/** A JSON scalar as a TypeScript literal type; strings single-quoted, as the rest of hubc writes them. */
function literal(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

/** A union of types, each once, in first-seen order, with `Arm` last. */
function union(types: string[]): string {
  const parts: string[] = [];
  for (const t of types) for (const p of splitUnion(t)) if (!parts.includes(p)) parts.push(p);
  const ordered = [...parts.filter((p) => p !== 'Arm'), ...(parts.includes('Arm') ? ['Arm'] : [])];
  return ordered.join(' | ');
}

/** The top-level members of a union type text (not splitting inside braces, parentheses or quotes). */
function splitUnion(t: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote = false;
  let start = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === "'") quote = false;
    } else if (c === "'") quote = true;
    else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
    else if (depth === 0 && t.startsWith(' | ', i)) {
      out.push(t.slice(start, i));
      start = i + 3;
      i += 2;
    }
  }
  out.push(t.slice(start));
  return out;
}

/** A schema description as doc-comment lines (`*\/` escaped); none when there is no description. */
function docLines(description: unknown, indent: string): string[] {
  if (typeof description !== 'string' || !description.trim()) return [];
  const text = description.trim().replace(/\*\//g, '*\\/').replace(/\r\n?/g, '\n');
  const lines = text.split('\n').map((l) => l.trimEnd());
  if (lines.length === 1) return [`${indent}/** ${lines[0]} */`];
  return [`${indent}/**`, ...lines.map((l) => (l ? `${indent} * ${l}` : `${indent} *`)), `${indent} */`];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const dir = locateArmSchemas();
  const text = generateArmResourceTypes(dir);
  const target = join(root, ...GENERATED_FILE.split('/'));
  let old: string | undefined;
  try {
    old = readFileSync(target, 'utf8');
  } catch {
    old = undefined;
  }
  if (old === text) console.log(`${GENERATED_FILE} is current (schemas from ${dir})`);
  else {
    writeFileSync(target, text);
    console.log(`wrote ${GENERATED_FILE} (${text.split('\n').length - 1} lines, schemas from ${dir})`);
  }
}
