/**
 * The pieces of releases 12 and 13 that are flags and row fields of the release table (issues #35, #36), on
 * the table's rows 12 and 13: managed exports as an option with one default,
 * the cluster started for ingestion with its role, the open-data tag, the Key Vault SKU and purge protection,
 * the managed exports' storage role (12: User Access Administrator; 13: RBAC Administrator limited to one
 * role), the trigger start script of 13. Each build passes the quick output checks (the catalogue), every
 * lint rule, the Data Factory SDK models and, with the schema snapshot, the official ARM schemas.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { getRelease } from '../../src/model/releases.js';
import { releaseChangeWords } from '../../src/model/releaseWords.js';
import { compile, type CompileResult } from '../../src/compiler/compile.js';
import { validateOutput } from '../../src/compiler/validateOutput.js';
import { fromCompile } from '../../src/build/index.js';
import { lintRelease } from '../../src/lint/engine.js';
import { RULES } from '../../src/lint/registry.js';
import { adfModelFindings, armSchemaFindings } from '../../src/validate/full.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { fullHubYaml, hubYaml } from '../support/hubs.js';
import { sharedArmSchemas } from '../support/sharedData.js';
import { EXPORT_ROLE_ONLY_CONDITION, TRIGGER_START_WAIT_SECONDS } from '../../src/modules/dataFactory/index.js';
import { ROLES } from '../../src/modules/core/names.js';
import { compileInput, loadPair } from '../../src/load/index.js';
import { planUpgrade } from '../../src/upgrade/plan.js';
import { formatPlanText } from '../../src/upgrade/format.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { resolvePublicRelease } from '../../src/public/templates.js';
import { QUICK_ENTRIES, runCatalogue } from '../../src/catalogue/index.js';

const fixture = (which: string) => readFileSync(new URL(`../fixtures/0.8/${which}/hub.yaml`, import.meta.url), 'utf8');
/** The 0.8 default fixture has no scopes; the custom one lists two. */
const build = (text: string, release: string): CompileResult => compile(text, { release });
const template = (r: CompileResult) => JSON.parse(r.artifacts.get('azuredeploy.json')!);
const ui = (r: CompileResult) => JSON.parse(r.artifacts.get('createUiDefinition.json')!);
const resources = (r: CompileResult) => template(r).resources as any[];
const formElement = (r: CompileResult, name: string) => (ui(r).parameters.steps as any[]).flatMap((s) => s.elements).find((e: any) => e.name === name);
const roles = (r: CompileResult, guid: string) =>
  resources(r).filter((x) => x.type === 'Microsoft.Authorization/roleAssignments' && String(x.properties.roleDefinitionId).includes(guid));
const pipeline = (r: CompileResult, name: string) => JSON.parse(r.artifacts.get(`datafactory/pipelines/${name}.json`)!);

test('12: managed exports on or off, one default for hub.yaml, template and form: on exactly when scopes are listed', () => {
  for (const [which, on] of [
    ['default', false],
    ['custom', true],
  ] as const) {
    const r = build(fixture(which), '12');
    assert.ok(r.release, r.diagnostics.map(formatDiagnostic).join('\n'));
    assert.is(r.model!.managedExports.enabled, on, which);
    assert.equal(template(r).parameters.enableManagedExports.defaultValue, on, `${which}: template default`);
    assert.is(formElement(r, 'enableManagedExports').defaultValue, on, `${which}: form default`);
    assert.is(ui(r).parameters.outputs.enableManagedExports, "[steps('scopes').enableManagedExports]");
  }
  const off = build(hubYaml({ managedExports: { enabled: false } }, fixture('custom')), '12');
  assert.equal(template(off).parameters.enableManagedExports.defaultValue, false, 'hub.yaml decides over the scopes');
});

