/**
 * What one KQL command does, worked out with the Kusto language service: its diagnostics (language service
 * errors and warnings, column type changes, mapping columns, update policy source, query and result schema)
 * and its effects on the cluster (tables, functions, mappings, policies). Reads the cluster state, never
 * changes it.
 */
import { codes, type Raised } from '../../diagnostics/index.js';
import { analyze, canonicalTypeName, type LsAnalysis, type LsSlot } from './languageService.js';
import { jsonProp, parseLocatedJson, LocatedJsonError, type LocatedJson } from '../../diagnostics/locatedJson.js';
import type { ClusterState, DbState } from './state.js';
import type { BlockOutcome, Effect, KqlColumn, KqlMappingInfo, KqlTableInfo, KqlUpdatePolicyInfo, RelDiagnostic } from './types.js';

// ---------------------------------------------------------------------------------------------------------
// Helpers

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
function parseJsonSlot(lit: LsSlot, notJson: (detail: string) => Raised, out: RelDiagnostic[]): LocatedJson | undefined {
  try {
    return parseLocatedJson(lit.value ?? '');
  } catch (e) {
    const offset = e instanceof LocatedJsonError ? e.offset : 0;
    const at = jsonOffset(lit, offset);
    out.push({ ...notJson((e as Error).message), start: at, end: at + 1 });
    return undefined;
  }
}

/**
 * Compares an update policy's query result with its target table.
 * @returns one message per difference: missing/extra columns, type differences, then the first order difference
 */
