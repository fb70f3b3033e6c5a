/**
 * The config group of a diff: the files of the hub's `config` container (`config/settings.json` and the
 * parquet-conversion schema files `config/schemas/*.json`), and the portal form (`createUiDefinition.json`).
 * A schema file's columns (its `translator.mappings`, by source column name) are compared one by one.
 */
import type { DiffSection, ObjectChange } from './types.js';
import { compareNamed, diffValues, omit, tryParseJson, type Named } from './values.js';
import { isObject } from '../util/json.js';

/** The columns of a schema mapping file (`translator.mappings[].source`), or undefined when it has none. */
function schemaColumns(doc: unknown): Named<unknown>[] | undefined {
  if (!isObject(doc) || !isObject(doc.translator) || !Array.isArray(doc.translator.mappings)) return undefined;
  const out: Named<unknown>[] = [];
  for (const m of doc.translator.mappings) {
    const source = isObject(m) && isObject(m.source) ? m.source : undefined;
    if (!source || typeof source.name !== 'string') return undefined;
    out.push({ name: source.name, value: m });
  }
  return new Set(out.map((c) => c.name)).size === out.length ? out : undefined;
}

/** What a config file is compared on: its JSON (schema mappings taken out), or its text. */
function fileValue(text: string): { doc: unknown; columns?: Named<unknown>[] } {
  const doc = tryParseJson(text);
  if (doc === undefined) return { doc: text };
  const columns = schemaColumns(doc);
  if (!columns || !isObject(doc) || !isObject(doc.translator)) return { doc };
  return { doc: { ...doc, translator: omit(doc.translator, 'mappings') }, columns };
}

/** Compares the config files and the portal form of two builds. */
export function compareConfig(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): { config: DiffSection[]; uiDefinition: DiffSection[] } {
  const files = (m: ReadonlyMap<string, string>) => [...m].filter(([p]) => p.startsWith('config/')).map(([name, value]) => ({ name, value }));
  const items = compareNamed(files(a), files(b), {
    describe: (text) => {
      const cols = fileValue(text).columns;
      return cols ? `${cols.length} columns` : undefined;
    },
    compare: (x, y) => {
      const fx = fileValue(x);
      const fy = fileValue(y);
      const changes = diffValues(fx.doc, fy.doc);
      if (fx.columns && fy.columns) return { changes, members: { kind: 'column', items: compareNamed(fx.columns, fy.columns) } };
      return { changes: changes.length ? changes : x === y ? [] : [{ path: '', change: 'changed' }] };
    },
  });
  const form: ObjectChange[] = [];
  const ua = a.get('createUiDefinition.json');
  const ub = b.get('createUiDefinition.json');
  if (ua === undefined && ub !== undefined) form.push({ name: 'createUiDefinition.json', change: 'added' });
  else if (ua !== undefined && ub === undefined) form.push({ name: 'createUiDefinition.json', change: 'removed' });
  else if (ua !== undefined && ub !== undefined && ua !== ub) {
    const changes = diffValues(tryParseJson(ua) ?? ua, tryParseJson(ub) ?? ub);
    form.push({ name: 'createUiDefinition.json', change: 'changed', changes: changes.length ? changes : [{ path: '', change: 'changed' }] });
  }
  return {
    config: [{ id: 'files', title: 'Files', items }],
    uiDefinition: [{ id: 'form', title: 'Form definition', items: form }],
  };
}
