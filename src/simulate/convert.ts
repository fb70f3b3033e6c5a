/**
 * Delimited text to parquet, as the Copy activity converts it with a `TabularTranslator`: each mapping
 * picks a source column (`source.name`, matched exactly, then ignoring case), converts its text to the
 * mapping's interim type (`source.type`, or `sink.type`) and writes it under `sink.name`, in mapping order.
 * Without a translator every column is copied as String. `additionalColumns` (`[{ name, value }]`, value a
 * literal, `$$FILEPATH` or `$$COLUMN:<source column>`) are added to every row; an additional column no
 * mapping names is written after the mapped ones.
 *
 * Failures use Data Factory's error codes (as public run reports show them):
 * `MappingColumnNameNotFoundInSourceFile` when a mapping names a column the file lacks, and
 * `UserErrorInvalidDataValue` when a value does not convert to its type. An empty field is null.
 *
 * Parquet types (written with `hyparquet-writer`, snappy compression): String and Guid as UTF8 strings,
 * Boolean, Int16/Int32 as INT32, Int64 as INT64, Single/Double as DOUBLE, Decimal as DECIMAL(38,18)
 * (16-byte fixed length), DateTime and DateTimeOffset as TIMESTAMP_MILLIS (UTC). Source: "Copy activity
 * schema and data type mapping" (learn.microsoft.com/azure/data-factory/copy-activity-schema-and-type-mapping).
 */
import { parquetWriteBuffer, schemaFromColumnData } from 'hyparquet-writer';
import type { ColumnSource } from 'hyparquet-writer';
import { parseAdfTimestamp } from '../expressions/adf/evaluate.js';
import { AdfEvalError } from '../expressions/adf/evaluate.js';
import type { TextTable } from './files.js';
import { ActivityFailure } from './values.js';

/** One column mapping of a TabularTranslator. */
export interface ColumnMapping {
  source: { name: string; type?: string };
  sink: { name: string; type?: string };
}

/** The outcome of a conversion. */
export interface Conversion {
  parquet: Buffer;
  rowsRead: number;
  rowsCopied: number;
  /** Columns written, in order, with their interim type. */
  columns: { name: string; type: string }[];
  /** Mapping source columns the file lacks (the copy then fails). */
  missingColumns: string[];
  /** File columns no mapping reads. */
  droppedColumns: string[];
}

/** Decimal scale of the DECIMAL(38,18) columns. */
const DECIMAL_SCALE = 18;

/** Parses decimal text into the unscaled value at scale 18 (rounded half away from zero), or undefined. */
export function parseDecimal(text: string): bigint | undefined {
  const m = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  let digits = `${m[2]}${m[3] ?? ''}`.replace(/^0+(?=\d)/, '') || '0';
  let scale = (m[3] ?? '').length - Number(m[4] ?? 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  let value = BigInt(digits);
  if (scale <= DECIMAL_SCALE) value *= 10n ** BigInt(DECIMAL_SCALE - scale);
  else {
    const div = 10n ** BigInt(scale - DECIMAL_SCALE);
    value = (value + div / 2n) / div;
  }
  if (value >= 10n ** 38n) return undefined;
  return m[1] === '-' ? -value : value;
}

type Converter = (text: string) => unknown | undefined;

const CONVERTERS: Record<string, { parquet: ColumnSource['type'] | 'DECIMAL'; convert: Converter }> = {
  string: { parquet: 'STRING', convert: (t) => t },
  guid: { parquet: 'STRING', convert: (t) => (/^[{(]?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}[)}]?$/i.test(t.trim()) ? t.trim() : undefined) },
  boolean: { parquet: 'BOOLEAN', convert: (t) => (/^\s*true\s*$/i.test(t) ? true : /^\s*false\s*$/i.test(t) ? false : undefined) },
  int16: { parquet: 'INT32', convert: (t) => intIn(t, 16) },
  int32: { parquet: 'INT32', convert: (t) => intIn(t, 32) },
  int64: { parquet: 'INT64', convert: (t) => (/^\s*[+-]?\d+\s*$/.test(t) ? BigInt(t.trim()) : undefined) },
  single: { parquet: 'DOUBLE', convert: (t) => floatOf(t) },
  double: { parquet: 'DOUBLE', convert: (t) => floatOf(t) },
  decimal: { parquet: 'DECIMAL', convert: (t) => parseDecimal(t) },
  datetime: { parquet: 'TIMESTAMP', convert: (t) => dateOf(t) },
  datetimeoffset: { parquet: 'TIMESTAMP', convert: (t) => dateOf(t) },
};

