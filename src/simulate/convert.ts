/**
 * Conversions of the Copy activity to parquet, streamed with bounded memory (issue #23): delimited text
 * (gzip too) and parquet sources are read by DuckDB (`./duckdb.ts`) in chunks and written as parquet row
 * groups to a temporary file beside the target, which the caller renames into place (it records the
 * change). A failed conversion leaves no file and leaves the source where it is.
 *
 * What is converted is decided as Data Factory's `TabularTranslator` does it (the plan: `./translator.ts`): each mapping picks a
 * source column (`source.name`, matched exactly, then ignoring case), converts it to the mapping's interim
 * type (`source.type`, or `sink.type`; rules in `./sql.ts`) and writes it under `sink.name`, in mapping
 * order. Without a translator every column of a delimited file is copied as String, and every column of
 * a parquet file with its own type. `additionalColumns` (`[{ name, value }]`, value a literal, `$$FILEPATH`
 * or `$$COLUMN:<source column>`) are added to every row; one no mapping names is written after the mapped ones.
 *
 * Failures carry Data Factory's error codes and message shapes (learn.microsoft.com/azure/data-factory/
 * connector-troubleshoot-delimited-text and connector-troubleshoot-parquet, "Copy activity schema and data
 * type mapping"):
 * - `MappingColumnNameNotFoundInSourceFile` (delimited text) / `ParquetColumnNotFound` (parquet): a mapping
 *   names a column the file lacks;
 * - `UserErrorInvalidDataValue` (delimited text) / `ParquetInvalidDataFormat` (parquet text column): the
 *   first row, in file order, with a value that does not convert, and its first such column in mapping order;
 * - `ParquetDataTypeNotMatchColumnType`: a typed parquet column the mapping's type cannot take (a boolean
 *   read as a date);
 * - `DelimitedTextMoreColumnsThanDefined`: a row with more cells than the header (its line number, the
 *   header being line 1); `DelimitedTextColumnNameNotAllowNull`: an empty header name;
 *   `InvalidDelimitedText`: any other malformed row (fewer cells, an unclosed quote, bad UTF-8);
 * - `InvalidCompressedFile`: a gzip source that does not inflate to its end (a truncated file included:
 *   it is inflated by Node's zlib into a temporary file first, since DuckDB stops quietly at a truncated end
 *   and reads a gzip stream on one thread only);
 * - `ParquetInvalidFile`: a parquet source that is not parquet; `FileNotFound`: no source file.
 *
 * Parquet types written: String/Guid UTF8, Boolean, Int16/Int32 INT32, Int64 INT64, Single/Double DOUBLE,
 * Decimal DECIMAL(38,18) (16-byte fixed length), DateTime/DateTimeOffset TIMESTAMP_MILLIS (UTC); snappy.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { parse as parseCsv } from 'csv-parse';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ResolvedDataset } from './datasets.js';
import type { ColumnarEngine } from './duckdb.js';
import type { LocalStorage } from './storage.js';
import { ActivityFailure } from './values.js';
import { INVALID_VALUE_MARKER, ident, literal } from './sql.js';
import { invalidSql, plan, valueSql, type Plan, type TranslatorInput } from './translator.js';

export type { ColumnMapping } from './translator.js';

/** The outcome of a conversion. */
export interface Conversion {
  rowsRead: number;
  rowsCopied: number;
  /** The parquet file, complete, in a temporary file beside the target: commit it with `LocalStorage.commit`. */
  temp: string;
  /** Columns written, in order, with their interim type (`(parquet)` for a parquet column copied with its own type). */
  columns: { name: string; type: string }[];
  /** Mapping source columns the file lacks (the copy then fails). */
  missingColumns: string[];
  /** File columns no mapping reads. */
  droppedColumns: string[];
}

/** What one conversion needs. */
export interface ConversionRequest extends TranslatorInput {
  storage: LocalStorage;
  engine: ColumnarEngine;
  source: ResolvedDataset;
  /** Storage path of the parquet file to write, container first. */
  target: string;
}

/**
 * Rows per parquet row group. DuckDB holds a row group in memory until it is written: at its default of
 * 122,880 rows, a row group of a ~100-column cost export is ~170 MB per thread, and memory grew with the
 * file until the limit was hit. 16,384 rows (~25 MB of cost data) keeps memory flat whatever the file size.
 */
export const ROW_GROUP_ROWS = 16_384;

/** Bytes per read, inflate and write when a gzip source is inflated. */
const INFLATE_CHUNK = 1024 * 1024;

/** The longest header row read (1 MiB): a file without line breaks is not read whole to find it. */
const MAX_HEADER_BYTES = 1024 * 1024;

