/**
 * The Copy activity's streamed conversions to parquet (src/simulate/convert.ts), through a one-activity
 * pipeline on small files: the column mapping with types, additional columns, Data Factory's error codes
 * and messages (which row, column and value), and the edge cases of issue #23 (a truncated gzip, a row with
 * more cells than the header, a 0-byte file, a parquet export whose types differ from the mapping), each
 * leaving the source in place and no file (not even a temporary one) behind. Parquet files are read back
 * with the independent reader; a small generated FocusCost export proves row count and exact decimal sums.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { runPipeline } from '../../src/simulate/engine.js';
import { ColumnarEngine } from '../../src/simulate/duckdb.js';
import type { Factory } from '../../src/simulate/factory.js';
import type { ActivityRun } from '../../src/simulate/types.js';
import '../../src/simulate/activities/index.js';
import { cleanStorages, testEngine, decimal18, emptyStorage, filesIn, readParquetFile } from '../support/simulate.js';
import { focusColumns, writeFocusCsv } from '../../scripts/focus-export.js';

test.after.each(() => cleanStorages());

const m = (name: string, type: string, sink = name) => ({ source: { name, type }, sink: { name: sink } });

const location = (fileSystem: string) => ({ type: 'AzureBlobFSLocation', fileSystem, fileName: { value: '@dataset().fileName', type: 'Expression' } });
const DATASETS = {
  csv: { type: 'DelimitedText', typeProperties: { location: location('raw'), columnDelimiter: ',', quoteChar: '"', escapeChar: '"', firstRowAsHeader: true } },
  gz: {
    type: 'DelimitedText',
    typeProperties: { location: location('raw'), columnDelimiter: ',', quoteChar: '"', escapeChar: '"', firstRowAsHeader: true, compressionCodec: 'gzip' },
  },
  pq: { type: 'Parquet', typeProperties: { location: location('raw'), compressionCodec: 'snappy' } },
  out: { type: 'Parquet', typeProperties: { location: location('ingestion'), compressionCodec: 'snappy' } },
};

interface Converted {
  activity: ActivityRun;
  dir: string;
  /** The parquet file as the independent reader sees it, when one was written. */
  parquet?: Awaited<ReturnType<typeof readParquetFile>>;
}

/**
 * Puts `content` at raw/<file> and runs a Copy from dataset `input` to ingestion/out.parquet.
 * @param copy extra typeProperties of the Copy (translator, source.additionalColumns)
 */
async function convert(input: 'csv' | 'gz' | 'pq', file: string, content: Buffer | string | ((dir: string) => Promise<void>), copy: Record<string, unknown>): Promise<Converted> {
  const dir = emptyStorage();
  mkdirSync(join(dir, 'raw'), { recursive: true });
  if (typeof content === 'function') await content(dir);
  else writeFileSync(join(dir, 'raw', file), content);
  const activity = {
    name: 'Convert',
    type: 'Copy',
    dependsOn: [],
    inputs: [{ referenceName: input, type: 'DatasetReference', parameters: { fileName: file } }],
    outputs: [{ referenceName: 'out', type: 'DatasetReference', parameters: { fileName: 'out.parquet' } }],
    typeProperties: { source: { type: 'DelimitedTextSource' }, sink: { type: 'ParquetSink' }, ...copy },
  };
  const factory: Factory = {
    pipelines: new Map([['p', { name: 'p', properties: { activities: [activity] } }]]),
    triggers: new Map(),
    datasets: new Map(
      Object.entries(DATASETS).map(([name, p]) => [
        name,
        { name, properties: { ...p, linkedServiceName: { referenceName: 'lake', type: 'LinkedServiceReference' }, parameters: { fileName: { type: 'String' } } } },
      ]),
    ),
    linkedServices: new Map([['lake', { name: 'lake', properties: { type: 'AzureBlobFS', typeProperties: {} } }]]),
    configFiles: new Map(),
  };
  const engine = testEngine(factory, dir);
  try {
    const run = (await runPipeline(engine, 'p', {}, { type: 'Manual' }))!;
    const out = join(dir, 'ingestion/out.parquet');
    return { activity: run.activities[0], dir, ...(existsSync(out) ? { parquet: await readParquetFile(out) } : {}) };
  } finally {
    await engine.columnar.close();
  }
}

const translator = (mappings: ReturnType<typeof m>[]) => ({ translator: { type: 'TabularTranslator', mappings } });

