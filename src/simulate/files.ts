/**
 * Reading the rows of a dataset's file: JSON (an object, an array of objects, or JSON lines), delimited
 * text (with `csv-parse`; gzip when the dataset says so) and parquet (with `hyparquet`).
 */
import { gunzipSync } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse/sync';
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import type { ResolvedDataset } from './datasets.js';
import type { LocalStorage } from './storage.js';
import { ActivityFailure, toJsonValue } from './values.js';

/** The header and rows of a delimited text file, values as text (an empty field is ''). */
export interface TextTable {
  columns: string[];
  rows: string[][];
}

/** The bytes of a dataset's file, decompressed when the dataset is gzip. */
export function readBytes(storage: LocalStorage, ds: ResolvedDataset): Buffer {
  if (!storage.isFile(ds.path)) throw new ActivityFailure('FileNotFound', `The file ${ds.path} (dataset ${ds.name}) does not exist.`);
  const raw = storage.read(ds.path);
  if (ds.compression !== 'gzip' || ds.format === 'Parquet') return raw;
  try {
    return gunzipSync(raw);
  } catch (e) {
    throw new ActivityFailure('InvalidCompressedFile', `The file ${ds.path} is not valid gzip (dataset ${ds.name} reads gzip): ${(e as Error).message}`);
  }
}

/**
 * Parses delimited text with the dataset's delimiter, quote and escape characters. Without
 * `firstRowAsHeader` the columns are named `Prop_0`, `Prop_1`, ... as Data Factory names them.
 * @throws ActivityFailure (`InvalidDelimitedText`) when the text does not parse
 */
export function readTextTable(storage: LocalStorage, ds: ResolvedDataset): TextTable {
  const text = readBytes(storage, ds).toString('utf8');
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter: ds.delimiter,
      quote: ds.quote || false,
      escape: ds.escape || ds.quote || '"',
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
    }) as string[][];
  } catch (e) {
    throw new ActivityFailure('InvalidDelimitedText', `The file ${ds.path} is not valid delimited text: ${(e as Error).message}`);
  }
  if (!ds.firstRowAsHeader) return { columns: (records[0] ?? []).map((_, i) => `Prop_${i}`), rows: records };
  const [header = [], ...rows] = records;
  return { columns: header, rows };
}

/** The parquet file's rows (all, or the first `limit`) as JSON values, and its column names. */
export async function readParquet(storage: LocalStorage, ds: ResolvedDataset, limit?: number): Promise<{ columns: string[]; rows: Record<string, unknown>[] }> {
  const bytes = readBytes(storage, ds);
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  try {
    const metadata = parquetMetadata(file);
    const columns = parquetSchema(metadata).children.map((c) => c.element.name);
    const rows = await parquetReadObjects({ file, metadata, rowEnd: limit });
    return { columns, rows: rows.map((r) => toJsonValue(r) as Record<string, unknown>) };
  } catch (e) {
    throw new ActivityFailure('InvalidParquetFile', `The file ${ds.path} is not a valid parquet file: ${(e as Error).message}`);
  }
}

/**
 * The rows of a dataset's file, as Lookup returns them: JSON objects; delimited text rows as
 * `{ column: text }`; parquet rows with their typed values.
 */
export async function readRows(storage: LocalStorage, ds: ResolvedDataset, limit?: number): Promise<Record<string, unknown>[]> {
  if (ds.format === 'Parquet') return (await readParquet(storage, ds, limit)).rows;
  if (ds.format === 'DelimitedText') {
    const t = readTextTable(storage, ds);
    return t.rows.slice(0, limit).map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i] ?? ''])));
  }
  const text = readBytes(storage, ds).toString('utf8').replace(/^\uFEFF/, '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    try {
      value = lines.map((l) => JSON.parse(l));
    } catch (e) {
      throw new ActivityFailure('InvalidJsonFile', `The file ${ds.path} is not valid JSON: ${(e as Error).message}`);
    }
    if (lines.length === 0) throw new ActivityFailure('InvalidJsonFile', `The file ${ds.path} is empty, not JSON.`);
  }
  const rows = Array.isArray(value) ? value : [value];
  return rows.slice(0, limit) as Record<string, unknown>[];
}
