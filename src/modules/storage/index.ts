/**
 * Storage (spec, "Deployed resources"): the Data Lake gen2 account with the `rawexports`, `ingestion`
 * and `config` containers and its firewall; the deployment-script storage account; the `_blobManager`
 * identity and the `_uploadSettings` deployment script that writes `config/settings.json` and the schema files.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { ArmResource, Contribution, Value, ValueObject } from '../types.js';
import { names, ids, SUBNETS, tagsFor, publicAccess, ROLES, param, scriptName, identityRoleAssignmentName } from '../core/names.js';
import { roleAssignment } from '../core/roles.js';
import { has, type Release } from '../../model/releases.js';
import { privateEndpoint, dnsZoneLinkId, endpointZoneGroupId, networkCondition, networkConditionOf, networkOnlyWhenPrivate } from '../network/index.js';
import { schemaFiles } from '../config/index.js';
import { deploymentScript, deploymentScriptId, deploymentScriptText, type DeploymentScriptOptions } from '../deploymentScripts/index.js';
import * as ui from '../../expressions/ui/index.js';
import { apiVersion } from '../core/apiVersions.js';
import { userAssignedIdentity } from '../core/identity.js';

/** Resource ID of the deployment script that writes `config/settings.json` and the schema files: whatever reads settings.json after deployment waits for it. */
export function uploadSettingsScriptId(release: Release): arm.Arm {
  return deploymentScriptId(scriptName(release, 'uploadSettings'));
}

/** DNS zone group names of the storage endpoints, as the public 0.7 release names them. */
const ZONE_GROUPS = { blob: 'storage-endpoint-zone', dfs: 'dfs-endpoint-zone', scriptBlob: 'blob-endpoint-zone' } as const;

/** The three containers of the data lake (spec, "Deployed resources"). */
export function containerNames(model: HubModel): string[] {
  return [model.release.exportContainer, 'ingestion', 'config'];
}

/** Number of parquet-conversion schema files the release uploads to `config/schemas/`. */
function schemaFileCount(model: HubModel): number {
  return schemaFiles(model).length;
}

/** A JSON tree of values and expressions as one expression (`createObject`/`createArray` of its parts). */
function armObject(value: Value): arm.ArmArg {
  if (Array.isArray(value)) return arm.createArray(...value.map(armObject));
  if (value && typeof value === 'object' && !(value instanceof arm.Arm)) {
    return arm.createObject(...Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : [k, armObject(v)])));
  }
  return value as arm.ArmArg;
}

/** Storage module: the data lake, its private endpoints, the script storage, the settings upload, its parameter, outputs and form. */
export function storageModule(model: HubModel): Contribution {
  const scriptInNetwork = scriptRunsInNetwork(model.release);
  const resources: ArmResource[] = [
    ...dataLake(model),
    ...(scriptInNetwork ? [scriptStorageAccount(model.release)] : []),
    ...storagePrivateEndpoints(model.release),
    ...blobManager(model.release),
    uploadSettingsScript(model),
  ];
  const files: Record<string, string> = {};
  for (const f of schemaFiles(model)) files[f.name] = f.text;
  const storageSku = storageSkuParameter(model);
  const encryption = has(model.release, 'infrastructureEncryption') ? infrastructureEncryptionParameter(model) : undefined;
  return {
    parameters: { storageSku: { ...storageSku, allowedValues: [...storageSku.allowedValues] }, ...(encryption ? { enableInfrastructureEncryption: encryption } : {}) },
    variables: Object.keys(files).length ? { schemaFiles: files } : {},
    resources,
    outputs: {
      storageAccountId: { type: 'string', value: ids.storageAccount },
      storageAccountName: { type: 'string', value: names.storageAccount },
      storageUrlForPowerBI: {
        type: 'string',
        value: arm.concat('https://', names.storageAccount, '.dfs.', arm.prop(arm.environment(), 'suffixes', 'storage'), '/ingestion'),
      },
    },
    form: [
      {
        parameter: 'storageSku',
        step: 'storage',
        element: {
          name: 'storageSku',
          type: 'Microsoft.Common.DropDown',
          label: 'Storage redundancy',
          defaultValue: model.storage.sku,
          toolTip: storageSku.metadata.description,
          constraints: { required: true, allowedValues: model.storage.allowedSkus.map((v) => ({ label: v, value: v })) },
        },
        output: ui.steps('storage', 'storageSku'),
      },
      ...(encryption ? [infrastructureEncryptionForm(model, encryption.metadata.description)] : []),
    ],
  };
}

