/**
 * Stage 2: check a parsed hub.yaml against `schemas/hub.schema.json` (ajv) and against the rules a
 * schema cannot express (the semantic checks in `./checks/`). Defaults from the schema are filled in on a
 * copy. Like tsc, one run reports every problem: the semantic checks run on every part of the data the
 * schema found valid, even when other parts are not.
 */
import type { ErrorObject } from 'ajv';
import { hubSchemaValidator } from './hubSchema.js';
import type { Diagnostic, Severity } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { locate, type SourceDocument } from './parse.js';
import { pointerPath } from '../diagnostics/positions.js';
import { getRelease, LATEST_RELEASE, RELEASE_VERSIONS, type Release } from '../model/releases.js';
import { regionNameFor } from '../model/regions.js';
import { likelyMeant, nearest, nearestFew } from '../util/nearest.js';
import { CHECKS, type CheckContext, type DataPath } from './checks/index.js';
import { dottedPath } from './paths.js';
import { remoteHubUriHint } from './remoteHubUri.js';
import { canonicalRelease } from './releaseName.js';

let schemaDefaults: Record<string, unknown> | undefined;

/** The hub.yaml JSON Schema, compiled once per process (./hubSchema.ts). */
const schemaValidator = hubSchemaValidator;

/** What a minimal hub.yaml (`release` and `hub.name` only) holds after the schema defaults are applied. */
function defaults(): Record<string, unknown> {
  if (!schemaDefaults) {
    const data: Record<string, unknown> = { release: RELEASE_VERSIONS[0], hub: { name: 'defaults' } };
    schemaValidator()(data);
    schemaDefaults = data;
  }
  return schemaDefaults;
}

/**
 * Validates the document. Returns the data with schema defaults applied (a deep copy) when there is no
 * error; otherwise every schema and semantic diagnostic found.
 */
export function validateHub(source: SourceDocument): { data?: Record<string, unknown>; diagnostics: Diagnostic[] } {
  if (typeof source.data !== 'object' || source.data === null || Array.isArray(source.data)) {
    return {
      diagnostics: [
        {
          ...(source.data === undefined || source.data === null ? codes.HUB103.empty() : codes.HUB103.notMapping()),
          file: source.file,
          start: { line: 1, col: 1 },
          path: '(root)',
        },
      ],
    };
  }
  const data = structuredClone(source.data) as Record<string, unknown>;
  const named = canonicalRelease(source, data, 'declaredRelease' in source);
  const tableRelease = RELEASE_VERSIONS.includes(data.release as never);
  const validate = schemaValidator();
  // The release table is the truth the schema's `release` enum is generated from; a row a test injected
  // (withReleaseRows) is a release too.
  const errors = validate(data) ? [] : pruneErrors(validate.errors ?? []).filter((e) => !(e.instancePath === '/release' && e.keyword === 'enum' && tableRelease));
  const diagnostics = [...named, ...schemaDiagnostics(source, errors)];
  const release = RELEASE_VERSIONS.includes(data.release as never) ? getRelease(String(data.release)) : undefined;
  // A release value of the wrong type (a mapping, a list) is a schema error above; it names no release.
  const declaredValue: unknown = source.declaredRelease ?? data.release;
  const declared = typeof declaredValue === 'string' || typeof declaredValue === 'number' ? String(declaredValue) : undefined;
  const fileRelease = declared !== undefined && RELEASE_VERSIONS.includes(declared as never) ? getRelease(declared) : release;
  if (release) diagnostics.push(...semanticDiagnostics(source, data, release, fileRelease!, errors.map(errorPath)));
  return diagnostics.some((d) => d.severity === 'error') ? { diagnostics } : { data, diagnostics };
}