test('12: the managed-export pipelines, schedules, settings trigger and storage role exist only with enableManagedExports', () => {
  const r = build(fixture('custom'), '12');
  const conditioned = resources(r)
    .filter((x) => x.condition === "[parameters('enableManagedExports')]")
    .map((x) => `${x.type.split('/').pop()} ${x.name}`);
  for (const name of [
    'config_ConfigureExports',
    'config_StartExportProcess',
    'config_RunExportJobs',
    'config_StartBackfillProcess',
    'config_RunBackfillJob',
    'config_SettingsUpdated',
    'config_DailySchedule',
    'config_MonthlySchedule',
  ]) {
    assert.ok(
      conditioned.some((c) => c.includes(name)),
      `${name} conditioned: ${conditioned.join(', ')}`,
    );
  }
  const delegation = roles(r, ROLES.roleBasedAccessControlAdministrator);
  assert.is(delegation.length, 1);
  assert.is(delegation[0].condition, "[parameters('enableManagedExports')]");
  assert.match(delegation[0].scope, 'Microsoft.Storage/storageAccounts');
  assert.is(roles(r, ROLES.userAccessAdministrator).length, 0, 'not User Access Administrator (the public 12)');
  // The export pipelines and the rest stay unconditional.
  assert.not.ok(
    conditioned.some((c) => /ExecuteETL|ETL_ingestion|ManifestAdded/.test(c)),
    conditioned.join(', '),
  );
  // 0.8 has neither the parameter nor a role for the exports (hubc's 0.8 deviation, unchanged).
  const r08 = compile(fixture('custom'));
  assert.is(template(r08).parameters.enableManagedExports, undefined);
  assert.is(roles(r08, ROLES.roleBasedAccessControlAdministrator).length + roles(r08, ROLES.userAccessAdministrator).length, 0);
});

test('12: ingestion_ExecuteETL starts a stopped cluster and waits, with Kusto Contributor on the cluster only', () => {
  const r = build(fullHubYaml('0.8'), '12');
  const p = pipeline(r, 'ingestion_ExecuteETL').properties;
  const names = p.activities.map((a: any) => a.name);
  assert.equal(names.slice(0, 6), [
    'Get Cluster State',
    'Cluster State Read Failed',
    'Set Cluster State',
    'If Cluster Stopped',
    'Wait Until Cluster Runs',
    'Cluster Start Timed Out',
  ]);
  const start = p.activities.find((a: any) => a.name === 'If Cluster Stopped').typeProperties.ifTrueActivities[0];
  assert.is(start.typeProperties.method, 'POST');
  assert.match(JSON.stringify(start.typeProperties.url), '/start');
  assert.is(p.activities.find((a: any) => a.name === 'Wait For Files').dependsOn[0].activity, 'Wait Until Cluster Runs');
  assert.is(p.activities.find((a: any) => a.name === 'Wait Until Cluster Runs').typeProperties.timeout, '0.01:00:00');
  const kusto = roles(r, ROLES.kustoContributor);
  assert.is(kusto.length, 1);
  assert.match(kusto[0].scope, 'Microsoft.Kusto/clusters/');
  assert.is(kusto[0].condition, "[variables('deployDataExplorer')]");
  assert.is(roles(r, ROLES.contributor).length, 0, 'not Contributor');
  // 0.8: no start, no role.
  const r08 = compile(fullHubYaml('0.8'));
  assert.is(pipeline(r08, 'ingestion_ExecuteETL').properties.activities[0].name, 'Wait For Files');
  assert.is(roles(r08, ROLES.kustoContributor).length, 0);
});

test('12: the open-data files are downloaded from the tag v12, not the recorded version 12.0 (#1885)', () => {
  const r = build(fullHubYaml('0.8'), '12');
  const text = r.artifacts.get('datafactory/pipelines/config_InitializeHub.json')!;
  assert.match(text, 'releases/download/v12/PricingUnits.csv');
  assert.not.match(text, 'v12.0');
  assert.is(JSON.parse(r.artifacts.get('config/settings.json')!).version, '12.0', 'the hub records the version, 12.0');
});