/** Asserts a failed copy: its code and message, the source file still there, nothing written. */
function failed(r: Converted, code: string, message?: string | RegExp): void {
  assert.is(r.activity.status, 'Failed');
  assert.is(r.activity.error!.errorCode, code, r.activity.error!.message);
  if (typeof message === 'string') assert.is(r.activity.error!.message, message);
  else if (message) assert.match(r.activity.error!.message, message);
  assert.equal(filesIn(r.dir, 'ingestion'), [], 'nothing is written, not even a temporary file');
  assert.ok(filesIn(r.dir, 'raw').length === 1, 'the source stays');
}

test('mapped columns in mapping order, renamed sinks, dropped file columns reported, additional columns added, empty is null', async () => {
  const r = await convert('csv', 'a.csv', 'B,A,Extra\r\n2,x,e\r\n"",y,f\r\n', {
    ...translator([m('A', 'String', 'Alpha'), m('B', 'Decimal')]),
    source: {
      type: 'DelimitedTextSource',
      additionalColumns: [
        { name: 'x_Source', value: '$$FILEPATH' },
        { name: 'Copy', value: '$$COLUMN:A' },
        { name: 'Const', value: 'k' },
      ],
    },
  });
  assert.is(r.activity.status, 'Succeeded', JSON.stringify(r.activity.error));
  const out = r.activity.output as { droppedColumns: string[]; missingColumns: string[]; rowsCopied: number };
  assert.equal(out.droppedColumns, ['Extra']);
  assert.equal(out.missingColumns, []);
  assert.is(out.rowsCopied, 2);
  const pq = r.parquet!;
  assert.equal(pq.columns, ['Alpha', 'B', 'x_Source', 'Copy', 'Const']);
  assert.equal(
    pq.rows.map((x) => x.Alpha),
    ['x', 'y'],
  );
  assert.is(decimal18(pq.rows[0].B), 2);
  assert.ok(pq.rows[1].B == null, 'a quoted empty field is null too');
  assert.equal(
    pq.rows.map((x) => [x.x_Source, x.Copy, x.Const]),
    [
      ['a.csv', 'x', 'k'],
      ['a.csv', 'y', 'k'],
    ],
  );
});

test('types written: DECIMAL(38,18) exact, TIMESTAMP_MILLIS in UTC, BOOLEAN, INT32 (INT_32), INT64 (INT_64), DOUBLE, UTF8', async () => {
  const r = await convert(
    'csv',
    't.csv',
    'D,T,B,I,L,F,S\r\n123456789012345678.123456789012345678,2024-05-01T10:00:00+02:00,TRUE,-7,9007199254740993,1.5e3,text\r\n',
    translator([m('D', 'Decimal'), m('T', 'DateTimeOffset'), m('B', 'Boolean'), m('I', 'Int32'), m('L', 'Int64'), m('F', 'Double'), m('S', 'String')]),
  );
  assert.is(r.activity.status, 'Succeeded', JSON.stringify(r.activity.error));
  const pq = r.parquet!;
  assert.equal(pq.types, { D: 'DECIMAL', T: 'TIMESTAMP_MILLIS', B: 'BOOLEAN', I: 'INT_32', L: 'INT_64', F: 'DOUBLE', S: 'UTF8' });
  const raw = BigInt.asIntN(128, BigInt(`0x${Buffer.from(pq.rows[0].D as Buffer).toString('hex')}`));
  assert.is(raw, 123456789012345678123456789012345678n, 'all 36 digits kept');
  assert.is((pq.rows[0].T as Date).toISOString(), '2024-05-01T08:00:00.000Z');
  assert.equal([pq.rows[0].B, pq.rows[0].I, BigInt(pq.rows[0].L as bigint), pq.rows[0].F, pq.rows[0].S], [true, -7, 9007199254740993n, 1500, 'text']);
});

test('a mapping column the file lacks fails with MappingColumnNameNotFoundInSourceFile', async () => {
  const r = await convert('csv', 'part0.csv', 'A\r\nx\r\n', translator([m('A', 'String'), m('Net Savings', 'Decimal')]));
  failed(r, 'MappingColumnNameNotFoundInSourceFile', "Column 'Net Savings' specified in column mapping cannot be found in 'part0.csv' source file.");
  assert.equal((r.activity.output as { missingColumns: string[] }).missingColumns, ['Net Savings']);
});

