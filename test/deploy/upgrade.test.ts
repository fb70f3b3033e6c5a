/**
 * `hubc deploy --upgrade` against the local ARM stand-in (with the Data Factory and resource calls it
 * answers for upgrades) and, for the settings.json fallback, the local Data Lake stand-in: a 0.5 hub
 * upgraded to 0.7 issues exactly the planned calls in order; --what-if only reads; the installed release
 * comes from the ftk-version tags, else from settings.json; a downgrade and an unknown release are refused.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';
import { planUpgrade, type UpgradePlan } from '../../src/upgrade/index.js';
import { compiled, DEFAULT_HUB_YAML, templateOf } from '../support/hubs.js';
import { releaseInput } from '../support/releaseBuilds.js';
import { DataLakeStandin } from '../support/dataLakeStandin.js';
import { ArmStandin, type StandinScenario } from '../support/armStandin.js';
import { FixedTokenCredential, RequestWatch } from '../support/azureTest.js';
import { runHubc } from '../support/cli.js';
import { deployArgs, RG, rgId, run, scenario, SUB } from './scenario.js';

const TEMPLATE = templateOf(compiled(DEFAULT_HUB_YAML));
const ctx = templateContext(TEMPLATE, { useDefaults: true, subscriptionId: SUB, resourceGroup: { name: RG, id: rgId, location: 'westeurope' } });
const FACTORY = String(evaluateTemplateString("[variables('dataFactoryName')]", ctx));
const STORAGE = String(evaluateTemplateString("[variables('storageAccountName')]", ctx));
const HUB = `${rgId}/providers/Microsoft.Cloud/hubs/finops-hub`;
const factoryPath = `/subscriptions/${SUB}/resourceGroups/${RG}/providers/Microsoft.DataFactory/factories/${FACTORY}`;

/** A resource group holding a hub whose resources carry `versions` as ftk-version tags (none: untagged). */
function installed(versions: (string | undefined)[], patch: Partial<StandinScenario> = {}): StandinScenario {
  const types = ['Microsoft.DataFactory/factories', 'Microsoft.Storage/storageAccounts', 'Microsoft.KeyVault/vaults'];
  const names = [FACTORY, STORAGE, 'finops-hub-vault'];
  return scenario({
    resourceGroups: { [RG]: 'westeurope' },
    providers: Object.fromEntries(Object.keys(scenario().providers).map((n) => [n, 'Registered'])),
    resources: [
      ...versions.map((v, i) => ({
        id: `${rgId}/providers/${types[i]}/${names[i]}`,
        name: names[i],
        type: types[i],
        tags: { 'cm-resource-parent': HUB, ...(v ? { 'ftk-version': v } : {}) },
      })),
      { id: `${rgId}/providers/Microsoft.Compute/virtualMachines/other`, name: 'other', type: 'Microsoft.Compute/virtualMachines', tags: { 'ftk-version': '0.1' } },
    ],
    factories: {
      [FACTORY]: {
        triggers: { config_SettingsUpdated: 'Started', config_DailySchedule: 'Started', config_MonthlySchedule: 'Stopped', rawexports_FileAdded: 'Started' },
        pipelines: ['rawexports_ExecuteETL', 'config_ExportData', 'config_RunExports', 'config_BackfillData', 'config_RunBackfill'],
        datasets: [],
        linkedServices: [],
      },
    },
    ...patch,
  });
}

/** The Data Factory and delete calls a plan makes, given which triggers run. */
function plannedCalls(plan: UpgradePlan, started: string[], phase: string): string[] {
  const out: string[] = [];
  const steps = plan.steps.filter((s) => s.phase === phase && s.performer === 'hubc deploy' && s.kind !== 'deploy');
  if (steps.some((s) => s.dataFactory?.kind === 'triggers')) out.push(`GET ${factoryPath}/triggers`);
  for (const s of steps) {
    if (s.kind === 'stopTrigger' && started.includes(s.subject)) out.push(`POST ${factoryPath}/triggers/${s.subject}/stop`);
    if (s.kind === 'deleteDataFactoryObject') out.push(`DELETE ${factoryPath}/${s.dataFactory!.kind.toLowerCase()}/${s.subject}`);
    if (s.kind === 'deleteResource') out.push(`DELETE ${s.resource!.id}`);
  }
  return out;
}

