/**
 * KQL validator: checks a sequence of database scripts with the Kusto language service
 * (`@kusto/language-service-next` 12.4.1) plus the checks the service does not do.
 *
 * Model (recipe `../shared/recipes/validators.md` §1.2-1.4): the scripts run in order against one cluster whose
 * databases are known up front (the FinOps hub deploys `Common.kql` to `Ingestion` and `Hub`, then
 * `IngestionSetup.kql` to `Ingestion`, then `HubSetup.kql` to `Hub`). Each script is split into commands
 * ({@link splitKqlCommands}); each command is parsed and analysed against the cluster as the previous commands
 * left it, then its effect (tables, functions, ingestion mappings, update policies) is applied.
 *
 * Diagnostics (docs/diagnostics.md):
 * - HUB310 error: the language service reports an error (message starts with its `KSnnn` code), or a table
 *   command changes the type of an existing column (ADX rejects `.create-merge`/`.alter-merge` type changes).
 * - HUB311 error: an update policy's query result differs from its target table (names, order, types).
 * - HUB312 error: an ingestion mapping names a column its table lacks, its table is unknown, or (when asked)
 *   a mapping does not read a required source column.
 * - HUB313 error: an update policy's JSON, `Source` table or `Query` is wrong.
 * - HUB314 warning: a language-service warning (suggestions and infos are dropped).
 *
 * Cost: loading the service ~0.2 s, first analysis ~0.5 s, then ~50-100 ms per control command. Results are
 * cached per process by content hash, both for whole calls and per command (keyed by everything that ran
 * before it), so re-validating identical or mostly identical scripts is cheap.
 */
import { createHash } from 'node:crypto';
import { sortDiagnostics, type Diagnostic, type Position, type Severity } from '../compiler/diagnostics.js';
import { analyze, buildGlobals, canonicalTypeName, errorMessage, KustoLoadError, type LsAnalysis, type LsGlobals, type LsSlot } from './kql/languageService.js';
import { jsonProp, parseLocatedJson, LocatedJsonError, type LocatedJson } from './kql/locatedJson.js';
import { isCommentOnly, splitKqlCommands, type KqlBlock } from './kql/split.js';

export { splitKqlCommands, isCommentOnly, KustoLoadError, type KqlBlock };

/** One script to run, in deployment order. */
export interface KqlScript {
  /** File name used in diagnostics, e.g. `kql/IngestionSetup.kql`. */
  file: string;
  /** Database the script runs in, e.g. `Ingestion` or `Hub`. */
  database: string;
  /** Script text with placeholders already substituted (LF or CRLF). */
  text: string;
}

/** A column: name and Kusto scalar type name (`string`, `long`, `int`, `real`, `decimal`, `bool`, `datetime`, `timespan`, `guid`, `dynamic`). */
export interface KqlColumn {
  name: string;
  type: string;
}

/** A table and its columns in declaration order. */
export interface KqlTableInfo {
  name: string;
  columns: KqlColumn[];
}

/** An ingestion mapping as last created or altered. */
export interface KqlMappingInfo {
  table: string;
  /** Mapping name, e.g. `Costs_raw_mapping`. */
  name: string;
  /** Mapping kind in lower case: `parquet`, `json`, `csv`, ... */
  kind: string;
  /** Entries in order: target column, source (`Properties.Field`, else `Path`, else `Ordinal`, else `ConstValue`) and declared data type. */
  entries: { column: string; source?: string; datatype?: string }[];
  /** Database the mapping lives in. */
  database?: string;
  /** Script and position of the command that created it. */
  file?: string;
  start?: Position;
}

/** An update policy as last set on a table. */
export interface KqlUpdatePolicyInfo {
  /** Target table (the table the policy is set on). */
  table: string;
  source: string;
  query: string;
  isTransactional: boolean;
  propagateIngestionProperties: boolean;
  /** Columns of the query result, when it analysed to a table. */
  resultColumns?: KqlColumn[];
  isEnabled?: boolean;
  database?: string;
  file?: string;
  start?: Position;
}

