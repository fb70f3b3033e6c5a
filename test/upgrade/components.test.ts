/**
 * diff and upgrade-plan know components (issue #21 item 2): two hub.yaml files of one release that differ in
 * one component. Incremental deployment of B removes nothing of A, so each change gets an upgrade note with
 * a code saying what stays and what it costs, upgrade-plan gives the deletion steps in dependency order (or,
 * for a renamed hub, the steps of deploying a new hub), and neither ever says the upgrade needs nothing.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { parse, stringify } from 'yaml';
import { toJsonText } from '../../src/model/json.js';
import { diffBuilds } from '../../src/diff/compare.js';
import { formatMarkdown } from '../../src/diff/format/markdown.js';
import { formatText } from '../../src/diff/format/text.js';
import type { DiffResult } from '../../src/diff/types.js';
import type { LoadedBuild } from '../../src/load/index.js';
import { planUpgrade as plan, type UpgradePlan, type UpgradeStep } from '../../src/upgrade/index.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { releaseInput } from '../support/releaseBuilds.js';

/** A 0.7 hub.yaml: the repository's, with a Data Explorer cluster, changed by `edit`. */
function hub(label: string, edit: (doc: any) => void = () => {}): LoadedBuild {
  const doc = parse(DEFAULT_HUB_YAML);
  doc.dataExplorer.name = 'myadx';
  edit(doc);
  return { ...releaseInput('0.7', stringify(doc)), label, source: 'hub.yaml' };
}

const A = hub('a.yaml');
const ajv = new Ajv({ allErrors: true, strict: true });
const schema = (name: string) => ajv.compile(JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), 'utf8')));
const validDiff = schema('diff-result.schema.json');
const validPlan = schema('upgrade-plan.schema.json');
const notes = (r: DiffResult, code: string) => r.upgradeNotes.filter((n) => n.code === code);
const steps = (p: UpgradePlan, phase: string) => p.steps.filter((s) => s.phase === phase);
/** The plan from A to B, checked against its schema. */
function planUpgrade(a: LoadedBuild, b: LoadedBuild): UpgradePlan {
  const p = plan(a, b);
  assert.ok(validPlan(JSON.parse(toJsonText(p))), JSON.stringify(validPlan.errors?.slice(0, 3)));
  return p;
}
const line = (s: UpgradeStep) => `${s.kind} ${s.performer}: ${s.action}`;

/** The verdict that the upgrade needs nothing, in text and markdown, must not be printed; the result keeps to its schema. */
function assertNotSafe(r: DiffResult) {
  assert.ok(validDiff(JSON.parse(toJsonText(r))), JSON.stringify(validDiff.errors?.slice(0, 3)));
  assert.ok(r.upgradeNotes.length > 0);
  assert.not.match(formatText(r), 'none: a hub deployed from A can deploy B over it as it is');
  assert.not.match(formatMarkdown(r), 'None: a hub deployed from the first build');
}

