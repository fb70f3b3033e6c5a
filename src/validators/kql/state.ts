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
