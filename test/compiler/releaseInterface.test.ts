/**
 * Each release's interface against the public releases (../shared/reference/versions.md, with the export
 * container renamed msexports -> rawexports as its "Spec renaming" note says) and, for 0.7, the spec:
 * template parameters (names, order, types, defaults of the default hub), outputs, and the names of the
 * pipelines, triggers, datasets and linked services. Where hubc departs on purpose, the departure is listed
 * here and must have its row in docs/deviations.md.
 *
 * Also: every resource name the template computes, evaluated for several hub names in each release, obeys
 * its resource type's naming rules (learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { compile } from '../../src/compiler/compile.js';
import { RELEASE_VERSIONS, type ReleaseVersion } from '../../src/model/releases.js';
import { alongTheLine, releasesFrom } from '../support/releaseLine.js';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';

type Param = [name: string, type: string, defaultValue: unknown];

const RG_LOCATION = '[resourceGroup().location]';
const OUTPUTS_01 = ['name', 'location', 'dataFactorytName', 'storageAccountId', 'storageAccountName', 'storageUrlForPowerBI'];
const OUTPUTS_07 = [...OUTPUTS_01, 'clusterId', 'clusterUri', 'ingestionDbName', 'hubDbName', 'managedIdentityId', 'managedIdentityTenantId'];
const OUTPUTS_04 = [...OUTPUTS_01, 'managedIdentityId', 'managedIdentityTenantId'];
const PARAMS_01: Param[] = [
  ['hubName', 'string', 'finops-hub'],
  ['location', 'string', RG_LOCATION],
  ['storageSku', 'string', 'Premium_LRS'],
  ['tags', 'object', {}],
  ['tagsByResource', 'object', {}],
  ['exportScopes', 'array', []],
];
const PARAMS_04 = (eventGrid?: string): Param[] => [
  ['hubName', 'string', 'finops-hub'],
  ['location', 'string', RG_LOCATION],
  ...(eventGrid ? [[eventGrid, 'string', ''] as Param] : []),
  ['storageSku', 'string', 'Premium_LRS'],
  ['tags', 'object', {}],
  ['tagsByResource', 'object', {}],
  ['scopesToMonitor', 'array', []],
  ['exportRetentionInDays', 'int', 0],
  ['ingestionRetentionInMonths', 'int', 13],
  ['remoteHubStorageUri', 'string', ''],
  ['remoteHubStorageKey', 'securestring', ''],
];
const CONFIG_04 = ['config_BackfillData', 'config_RunBackfill', 'config_ExportData', 'config_RunExports', 'config_ConfigureExports'];
const CONFIG_06 = ['config_StartBackfillProcess', 'config_RunBackfillJob', 'config_StartExportProcess', 'config_RunExportJobs', 'config_ConfigureExports'];
const TRIGGERS_04 = ['rawexports_FileAdded', 'config_SettingsUpdated', 'config_DailySchedule', 'config_MonthlySchedule'];

// The spec's "Template parameters" table, with the default hub's values (hub.yaml), and the public 0.7's
// enableInfrastructureEncryption after storageSku (docs/deviations.md, Parameters; issue #31).
const PARAMS_07: Param[] = [
  ['hubName', 'string', 'finops-hub'],
  ['location', 'string', RG_LOCATION],
  ['EventGridLocation', 'string', ''],
  ['storageSku', 'string', 'Premium_LRS'],
  ['enableInfrastructureEncryption', 'bool', false],
  ['dataExplorerName', 'string', ''],
  ['dataExplorerSkuName', 'string', 'Dev(No SLA)_Standard_E2a_v4'],
  ['dataExplorerSkuTier', 'string', 'Basic'],
  ['dataExplorerSkuCapacity', 'int', 1],
  ['tags', 'object', {}],
  ['tagsByResource', 'object', {}],
  ['scopesToMonitor', 'array', []],
  ['exportRetentionInDays', 'int', 0],
  ['ingestionRetentionInMonths', 'int', 13],
  ['dataExplorerLogRetentionInDays', 'int', 0],
  ['dataExplorerFinalRetentionInMonths', 'int', 13],
  ['remoteHubStorageUri', 'string', ''],
  ['remoteHubStorageKey', 'securestring', ''],
  ['enablePublicAccess', 'string', 'False'],
  ['virtualNetworkAddressPrefix', 'string', '10.20.30.0/26'],
];

type Interface = { parameters: Param[]; outputs: string[]; pipelines: string[]; triggers: string[]; datasets: string[]; linkedServices: string[] };

/**
 * The interface of each public release (0.7: the spec; 0.8: hubc's 0.7 interface with 0.8's changes), renamed; an
 * entry holds from its release until the next one (test/support/releaseLine.ts): the public 0.3 keeps 0.2's interface,
 * 0.9 keeps 0.8's parameters, outputs and Data Factory names (releases-0.9-14.md §1.1), 0.11 keeps 0.10's (§1.3).
 */