/** Everything a validation run found. */
export interface KqlValidationResult {
  /** HUB310-HUB314 diagnostics, sorted by file, position and code. */
  diagnostics: Diagnostic[];
  /** Final schema of each database: tables and functions in creation order. */
  databases: Record<string, { tables: KqlTableInfo[]; functions: { name: string; parameters: string; resultColumns?: KqlColumn[] }[] }>;
  /** Ingestion mappings in creation order (replaced in place when re-created). */
  mappings: KqlMappingInfo[];
  /** Update policies in the order they were set. */
  updatePolicies: KqlUpdatePolicyInfo[];
}

/** A caller's requirement that a table's ingestion mapping reads a set of source columns. */
export interface KqlMappingRequirement {
  /** Database of the table; any database when omitted. */
  database?: string;
  table: string;
  /** Mapping name; any mapping of the table when omitted. */
  mapping?: string;
  /** Source names (`Properties.Field`, or the `$.name` path) that must be read by some entry. */
  sources: string[];
  /** File to report a missing mapping in; default: the last script of the database (or `kql`). */
  file?: string;
}

/** Options of {@link validateKqlScripts}. */
export interface KqlValidationOptions {
  /** Cluster symbol name; irrelevant to results except in `cluster('…')` references. Default `cluster`. */
  clusterName?: string;
  /** Databases that exist before the first script, in order; script databases are added when missing. */
  databases?: string[];
  /** Tables that exist before the first script, per database name. */
  initialSchema?: Record<string, KqlTableInfo[]>;
  /** Source columns each listed mapping must read (HUB312 when not). */
  requiredMappingSources?: KqlMappingRequirement[];
}

// ---------------------------------------------------------------------------------------------------------
// State

interface FunctionDef {
  name: string;
  parameters: string;
  body: string;
  resultColumns?: KqlColumn[];
}

interface DbState {
  tables: Map<string, KqlTableInfo>;
  functions: Map<string, FunctionDef>;
}

/** A diagnostic relative to its command block (offsets into the block text). */
interface RelDiagnostic {
  code: string;
  severity: Severity;
  message: string;
  hint?: string;
  start: number;
  end: number;
}

/** A change a command makes to the cluster. */
type Effect =
  | { type: 'table'; mode: 'create' | 'merge' | 'replace'; table: KqlTableInfo }
  | { type: 'dropTable'; name: string }
  | { type: 'renameTable'; from: string; to: string }
  | { type: 'function'; def: FunctionDef }
  | { type: 'dropFunction'; name: string }
  | { type: 'mapping'; mapping: KqlMappingInfo; at: number }
  | { type: 'policies'; table: string; replace: boolean; policies: KqlUpdatePolicyInfo[]; at: number };

/** Everything one command yields; depends only on the command text and the state before it (so it is cacheable). */
interface BlockOutcome {
  label: string;
  diagnostics: RelDiagnostic[];
  effects: Effect[];
}

class ClusterState {
  readonly dbs = new Map<string, DbState>();
  private globals: { db: string; value: LsGlobals } | undefined;

  constructor(readonly clusterName: string) {}

  db(name: string): DbState {
    let d = this.dbs.get(name);
    if (!d) {
      d = { tables: new Map(), functions: new Map() };
      this.dbs.set(name, d);
      this.globals = undefined;
    }
    return d;
  }

  /** Marks the schema changed so the next {@link globalsFor} rebuilds the Kusto global state. */
  touch(): void {
    this.globals = undefined;
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

// ---------------------------------------------------------------------------------------------------------
// Helpers

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** Converts offsets of one text to 1-based positions with a line-start table. */
function lineIndex(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    const o = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, col: o - starts[lo] + 1 };
  };
}

const columnText = (c: KqlColumn) => `${c.name}: ${c.type}`;
const slot = (a: LsAnalysis, name: string) => a.slots.find((s) => s.name === name);
const nameOf = (s: LsSlot | undefined) => (s ? (s.simpleName ?? s.text) : undefined);