test('a value that does not convert fails with UserErrorInvalidDataValue naming column, value and type', async () => {
  for (const [type, value, valid] of [
    ['Decimal', '{"currency":"USD","value":114.5}', '1'],
    ['DateTimeOffset', 'soon', '2024-05-01'],
    ['Boolean', 'yes', 'true'],
    ['Int32', '3000000000', '1'],
  ]) {
    const r = await convert(
      'csv',
      'f.csv',
      `C\r\n${valid}\r\n${value.includes(',') || value.includes('"') ? `"${value.replace(/"/g, '""')}"` : value}\r\n`,
      translator([m('C', type)]),
    );
    failed(r, 'UserErrorInvalidDataValue', `Column 'C' contains an invalid value '${value}'. Cannot convert '${value}' to type '${type}'.`);
  }
});

test('the first invalid row in file order is reported, and in that row the first invalid column in mapping order', async () => {
  const rows = ['A,B'];
  for (let i = 0; i < 5000; i++) rows.push(i === 3100 ? 'bad-a,bad-b' : i === 4000 ? '1,late' : `${i},${i}.5`);
  const r = await convert('csv', 'f.csv', `${rows.join('\n')}\n`, translator([m('B', 'Decimal'), m('A', 'Int32')]));
  failed(r, 'UserErrorInvalidDataValue', "Column 'B' contains an invalid value 'bad-b'. Cannot convert 'bad-b' to type 'Decimal'.");
});

test('an export with a header and no rows writes a parquet file with the columns and no rows', async () => {
  const r = await convert('csv', 'f.csv', 'A,B\r\n', translator([m('A', 'String'), m('B', 'DateTimeOffset')]));
  assert.is(r.activity.status, 'Succeeded', JSON.stringify(r.activity.error));
  assert.equal(r.parquet!.columns, ['A', 'B']);
  assert.is(r.parquet!.rows.length, 0);
});

test('a gzip CSV converts like the plain one; a truncated gzip fails with InvalidCompressedFile and keeps the source', async () => {
  const text = `A,B\r\n${Array.from({ length: 3000 }, (_, i) => `row-${i},${i}.25`).join('\r\n')}\r\n`;
  const ok = await convert('gz', 'f.csv.gz', gzipSync(text), translator([m('A', 'String'), m('B', 'Decimal')]));
  assert.is(ok.activity.status, 'Succeeded', JSON.stringify(ok.activity.error));
  assert.is(ok.parquet!.rows.length, 3000);
  const zipped = gzipSync(text);
  const truncated = await convert('gz', 'f.csv.gz', zipped.subarray(0, Math.floor(zipped.length * 0.6)), translator([m('A', 'String'), m('B', 'Decimal')]));
  failed(truncated, 'InvalidCompressedFile', /^The file raw\/f\.csv\.gz is not valid gzip \(dataset gz reads gzip\): unexpected end of file/);
  const notGzip = await convert('gz', 'f.csv.gz', text, translator([m('A', 'String')]));
  failed(notGzip, 'InvalidCompressedFile', /incorrect header check/);
});

test('a row with more cells than the header fails with DelimitedTextMoreColumnsThanDefined and its row number', async () => {
  const r = await convert('csv', 'wide.csv', 'A,B\r\n1,2\r\n3,4,5\r\n', translator([m('A', 'String'), m('B', 'String')]));
  failed(
    r,
    'DelimitedTextMoreColumnsThanDefined',
    "Error found when processing 'Csv/Tsv Format Text' source 'wide.csv' with row number 3: found more columns than expected column count: 2.",
  );
  const short = await convert('csv', 'short.csv', 'A,B\r\n1,2\r\n3\r\n', translator([m('A', 'String'), m('B', 'String')]));
  failed(short, 'InvalidDelimitedText', /^The file raw\/short\.csv is not valid delimited text: line 3: /);
});

test('a 0-byte file fails with MappingColumnNameNotFoundInSourceFile (no header) and keeps the source', async () => {
  const r = await convert('csv', 'empty.csv', '', translator([m('A', 'String'), m('B', 'Decimal')]));
  failed(r, 'MappingColumnNameNotFoundInSourceFile', "Column 'A', 'B' specified in column mapping cannot be found in 'empty.csv' source file.");
  const noTranslator = await convert('csv', 'empty.csv', '', {});
  failed(noTranslator, 'UserErrorEmptyFile');
});

