/**
 * Example exports through the pipelines of each release (with Data Explorer on): the ingestion paths of
 * the spec's layout table, the parquet files read back with an independent reader (columns, types, row
 * counts), the manifest copy, the deletion of earlier ingestions only after the new files are written,
 * the Data Explorer commands with their table names and extent tags, and the Fail codes of bad exports.
 * One compile per release for the whole file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compile, type CompileResult } from '../../src/compiler/compile.js';
import { simulate, allRuns, type SimulationResult } from '../../src/simulate/index.js';
import { EXPORT_EXPECTATIONS } from './cases.js';
import { DATA_EXPLORER_HUB, cleanStorages, decimal18, filesIn, manifestOf, readParquetFile, storageFrom } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const builds = new Map<string, CompileResult>();

function build(release: string): CompileResult {
  let r = builds.get(release);
  if (!r) {
    r = compile(DATA_EXPLORER_HUB, { release });
    if (!r.release) throw new Error(r.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
    builds.set(release, r);
  }
  return r;
}

async function runEvent(release: string, storage: string, path: string): Promise<SimulationResult> {
  const b = build(release);
  return simulate({ artifacts: b.artifacts, release, storage, start: { kind: 'event', path }, now: NOW });
}

/** Sink column names of a schema file of the build. */
function schemaColumns(release: string, schemaFile: string): string[] {
  const schema = JSON.parse(build(release).artifacts.get(`config/schemas/${schemaFile}`)!);
  return schema.translator.mappings.map((m: { sink: { name: string } }) => m.sink.name);
}

test.after.each(() => cleanStorages());

for (const [release, cases] of Object.entries(EXPORT_EXPECTATIONS)) {
  for (const c of cases.ingested) {
    test(`${release} ${c.exportCase}: parquet at ${c.folder}, manifest copied, loaded into ${c.dataset}_raw`, async () => {
      const dir = storageFrom(c.exportCase);
      const manifest = manifestOf(dir);
      const original = readFileSync(join(dir, manifest));
      const result = await runEvent(release, dir, manifest);
      assert.is(result.outcome, 'succeeded', JSON.stringify(allRuns(result).filter((r) => r.error).map((r) => r.error)));
      assert.equal(result.runs.map((r) => r.pipeline), ['rawexports_ExecuteETL', 'ingestion_ExecuteETL']);
      assert.equal(filesIn(dir, 'ingestion'), [...Object.keys(c.files).map((f) => `${c.folder}/${f}`), `${c.folder}/manifest.json`].sort());
      assert.equal(readFileSync(join(dir, c.folder, 'manifest.json')), original, 'the manifest is copied as it is');
      // The export files are deleted after conversion (retention.rawexports.days is 0); the manifest stays.
      assert.equal(filesIn(dir, 'rawexports'), [manifest]);
      const columns = schemaColumns(release, c.schemaFile);
      for (const [file, rows] of Object.entries(c.files)) {
        const pq = await readParquetFile(join(dir, c.folder, file));
        assert.equal(pq.columns, columns, `${file} has the schema file's columns in mapping order`);
        assert.is(pq.rows.length, rows, `${file} rows`);
      }
      // Data Explorer: one ingest per parquet file into <dataset>_raw, tagged for later cleanup.
      const ingests = result.commands.filter((k) => k.command.startsWith('.ingest'));
      assert.is(ingests.length, Object.keys(c.files).length);
      const folderInContainer = c.folder.slice('ingestion/'.length);
      for (const [file] of Object.entries(c.files)) {
        const k = ingests.find((x) => x.command.includes(`/${folderInContainer}/${file};`));
        assert.ok(k, `ingest of ${file}`);
        assert.is(k!.database, 'Ingestion');
        assert.match(k!.command, new RegExp(`^\\.ingest into table ${c.dataset}_raw \\("abfss://ingestion@`));
        assert.ok(k!.command.includes(`ingestionMappingReference="${c.dataset}_raw_mapping"`));
        const id = `${file.split('__')[0]}_2024-05-15T12:00:00.0000000Z`;
        const original = file.split('__')[1];
        assert.ok(k!.command.includes(`\\"drop-by:${id}\\", \\"drop-by:${folderInContainer}/${original}\\", \\"drop-by:ftk-version-0.7\\"`), k!.command);
      }
      const cleanups = result.commands.filter((k) => k.command.includes(`startswith_cs '${c.dataset}_final_v'`));
      assert.is(cleanups.length, Object.keys(c.files).length, 'post-ingest cleanup of the final tables per file');
    });
  }

  for (const c of cases.failing) {
    test(`${release} ${c.exportCase}: ${c.pipeline} fails with ${c.errorCode}`, async () => {
      const dir = storageFrom(c.exportCase);
      const result = await runEvent(release, dir, manifestOf(dir));
      assert.is(result.outcome, 'failed');
      const run = allRuns(result).find((r) => r.pipeline === c.pipeline && r.status === 'Failed');
      assert.ok(run, `a failed ${c.pipeline} run`);
      const fail = [run!.error!, ...failActivities(run!.activities)].find((e) => e.errorCode === c.errorCode);
      assert.ok(fail, `Fail code ${c.errorCode} in ${JSON.stringify(run!.error)}`);
      assert.match(fail!.message, c.message);
      assert.equal(filesIn(dir, 'ingestion'), [], 'nothing lands in ingestion');
    });
  }

  for (const name of cases.noRows) {
    test(`${release} ${name}: an export with no rows converts nothing, copies no manifest and succeeds`, async () => {
      const dir = storageFrom(name);
      const result = await runEvent(release, dir, manifestOf(dir));
      assert.is(result.outcome, 'succeeded');
      assert.equal(result.changes, []);
      assert.equal(result.runs.map((r) => r.pipeline), ['rawexports_ExecuteETL']);
    });
  }
}