/** `hubc deploy` against a fresh ARM stand-in with a Data Lake stand-in for the settings.json fallback. */
async function runWithDataLake(s: StandinScenario, argv: string[], dl: DataLakeStandin) {
  const arm = await ArmStandin.start(s);
  const watch = new RequestWatch();
  try {
    const r = await runHubc([...argv, '--arm-endpoint', arm.endpoint], {
      azure: {
        credential: new FixedTokenCredential(),
        clientOptions: arm.clientOptions,
        storageClientOptions: dl.clientOptions,
        dataLakeEndpoint: () => dl.endpoint,
        timing: { pollIntervalMs: 5 },
      },
    });
    return { ...r, hosts: watch.hosts };
  } finally {
    watch.close();
    await arm.stop();
  }
}

const isUpgradeCall = (c: string) => c.includes('/factories/') || c.startsWith('DELETE ');

test('a 0.5 hub upgraded to 0.7 with --yes: the planned calls, in order, around the deployment', async () => {
  const r = await run(installed(['0.5', '0.5', '0.5']), [...deployArgs('--upgrade', '--yes', '--format', 'json')]);
  assert.is(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.is(report.upgrade.from, '0.5');
  assert.is(report.upgrade.detectedBy, 'tag');
  const plan = planUpgrade(releaseInput('0.5'), releaseInput('0.7'), { context: { subscriptionId: SUB, resourceGroup: { name: RG, id: rgId, location: 'westeurope' } } });
  assert.equal(report.upgrade.plan.steps, plan.steps, 'the plan deploy printed is the plan of the two releases');
  const calls = r.standin.calls();
  const deployAt = calls.findIndex((c) => c.startsWith('PUT ') && c.includes('/deployments/'));
  const before = plannedCalls(plan, ['config_SettingsUpdated', 'config_DailySchedule', 'rawexports_FileAdded'], 'before');
  const after = plannedCalls(plan, [], 'after');
  assert.equal(calls.slice(0, deployAt).filter(isUpgradeCall), before);
  assert.equal(calls.slice(deployAt).filter(isUpgradeCall), after);
  assert.equal(before, [
    `GET ${factoryPath}/triggers`,
    `POST ${factoryPath}/triggers/config_SettingsUpdated/stop`,
    `POST ${factoryPath}/triggers/config_DailySchedule/stop`,
    `POST ${factoryPath}/triggers/rawexports_FileAdded/stop`,
    `DELETE ${factoryPath}/triggers/rawexports_FileAdded`,
  ]);
  assert.equal(
    after,
    ['config_ExportData', 'config_RunExports', 'config_BackfillData', 'config_RunBackfill'].map((p) => `DELETE ${factoryPath}/pipelines/${p}`),
  );
  assert.equal(calls.slice(0, 3), [
    `HEAD /subscriptions/${SUB}/resourcegroups/${RG}`,
    `GET /subscriptions/${SUB}/resourcegroups/${RG}`,
    `GET /subscriptions/${SUB}/resourceGroups/${RG}/resources`,
  ]);
  for (const q of r.standin.requests.filter((q) => q.path.includes('/factories/'))) assert.is(q.apiVersion, '2018-06-01');
  assert.equal(r.standin.scenario.factories![FACTORY].pipelines, ['rawexports_ExecuteETL']);
  assert.equal(Object.keys(r.standin.scenario.factories![FACTORY].triggers), ['config_SettingsUpdated', 'config_DailySchedule', 'config_MonthlySchedule']);
  assert.equal(
    report.upgrade.outcomes.map((o: any) => `${o.n} ${o.status}`),
    plan.steps.filter((s) => s.performer === 'hubc deploy' && s.kind !== 'deploy').map((s) => `${s.n} ${s.subject === 'config_MonthlySchedule' ? 'skipped' : 'done'}`),
  );
  assert.equal([...new Set(r.hosts)], ['127.0.0.1']);
});

test('--upgrade --what-if prints the plan and only reads; resources tagged 0.5 and 0.7 (an unfinished upgrade) plan from 0.5 with a warning', async () => {
  const r = await run(installed(['0.7', '0.5', '0.7']), deployArgs('--upgrade', '--what-if'));
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, 'warning HUB496: the resources of hub finops-hub carry different ftk-version tags (0.5, 0.7)');
  assert.match(r.stdout, 'installed hub release: 0.5 (from the ftk-version tag of its resources)');
  assert.match(r.stdout, 'hubc upgrade-plan 0.5 -> 0.7');
  assert.match(r.stdout, /\d+\. Delete trigger rawexports_FileAdded\. {2}\[hubc deploy\]/);
  assert.match(r.stdout, /upgrade steps hubc deploy would carry out: [\d, ]+ \(nothing was changed\)/);
  assert.not.ok(r.standin.requests.some((q) => q.method === 'POST' && q.path.endsWith('/stop')));
  assert.not.ok(r.standin.requests.some((q) => q.method === 'DELETE' || (q.method === 'PUT' && q.path.includes('/deployments/'))));
});

