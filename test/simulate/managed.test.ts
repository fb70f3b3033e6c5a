/**
 * Managed exports and the other starts of a simulation, on the default 0.7 hub (no Data Explorer) and
 * the Data Explorer hub: the Cost Management PUT requests for a settings.json with two scopes, the POST
 * requests of the daily and monthly schedules, a custom dataset's empty manifest, a parquet export, the
 * `--responses` answers and the run limit. One compile per hub for the file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import parquet from '@dsnp/parquetjs';
import { compiled, DEFAULT_HUB_YAML } from '../support/hubs.js';
import { simulate, allRuns, loadResponses, type SimulationStart } from '../../src/simulate/index.js';
import type { ActivityRun } from '../../src/simulate/types.js';
import { DATA_EXPLORER_HUB, SIMULATE_FIXTURES, cleanStorages, emptyStorage, filesIn, storageFrom } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const SUB = '/subscriptions/00000000-0000-0000-0000-0000000000a1';
const EA = '/providers/Microsoft.Billing/billingAccounts/8611537';
const API = '?api-version=2023-07-01-preview';

function run(storage: string, start: SimulationStart, opts: { hub?: string; responses?: string; maxRuns?: number } = {}) {
  const b = compiled(opts.hub ?? DEFAULT_HUB_YAML);
  return simulate({
    artifacts: b.artifacts,
    release: b.release!,
    storage,
    start,
    now: NOW,
    responses: opts.responses ? loadResponses(join(SIMULATE_FIXTURES, opts.responses)) : undefined,
    maxRuns: opts.maxRuns,
  });
}

/** A storage folder whose config/settings.json lists two scopes. */
function twoScopes(): string {
  const dir = emptyStorage();
  mkdirSync(join(dir, 'config'), { recursive: true });
  copyFileSync(join(SIMULATE_FIXTURES, 'config/settings-two-scopes.json'), join(dir, 'config/settings.json'));
  return dir;
}

test.after.each(() => cleanStorages());

test('settings.json with two scopes: config_SettingsUpdated runs config_ConfigureExports, which PUTs a daily and a monthly export per scope', async () => {
  const dir = twoScopes();
  const result = await run(dir, { kind: 'event', path: 'config/settings.json' });
  assert.is(result.outcome, 'succeeded');
  assert.equal(
    result.runs.map((r) => `${r.trigger.name} ${r.pipeline}`),
    ['config_SettingsUpdated config_ConfigureExports'],
  );
  const puts = result.requests.map((r) => `${r.method} ${r.url}`);
  assert.equal(puts, [
    `PUT https://management.azure.com${SUB}/providers/Microsoft.CostManagement/exports/finops-hub-daily-costdetails${API}`,
    `PUT https://management.azure.com${SUB}/providers/Microsoft.CostManagement/exports/finops-hub-monthly-costdetails${API}`,
    `PUT https://management.azure.com${EA}/providers/Microsoft.CostManagement/exports/finops-hub-daily-costdetails${API}`,
    `PUT https://management.azure.com${EA}/providers/Microsoft.CostManagement/exports/finops-hub-monthly-costdetails${API}`,
  ]);
  const bodies = result.requests.map((r) => JSON.parse(r.body as string));
  assert.equal(
    bodies.map((b) => b.properties.definition.timeframe),
    ['MonthToDate', 'TheLastMonth', 'MonthToDate', 'TheLastMonth'],
  );
  assert.equal(
    bodies.map((b) => b.properties.schedule.recurrence),
    ['Daily', 'Monthly', 'Daily', 'Monthly'],
  );
  assert.equal(bodies[2].properties.deliveryInfo.destination.rootFolderPath, 'providers/Microsoft.Billing/billingAccounts/8611537');
  assert.equal(bodies[0].properties.deliveryInfo.destination.container, 'rawexports');
  assert.match(
    bodies[0].properties.deliveryInfo.destination.resourceId,
    /^\/subscriptions\/00000000-0000-0000-0000-000000000000\/resourceGroups\/finops-hub-simulated\/providers\/Microsoft\.Storage\/storageAccounts\//,
  );
  assert.is(bodies[0].properties.definition.dataSet.configuration.dataVersion, '1.0');
  assert.equal(result.requests[0].headers, { 'Content-Type': 'application/json' });
});