/** The form element of `enableInfrastructureEncryption`: on or off, hub.yaml's choice first. */
function infrastructureEncryptionForm(model: HubModel, toolTip: string): NonNullable<Contribution['form']>[number] {
  return {
    parameter: 'enableInfrastructureEncryption',
    step: 'storage',
    element: {
      name: 'enableInfrastructureEncryption',
      type: 'Microsoft.Common.OptionsGroup',
      label: 'Infrastructure encryption',
      defaultValue: model.storage.infrastructureEncryption ? 'Enabled' : 'Disabled',
      toolTip,
      constraints: {
        allowedValues: [
          { label: 'Enabled', value: true },
          { label: 'Disabled', value: false },
        ],
      },
    },
    output: ui.steps('storage', 'enableInfrastructureEncryption'),
  };
}

/**
 * Whether the deployment script runs inside the hub network: only with private networking, and it then
 * needs its own storage account reachable from the script subnet. From 0.8 that network, and so the
 * script's account, exist only while public access is off (networkCondition).
 */
function scriptRunsInNetwork(r: Release): boolean {
  return has(r, 'privateNetworking') && has(r, 'scriptStorage');
}

/**
 * The data lake's `encryption` where the release lets the deployment choose infrastructure encryption: set
 * as the public 0.7 and 0.8 templates set it when `enableInfrastructureEncryption` is true (Microsoft-managed
 * keys, encrypted twice), and left unset (null) otherwise, so a deployment never changes encryption settings
 * made since. Azure fixes it when the account is created
 * (learn.microsoft.com/azure/storage/common/infrastructure-encryption-enable).
 */
function infrastructureEncryption(r: Release): { encryption?: arm.Arm } {
  if (!has(r, 'infrastructureEncryption')) return {};
  const on = arm.parameters('enableInfrastructureEncryption');
  return { encryption: arm.if_(on, arm.createObject('keySource', 'Microsoft.Storage', 'requireInfrastructureEncryption', true), arm.call('null')) };
}

/** The `enableInfrastructureEncryption` template parameter, with hub.yaml's choice as default. */
function infrastructureEncryptionParameter(model: HubModel) {
  return {
    type: 'bool',
    defaultValue: model.storage.infrastructureEncryption,
    metadata: {
      description:
        'Encrypt the data lake a second time at the infrastructure level (Microsoft-managed keys). Chosen when the storage account is created: a later deployment cannot change it.',
    },
  } as const;
}

/** The `storageSku` template parameter, with hub.yaml's SKU as default. */
function storageSkuParameter(model: HubModel) {
  return {
    type: 'string',
    defaultValue: model.storage.sku,
    allowedValues: model.storage.allowedSkus,
    metadata: { description: 'Storage SKU: Premium_LRS (lowest cost) or Premium_ZRS (high availability). Standard SKUs are not available for Data Lake gen2.' },
  } as const;
}

/** The Data Lake gen2 account (its firewall open, or closed to all but private endpoints and trusted services), its blob service and containers. */
function dataLake(model: HubModel): ArmResource[] {
  const r = model.release;
  return [
    {
      type: 'Microsoft.Storage/storageAccounts',
      apiVersion: apiVersion('Microsoft.Storage/storageAccounts'),
      name: names.storageAccount,
      location: arm.parameters('location'),
      tags: tagsFor('Microsoft.Storage/storageAccounts'),
      sku: { name: arm.parameters('storageSku') },
      kind: 'BlockBlobStorage',
      properties: {
        supportsHttpsTrafficOnly: true,
        // Hub components reach the data lake with managed identities. Only another hub pushing to this one
        // (remote hub, remoteHubStorageKey) authenticates with the account key (lint rule HUB523).
        allowSharedKeyAccess: has(r, 'remoteHub'),
        isHnsEnabled: true,
        minimumTlsVersion: 'TLS1_2',
        allowBlobPublicAccess: false,
        publicNetworkAccess: 'Enabled',
        networkAcls: { bypass: 'AzureServices', defaultAction: has(r, 'privateNetworking') ? arm.if_(publicAccess, 'Allow', 'Deny') : 'Allow' },
        ...infrastructureEncryption(r),
      },
    },
    {
      type: 'Microsoft.Storage/storageAccounts/blobServices',
      apiVersion: apiVersion('Microsoft.Storage/storageAccounts/blobServices'),
      name: arm.format('{0}/{1}', names.storageAccount, 'default'),
      dependsOn: [ids.storageAccount],
      properties: {},
    },
    ...containerNames(model).map((container): ArmResource => ({
      type: 'Microsoft.Storage/storageAccounts/blobServices/containers',
      apiVersion: apiVersion('Microsoft.Storage/storageAccounts/blobServices/containers'),
      name: arm.format('{0}/{1}/{2}', names.storageAccount, 'default', container),
      dependsOn: [arm.resourceId('Microsoft.Storage/storageAccounts/blobServices', names.storageAccount, 'default')],
      properties: { publicAccess: 'None' },
    })),
  ];
}