/** Tables declared by a create/alter table command: `TableName` starts a table, `ColumnName`/`ColumnType` pairs follow. */
function declaredTables(a: LsAnalysis): KqlTableInfo[] {
  const tables: KqlTableInfo[] = [];
  let pendingColumn: string | undefined;
  for (const s of a.slots) {
    if (s.name === 'TableName') tables.push({ name: nameOf(s)!, columns: [] });
    else if (s.name === 'ColumnName') pendingColumn = nameOf(s);
    else if (s.name === 'ColumnType' && pendingColumn !== undefined && tables.length) {
      const type = canonicalTypeName(s.text);
      if (type) tables[tables.length - 1].columns.push({ name: pendingColumn, type });
      pendingColumn = undefined;
    }
  }
  return tables;
}

/** Source offset (relative to the block) of a JSON node inside a string literal slot, or the slot start. */
function jsonOffset(lit: LsSlot, offsetInValue: number): number {
  return lit.rawValueStart !== undefined ? lit.rawValueStart + offsetInValue : lit.start;
}

/** String value of a JSON property, if it is a string. */
function jsonString(node: LocatedJson | undefined): (LocatedJson & { kind: 'string' }) | undefined {
  return node?.kind === 'string' ? node : undefined;
}

/** Boolean value of a JSON property (`true`/`false` or the strings `"true"`/`"false"`); `fallback` otherwise. */
function jsonBool(node: LocatedJson | undefined, fallback: boolean): boolean {
  if (node?.kind === 'boolean') return node.value;
  if (node?.kind === 'string' && /^(true|false)$/i.test(node.value)) return node.value.toLowerCase() === 'true';
  return fallback;
}

/** Parses a JSON string literal slot; on failure adds a diagnostic with `code` and returns undefined. */
function parseJsonSlot(lit: LsSlot, code: string, what: string, out: RelDiagnostic[]): LocatedJson | undefined {
  try {
    return parseLocatedJson(lit.value ?? '');
  } catch (e) {
    const offset = e instanceof LocatedJsonError ? e.offset : 0;
    const at = jsonOffset(lit, offset);
    out.push({ code, severity: 'error', message: `${what} is not valid JSON: ${(e as Error).message}`, start: at, end: at + 1 });
    return undefined;
  }
}

