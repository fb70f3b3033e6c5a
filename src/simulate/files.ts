/**
 * Reading the rows of a dataset's file for the Lookup activity: JSON (an object, an array of objects, or
 * JSON lines), delimited text (with `csv-parse`, streamed and stopped after the rows asked for; gzip when
 * the dataset says so) and parquet (with `hyparquet`, reading only the row groups it needs). A JSON file
 * is read whole up to 64 MiB (`MAX_READ_BYTES`); the others are never read further than the rows returned.
 */
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gunzipSync } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } from 'hyparquet';
import type { ResolvedDataset } from './datasets.js';
import type { LocalStorage } from './storage.js';
import { ActivityFailure, toJsonValue } from './values.js';

/** The header and rows of a delimited text file, values as text (an empty field is ''). */
export interface TextTable {
  columns: string[];
  rows: string[][];
}

/** The bytes of a small dataset file (JSON), inflated when the dataset is gzip. */
export function readBytes(storage: LocalStorage, ds: ResolvedDataset): Buffer {
  if (!storage.isFile(ds.path)) throw new ActivityFailure('FileNotFound', `The file ${ds.path} (dataset ${ds.name}) does not exist.`);
  let raw: Buffer;
  try {
    raw = storage.read(ds.path);
  } catch (e) {
    throw new ActivityFailure('FileTooLarge', `The file ${ds.path} (dataset ${ds.name}) cannot be read whole: ${(e as Error).message}`);
  }
  if (ds.compression !== 'gzip' || ds.format === 'Parquet') return raw;
  try {
    return gunzipSync(raw, { maxOutputLength: 4 * raw.length + 64 * 1024 * 1024 });
  } catch (e) {
    throw new ActivityFailure('InvalidCompressedFile', `The file ${ds.path} is not valid gzip (dataset ${ds.name} reads gzip): ${(e as Error).message}`);
  }
}

/**
 * Reads delimited text with the dataset's delimiter, quote and escape characters, up to `limit` data rows
 * (streamed: nothing after them is read). Without `firstRowAsHeader` the columns are named `Prop_0`,
 * `Prop_1`, ... as Data Factory names them.
 * @throws ActivityFailure (`InvalidDelimitedText`, `InvalidCompressedFile`) when the text does not parse
 */
export async function readTextTable(storage: LocalStorage, ds: ResolvedDataset, limit = Number.POSITIVE_INFINITY): Promise<TextTable> {
  if (!storage.isFile(ds.path)) throw new ActivityFailure('FileNotFound', `The file ${ds.path} (dataset ${ds.name}) does not exist.`);
  const records: string[][] = [];
  const wanted = limit + (ds.firstRowAsHeader ? 1 : 0);
  const local = storage.localPath(ds.path);
  const parser = parseCsv({
    delimiter: ds.delimiter,
    quote: ds.quote || false,
    escape: ds.escape || ds.quote || '"',
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    ...(Number.isFinite(wanted) ? { to: wanted } : {}),
  });
  try {
    const sink = new Writable({
      objectMode: true,
      write(record, _e, done) {
        records.push(record);
        done();
      },
    });
    if (ds.compression === 'gzip') await pipeline(createReadStream(local), createGunzip(), parser, sink);
    else await pipeline(createReadStream(local), parser, sink);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (!(records.length >= wanted)) {
      if (ds.compression === 'gzip' && (err.code?.startsWith('Z_') || /unexpected end of file|incorrect header/i.test(err.message))) {
        throw new ActivityFailure('InvalidCompressedFile', `The file ${ds.path} is not valid gzip (dataset ${ds.name} reads gzip): ${err.message}`);
      }
      throw new ActivityFailure('InvalidDelimitedText', `The file ${ds.path} is not valid delimited text: ${err.message}`);
    }
  }
  if (!ds.firstRowAsHeader) return { columns: (records[0] ?? []).map((_, i) => `Prop_${i}`), rows: records };
  const [header = [], ...rows] = records;
  return { columns: header, rows };
}

/** The parquet file's rows (all, or the first `limit`) as JSON values, and its column names. */
export async function readParquet(storage: LocalStorage, ds: ResolvedDataset, limit?: number): Promise<{ columns: string[]; rows: Record<string, unknown>[] }> {
  if (!storage.isFile(ds.path)) throw new ActivityFailure('FileNotFound', `The file ${ds.path} (dataset ${ds.name}) does not exist.`);
  try {
    const file = await asyncBufferFromFile(storage.localPath(ds.path));
    const metadata = await parquetMetadataAsync(file);
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
    const t = await readTextTable(storage, ds, limit);
    return t.rows.slice(0, limit).map((r) => Object.fromEntries(t.columns.map((c, i) => [c, r[i] ?? ''])));
  }
  const text = readBytes(storage, ds)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
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
