/**
 * What release 0.9 changes (releases-0.9-14.md §1.1), each against 0.8, which keeps its behaviour: the Key
 * Vault and what exists for it only with a remote hub (evaluated with the ARM evaluator for both values of
 * `remoteHubStorageUri`), the managed exports by kind of scope (the scope-kind expression evaluated with the
 * Data Factory evaluator over every scope form hub.yaml accepts; only datasets the hub ingests), the export
 * run body, the monthly schedule days, reservation recommendations in a folder per export, and the MCA
 * recommendations schema without spaces.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';
import { compiled, fullHubYaml, templateOf } from '../support/hubs.js';
import { TEST_CONTEXT } from '../support/template.js';
import { activityOf, allActivities, evaluate, objectsOf } from './dataFactory/support.js';
import { SCOPE_FORMS, scopeExample } from '../../src/frontend/scopes.js';
import { compile } from '../../src/compiler/compile.js';

const template = (release: string, extra: Record<string, unknown> = {}) => templateOf(compiled(fullHubYaml(release, extra)));

/** `type name` of the resources deployed for the given parameter values. */
function deployed(t: any, parameters: Record<string, unknown>): string[] {
  const ctx = templateContext(t, { useDefaults: true, parameters: { location: 'westeurope', ...parameters } as never, ...TEST_CONTEXT });
  const value = (v: unknown) => (typeof v === 'string' ? evaluateTemplateString(v, ctx) : v);
  return (t.resources as any[]).filter((r) => r.condition === undefined || value(r.condition) === true).map((r) => `${r.type} ${String(value(r.name))}`);
}

/** The vault, its endpoint and DNS zone, and Data Factory's linked service and managed endpoint to it. */
const vaultParts = (list: string[]) =>
  list
    .filter((r) =>
      /Microsoft\.KeyVault\/vaults |-vault-[a-z0-9]+-ep|privatelink\.vaultcore|\/linkedservices .*\/keyVault$|managedPrivateEndpoints .*-vault-|-vault-connections/.test(r),
    )
    .sort();

test('0.9 deploys the Key Vault, its endpoint, DNS zone and link, the linked service and the managed endpoint only for a remote hub; 0.8 always', () => {
  const remote = { remoteHubStorageUri: 'https://otherhub.dfs.core.windows.net/', remoteHubStorageKey: 'key', enablePublicAccess: 'False' };
  const local = { remoteHubStorageUri: '', enablePublicAccess: 'False' };
  const t08 = template('0.8');
  const t09 = template('0.9');
  const withRemote = vaultParts(deployed(t09, remote));
  // vault, endpoint + zone group, zone + link, linked service, managed endpoint, get + approve deployments
  assert.is(withRemote.length, 9, withRemote.join('\n'));
  assert.equal(vaultParts(deployed(t09, local)), [], 'without a remote hub 0.9 deploys none of them');
  assert.equal(vaultParts(deployed(t08, local)).length, 9, '0.8 deploys them without a remote hub too');
  assert.equal(vaultParts(deployed(t08, remote)).length, 9);
  // With public access the vault is still deployed for a remote hub, without its network parts.
  assert.equal(
    vaultParts(deployed(t09, { ...remote, enablePublicAccess: 'True' })).map((r) => r.split(' ')[0]),
    ['Microsoft.DataFactory/factories/linkedservices', 'Microsoft.KeyVault/vaults'],
  );
});

test('0.9 tells the kind of a scope from its ID as hub.yaml writes it and in lower case: every dataset on EA billing accounts and MCA billing profiles, the FOCUS pair elsewhere', () => {
  const { byName } = objectsOf(fullHubYaml('0.9'));
  const on = activityOf(byName('config_ConfigureExports'), 'Switch Scope Kind').typeProperties.on;
  const expected: Record<string, string> = { eaBillingAccount: 'eaBillingAccount', mcaBillingProfile: 'mcaBillingProfile' };
  for (const form of SCOPE_FORMS) {
    for (const scope of [scopeExample(form), scopeExample(form).toLowerCase()]) {
      assert.is(evaluate(on, { item: { scope } }), expected[form.key] ?? 'other', `${form.key}: ${scope}`);
    }
  }
});

