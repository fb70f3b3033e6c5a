/**
 * Upgrade plans for every pair of consecutive releases and for 0.1 -> 0.7 (the default hub compiled once per
 * release for this file), checked for their key steps and their order, and against
 * schemas/upgrade-plan.schema.json; a saved parameter file rewritten for the newer release.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { toJsonText } from '../../src/model/json.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { planUpgrade, UpgradePlanError, UPGRADE_PHASES, formatPlanText, formatPlanMarkdown, type UpgradePlan, type UpgradeStep } from '../../src/upgrade/index.js';
import { releaseInput } from '../support/releaseBuilds.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/upgrade-plan.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

const plans = new Map<string, UpgradePlan>();
/** The plan of the default hub from release `a` to `b` (cached). */
function plan(a: string, b: string): UpgradePlan {
  const key = `${a}-${b}`;
  if (!plans.has(key)) plans.set(key, planUpgrade(releaseInput(a), releaseInput(b)));
  return plans.get(key)!;
}

/** `kind subject` of the steps of a phase, in order. */
const steps = (p: UpgradePlan, phase: string) => p.steps.filter((s) => s.phase === phase).map((s) => `${s.kind} ${s.subject}`);
const find = (p: UpgradePlan, kind: string, subject?: string) => p.steps.find((s) => s.kind === kind && (subject === undefined || s.subject === subject));
const codes = (s: UpgradeStep | undefined) => (s?.cites ?? []).map((c) => c.code).filter(Boolean);

const LATEST = RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1];
// Consecutive releases, 0.1 -> 0.7, and every earlier release to the latest.
const PAIRS = [
  ...RELEASE_VERSIONS.slice(1).map((v, i) => [RELEASE_VERSIONS[i], v]),
  ['0.1', '0.7'],
  ...RELEASE_VERSIONS.slice(0, -2)
    .filter((v) => v !== '0.1' || LATEST !== '0.7')
    .map((v) => [v, LATEST]),
];

for (const [a, b] of PAIRS) {
  test(`${a} -> ${b}: phases in order, numbered, every step cites a change, valid against the schema`, () => {
    const p = plan(a, b);
    assert.equal(
      p.steps.map((s) => s.n),
      p.steps.map((_, i) => i + 1),
    );
    const phases = p.steps.map((s) => UPGRADE_PHASES.indexOf(s.phase));
    assert.equal(
      phases,
      [...phases].sort((x, y) => x - y),
    );
    for (const s of p.steps) assert.ok(s.cites.length > 0 && s.why.length > 10, `step ${s.n} says why`);
    assert.ok(validate(JSON.parse(toJsonText(p))), JSON.stringify(validate.errors?.slice(0, 3)));
    // Every trigger a stop/delete names is stopped before it is deleted, and the deployment comes between the two phases.
    for (const s of p.steps.filter((x) => x.kind === 'deleteDataFactoryObject' && x.dataFactory?.kind === 'triggers')) {
      const stop = find(p, 'stopTrigger', s.subject);
      assert.ok(stop && stop.n < s.n, `${s.subject} stopped first`);
    }
    assert.ok(find(p, 'deploy'), 'the deployment is a step');
    assert.not.ok(
      p.steps.some((s) => s.phase === 'before' && s.kind === 'deleteDataFactoryObject' && s.dataFactory?.kind !== 'triggers'),
      'only triggers are deleted before the deployment',
    );
  });
}

test('0.1 -> 0.2: rawexports stopped and deleted before; rawexports_extract deleted before the pipeline it runs; amortized cost data kept', () => {
  const p = plan('0.1', '0.2');
  assert.equal(steps(p, 'before'), ['stopTrigger rawexports', 'deleteDataFactoryObject rawexports']);
  assert.equal(steps(p, 'after'), ['deleteDataFactoryObject rawexports_extract', 'deleteDataFactoryObject rawexports_transform', 'manual ingestion/']);
  assert.equal(codes(find(p, 'deleteDataFactoryObject', 'rawexports_transform')), ['HUB409']);
  assert.match(find(p, 'deleteDataFactoryObject', 'rawexports_transform')!.why, 'It goes after rawexports_extract, which refers to it');
  assert.match(find(p, 'manual', 'ingestion/')!.why, 'amortized cost exports, which are not FOCUS data');
  assert.not.ok(find(p, 'migrateData'));
  assert.equal(steps(p, 'prepare'), []);
});