/** Keywords that only restate a type error at the same place (a number where a string is expected is not also "not one of the values"). */
const AFTER_TYPE = new Set(['enum', 'pattern', 'format', 'const', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems']);

/** Drops errors that only restate another one: duplicates, ajv's `if`/`anyOf` summaries, and value errors at a path with a type error. */
function pruneErrors(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  const typed = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  return errors.filter((e) => {
    // Summaries of the errors they come with: ajv's `propertyNames` says only "property name must be valid".
    if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'propertyNames') return false;
    if (AFTER_TYPE.has(e.keyword) && typed.has(e.instancePath)) return false;
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The data path a schema error concerns: the unknown or missing key itself for those errors. */
function errorPath(e: ErrorObject): DataPath {
  const path = pointerPath(e.instancePath);
  if (e.keyword === 'additionalProperties') return [...path, String((e.params as { additionalProperty: string }).additionalProperty)];
  if (e.keyword === 'required') return [...path, String((e.params as { missingProperty: string }).missingProperty)];
  if (e.propertyName !== undefined) return [...path, e.propertyName];
  return path;
}

function schemaDiagnostics(source: SourceDocument, errors: ErrorObject[]): Diagnostic[] {
  return errors.map((e): Diagnostic => {
    const path = pointerPath(e.instancePath);
    // An error about a key (a `propertyNames` rule: a tag name, a tagsByResource type) is at the key.
    const key = e.propertyName;
    const where = key === undefined ? dottedPath(path) : `${path.length ? dottedPath(path) : '(root)'} key '${key.length > 40 ? `${key.slice(0, 40)}…` : key}'`;
    const at = key === undefined ? locate(source, path) : locate(source, [...path, key], true);
    // `severity` first keeps the key order of the JSON output; the raised entry sets its value.
    const base = { severity: 'error' as Severity, file: source.file, path: dottedPath(errorPath(e)) };
    switch (e.keyword) {
      case 'additionalProperties': {
        const name = String((e.params as { additionalProperty: string }).additionalProperty);
        const allowed = Object.keys(((e.parentSchema as { properties?: object })?.properties ?? {}) as object);
        const raised = codes.HUB102.raise({ name, where: path.length ? where : undefined, allowed, nearest: nearest(name, allowed) });
        return { ...base, ...raised, start: locate(source, [...path, name], true) };
      }
      case 'type': {
        const type = (e.params as { type: string }).type;
        return { ...base, ...codes.HUB103.raise({ where, type, hint: typeHint(type, e.data, path, e.parentSchema as FieldSchema) }), start: at };
      }
      case 'enum': {
        const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
        if (path.length === 1 && path[0] === 'release') return { ...base, ...codes.HUB104.release({ releases: RELEASE_VERSIONS, latest: LATEST_RELEASE }), start: at };
        return { ...base, ...codes.HUB104.raise({ where, ...enumHint(e.data, allowed) }), start: at };
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'minLength':
      case 'maxLength':
      case 'minItems':
      case 'maxItems':
        return { ...base, ...codes.HUB105.raise({ where, detail: e.message, hint: tagLengthHint(path, key, e) ?? rangeHint(e) }), start: at };
      case 'required': {
        const missing = (e.params as { missingProperty: string }).missingProperty;
        return { ...base, ...codes.HUB106.raise({ missing, where: path.length ? where : undefined }), start: at };
      }
      case 'pattern': {
        const value = key ?? String(e.data);
        const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
        const pattern = (e.params as { pattern: string }).pattern;
        if (path[0] === 'lint' && path[path.length - 1] === 'rule') return { ...base, ...codes.HUB107.lintRule({ where, value: shown, pattern }), start: at };
        return { ...base, ...codes.HUB107.raise({ where, value: shown, pattern, hint: patternHint(path, value, e.parentSchema as FieldSchema) }), start: at };
      }
      case 'uniqueItems':
        return { ...base, ...codes.HUB108.raise({ where }), start: at };
      default:
        return { ...base, ...codes.HUB109.raise({ where, detail: e.message }), start: at };
    }
  });
}

/** What the JSON Schema says of a field, as far as hints use it. */
interface FieldSchema {
  default?: unknown;
  minimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
}

/** An example value of a text field for hints: its default, or "" when the field accepts empty text. */
function textExample(schema: FieldSchema | undefined): string | undefined {
  if (typeof schema?.default === 'string' && schema.default !== '') return JSON.stringify(schema.default);
  if (schema?.enum?.length && typeof schema.enum[0] === 'string') return JSON.stringify(schema.enum[0]);
  const emptyOk = !schema?.minLength && !schema?.enum && (schema?.pattern === undefined || new RegExp(schema.pattern, 'u').test(''));
  return emptyOk ? '""' : undefined;
}

/** How to write a value of the expected type, fitted to the field (its key, its default). */
function typeHint(type: string, value: unknown, path: DataPath, schema: FieldSchema | undefined): string {
  const key = path.length && typeof path[path.length - 1] === 'string' ? String(path[path.length - 1]) : undefined;
  switch (type) {
    case 'string': {
      if (typeof value === 'number' || typeof value === 'boolean') {
        return `Quote it: ${key ?? '-'}${key ? ':' : ''} "${String(value)}" (YAML reads ${String(value)} unquoted as a ${typeof value}).`;
      }
      const example = textExample(schema);
      const write = key ? `${key}: ${example}` : `- ${example}`;
      if (value === null) {
        return `Give ${key ?? 'the item'} a text value${example ? `, e.g. ${write}` : ''} (YAML reads an empty value, ~ and null as null).`;
      }
      return `Write one text value here${example ? `, e.g. ${write}` : ''}, not a ${Array.isArray(value) ? 'list' : 'mapping'}.`;
    }
    case 'integer':
    case 'number':
      return numberHint(type, value, key, schema);
    case 'boolean':
      return booleanHint(value, key);
    case 'array':
      return 'Write a list, e.g. [a, b] or one "- item" per line.';
    case 'object':
      return 'Write a mapping of keys to values.';
    default:
      return 'See docs/hub-yaml.md.';
  }
}

/** Most allowed values an enum hint lists in full; a longer list shows its nearest few. */
const ENUM_SHOWN = 8;
/** How many of a long list an enum hint shows. */
const ENUM_NEAREST = 5;

/** The parts of an enum error's text: the value written, the value likely meant, the allowed values to show. */
function enumHint(value: unknown, allowed: readonly unknown[]): { value?: string; suggestion?: unknown; shown: readonly unknown[]; total: number } {
  const written = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const texts = allowed.map(String);
  const meant = written === undefined ? undefined : likelyMeant(written, texts);
  const shown = allowed.length <= ENUM_SHOWN || written === undefined ? allowed : nearestFew(written, texts, ENUM_NEAREST).map((t) => allowed[texts.indexOf(t)]);
  return {
    value: written === undefined ? undefined : written.length > 80 ? `${written.slice(0, 80)}…` : written,
    suggestion: meant === undefined ? undefined : allowed[texts.indexOf(meant)],
    shown,
    total: allowed.length,
  };
}

/**
 * How to write a number the field takes. Only text that reads as a number was quoted; YAML 1.1's digit
 * separators (`1_000`) make text in YAML 1.2, without any quotes (issue #29, item 14).
 */
function numberHint(type: 'integer' | 'number', value: unknown, key: string | undefined, schema: FieldSchema | undefined): string {
  const write = key ? `${key}: ` : '- ';
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.includes('_') && /^[-+]?[0-9][0-9_]*(\.[0-9_]*)?$/.test(text))
      return `YAML 1.2 reads ${text} as text: write the number without separators, e.g. ${write}${text.replace(/_/g, '')}.`;
    if (text !== '' && Number.isFinite(Number(text))) return `Write a number without quotes: ${write}${text}.`;
  }
  const example = typeof schema?.default === 'number' ? schema.default : (schema?.minimum ?? 0);
  return `Write a ${type === 'integer' ? 'whole number' : 'number'}, e.g. ${write}${example}.`;
}

/** How to write a yes/no field: YAML 1.2 reads only true and false as booleans (yes, on, ... are text there). */
function booleanHint(value: unknown, key: string | undefined): string {
  const write = key ? `${key}: ` : '- ';
  if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return `Write ${value.trim().toLowerCase()} without quotes: ${write}${value.trim().toLowerCase()}.`;
  if (typeof value === 'string' && /^(yes|no|on|off|y|n)$/i.test(value.trim()))
    return `YAML 1.2 reads ${value.trim()} as text: write true or false, e.g. ${write}${/^(yes|on|y)$/i.test(value.trim())}.`;
  return `Write true or false, e.g. ${write}true.`;
}

/** For tag names and values: Azure's limit, which the schema's is (learn.microsoft.com/azure/azure-resource-manager/management/tag-resources#limitations). */
function tagLengthHint(path: DataPath, key: string | undefined, e: ErrorObject): string | undefined {
  if (e.keyword !== 'maxLength' || (path[0] !== 'tags' && path[0] !== 'tagsByResource')) return undefined;
  if (key !== undefined) return 'Azure allows tag names of at most 512 characters (128 on storage accounts); shorten the name.';
  if (path.length === (path[0] === 'tags' ? 2 : 3)) return 'Azure allows tag values of at most 256 characters; shorten the value, or split it over several tags.';
  return undefined;
}

/** The allowed range of a value, from the limits its schema sets. */
function rangeHint(e: ErrorObject): string {
  const s = (e.parentSchema ?? {}) as Record<string, number | undefined>;
  const span = (lo: number | undefined, hi: number | undefined, unit: string) =>
    lo !== undefined && hi !== undefined ? `${lo} to ${hi}${unit}` : lo !== undefined ? `at least ${lo}${unit}` : `at most ${hi}${unit}`;
  switch (e.keyword) {
    case 'minLength':
    case 'maxLength':
      return `Allowed: ${span(s.minLength, s.maxLength, ' characters')}.`;
    case 'minItems':
    case 'maxItems':
      return `Allowed: ${span(s.minItems, s.maxItems, ' items')}.`;
    default:
      return `Allowed: ${span(s.minimum ?? s.exclusiveMinimum, s.maximum ?? s.exclusiveMaximum, '')}${s.exclusiveMinimum !== undefined || s.exclusiveMaximum !== undefined ? ' (bounds excluded)' : ''}.`;
  }
}

/** What the allowed form of a text field is, in words, with a suggestion where one can be made. */
function patternHint(path: DataPath, value: string, schema: FieldSchema | undefined): string {
  const last = path.filter((p): p is string => typeof p === 'string').pop();
  switch (last) {
    case 'name':
      if (path[0] === 'hub') return `Use ${schema?.minLength}-${schema?.maxLength} letters, digits, - and _, starting and ending with a letter or digit, e.g. name: finops-hub.`;
      if (path[0] === 'dataExplorer') return 'Use 4-22 lowercase letters and digits starting with a letter, or "" for no cluster.';
      if (path[0] === 'customDatasets' && path.length === 3) return 'Start with an upper-case letter; use letters and digits only.';
      return 'Use letters, digits and _ only, starting with a letter or _.';
    case 'time':
      return 'Write the time of day as "HH:MM" (24-hour clock), quoted, e.g. time: "01:00".';
    case 'scopes':
      return 'Scopes are resource IDs starting with /, e.g. /subscriptions/<id>.';
    case 'tagsByResource':
      return 'Write an ARM resource type, namespace/type, e.g. Microsoft.Storage/storageAccounts; docs/hub-yaml.md ("Tags") lists the types each release tags.';
    case 'storageUri':
      return remoteHubUriHint(value);
    case 'location':
    case 'eventGridLocation': {
      const region = regionNameFor(value);
      return region
        ? `Did you mean '${region}'? Regions are written as ARM names: lower case, no spaces.`
        : 'Use an Azure region name such as westeurope (lowercase, no spaces, as az account list-locations prints it), or "".';
    }
    case 'ingestion':
    case 'hub':
      return 'Use a letter followed by up to 259 letters, digits and _.';
    default:
      return 'See docs/hub-yaml.md for the allowed form.';
  }
}

/** A tree of data paths by segment (compared as text); `end` marks a node where a path ends. */
interface PathTree {
  end: boolean;
  children: Map<string, PathTree>;
}

/**
 * Whether a path is clear of every schema error: no error at it, at a part of it, or inside it. Built once
 * as a tree of the error paths, so each question costs the length of the path, not the number of errors
 * (issue #29, item 6: 4,000 type errors took five times as long as 2,000).
 */
function clearOf(errorPaths: readonly DataPath[]): (path: DataPath) => boolean {
  const root: PathTree = { end: false, children: new Map() };
  for (const e of errorPaths) {
    let node = root;
    for (const seg of e) {
      let next = node.children.get(String(seg));
      if (!next) node.children.set(String(seg), (next = { end: false, children: new Map() }));
      node = next;
    }
    node.end = true;
  }
  return (path) => {
    let node = root;
    for (const seg of path) {
      if (node.end) return false;
      const next = node.children.get(String(seg));
      if (!next) return true;
      node = next;
    }
    // An error at the path itself or inside it.
    return !node.end && node.children.size === 0;
  };
}

function semanticDiagnostics(source: SourceDocument, data: Record<string, any>, release: Release, fileRelease: Release, errorPaths: DataPath[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const original = source.data as Record<string, unknown>;
  const ctx: CheckContext = {
    data,
    release,
    fileRelease,
    original,
    defaults: defaults(),
    valid: clearOf(errorPaths),
    written: (path) => {
      let v: unknown = original;
      for (const seg of path) {
        if (v === null || typeof v !== 'object' || !(String(seg) in (v as object))) return false;
        v = (v as Record<string, unknown>)[String(seg)];
      }
      return true;
    },
    report: (raised, path, options = {}) => out.push({ ...raised, file: source.file, start: locate(source, path, options.key), path: dottedPath(path) }),
  };
  for (const check of CHECKS) check.run(ctx);
  return out;
}