for (const [schedule, recurrence] of [
  ['daily', 'Daily'],
  ['monthly', 'Monthly'],
] as const) {
  test(`${schedule} schedule: lists each scope's exports and POSTs run for the hub's ${recurrence} export only`, async () => {
    const dir = twoScopes();
    const result = await run(dir, { kind: 'schedule', schedule }, { responses: 'responses-exports.json' });
    assert.is(result.outcome, 'succeeded');
    assert.equal(
      result.runs.map((r) => `${r.trigger.name} ${r.pipeline} ${JSON.stringify(r.parameters.Recurrence)}`),
      [`config_${recurrence}Schedule config_StartExportProcess "${recurrence}"`],
    );
    const name = `finops-hub-${schedule}-costdetails`;
    assert.equal(
      result.requests.map((r) => `${r.method} ${r.url}`),
      [
        `GET https://management.azure.com${SUB}/providers/Microsoft.CostManagement/exports${API}`,
        `POST https://management.azure.com${SUB}/providers/Microsoft.CostManagement/exports/${name}/run${API}`,
        `GET https://management.azure.com${EA}/providers/Microsoft.CostManagement/exports${API}`,
        `POST https://management.azure.com${EA}/providers/Microsoft.CostManagement/exports/${name}/run${API}`,
      ],
    );
    assert.equal(
      result.requests.map((r) => r.response),
      [0, 'default', 1, 'default'],
    );
    assert.equal(
      allRuns(result).map((r) => r.pipeline),
      ['config_StartExportProcess', 'config_RunExportJobs', 'config_RunExportJobs'],
    );
  });
}

test('without --responses the export list is empty: the daily schedule runs no export and says which response it used', async () => {
  const result = await run(twoScopes(), { kind: 'schedule', schedule: 'daily' });
  assert.is(result.outcome, 'succeeded');
  assert.equal(
    result.requests.map((r) => `${r.method} ${r.response}`),
    ['GET default', 'GET default'],
  );
});

test('a failing web response fails the activity and the Fail path reports it', async () => {
  const dir = twoScopes();
  const b = compiled(DEFAULT_HUB_YAML);
  const result = await simulate({
    artifacts: b.artifacts,
    release: '0.7',
    storage: dir,
    start: { kind: 'event', path: 'config/settings.json' },
    now: NOW,
    responses: { web: [{ method: 'PUT', url: '*/billingAccounts/8611537/*', status: 403, body: { error: { code: 'AuthorizationFailed', message: 'no access' } } }] },
  });
  assert.is(result.outcome, 'failed');
  assert.is(result.runs[0].error!.errorCode, 'ExportCreateFailed');
  assert.match(result.runs[0].error!.message, /scope '\/providers\/Microsoft.Billing\/billingAccounts\/8611537'.*no access/);
});

test('without Data Explorer the copied manifest fires nothing (no ingestion_ManifestAdded trigger)', async () => {
  const dir = storageFrom('reservationtransactions-ea-billing-account');
  const manifest = filesIn(dir, 'rawexports').find((f) => f.endsWith('manifest.json'))!;
  const result = await run(dir, { kind: 'event', path: manifest });
  assert.is(result.outcome, 'succeeded');
  assert.equal(
    result.runs.map((r) => r.pipeline),
    ['rawexports_ExecuteETL'],
  );
  assert.ok(filesIn(dir, 'ingestion').some((f) => f.endsWith('/manifest.json')));
});

/** Writes a parquet file with the independent library. */
async function writeParquet(path: string, columns: Record<string, 'UTF8' | 'DOUBLE'>, rows: Record<string, unknown>[]): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const schema = new parquet.ParquetSchema(Object.fromEntries(Object.entries(columns).map(([k, t]) => [k, { type: t, optional: true }])));
  const writer = await parquet.ParquetWriter.openFile(schema, path);
  for (const r of rows) await writer.appendRow(r);
  await writer.close();
}

