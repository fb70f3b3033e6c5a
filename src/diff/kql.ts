/**
 * The KQL group of a diff: tables and their columns, functions, update policies, ingestion mappings and any
 * other command, read from the `kql/*.kql` scripts with the command-level reader (kqlReader.ts).
 *
 * Objects are named `<database>.<object>`; the database is the script's name before `Setup` or `Retype_` (`kql/IngestionSetup.kql`,
 * the split `kql/IngestionSetup_RawTables.kql`, `kql/IngestionSetup_v1_2.kql` and `kql/IngestionRetype_<table>.kql`
 * run in `Ingestion`, `kql/HubSetup*.kql` in `Hub`; `kql/Common.kql`, deployed to both, is `Common`).
 */
import type { DiffSection, ObjectChange } from './types.js';
import { emptyDeclarations, readKqlScript, type KqlDeclarations } from './kqlReader.js';
import { compareNamed, diffValues, type Named } from './values.js';
import { isObject } from '../util/json.js';
import type { Build } from '../build/index.js';

/** The declarations of every KQL script of a build (`Build.kql`), by database name. */
export function kqlDeclarations(build: Build): Map<string, KqlDeclarations> {
  const out = new Map<string, KqlDeclarations>();
  for (const { file: path, text } of build.kql) {
    const m = /^kql\/(?:.*\/)?([^/]+)\.kql$/.exec(path);
    if (!m) continue;
    // IngestionSetup.kql, IngestionSetup_v1_2.kql, IngestionRetype_Costs_raw.kql -> Ingestion; HubSetup*.kql -> Hub.
    const db = /^(\w+?)(?:Setup(?:_\w+)?|Retype_\w+)$/.exec(m[1])?.[1] ?? m[1];
    out.set(db, readKqlScript(text, out.get(db) ?? emptyDeclarations()));
  }
  return out;
}

/** Every table of every database, as `db.table`. */
export function kqlTableNames(decls: Map<string, KqlDeclarations>): string[] {
  return [...decls].flatMap(([db, d]) => [...d.tables.keys()].map((t) => `${db}.${t}`));
}

/** Named values of one kind of declaration across databases. */
function named<T>(decls: Map<string, KqlDeclarations>, pick: (d: KqlDeclarations) => Iterable<[string, T]>): Named<T>[] {
  return [...decls].flatMap(([db, d]) => [...pick(d)].map(([name, value]) => ({ name: `${db}.${name}`, value })));
}

/** The columns of an ingestion mapping as named values (by `Column`, `column` or `Name`); undefined when the mapping is not a list of columns. */
function mappingColumns(mapping: unknown): Named<unknown>[] | undefined {
  if (!Array.isArray(mapping)) return undefined;
  const out: Named<unknown>[] = [];
  for (const m of mapping) {
    if (!isObject(m)) return undefined;
    const name = m.Column ?? m.column ?? m.Name ?? m.name;
    if (typeof name !== 'string') return undefined;
    out.push({ name, value: m });
  }
  return new Set(out.map((c) => c.name)).size === out.length ? out : undefined;
}

/** Compares the KQL objects of two builds. */
export function compareKql(buildA: Build, buildB: Build): DiffSection[] {
  const a = kqlDeclarations(buildA);
  const b = kqlDeclarations(buildB);
  const tables = compareNamed(
    named(a, (d) => d.tables),
    named(b, (d) => d.tables),
    {
      describe: (t) => `${t.columns.length} column${t.columns.length === 1 ? '' : 's'}`,
      compare: (x, y) => {
        const cols = (t: typeof x) => t.columns.map((c) => ({ name: c.name, value: c.type }));
        const items: ObjectChange[] = compareNamed(cols(x), cols(y), { describe: (type) => type });
        const common = (t: typeof x, other: typeof x) => t.columns.map((c) => c.name).filter((n) => other.columns.some((c) => c.name === n));
        const changes = diffValues({ properties: x.properties, policies: x.policies }, { properties: y.properties, policies: y.policies });
        const [ox, oy] = [common(x, y), common(y, x)];
        if (ox.join('\n') !== oy.join('\n')) changes.push({ path: 'columns', change: 'changed', from: ox, to: oy });
        return { changes, members: { kind: 'column', items } };
      },
    },
  );
  const functions = compareNamed(
    named(a, (d) => d.functions),
    named(b, (d) => d.functions),
    { describe: (f) => `(${f.parameters})` },
  );
  const updatePolicies = compareNamed(
    named(a, (d) => d.updatePolicies),
    named(b, (d) => d.updatePolicies),
    {
      describe: (p) => {
        const sources = Array.isArray(p) ? p.map((x) => (isObject(x) ? `${String(x.Source)} -> ${String(x.Query)}` : '?')) : [];
        return sources.length ? sources.join('; ') : undefined;
      },
    },
  );
  const ingestionMappings = compareNamed(
    named(a, (d) => d.ingestionMappings),
    named(b, (d) => d.ingestionMappings),
    {
      describe: (m) => {
        const cols = mappingColumns(m.mapping);
        return cols ? `${cols.length} column${cols.length === 1 ? '' : 's'}` : undefined;
      },
      compare: (x, y) => {
        const cx = mappingColumns(x.mapping);
        const cy = mappingColumns(y.mapping);
        if (!cx || !cy) return { changes: diffValues(x.mapping, y.mapping) };
        return { members: { kind: 'column', items: compareNamed(cx, cy) } };
      },
    },
  );
  const oneLine = (d: KqlDeclarations) => [...d.commands].map((c): [string, string] => [c.replace(/\n/g, ' '), c]);
  const commands = compareNamed(named(a, oneLine), named(b, oneLine));
  return [
    { id: 'tables', title: 'Tables', items: tables },
    { id: 'functions', title: 'Functions', items: functions },
    { id: 'updatePolicies', title: 'Update policies', items: updatePolicies },
    { id: 'ingestionMappings', title: 'Ingestion mappings', items: ingestionMappings },
    { id: 'commands', title: 'Other commands', items: commands },
  ];
}