test('0.2 -> 0.3: nothing but stopping the trigger, the deployment and the version in settings.json', () => {
  const p = plan('0.2', '0.3');
  assert.equal(steps(p, 'prepare'), []);
  assert.equal(steps(p, 'before'), ['stopTrigger rawexports_FileAdded']);
  assert.equal(steps(p, 'after'), []);
  assert.equal(find(p, 'settings')!.details, ['version: "0.2" -> "0.3"']);
});

test('0.3 -> 0.4: exportScopes renamed scopesToMonitor, the changed trigger stopped, retention added to settings.json, data moved', () => {
  const p = plan('0.3', '0.4');
  const rename = find(p, 'rewriteParameter', 'exportScopes')!;
  assert.match(rename.action, 'rename exportScopes to scopesToMonitor');
  assert.equal(codes(rename), ['HUB404']);
  assert.ok(rename.cites.some((c) => c.release === 'parameterNames.scopes: exportScopes (0.3) -> scopesToMonitor (0.4)'));
  assert.equal(codes(find(p, 'stopTrigger', 'rawexports_FileAdded')), ['HUB410']);
  assert.ok(find(p, 'settings')!.details!.includes('retention added: {"rawexports":{"days":0},"ingestion":{"months":13}}'));
  const data = find(p, 'migrateData')!;
  assert.is(data.phase, 'after');
  assert.equal(codes(data), ['HUB408']);
  assert.match(data.action, 'hubc migrate-data --from 0.3 --to 0.4');
  assert.match(data.details![0], 'ingestion/{scope}/{yyyyMM}/focuscost/{file}.parquet (0.3) -> ingestion/{scope}/{yyyyMM}/{type}/{file}.parquet (0.4)');
});

test('0.4 -> 0.5: fallbackEventGridLocation renamed eventGridLocation; no data step', () => {
  const p = plan('0.4', '0.5');
  assert.equal(steps(p, 'prepare'), ['rewriteParameter fallbackEventGridLocation']);
  assert.match(find(p, 'rewriteParameter')!.action, 'rename fallbackEventGridLocation to eventGridLocation');
  assert.not.ok(find(p, 'migrateData'));
  assert.equal(steps(p, 'before'), [
    'stopTrigger config_SettingsUpdated',
    'stopTrigger config_DailySchedule',
    'stopTrigger config_MonthlySchedule',
    'stopTrigger rawexports_FileAdded',
  ]);
});

test('0.5 -> 0.6: eventGridLocation dropped, the old config pipelines deleted after the deployment (callers first), the Event Grid namespace deleted, layout changed', () => {
  const p = plan('0.5', '0.6');
  assert.equal(steps(p, 'prepare'), ['rewriteParameter eventGridLocation']);
  assert.match(find(p, 'rewriteParameter')!.action, 'Remove eventGridLocation');
  assert.equal(codes(find(p, 'rewriteParameter')), ['HUB403']);
  assert.equal(codes(find(p, 'stopTrigger', 'config_DailySchedule')), ['HUB410']);
  const after = steps(p, 'after');
  assert.equal(after.slice(0, 4), [
    'deleteDataFactoryObject config_ExportData',
    'deleteDataFactoryObject config_RunExports',
    'deleteDataFactoryObject config_BackfillData',
    'deleteDataFactoryObject config_RunBackfill',
  ]);
  const ns = p.steps.filter((s) => s.kind === 'deleteResource');
  assert.equal(
    ns.map((s) => s.resource!.type),
    ['Microsoft.EventGrid/namespaces'],
    'its role assignment goes with it',
  );
  assert.equal(codes(ns[0]), ['HUB407']);
  assert.is(ns[0].phase, 'after');
  assert.match(ns[0].why, 'Its roleAssignments go with it');
  assert.equal(after[after.length - 1], 'migrateData ingestion/');
  assert.ok(find(p, 'migrateData')!.details!.some((d) => d.includes('{type}/{yyyy}/{mm}/{scope}/{ingestion id}__{file}.parquet (0.6)')));
});

