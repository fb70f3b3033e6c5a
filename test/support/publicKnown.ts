/**
 * What only one side deploys when hubc's template (`naming: public`) and a public release's are evaluated
 * for the same deployment, each with the docs/deviations.md text that explains it, and the helpers that
 * compare two evaluated templates. Shared by test/public/naming.test.ts and test/import/*.
 */
import type { FlatResource } from '../../src/expressions/arm/flatten.js';
import { ROLES } from '../../src/modules/core/names.js';
import { has, getRelease } from '../../src/model/releases.js';
import { alongTheLine } from './releaseLine.js';
import { fullHubHasRemoteHub } from './hubs.js';

const ROLE_NAMES = Object.fromEntries(Object.entries(ROLES).map(([name, guid]) => [guid, name]));

/** The parameters of one deployment, for the public template (its names and types) and hubc's. */
export function parameters(release: string, hubName: string): { public: Record<string, unknown>; hubc: Record<string, unknown> } {
  const r = getRelease(release);
  const common: Record<string, unknown> = { hubName, location: 'westeurope' };
  if (fullHubHasRemoteHub(r)) Object.assign(common, { remoteHubStorageUri: 'https://otherhub.dfs.core.windows.net/', remoteHubStorageKey: 'key' });
  if (has(r, 'dataExplorer')) common.dataExplorerName = 'hubadx';
  return {
    public: { ...common, ...(has(r, 'privateNetworking') ? { enablePublicAccess: false } : {}) },
    hubc: { ...common, ...(has(r, 'privateNetworking') ? { enablePublicAccess: 'False' } : {}) },
  };
}

/** Which principal a role assignment is for, from its principalId expression. */
function principal(r: FlatResource): string {
  const id = String((r.body.properties as Record<string, unknown> | undefined)?.principalId ?? '');
  for (const [marker, name] of [
    ['_blobManager', 'blobManager'],
    ['_triggerManager', 'triggerManager'],
    ['_cleanup', 'cleanup identity'],
    ['Microsoft.DataFactory/factories', 'factory'],
    ['Microsoft.Kusto/clusters', 'cluster'],
  ] as const) {
    if (id.includes(marker)) return name;
  }
  return id;
}

/** The resource's main names, to write keys that hold for any hub name. */
export function placeholders(resources: FlatResource[]): [string, string][] {
  const nameOf = (type: string, test: (n: string) => boolean = () => true) => resources.find((r) => r.type === type && r.name && test(r.name))?.name;
  const storage = resources.find((r) => r.type === 'Microsoft.Storage/storageAccounts/blobServices')?.name?.split('/')[0];
  const vault = nameOf('Microsoft.KeyVault/vaults');
  const list: [string, string | undefined][] = [
    ['{factory}', nameOf('Microsoft.DataFactory/factories')],
    ['{scriptStorage}', nameOf('Microsoft.Storage/storageAccounts', (n) => n !== storage)],
    ['{storage}', storage],
    ['{vault}', vault],
    ['{eventGrid}', nameOf('Microsoft.EventGrid/namespaces')],
    ['{cluster}', nameOf('Microsoft.Kusto/clusters')],
    // The unique suffix ends the vault's and the factory's names (a 0.9+ hub without a remote hub has no vault).
    ['{suffix}', (vault ?? nameOf('Microsoft.DataFactory/factories'))?.slice(-13)],
  ];
  return list.filter((p): p is [string, string] => !!p[1]);
}

/**
 * A role assignment's scope in one form: the public 14's symbolic-name modules give the full resource ID
 * (`/subscriptions/<id>/resourceGroups/<name>/providers/Microsoft.Storage/...`), earlier releases and hubc the
 * resource group's relative one (`Microsoft.Storage/...`); both are the same scope.
 */