test('12: the Key Vault SKU is hub.yaml keyVault.sku; releases before 12 reject a value other than the default', () => {
  const premium = hubYaml({ keyVault: { sku: 'premium' } }, fixture('default'));
  const vault = (r: CompileResult) => resources(r).find((x) => x.type === 'Microsoft.KeyVault/vaults');
  assert.is(vault(build(premium, '12')).properties.sku.name, 'premium');
  assert.is(vault(build(fixture('default'), '12')).properties.sku.name, 'standard');
  const old = compile(premium, { release: '0.8' });
  assert.equal(
    old.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code),
    ['HUB220'],
  );
  assert.is(old.diagnostics[0].path, 'keyVault.sku');
});

test('13: purge protection is a parameter (hub.yaml keyVault.purgeProtection), only ever set on, and a form checkbox', () => {
  const r = build(hubYaml({ keyVault: { purgeProtection: true } }, fixture('default')), '13');
  assert.equal(template(r).parameters.enablePurgeProtection.defaultValue, true);
  const vault = resources(r).find((x) => x.type === 'Microsoft.KeyVault/vaults');
  assert.is(vault.properties.enablePurgeProtection, "[if(parameters('enablePurgeProtection'), true(), null())]");
  assert.is(formElement(r, 'enablePurgeProtection').defaultValue, true);
  assert.is(ui(r).parameters.outputs.enablePurgeProtection, "[steps('storage').enablePurgeProtection]");
  const r12 = build(fixture('default'), '12');
  assert.is(template(r12).parameters.enablePurgeProtection, undefined);
  assert.is(resources(r12).find((x) => x.type === 'Microsoft.KeyVault/vaults').properties.enablePurgeProtection, undefined);
  assert.equal(
    compile(hubYaml({ keyVault: { purgeProtection: true } }, fixture('default'))).diagnostics.map((d) => d.code),
    ['HUB220'],
  );
});

test("12 and 13: the managed exports' storage role is RBAC Administrator that may assign Storage Blob Data Contributor only", () => {
  for (const release of ['12', '13']) {
    const r = build(fixture('custom'), release);
    assert.is(roles(r, ROLES.userAccessAdministrator).length, 0);
    const rbac = roles(r, ROLES.roleBasedAccessControlAdministrator);
    assert.is(rbac.length, 1);
    assert.is(rbac[0].properties.condition, EXPORT_ROLE_ONLY_CONDITION);
    assert.is(rbac[0].properties.conditionVersion, '2.0');
    assert.is(rbac[0].condition, "[parameters('enableManagedExports')]");
    assert.match(EXPORT_ROLE_ONLY_CONDITION, `GuidEquals {${ROLES.storageBlobDataContributor}}`);
  }
  assert.is(EXPORT_ROLE_ONLY_CONDITION.split(ROLES.storageBlobDataContributor).length, 3, 'write and delete both limited');
  // Off: the role is not deployed.
  const off = build(fixture('default'), '12');
  assert.is(roles(off, ROLES.roleBasedAccessControlAdministrator)[0].condition, "[parameters('enableManagedExports')]");
});

test('13: the start script waits a bounded time for provisioning triggers (StartWaitSeconds); 12 starts them without waiting', () => {
  const script = (release: string) =>
    resources(build(fixture('default'), release)).find((x) => x.type === 'Microsoft.Resources/deploymentScripts' && /start/i.test(JSON.stringify(x.name)));
  const s13 = script('13');
  assert.match(s13.properties.scriptContent, 'during provisioning');
  assert.equal(
    s13.properties.environmentVariables.find((e: any) => e.name === 'StartWaitSeconds'),
    { name: 'StartWaitSeconds', value: String(TRIGGER_START_WAIT_SECONDS) },
  );
  assert.ok(s13.properties.environmentVariables.some((e: any) => e.name === 'Stop' && e.value === 'false'));
  const s12 = script('12');
  assert.ok(s12.properties.environmentVariables.some((e: any) => e.name === 'Stop' && e.value === 'false'));
  assert.not.ok(
    s12.properties.environmentVariables.some((e: any) => e.name === 'StartWaitSeconds'),
    '12: the first error fails the script',
  );
  assert.is(s12.properties.scriptContent, s13.properties.scriptContent, 'one script text');
  assert.ok(TRIGGER_START_WAIT_SECONDS < 30 * 60, 'within the script timeout');
});