/** A failure that also carries what was learnt of the file (for the activity's output). */
function failure(code: string, message: string, conversion?: Partial<Conversion>): ActivityFailure {
  return Object.assign(new ActivityFailure(code, message), conversion ? { conversion } : {});
}

/** The source's local path, checked to be a file. */
function sourceFile(storage: LocalStorage, ds: ResolvedDataset): string {
  if (!storage.isFile(ds.path)) throw new ActivityFailure('FileNotFound', `The file ${ds.path} (dataset ${ds.name}) does not exist.`);
  return storage.localPath(ds.path);
}

function csvOptions(ds: ResolvedDataset) {
  return { delimiter: ds.delimiter, quote: ds.quote || false, escape: ds.escape || ds.quote || '"', bom: true, relax_column_count: true } as const;
}

/**
 * The first record of a delimited file (its header), streamed: nothing past it is read. An empty file has none.
 * @throws ActivityFailure `InvalidCompressedFile`, `InvalidDelimitedText`
 */
export async function readFirstRecord(local: string, ds: ResolvedDataset): Promise<string[] | undefined> {
  const parser = parseCsv({ ...csvOptions(ds), to: 1, max_record_size: MAX_HEADER_BYTES });
  const sink = new Writable({
    objectMode: true,
    write(record, _e, done) {
      first ??= record;
      done();
    },
  });
  let first: string[] | undefined;
  try {
    if (ds.compression === 'gzip') await pipeline(createReadStream(local), createGunzip(), parser, sink);
    else await pipeline(createReadStream(local), parser, sink);
  } catch (e) {
    if (first) return first;
    const err = e as NodeJS.ErrnoException;
    if (err.code?.startsWith('Z_') || /incorrect header check|unexpected end of file/i.test(err.message)) {
      throw new ActivityFailure('InvalidCompressedFile', `The file ${ds.path} is not valid gzip (dataset ${ds.name} reads gzip): ${err.message}`);
    }
    throw new ActivityFailure('InvalidDelimitedText', `The file ${ds.path} is not valid delimited text: ${err.message}`);
  }
  return first;
}

/** The first row, in file order, holding a value that does not convert: its first such column (mapping order) and text. */
async function firstInvalid(conn: DuckDBConnection, p: Plan): Promise<{ column: string; value: string; type: string } | undefined> {
  const flags = p.outputs.map((o, k) => `${invalidSql(o)} AS ${ident(`bad${k}`)}, CAST(${o.input} AS VARCHAR) AS ${ident(`text${k}`)}`).join(', ');
  const any = p.outputs.map((_, k) => ident(`bad${k}`)).join(' OR ');
  const r = await conn.runAndReadAll(`SELECT * FROM (SELECT ${flags} FROM ${p.relation}) WHERE ${any || 'false'} LIMIT 1`);
  const row = r.getRowObjects()[0];
  if (!row) return undefined;
  const k = p.outputs.findIndex((_, i) => row[`bad${i}`] === true);
  return { column: p.outputs[k].column, value: String(row[`text${k}`]), type: p.outputs[k].type };
}

/** A DuckDB error's first line, without its class prefix. */
function firstLine(e: unknown): string {
  return String((e as Error).message ?? e)
    .split('\n')[0]
    .replace(/^[A-Za-z ]+Error: /, '');
}

/**
 * Runs a planned conversion into a temporary file beside the target (removed again when it fails).
 * @throws ActivityFailure with Data Factory's codes (module comment)
 */