const SINCE: Record<string, Interface> = {
  '0.1': {
    parameters: PARAMS_01,
    outputs: OUTPUTS_01,
    pipelines: ['rawexports_extract', 'rawexports_transform'],
    triggers: ['rawexports'],
    datasets: ['rawexports', 'ingestion'],
    linkedServices: ['keyVault', 'storage'],
  },
  '0.2': {
    parameters: PARAMS_01,
    outputs: OUTPUTS_01,
    pipelines: ['rawexports_ExecuteETL', 'rawexports_ETL_ingestion'],
    triggers: ['rawexports_FileAdded'],
    datasets: ['rawexports', 'ingestion'],
    linkedServices: ['keyVault', 'storage'],
  },
  '0.4': {
    parameters: PARAMS_04('fallbackEventGridLocation'),
    outputs: OUTPUTS_04,
    pipelines: [...CONFIG_04, 'rawexports_ExecuteETL', 'rawexports_ETL_ingestion'],
    triggers: TRIGGERS_04,
    datasets: ['config', 'manifest', 'rawexports', 'ingestion'],
    linkedServices: ['<key vault name>', '<storage account name>', 'remoteHubStorage'],
  },
  '0.5': {
    parameters: PARAMS_04('eventGridLocation'),
    outputs: OUTPUTS_04,
    pipelines: [...CONFIG_04, 'rawexports_ExecuteETL', 'rawexports_ETL_ingestion'],
    triggers: TRIGGERS_04,
    datasets: ['config', 'manifest', 'rawexports', 'ingestion'],
    linkedServices: ['<key vault name>', '<storage account name>', 'remoteHubStorage'],
  },
  '0.6': {
    parameters: PARAMS_04(),
    outputs: OUTPUTS_04,
    pipelines: [...CONFIG_06, 'rawexports_ExecuteETL', 'rawexports_ETL_ingestion'],
    triggers: TRIGGERS_04,
    datasets: ['config', 'manifest', 'rawexports', 'rawexports_gzip', 'rawexports_parquet', 'ingestion', 'ingestion_files'],
    linkedServices: ['<key vault name>', '<storage account name>', 'remoteHubStorage'],
  },
  '0.7': {
    parameters: PARAMS_07,
    outputs: OUTPUTS_07,
    pipelines: [...CONFIG_06, 'config_InitializeHub', 'rawexports_ExecuteETL', 'rawexports_ETL_ingestion', 'ingestion_ExecuteETL', 'ingestion_ETL_dataExplorer'],
    triggers: ['rawexports_ManifestAdded', 'ingestion_ManifestAdded', 'config_SettingsUpdated', 'config_DailySchedule', 'config_MonthlySchedule'],
    datasets: ['config', 'manifest', 'rawexports', 'rawexports_gzip', 'rawexports_parquet', 'ingestion', 'ingestion_files', 'hubDataExplorer', 'ftkReleaseFile'],
    linkedServices: ['<key vault name>', '<storage account name>', 'remoteHubStorage', 'hubDataExplorer', 'ftkRepo'],
  },
  // The public 0.8 keeps the public 0.7 parameters; hubc keeps its own 0.7 interface (docs/deviations.md,
  // "Parameters (0.8)"). Data Factory names are those of 0.7 (release-0.8.md §3.1); the output is spelt right.
  '0.8': {
    parameters: PARAMS_07,
    outputs: OUTPUTS_07.map((o) => (o === 'dataFactorytName' ? 'dataFactoryName' : o)),
    pipelines: [...CONFIG_06, 'config_InitializeHub', 'rawexports_ExecuteETL', 'rawexports_ETL_ingestion', 'ingestion_ExecuteETL', 'ingestion_ETL_dataExplorer'],
    triggers: ['rawexports_ManifestAdded', 'ingestion_ManifestAdded', 'config_SettingsUpdated', 'config_DailySchedule', 'config_MonthlySchedule'],
    datasets: ['config', 'manifest', 'rawexports', 'rawexports_gzip', 'rawexports_parquet', 'ingestion', 'ingestion_files', 'hubDataExplorer', 'ftkReleaseFile'],
    linkedServices: ['<key vault name>', '<storage account name>', 'remoteHubStorage', 'hubDataExplorer', 'ftkRepo'],
  },
  // The public 0.10 adds fabricQueryUri and fabricCapacityUnits after the Data Explorer SKU; names otherwise as 0.9 (releases-0.9-14.md §1.2).
  '0.10': {
    parameters: PARAMS_07.flatMap((p): Param[] => (p[0] === 'dataExplorerSkuCapacity' ? [p, ['fabricQueryUri', 'string', ''], ['fabricCapacityUnits', 'int', 2]] : [p])),
    outputs: OUTPUTS_07.map((o) => (o === 'dataFactorytName' ? 'dataFactoryName' : o)),
    pipelines: [...CONFIG_06, 'config_InitializeHub', 'rawexports_ExecuteETL', 'rawexports_ETL_ingestion', 'ingestion_ExecuteETL', 'ingestion_ETL_dataExplorer'],
    triggers: ['rawexports_ManifestAdded', 'ingestion_ManifestAdded', 'config_SettingsUpdated', 'config_DailySchedule', 'config_MonthlySchedule'],
    datasets: ['config', 'manifest', 'rawexports', 'rawexports_gzip', 'rawexports_parquet', 'ingestion', 'ingestion_files', 'hubDataExplorer', 'ftkReleaseFile'],
    linkedServices: ['<key vault name>', '<storage account name>', 'remoteHubStorage', 'hubDataExplorer', 'ftkRepo'],
  },
  // The public 12 adds enableManagedExports after the remote hub's parameters (releases-0.9-14.md §1.4); its default is
  // the default hub's (no scopes: off), where the public template says true (docs/deviations.md "Releases 12 and 13").
  get '12'() {
    const r10 = this['0.10'];
    return { ...r10, parameters: r10.parameters.flatMap((p): Param[] => (p[0] === 'remoteHubStorageKey' ? [p, ['enableManagedExports', 'bool', false]] : [p])) };
  },
  // The public 13 adds enablePurgeProtection after enableInfrastructureEncryption and splits the manifest dataset into
  // msexports_manifest (here rawexports_manifest) and ingestion_manifest (releases-0.9-14.md §1.5, §1.9).
  get '13'() {
    const r12 = this['12'];
    return {
      ...r12,
      parameters: r12.parameters.flatMap((p): Param[] => (p[0] === 'enableInfrastructureEncryption' ? [p, ['enablePurgeProtection', 'bool', false]] : [p])),
      datasets: [...r12.datasets.filter((d) => d !== 'manifest'), 'rawexports_manifest', 'ingestion_manifest'],
    };
  },
  // The public 14 adds the three recommendation parameters after enableManagedExports, their pipelines, trigger, dataset
  // and linked service (releases-0.9-14.md §1.6, §1.9).
  get '14'() {
    const r13 = this['13'];
    return {
      ...r13,
      parameters: r13.parameters.flatMap((p): Param[] =>
        p[0] === 'enableManagedExports'
          ? [p, ['enableRecommendations', 'bool', false], ['enableAHBRecommendations', 'bool', false], ['enableSpotRecommendations', 'bool', false]]
          : [p],
      ),
      pipelines: [...r13.pipelines, 'queries_ExecuteETL', 'queries_ETL_ingestion', 'queries_ResourceGraph_ExecuteQuery'],
      triggers: [...r13.triggers, 'queries_DailySchedule'],
      datasets: [...r13.datasets, 'azureResourceGraph'],
      linkedServices: [...r13.linkedServices, 'azurerm'],
    };
  },
};
const REFERENCE = alongTheLine<Interface>(SINCE);