test('custom dataset: an empty manifest.json in ingestion loads the folder into <dataset>_raw; capacity waits; a Data Explorer error is the Fail code', async () => {
  const dir = emptyStorage();
  const folder = 'ingestion/MyData/2024/05/custom/acme';
  await writeParquet(join(dir, folder, 'run7__usage.parquet'), { Cost: 'DOUBLE', Name: 'UTF8' }, [{ Cost: 1.5, Name: 'a' }]);
  writeFileSync(join(dir, folder, 'manifest.json'), '');
  const result = await run(dir, { kind: 'event', path: `${folder}/manifest.json` }, { hub: DATA_EXPLORER_HUB, responses: 'responses-dataexplorer.json' });
  assert.equal(
    result.runs.map((r) => `${r.trigger.name} ${r.pipeline}`),
    ['ingestion_ManifestAdded ingestion_ExecuteETL'],
  );
  const etl = allRuns(result).find((r) => r.pipeline === 'ingestion_ETL_dataExplorer')!;
  assert.equal(etl.parameters, {
    folderPath: 'MyData/2024/05/custom/acme',
    fileName: 'run7__usage.parquet',
    originalFileName: 'usage.parquet',
    ingestionId: 'run7_2024-05-15T12:00:00.0000000Z',
    table: 'MyData_raw',
  });
  // First capacity answer: none left, so the Until waits 15 s and asks again.
  const until = etl.activities.find((a) => a.name === 'Until Ingested')!;
  assert.is(until.groups!.length, 2);
  assert.equal(
    result.commands.filter((c) => c.command.startsWith('.show capacity')).map((c) => c.response),
    [0, 1],
  );
  assert.is(etl.status, 'Failed');
  assert.is(etl.error!.errorCode, 'DataExplorerIngestionFailed');
  assert.match(etl.error!.message, /MyData_raw_mapping.*could not be found/);
  assert.is(result.outcome, 'failed');
});

test('a parquet export is copied as it is; its first row tells EA from MCA', async () => {
  const dir = emptyStorage();
  const folder = 'rawexports/billingprofiles/ab12/prices/20240501-20240531/202405151026/5e1f0000-0000-0000-0000-000000000001';
  await writeParquet(join(dir, folder, 'part_0_0001.parquet'), { BillingProfileId: 'UTF8', UnitPrice: 'DOUBLE' }, [{ BillingProfileId: 'AB12', UnitPrice: 0.5 }]);
  const manifest = {
    exportConfig: {
      type: 'PriceSheet',
      dataVersion: '2023-05-01',
      resourceId: '/providers/Microsoft.Billing/billingAccounts/x/billingProfiles/AB12/providers/Microsoft.CostManagement/exports/prices',
    },
    runInfo: { runId: '5e1f0000-0000-0000-0000-000000000001', startDate: '2024-05-01T00:00:00' },
    blobs: [{ blobName: `${folder.slice('rawexports/'.length)}/part_0_0001.parquet`, byteCount: 100 }],
  };
  writeFileSync(join(dir, folder, 'manifest.json'), JSON.stringify(manifest));
  const result = await run(dir, { kind: 'event', path: `${folder}/manifest.json` });
  assert.is(result.outcome, 'succeeded');
  const target = 'ingestion/Prices/2024/05/providers/microsoft.billing/billingaccounts/x/billingprofiles/ab12/5e1f0000-0000-0000-0000-000000000001__part_0_0001.parquet';
  assert.ok(
    result.changes.some((c) => c.change === 'written' && c.path === target),
    JSON.stringify(result.changes),
  );
  const etl = allRuns(result).find((r) => r.pipeline === 'rawexports_ETL_ingestion')!;
  assert.is(etl.parameters.schemaFile, 'pricesheet_2023-05-01_mca.json');
});