test('0.9 creates only the exports of datasets the hub ingests: a Costs-only hub gets the FOCUS pair on every scope, as 0.8', () => {
  const costsOnly = objectsOf(fullHubYaml('0.9', { datasets: [{ name: 'Costs' }] })).byName('config_ConfigureExports');
  const names = allActivities(costsOnly).map((a) => a.name);
  assert.not.ok(names.includes('Switch Scope Kind'));
  assert.equal(
    names.filter((n) => n.startsWith('Create ')),
    ['Create Daily Export', 'Create Monthly Export'],
  );
  const full = allActivities(objectsOf(fullHubYaml('0.9')).byName('config_ConfigureExports')).map((a) => a.name);
  assert.equal(
    full.filter((n) => n.startsWith('EA Create ')),
    [
      'EA Create Daily Export',
      'EA Create Monthly Export',
      'EA Create Prices Export',
      'EA Create Reservation Details Export',
      'EA Create Reservation Transactions Export',
      'EA Create Recommendations Export',
    ],
  );
  const noPrices = allActivities(objectsOf(fullHubYaml('0.9', { datasets: [{ name: 'Costs' }, { name: 'Recommendations' }] })).byName('config_ConfigureExports')).map(
    (a) => a.name,
  );
  assert.equal(
    noPrices.filter((n) => n.startsWith('MCA ') && n.includes('Create') && !n.includes('Failed')),
    ['MCA Create Daily Export', 'MCA Create Monthly Export', 'MCA Create Recommendations Export'],
  );
  const eightExports = allActivities(objectsOf(fullHubYaml('0.8')).byName('config_ConfigureExports')).map((a) => a.name);
  assert.equal(
    eightExports.filter((n) => n.includes('Create') && !n.includes('Failed')),
    ['Create Daily Export', 'Create Monthly Export'],
  );
});

test('0.9 runs exports with a blank body again; 0.8 with {}', () => {
  const body = (v: string) => activityOf(objectsOf(fullHubYaml(v)).byName('config_RunExportJobs'), 'Run Export').typeProperties.body;
  assert.is(body('0.8'), '{}');
  assert.is(body('0.9'), ' ');
});

test('the monthly schedule runs on the 2nd, 5th and 19th from 0.9 (5th and 19th before) unless hub.yaml names the days', () => {
  const days = (v: string, extra: Record<string, unknown> = {}) =>
    objectsOf(fullHubYaml(v, extra)).byName('config_MonthlySchedule').properties.typeProperties.recurrence.schedule.monthDays;
  assert.equal(days('0.8'), [5, 19]);
  assert.equal(days('0.9'), [2, 5, 19]);
  assert.equal(days('0.9', { schedules: { monthly: { daysOfMonth: [3] } } }), [3]);
  // The release's own days are a default: stated for a release without managed exports they change nothing (HUB221).
  const r = compile('release: "0.3"\nhub:\n  name: contoso\nschedules:\n  monthly:\n    daysOfMonth: [5, 19]\n');
  assert.equal(
    r.diagnostics.map((d) => `${d.code} ${d.severity}`),
    ['HUB221 warning'],
  );
});

test('0.9 converts reservation recommendations into a folder per export; other datasets and 0.8 keep the scope folder', () => {
  const folder = (v: string, dataset: string, exportName?: string) =>
    evaluate(activityOf(objectsOf(fullHubYaml(v)).byName('rawexports_ExecuteETL'), 'Set Destination Folder').typeProperties.value, {
      variables: { hubDataset: dataset, month: '2025/03', scope: 'subscriptions/s1' },
      activities: { 'Read Manifest': { output: { firstRow: { exportConfig: exportName === undefined ? {} : { exportName } } } } },
    });
  assert.is(folder('0.9', 'Recommendations', 'Contoso-Recs-Shared'), 'Recommendations/2025/03/subscriptions/s1/contoso-recs-shared');
  assert.is(folder('0.9', 'Recommendations'), 'Recommendations/2025/03/subscriptions/s1', 'no export name: the scope folder, no trailing /');
  assert.is(folder('0.9', 'Costs', 'daily'), 'Costs/2025/03/subscriptions/s1');
  assert.is(folder('0.8', 'Recommendations', 'Contoso-Recs-Shared'), 'Recommendations/2025/03/subscriptions/s1');
});

test('0.9 writes the MCA recommendations schema with parquet columns without spaces; the EA file and 0.8 are unchanged', () => {
  const sinks = (v: string, file: string) =>
    JSON.parse(compiled(fullHubYaml(v)).artifacts.get(`config/schemas/${file}`)!).translator.mappings.map((m: any) => `${m.source.name}>${m.sink.name}:${m.source.type}`);
  const mca09 = sinks('0.9', 'reservationrecommendations_2023-05-01_mca.json');
  assert.ok(mca09.includes('Net Savings>NetSavingsJson:String'));
  assert.ok(mca09.includes('scope>Scope:String'));
  assert.not.ok(
    mca09.some((m: string) => / /.test(m.split('>')[1])),
    'no sink name has a space',
  );
  assert.ok(sinks('0.8', 'reservationrecommendations_2023-05-01_mca.json').includes('Net Savings>Net Savings:Decimal'));
  assert.equal(sinks('0.9', 'reservationrecommendations_2023-05-01_ea.json'), sinks('0.8', 'reservationrecommendations_2023-05-01_ea.json'));
});

test.run();