test('Data Explorer removed: the cluster keeps running and billing, its trigger keeps loading it; the plan stops the trigger and deletes its objects and resources, the cluster last and by hand', () => {
  const b = hub('a4.yaml', (d) => (d.dataExplorer.name = ''));
  const r = diffBuilds(A, b);
  assertNotSafe(r);
  const note = notes(r, 'HUB416');
  assert.equal(
    note.map((n) => [n.kind, n.subject]),
    [['componentRemoved', 'dataExplorer']],
  );
  assert.match(note[0].message, 'cluster myadx keeps running and billing for its compute and storage, with databases Ingestion and Hub and all their data');
  assert.match(note[0].message, 'trigger ingestion_ManifestAdded keeps starting ingestion_ExecuteETL, ingestion_ETL_dataExplorer and config_InitializeHub on every new manifest');
  assert.match(note[0].message, 'linked service hubDataExplorer stays');
  assert.match(note[0].message, 'private endpoint myadx-ep with its private DNS zone group');
  // The generic notes of what stays: the trigger to stop first, the cluster (with its parts), the objects.
  assert.equal(
    notes(r, 'HUB410').map((n) => n.subject),
    ['ingestion_ManifestAdded'],
  );
  assert.match(
    notes(r, 'HUB407').find((n) => n.subject.startsWith('Microsoft.Kusto/clusters '))!.message,
    'Resource Microsoft.Kusto/clusters myadx (with its principal assignments, databases, scripts) is not deployed by the new build',
  );
  assert.equal(
    notes(r, 'HUB409')
      .map((n) => n.subject)
      .sort(),
    ['config_InitializeHub', 'hubDataExplorer', 'ingestion_ETL_dataExplorer', 'ingestion_ExecuteETL'],
  );

  const p = planUpgrade(A, b);
  assert.equal(
    steps(p, 'before')
      .slice(-2)
      .map((s) => `${s.kind} ${s.subject}`),
    ['stopTrigger ingestion_ManifestAdded', 'deleteDataFactoryObject ingestion_ManifestAdded'],
  );
  const after = steps(p, 'after').map(line);
  assert.equal(after.slice(0, 4), [
    'deleteDataFactoryObject hubc deploy: Delete pipeline ingestion_ExecuteETL.',
    'deleteDataFactoryObject hubc deploy: Delete pipeline ingestion_ETL_dataExplorer.',
    'deleteDataFactoryObject hubc deploy: Delete pipeline config_InitializeHub.',
    'deleteDataFactoryObject hubc deploy: Delete linked service hubDataExplorer.',
  ]);
  const types = steps(p, 'after')
    .filter((s) => s.resource)
    .map((s) => `${s.kind} ${s.resource!.type}`);
  // Dependency order: the DNS zone's link before the zone (ARM refuses the zone while links remain), the endpoint before the cluster, the cluster last, by hand.
  assert.ok(
    types.indexOf('deleteResource Microsoft.Network/privateDnsZones/virtualNetworkLinks') < types.indexOf('deleteResource Microsoft.Network/privateDnsZones'),
    types.join('\n'),
  );
  assert.ok(types.indexOf('deleteResource Microsoft.Network/privateEndpoints') < types.indexOf('manual Microsoft.Kusto/clusters'));
  assert.is(types[types.length - 1], 'manual Microsoft.Kusto/clusters');
  assert.not.ok(
    types.some((t) => t.includes('clusters/databases') || t.includes('privateDnsZoneGroups')),
    'parts go with their parent',
  );
  const cluster = steps(p, 'after').find((s) => s.resource?.type === 'Microsoft.Kusto/clusters')!;
  assert.equal(
    cluster.cites.map((c) => c.code ?? c.change),
    ['HUB407', 'HUB416', "template/resources/Microsoft.Kusto/clusters [variables('dataExplorerClusterName')]: unchanged"],
  );
  assert.match(cluster.why, "a4.yaml declares it but does not deploy it (its condition is false with a4.yaml's values)");
});

