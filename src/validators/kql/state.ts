/**
 * The cluster as the KQL validator sees it between commands: tables and functions per database (what the
 * language service analyses against), and how a command's effects change it.
 */
import type { Position } from '../../diagnostics/diagnostic.js';
import { buildGlobals, type LsGlobals } from './languageService.js';
import { sha, type BlockOutcome, type FunctionDef, type KqlMappingInfo, type KqlTableInfo, type KqlUpdatePolicyInfo } from './types.js';

/** Tables and functions of one database, by name, in creation order. */
export interface DbState {
  tables: Map<string, KqlTableInfo>;
  functions: Map<string, FunctionDef>;
}

/** Tables and functions per database, with the language service's global state built from them on demand. */
export class ClusterState {
  readonly dbs = new Map<string, DbState>();
  private globals: { db: string; value: LsGlobals } | undefined;

  constructor(readonly clusterName: string) {}

  db(name: string): DbState {
    let d = this.dbs.get(name);
    if (!d) {
      d = { tables: new Map(), functions: new Map() };
      this.dbs.set(name, d);
      this.touch();
    }
    return d;
  }

  /** Marks the schema changed so the next {@link globalsFor} rebuilds the Kusto global state. */
  touch(): void {
    this.globals = undefined;
    this.hash = undefined;
  }

  private hash: string | undefined;

  /**
   * SHA-256 of everything a command's analysis can read: the cluster name and, per database in order, its
   * tables (columns) and functions (parameters, body). Recomputed only after a change.
   */
  schemaHash(): string {
    this.hash ??= sha(
      JSON.stringify([this.clusterName, [...this.dbs].map(([name, d]) => [name, [...d.tables.values()], [...d.functions.values()].map((f) => [f.name, f.parameters, f.body])])]),
    );
    return this.hash;
  }

  /**
   * SHA-256 of the part of the schema a command's analysis can read: the cluster name, the database names, and
   * the tables and functions whose names occur in the command's text, or in the parameters and body of a
   * function taken in (transitively). A name "occurs" when it is a substring anywhere in the text (comments and
   * string literals included), so a mention in any spelling (`T`, `['T']`, `table('T')`, a policy's `"Query"`)
   * takes the table or function in; taking in more than needed only makes the key more specific. A text that
   * can read a table or function without naming it (`.show` commands, `search`, `find`, a wildcard such as
   * `union *` or `Costs*`, `table(name)` with a computed name) gets the whole {@link schemaHash}.
   *
   * Commands that are the same in two releases get the same key when the tables and functions they read are
   * the same, however the rest of the schema differs: each distinct command is analysed once.
   */
  scopeHash(text: string): string {
    const dbs = [...this.dbs];
    const taken = dbs.map(() => ({ tables: new Set<string>(), functions: new Set<string>() }));
    for (let texts = [text]; texts.length;) {
      if (texts.some(readsUnnamed)) return this.schemaHash();
      const next: string[] = [];
      dbs.forEach(([, d], i) => {
        for (const name of d.tables.keys()) if (!taken[i].tables.has(name) && texts.some((t) => t.includes(name))) taken[i].tables.add(name);
        for (const f of d.functions.values()) {
          if (taken[i].functions.has(f.name) || !texts.some((t) => t.includes(f.name))) continue;
          taken[i].functions.add(f.name);
          next.push(f.parameters, f.body);
        }
      });
      texts = next;
    }
    const scoped = dbs.map(([name, d], i) => [
      name,
      [...d.tables.values()].filter((t) => taken[i].tables.has(t.name)),
      [...d.functions.values()].filter((f) => taken[i].functions.has(f.name)).map((f) => [f.name, f.parameters, f.body]),
    ]);
    return sha(JSON.stringify(['scoped', this.clusterName, scoped]));
  }

  /** Kusto global state for the current schema with `db` as the current database (rebuilt only after changes). */
  globalsFor(db: string): LsGlobals {
    if (this.globals?.db !== db) {
      const value = buildGlobals({
        clusterName: this.clusterName,
        currentDatabase: db,
        databases: [...this.dbs].map(([name, d]) => ({ name, tables: [...d.tables.values()], functions: [...d.functions.values()] })),
      });
      this.globals = { db, value };
    }
    return this.globals.value;
  }
}

/**
 * Text that can make the language service read a table or function it does not name: a `.show` command,
 * `search` and `find` (every table), a name pattern (`Costs*`, `*_raw`, `union *`), `table()`, `database()`,
 * `cluster()` and the like with a computed argument. Matches in comments and strings count too (harmless:
 * the command then gets the whole schema's hash).
 */
const READS_UNNAMED = [
  /^\s*\.show\b/m,
  /\b(?:search|find)\b/,
  /[\w\]'"]\*|\*[\w['"]/,
  /\bunion\b[^|]*?(?:^|[\s(,])\*(?=[\s,)]|$)/m,
  /\b(?:table|database|cluster|external_table|materialized_view|entity_group)\s*\(\s*(?![\s'")])/,
];
const readsUnnamed = (text: string): boolean => READS_UNNAMED.some((re) => re.test(text));

/** Applies a command's effects to the state. */
export function applyEffects(outcome: BlockOutcome, database: string, state: ClusterState, result: Collected, where: { file: string; pos: (o: number) => Position }): void {
  const db = state.db(database);
  for (const e of outcome.effects) {
    switch (e.type) {
      case 'table': {
        const old = db.tables.get(e.table.name);
        if (!old || e.mode === 'replace') db.tables.set(e.table.name, { name: e.table.name, columns: [...e.table.columns] });
        else if (e.mode === 'merge') {
          const added = e.table.columns.filter((c) => !old.columns.some((o) => o.name === c.name));
          if (added.length) db.tables.set(old.name, { name: old.name, columns: [...old.columns, ...added] });
        }
        break;
      }
      case 'dropTable':
        db.tables.delete(e.name);
        break;
      case 'renameTable': {
        const t = db.tables.get(e.from);
        if (t) {
          db.tables.delete(e.from);
          db.tables.set(e.to, { name: e.to, columns: t.columns });
        }
        break;
      }
      case 'function':
        db.functions.set(e.def.name, e.def);
        break;
      case 'dropFunction':
        db.functions.delete(e.name);
        break;
      case 'mapping': {
        const m: KqlMappingInfo = { ...e.mapping, file: where.file, start: where.pos(e.at) };
        const key = `${database}\u0000${m.table}\u0000${m.kind}\u0000${m.name}`;
        result.mappings.delete(key);
        result.mappings.set(key, m);
        break;
      }
      case 'policies': {
        const list = e.policies.map((p) => ({ ...p, file: where.file, start: where.pos(e.at) }));
        const key = `${database}\u0000${e.table}`;
        const prev = e.replace ? [] : (result.policies.get(key) ?? []);
        result.policies.delete(key);
        result.policies.set(key, [...prev, ...list]);
        break;
      }
    }
  }
  if (outcome.effects.some((e) => e.type !== 'mapping' && e.type !== 'policies')) state.touch();
}

/** Mappings and update policies collected over a run, by database and table. */
export interface Collected {
  mappings: Map<string, KqlMappingInfo>;
  policies: Map<string, KqlUpdatePolicyInfo[]>;
}
