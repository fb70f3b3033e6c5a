/**
 * The whole chain of steps a hub that old needs to reach the newest release with its data kept (issue #36,
 * "0.1 -> 14 included"): `hubc upgrade-plan` from a 0.1, a 0.3 and a 0.8 hub to the newest release, the one
 * hub.yaml (scopes on a subscription and an EA billing account, a Data Explorer cluster, the recommendations)
 * built for each release as `--hub` builds it (the sections a release lacks left out). Each plan is asserted
 * step by step, in order, and held to the data rules: nothing that holds data (storage account, container, Key
 * Vault, Data Explorer cluster or database) is deleted by a step, converted data in an old layout is moved by
 * `hubc migrate-data` (or, 0.1's amortized cost, listed as kept), and no warning says data is lost.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { stringify } from 'yaml';
import { toJsonText } from '../../src/model/json.js';
import { LATEST_RELEASE } from '../../src/model/releases.js';
import { hubTextForRelease } from '../../src/frontend/forRelease.js';
import { planUpgrade, type UpgradePlan, type UpgradeStep } from '../../src/upgrade/index.js';
import { codes } from '../../src/diagnostics/index.js';
import { releaseInput } from '../support/releaseBuilds.js';

const SUBSCRIPTION = '/subscriptions/00000000-0000-0000-0000-0000000000a1';
const EA = '/providers/Microsoft.Billing/billingAccounts/1234567';
const HUB = stringify({
  release: LATEST_RELEASE,
  hub: { name: 'finops-hub' },
  scopes: [SUBSCRIPTION, EA],
  dataExplorer: { name: 'hubadx' },
  recommendations: { enabled: true },
});

const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(new URL('../../schemas/upgrade-plan.schema.json', import.meta.url), 'utf8')));

/** The plan from `from` to the newest release for {@link HUB}. */
const plan = (from: string): UpgradePlan => planUpgrade(releaseInput(from, hubTextForRelease(HUB, from).text), releaseInput(LATEST_RELEASE, HUB));

/** `phase kind what`: the resource type for a resource step, else the subject; with the codes it cites. */
const line = (s: UpgradeStep) => `${s.phase} ${s.kind} ${s.resource ? s.resource.type : s.subject} ${s.cites.flatMap((c) => (c.code ? [c.code] : [])).join(',')}`.trim();

/** Resource types that hold the hub's data or secrets: a step may never delete one (the owner decides, after moving what they hold). */
const HOLDS_DATA = [
  'Microsoft.Storage/storageAccounts',
  'Microsoft.Storage/storageAccounts/blobServices/containers',
  'Microsoft.KeyVault/vaults',
  'Microsoft.Kusto/clusters',
  'Microsoft.Kusto/clusters/databases',
];

/** The data rules every chain keeps (and the plan's JSON schema). */
function keepsData(p: UpgradePlan): void {
  assert.ok(validate(JSON.parse(toJsonText(p))), JSON.stringify(validate.errors?.slice(0, 3)));
  assert.equal(
    p.warnings.filter((w) => w.code === codes.HUB602.code),
    [],
    'no warning of data lost',
  );
  for (const s of p.steps) {
    if (s.kind === 'deleteResource') assert.not.ok(HOLDS_DATA.includes(s.resource!.type), `step ${s.n} deletes ${s.subject}`);
    if (s.resource && HOLDS_DATA.includes(s.resource.type)) {
      assert.is(s.performer, 'you', `step ${s.n}: the owner decides about ${s.subject}`);
      assert.match(s.why, /holds data, so hubc does not delete it/);
    }
    for (const text of [s.action, ...(s.details ?? [])])
      assert.not.match(text, /\.drop (table|database)|az storage container delete|az kusto (cluster|database) delete/, `step ${s.n}`);
  }
}

test(`0.1 -> ${LATEST_RELEASE}: the parameter rename, the 0.1 trigger and pipelines, the vault left to its owner, the amortized data kept, the roles, the first exports`, () => {
  const p = plan('0.1');
  assert.equal(p.steps.map(line), [
    'prepare rewriteParameter exportScopes HUB404',
    'before stopTrigger rawexports HUB410',
    'before deleteDataFactoryObject rawexports HUB410',
    'deploy deploy azuredeploy.json',
    'deploy settings config/settings.json',
    'deploy startTriggers triggers',
    'after deleteDataFactoryObject rawexports_extract HUB409',
    'after deleteDataFactoryObject rawexports_transform HUB409',
    'after deleteDataFactoryObject keyVault HUB409',
    'after manual Microsoft.KeyVault/vaults HUB407',
    'after manual ingestion/ HUB408',
    'after manual output dataFactorytName HUB032',
    'after manual enableRecommendations HUB660',
    'after manual config_ConfigureExports: role HUB457',
    'after manual config_ConfigureExports HUB457',
    'after manual config_ConfigureExports: your exports HUB457',
  ]);
  keepsData(p);
  // 0.1's amortized cost has no FOCUS equivalent: kept where it is, never deleted.
  assert.match(p.steps.find((s) => s.subject === 'ingestion/')!.action, /hubc migrate-data leaves it in place/);
  const role = p.steps.find((s) => s.subject === 'config_ConfigureExports: role')!;
  assert.match(role.action, new RegExp(`Cost Management Contributor on ${SUBSCRIPTION}, and the billing role of its level on ${EA}`));
  assert.equal(role.details!.slice(1), [
    `az role assignment create --assignee-object-id "$principal" --assignee-principal-type ServicePrincipal --role "Cost Management Contributor" --scope ${SUBSCRIPTION}`,
  ]);
  const run = p.steps.find((s) => s.subject === 'config_ConfigureExports')!;
  assert.match(run.details![1], /^az datafactory pipeline create-run -g <resource group> --factory-name "\$factory" --name config_ConfigureExports$/);
  assert.ok(p.steps.indexOf(role) < p.steps.indexOf(run), 'the role before the run that needs it');
});