test('0.6 -> 0.7: rawexports_FileAdded stopped and deleted before the deployment, dataset folders renamed, retention.raw and final added', () => {
  const p = plan('0.6', '0.7');
  const before = steps(p, 'before');
  assert.equal(before.slice(-2), ['stopTrigger rawexports_FileAdded', 'deleteDataFactoryObject rawexports_FileAdded']);
  assert.equal(codes(find(p, 'deleteDataFactoryObject', 'rawexports_FileAdded')), ['HUB410']);
  assert.equal(find(p, 'settings')!.details, ['version: "0.6" -> "0.7"', 'retention.raw added: {"days":0}', 'retention.final added: {"months":13}']);
  const data = find(p, 'migrateData')!;
  assert.ok(
    data.details!.includes(
      'dataset folders: focuscost -> Costs, pricesheet -> Prices, reservationdetails -> CommitmentDiscountUsage, reservationrecommendations -> Recommendations, reservationtransactions -> Transactions',
    ),
  );
  assert.ok(data.details!.some((d) => d.includes('manifest.json')));
  assert.equal(steps(p, 'prepare'), []);
  assert.not.ok(
    p.steps.some((s) => s.kind === 'deleteResource'),
    'nothing blocks 0.7 in the default hub',
  );
});

test('0.1 -> 0.7: the parameter rename, the 0.1 trigger and pipelines, the kept amortized data', () => {
  const p = plan('0.1', '0.7');
  assert.equal(steps(p, 'prepare'), ['rewriteParameter exportScopes']);
  assert.equal(steps(p, 'before'), ['stopTrigger rawexports', 'deleteDataFactoryObject rawexports']);
  assert.equal(steps(p, 'after'), ['deleteDataFactoryObject rawexports_extract', 'deleteDataFactoryObject rawexports_transform', 'manual ingestion/']);
  assert.ok(find(p, 'settings')!.details!.includes('retention added: {"rawexports":{"days":0},"ingestion":{"months":13},"raw":{"days":0},"final":{"months":13}}'));
});

test('a saved 0.3 parameter file is rewritten for 0.4 in place; only its parameters are planned', () => {
  const doc = {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#',
    contentVersion: '1.0.0.0',
    parameters: { hubName: { value: 'my-hub' }, exportScopes: { value: ['/subscriptions/x'] }, storageSku: { value: 'Premium_ZRS' } },
  };
  const p = planUpgrade(releaseInput('0.3'), releaseInput('0.4'), { parameters: { file: 'p.json', doc } });
  assert.equal(p.parameters!.renamed, [{ from: 'exportScopes', to: 'scopesToMonitor' }]);
  assert.equal(p.parameters!.dropped, []);
  assert.equal(Object.keys((p.parameters!.rewritten as any).parameters), ['hubName', 'scopesToMonitor', 'storageSku']);
  assert.equal((p.parameters!.rewritten as any).parameters.scopesToMonitor, { value: ['/subscriptions/x'] });
  assert.is((p.parameters!.rewritten as any).contentVersion, '1.0.0.0');
  const dropped = planUpgrade(releaseInput('0.5'), releaseInput('0.7'), { parameters: { file: 'p.json', doc: { parameters: { hubName: { value: 'h' } } } } });
  assert.equal(steps(dropped, 'prepare'), [], 'a file without eventGridLocation needs no rename');
  const gone = planUpgrade(releaseInput('0.5'), releaseInput('0.6'), { parameters: { file: 'p.json', doc: { parameters: { EVENTGRIDLOCATION: { value: 'westus' } } } } });
  assert.equal(gone.parameters!.dropped, ['EVENTGRIDLOCATION'], 'names match without regard to case');
  assert.equal((gone.parameters!.rewritten as any).parameters, {});
});