/** Normalizes a mapping source for comparison: `$.a`, `$['a']` and `a` all give `a`. */
function sourceName(s: string): string {
  const m = /^\$\.(.+)$/.exec(s) ?? /^\$\[['"](.+)['"]\]$/.exec(s);
  return m ? m[1] : s;
}

/**
 * Compares an update policy's query result with its target table.
 * @returns one message per difference: missing/extra columns, type differences, then the first order difference
 */
export function compareSchemas(result: readonly KqlColumn[], table: KqlTableInfo): string[] {
  const out: string[] = [];
  const inTable = new Map(table.columns.map((c) => [c.name, c]));
  const inResult = new Map(result.map((c) => [c.name, c]));
  for (const c of table.columns)
    if (!inResult.has(c.name)) out.push(`table ${table.name} column '${columnText(c)}' is not produced by the query`);
  for (const c of result) if (!inTable.has(c.name)) out.push(`query result column '${columnText(c)}' is not in table ${table.name}`);
  for (const c of result) {
    const t = inTable.get(c.name);
    if (t && t.type !== c.type) out.push(`column '${c.name}' is ${c.type} in the query result but ${t.type} in table ${table.name}`);
  }
  const r = result.filter((c) => inTable.has(c.name));
  const t = table.columns.filter((c) => inResult.has(c.name));
  const i = r.findIndex((c, k) => c.name !== t[k].name);
  if (i >= 0) {
    const pr = result.indexOf(r[i]) + 1;
    const pt = table.columns.indexOf(t[i]) + 1;
    out.push(
      `column order differs from table ${table.name}: query result column ${pr} is '${r[i].name}' where the table has '${t[i].name}' (column ${pt})`,
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Commands

const TABLE_MODES: Record<string, 'create' | 'merge' | 'replace'> = {
  CreateTable: 'create',
  CreateTables: 'create',
  CreateMergeTable: 'merge',
  CreateMergeTables: 'merge',
  AlterMergeTable: 'merge',
  AlterTable: 'replace',
};
const FUNCTION_COMMANDS = new Set(['CreateFunction', 'CreateOrAlterFunction', 'AlterFunction']);
const MAPPING_COMMANDS = new Set([
  'CreateTableIngestionMapping',
  'CreateOrAlterTableIngestionMapping',
  'AlterTableIngestionMapping',
  'AlterMergeTableIngestionMapping',
]);
const POLICY_COMMANDS = new Set(['AlterTablePolicyUpdate', 'AlterMergeTablePolicyUpdate']);

/** Analyses one block against the state and works out its effects and extra diagnostics. Reads state only. */
function processBlock(text: string, database: string, state: ClusterState): BlockOutcome {
  const a = analyze(text, state.globalsFor(database));
  const diagnostics: RelDiagnostic[] = [];
  for (const d of a.diagnostics) {
    if (d.severity !== 'Error' && d.severity !== 'Warning') continue;
    diagnostics.push({
      code: d.severity === 'Error' ? 'HUB310' : 'HUB314',
      severity: d.severity === 'Error' ? 'error' : 'warning',
      message: `${d.code}: ${d.message}`,
      start: d.start,
      end: d.start + d.length,
    });
  }
  const kind = a.commandKind ?? a.kind;
  const tableSlot = slot(a, 'TableName');
  const target = nameOf(tableSlot);
  const effects: Effect[] = [];
  const db = state.db(database);
  let label = `${kind}${target ? ` ${target}` : ''}`;

  if (a.commandKind && a.commandKind in TABLE_MODES) {
    const mode = TABLE_MODES[a.commandKind];
    for (const t of declaredTables(a)) {
      const old = db.tables.get(t.name);
      if (mode === 'merge' && old) {
        for (const c of t.columns) {
          const prev = old.columns.find((o) => o.name === c.name);
          if (prev && prev.type !== c.type) {
            const s = a.slots.find((x) => x.name === 'ColumnName' && nameOf(x) === c.name) ?? tableSlot!;
            diagnostics.push({
              code: 'HUB310',
              severity: 'error',
              message: `column '${c.name}' of table ${t.name} is already ${prev.type}; ${a.commandKind} cannot change it to ${c.type}`,
              hint: 'Keep the existing column type or rename the column.',
              start: s.start,
              end: s.end,
            });
          }
        }
      }
      effects.push({ type: 'table', mode, table: t });
    }
  } else if (a.commandKind === 'DropTable' && target) {
    effects.push({ type: 'dropTable', name: target });
  } else if (a.commandKind === 'RenameTable' && target) {
    const to = nameOf(slot(a, 'NewTableName'));
    if (to) effects.push({ type: 'renameTable', from: target, to });
  } else if (a.commandKind && FUNCTION_COMMANDS.has(a.commandKind)) {
    const name = nameOf(slot(a, 'FunctionName'));
    const parameters = slot(a, 'Parameters')?.text;
    const body = slot(a, 'Body')?.text;
    if (name) label = `${kind} ${name}`;
    if (name && parameters !== undefined && body !== undefined) {
      effects.push({ type: 'function', def: { name, parameters, body, resultColumns: a.bodyResultColumns } });
    }
  } else if (a.commandKind === 'DropFunction') {
    const name = nameOf(slot(a, 'FunctionName'));
    if (name) effects.push({ type: 'dropFunction', name });
  } else if (a.commandKind && MAPPING_COMMANDS.has(a.commandKind) && target && tableSlot) {
    mappingCommand(a, database, target, tableSlot, db, diagnostics, effects);
  } else if (a.commandKind && POLICY_COMMANDS.has(a.commandKind) && target) {
    policyCommand(a, database, target, state, diagnostics, effects);
  }
  return { label, diagnostics, effects };
}

/** `.create[-or-alter] table T ingestion <kind> mapping "name" <json>`: remembers the mapping, checks its columns. */
function mappingCommand(
  a: LsAnalysis,
  database: string,
  tableName: string,
  tableSlot: LsSlot,
  db: DbState,
  diagnostics: RelDiagnostic[],
  effects: Effect[],
): void {
  const format = slot(a, 'MappingFormat');
  const name = slot(a, 'MappingName')?.value ?? nameOf(slot(a, 'MappingName')) ?? '';
  const kind = (slot(a, 'MappingKind')?.text ?? '').toLowerCase();
  if (!format) return;
  const json = parseJsonSlot(format, 'HUB312', `ingestion mapping ${name}`, diagnostics);
  if (!json) return;
  if (json.kind !== 'array') {
    const at = jsonOffset(format, json.start);
    diagnostics.push({ code: 'HUB312', severity: 'error', message: `ingestion mapping ${name} must be a JSON array`, start: at, end: at + 1 });
    return;
  }
  const table = db.tables.get(tableName);
  const lsReported = a.diagnostics.some((d) => d.severity === 'Error' && d.start <= tableSlot.start && tableSlot.start < d.start + Math.max(1, d.length));
  if (!table && !lsReported) {
    diagnostics.push({
      code: 'HUB312',
      severity: 'error',
      message: `ingestion mapping ${name} is for table ${tableName}, which does not exist in database ${database}`,
      hint: 'Create the table before its mapping.',
      start: tableSlot.start,
      end: tableSlot.end,
    });
  }
  const entries: KqlMappingInfo['entries'] = [];
  for (const item of json.items) {
    const col = jsonString(jsonProp(item, 'Column'));
    if (!col) {
      const at = jsonOffset(format, item.start);
      diagnostics.push({ code: 'HUB312', severity: 'error', message: `ingestion mapping ${name} has an entry without a "Column" name`, start: at, end: at + 1 });
      continue;
    }
    const props = jsonProp(item, 'Properties');
    const source = [
      jsonProp(props, 'Field'),
      jsonProp(props, 'Path'),
      jsonProp(item, 'Path'),
      jsonProp(props, 'Ordinal'),
      jsonProp(item, 'Ordinal'),
      jsonProp(props, 'ConstValue'),
    ]
      .map((n) => (n?.kind === 'string' || n?.kind === 'number' ? String(n.value) : undefined))
      .find((v) => v !== undefined);
    const datatype = jsonString(jsonProp(item, 'DataType'))?.value;
    entries.push({ column: col.value, ...(source !== undefined ? { source } : {}), ...(datatype ? { datatype } : {}) });
    if (table && !table.columns.some((c) => c.name === col.value)) {
      diagnostics.push({
        code: 'HUB312',
        severity: 'error',
        message: `ingestion mapping ${name} maps to column '${col.value}', which table ${tableName} does not have`,
        hint: `Table ${tableName} has: ${table.columns.map((c) => c.name).join(', ')}.`,
        start: jsonOffset(format, col.offsets[0]),
        end: jsonOffset(format, col.offsets[col.value.length]),
      });
    }
  }
  effects.push({ type: 'mapping', mapping: { table: tableName, name, kind, entries, database }, at: 0 });
}

/** `.alter[-merge] table T policy update <json>`: checks source, query and result schema; remembers the policies. */
function policyCommand(a: LsAnalysis, database: string, tableName: string, state: ClusterState, diagnostics: RelDiagnostic[], effects: Effect[]): void {
  const lit = slot(a, 'UpdatePolicy');
  if (!lit) return;
  const json = parseJsonSlot(lit, 'HUB313', `update policy of ${tableName}`, diagnostics);
  if (!json) return;
  const list = json.kind === 'array' ? json.items : [json];
  const db = state.db(database);
  const table = db.tables.get(tableName);
  const policies: KqlUpdatePolicyInfo[] = [];
  const err = (message: string, start: number, end: number, code = 'HUB313', hint?: string) =>
    diagnostics.push({ code, severity: 'error', message, start, end, ...(hint ? { hint } : {}) });
  for (const p of list) {
    const pAt = jsonOffset(lit, p.start);
    if (p.kind !== 'object') {
      err(`update policy of ${tableName} must be a JSON object or array of objects`, pAt, pAt + 1);
      continue;
    }
    const source = jsonString(jsonProp(p, 'Source'));
    const query = jsonString(jsonProp(p, 'Query'));
    const info: KqlUpdatePolicyInfo = {
      table: tableName,
      source: source?.value ?? '',
      query: query?.value ?? '',
      isTransactional: jsonBool(jsonProp(p, 'IsTransactional'), false),
      propagateIngestionProperties: jsonBool(jsonProp(p, 'PropagateIngestionProperties'), false),
      isEnabled: jsonBool(jsonProp(p, 'IsEnabled'), false),
      database,
    };
    policies.push(info);
    if (!source) err(`update policy of ${tableName} has no "Source" table`, pAt, pAt + 1);
    else if (!db.tables.has(source.value)) {
      err(
        `update policy of ${tableName} reads source table '${source.value}', which does not exist in database ${database}`,
        jsonOffset(lit, source.offsets[0]),
        jsonOffset(lit, source.offsets[source.value.length]),
        'HUB313',
        'Create the source table before the policy.',
      );
    }
    if (!query) {
      err(`update policy of ${tableName} has no "Query"`, pAt, pAt + 1);
      continue;
    }
    const qa = analyze(query.value, state.globalsFor(database));
    const at = (o: number) => jsonOffset(lit, query.offsets[Math.max(0, Math.min(o, query.value.length))]);
    let queryErrors = 0;
    for (const d of qa.diagnostics) {
      if (d.severity !== 'Error') continue;
      queryErrors++;
      err(`update policy query of ${tableName}: ${d.code}: ${d.message}`, at(d.start), at(d.start + d.length));
    }
    if (qa.kind !== 'Query' && !queryErrors) err(`update policy query of ${tableName} must be a query, not a command`, at(0), at(query.value.length));
    info.resultColumns = qa.resultColumns;
    if (!table || queryErrors) continue;
    if (!qa.resultColumns) {
      err(`update policy query of ${tableName} does not return a table`, at(0), at(query.value.length));
      continue;
    }
    for (const m of compareSchemas(qa.resultColumns, table)) {
      err(`update policy of ${tableName}: ${m}`, at(0), at(query.value.length), 'HUB311', 'The query must return exactly the target table columns, in the same order and with the same types.');
    }
  }
  effects.push({ type: 'policies', table: tableName, replace: a.commandKind === 'AlterTablePolicyUpdate', policies, at: 0 });
}

/** Applies a command's effects to the state. */
function applyEffects(outcome: BlockOutcome, database: string, state: ClusterState, result: Collected, where: { file: string; pos: (o: number) => Position }): void {
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

interface Collected {
  mappings: Map<string, KqlMappingInfo>;
  policies: Map<string, KqlUpdatePolicyInfo[]>;
}

/**
 * Checks that mappings read required source columns.
 * @returns HUB312 errors: no mapping for the table, or a required source read by no entry
 */
export function checkMappingCoverage(mappings: readonly KqlMappingInfo[], requirements: readonly KqlMappingRequirement[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const r of requirements) {
    const found = mappings.filter((m) => m.table === r.table && (!r.database || m.database === r.database) && (!r.mapping || m.name === r.mapping));
    if (!found.length) {
      out.push({
        code: 'HUB312',
        severity: 'error',
        message: `no ingestion mapping${r.mapping ? ` named ${r.mapping}` : ''} for table ${r.table}${r.database ? ` in database ${r.database}` : ''}`,
        file: r.file ?? 'kql',
      });
      continue;
    }
    for (const m of found) {
      const read = new Set(m.entries.map((e) => sourceName(e.source ?? e.column)));
      const missing = r.sources.filter((s) => !read.has(sourceName(s)));
      if (missing.length) {
        out.push({
          code: 'HUB312',
          severity: 'error',
          message: `ingestion mapping ${m.name} of table ${m.table} does not read source column${missing.length > 1 ? 's' : ''} ${missing.map((s) => `'${s}'`).join(', ')}`,
          hint: 'Add a mapping entry for each source column the dataset delivers.',
          file: m.file ?? 'kql',
          ...(m.start ? { start: m.start } : {}),
          ...(m.database ? { path: `database ${m.database}` } : {}),
        });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Entry point

const resultCache = new Map<string, KqlValidationResult>();
const blockCache = new Map<string, BlockOutcome>();
const BLOCK_CACHE_LIMIT = 20000;
const RESULT_CACHE_LIMIT = 200;

/**
 * Validates KQL scripts that run one after another against one cluster.
 *
 * @param scripts scripts in execution order; each runs in its `database`
 * @param options cluster name, databases that exist up front (the databases of the scripts are always added),
 *   tables that exist up front, mapping source requirements
 * @returns diagnostics (HUB310-HUB314, sorted) and the final schema, mappings and update policies. The result
 *   is cached per process by content hash; callers get a fresh copy each time.
 * @throws KustoLoadError only when the language service package cannot be loaded
 */
export function validateKqlScripts(scripts: KqlScript[], options: KqlValidationOptions = {}): KqlValidationResult {
  const key = sha(JSON.stringify([scripts.map((s) => [s.file, s.database, s.text]), options]));
  const cached = resultCache.get(key);
  if (cached) return structuredClone(cached);

  const state = new ClusterState(options.clusterName ?? 'cluster');
  for (const name of options.databases ?? []) state.db(name);
  for (const [name, tables] of Object.entries(options.initialSchema ?? {})) {
    const db = state.db(name);
    for (const t of tables) db.tables.set(t.name, { name: t.name, columns: t.columns.map((c) => ({ name: c.name, type: canonicalTypeName(c.type) ?? c.type })) });
  }
  for (const s of scripts) state.db(s.database);
  state.touch();

  const collected: Collected = { mappings: new Map(), policies: new Map() };
  const diagnostics: Diagnostic[] = [];
  // Chain key: identifies the state before each command (everything that ran before it, from the same start).
  let chain = sha(JSON.stringify(['kql-validator-v1', state.clusterName, [...state.dbs].map(([n, d]) => [n, [...d.tables.values()]])]));
  for (const script of scripts) {
    const pos = lineIndex(script.text);
    for (const block of splitKqlCommands(script.text)) {
      if (isCommentOnly(block.text)) continue;
      chain = sha(`${chain}\u0000${script.database}\u0000${block.text}`);
      let outcome = blockCache.get(chain);
      if (!outcome) {
        try {
          outcome = processBlock(block.text, script.database, state);
        } catch (e) {
          if (e instanceof KustoLoadError) throw e;
          const message = `the Kusto language service failed on this command: ${errorMessage(e)}`;
          outcome = { label: 'command', diagnostics: [{ code: 'HUB310', severity: 'error', message, start: 0, end: 0 }], effects: [] };
        }
        if (blockCache.size >= BLOCK_CACHE_LIMIT) blockCache.clear();
        blockCache.set(chain, outcome);
      }
      for (const d of outcome.diagnostics) {
        diagnostics.push({
          code: d.code,
          severity: d.severity,
          message: d.message,
          ...(d.hint ? { hint: d.hint } : {}),
          file: script.file,
          start: pos(block.start + d.start),
          end: pos(block.start + d.end),
          path: `database ${script.database}, ${outcome.label}`,
        });
      }
      applyEffects(outcome, script.database, state, collected, { file: script.file, pos: (o) => pos(block.start + o) });
    }
  }

  const mappings = [...collected.mappings.values()];
  if (options.requiredMappingSources?.length) {
    const lastFile = (db?: string) => scripts.filter((s) => !db || s.database === db).at(-1)?.file;
    const reqs = options.requiredMappingSources.map((r) => ({ ...r, file: r.file ?? lastFile(r.database) ?? 'kql' }));
    diagnostics.push(...checkMappingCoverage(mappings, reqs));
  }
  const databases: KqlValidationResult['databases'] = {};
  for (const [name, d] of state.dbs) {
    databases[name] = {
      tables: [...d.tables.values()].map((t) => ({ name: t.name, columns: t.columns.map((c) => ({ ...c })) })),
      functions: [...d.functions.values()].map((f) => ({ name: f.name, parameters: f.parameters, ...(f.resultColumns ? { resultColumns: f.resultColumns } : {}) })),
    };
  }
  const result: KqlValidationResult = {
    diagnostics: sortDiagnostics(diagnostics),
    databases,
    mappings,
    updatePolicies: [...collected.policies.values()].flat(),
  };
  if (resultCache.size >= RESULT_CACHE_LIMIT) resultCache.clear();
  resultCache.set(key, result);
  return structuredClone(result);
}