test('remote hub removed: the Key Vault secret keeps a working storage key; the plan deletes the linked service and gives the command for the secret, which ARM cannot delete', () => {
  const remote = (d: any) => (d.remoteHub.storageUri = 'https://remotehub.dfs.core.windows.net/');
  const a = hub('remote.yaml', remote);
  const b = hub('local.yaml');
  const r = diffBuilds(a, b);
  assertNotSafe(r);
  const note = notes(r, 'HUB416');
  assert.equal(
    note.map((n) => n.subject),
    ['remoteHub'],
  );
  assert.match(note[0].message, 'the data already pushed stays in the remote hub');
  assert.match(note[0].message, 'Key Vault secret finops-hub-storage-key keeps the remote storage account key, a working credential until you delete it or rotate the key');
  assert.match(note[0].message, 'linked service remoteHubStorage stays in the factory');

  const p = planUpgrade(a, b);
  assert.equal(steps(p, 'after').map(line), [
    'deleteDataFactoryObject hubc deploy: Delete linked service remoteHubStorage.',
    'manual you: Delete Microsoft.KeyVault/vaults/secrets fino-vault-{unique}/finops-hub-storage-key yourself: az keyvault secret delete --vault-name <key vault> --name finops-hub-storage-key',
  ]);
  // The words name the secret for people (issue #30 item 13); the target keeps the template's name.
  assert.match(steps(p, 'after')[1].resource!.name, /^\[format\('\{0\}\/\{1\}', replace\(concat\('fino-vault-'/);
  assert.match(steps(p, 'after')[1].why, 'ARM does not delete it');
});

test('private networking turned off: the managed network, runtime and private endpoints stay; the plan deletes the runtime and endpoints and says the managed network stays', () => {
  const b = hub('public.yaml', (d) => (d.networking.publicAccess = true));
  const r = diffBuilds(A, b);
  assertNotSafe(r);
  const note = notes(r, 'HUB416');
  assert.equal(
    note.map((n) => n.subject),
    ['privateNetworking'],
  );
  assert.match(note[0].message, 'managed virtual network default with its 3 managed private endpoints and integration runtime ManagedIntegrationRuntime stay, unused');

  const p = planUpgrade(A, b);
  const after = steps(p, 'after');
  assert.equal(
    after.map((s) => `${s.kind} ${s.resource?.type}`),
    [
      'deleteResource Microsoft.DataFactory/factories/integrationRuntimes',
      'deleteResource Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints',
      'deleteResource Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints',
      'deleteResource Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints',
    ],
  );
  assert.ok(after.every((s) => s.cites.some((c) => c.code === 'HUB416' && c.subject === 'privateNetworking')));
  assert.equal(p.notes.length, 1);
  assert.match(
    p.notes[0],
    /^Microsoft\.DataFactory\/factories\/managedVirtualNetworks .* stays after the upgrade: Data Factory's operations for a managed virtual network are Create Or Update, Get and List By Factory/,
  );
});

test('a dataset removed: its schema files stay (exports still converted) and its tables keep their data; the plan lists exports, schema files, tables and data to delete', () => {
  const b = hub('no-transactions.yaml', (d) => (d.datasets = d.datasets.filter((x: { name: string }) => x.name !== 'Transactions')));
  const r = diffBuilds(A, b);
  assertNotSafe(r);
  const note = notes(r, 'HUB416');
  assert.equal(
    note.map((n) => n.subject),
    ['Transactions'],
  );
  assert.match(
    note[0].message,
    'its schema files config/schemas/reservationtransactions_2023-05-01_ea.json and config/schemas/reservationtransactions_2023-05-01_mca.json stay in the config container, so its exports are still converted',
  );
  assert.match(note[0].message, 'loaded into its Data Explorer tables Ingestion.Transactions_raw and Ingestion.Transactions_final_v1_0, which stay with their data');
  assert.equal(notes(r, 'HUB408'), [], 'the files and tables are in the dataset note');

  const p = planUpgrade(A, b);
  const after = steps(p, 'after');
  assert.equal(
    after.map((s) => s.subject),
    [
      'ReservationTransactions exports',
      'config/schemas/reservationtransactions_2023-05-01_ea.json, config/schemas/reservationtransactions_2023-05-01_mca.json',
      'Ingestion.Transactions_raw, Ingestion.Transactions_final_v1_0',
      'ingestion/Transactions/',
    ],
  );
  assert.ok(after.every((s) => s.performer === 'you' && s.cites[0].code === 'HUB416'));
  assert.equal(after[1].details, [
    'az storage fs file delete --account-name <storage account> --file-system config --path schemas/reservationtransactions_2023-05-01_ea.json --auth-mode login',
    'az storage fs file delete --account-name <storage account> --file-system config --path schemas/reservationtransactions_2023-05-01_mca.json --auth-mode login',
  ]);
  assert.equal(after[2].details, [
    'in database Hub: .drop functions (Transactions_v1_0, Transactions) ifexists',
    'in database Ingestion: .drop tables (Transactions_raw, Transactions_final_v1_0) ifexists',
    'in database Ingestion: .drop functions (Transactions_transform_v1_0) ifexists',
  ]);
});

test('the hub renamed: a second hub, not an upgrade; the plan deploys it as a new hub, moves the data and retires the old one, and hubc deploy --upgrade stops before deploying', () => {
  const b = hub('renamed.yaml', (d) => (d.hub.name = 'other-hub'));
  const r = diffBuilds(A, b);
  assertNotSafe(r);
  assert.equal(
    r.upgradeNotes.map((n) => [n.code, n.kind, n.subject, n.to]),
    [['HUB417', 'hubRenamed', 'finops-hub', 'other-hub']],
  );
  const message = r.upgradeNotes[0].message;
  assert.match(
    message,
    'The hub is renamed from finops-hub to other-hub: every resource name derives from the hub name, so the new build deploys a second hub next to finops-hub, not an upgrade of it.',
  );
  assert.match(
    message,
    /leaves the \d+ resources of finops-hub whose names change in place, running and billing \(its triggers config_SettingsUpdated, .* keep starting its pipelines\)/,
  );
  assert.match(
    message,
    /Both hubs share virtual network link privatelink-blob-\{storageSuffix\}-link, .* and private endpoint myadx-ep: the new build points them at its own network/,
  );
  assert.not.match(message, /\[(concat|format|replace)\(/, 'resources named for people, not by ARM expression');

  const p = planUpgrade(A, b);
  assert.equal(
    p.steps.map((s) => `${s.phase} ${s.kind} ${s.performer}`),
    ['before manual you', 'deploy deploy you', 'after manual you', 'after manual you', 'after manual you'],
  );
  assert.match(p.steps[1].action, 'Deploy renamed.yaml as a new hub in a resource group of its own');
  assert.match(p.steps[1].why, 'keeps the names of cluster myadx, which are unique across Azure');
  assert.match(p.steps[2].action, /^Copy the data finops-hub converted into other-hub's storage account/);
  const retire = p.steps[4];
  assert.match(retire.details![0], /^stop the triggers config_SettingsUpdated, .*ingestion_ManifestAdded of finops-hub's factory$/);
  const order = retire.details!.slice(1);
  const at = (re: RegExp) => order.findIndex((d) => re.test(d));
  assert.ok(at(/^private endpoint .*-blob-ep/) < at(/^storage account .*finopsstore.*holds data/), order.join('\n'));
  assert.ok(at(/^private endpoint .*vault/) < at(/^vault /), 'endpoints before what they connect');
  assert.not.ok(
    p.steps.some((s) => s.performer === 'hubc deploy'),
    'nothing for hubc deploy --upgrade to carry out',
  );
});

test('in general: what A deploys and B deploys under another name stays (a renamed Data Explorer cluster), with no component note', () => {
  const b = hub('other-cluster.yaml', (d) => (d.dataExplorer.name = 'otheradx'));
  const r = diffBuilds(A, b);
  assertNotSafe(r);
  assert.equal(notes(r, 'HUB416'), []);
  assert.ok(notes(r, 'HUB407').some((n) => n.message.startsWith('Resource Microsoft.Kusto/clusters myadx (with its principal assignments, databases, scripts) is not deployed')));
  const cluster = planUpgrade(A, b).steps.find((s) => s.resource?.type === 'Microsoft.Kusto/clusters')!;
  assert.match(cluster.why, 'b deploys it under another name'.replace('b', 'other-cluster.yaml'));
  assert.is(cluster.kind, 'manual');
});

test.run();