test('13: the export manifest dataset is named after its container; the upgrade plan from 12 deletes the old manifest after the deployment', () => {
  const text = fixture('custom');
  const b13 = compile(text, { release: '13' });
  assert.ok(b13.artifacts.has('datafactory/datasets/rawexports_manifest.json'));
  assert.not.ok(b13.artifacts.has('datafactory/datasets/manifest.json'));
  assert.match(b13.artifacts.get('datafactory/pipelines/rawexports_ExecuteETL.json')!, '"referenceName": "rawexports_manifest"');
  assert.ok(compile(hubYaml({ naming: 'public' }, text), { release: '13' }).artifacts.has('datafactory/datasets/msexports_manifest.json'), 'the public 13 name');
  assert.ok(compile(text, { release: '12' }).artifacts.has('datafactory/datasets/manifest.json'));
  const plan = planUpgrade(compileInput(text, 'hub.yaml', '12', 'release', '12'), compileInput(text, 'hub.yaml', '13', 'release', '13'));
  const after = plan.steps.filter((s) => s.phase === 'after').map((s) => s.action);
  // 13's own exports are FOCUS 1.2-preview: the deployment's run of config_ConfigureExports updates 12's, and the plan checks it.
  assert.equal(after, [
    'Delete dataset manifest.',
    "Check that the run of config_ConfigureExports the deployment started succeeded (commands below): it creates or updates 13's exports on every scope of settings.json.",
  ]);
});

test('0.8 -> 12: a hub without scopes loses the managed-export objects (stopped and deleted in the plan); with scopes it keeps them', () => {
  const plan = (text: string) => planUpgrade(compileInput(text, 'hub.yaml', '0.8', 'release', '0.8'), compileInput(text, 'hub.yaml', '12', 'release', '12'));
  const off = plan(fixture('default')).steps.map((s) => s.action);
  for (const t of ['config_SettingsUpdated', 'config_DailySchedule', 'config_MonthlySchedule']) assert.ok(off.includes(`Delete trigger ${t}.`), off.join('\n'));
  for (const p of ['config_ConfigureExports', 'config_StartExportProcess', 'config_RunExportJobs', 'config_StartBackfillProcess', 'config_RunBackfillJob'])
    assert.ok(off.includes(`Delete pipeline ${p}.`), p);
  const on = plan(fixture('custom')).steps.map((s) => s.action);
  assert.not.ok(
    on.some((a) => /^Delete (trigger|pipeline) config_/.test(a)),
    on.join('\n'),
  );
});

test('12 and 13: the network prefix rules (a /26 at least, subnets /28, /28 and /27) and the remote hub in the portal form', () => {
  for (const release of ['12', '13']) {
    const text = hubYaml({ networking: { publicAccess: false, addressPrefix: '10.20.30.0/27' } }, fullHubYaml('0.8'));
    const d = compile(text, { release }).diagnostics.find((x) => x.code === 'HUB201');
    assert.ok(d && d.path === 'networking.addressPrefix' && d.start!.line > 1, `${release}: positioned HUB201`);
    const r = compile(hubYaml({ networking: { publicAccess: false, addressPrefix: '10.20.30.0/26' } }, fullHubYaml('0.8')), { release });
    const vnet = resources(r).find((x) => x.type === 'Microsoft.Network/virtualNetworks');
    assert.equal(
      vnet.properties.subnets.map((x: any) => x.properties.addressPrefix),
      [
        "[cidrSubnet(parameters('virtualNetworkAddressPrefix'), 28, 0)]",
        "[cidrSubnet(parameters('virtualNetworkAddressPrefix'), 28, 1)]",
        "[cidrSubnet(parameters('virtualNetworkAddressPrefix'), 27, 1)]",
      ],
    );
    assert.ok(formElement(r, 'remoteHubStorageUri') && formElement(r, 'remoteHubStorageKey'), `${release}: remote hub in the form`);
  }
});