/** Writes raw/<file> as parquet with DuckDB from a SELECT. */
const parquetOf = (file: string, select: string) => async (dir: string) => {
  const engine = new ColumnarEngine();
  const c = await engine.connect();
  await c.run(`COPY (${select}) TO '${join(dir, 'raw', file)}' (FORMAT parquet)`);
  c.closeSync();
  await engine.close();
};

test('a parquet export: converted by the mapping; types the mapping cannot take, bad text and missing columns fail with Data Factory codes', async () => {
  const good = await convert('pq', 'p.parquet', parquetOf('p.parquet', "SELECT 12.5::DECIMAL(10,2) AS Cost, 'vm-1' AS Name, TIMESTAMP '2024-05-01 00:00:00' AS Day, 7 AS N"), {
    ...translator([m('Cost', 'Decimal'), m('name', 'String', 'ResourceName'), m('Day', 'DateTimeOffset'), m('N', 'String')]),
  });
  assert.is(good.activity.status, 'Succeeded', JSON.stringify(good.activity.error));
  assert.equal(good.parquet!.types, { Cost: 'DECIMAL', ResourceName: 'UTF8', Day: 'TIMESTAMP_MILLIS', N: 'UTF8' });
  assert.is(decimal18(good.parquet!.rows[0].Cost), 12.5);
  assert.equal([good.parquet!.rows[0].ResourceName, good.parquet!.rows[0].N], ['vm-1', '7']);

  const typed = await convert('pq', 'p.parquet', parquetOf('p.parquet', 'SELECT true AS ChargePeriodStart'), translator([m('ChargePeriodStart', 'DateTimeOffset')]));
  failed(typed, 'ParquetDataTypeNotMatchColumnType', "The data type BOOLEAN is not match given column type DateTimeOffset at column 'ChargePeriodStart'.");
  const text = await convert('pq', 'p.parquet', parquetOf('p.parquet', "SELECT * FROM (VALUES ('1.5'), ('abc')) t(BilledCost)"), translator([m('BilledCost', 'Decimal')]));
  failed(text, 'ParquetInvalidDataFormat', 'Incorrect format of abc for converting to Decimal.');
  const missing = await convert('pq', 'p.parquet', parquetOf('p.parquet', 'SELECT 1 AS A'), translator([m('B', 'String')]));
  failed(missing, 'ParquetColumnNotFound', 'Column B does not exist in Parquet file.');
  const notParquet = await convert('pq', 'p.parquet', 'A,B\n1,2\n', translator([m('A', 'String')]));
  failed(notParquet, 'ParquetInvalidFile', /^File is not a valid Parquet file\./);
  const asIs = await convert('pq', 'p.parquet', parquetOf('p.parquet', 'SELECT 1 AS A'), {});
  assert.is(asIs.activity.status, 'Succeeded');
  assert.equal(readFileSync(join(asIs.dir, 'ingestion/out.parquet')), readFileSync(join(asIs.dir, 'raw/p.parquet')), 'without a translator a parquet file is copied byte for byte');
});

test('a generated FocusCost 1.0r2 file: row count and exact sums of BilledCost and EffectiveCost read back by a second reader', async () => {
  const columns = await focusColumns();
  let generated: Awaited<ReturnType<typeof writeFocusCsv>> | undefined;
  const r = await convert(
    'gz',
    'part_0_0001.csv.gz',
    async (dir) => {
      generated = await writeFocusCsv(join(dir, 'raw/part_0_0001.csv.gz'), { bytes: 1_500_000, seed: 5, columns });
    },
    translator(columns.map((c) => m(c.name, c.type))),
  );
  assert.is(r.activity.status, 'Succeeded', JSON.stringify(r.activity.error));
  const g = generated!;
  assert.ok(g.rows > 500, `${g.rows} rows`);
  const pq = r.parquet!;
  assert.is(pq.rows.length, g.rows);
  const sum = (c: string) => pq.rows.reduce((n, row) => n + (row[c] == null ? 0n : BigInt.asIntN(128, BigInt(`0x${Buffer.from(row[c] as Buffer).toString('hex')}`))), 0n);
  assert.is(sum('BilledCost'), g.sums.BilledCost);
  assert.is(sum('EffectiveCost'), g.sums.EffectiveCost);
  assert.is(pq.columns.length, columns.length);
});

test.run();