test(`0.3 -> ${LATEST_RELEASE}: the FOCUS data of 0.3 moved by hubc migrate-data after the deployment, nothing deleted that holds data`, () => {
  const p = plan('0.3');
  assert.equal(p.steps.map(line), [
    'prepare rewriteParameter exportScopes HUB404',
    'before stopTrigger rawexports_FileAdded HUB410',
    'before deleteDataFactoryObject rawexports_FileAdded HUB410',
    'deploy deploy azuredeploy.json',
    'deploy settings config/settings.json',
    'deploy startTriggers triggers',
    'after deleteDataFactoryObject keyVault HUB409',
    'after manual Microsoft.KeyVault/vaults HUB407',
    'after migrateData ingestion/ HUB408',
    'after manual output dataFactorytName HUB032',
    'after manual enableRecommendations HUB660',
    'after manual config_ConfigureExports: role HUB457',
    'after manual config_ConfigureExports HUB457',
    'after manual config_ConfigureExports: your exports HUB457',
  ]);
  keepsData(p);
  const move = p.steps.find((s) => s.kind === 'migrateData')!;
  assert.is(move.performer, 'hubc migrate-data');
  assert.match(move.action, `hubc migrate-data --from 0.3 --to ${LATEST_RELEASE}`);
});

test(`0.8 -> ${LATEST_RELEASE}: triggers stopped, the manifest dataset split, the vault's network gone, the old Kusto scripts, the FOCUS 1.2 retype and functions, the open data, the Reader role, the new billing exports created`, () => {
  const p = plan('0.8');
  assert.equal(p.steps.map(line), [
    'before stopTrigger config_SettingsUpdated HUB410',
    'before stopTrigger config_DailySchedule HUB410',
    'before stopTrigger config_MonthlySchedule HUB410',
    'before stopTrigger rawexports_ManifestAdded',
    'before stopTrigger ingestion_ManifestAdded HUB410',
    'deploy deploy azuredeploy.json',
    'deploy settings config/settings.json',
    'deploy databaseScripts Ingestion HUB445',
    'deploy startTriggers triggers',
    'after deleteDataFactoryObject manifest HUB409',
    'after deleteDataFactoryObject keyVault HUB409',
    'after deleteResource Microsoft.Network/privateEndpoints HUB407',
    'after deleteResource Microsoft.Network/privateDnsZones/virtualNetworkLinks HUB407',
    'after deleteResource Microsoft.Network/privateDnsZones HUB407',
    'after deleteResource Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints HUB407',
    'after manual Microsoft.KeyVault/vaults HUB407',
    'after deleteResource Microsoft.Kusto/clusters/databases/scripts HUB407',
    'after deleteResource Microsoft.Kusto/clusters/databases/scripts HUB407',
    'after deleteResource Microsoft.Kusto/clusters/databases/scripts HUB407',
    'after deleteResource Microsoft.Kusto/clusters/databases/scripts HUB407',
    'after manual Hub HUB442',
    'after manual config_InitializeHub HUB444',
    'after manual enableRecommendations HUB660',
    'after manual config_ConfigureExports HUB458',
  ]);
  keepsData(p);
  // The same layout since 0.6: nothing to move. The role is the 0.8 hub's already; the exports of 0.9 on billing accounts are new.
  assert.not.ok(p.steps.some((s) => s.kind === 'migrateData'));
  assert.not.ok(p.steps.some((s) => s.subject === 'config_ConfigureExports: role'));
  // The deployment itself runs config_ConfigureExports after it starts the triggers: the step checks that run.
  assert.match(p.steps.find((s) => s.subject === 'config_ConfigureExports')!.action, 'Check that the run of config_ConfigureExports the deployment started succeeded');
});

test('the config_ConfigureExports step is planned only when the exports change: not between releases that create the same', () => {
  const same = planUpgrade(releaseInput('13', hubTextForRelease(HUB, '13').text), releaseInput(LATEST_RELEASE, HUB));
  assert.not.ok(same.steps.some((s) => s.subject.startsWith('config_ConfigureExports')));
  const noScopes = stringify({ release: LATEST_RELEASE, hub: { name: 'finops-hub' } });
  const none = planUpgrade(releaseInput('0.1', hubTextForRelease(noScopes, '0.1').text), releaseInput(LATEST_RELEASE, noScopes));
  assert.not.ok(
    none.steps.some((s) => s.subject.startsWith('config_ConfigureExports')),
    'no scope: no export to create',
  );
});

test.run();