const scopeOf = (scope: string) => scope.replace(/^\/subscriptions\/[^/]+\/resourceGroups\/[^/]+\/providers\//i, '');

/** A readable key for a resource, the same for any hub name: placeholders for the main names; role assignments by role, principal and scope. */
export function describe(r: FlatResource, names: [string, string][]): string {
  const sub = (text: string) => names.reduce((t, [key, value]) => t.split(value).join(key), text);
  if (r.type === 'Microsoft.Authorization/roleAssignments') {
    const role = String((r.body.properties as Record<string, unknown> | undefined)?.roleDefinitionId ?? '');
    const guid = Object.keys(ROLE_NAMES).find((g) => role.includes(g));
    return `role ${guid ? ROLE_NAMES[guid] : role} for ${principal(r)} at ${r.scope ? sub(scopeOf(r.scope)) : 'the resource group'}`;
  }
  if (r.name === undefined) return `${r.type} (named at deployment)`;
  if (r.type === 'Microsoft.Resources/deployments' && r.name.startsWith('pid-')) return `${r.type} pid-<telemetry>`;
  // 0.10+: `ftk-hubapp-<app>_<options>`, the options from the parameters.
  if (r.type === 'Microsoft.Resources/deployments' && r.name.startsWith('ftk-hubapp-')) return `${r.type} ftk-hubapp-<telemetry>`;
  // 13+: `Microsoft.FinOpsHubs.Init_<factory>`, the factory's name as given and cut at 64 characters.
  if (r.type === 'Microsoft.Resources/deployments' && r.name.startsWith('Microsoft.FinOpsHubs.Init_')) return `${r.type} Microsoft.FinOpsHubs.Init_{factory}`;
  return `${r.type} ${sub(r.name)}`;
}

/** A key two sides can share: the evaluated name (role assignments: their GUID name, scope and role). */
export function identity(r: FlatResource): string {
  return `${r.type} ${r.name ?? `?${r.nameExpression}`}${r.scope ? ` @${scopeOf(r.scope)}` : ''}`;
}

/** Known one-sided resources: description -> the deviations.md text that explains it. */
export type Known = Record<string, string>;

const TEMPLATE_SHAPE = 'One flat template';
const APPROVALS = 'only the private-endpoint approvals use nested deployments';

/** Resources only the public release deploys, by the first release each list holds for. */
const PUBLIC_SINCE: Record<string, Known> = {
  '0.1': {
    'Microsoft.Resources/deployments hub': TEMPLATE_SHAPE,
    'Microsoft.Resources/deployments storage': TEMPLATE_SHAPE,
    'Microsoft.Resources/deployments dataFactoryResources': TEMPLATE_SHAPE,
    'Microsoft.Resources/deployments keyVault': TEMPLATE_SHAPE,
    'Microsoft.Resources/deployments pid-<telemetry>': 'Usage attribution',
    'Microsoft.KeyVault/vaults/accessPolicies {vault}/add': 'Key Vault access policy',
    'Microsoft.KeyVault/vaults/secrets {vault}/{storage}': 'no key secret',
    'Microsoft.Resources/deploymentScripts removeManagedIdentity': '`removeManagedIdentity` scripts',
    'role storageBlobDataContributor for blobManager at the resource group': '`_blobManager` roles',
    'role managedIdentityContributor for blobManager at the resource group': '`_blobManager` roles',
    'role dataFactoryContributor for triggerManager at the resource group': 'Trigger manager roles',
    'role managedIdentityContributor for triggerManager at the resource group': 'Trigger manager roles',
  },
};
PUBLIC_SINCE['0.2'] = {
  ...Object.fromEntries(Object.entries(PUBLIC_SINCE['0.1']).filter(([k]) => !k.includes('removeManagedIdentity') && !k.includes('triggerManager'))),
  'role managedIdentityContributor for triggerManager at Microsoft.DataFactory/factories/{factory}': 'Trigger manager roles',
};
PUBLIC_SINCE['0.4'] = {
  ...Object.fromEntries(Object.entries(PUBLIC_SINCE['0.2']).filter(([k]) => !k.includes('secrets'))),
  'Microsoft.Resources/deployments azuretimezones': TEMPLATE_SHAPE,
  'Microsoft.DataFactory/factories/linkedservices {factory}/{storage}': 'Linked service names',
  'Microsoft.DataFactory/factories/linkedservices {factory}/{vault}': 'Linked service names',
  'Microsoft.ManagedIdentity/userAssignedIdentities {suffix}_cleanup': 'a separate clean-up identity and script',
  'Microsoft.Resources/deploymentScripts {suffix}_deleteEventGrid': 'a separate clean-up identity and script',
  'role eventGridContributor for cleanup identity at Microsoft.EventGrid/namespaces/{eventGrid}': 'a separate clean-up identity and script',
  'role userAccessAdministrator for factory at Microsoft.Storage/storageAccounts/{storage}': 'Data Factory identity on storage',
};
PUBLIC_SINCE['0.6'] = Object.fromEntries(Object.entries(PUBLIC_SINCE['0.4']).filter(([k]) => !k.includes('cleanup') && !k.includes('EventGrid')));
PUBLIC_SINCE['0.7'] = {
  ...PUBLIC_SINCE['0.6'],
  'Microsoft.Resources/deployments vnet': TEMPLATE_SHAPE,
  'Microsoft.Resources/deployments dataExplorer': TEMPLATE_SHAPE,
  'Microsoft.Resources/deployments GetStoragePrivateEndpointConnections': APPROVALS,
  'Microsoft.Resources/deployments ApproveStoragePrivateEndpointConnections': APPROVALS,
  'Microsoft.Resources/deployments GetKeyVaultPrivateEndpointConnections': APPROVALS,
  'Microsoft.Resources/deployments ApproveKeyVaultPrivateEndpointConnections': APPROVALS,
  'Microsoft.Resources/deployments GetDataExplorerPrivateEndpointConnections': APPROVALS,
  'Microsoft.Resources/deployments ApproveDataExplorerPrivateEndpointConnections': APPROVALS,
  'Microsoft.Storage/storageAccounts/privateEndpointConnections (named at deployment)': APPROVALS,
  'Microsoft.KeyVault/vaults/privateEndpointConnections (named at deployment)': APPROVALS,
  'Microsoft.Kusto/clusters/privateEndpointConnections (named at deployment)': APPROVALS,
  'Microsoft.DataFactory/factories/linkedservices {factory}/ftkRepo': 'Unused objects',
  'Microsoft.DataFactory/factories/datasets {factory}/ftkReleaseFile': 'Unused objects',
  'Microsoft.DataFactory/factories/datasets {factory}/hubDataExplorer': 'Unused objects',
  'role storageFileDataPrivilegedContributor for blobManager at the resource group': 'Deployment-script storage role',
};

// 0.8: the resource-type dictionary as five Ingestion database scripts (hubc derives resource_type() from the ResourceTypes table).
PUBLIC_SINCE['0.8'] = {
  ...PUBLIC_SINCE['0.7'],
  ...Object.fromEntries(
    ['', '_resource_type_1', '_resource_type_2', '_resource_type_3', '_resource_type_4'].map((s) => [
      `Microsoft.Kusto/clusters/databases/scripts {cluster}/Ingestion/OpenDataFunctions${s}`,
      '`resource_type()`',
    ]),
  ),
};
// 0.9 no longer assigns Managed Identity Contributor (releases-0.9-14.md §1.1); hubc never did.
PUBLIC_SINCE['0.9'] = Object.fromEntries(Object.entries(PUBLIC_SINCE['0.8']).filter(([k]) => !k.includes('managedIdentityContributor')));

// 0.10: the hub-app module deployments and their telemetry, the file-upload scripts, the open-data script (hubc's
// open-data functions are in the setup script); the database scripts are named by role on both sides (kqlScriptsByRole).
PUBLIC_SINCE['0.10'] = {
  ...Object.fromEntries(Object.entries(PUBLIC_SINCE['0.9']).filter(([k]) => !k.endsWith('/Ingestion/OpenDataFunctions'))),
  'Microsoft.Kusto/clusters/databases/scripts {cluster}/Ingestion/openDataScript': '`resource_type()`',
  'Microsoft.Resources/deploymentScripts {storage}_uploadFiles': 'File upload scripts',
  'Microsoft.Resources/deployments ftk-hubapp-<telemetry>': 'Usage attribution',
  ...Object.fromEntries(
    [
      'Microsoft.CostManagement.Exports_ExportContainer',
      'Microsoft.FinOpsHubs.Core_ExportManifestAddedTrigger',
      'Microsoft.FinOpsHubs.Core_IngestionContainer',
      'Microsoft.FinOpsHubs.Core_IngestionManifestAddedTrigger',
      'Microsoft.FinOpsHubs.Core_SchemaFiles',
      'Microsoft.FinOpsHubs.Core_SettingsUpdatedTrigger',
      'Microsoft.FinOpsToolkit.Hubs.Core_Network',
      'hub_SetupScript',
      'ingestion_CommonScripts',
      'ingestion_OpenDataInternalScripts',
      'ingestion_SetupScript',
      'keyVault_secret',
    ].map((n) => [`Microsoft.Resources/deployments ${n}`, TEMPLATE_SHAPE]),
  ),
};

// 0.11: the modules merged and renamed, the remote hub its own part, the KQL split (one open-data script more
// than hubc's), the deployment scripts named after their modules, each identity's role at the script storage.
const SCRIPT_NAMES_011 = 'Deployment-script names (0.11)';
const GONE_IN_011 = [
  'keyVault',
  'vnet',
  'Microsoft.FinOpsHubs.Core_SchemaFiles',
  'Microsoft.FinOpsToolkit.Hubs.Core_Network',
  'ingestion_CommonScripts',
  'ingestion_SetupScript',
].map((n) => `Microsoft.Resources/deployments ${n}`);
PUBLIC_SINCE['0.11'] = {
  ...Object.fromEntries(
    Object.entries(PUBLIC_SINCE['0.10']).filter(
      ([k]) => !GONE_IN_011.includes(k) && !k.endsWith('/Ingestion/openDataScript') && k !== 'Microsoft.Resources/deploymentScripts {storage}_uploadFiles',
    ),
  ),
  'Microsoft.Kusto/clusters/databases/scripts {cluster}/Ingestion/openData': '`resource_type()`',
  'Microsoft.Resources/deploymentScripts Microsoft.CostManagement.Exports_SchemaFiles.Upload': 'File upload scripts',
  ...Object.fromEntries(
    ['DeleteOldResources', 'StartTriggers', 'StopTriggers'].map((n) => [`Microsoft.Resources/deploymentScripts Microsoft.FinOpsHubs.Core_ADF.${n}`, SCRIPT_NAMES_011]),
  ),
  ...Object.fromEntries(
    [
      'Microsoft.CostManagement.Exports_SchemaFiles',
      'Microsoft.CostManagement.Exports_SchemaFiles.Upload',
      'Microsoft.FinOpsHubs.Core_ADF.DeleteOldResources',
      'Microsoft.FinOpsHubs.Core_ADF.StartTriggers',
      'Microsoft.FinOpsHubs.Core_ADF.StopTriggers',
      'Microsoft.FinOpsHubs.Core_Register',
      'Microsoft.FinOpsHubs.Core_UpdateSettings',
      'Microsoft.FinOpsHubs.Infrastructure',
      'Microsoft.FinOpsHubs.RemoteHub',
      'Microsoft.FinOpsHubs.RemoteHub_Register',
      'ingestion_InitScripts',
      'ingestion_VersionedScripts',
    ].map((n) => [`Microsoft.Resources/deployments ${n}`, TEMPLATE_SHAPE]),
  ),
  'role storageFileDataPrivilegedContributor for triggerManager at Microsoft.Storage/storageAccounts/{scriptStorage}': 'Deployment-script identities',
};

// 12: the apps of Core and Exports (Storage.* parts), the Hub scripts split by version, a fifth resource-type script,
// Contributor on the cluster for its start, User Access Administrator for managed exports (hubc: narrower roles).
const GONE_IN_12 = [
  'Microsoft.CostManagement.Exports_ExportContainer',
  'Microsoft.CostManagement.Exports_SchemaFiles',
  'Microsoft.CostManagement.Exports_SchemaFiles.Upload',
  'Microsoft.FinOpsHubs.Core_IngestionContainer',
  'Microsoft.FinOpsHubs.Core_UpdateSettings',
  'hub_SetupScript',
  'storage',
].map((n) => `Microsoft.Resources/deployments ${n}`);
PUBLIC_SINCE['12'] = {
  ...Object.fromEntries(
    Object.entries(PUBLIC_SINCE['0.11']).filter(
      ([k]) => !GONE_IN_12.includes(k) && k !== 'Microsoft.Resources/deploymentScripts Microsoft.CostManagement.Exports_SchemaFiles.Upload',
    ),
  ),
  'Microsoft.Kusto/clusters/databases/scripts {cluster}/Ingestion/OpenDataFunctions_resource_type_5': '`resource_type()`',
  'Microsoft.Resources/deploymentScripts Microsoft.CostManagement.Exports_Storage.SchemaFiles.Upload': 'File upload scripts',
  ...Object.fromEntries(
    [
      'Microsoft.CostManagement.Exports',
      'Microsoft.CostManagement.Exports_Register',
      'Microsoft.CostManagement.Exports_Storage.ExportContainer',
      'Microsoft.CostManagement.Exports_Storage.SchemaFiles',
      'Microsoft.CostManagement.Exports_Storage.SchemaFiles.Identity',
      'Microsoft.CostManagement.Exports_Storage.SchemaFiles.Upload',
      'Microsoft.FinOpsHubs.Core',
      'Microsoft.FinOpsHubs.Core_Storage.ConfigContainer',
      'Microsoft.FinOpsHubs.Core_Storage.ConfigContainer.Identity',
      'Microsoft.FinOpsHubs.Core_Storage.IngestionContainer',
      'Microsoft.FinOpsHubs.Core_Storage.UpdateSettings',
      'hub_InitScripts',
      'hub_LatestScripts',
      'hub_VersionedScripts',
    ].map((n) => [`Microsoft.Resources/deployments ${n}`, TEMPLATE_SHAPE]),
  ),
  'role contributor for factory at Microsoft.Kusto/clusters/{cluster}': 'Data Explorer started for ingestion (12)',
  'role userAccessAdministrator for factory at Microsoft.Storage/storageAccounts/{storage}': "The managed exports' storage role (12)",
};

// 13: the apps (each with its own stop-triggers script and registration), the Analytics app's script deployments,
// the hub-level start and delete scripts; no vault access policy resource; RBAC Administrator named as hubc names it.
const GONE_IN_13 = [
  'Microsoft.KeyVault/vaults/accessPolicies {vault}/add',
  'Microsoft.Resources/deploymentScripts Microsoft.FinOpsHubs.Core_ADF.DeleteOldResources',
  'Microsoft.Resources/deploymentScripts Microsoft.FinOpsHubs.Core_ADF.StartTriggers',
  'role contributor for factory at Microsoft.Kusto/clusters/{cluster}',
  'role userAccessAdministrator for factory at Microsoft.Storage/storageAccounts/{storage}',
  ...[
    'Microsoft.FinOpsHubs.Core_ADF.DeleteOldResources',
    'Microsoft.FinOpsHubs.Core_ADF.StartTriggers',
    'Microsoft.FinOpsHubs.Core_ExportManifestAddedTrigger',
    'Microsoft.FinOpsHubs.Infrastructure',
    'azuretimezones',
    'dataExplorer',
    'dataFactoryResources',
    'hub_InitScripts',
    'hub_LatestScripts',
    'hub_VersionedScripts',
    'ingestion_InitScripts',
    'ingestion_OpenDataInternalScripts',
    'ingestion_VersionedScripts',
  ].map((n) => `Microsoft.Resources/deployments ${n}`),
];
PUBLIC_SINCE['13'] = {
  ...Object.fromEntries(Object.entries(PUBLIC_SINCE['12']).filter(([k]) => !GONE_IN_13.includes(k))),
  ...Object.fromEntries(
    [
      'Microsoft.CostManagement.Exports_ADF.StopTriggers',
      'Microsoft.CostManagement.ManagedExports_ADF.StopTriggers',
      'Microsoft.FinOpsHubs.Analytics_ADF.StopTriggers',
      'Microsoft.FinOpsHubs.DeleteOldResources',
      'Microsoft.FinOpsHubs.RemoteHub_ADF.StopTriggers',
    ].map((n) => [`Microsoft.Resources/deploymentScripts ${n}`, SCRIPT_NAMES_011]),
  ),
  ...Object.fromEntries(
    [
      'Microsoft.CostManagement.Exports_ADF.ExportManifestTrigger',
      'Microsoft.CostManagement.Exports_ADF.StopTriggers',
      'Microsoft.CostManagement.ManagedExports',
      'Microsoft.CostManagement.ManagedExports_ADF.StopTriggers',
      'Microsoft.CostManagement.ManagedExports_Register',
      'Microsoft.CostManagement.ManagedExports_TimeZones',
      'Microsoft.FinOpsHubs.Analytics',
      'Microsoft.FinOpsHubs.Analytics_ADF.StopTriggers',
      'Microsoft.FinOpsHubs.Analytics_ADX.HubInit',
      'Microsoft.FinOpsHubs.Analytics_ADX.HubLatest',
      'Microsoft.FinOpsHubs.Analytics_ADX.HubVersioned',
      'Microsoft.FinOpsHubs.Analytics_ADX.IngestionInit',
      'Microsoft.FinOpsHubs.Analytics_ADX.IngestionOpenDataInternal',
      'Microsoft.FinOpsHubs.Analytics_ADX.IngestionVersioned',
      'Microsoft.FinOpsHubs.Analytics_InitializeHub',
      'Microsoft.FinOpsHubs.Analytics_Register',
      'Microsoft.FinOpsHubs.Core_Infrastructure',
      'Microsoft.FinOpsHubs.DeleteOldResources',
      'Microsoft.FinOpsHubs.Init_{factory}',
      'Microsoft.FinOpsHubs.RemoteHub_ADF.StopTriggers',
      'Microsoft.FinOpsHubs.StartTriggers',
    ].map((n) => [`Microsoft.Resources/deployments ${n}`, TEMPLATE_SHAPE]),
  ),
};

/** Resources only hubc deploys, by the first release each list holds for. */
const HUBC_SINCE: Record<string, Known> = {
  '0.1': {
    'Microsoft.Resources/deploymentScripts {factory}_deleteOldResources': 'Delete-old-resources script',
    'role storageBlobDataContributor for blobManager at Microsoft.Storage/storageAccounts/{storage}': '`_blobManager` roles',
    'role dataFactoryContributor for triggerManager at Microsoft.DataFactory/factories/{factory}': 'Trigger manager roles',
    'role storageAccountContributor for factory at Microsoft.Storage/storageAccounts/{storage}': 'Storage linked service',
    'role storageBlobDataContributor for factory at Microsoft.Storage/storageAccounts/{storage}': 'Storage linked service',
    'role reader for factory at Microsoft.Storage/storageAccounts/{storage}': 'Storage linked service',
  },
};
HUBC_SINCE['0.2'] = Object.fromEntries(Object.entries(HUBC_SINCE['0.1']).filter(([k]) => !k.includes('deleteOldResources') && !k.includes('triggerManager')));
HUBC_SINCE['0.4'] = {
  'role storageBlobDataContributor for blobManager at Microsoft.Storage/storageAccounts/{storage}': '`_blobManager` roles',
  'Microsoft.DataFactory/factories/linkedservices {factory}/storage': 'Linked service names',
  'Microsoft.DataFactory/factories/linkedservices {factory}/keyVault': 'Linked service names',
  'role eventGridContributor for triggerManager at Microsoft.EventGrid/namespaces/{eventGrid}': 'Event Grid clean-up permission',
};
HUBC_SINCE['0.6'] = Object.fromEntries(Object.entries(HUBC_SINCE['0.4']).filter(([k]) => !k.includes('EventGrid')));
HUBC_SINCE['0.7'] = {
  ...HUBC_SINCE['0.4'],
  'Microsoft.EventGrid/namespaces {eventGrid}': 'Event Grid registration',
  'Microsoft.Resources/deployments {suffix}-get-storage-connections': APPROVALS,
  'Microsoft.Resources/deployments {suffix}-approve-storage-connections': APPROVALS,
  'Microsoft.Resources/deployments {suffix}-get-vault-connections': APPROVALS,
  'Microsoft.Resources/deployments {suffix}-approve-vault-connections': APPROVALS,
  'Microsoft.Resources/deployments {suffix}-get-dataExplorer-connections': APPROVALS,
  'Microsoft.Resources/deployments {suffix}-approve-dataExplorer-connections': APPROVALS,
  'Microsoft.Storage/storageAccounts/privateEndpointConnections (named at deployment)': APPROVALS,
  'Microsoft.KeyVault/vaults/privateEndpointConnections (named at deployment)': APPROVALS,
  'Microsoft.Kusto/clusters/privateEndpointConnections (named at deployment)': APPROVALS,
  'Microsoft.DataFactory/factories/datasets {factory}/ingestion_manifest': 'Manifest copy with a remote hub',
  'role storageFileDataPrivilegedContributor for blobManager at Microsoft.Storage/storageAccounts/{scriptStorage}': 'Deployment-script storage role',
};

// 0.11: the blob manager's role at the script storage is named as the public 0.11 names it (PUBLIC_NAMING_011).
HUBC_SINCE['0.11'] = {
  ...Object.fromEntries(
    Object.entries(HUBC_SINCE['0.7']).filter(([k]) => k !== 'role storageFileDataPrivilegedContributor for blobManager at Microsoft.Storage/storageAccounts/{scriptStorage}'),
  ),
  ...Object.fromEntries(['deleteOldResources', 'startTriggers', 'stopTriggers'].map((n) => [`Microsoft.Resources/deploymentScripts {factory}_${n}`, SCRIPT_NAMES_011])),
};

// 12: the raw tables retyped once, one script each; narrower roles than the public 12's for the cluster start and managed exports.
HUBC_SINCE['12'] = {
  ...HUBC_SINCE['0.11'],
  ...Object.fromEntries(
    ['CommitmentDiscountUsage_raw', 'Costs_raw', 'Prices_raw', 'PricingUnits', 'Recommendations_raw', 'Transactions_raw'].map((t) => [
      `Microsoft.Kusto/clusters/databases/scripts {cluster}/Ingestion/Retype_${t}`,
      'Raw tables and `PricingUnits` of 12 (decimal to real)',
    ]),
  ),
  'role kustoContributor for factory at Microsoft.Kusto/clusters/{cluster}': 'Data Explorer started for ingestion (12)',
  'role roleBasedAccessControlAdministrator for factory at Microsoft.Storage/storageAccounts/{storage}': "The managed exports' storage role (12)",
};

// 13: the export manifest dataset split, so ingestion_manifest is the public 13's too; its RBAC Administrator assignment
// has hubc's name (the role is the same, hubc's with the export-role condition: "The managed exports' storage role (12)").
HUBC_SINCE['13'] = Object.fromEntries(
  Object.entries(HUBC_SINCE['12']).filter(
    ([k]) =>
      k !== 'Microsoft.DataFactory/factories/datasets {factory}/ingestion_manifest' &&
      k !== 'role roleBasedAccessControlAdministrator for factory at Microsoft.Storage/storageAccounts/{storage}',
  ),
);

// 14: one analytics engine, so the full hub (Data Explorer) has no remote hub and no Key Vault; the public Core app's
// azurerm linked service and the factory's role on itself in every hub (hubc: with recommendations, their one user);
// the public 14 names its RBAC Administrator assignment otherwise.
const REMOTE_HUB_PART = /\{vault\}|KeyVault|-vault-connections|deployments keyVault_secret$|\/keyVault$|deployment(?:s|Scripts) Microsoft\.FinOpsHubs\.RemoteHub/;
PUBLIC_SINCE['14'] = {
  ...Object.fromEntries(Object.entries(PUBLIC_SINCE['13']).filter(([k]) => !REMOTE_HUB_PART.test(k))),
  'Microsoft.DataFactory/factories/linkedservices {factory}/azurerm': 'azurerm linked service',
  'role dataFactoryContributor for factory at Microsoft.DataFactory/factories/{factory}': 'Data Factory self role',
};
HUBC_SINCE['14'] = {
  ...Object.fromEntries(Object.entries(HUBC_SINCE['13']).filter(([k]) => !REMOTE_HUB_PART.test(k))),
  'role roleBasedAccessControlAdministrator for factory at Microsoft.Storage/storageAccounts/{storage}': "The managed exports' storage role (12)",
};

/** Resources only the public release deploys, for every release of the table. */
export const PUBLIC_ONLY = alongTheLine<Known>(PUBLIC_SINCE);
/** Resources only hubc deploys, for every release of the table. */
export const HUBC_ONLY = alongTheLine<Known>(HUBC_SINCE);

/** The resources a flattened template deploys (condition not false). */
export const deployed = (resources: FlatResource[]) => resources.filter((r) => r.deployed !== false);

/** Compares the two sides: names both deploy, and the one-sided ones described. */
export function compare(pub: FlatResource[], hubc: FlatResource[]) {
  const p = deployed(pub);
  const h = deployed(hubc);
  const pKeys = new Set(p.map(identity));
  const hKeys = new Set(h.map(identity));
  const names = placeholders([...p, ...h]);
  const describeAll = (list: FlatResource[]) => [...new Set(list.map((r) => describe(r, names)))].sort();
  return {
    shared: p.filter((r) => hKeys.has(identity(r))).length,
    publicOnly: describeAll(p.filter((r) => !hKeys.has(identity(r)))),
    hubcOnly: describeAll(h.filter((r) => !pKeys.has(identity(r)))),
  };
}