for (const [kind, bytes] of [
  ['corrupt (PAR1garbagegarbagePAR1)', Buffer.from('PAR1garbagegarbagePAR1')],
  ['empty (0 bytes)', Buffer.alloc(0)],
] as const) {
  test(`a ${kind} parquet export fails the Copy with ParquetInvalidFile, as Data Factory's parquet source does, and stays in rawexports (issue #29 item 9)`, async () => {
    const dir = emptyStorage();
    const folder = 'rawexports/subscriptions/00000000-0000-0000-0000-0000000000a1/focus/20240501-20240531/202405151026/5e1f0000-0000-0000-0000-000000000002';
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, 'part_0_0001.parquet'), bytes);
    const manifest = {
      exportConfig: { type: 'FocusCost', dataVersion: '1.0', resourceId: '/subscriptions/00000000-0000-0000-0000-0000000000a1/providers/Microsoft.CostManagement/exports/focus' },
      deliveryConfig: { fileFormat: 'Parquet' },
      runInfo: { runId: '5e1f0000-0000-0000-0000-000000000002', startDate: '2024-05-01T00:00:00' },
      blobs: [{ blobName: `${folder.slice('rawexports/'.length)}/part_0_0001.parquet`, byteCount: bytes.length }],
    };
    writeFileSync(join(dir, folder, 'manifest.json'), JSON.stringify(manifest));
    const result = await run(dir, { kind: 'event', path: `${folder}/manifest.json` });
    assert.is(result.outcome, 'failed');
    const every = (list: ActivityRun[]): ActivityRun[] => list.flatMap((a) => [a, ...every((a.groups ?? []).flatMap((g) => g.activities))]);
    const copy = every(allRuns(result).flatMap((r) => r.activities)).find((a) => a.type === 'Copy' && a.status === 'Failed');
    assert.ok(copy, JSON.stringify(allRuns(result).map((r) => [r.pipeline, r.status])));
    assert.is(copy!.error!.errorCode, 'ParquetInvalidFile');
    assert.match(copy!.error!.message, /^File is not a valid Parquet file\./);
    assert.equal(filesIn(dir, 'ingestion'), [], 'nothing written');
    assert.ok(filesIn(dir, 'rawexports').includes(`${folder}/part_0_0001.parquet`), 'the export is kept');
    assert.not.ok(
      result.changes.some((c) => c.change === 'deleted'),
      JSON.stringify(result.changes),
    );
  });
}

test('the run limit stops the simulation and is reported', async () => {
  const dir = twoScopes();
  const result = await run(dir, { kind: 'schedule', schedule: 'daily' }, { responses: 'responses-exports.json', maxRuns: 2 });
  assert.is(result.outcome, 'failed');
  assert.equal(
    result.diagnostics.map((d) => d.code),
    ['HUB455'],
  );
  const failed = allRuns(result).filter((r) => r.status === 'Failed');
  assert.ok(failed.length > 0);
});

test('--pipeline with --param: Array parameters are JSON; a value that is not JSON is HUB454', async () => {
  const b = compiled(DEFAULT_HUB_YAML);
  const ok = await simulate({
    artifacts: b.artifacts,
    release: '0.7',
    storage: emptyStorage(),
    start: {
      kind: 'pipeline',
      pipeline: 'config_RunExportJobs',
      parameters: {
        Recurrence: 'Daily',
        ExportScopes: JSON.stringify([
          {
            id: `${SUB}/providers/Microsoft.CostManagement/exports/finops-hub-daily-costdetails`,
            name: 'finops-hub-daily-costdetails',
            properties: { schedule: { recurrence: 'Daily' } },
          },
        ]),
      },
    },
    now: NOW,
  });
  assert.is(ok.outcome, 'succeeded');
  assert.equal(
    ok.requests.map((r) => r.method),
    ['POST'],
  );
  assert.equal(ok.requests[0].headers, { 'x-ms-command-name': 'FinOpsToolkit.Hubs.config_RunExportJobs@0.7', ClientType: 'FinOpsToolkit.Hubs@0.7' });
  // Bad input is found before anything runs: simulate() throws, and nothing is reported as a run.
  const bad = await simulate({
    artifacts: b.artifacts,
    release: '0.7',
    storage: emptyStorage(),
    start: { kind: 'pipeline', pipeline: 'config_RunExportJobs', parameters: { ExportScopes: '[oops' } },
    now: NOW,
  }).catch((e) => e);
  assert.is((bad as { code?: string }).code, 'HUB454');
});

test.run();