function intIn(t: string, bits: number): number | undefined {
  if (!/^\s*[+-]?\d+\s*$/.test(t)) return undefined;
  const n = Number(t.trim());
  const max = 2 ** (bits - 1);
  return n >= -max && n < max ? n : undefined;
}
function floatOf(t: string): number | undefined {
  return /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(t) ? Number(t.trim()) : undefined;
}
function dateOf(t: string): Date | undefined {
  try {
    return new Date(parseAdfTimestamp('copy', t).ms);
  } catch (e) {
    if (e instanceof AdfEvalError) return undefined;
    throw e;
  }
}

/** Finds a column by name: exactly, then ignoring case. */
function columnIndex(columns: readonly string[], name: string): number {
  const exact = columns.indexOf(name);
  return exact >= 0 ? exact : columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
}

/**
 * Converts a table to a parquet file.
 * @param file source file path, for messages and `$$FILEPATH`
 * @throws ActivityFailure as described in the module comment; SimulationError never
 */
export function convertToParquet(table: TextTable, mappings: readonly ColumnMapping[] | undefined, additional: readonly { name: string; value: unknown }[], file: string): Conversion {
  const sourceColumns = [...table.columns];
  const extra = additional.map((a) => {
    const v = String(a.value ?? '');
    if (v === '$$FILEPATH') return { name: a.name, value: () => file };
    const col = /^\$\$COLUMN:(.+)$/.exec(v);
    if (col) {
      const i = columnIndex(table.columns, col[1]);
      return { name: a.name, value: (row: string[]) => (i >= 0 ? row[i] ?? '' : '') };
    }
    return { name: a.name, value: () => v };
  });
  sourceColumns.push(...extra.map((e) => e.name));
  const maps: ColumnMapping[] = mappings
    ? [...mappings]
    : table.columns.map((c) => ({ source: { name: c, type: 'String' }, sink: { name: c } }));
  for (const e of extra) if (!maps.some((m) => m.source.name.toLowerCase() === e.name.toLowerCase())) maps.push({ source: { name: e.name, type: 'String' }, sink: { name: e.name } });
  const missing = maps.filter((m) => columnIndex(sourceColumns, m.source.name) < 0).map((m) => m.source.name);
  const dropped = table.columns.filter((c) => !maps.some((m) => m.source.name.toLowerCase() === c.toLowerCase()));
  const columns = maps.map((m) => ({ name: m.sink.name, type: m.source.type ?? m.sink.type ?? 'String' }));
  const base = { rowsRead: table.rows.length, missingColumns: missing, droppedColumns: dropped, columns };
  if (missing.length) {
    throw Object.assign(
      new ActivityFailure('MappingColumnNameNotFoundInSourceFile', `Column ${missing.map((c) => `'${c}'`).join(', ')} specified in column mapping cannot be found in '${file}' source file.`),
      { conversion: base },
    );
  }
  const rows = table.rows.map((r) => [...r, ...extra.map((e) => e.value(r))]);
  const columnData: ColumnSource[] = [];
  const overrides: Record<string, any> = {};
  maps.forEach((m, k) => {
    const type = columns[k].type;
    const conv = CONVERTERS[type.toLowerCase()];
    if (!conv) throw new ActivityFailure('UserErrorUnsupportedType', `The interim type '${type}' of column '${m.source.name}' is not one the simulator converts.`);
    const i = columnIndex(sourceColumns, m.source.name);
    const data = rows.map((r) => {
      const text = r[i] ?? '';
      if (text === '') return null;
      const v = conv.convert(text);
      if (v === undefined) {
        throw new ActivityFailure('UserErrorInvalidDataValue', `Column '${m.source.name}' contains an invalid value '${text}'. Cannot convert '${text}' to type '${type}'.`);
      }
      return v;
    });
    const name = m.sink.name;
    if (conv.parquet === 'DECIMAL') {
      columnData.push({ name, data });
      overrides[name] = { name, type: 'FIXED_LEN_BYTE_ARRAY', type_length: 16, converted_type: 'DECIMAL', precision: 38, scale: DECIMAL_SCALE, repetition_type: 'OPTIONAL' };
    } else {
      columnData.push({ name, data, type: conv.parquet as ColumnSource['type'] });
    }
  });
  const schema = schemaFromColumnData({ columnData, schemaOverrides: overrides });
  // With an explicit schema the columns carry data only.
  const data = columnData.map(({ name, data }) => ({ name, data }));
  const parquet = Buffer.from(parquetWriteBuffer({ columnData: data, schema, createdBy: 'hubc simulate' }));
  return { ...base, parquet, rowsCopied: rows.length };
}
