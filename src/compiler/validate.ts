/**
 * Stage 2: check a parsed hub.yaml against `schemas/hub.schema.json` (ajv) and against the rules a
 * schema cannot express (semantic checks). Defaults from the schema are filled in on a copy.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { Diagnostic } from './diagnostics.js';
import { locate, type SourceDocument } from './parse.js';
import { pointerPath } from './positions.js';
import { packagePath } from './packageRoot.js';
import { getRelease } from './releases.js';
import { BUILT_IN_DATASETS } from '../modules/datasets/catalog.js';
import { isKnownTimeZone } from '../modules/dataFactory/timeZones.js';

let validator: ValidateFunction | undefined;

/** The hub.yaml JSON Schema, compiled once per process. */
function schemaValidator(): ValidateFunction {
  if (!validator) {
    const schema = JSON.parse(readFileSync(packagePath('schemas', 'hub.schema.json'), 'utf8'));
    const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: false, verbose: true });
    validator = ajv.compile(schema);
  }
  return validator;
}

/**
 * Validates the document. Returns the data with schema defaults applied (a deep copy) when there is no
 * error.
 */
export function validateHub(source: SourceDocument): { data?: Record<string, unknown>; diagnostics: Diagnostic[] } {
  const data = structuredClone(source.data ?? {}) as Record<string, unknown>;
  if (typeof source.data !== 'object' || source.data === null || Array.isArray(source.data)) {
    return {
      diagnostics: [
        {
          code: 'HUB103',
          severity: 'error',
          message: 'hub.yaml must be a mapping with at least `release` and `hub.name`',
          hint: 'Start from the hub.yaml in the hubc repository.',
          file: source.file,
          start: { line: 1, col: 1 },
        },
      ],
    };
  }
  const validate = schemaValidator();
  if (!validate(data)) {
    return { diagnostics: schemaDiagnostics(source, pruneErrors(validate.errors ?? [])) };
  }
  const diagnostics = semanticDiagnostics(source, data);
  return diagnostics.length ? { diagnostics } : { data, diagnostics };
}

/** Drops errors that only restate another one (ajv's `if`/`anyOf` summaries). */
function pruneErrors(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function dotted(path: readonly (string | number)[]): string {
  return path.length ? path.map((p) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '') : '(root)';
}

function schemaDiagnostics(source: SourceDocument, errors: ErrorObject[]): Diagnostic[] {
  return errors.map((e) => {
    const path = pointerPath(e.instancePath);
    const where = dotted(path);
    const base = { severity: 'error' as const, file: source.file };
    switch (e.keyword) {
      case 'additionalProperties': {
        const name = String((e.params as { additionalProperty: string }).additionalProperty);
        const allowed = Object.keys(((e.parentSchema as { properties?: object })?.properties ?? {}) as object);
        return {
          ...base,
          code: 'HUB102',
          message: `unknown key '${name}'${path.length ? ` in ${where}` : ''}`,
          hint: allowed.length ? `Allowed keys here: ${allowed.join(', ')}.` : 'Remove this key.',
          start: locate(source, [...path, name], true),
        };
      }
      case 'type':
        return {
          ...base,
          code: 'HUB103',
          message: `${where} must be of type ${(e.params as { type: string }).type}`,
          hint: typeHint((e.params as { type: string }).type),
          start: locate(source, path),
        };
      case 'enum': {
        const allowed = (e.params as { allowedValues: unknown[] }).allowedValues;
        return {
          ...base,
          code: 'HUB104',
          message: `${where} must be one of the allowed values`,
          hint: `Use one of: ${allowed.map((v) => JSON.stringify(v)).join(', ')}.`,
          start: locate(source, path),
        };
      }
      case 'minimum':
      case 'maximum':
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
      case 'minLength':
      case 'maxLength':
      case 'minItems':
      case 'maxItems':
        return {
          ...base,
          code: 'HUB105',
          message: `${where} ${e.message}`,
          hint: 'Change the value so it fits the range the schema allows.',
          start: locate(source, path),
        };
      case 'required': {
        const missing = (e.params as { missingProperty: string }).missingProperty;
        return {
          ...base,
          code: 'HUB106',
          message: `missing required key '${missing}'${path.length ? ` in ${where}` : ''}`,
          hint: `Add '${missing}:' here.`,
          start: locate(source, path),
        };
      }
      case 'pattern':
        return {
          ...base,
          code: 'HUB107',
          message: `${where} has an invalid form`,
          hint: patternHint(path),
          start: locate(source, path),
        };
      case 'uniqueItems':
        return {
          ...base,
          code: 'HUB108',
          message: `${where} has duplicate items`,
          hint: 'List each value once.',
          start: locate(source, path),
        };
      default:
        return { ...base, code: 'HUB109', message: `${where} ${e.message}`, hint: 'See docs/hub-yaml.md.', start: locate(source, path) };
    }
  });
}

function typeHint(type: string): string {
  switch (type) {
    case 'string':
      return 'Quote the value, e.g. "01:00" or "0.7".';
    case 'integer':
    case 'number':
      return 'Write a number without quotes.';
    case 'boolean':
      return 'Write true or false without quotes.';
    case 'array':
      return 'Write a list, e.g. [a, b] or one "- item" per line.';
    case 'object':
      return 'Write a mapping of keys to values.';
    default:
      return 'See docs/hub-yaml.md.';
  }
}

function patternHint(path: (string | number)[]): string {
  const last = path.filter((p): p is string => typeof p === 'string').pop();
  switch (last) {
    case 'name':
      if (path[0] === 'hub') return 'Use 3-40 letters and digits with single - or _ between them, starting with a letter.';
      if (path[0] === 'dataExplorer') return 'Use 4-22 lowercase letters and digits starting with a letter, or "" for no cluster.';
      if (path[0] === 'customDatasets' && path.length === 3) return 'Start with an upper-case letter; use letters and digits only.';
      return 'Use letters, digits and _ only, starting with a letter or _.';
    case 'time':
      return 'Write the time of day as "HH:MM" (24-hour clock), quoted.';
    case 'scopes':
      return 'Scopes are resource IDs starting with /, e.g. /subscriptions/<id>.';
    case 'storageUri':
      return 'Use an https:// Data Lake URI such as https://<account>.dfs.core.windows.net/, or "".';
    case 'location':
    case 'eventGridLocation':
      return 'Use an Azure region name such as westeurope (lowercase, no spaces), or "".';
    default:
      return 'See docs/hub-yaml.md for the allowed form.';
  }
}

/** Parses `a.b.c.d/n` into a 32-bit network address and prefix length; undefined when not valid IPv4 CIDR. */
export function parseCidr(text: string): { address: number; prefix: number } | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text);
  if (!m) return undefined;
  const octets = m.slice(1, 5).map(Number);
  const prefix = Number(m[5]);
  if (octets.some((o) => o > 255) || prefix > 32) return undefined;
  const address = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0;
  return { address, prefix };
}