/**
 * Departures from REFERENCE, by release: what the public release has (`from`) and what hubc has (`to`),
 * with the text that identifies the row of docs/deviations.md explaining why.
 */
const DEPARTURES: { releases: ReleaseVersion[]; kind: 'datasets' | 'linkedServices'; from: string[]; to: string[]; row: string }[] = [
  {
    releases: releasesFrom('0.4'),
    kind: 'linkedServices',
    from: ['<key vault name>', '<storage account name>'],
    to: ['keyVault', 'storage'],
    row: 'Linked service names',
  },
  { releases: releasesFrom('0.7'), kind: 'linkedServices', from: ['ftkRepo'], to: [], row: 'Unused objects' },
  { releases: releasesFrom('13'), kind: 'datasets', from: ['hubDataExplorer', 'ftkReleaseFile'], to: [], row: 'Unused objects' },
  {
    releases: releasesFrom('0.7', '12'),
    kind: 'datasets',
    from: ['hubDataExplorer', 'ftkReleaseFile'],
    to: ['ingestion_manifest'],
    row: 'Manifest copy with a remote hub',
  },
];

const HUB = readFileSync(new URL('../../hub.yaml', import.meta.url), 'utf8');
const DEVIATIONS = readFileSync(new URL('../../docs/deviations.md', import.meta.url), 'utf8');
const build = (v: string) => {
  const r = compile(HUB, { release: v });
  if (!r.release) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  return r;
};