test('public 12.0 -> 13: the upgrade plan deletes the User Access Administrator and Contributor assignments the public 12 made, naming the roles (needs the public templates)', () => {
  const dir = publicTemplatesDir();
  const hub = join(mkdtempSync(join(tmpdir(), 'hubc-r13-')), 'hub.yaml');
  writeFileSync(hub, hubYaml({ naming: 'public' }, fixture('custom')));
  try {
    const [a, b] = loadPair('public:12.0', '13', hub, { publicTemplates: dir });
    const text = formatPlanText(planUpgrade(a, b));
    assert.match(text, /Delete Microsoft\.Authorization\/roleAssignments [0-9a-f-]+\.  \[hubc deploy\]\n\s+why: It gives User Access Administrator\. 13 no longer declares it/);
    assert.match(text, /why: It gives Contributor\. 13 no longer declares it/);
  } finally {
    rmSync(dirname(hub), { recursive: true, force: true });
  }
});

test('public:0.12 reads finops-hub-0.12.json and public:12 / public:12.0 read finops-hub-12.0.json, all release 12 (needs the public templates)', () => {
  const dir = publicTemplatesDir();
  for (const [arg, file, version] of [
    ['public:0.12', 'finops-hub-0.12.json', '0.12'],
    ['public:12', 'finops-hub-12.0.json', '12.0'],
    ['public:12.0', 'finops-hub-12.0.json', '12.0'],
    ['public:13', 'finops-hub-13.0.json', '13.0'],
  ] as const) {
    const t = resolvePublicRelease(arg, dir);
    assert.is(basename(t.file), file, arg);
    assert.is(t.version, version, arg);
    assert.is(t.release, arg.includes('13') ? '13' : '12', arg);
  }
});

test("the catalogue (HUB740) would catch the public 12.0's download URL in hubc's 12 output", () => {
  const r = build(fullHubYaml('0.8'), '12');
  assert.equal(
    validateOutput(r).filter((d) => d.code === 'HUB740'),
    [],
  );
  const broken = new Map([...r.artifacts].map(([p, t]) => [p, t.replaceAll('releases/download/v12/', 'releases/download/v12.0/')]));
  const found = runCatalogue({ written: fromCompile({ ...r, artifacts: broken }) }, QUICK_ENTRIES).filter((d) => d.code === 'HUB740');
  assert.ok(found.length > 0, 'HUB740 for v12.0');
  assert.match(found[0].message, 'v12.0');
});

/** The builds the checks below run over. */
const checkedBuilds = (): { label: string; result: CompileResult }[] =>
  ['12', '13'].flatMap((release) =>
    [
      ['default', fixture('default')],
      ['custom', fixture('custom')],
      ['every component', fullHubYaml('0.8')],
      [
        'private, premium vault, purge protection',
        hubYaml(
          { networking: { publicAccess: false, addressPrefix: '10.20.30.0/26' }, keyVault: { sku: 'premium', ...(release === '13' ? { purgeProtection: true } : {}) } },
          fullHubYaml('0.8'),
        ),
      ],
    ].map(([label, text]) => ({ label: `${release} ${label}`, result: build(text, release) })),
  );

test('12 and 13: the quick output checks (the catalogue), every lint rule and the Data Factory SDK models find nothing', () => {
  const findings: string[] = [];
  for (const { label, result } of checkedBuilds()) {
    assert.ok(result.release, `${label}: ${result.diagnostics.map(formatDiagnostic).join('\n')}`);
    for (const d of validateOutput(result)) findings.push(`${label}: ${formatDiagnostic(d)}`);
    for (const d of lintRelease({ build: fromCompile(result), options: { chosenLocations: [result.model!.hub.location, result.model!.hub.eventGridLocation] } }, RULES).diagnostics)
      findings.push(`${label}: lint ${d.code} ${d.message}`);
    for (const d of adfModelFindings(result)) findings.push(`${label}: ${formatDiagnostic(d)}`);
  }
  assert.equal(findings, []);
});