function semanticDiagnostics(source: SourceDocument, data: Record<string, any>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const err = (code: string, path: (string | number)[], message: string, hint: string, key = false) =>
    out.push({ code, severity: 'error', message, hint, file: source.file, start: locate(source, path, key) });
  const release = getRelease(data.release);

  // Networking: a valid IPv4 CIDR that can hold the /28, /28 and /27 subnets.
  const prefix = String(data.networking.addressPrefix);
  const cidr = parseCidr(prefix);
  if (!cidr) {
    err('HUB201', ['networking', 'addressPrefix'], `networking.addressPrefix '${prefix}' is not a valid IPv4 CIDR range`, 'Write it as a.b.c.d/n, e.g. 10.20.30.0/26.');
  } else if (cidr.prefix > 26) {
    err('HUB201', ['networking', 'addressPrefix'], `networking.addressPrefix '${prefix}' is smaller than /26`, 'The hub needs a /26 or larger range for its /28, /28 and /27 subnets.');
  } else if ((cidr.address & (cidr.prefix === 0 ? 0 : (0xffffffff >>> cidr.prefix))) !== 0) {
    err('HUB201', ['networking', 'addressPrefix'], `networking.addressPrefix '${prefix}' has host bits set`, 'Use the first address of the range, e.g. 10.20.30.0/26.');
  }

  // Data Explorer SKU: tier and capacity must agree (spec, "Template parameters" and "Limits").
  const sku = data.dataExplorer.sku;
  const dev = String(sku.name).startsWith('Dev(No SLA)_');
  if (sku.tier === 'Standard' && sku.capacity < 2) {
    err('HUB202', ['dataExplorer', 'sku', 'capacity'], 'dataExplorer.sku.capacity must be 2-1000 with the Standard tier', 'Set capacity to 2 or more, or use tier Basic.');
  }
  if (sku.tier === 'Basic' && sku.capacity !== 1) {
    err('HUB202', ['dataExplorer', 'sku', 'capacity'], 'dataExplorer.sku.capacity must be 1 with the Basic tier', 'Set capacity to 1, or use tier Standard.');
  }
  if (dev !== (sku.tier === 'Basic')) {
    err(
      'HUB203',
      ['dataExplorer', 'sku', 'tier'],
      `dataExplorer.sku.tier ${sku.tier} does not match SKU ${sku.name}`,
      dev ? 'Dev(No SLA) SKUs run in the Basic tier.' : 'Production SKUs run in the Standard tier; Basic is for Dev(No SLA) SKUs.',
    );
  }
  const allowedSkuNames: string[] | undefined = data.dataExplorer.allowedSkuNames;
  if (allowedSkuNames && !allowedSkuNames.includes(sku.name)) {
    err('HUB204', ['dataExplorer', 'sku', 'name'], `default SKU ${sku.name} is not in dataExplorer.allowedSkuNames`, 'Add it to allowedSkuNames or pick one of them.');
  }
  if (!data.storage.allowedSkus.includes(data.storage.sku)) {
    err('HUB204', ['storage', 'sku'], `default storage SKU ${data.storage.sku} is not in storage.allowedSkus`, 'Add it to allowedSkus or pick one of them.');
  }
  if (data.dataExplorer.databases.ingestion === data.dataExplorer.databases.hub) {
    err('HUB205', ['dataExplorer', 'databases', 'hub'], 'the Hub and Ingestion databases must have different names', 'Keep the defaults Ingestion and Hub.');
  }

  // Datasets: known versions for the release, no duplicates.
  const datasets: { name: string; exportType?: string; versions?: string[] }[] = data.datasets ?? [];
  const seenDatasets = new Set<string>();
  datasets.forEach((d, i) => {
    if (seenDatasets.has(d.name)) err('HUB206', ['datasets', i, 'name'], `dataset ${d.name} is listed twice`, 'List each dataset once.');
    seenDatasets.add(d.name);
    const builtIn = BUILT_IN_DATASETS.find((b) => b.name === d.name)!;
    if (d.exportType !== undefined && d.exportType !== builtIn.exportType) {
      err('HUB212', ['datasets', i, 'exportType'], `dataset ${d.name} is fed by ${builtIn.exportType} exports, not ${d.exportType}`, `Write exportType: ${builtIn.exportType}, or leave it out.`);
    }
    const supported = release.exportVersions[builtIn.exportType];
    (d.versions ?? []).forEach((v, j) => {
      if (!supported.includes(v)) {
        err(
          'HUB207',
          ['datasets', i, 'versions', j],
          `${builtIn.exportType} version '${v}' is not supported by hub release ${release.version}`,
          `Supported versions: ${supported.join(', ')}.`,
        );
      }
    });
  });

  // Custom datasets: names must not collide with built-in datasets or each other; columns unique.
  const names = new Map<string, number>();
  (data.customDatasets ?? []).forEach((c: { name: string; columns: { name: string }[] }, i: number) => {
    const lower = c.name.toLowerCase();
    const builtIn = BUILT_IN_DATASETS.find((b) => b.name.toLowerCase() === lower);
    if (builtIn) {
      err('HUB208', ['customDatasets', i, 'name'], `custom dataset '${c.name}' collides with the built-in dataset ${builtIn.name}`, 'Choose another name; built-in datasets are configured under datasets.');
    } else if (names.has(lower)) {
      err('HUB208', ['customDatasets', i, 'name'], `custom dataset '${c.name}' is declared twice`, 'Give each custom dataset its own name.');
    }
    names.set(lower, i);
    const cols = new Set<string>();
    c.columns.forEach((col, j) => {
      const key = col.name.toLowerCase();
      if (cols.has(key)) err('HUB209', ['customDatasets', i, 'columns', j, 'name'], `column '${col.name}' is declared twice in ${c.name}`, 'Column names are case-insensitive in Data Explorer; rename one.');
      if (/^x_(Source(Name|Provider|Type|Version|Changes)|IngestionTime)$/i.test(col.name)) {
        err('HUB209', ['customDatasets', i, 'columns', j, 'name'], `column '${col.name}' is added by the hub itself`, 'Remove it; the transform adds x_Source* and x_IngestionTime columns.');
      }
      cols.add(key);
    });
  });

  // Time zones must be ones Data Factory schedule triggers accept.
  for (const which of ['daily', 'monthly'] as const) {
    const tz = String(data.schedules[which].timeZone);
    if (tz !== 'auto' && !isKnownTimeZone(tz)) {
      err('HUB210', ['schedules', which, 'timeZone'], `time zone '${tz}' is not one Data Factory schedule triggers accept`, "Use a Windows time zone id such as 'W. Europe Standard Time' or 'UTC', or 'auto'.");
    }
  }

  // Tags: ARM limits names to 512 characters and forbids some characters.
  for (const key of Object.keys(data.tags ?? {})) {
    if (/[<>%&\\?/]/.test(key)) err('HUB211', ['tags', key], `tag name '${key}' contains a character Azure does not allow (< > % & \\ ? /)`, 'Rename the tag.', true);
  }
  return out;
}