test('untagged resources: the release is read from settings.json through the Data Lake endpoint; unreadable, it needs --from (HUB495)', async () => {
  const dl = await DataLakeStandin.start(STORAGE, { 'config/settings.json': JSON.stringify({ version: '0.4', scopes: [] }) });
  try {
    const r = await runWithDataLake(installed([undefined, undefined, undefined]), deployArgs('--upgrade', '--what-if'), dl);
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stdout, 'installed hub release: 0.4 (from the version in config/settings.json)');
    assert.match(r.stdout, 'hubc upgrade-plan 0.4 -> 0.7');
    assert.equal(dl.calls(), ['GET /config/settings.json']);
    assert.equal([...new Set(r.hosts)], ['127.0.0.1']);
  } finally {
    await dl.stop();
  }
  const empty = await DataLakeStandin.start(STORAGE, {});
  try {
    const r = await runWithDataLake(installed(['placeholder', 'placeholder', 'placeholder']), deployArgs('--upgrade', '--what-if'), empty);
    assert.is(r.code, 2);
    assert.match(
      r.stderr,
      /HUB495: cannot tell which release hub finops-hub in rg-hub is: its resources carry no known ftk-version tag \(placeholder\) and config\/settings.json of finopsstore\w+ could not be read/,
    );
  } finally {
    await empty.stop();
  }
});

test('a hub newer than the target is refused (HUB490)', async () => {
  const down = await run(installed(['0.7', '0.7', '0.7']), deployArgs('--upgrade', '--release', '0.6', '--what-if'));
  assert.is(down.code, 1);
  assert.match(down.stderr, 'HUB490');
});

test('--from names the installed release; an old parameter file is rewritten for the new release before the deployment checks it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-up-'));
  const file = join(dir, 'p.json');
  writeFileSync(file, JSON.stringify({ parameters: { hubName: { value: 'finops-hub' }, eventGridLocation: { value: 'westus' } } }));
  const r = await run(installed(['placeholder', 'placeholder', 'placeholder']), deployArgs('--upgrade', '--from', '0.5', '--what-if', '--parameters', file, '--release', '0.6'));
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, 'installed hub release: 0.5 (--from)');
  assert.match(r.stdout, 'Remove eventGridLocation from the saved parameter file.');
  const validate = r.standin.requests.find((q) => q.path.endsWith('/validate'))!;
  assert.equal(validate.body.properties.parameters, { hubName: { value: 'finops-hub' } });
});

test.run();