export function compareSchemas(result: readonly KqlColumn[], table: KqlTableInfo): string[] {
  const out: string[] = [];
  const inTable = new Map(table.columns.map((c) => [c.name, c]));
  const inResult = new Map(result.map((c) => [c.name, c]));
  for (const c of table.columns) if (!inResult.has(c.name)) out.push(`table ${table.name} column '${columnText(c)}' is not produced by the query`);
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
    out.push(`column order differs from table ${table.name}: query result column ${pr} is '${r[i].name}' where the table has '${t[i].name}' (column ${pt})`);
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
const MAPPING_COMMANDS = new Set(['CreateTableIngestionMapping', 'CreateOrAlterTableIngestionMapping', 'AlterTableIngestionMapping', 'AlterMergeTableIngestionMapping']);
const POLICY_COMMANDS = new Set(['AlterTablePolicyUpdate', 'AlterMergeTablePolicyUpdate']);

/** Analyses one block against the state and works out its effects and extra diagnostics. Reads state only. */
export function processBlock(text: string, database: string, state: ClusterState): BlockOutcome {
  const a = analyze(text, state.globalsFor(database));
  const diagnostics: RelDiagnostic[] = [];
  for (const d of a.diagnostics) {
    if (d.severity !== 'Error' && d.severity !== 'Warning') continue;
    diagnostics.push({
      ...(d.severity === 'Error' ? codes.HUB310 : codes.HUB314).languageService({ code: d.code, message: d.message }),
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
      // Neither .create-merge nor .alter table changes the type of a column the table has (kql-0.9-14.md §2.2;
      // https://learn.microsoft.com/kusto/management/alter-table-command): only a column dropped first can come back retyped.
      if ((mode === 'merge' || mode === 'replace') && old) {
        for (const c of t.columns) {
          const prev = old.columns.find((o) => o.name === c.name);
          if (prev && prev.type !== c.type) {
            const s = a.slots.find((x) => x.name === 'ColumnName' && nameOf(x) === c.name) ?? tableSlot!;
            diagnostics.push({
              ...codes.HUB310.columnType({ column: c.name, table: t.name, type: prev.type, command: a.commandKind, newType: c.type }),
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
function mappingCommand(a: LsAnalysis, database: string, tableName: string, tableSlot: LsSlot, db: DbState, diagnostics: RelDiagnostic[], effects: Effect[]): void {
  const format = slot(a, 'MappingFormat');
  const name = slot(a, 'MappingName')?.value ?? nameOf(slot(a, 'MappingName')) ?? '';
  const kind = (slot(a, 'MappingKind')?.text ?? '').toLowerCase();
  if (!format) return;
  const json = parseJsonSlot(format, (detail) => codes.HUB312.notJson({ mapping: name, detail }), diagnostics);
  if (!json) return;
  if (json.kind !== 'array') {
    const at = jsonOffset(format, json.start);
    diagnostics.push({ ...codes.HUB312.notArray({ mapping: name }), start: at, end: at + 1 });
    return;
  }
  const table = db.tables.get(tableName);
  const lsReported = a.diagnostics.some((d) => d.severity === 'Error' && d.start <= tableSlot.start && tableSlot.start < d.start + Math.max(1, d.length));
  if (!table && !lsReported) {
    diagnostics.push({
      ...codes.HUB312.noTable({ mapping: name, table: tableName, database }),
      start: tableSlot.start,
      end: tableSlot.end,
    });
  }
  const entries: KqlMappingInfo['entries'] = [];
  for (const item of json.items) {
    const col = jsonString(jsonProp(item, 'Column'));
    if (!col) {
      const at = jsonOffset(format, item.start);
      diagnostics.push({ ...codes.HUB312.noColumnName({ mapping: name }), start: at, end: at + 1 });
      continue;
    }
    const props = jsonProp(item, 'Properties');
    const source = [jsonProp(props, 'Field'), jsonProp(props, 'Path'), jsonProp(item, 'Path'), jsonProp(props, 'Ordinal'), jsonProp(item, 'Ordinal'), jsonProp(props, 'ConstValue')]
      .map((n) => (n?.kind === 'string' || n?.kind === 'number' ? String(n.value) : undefined))
      .find((v) => v !== undefined);
    const datatype = jsonString(jsonProp(item, 'DataType'))?.value;
    entries.push({ column: col.value, ...(source !== undefined ? { source } : {}), ...(datatype ? { datatype } : {}) });
    if (table && !table.columns.some((c) => c.name === col.value)) {
      diagnostics.push({
        ...codes.HUB312.unknownColumn({ mapping: name, column: col.value, table: tableName, columns: table.columns.map((c) => c.name) }),
        start: jsonOffset(format, col.offset(0)),
        end: jsonOffset(format, col.offset(col.value.length)),
      });
    }
  }
  effects.push({ type: 'mapping', mapping: { table: tableName, name, kind, entries, database }, at: 0 });
}

/** `.alter[-merge] table T policy update <json>`: checks source, query and result schema; remembers the policies. */
function policyCommand(a: LsAnalysis, database: string, tableName: string, state: ClusterState, diagnostics: RelDiagnostic[], effects: Effect[]): void {
  const lit = slot(a, 'UpdatePolicy');
  if (!lit) return;
  const json = parseJsonSlot(lit, (detail) => codes.HUB313.notJson({ table: tableName, detail }), diagnostics);
  if (!json) return;
  const list = json.kind === 'array' ? json.items : [json];
  const db = state.db(database);
  const table = db.tables.get(tableName);
  const policies: KqlUpdatePolicyInfo[] = [];
  const err = (raised: Raised, start: number, end: number) => diagnostics.push({ ...raised, start, end });
  for (const p of list) {
    const pAt = jsonOffset(lit, p.start);
    if (p.kind !== 'object') {
      err(codes.HUB313.notObject({ table: tableName }), pAt, pAt + 1);
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
    if (!source) err(codes.HUB313.noSource({ table: tableName }), pAt, pAt + 1);
    else if (!db.tables.has(source.value)) {
      err(codes.HUB313.unknownSource({ table: tableName, source: source.value, database }), jsonOffset(lit, source.offset(0)), jsonOffset(lit, source.offset(source.value.length)));
    }
    if (!query) {
      err(codes.HUB313.noQuery({ table: tableName }), pAt, pAt + 1);
      continue;
    }
    const qa = analyze(query.value, state.globalsFor(database));
    const at = (o: number) => jsonOffset(lit, query.offset(Math.max(0, Math.min(o, query.value.length))));
    let queryErrors = 0;
    for (const d of qa.diagnostics) {
      if (d.severity !== 'Error') continue;
      queryErrors++;
      err(codes.HUB313.queryError({ table: tableName, code: d.code, message: d.message }), at(d.start), at(d.start + d.length));
    }
    if (qa.kind !== 'Query' && !queryErrors) err(codes.HUB313.notAQuery({ table: tableName }), at(0), at(query.value.length));
    info.resultColumns = qa.resultColumns;
    if (!table || queryErrors) continue;
    if (!qa.resultColumns) {
      err(codes.HUB313.noResult({ table: tableName }), at(0), at(query.value.length));
      continue;
    }
    for (const m of compareSchemas(qa.resultColumns, table)) {
      err(codes.HUB311.raise({ table: tableName, difference: m }), at(0), at(query.value.length));
    }
  }
  effects.push({ type: 'policies', table: tableName, replace: a.commandKind === 'AlterTablePolicyUpdate', policies, at: 0 });
}