test('0.7 -> 0.8 (default hub: private, no cluster): nothing to prepare, delete or move; the renamed output; the version in settings.json', () => {
  const p = plan('0.7', '0.8');
  assert.equal(steps(p, 'prepare'), []);
  // The output the public releases misspelt is renamed (HUB032): scripts that read it change.
  assert.equal(steps(p, 'after'), ['manual output dataFactorytName']);
  assert.equal(codes(find(p, 'manual', 'output dataFactorytName')), ['HUB032']);
  assert.not.ok(p.steps.some((s) => s.kind === 'deleteResource'));
  assert.equal(find(p, 'settings')!.details, ['version: "0.7" -> "0.8"']);
});

test('0.7 -> 0.8 with public access on: the network 0.7 deployed is deleted after the deployment, endpoints -> DNS zone links -> DNS zones -> virtual network -> security group', () => {
  const doc = { parameters: { hubName: { value: 'finops-hub' }, enablePublicAccess: { value: 'True' }, dataExplorerName: { value: 'hubadx' } } };
  const p = planUpgrade(releaseInput('0.7'), releaseInput('0.8'), { parameters: { file: 'p.json', doc } });
  // The saved 0.7 file fits 0.8 as it is: hubc 0.8 keeps the 0.7 parameters (docs/deviations.md).
  assert.equal([p.parameters!.renamed, p.parameters!.dropped, p.parameters!.missing], [[], [], []]);
  assert.equal((p.parameters!.rewritten as any).parameters, doc.parameters);
  const after = p.steps.filter((s) => s.phase === 'after' && s.resource);
  const types = after.map((s) => s.resource!.type);
  const order = [
    'Microsoft.Network/privateEndpoints',
    'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
    'Microsoft.Network/privateDnsZones',
    'Microsoft.Storage/storageAccounts',
    'Microsoft.Network/virtualNetworks',
    'Microsoft.Network/networkSecurityGroups',
  ];
  assert.equal([...new Set(types)], order, 'grouped in deletion order');
  assert.equal(types.filter((t) => t === 'Microsoft.Network/privateEndpoints').length, 5, 'data lake blob and dfs, script account, vault, cluster');
  assert.equal(types.filter((t) => t === 'Microsoft.Network/privateDnsZones').length, 6);
  assert.equal(types.filter((t) => t === 'Microsoft.Network/privateDnsZones/virtualNetworkLinks').length, 6);
  for (const s of after) {
    assert.ok(
      s.cites.some((c) => c.change?.startsWith('template/resources/')),
      `${s.subject} cites its resource`,
    );
    assert.match(s.why, /declares it but does not deploy it \(its condition is false with 0\.8's values\)/);
  }
  // Each endpoint goes before the DNS zones its zone group names, each link before its zone, the network after both.
  const at = (type: string) =>
    after
      .map((s, i) => [s.resource!.type, i] as const)
      .filter(([t]) => t === type)
      .map(([, i]) => i);
  assert.ok(Math.max(...at('Microsoft.Network/privateEndpoints')) < Math.min(...at('Microsoft.Network/privateDnsZones')));
  assert.ok(Math.max(...at('Microsoft.Network/privateDnsZones/virtualNetworkLinks')) < Math.min(...at('Microsoft.Network/privateDnsZones')));
  assert.ok(Math.max(...at('Microsoft.Network/privateDnsZones')) < Math.min(...at('Microsoft.Network/virtualNetworks')));
  // The script account holds a file share: the owner deletes it; the network is hubc deploy's.
  assert.equal(
    after.filter((s) => s.kind === 'manual').map((s) => s.resource!.type),
    ['Microsoft.Storage/storageAccounts'],
  );
  assert.ok(after.filter((s) => s.kind !== 'manual').every((s) => s.kind === 'deleteResource' && s.performer === 'hubc deploy'));
  // With the cluster deployed, the owner lists the tenants that must keep querying it first.
  assert.equal(steps(p, 'prepare'), ['manual Microsoft.Kusto/clusters hubadx']);
  assert.match(find(p, 'manual', 'Microsoft.Kusto/clusters hubadx')!.why, /trustedExternalTenants .* where 0\.7 has every tenant/);
  // With public access off (the default), nothing is left behind: only the renamed output is for after.
  const priv = planUpgrade(releaseInput('0.7'), releaseInput('0.8'), { parameters: { file: 'p.json', doc: { parameters: { enablePublicAccess: { value: 'False' } } } } });
  assert.equal(steps(priv, 'after'), ['manual output dataFactorytName']);
});

test('0.8 -> 0.9 (default hub, no remote hub): the vault stays for its owner to keep or delete, its endpoint, DNS zone, link, linked service and managed endpoint are deleted after the deployment; a remote hub keeps them all', () => {
  const p = plan('0.8', '0.9');
  assert.equal(steps(p, 'prepare'), []);
  const after = p.steps.filter((s) => s.phase === 'after');
  assert.equal(
    after.filter((s) => s.kind === 'manual').map((s) => s.subject.split(' ')[0]),
    ['Microsoft.KeyVault/vaults'],
    'the vault holds data: the owner decides',
  );
  assert.match(after.find((s) => s.kind === 'manual')!.why, /It holds data, so hubc does not delete it/);
  assert.equal(
    after.filter((s) => s.kind === 'deleteDataFactoryObject' || s.dataFactory).map((s) => s.subject),
    ['keyVault'],
  );
  assert.equal(
    after.filter((s) => s.kind === 'deleteResource').map((s) => s.resource!.type),
    [
      'Microsoft.Network/privateEndpoints',
      'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
      'Microsoft.Network/privateDnsZones',
      'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints',
    ],
  );
  for (const s of after)
    assert.ok(
      s.cites.some((c) => c.code === 'HUB407' || c.code === 'HUB409'),
      `${s.subject} cites the note diff prints`,
    );
  assert.equal(find(p, 'settings')!.details, ['version: "0.8" -> "0.9"']);
  const doc = { parameters: { remoteHubStorageUri: { value: 'https://otherhub.dfs.core.windows.net/' } } };
  const remote = planUpgrade(releaseInput('0.8'), releaseInput('0.9'), { parameters: { file: 'p.json', doc } });
  assert.equal(
    remote.steps.filter((s) => s.phase === 'after'),
    [],
    'with a remote hub 0.9 keeps the vault and all that serves it',
  );
});

test('a downgrade is refused with HUB490; a parameter file without parameters with HUB491', () => {
  try {
    planUpgrade(releaseInput('0.7'), releaseInput('0.6'));
    assert.unreachable();
  } catch (e) {
    assert.instance(e, UpgradePlanError);
    assert.is((e as UpgradePlanError).code, 'HUB490');
  }
  try {
    planUpgrade(releaseInput('0.6'), releaseInput('0.7'), { parameters: { file: 'p.json', doc: { nope: 1 } } });
    assert.unreachable();
  } catch (e) {
    assert.is((e as UpgradePlanError).code, 'HUB491');
  }
});

test('text and markdown name every step with its reason and citations', () => {
  const p = plan('0.6', '0.7');
  const text = formatPlanText(p);
  assert.match(text, 'hubc upgrade-plan 0.6 -> 0.7');
  assert.match(text, /Before the deployment\n {2}1\. Stop trigger config_SettingsUpdated\. {2}\[hubc deploy\]/);
  assert.match(text, 'cites: HUB410 rawexports_FileAdded; diff: dataFactory/triggers/rawexports_FileAdded: removed');
  const md = formatPlanMarkdown(p);
  assert.match(md, '## Upgrade 0.6 -> 0.7');
  assert.match(md, '### After the deployment');
  assert.match(md, /\| \d+ \| Delete trigger rawexports_FileAdded\. \| hubc deploy \| 0\.7 has no trigger rawexports_FileAdded/);
});

test.run();
