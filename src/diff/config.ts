/**
 * The config group of a diff: the files of the hub's `config` container (`config/settings.json` and the
 * parquet-conversion schema files `config/schemas/*.json`), and the portal form (`createUiDefinition.json`).
 * A schema file's columns (its `translator.mappings`, by source column name) are compared one by one.
 */
import type { DiffSection, ObjectChange } from './types.js';
import { compareNamed, diffValues, omit, type Named } from './values.js';
import { UI_DEFINITION_FILE, type Build } from '../build/index.js';
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

/** What a config file is compared on: its JSON (the Build's parse; schema mappings taken out), or its text. */
function fileValue({ build, path }: ConfigFile): { doc: unknown; columns?: Named<unknown>[] } {
  const doc = build.json(path);
  if (doc === undefined) return { doc: build.files.get(path) };
  const columns = schemaColumns(doc);
  if (!columns || !isObject(doc) || !isObject(doc.translator)) return { doc };
  return { doc: { ...doc, translator: omit(doc.translator, 'mappings') }, columns };
}

/** A file of the config container in a build. */
interface ConfigFile {
  build: Build;
  path: string;
}

/** Compares the config files and the portal form of two builds. */
export function compareConfig(a: Build, b: Build): { config: DiffSection[]; uiDefinition: DiffSection[] } {
  const files = (build: Build) => [...build.files.keys()].filter((p) => p.startsWith('config/')).map((path) => ({ name: path, value: { build, path } }));
  const items = compareNamed(files(a), files(b), {
    describe: (file) => {
      const cols = fileValue(file).columns;
      return cols ? `${cols.length} columns` : undefined;
    },
    compare: (x, y) => {
      const fx = fileValue(x);
      const fy = fileValue(y);
      const changes = diffValues(fx.doc, fy.doc);
      if (fx.columns && fy.columns) return { changes, members: { kind: 'column', items: compareNamed(fx.columns, fy.columns) } };
      return { changes: changes.length ? changes : x.build.files.get(x.path) === y.build.files.get(y.path) ? [] : [{ path: '', change: 'changed' }] };
    },
  });
  const form: ObjectChange[] = [];
  const ua = a.files.get(UI_DEFINITION_FILE);
  const ub = b.files.get(UI_DEFINITION_FILE);
  if (ua === undefined && ub !== undefined) form.push({ name: UI_DEFINITION_FILE, change: 'added' });
  else if (ua !== undefined && ub === undefined) form.push({ name: UI_DEFINITION_FILE, change: 'removed' });
  else if (ua !== undefined && ub !== undefined && ua !== ub) {
    const changes = diffValues(a.json(UI_DEFINITION_FILE) ?? ua, b.json(UI_DEFINITION_FILE) ?? ub);
    form.push({ name: UI_DEFINITION_FILE, change: 'changed', changes: changes.length ? changes : [{ path: '', change: 'changed' }] });
  }
  return {
    config: [{ id: 'files', title: 'Files', items }],
    uiDefinition: [{ id: 'form', title: 'Form definition', items: form }],
  };
}