async function run(req: ConversionRequest, p: Plan): Promise<Conversion> {
  const base = { missingColumns: p.missing, droppedColumns: p.dropped, columns: p.outputs.map((o) => ({ name: o.sink, type: o.type })) };
  if (p.missing.length) {
    if (p.format === 'Parquet') throw failure('ParquetColumnNotFound', `Column ${p.missing.join(', ')} does not exist in Parquet file.`, { ...base, rowsRead: 0 });
    throw failure(
      'MappingColumnNameNotFoundInSourceFile',
      `Column ${p.missing.map((c) => `'${c}'`).join(', ')} specified in column mapping cannot be found in '${req.file}' source file.`,
      { ...base, rowsRead: 0 },
    );
  }
  const conn = await req.engine.connect();
  const temp = req.storage.temporary(req.target);
  let done = false;
  try {
    const select = p.outputs.map((o) => `${valueSql(o, true)} AS ${ident(o.sink)}`).join(', ');
    let rows = 0;
    let copyError: unknown;
    const copy = conn
      .runAndReadAll(`COPY (SELECT ${select} FROM ${p.relation}) TO ${literal(temp)} (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE ${ROW_GROUP_ROWS}, USE_TMP_FILE false)`)
      .then((r) => {
        rows = Number(r.getRows()[0]?.[0] ?? 0);
      })
      .catch((e) => {
        copyError = e;
      });
    await copy;
    if (p.rejects) {
      const rejected = await conn.runAndReadAll(`SELECT line, error_type, error_message FROM ${p.rejects} ORDER BY line LIMIT 1`).catch(() => undefined);
      const [line, kind, message] = (rejected?.getRows()[0] ?? []) as [bigint, string, string];
      if (line !== undefined) {
        if (kind === 'TOO MANY COLUMNS') {
          const expected = /Expected Number of Columns: (\d+)/.exec(message)?.[1] ?? '?';
          throw failure(
            'DelimitedTextMoreColumnsThanDefined',
            `Error found when processing 'Csv/Tsv Format Text' source '${req.file}' with row number ${line}: found more columns than expected column count: ${expected}.`,
            base,
          );
        }
        throw failure('InvalidDelimitedText', `The file ${req.source.path} is not valid delimited text: line ${line}: ${message}`, base);
      }
    }
    if (copyError !== undefined) {
      if (String((copyError as Error).message).includes(INVALID_VALUE_MARKER)) {
        const bad = await firstInvalid(conn, p);
        if (bad) {
          if (p.format === 'Parquet') throw failure('ParquetInvalidDataFormat', `Incorrect format of ${bad.value} for converting to ${bad.type}.`, base);
          throw failure('UserErrorInvalidDataValue', `Column '${bad.column}' contains an invalid value '${bad.value}'. Cannot convert '${bad.value}' to type '${bad.type}'.`, base);
        }
      }
      if (p.format === 'Parquet') throw failure('ParquetInvalidFile', `File is not a valid Parquet file. (${req.source.path}: ${firstLine(copyError)})`, base);
      throw failure('InvalidDelimitedText', `The file ${req.source.path} is not valid delimited text: ${firstLine(copyError)}`, base);
    }
    done = true;
    return { ...base, rowsRead: rows, rowsCopied: rows, temp };
  } finally {
    if (!done) req.storage.discard(temp);
    if (p.rejects) await conn.run(`DROP TABLE IF EXISTS ${p.rejects}; DROP TABLE IF EXISTS ${p.rejects}_scan`).catch(() => undefined);
    conn.closeSync();
  }
}

/**
 * Inflates a gzip source into a temporary file beside the target, which is also the check that the file is
 * whole (DuckDB stops quietly at a truncated end). DuckDB then reads plain text in parallel, where a gzip
 * stream is read by one thread only.
 * @throws ActivityFailure `InvalidCompressedFile`
 */
async function inflate(req: ConversionRequest, local: string): Promise<string> {
  const plain = req.storage.temporary(req.target);
  try {
    // 1 MiB chunks: zlib's default 16 KiB made inflating a 1 GB export take 2.5 times as long (system calls).
    await pipeline(
      createReadStream(local, { highWaterMark: INFLATE_CHUNK }),
      createGunzip({ chunkSize: INFLATE_CHUNK }),
      createWriteStream(plain, { highWaterMark: INFLATE_CHUNK }),
    );
    return plain;
  } catch (e) {
    req.storage.discard(plain);
    throw new ActivityFailure('InvalidCompressedFile', `The file ${req.source.path} is not valid gzip (dataset ${req.source.name} reads gzip): ${(e as Error).message}`);
  }
}

/** Set (to anything) to have each conversion print its wall time on stderr (`npm run bench` reads it). */
export const TIMING_VARIABLE = 'HUBC_SIMULATE_TIMING';

/**
 * Runs one conversion; with `HUBC_SIMULATE_TIMING` set, prints one line on stderr when it ends:
 * `hubc simulate timing {"conversion":"<source path>","startMs":<its start, ms since the process started>,
 * "ms":<its wall time, ms>,"ok":<true when it succeeded>}`. The report itself never holds a duration (two
 * simulations of one input print the same report).
 */
export async function timedConversion<T>(source: string, work: () => Promise<T>): Promise<T> {
  if (!process.env[TIMING_VARIABLE]) return work();
  const start = performance.now();
  let ok = false;
  try {
    const result = await work();
    ok = true;
    return result;
  } finally {
    const end = performance.now();
    process.stderr.write(`hubc simulate timing ${JSON.stringify({ conversion: source, startMs: Math.round(start), ms: Math.round(end - start), ok })}\n`);
  }
}

/**
 * Delimited text (plain or gzip) to parquet.
 * @throws ActivityFailure as described in the module comment
 */