for (const v of RELEASE_VERSIONS) {
  const ref = REFERENCE[v];
  const r = build(v);
  const template = JSON.parse(r.artifacts.get('azuredeploy.json')!);
  const objects = r.contributions.flatMap((c) => c.dataFactory ?? []);
  const names = (kind: string) =>
    objects
      .filter((o) => o.kind === kind)
      .map((o) => o.name)
      .sort();

  test(`${v}: template parameters, in order, with types and the default hub's defaults`, () => {
    const actual = Object.entries(template.parameters as Record<string, { type: string; defaultValue: unknown }>).map(([n, p]) => [n, p.type, p.defaultValue]);
    assert.equal(actual, ref.parameters);
  });

  test(`${v}: template outputs, in order, all strings`, () => {
    assert.equal(Object.keys(template.outputs), ref.outputs);
    for (const o of Object.values(template.outputs as Record<string, { type: string }>)) assert.is(o.type, 'string');
  });

  for (const kind of ['pipeline', 'trigger', 'dataset', 'linkedService'] as const) {
    test(`${v}: ${kind} names match the public release, but for listed departures`, () => {
      const key = `${kind}s` as 'pipelines' | 'triggers' | 'datasets' | 'linkedServices';
      let expected = [...ref[key]];
      for (const d of DEPARTURES.filter((x) => x.kind === key && x.releases.includes(v))) {
        expected = [...expected.filter((n) => !d.from.includes(n)), ...d.to];
      }
      assert.equal(names(kind), expected.sort());
    });
  }
}

test('every departure has its row in docs/deviations.md', () => {
  for (const d of DEPARTURES) assert.ok(DEVIATIONS.includes(`| ${d.row} |`), d.row);
});

/** Naming rules by resource type: allowed length and characters. */
const NAME_RULES: Record<string, RegExp> = {
  'microsoft.storage/storageaccounts': /^[a-z0-9]{3,24}$/,
  'microsoft.keyvault/vaults': /^[A-Za-z](?!.*--)[A-Za-z0-9-]{1,22}[A-Za-z0-9]$/,
  'microsoft.datafactory/factories': /^(?=.{3,63}$)[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/,
  'microsoft.managedidentity/userassignedidentities': /^[A-Za-z0-9][A-Za-z0-9_-]{2,127}$/,
  'microsoft.resources/deploymentscripts': /^[A-Za-z0-9_.()-]{1,90}$/,
  'microsoft.eventgrid/namespaces': /^[A-Za-z0-9][A-Za-z0-9-]{1,48}[A-Za-z0-9]$/,
  'microsoft.network/virtualnetworks': /^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}[A-Za-z0-9_]$/,
  'microsoft.network/networksecuritygroups': /^[A-Za-z0-9][A-Za-z0-9_.-]{0,78}[A-Za-z0-9_]$/,
};
const HUB_NAMES = ['abc', 'finops-hub', 'Contoso_FinOps-Hub', 'a-b_c', 'averyveryveryverylonghubnamewithmanyparts'];

for (const v of RELEASE_VERSIONS) {
  test(`${v}: every top-level resource name obeys its type's naming rules for several hub names`, () => {
    const template = JSON.parse(build(v).artifacts.get('azuredeploy.json')!);
    let checked = 0;
    for (const hubName of HUB_NAMES) {
      const ctx = templateContext(template, {
        parameters: { hubName, location: 'westeurope' },
        resourceGroup: { id: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/finops', name: 'finops', location: 'westeurope' },
        subscriptionId: '00000000-0000-0000-0000-000000000000',
        useDefaults: true,
      });
      for (const res of template.resources as { type: string; name: string }[]) {
        const rule = NAME_RULES[res.type.toLowerCase()];
        if (!rule) continue;
        const name = evaluateTemplateString(res.name, ctx) as string;
        assert.match(name, rule, `${v} ${res.type} for hub ${hubName}: ${name}`);
        checked++;
      }
    }
    assert.ok(checked >= HUB_NAMES.length * 4, `checked ${checked} names`);
  });
}

test.run();