/** The deployment scripts' own storage account, reachable from the script subnet only (see {@link scriptRunsInNetwork}). */
function scriptStorageAccount(r: Release): ArmResource {
  return {
    type: 'Microsoft.Storage/storageAccounts',
    apiVersion: apiVersion('Microsoft.Storage/storageAccounts'),
    name: names.scriptStorageAccount,
    ...networkConditionOf(r),
    location: arm.parameters('location'),
    tags: tagsFor('Microsoft.Storage/storageAccounts'),
    sku: { name: 'Standard_LRS' },
    kind: 'StorageV2',
    dependsOn: [ids.virtualNetwork],
    properties: {
      supportsHttpsTrafficOnly: true,
      allowSharedKeyAccess: true,
      isHnsEnabled: false,
      minimumTlsVersion: 'TLS1_2',
      allowBlobPublicAccess: false,
      publicNetworkAccess: 'Enabled',
      networkAcls: {
        bypass: 'AzureServices',
        defaultAction: 'Deny',
        virtualNetworkRules: [{ id: ids.subnet(SUBNETS.scripts), action: 'Allow' }],
      },
    },
  };
}

/** With private networking: the data lake's blob and dfs endpoints, and the script storage's blob endpoint. */
function storagePrivateEndpoints(r: Release): ArmResource[] {
  const endpoint = (account: arm.Arm, accountId: arm.Arm, groupId: 'blob' | 'dfs', role: 'blob' | 'dfs' | 'scriptBlob'): ArmResource[] =>
    privateEndpoint({
      release: r,
      name: arm.concat(account, `-${groupId}-ep`),
      target: accountId,
      groupId,
      role,
      subnet: SUBNETS.privateEndpoints,
      zones: [groupId],
      zoneGroup: ZONE_GROUPS[role],
      dependsOn: [accountId],
    });
  return [
    ...(has(r, 'privateNetworking')
      ? [...endpoint(names.storageAccount, ids.storageAccount, 'blob', 'blob'), ...endpoint(names.storageAccount, ids.storageAccount, 'dfs', 'dfs')]
      : []),
    ...(scriptRunsInNetwork(r) ? endpoint(names.scriptStorageAccount, ids.scriptStorageAccount, 'blob', 'scriptBlob') : []),
  ];
}

/**
 * Name of a role assignment of the `_blobManager` identity: at the script storage account, where the naming rules
 * say so (`NamingRules.scriptStorageRoleName`, the public 0.11), `guid(<role>, <identity id>)`.
 */
const blobManagerRoleName = (r: Release, scopeId: arm.Arm, role: string) =>
  scopeId === ids.scriptStorageAccount && r.naming.scriptStorageRoleName === 'rolePrincipal'
    ? arm.guid(role, ids.blobManagerIdentity)
    : identityRoleAssignmentName(r, 'blobManager', scopeId, role);

/** The `_blobManager` identity and its roles: on the data lake, and on the script storage when the script runs in the network. */
function blobManager(r: Release): ArmResource[] {
  const principalId = arm.prop(arm.reference(ids.blobManagerIdentity, apiVersion('Microsoft.ManagedIdentity/userAssignedIdentities')), 'principalId');
  return [
    userAssignedIdentity(names.blobManagerIdentity),
    // Writes settings.json and the schema files into the data lake.
    roleAssignment({
      scopeId: ids.storageAccount,
      scope: arm.format('Microsoft.Storage/storageAccounts/{0}', names.storageAccount),
      role: ROLES.storageBlobDataContributor,
      principalId,
      nameSeed: ids.blobManagerIdentity,
      name: blobManagerRoleName(r, ids.storageAccount, ROLES.storageBlobDataContributor),
      dependsOn: [ids.storageAccount, ids.blobManagerIdentity],
    }),
    // A deployment script that runs in a virtual network (containerSettings.subnetIds) uses an existing
    // storage account for its file share, and its identity needs Storage File Data Privileged Contributor
    // on that account (learn.microsoft.com/azure/azure-resource-manager/bicep/deployment-script-vnet).
    ...(scriptRunsInNetwork(r)
      ? [
          roleAssignment({
            scopeId: ids.scriptStorageAccount,
            scope: arm.format('Microsoft.Storage/storageAccounts/{0}', names.scriptStorageAccount),
            role: ROLES.storageFileDataPrivilegedContributor,
            principalId,
            nameSeed: ids.blobManagerIdentity,
            name: blobManagerRoleName(r, ids.scriptStorageAccount, ROLES.storageFileDataPrivilegedContributor),
            condition: networkCondition(r),
            dependsOn: [ids.scriptStorageAccount, ids.blobManagerIdentity],
          }),
        ]
      : []),
  ];
}

