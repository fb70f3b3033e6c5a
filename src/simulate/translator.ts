/**
 * What Data Factory's `TabularTranslator` makes of a source (learn.microsoft.com/azure/data-factory/
 * copy-activity-schema-and-type-mapping): each mapping picks a source column (`source.name`, matched
 * exactly, then ignoring case), converts it to the mapping's interim type (`source.type`, or `sink.type`;
 * rules in `./sql.ts`) and writes it under `sink.name`, in mapping order; `additionalColumns` are folded in.
 * The plan of a conversion is the columns to write with their SQL over the source relation; `./convert.ts`
 * runs it with DuckDB.
 */
import { ActivityFailure } from './values.js';
import { INVALID_VALUE_MARKER, checkedExpression, convertExpression, ident, invalidExpression, isConvertible, literal, sqlType } from './sql.js';

/** One column mapping of a TabularTranslator. */
export interface ColumnMapping {
  source: { name: string; type?: string };
  sink: { name: string; type?: string };
}

/** What the plan of a conversion reads of its request. */
export interface TranslatorInput {
  /** The translator's mappings; undefined without a translator. */
  mappings: readonly ColumnMapping[] | undefined;
  additional: readonly { name: string; value: unknown }[];
  /** Source path without its container: messages and `$$FILEPATH`. */
  file: string;
}

/** Finds a column by name: exactly, then ignoring case. */
function columnIndex(columns: readonly string[], name: string): number {
  const exact = columns.indexOf(name);
  return exact >= 0 ? exact : columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
}

/** One column to write: its SQL over the source relation, and how to tell an invalid value. */
export interface Output {
  sink: string;
  /** Interim type, or `(parquet)` for a parquet column copied with its type. */
  type: string;
  /** Source column (for messages), and the SQL reading it. */
  column: string;
  input: string;
  /** True when the input is text converted by the interim type's rule. */
  text: boolean;
}

/** The plan of a conversion: the relation to read and the columns to write. */
export interface Plan {
  relation: string;
  outputs: Output[];
  missing: string[];
  dropped: string[];
  /** Data Factory's code for a missing mapping column and for an invalid value, by source format. */
  format: 'DelimitedText' | 'Parquet';
  rejects?: string;
}

/** The mappings of a conversion with the additional columns folded in, as the translator applies them. */
export function plan(columns: readonly string[], types: readonly string[] | undefined, req: TranslatorInput, relationOf: (extras: string) => string, format: Plan['format']): Plan {
  const extras = req.additional.map((a) => {
    const v = String(a.value ?? '');
    if (v === '$$FILEPATH') return { name: a.name, sql: literal(req.file) };
    const col = /^\$\$COLUMN:(.+)$/.exec(v);
    if (col) {
      const i = columnIndex(columns, col[1]);
      return { name: a.name, sql: i >= 0 ? `CAST(${ident(`c${i}`)} AS VARCHAR)` : "''" };
    }
    return { name: a.name, sql: literal(v) };
  });
  const names = [...columns, ...extras.map((e) => e.name)];
  const maps: ColumnMapping[] = req.mappings ? [...req.mappings] : columns.map((c) => ({ source: { name: c, type: types ? undefined : 'String' }, sink: { name: c } }));
  for (const e of extras)
    if (!maps.some((m) => m.source.name.toLowerCase() === e.name.toLowerCase())) maps.push({ source: { name: e.name, type: 'String' }, sink: { name: e.name } });
  const missing = maps.filter((m) => columnIndex(names, m.source.name) < 0).map((m) => m.source.name);
  const dropped = columns.filter((c) => !maps.some((m) => m.source.name.toLowerCase() === c.toLowerCase()));
  const outputs: Output[] = [];
  for (const m of maps) {
    const i = columnIndex(names, m.source.name);
    if (i < 0) continue;
    const fromFile = i < columns.length;
    const type = m.source.type ?? m.sink.type ?? (fromFile && types ? '(parquet)' : 'String');
    const input = fromFile ? ident(`c${i}`) : ident(`x${i - columns.length}`);
    const sourceType = fromFile && types ? types[i] : 'VARCHAR';
    if (type !== '(parquet)' && !isConvertible(type)) {
      throw new ActivityFailure('UserErrorUnsupportedType', `The interim type '${type}' of column '${m.source.name}' is not one the simulator converts.`);
    }
    outputs.push({ sink: m.sink.name, type, column: m.source.name, input, text: sourceType === 'VARCHAR' && type !== '(parquet)' });
    if (type !== '(parquet)' && sourceType !== 'VARCHAR') checkTyped(m.source.name, sourceType, type);
  }
  const extraSql = extras.map((e, k) => `${e.sql} AS ${ident(`x${k}`)}`).join(', ');
  return { relation: relationOf(extraSql ? `, ${extraSql}` : ''), outputs, missing, dropped, format };
}

/** DuckDB type families a typed (parquet) column may be converted from, per interim type. */
const TYPED_SOURCES: Record<string, RegExp> = {
  string: /./,
  guid: /^UUID$/,
  boolean: /^BOOLEAN$/,
  int16: /^(U?TINYINT|U?SMALLINT|U?INTEGER|U?BIGINT|HUGEINT|DECIMAL)/,
  int32: /^(U?TINYINT|U?SMALLINT|U?INTEGER|U?BIGINT|HUGEINT|DECIMAL)/,
  int64: /^(U?TINYINT|U?SMALLINT|U?INTEGER|U?BIGINT|HUGEINT|DECIMAL)/,
  single: /^(U?TINYINT|U?SMALLINT|U?INTEGER|U?BIGINT|HUGEINT|DECIMAL|FLOAT|DOUBLE)/,
  double: /^(U?TINYINT|U?SMALLINT|U?INTEGER|U?BIGINT|HUGEINT|DECIMAL|FLOAT|DOUBLE)/,
  decimal: /^(U?TINYINT|U?SMALLINT|U?INTEGER|U?BIGINT|HUGEINT|DECIMAL|FLOAT|DOUBLE)/,
  datetime: /^(DATE|TIMESTAMP)/,
  datetimeoffset: /^(DATE|TIMESTAMP)/,
};

/** @throws ActivityFailure `ParquetDataTypeNotMatchColumnType` when the mapping's type cannot take the column's type */
function checkTyped(column: string, sourceType: string, type: string): void {
  if (!TYPED_SOURCES[type.toLowerCase()].test(sourceType)) {
    throw new ActivityFailure('ParquetDataTypeNotMatchColumnType', `The data type ${sourceType} is not match given column type ${type} at column '${column}'.`);
  }
}

/** The SQL of one output column: checked (stops the statement at an invalid value) or not. */
export function valueSql(o: Output, checked: boolean): string {
  if (o.type === '(parquet)') return o.input;
  if (o.text) return checked ? checkedExpression(o.type, o.input) : convertExpression(o.type, o.input);
  const cast = `TRY_CAST(${o.input} AS ${sqlType(o.type)})`;
  return checked ? `coalesce(${cast}, CASE WHEN ${o.input} IS NULL THEN NULL ELSE error(${literal(INVALID_VALUE_MARKER)}) END)` : cast;
}

/** The SQL telling whether one output column's value does not convert. */
export function invalidSql(o: Output): string {
  if (o.type === '(parquet)') return 'false';
  if (o.text) return invalidExpression(o.type, o.input);
  return `(${o.input} IS NOT NULL AND TRY_CAST(${o.input} AS ${sqlType(o.type)}) IS NULL)`;
}