/** Errors of the Fail activities anywhere in a list of activity runs. */
function failActivities(list: readonly any[]): { errorCode: string; message: string }[] {
  const out: { errorCode: string; message: string }[] = [];
  for (const a of list) {
    if (a.type === 'Fail' && a.error) out.push(a.error);
    for (const g of a.groups ?? []) out.push(...failActivities(g.activities));
  }
  return out;
}

test('0.7 earlier ingestions in the same folder are deleted only after every new file is written; other folders stay', async () => {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  const folder = 'ingestion/Costs/2024/05/subscriptions/00000000-0000-0000-0000-0000000000a1';
  const old = `${folder}/0f0f0f0f-0000-0000-0000-000000000000__part_0_0001.parquet`;
  const sibling = 'ingestion/Costs/2024/04/subscriptions/00000000-0000-0000-0000-0000000000a1/0f0f0f0f-0000-0000-0000-000000000000__part_0_0001.parquet';
  const child = `${folder}/resourcegroups/app/0f0f0f0f-0000-0000-0000-000000000000__part_0_0001.parquet`;
  for (const f of [old, sibling, child]) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), 'PAR1');
  }
  const result = await runEvent('0.7', dir, manifestOf(dir));
  assert.is(result.outcome, 'succeeded');
  assert.not.ok(existsSync(join(dir, old)), 'the earlier ingestion is deleted');
  assert.ok(existsSync(join(dir, sibling)), 'another month stays');
  assert.ok(existsSync(join(dir, child)), 'a sub-folder (another scope) stays');
  const order = result.changes.map((c) => `${c.change} ${c.path}`);
  const deletedAt = order.indexOf(`deleted ${old}`);
  const lastParquet = Math.max(...order.map((o, i) => (o.startsWith(`written ${folder}/3b9a`) ? i : -1)));
  const manifestAt = order.indexOf(`written ${folder}/manifest.json`);
  assert.ok(lastParquet >= 0 && deletedAt > lastParquet, `deleted after the new files: ${order.join(' | ')}`);
  assert.ok(manifestAt > deletedAt, 'the manifest is copied last');
});

test('0.7 parquet values: decimals, timestamps, booleans and quoted text survive the conversion', async () => {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  await runEvent('0.7', dir, manifestOf(dir));
  const folder = 'ingestion/Costs/2024/05/subscriptions/00000000-0000-0000-0000-0000000000a1';
  const pq = await readParquetFile(join(dir, folder, '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a51__part_0_0001.parquet'));
  assert.is(pq.types.BilledCost, 'DECIMAL');
  assert.is(pq.types.ChargePeriodStart, 'TIMESTAMP_MILLIS');
  assert.is(pq.types.x_SkuIsCreditEligible, 'BOOLEAN');
  assert.is(pq.types.ResourceName, 'UTF8');
  assert.equal(pq.rows.map((r) => decimal18(r.BilledCost)), [12.5, 25, 37.5]);
  assert.equal((pq.rows[1].ChargePeriodStart as Date).toISOString(), '2024-05-02T00:00:00.000Z');
  assert.is(pq.rows[0].x_SkuIsCreditEligible, false);
  assert.is(pq.rows[0].Tags, '{"env":"prod","team":"finops, core"}');
  assert.is(pq.rows[2].ResourceName, 'VM-2', 'values are not changed (lower-casing is the Data Explorer transform)');
  assert.ok(pq.columns.includes('x_AccountName') && pq.rows[0].x_AccountName == null, 'an empty field is null');
});

test.run();