/** The `_uploadSettings` deployment script, which writes `config/settings.json` and the schema files into the data lake. */
function uploadSettingsScript(model: HubModel): ArmResource {
  return configWriterScript(model, { name: scriptName(model.release, 'uploadSettings'), content: deploymentScriptText('uploadSettings'), env: uploadSettingsEnv(model) });
}

/**
 * A deployment script that writes files into the data lake's `config` container as the `_blobManager`
 * identity (the settings upload, the recommendations' query files): after the container and the identity's
 * role; with the script storage, inside the hub network, after the endpoints and DNS zones it reaches the data
 * lake through; and after `o.after` (scripts in the network share one container group name, so they run one
 * at a time).
 */
export function configWriterScript(model: HubModel, o: Pick<DeploymentScriptOptions, 'name' | 'content' | 'env' | 'condition'> & { after?: Value[] }): ArmResource {
  const r = model.release;
  const scriptInNetwork = scriptRunsInNetwork(r);
  const roleId = (scopeId: arm.Arm, role: string) => arm.call('extensionResourceId', scopeId, 'Microsoft.Authorization/roleAssignments', blobManagerRoleName(r, scopeId, role));
  /**
   * A deployment-script setting that exists only in the network: from 0.8 null while public access is on
   * (ARM leaves a property that is null out), as the public 0.8 leaves both settings out then.
   */
  const inNetworkOnly = <T extends ValueObject>(value: T): T | arm.Arm => (networkOnlyWhenPrivate(r) ? arm.if_(publicAccess, arm.call('null'), armObject(value)) : value);
  return deploymentScript({
    name: o.name,
    ...(o.condition ? { condition: o.condition } : {}),
    identity: ids.blobManagerIdentity,
    content: o.content,
    dependsOn: [
      arm.resourceId('Microsoft.Storage/storageAccounts/blobServices/containers', names.storageAccount, 'default', 'config'),
      roleId(ids.storageAccount, ROLES.storageBlobDataContributor),
      ...(scriptInNetwork
        ? [
            roleId(ids.scriptStorageAccount, ROLES.storageFileDataPrivilegedContributor),
            // The script reaches the data lake's blob endpoint through its private endpoint; the name only
            // resolves to it once the blob zone is linked to the network.
            dnsZoneLinkId(model.release, 'blob'),
            endpointZoneGroupId(arm.concat(names.storageAccount, '-blob-ep'), ZONE_GROUPS.blob),
            endpointZoneGroupId(arm.concat(names.storageAccount, '-dfs-ep'), ZONE_GROUPS.dfs),
            endpointZoneGroupId(arm.concat(names.scriptStorageAccount, '-blob-ep'), ZONE_GROUPS.scriptBlob),
            ids.scriptStorageAccount,
          ]
        : []),
      ...(o.after ?? []),
    ],
    settings: scriptInNetwork
      ? {
          // No account key: the script's identity reaches the file share with its Storage File Data Privileged
          // Contributor role, as the public 0.7 and 0.8 scripts do (deployment scripts 2023-08-01, "Use an
          // existing storage account", learn.microsoft.com/azure/azure-resource-manager/templates/deployment-script-template).
          storageAccountSettings: inNetworkOnly({ storageAccountName: names.scriptStorageAccount }),
          containerSettings: inNetworkOnly({
            containerGroupName: arm.concat(names.scriptStorageAccount, 'cg'),
            subnetIds: [{ id: ids.subnet(SUBNETS.scripts) }],
          }),
        }
      : undefined,
    env: o.env,
  });
}

/** The environment of the `_uploadSettings` script: what settings.json records (version, scopes, retention) and where it goes. */
function uploadSettingsEnv(model: HubModel): DeploymentScriptOptions['env'] {
  const r = model.release;
  return [
    { name: 'ftkVersion', value: r.ftkVersion },
    { name: 'scopes', value: arm.string(param(r, 'scopes')) },
    { name: 'exportContainer', value: r.exportContainer },
    ...(has(r, 'retentionSettings')
      ? [
          { name: 'exportRetentionInDays', value: arm.string(arm.parameters('exportRetentionInDays')) },
          { name: 'ingestionRetentionInMonths', value: arm.string(arm.parameters('ingestionRetentionInMonths')) },
        ]
      : []),
    ...(has(r, 'dataExplorer')
      ? [
          { name: 'rawRetentionInDays', value: arm.string(arm.parameters('dataExplorerLogRetentionInDays')) },
          { name: 'finalRetentionInMonths', value: arm.string(arm.parameters('dataExplorerFinalRetentionInMonths')) },
        ]
      : []),
    { name: 'storageAccountName', value: names.storageAccount },
    { name: 'containerName', value: 'config' },
    // Releases without schema files pass an empty JSON object (no empty template variable, HUB511).
    { name: 'schemaFiles', value: schemaFileCount(model) ? arm.string(arm.variables('schemaFiles')) : '{}' },
  ];
}