export async function convertDelimitedText(req: ConversionRequest): Promise<Conversion> {
  const ds = req.source;
  const source = sourceFile(req.storage, ds);
  const local = ds.compression === 'gzip' ? await inflate(req, source) : source;
  try {
    const text = { ...ds, compression: undefined };
    const first = (await readFirstRecord(local, text)) ?? [];
    const columns = ds.firstRowAsHeader ? first : first.map((_, i) => `Prop_${i}`);
    if (ds.firstRowAsHeader) {
      const empty = columns.findIndex((c) => c === '');
      if (empty >= 0 && columns.length > 1) {
        throw new ActivityFailure(
          'DelimitedTextColumnNameNotAllowNull',
          `The name of column index ${empty} is empty. Make sure column name is properly specified in the header row.`,
        );
      }
    }
    const rejects = req.engine.uniqueName('hubc_rejects');
    const options = [
      `header = ${ds.firstRowAsHeader && first.length > 0}`,
      `columns = {${(columns.length ? columns : ['']).map((_, i) => `${literal(`c${i}`)}: 'VARCHAR'`).join(', ')}}`,
      'auto_detect = false',
      `delim = ${literal(ds.delimiter)}`,
      `quote = ${literal(ds.quote)}`,
      `escape = ${literal(ds.escape || ds.quote)}`,
      "compression = 'none'",
      'strict_mode = true',
      'store_rejects = true',
      `rejects_table = ${literal(rejects)}`,
      `rejects_scan = ${literal(`${rejects}_scan`)}`,
    ].join(', ');
    const p = plan(columns, undefined, req, (extras) => `(SELECT *${extras} FROM read_csv(${literal(local)}, ${options}))`, 'DelimitedText');
    p.rejects = rejects;
    if (p.outputs.length === 0 && p.missing.length === 0) {
      // Nothing to write (an empty file copied without a translator): a parquet file needs a column.
      throw failure('UserErrorEmptyFile', `The file ${ds.path} has no header row and no rows: there is no column to write.`, {
        rowsRead: 0,
        columns: [],
        missingColumns: [],
        droppedColumns: [],
      });
    }
    return await run(req, p);
  } finally {
    if (local !== source) req.storage.discard(local);
  }
}

/**
 * Parquet to parquet with a translator or additional columns (a plain parquet copy is a file copy).
 * @throws ActivityFailure as described in the module comment
 */
export async function convertParquet(req: ConversionRequest): Promise<Conversion> {
  const local = sourceFile(req.storage, req.source);
  const relation = `read_parquet(${literal(local)})`;
  const conn = await req.engine.connect();
  let described: [string, string][];
  try {
    described = (await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${relation}`)).getRows().map((r) => [String(r[0]), String(r[1])]);
  } catch (e) {
    throw new ActivityFailure('ParquetInvalidFile', `File is not a valid Parquet file. (${req.source.path}: ${firstLine(e)})`);
  } finally {
    conn.closeSync();
  }
  const columns = described.map(([name]) => name);
  const renamed = columns.map((c, i) => `${ident(c)} AS ${ident(`c${i}`)}`).join(', ');
  const p = plan(
    columns,
    described.map(([, t]) => t),
    req,
    (extras) => `(SELECT ${renamed || '1 AS c0'}${extras} FROM ${relation})`,
    'Parquet',
  );
  return run(req, p);
}

/**
 * Reads a parquet source whole, as the Copy activity's parquet source does before a parquet sink writes
 * anything (a plain parquet-to-parquet Copy is simulated as a file copy, which alone would take any bytes):
 * every value of every column is decoded (DuckDB hashes them; nothing is kept), so a file that is not
 * parquet, empty or damaged fails as Data Factory's does (issue #29, item 9: `PAR1garbagegarbagePAR1` and
 * a 0-byte file were copied and the export deleted).
 * Source of the error code and message: learn.microsoft.com/azure/data-factory/connector-troubleshoot-parquet,
 * "Error code: ParquetInvalidFile", message "File is not a valid Parquet file.".
 * @returns the rows read
 * @throws ActivityFailure `FileNotFound`, `ParquetInvalidFile`
 */
export async function readParquetSource(req: Pick<ConversionRequest, 'storage' | 'engine' | 'source'>): Promise<number> {
  const local = sourceFile(req.storage, req.source);
  const conn = await req.engine.connect();
  try {
    const relation = `read_parquet(${literal(local)})`;
    const columns = (await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${relation}`)).getRows().length;
    const rows = await conn.runAndReadAll(`SELECT count(*)${columns ? ', bit_xor(hash(COLUMNS(*)))' : ''} FROM ${relation}`);
    return Number(rows.getRows()[0]![0]);
  } catch (e) {
    throw new ActivityFailure('ParquetInvalidFile', `File is not a valid Parquet file. (${req.source.path}: ${firstLine(e)})`);
  } finally {
    conn.closeSync();
  }
}