test('12 and 13: the official ARM schemas find nothing (needs the schema snapshot)', async () => {
  const builds = checkedBuilds();
  const dir = await sharedArmSchemas(builds.map((b) => template(b.result)));
  const findings = builds.flatMap(({ label, result }) => armSchemaFindings(result, dir).map((d) => `${label}: ${formatDiagnostic(d)}`));
  assert.equal(findings, []);
});

test("release 12's notes say the unversioned Hub functions now return FOCUS 1.2, and which function keeps 1.0", () => {
  const sentence = (a: string, b: string) => releaseChangeWords(getRelease(a), getRelease(b)).find((w) => w.includes('unversioned Hub functions'));
  assert.match(sentence('0.11', '12') ?? '', 'return FOCUS 1.2 instead of 1.0');
  assert.match(sentence('0.11', '12') ?? '', 'Costs_v1_0()');
  assert.match(sentence('0.7', '14') ?? '', 'Costs_v1_0()', 'also when an older hub skips releases');
  assert.is(sentence('12', '13'), undefined, 'no change between 12 and 13');
  assert.is(sentence('0.8', '0.11'), undefined, 'none before 12');
});

test("13's notes say its own FOCUS exports deliver 1.2-preview, as the public 13.0's exportDataVersions.focuscost", () => {
  const sentence = (a: string, b: string) => releaseChangeWords(getRelease(a), getRelease(b)).find((w) => w.includes('FOCUS cost exports the hub creates itself'));
  assert.is(sentence('12', '13'), 'The FOCUS cost exports the hub creates itself deliver FOCUS 1.2-preview instead of 1.0.');
  assert.is(sentence('0.4', '12'), undefined, '1.0 from 0.4 to 12');
  assert.is(sentence('13', '14'), undefined);
});

test('Fabric: the one-time retype is a file of its own, run once when an eventhouse of 0.11 moves to 12, not again for 13 nor for a new eventhouse', () => {
  const fabricHub = readFileSync(new URL('../fixtures/12/fabric/hub.yaml', import.meta.url), 'utf8');
  const text = (release: string) => fabricHub.replace('release: "12"', `release: "${release}"`);
  const input = (release: string) => compileInput(text(release), 'hub.yaml', release, 'release', release);
  const fabricSteps = (a: string, b: string) =>
    planUpgrade(input(a), input(b))
      .steps.filter((s) => s.subject.startsWith('fabric/'))
      .map((s) => `${s.phase} ${s.subject}`);
  assert.equal(fabricSteps('0.11', '12'), ['before fabric/IngestionRetype.kql', 'before fabric/IngestionSetup.kql', 'before fabric/HubSetup.kql']);
  assert.equal(fabricSteps('12', '13'), ['before fabric/IngestionSetup.kql', 'before fabric/HubSetup.kql'], 'the same retype text in 13: not run again');
  const b12 = compile(text('12'), { release: '12' });
  const setup = b12.artifacts.get('fabric/IngestionSetup.kql')!;
  assert.not.match(setup, 'IngestionRetype', 'the setup script neither runs nor names the one-time scripts');
  assert.not.match(setup, '.alter table Costs_raw (ignore: string)');
  assert.match(b12.artifacts.get('fabric/IngestionRetype.kql')!, '.alter table Costs_raw (ignore: string)');
  assert.not.ok(compile(text('0.11'), { release: '0.11' }).artifacts.has('fabric/IngestionRetype.kql'), '0.11 retypes nothing');
  const moved = planUpgrade(compileInput(fullHubYaml('0.9'), 'hub.yaml', '0.9', 'release', '0.9'), input('12')).steps;
  assert.not.ok(
    moved.some((s) => s.subject === 'fabric/IngestionRetype.kql'),
    'a hub new to the eventhouse sets it up from IngestionSetup.kql',
  );
});

test.run();
