/**
 * Managed exports of releases 0.4-0.6, 0.8 and 0.9 (rows in `./cases.ts`; 0.7 in `./managed.test.ts`): for a
 * settings.json with two scopes, the Cost Management PUT requests with the release's file format and
 * compression (0.4-0.5 CSV without compression, 0.6 snappy parquet; 0.9 more exports on the EA billing
 * account, the price sheet run at once), and for the daily and monthly
 * schedules the runs of the release's pipelines and their GET and POST requests. One compile per release.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type CompileResult } from '../../src/compiler/compile.js';
import { simulate, allRuns, loadResponses, type SimulationStart } from '../../src/simulate/index.js';
import { MANAGED_EXPECTATIONS } from './cases.js';
import { getRelease } from '../../src/model/releases.js';
import { SIMULATE_FIXTURES, cleanStorages, emptyStorage, simulationHub } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const SUB = '/subscriptions/00000000-0000-0000-0000-0000000000a1';
const EA = '/providers/Microsoft.Billing/billingAccounts/8611537';
const builds = new Map<string, CompileResult>();

function run(release: string, start: SimulationStart, responses?: string) {
  let b = builds.get(release);
  if (!b) {
    b = compile(simulationHub(release));
    if (!b.release) throw new Error(b.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
    builds.set(release, b);
  }
  const storage = emptyStorage();
  mkdirSync(join(storage, 'config'));
  copyFileSync(join(SIMULATE_FIXTURES, 'config/settings-two-scopes.json'), join(storage, 'config/settings.json'));
  return simulate({ artifacts: b.artifacts, release, storage, start, now: NOW, responses: responses ? loadResponses(join(SIMULATE_FIXTURES, responses)) : undefined });
}

test.after.each(() => cleanStorages());

for (const [release, m] of Object.entries(MANAGED_EXPECTATIONS)) {
  const api = `?api-version=${m.apiVersion}`;
  const exportUrl = (scope: string, name: string) => `https://management.azure.com${scope}/providers/Microsoft.CostManagement/exports/${name}${api}`;

  test(`${release} settings.json with two scopes: ${m.configure} PUTs a daily and a monthly ${m.format} export (compression ${m.compressionMode}) per scope${m.eaBillingAccount ? ', and more on the EA billing account' : ''}`, async () => {
    const result = await run(release, { kind: 'event', path: 'config/settings.json' });
    assert.is(result.outcome, 'succeeded');
    assert.equal(
      result.runs.map((r) => `${r.trigger.name} ${r.pipeline}`),
      [`config_SettingsUpdated ${m.configure}`],
    );
    const ea = m.eaBillingAccount ?? [];
    assert.equal(
      result.requests.map((r) => `${r.method} ${r.url}`),
      [
        `PUT ${exportUrl(SUB, 'finops-hub-daily-costdetails')}`,
        `PUT ${exportUrl(SUB, 'finops-hub-monthly-costdetails')}`,
        ...(ea.length
          ? ea.flatMap((e) => [`PUT ${exportUrl(EA, `finops-hub-${e.name}`)}`, ...(e.run ? [`POST ${exportUrl(EA, `finops-hub-${e.name}/run`)}`] : [])])
          : [`PUT ${exportUrl(EA, 'finops-hub-daily-costdetails')}`, `PUT ${exportUrl(EA, 'finops-hub-monthly-costdetails')}`]),
      ],
    );
    for (const r of result.requests.filter((x) => x.method === 'POST')) assert.is(r.body, m.runBody, 'the run of a new export sends the release body');
    const puts = result.requests.filter((r) => r.method === 'PUT').map((r) => JSON.parse(r.body as string).properties);
    if (ea.length)
      assert.equal(
        puts.slice(2).map((p) => p.definition.type),
        ea.map((e) => e.type),
      );
    const bodies = puts.filter((p) => p.definition.type === 'FocusCost');
    for (const p of bodies) {
      assert.is(p.format, m.format);
      assert.is(p.compressionMode, m.compressionMode);
      assert.is(p.definition.type, 'FocusCost');
      assert.is(p.definition.dataSet.configuration.dataVersion, m.dataVersion);
      assert.is(p.deliveryInfo.destination.container, 'rawexports');
      assert.is(p.partitionData, true);
    }
    assert.equal(
      bodies.map((p) => [p.definition.timeframe, p.schedule.recurrence]),
      [
        ['MonthToDate', 'Daily'],
        ['TheLastMonth', 'Monthly'],
        ['MonthToDate', 'Daily'],
        ['TheLastMonth', 'Monthly'],
      ],
    );
    assert.equal(
      bodies.map((p) => p.deliveryInfo.destination.rootFolderPath),
      [SUB, SUB, EA, EA].map((s) => s.slice(1)),
    );
  });

  for (const [schedule, recurrence] of [
    ['daily', 'Daily'],
    ['monthly', 'Monthly'],
  ] as const) {
    test(`${release} ${schedule} schedule: ${m.start} lists each scope's exports and ${m.runExports} POSTs run for the ${recurrence} export`, async () => {
      const result = await run(release, { kind: 'schedule', schedule }, 'responses-exports.json');
      assert.is(result.outcome, 'succeeded');
      assert.equal(
        result.runs.map((r) => `${r.trigger.name} ${r.pipeline} ${JSON.stringify(r.parameters.Recurrence)}`),
        [`config_${recurrence}Schedule ${m.start} "${recurrence}"`],
      );
      assert.equal(
        allRuns(result).map((r) => r.pipeline),
        [m.start, m.runExports, m.runExports],
      );
      const name = `finops-hub-${schedule}-costdetails`;
      assert.equal(
        result.requests.map((r) => `${r.method} ${r.url}`),
        [
          `GET https://management.azure.com${SUB}/providers/Microsoft.CostManagement/exports${api}`,
          `POST https://management.azure.com${SUB}/providers/Microsoft.CostManagement/exports/${name}/run${api}`,
          `GET https://management.azure.com${EA}/providers/Microsoft.CostManagement/exports${api}`,
          `POST https://management.azure.com${EA}/providers/Microsoft.CostManagement/exports/${name}/run${api}`,
        ],
      );
      const post = result.requests.find((r) => r.method === 'POST')!;
      // The version the hub records (release 12: 12.0).
      assert.is(post.headers['x-ms-command-name'], `FinOpsToolkit.Hubs.${m.runExports}@${getRelease(release).ftkVersion}`);
      assert.is(post.body, m.runBody);
    });
  }
}

test.run();
