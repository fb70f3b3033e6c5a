/**
 * The Copy activity on a small hand-written factory: a CSV converted to parquet with a TabularTranslator
 * written as a literal object (as the 0.2-0.3 conversion pipeline carries it) or as an expression (as the
 * schema-file pipelines pass it), and without a translator (0.1), where every column is kept as written,
 * as a string. Files are read back with the independent reader.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runPipeline, type Engine } from '../../src/simulate/engine.js';
import type { Factory } from '../../src/simulate/factory.js';
import '../../src/simulate/activities/index.js';
import { cleanStorages, testEngine, decimal18, emptyStorage, readParquetFile } from '../support/simulate.js';

const CSV = 'Cost,Name,Extra\r\n12.50,vm-1,x\r\n,vm-2,\r\n';

const dataset = (type: string, fileSystem: string, extra: Record<string, unknown> = {}) => ({
  properties: {
    type,
    linkedServiceName: { referenceName: 'lake', type: 'LinkedServiceReference' },
    parameters: { fileName: { type: 'String' } },
    typeProperties: { location: { type: 'AzureBlobFSLocation', fileSystem, fileName: { value: '@dataset().fileName', type: 'Expression' } }, ...extra },
  },
});

/** An engine over a storage folder holding `raw/in.csv`, with a CSV dataset and a parquet dataset. */
function engineWith(copy: Record<string, unknown>): { engine: Engine; dir: string } {
  const dir = emptyStorage();
  mkdirSync(join(dir, 'raw'), { recursive: true });
  writeFileSync(join(dir, 'raw/in.csv'), CSV);
  const activity = {
    name: 'Convert',
    type: 'Copy',
    dependsOn: [],
    inputs: [{ referenceName: 'csv', type: 'DatasetReference', parameters: { fileName: 'in.csv' } }],
    outputs: [{ referenceName: 'parquet', type: 'DatasetReference', parameters: { fileName: 'out.parquet' } }],
    typeProperties: { source: { type: 'DelimitedTextSource' }, sink: { type: 'ParquetSink' }, ...copy },
  };
  const factory: Factory = {
    pipelines: new Map([['p', { name: 'p', properties: { activities: [activity] } }]]),
    triggers: new Map(),
    datasets: new Map([
      ['csv', { name: 'csv', ...dataset('DelimitedText', 'raw', { columnDelimiter: ',', quoteChar: '"', escapeChar: '"', firstRowAsHeader: true }) }],
      ['parquet', { name: 'parquet', ...dataset('Parquet', 'ingestion', { compressionCodec: 'snappy' }) }],
    ]),
    linkedServices: new Map([['lake', { name: 'lake', properties: { type: 'AzureBlobFS', typeProperties: {} } }]]),
    configFiles: new Map(),
  };
  const engine = testEngine(factory, dir);
  return { engine, dir };
}

async function convert(copy: Record<string, unknown>) {
  const { engine, dir } = engineWith(copy);
  const run = (await runPipeline(engine, 'p', {}, { type: 'Manual' }))!;
  await engine.columnar.close();
  assert.is(run.status, 'Succeeded', JSON.stringify(run.error));
  return { activity: run.activities[0], parquet: await readParquetFile(join(dir, 'ingestion/out.parquet')) };
}

const MAPPINGS = [
  { source: { name: 'Cost', type: 'Decimal' }, sink: { name: 'Cost' } },
  { source: { name: 'name', type: 'String' }, sink: { name: 'ResourceName' } },
];

test('a literal TabularTranslator object picks, renames and types the columns, and reports the dropped ones', async () => {
  const { activity, parquet } = await convert({ translator: { type: 'TabularTranslator', mappings: MAPPINGS } });
  assert.equal(parquet.columns, ['Cost', 'ResourceName']);
  assert.is(parquet.types.Cost, 'DECIMAL');
  assert.is(decimal18(parquet.rows[0].Cost), 12.5);
  assert.ok(parquet.rows[1].Cost == null, 'an empty field is null');
  assert.equal(
    parquet.rows.map((r) => r.ResourceName),
    ['vm-1', 'vm-2'],
    'the source column is found ignoring case',
  );
  assert.equal((activity.output as { droppedColumns: string[] }).droppedColumns, ['Extra']);
  assert.equal((activity.input as { translator: unknown }).translator, { type: 'TabularTranslator', mappings: MAPPINGS });
});

test('a translator given as an expression converts the same way', async () => {
  const { parquet } = await convert({ translator: { value: `@json('${JSON.stringify({ type: 'TabularTranslator', mappings: MAPPINGS })}')`, type: 'Expression' } });
  assert.equal(parquet.columns, ['Cost', 'ResourceName']);
  assert.is(parquet.types.Cost, 'DECIMAL');
});

test('without a translator every column is kept as written, in file order, as a string', async () => {
  const { activity, parquet } = await convert({});
  assert.equal(parquet.columns, ['Cost', 'Name', 'Extra']);
  assert.equal(parquet.types, { Cost: 'UTF8', Name: 'UTF8', Extra: 'UTF8' });
  assert.equal(parquet.rows[0], { Cost: '12.50', Name: 'vm-1', Extra: 'x' }, 'text is not converted: 12.50 stays 12.50');
  assert.ok(parquet.rows[1].Cost == null && parquet.rows[1].Extra == null, 'an empty field is null');
  assert.equal((activity.output as { droppedColumns: string[] }).droppedColumns, []);
  assert.not.ok('translator' in (activity.input as object));
});

test('a translator that is not a TabularTranslator fails the copy', async () => {
  const { engine } = engineWith({ translator: { type: 'HierarchicalTranslator' } });
  const run = (await runPipeline(engine, 'p', {}, { type: 'Manual' }))!;
  assert.is(run.activities[0].error!.errorCode, 'InvalidTranslator');
});

test.after.each(() => cleanStorages());

test.run();
