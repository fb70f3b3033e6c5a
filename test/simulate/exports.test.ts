/**
 * Example exports through the pipelines of every release (cases as data in `./cases.ts`): the ingestion
 * paths of each release's layout, the parquet files read back with an independent reader (columns, types,
 * row counts), the export files deleted after conversion (always in 0.1-0.3, per retention from 0.4), the
 * manifest copy and the Data Explorer commands with their table names and extent tags (0.7 only), the Fail
 * codes of bad exports (the files staying in place), the inputs a release does not watch, and what a new
 * ingestion does with the files already in its folder. One compile per release for the whole file.
 */
import { test } from 'uvu';
import { getRelease } from '../../src/model/releases.js';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compile, type CompileResult } from '../../src/compiler/compile.js';
import { EXPORT_SCHEMAS } from '../../src/model/datasets.js';
import { simulate, allRuns, type SimulationResult } from '../../src/simulate/index.js';
import { EXPORT_EXPECTATIONS, LAYOUT_CLEANUP, type IngestedExport } from './cases.js';
import { cleanStorages, decimal18, eventOf, filesIn, readParquetFile, simulationHub, storageFrom } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const builds = new Map<string, CompileResult>();

function build(release: string): CompileResult {
  let r = builds.get(release);
  if (!r) {
    r = compile(simulationHub(release), { release });
    if (!r.release) throw new Error(r.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
    builds.set(release, r);
  }
  return r;
}

async function runEvent(release: string, storage: string, path: string): Promise<SimulationResult> {
  const b = build(release);
  return simulate({ artifacts: b.artifacts, release, storage, start: { kind: 'event', path }, now: NOW });
}

/** The parquet columns a case expects, in order (`header`: the export file's first line). */
function expectedColumns(release: string, c: IngestedExport, header: string): string[] {
  if ('schemaFile' in c.columns) {
    const schema = JSON.parse(build(release).artifacts.get(`config/schemas/${c.columns.schemaFile}`)!);
    return schema.translator.mappings.map((m: { sink: { name: string } }) => m.sink.name);
  }
  if ('catalog' in c.columns) {
    const { exportType, version } = c.columns.catalog;
    return EXPORT_SCHEMAS.find((s) => s.exportType === exportType && s.version === version)!.columns.map((col) => col.name);
  }
  return header.split(',');
}

/** The export's data files (everything but manifests), container first. */
const dataFiles = (dir: string) => filesIn(dir, 'rawexports').filter((f) => !f.endsWith('/manifest.json'));

test.after.each(() => cleanStorages());

for (const [release, cases] of Object.entries(EXPORT_EXPECTATIONS)) {
  for (const c of cases.ingested) {
    test(`${release} ${c.exportCase}: parquet at ${c.folder}`, async () => {
      const dir = storageFrom(c.exportCase);
      const event = eventOf(dir);
      const original = readFileSync(join(dir, event));
      const header = original.toString('utf8').split(/\r?\n/)[0];
      const result = await runEvent(release, dir, event);
      assert.is(
        result.outcome,
        'succeeded',
        JSON.stringify(
          allRuns(result)
            .filter((r) => r.error)
            .map((r) => r.error),
        ),
      );
      assert.equal(
        result.runs.map((r) => r.pipeline),
        cases.runs,
      );
      const parquet = Object.keys(c.files).map((f) => `${c.folder}/${f}`);
      assert.equal(filesIn(dir, 'ingestion'), [...parquet, ...(cases.dataExplorer ? [`${c.folder}/manifest.json`] : [])].sort());
      if (cases.dataExplorer) assert.equal(readFileSync(join(dir, c.folder, 'manifest.json')), original, 'the manifest is copied as it is');
      // The export files are deleted after conversion (retention.rawexports.days is 0); a manifest stays.
      assert.equal(dataFiles(dir), []);
      assert.equal(filesIn(dir, 'rawexports'), event.endsWith('/manifest.json') ? [event] : []);
      const columns = expectedColumns(release, c, header);
      for (const [file, rows] of Object.entries(c.files)) {
        const pq = await readParquetFile(join(dir, c.folder, file));
        assert.equal(pq.columns, columns, `${file} has the expected columns in order`);
        assert.is(pq.rows.length, rows, `${file} rows`);
        for (const [column, type] of Object.entries(c.types ?? {})) assert.is(pq.types[column], type, `${file} ${column}`);
        if ('asWritten' in c.columns) assert.equal([...new Set(Object.values(pq.types))], ['UTF8'], 'every column is text');
      }
      if (!cases.dataExplorer) {
        assert.equal(result.commands, [], 'no Data Explorer');
        return;
      }
      // Data Explorer: one ingest per parquet file into <dataset>_raw, tagged for later cleanup.
      const ingests = result.commands.filter((k) => k.command.startsWith('.ingest'));
      assert.is(ingests.length, Object.keys(c.files).length);
      const folderInContainer = c.folder.slice('ingestion/'.length);
      for (const file of Object.keys(c.files)) {
        const k = ingests.find((x) => x.command.includes(`/${folderInContainer}/${file};`));
        assert.ok(k, `ingest of ${file}`);
        assert.is(k!.database, 'Ingestion');
        assert.match(k!.command, new RegExp(`^\\.ingest into table ${c.dataset}_raw \\("abfss://ingestion@`));
        assert.ok(k!.command.includes(`ingestionMappingReference="${c.dataset}_raw_mapping"`));
        const id = `${file.split('__')[0]}_2024-05-15T12:00:00.0000000Z`;
        const name = file.split('__')[1];
        assert.ok(k!.command.includes(`\\"drop-by:${id}\\", \\"drop-by:${folderInContainer}/${name}\\", \\"drop-by:ftk-version-${getRelease(release).ftkVersion}\\"`), k!.command);
      }
      const cleanups = result.commands.filter((k) => k.command.includes(`startswith_cs '${c.dataset}_final_v'`));
      assert.is(cleanups.length, Object.keys(c.files).length, 'post-ingest cleanup of the final tables per file');
    });
  }

  for (const c of cases.failing) {
    test(`${release} ${c.exportCase}: ${c.pipeline} fails with ${c.errorCode}; the export stays`, async () => {
      const dir = storageFrom(c.exportCase);
      const before = filesIn(dir, 'rawexports');
      const result = await runEvent(release, dir, eventOf(dir));
      assert.is(result.outcome, 'failed');
      const run = allRuns(result).find((r) => r.pipeline === c.pipeline && r.status === 'Failed');
      assert.ok(run, `a failed ${c.pipeline} run`);
      const fail = [...failActivities(run!.activities), run!.error!].find((e) => e.errorCode === c.errorCode);
      assert.ok(fail, `Fail code ${c.errorCode} in ${JSON.stringify(run!.error)}`);
      assert.match(fail!.message, c.message);
      assert.equal(filesIn(dir, 'ingestion'), [], 'nothing lands in ingestion');
      assert.equal(filesIn(dir, 'rawexports'), before, 'the export files stay');
    });
  }

  for (const name of cases.noRows) {
    test(`${release} ${name}: an export with no rows converts nothing, copies no manifest and succeeds`, async () => {
      const dir = storageFrom(name);
      const result = await runEvent(release, dir, eventOf(dir));
      assert.is(result.outcome, 'succeeded');
      assert.equal(result.changes, []);
      assert.equal(
        result.runs.map((r) => r.pipeline),
        ['rawexports_ExecuteETL'],
      );
    });
  }

  for (const name of cases.notFired) {
    test(`${release} ${name}: no trigger fires (HUB452), nothing changes`, async () => {
      const dir = storageFrom(name);
      const result = await runEvent(release, dir, eventOf(dir));
      assert.equal(
        result.diagnostics.map((d) => `${d.code} ${d.severity}`),
        ['HUB452 warning'],
      );
      assert.equal([result.runs, result.changes], [[], []]);
    });
  }

  test(`${release}: retention.rawexports.days 7 in settings.json ${cases.retention ? 'keeps' : 'does not keep'} the export files`, async () => {
    const c = cases.ingested[0];
    const dir = storageFrom(c.exportCase);
    const files = dataFiles(dir);
    mkdirSync(join(dir, 'config'));
    writeFileSync(join(dir, 'config/settings.json'), JSON.stringify({ version: release, scopes: [], retention: { rawexports: { days: 7 } } }));
    const result = await runEvent(release, dir, eventOf(dir));
    assert.is(result.outcome, 'succeeded');
    assert.equal(dataFiles(dir), cases.retention ? files : []);
    assert.ok(filesIn(dir, 'ingestion').includes(`${c.folder}/${Object.keys(c.files)[0]}`));
  });
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

for (const c of LAYOUT_CLEANUP) {
  const what = c.replaces ? 'earlier ingestions in the folder are deleted only after every new file is written' : 'earlier files stay, a file of the same name is overwritten';
  test(`${c.release} ${what}; other folders stay`, async () => {
    const dir = storageFrom(c.exportCase);
    const newFiles = Object.keys(EXPORT_EXPECTATIONS[c.release].ingested.find((i) => i.exportCase === c.exportCase)!.files);
    const earlier = c.replaces ? '0f0f0f0f-0000-0000-0000-000000000000__part_0_0001.parquet' : 'part_9_0001.parquet';
    const old = `${c.folder}/${earlier}`;
    const sameName = `${c.folder}/${newFiles[0]}`;
    const others = [`${c.otherMonth}/${earlier}`, `${c.folder}/resourcegroups/app/${earlier}`];
    for (const f of [old, sameName, ...others]) {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      writeFileSync(join(dir, f), 'PAR1');
    }
    const result = await runEvent(c.release, dir, eventOf(dir));
    assert.is(result.outcome, 'succeeded');
    assert.is(existsSync(join(dir, old)), !c.replaces, c.replaces ? 'the earlier ingestion is deleted' : 'the earlier file stays');
    assert.is(readFileSync(join(dir, sameName)).subarray(0, 4).toString(), 'PAR1');
    assert.ok(readFileSync(join(dir, sameName)).length > 4, 'the file of the same name is the new parquet file');
    for (const f of others) assert.ok(existsSync(join(dir, f)), `${f} stays (another month or scope)`);
    if (!c.replaces) return;
    const order = result.changes.map((ch) => `${ch.change} ${ch.path}`);
    const deletedAt = order.indexOf(`deleted ${old}`);
    const lastParquet = Math.max(...newFiles.map((f) => order.lastIndexOf(`written ${c.folder}/${f}`)));
    assert.ok(lastParquet >= 0 && deletedAt > lastParquet, `deleted after the new files: ${order.join(' | ')}`);
    const manifestAt = order.indexOf(`written ${c.folder}/manifest.json`);
    if (EXPORT_EXPECTATIONS[c.release].dataExplorer) assert.ok(manifestAt > deletedAt, 'the manifest is copied last');
    else assert.is(manifestAt, -1, 'no manifest copy without Data Explorer');
  });
}

test('0.7 parquet values: decimals, timestamps, booleans and quoted text survive the conversion', async () => {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  await runEvent('0.7', dir, eventOf(dir));
  const folder = 'ingestion/Costs/2024/05/subscriptions/00000000-0000-0000-0000-0000000000a1';
  const pq = await readParquetFile(join(dir, folder, '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a51__part_0_0001.parquet'));
  assert.is(pq.types.BilledCost, 'DECIMAL');
  assert.is(pq.types.ChargePeriodStart, 'TIMESTAMP_MILLIS');
  assert.is(pq.types.x_SkuIsCreditEligible, 'BOOLEAN');
  assert.is(pq.types.ResourceName, 'UTF8');
  assert.equal(
    pq.rows.map((r) => decimal18(r.BilledCost)),
    [12.5, 25, 37.5],
  );
  assert.equal((pq.rows[1].ChargePeriodStart as Date).toISOString(), '2024-05-02T00:00:00.000Z');
  assert.is(pq.rows[0].x_SkuIsCreditEligible, false);
  assert.is(pq.rows[0].Tags, '{"env":"prod","team":"finops, core"}');
  assert.is(pq.rows[2].ResourceName, 'VM-2', 'values are not changed (lower-casing is the Data Explorer transform)');
  assert.ok(pq.columns.includes('x_AccountName') && pq.rows[0].x_AccountName == null, 'an empty field is null');
});

test('0.1 keeps the export text as written; 0.3 converts the FOCUS 1.0-preview(v1) types', async () => {
  const amortized = storageFrom('csv-path-amortizedcost-subscription');
  await runEvent('0.1', amortized, eventOf(amortized));
  const a = await readParquetFile(join(amortized, 'ingestion/subscriptions/00000000-0000-0000-0000-0000000000a1/20240501-20240531/amortizedcost/part_0_0001.parquet'));
  assert.equal(
    a.rows.map((r) => [r.Date, r.CostInBillingCurrency]),
    [
      ['05/01/2024', '2.3040'],
      ['05/02/2024', '2.2080'],
      ['05/03/2024', '2.1120'],
    ],
  );
  assert.is(a.rows[0].Tags, '"env": "prod","team": "finops, core"');
  const focus = storageFrom('csv-path-focuscost-1.0-preview-subscription');
  await runEvent('0.3', focus, eventOf(focus));
  const f = await readParquetFile(
    join(focus, 'ingestion/subscriptions/00000000-0000-0000-0000-0000000000a1/202405/focuscost/focus-daily_7c1a9e00-5b2d-4c3e-9f10-000000000011.parquet'),
  );
  assert.equal(
    f.rows.map((r) => decimal18(r.BilledCost)),
    [12.5, 25, 37.5],
  );
  assert.equal((f.rows[2].ChargePeriodStart as Date).toISOString(), '2024-05-03T00:00:00.000Z');
  assert.equal(
    f.rows.map((r) => r.x_SkuIsCreditEligible),
    [true, false, true],
  );
});

test.run();
