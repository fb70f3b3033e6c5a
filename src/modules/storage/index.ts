/**
 * Storage (spec, "Deployed resources"): the Data Lake gen2 account with the `rawexports`, `ingestion`
 * and `config` containers and its firewall; the deployment-script storage account; the `_blobManager`
 * identity and the `_uploadSettings` deployment script that writes `config/settings.json` and the schema files.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { ArmResource, Contribution, Value, ValueObject } from '../types.js';
import { names, ids, SUBNETS, tagsFor, publicAccess, ROLES, roleDefinitionId, param, scriptName, identityRoleAssignmentName } from '../core/names.js';
import { has, type Release } from '../../model/releases.js';
import { privateEndpoint, dnsZoneLinkId, endpointZoneGroupId, networkCondition, networkConditionOf, networkOnlyWhenPrivate } from '../network/index.js';
import { schemaFiles } from '../config/index.js';
import { deploymentScriptText } from '../deploymentScripts/scripts.js';
import { deploymentScript, deploymentScriptId } from '../deploymentScripts/resource.js';
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

/** A role assignment of `principalId` on a resource scope. */
export function roleAssignment(opts: {
  scopeId: arm.Arm;
  scope: arm.Arm;
  role: string;
  principalId: arm.Arm;
  nameSeed: arm.Arm;
  /** The assignment's name when it is not `guid(scopeId, role, nameSeed)`. */
  name?: arm.Arm;
  dependsOn: arm.Arm[];
  condition?: arm.Arm;
  description?: string;
}): ArmResource {
  return {
    type: 'Microsoft.Authorization/roleAssignments',
    apiVersion: apiVersion('Microsoft.Authorization/roleAssignments'),
    name: opts.name ?? arm.guid(opts.scopeId, opts.role, opts.nameSeed),
    scope: opts.scope,
    ...(opts.condition ? { condition: opts.condition } : {}),
    dependsOn: opts.dependsOn,
    properties: {
      roleDefinitionId: roleDefinitionId(opts.role),
      principalId: opts.principalId,
      principalType: 'ServicePrincipal',
      ...(opts.description ? { description: opts.description } : {}),
    },
  };
}

/** A JSON tree of values and expressions as one expression (`createObject`/`createArray` of its parts). */
function armObject(value: Value): arm.ArmArg {
  if (Array.isArray(value)) return arm.createArray(...value.map(armObject));
  if (value && typeof value === 'object' && !(value instanceof arm.Arm)) {
    return arm.createObject(...Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : [k, armObject(v)])));
  }
  return value as arm.ArmArg;
}

/** Storage module. */
export function storageModule(model: HubModel): Contribution {
  const r = model.release;
  const privateNetwork = has(r, 'privateNetworking');
  // The deployment script runs inside the hub network only with private networking; it then needs its
  // own storage account reachable from the script subnet. From 0.8 that network, and so the script's
  // account, exist only while public access is off (networkCondition).
  const scriptInNetwork = privateNetwork && has(r, 'scriptStorage');
  const onlyPrivate = networkConditionOf(r);
  /**
   * A deployment-script setting that exists only in the network: from 0.8 null while public access is on
   * (ARM leaves a property that is null out), as the public 0.8 leaves both settings out then.
   */
  const inNetworkOnly = <T extends ValueObject>(value: T): T | arm.Arm => (networkOnlyWhenPrivate(r) ? arm.if_(publicAccess, arm.call('null'), armObject(value)) : value);
  const location = arm.parameters('location');
  const storageScope = arm.format('Microsoft.Storage/storageAccounts/{0}', names.storageAccount);
  const roleName = (scopeId: arm.Arm, role: string) => identityRoleAssignmentName(r, 'blobManager', scopeId, role);
  const roleId = (scopeId: arm.Arm, role: string) => arm.call('extensionResourceId', scopeId, 'Microsoft.Authorization/roleAssignments', roleName(scopeId, role));
  const blobManagerPrincipal = arm.prop(arm.reference(ids.blobManagerIdentity, apiVersion('Microsoft.ManagedIdentity/userAssignedIdentities')), 'principalId');
  const resources: ArmResource[] = [
    {
      type: 'Microsoft.Storage/storageAccounts',
      apiVersion: apiVersion('Microsoft.Storage/storageAccounts'),
      name: names.storageAccount,
      location,
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
        networkAcls: { bypass: 'AzureServices', defaultAction: privateNetwork ? arm.if_(publicAccess, 'Allow', 'Deny') : 'Allow' },
      },
    },
    {
      type: 'Microsoft.Storage/storageAccounts/blobServices',
      apiVersion: apiVersion('Microsoft.Storage/storageAccounts/blobServices'),
      name: arm.format('{0}/{1}', names.storageAccount, 'default'),
      dependsOn: [ids.storageAccount],
      properties: {},
    },
    ...containerNames(model).map(
      (container): ArmResource => ({
        type: 'Microsoft.Storage/storageAccounts/blobServices/containers',
        apiVersion: apiVersion('Microsoft.Storage/storageAccounts/blobServices/containers'),
        name: arm.format('{0}/{1}/{2}', names.storageAccount, 'default', container),
        dependsOn: [arm.resourceId('Microsoft.Storage/storageAccounts/blobServices', names.storageAccount, 'default')],
        properties: { publicAccess: 'None' },
      }),
    ),
    ...(scriptInNetwork
      ? [
          {
            type: 'Microsoft.Storage/storageAccounts',
            apiVersion: apiVersion('Microsoft.Storage/storageAccounts'),
            name: names.scriptStorageAccount,
            ...onlyPrivate,
            location,
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
          } satisfies ArmResource,
        ]
      : []),
    ...(privateNetwork
      ? [
          ...privateEndpoint({
            release: r,
            name: arm.concat(names.storageAccount, '-blob-ep'),
            target: ids.storageAccount,
            groupId: 'blob',
            subnet: SUBNETS.privateEndpoints,
            zones: ['blob'],
            zoneGroup: ZONE_GROUPS.blob,
            dependsOn: [ids.storageAccount],
          }),
          ...privateEndpoint({
            release: r,
            name: arm.concat(names.storageAccount, '-dfs-ep'),
            target: ids.storageAccount,
            groupId: 'dfs',
            subnet: SUBNETS.privateEndpoints,
            zones: ['dfs'],
            zoneGroup: ZONE_GROUPS.dfs,
            dependsOn: [ids.storageAccount],
          }),
        ]
      : []),
    ...(scriptInNetwork
      ? privateEndpoint({
          release: r,
          name: arm.concat(names.scriptStorageAccount, '-blob-ep'),
          target: ids.scriptStorageAccount,
          groupId: 'blob',
          subnet: SUBNETS.privateEndpoints,
          zones: ['blob'],
          zoneGroup: ZONE_GROUPS.scriptBlob,
          dependsOn: [ids.scriptStorageAccount],
        })
      : []),
    userAssignedIdentity(names.blobManagerIdentity),
    // Writes settings.json and the schema files into the data lake.
    roleAssignment({
      scopeId: ids.storageAccount,
      scope: storageScope,
      role: ROLES.storageBlobDataContributor,
      principalId: blobManagerPrincipal,
      nameSeed: ids.blobManagerIdentity,
      name: roleName(ids.storageAccount, ROLES.storageBlobDataContributor),
      dependsOn: [ids.storageAccount, ids.blobManagerIdentity],
    }),
    // A deployment script that runs in a virtual network (containerSettings.subnetIds) uses an existing
    // storage account for its file share, and its identity needs Storage File Data Privileged Contributor
    // on that account (learn.microsoft.com/azure/azure-resource-manager/bicep/deployment-script-vnet).
    ...(scriptInNetwork
      ? [
          roleAssignment({
            scopeId: ids.scriptStorageAccount,
            scope: arm.format('Microsoft.Storage/storageAccounts/{0}', names.scriptStorageAccount),
            role: ROLES.storageFileDataPrivilegedContributor,
            principalId: blobManagerPrincipal,
            nameSeed: ids.blobManagerIdentity,
            name: roleName(ids.scriptStorageAccount, ROLES.storageFileDataPrivilegedContributor),
            condition: networkCondition(r),
            dependsOn: [ids.scriptStorageAccount, ids.blobManagerIdentity],
          }),
        ]
      : []),
    deploymentScript({
      name: scriptName(r, 'uploadSettings'),
      identity: ids.blobManagerIdentity,
      content: deploymentScriptText('uploadSettings'),
      dependsOn: [
        arm.resourceId('Microsoft.Storage/storageAccounts/blobServices/containers', names.storageAccount, 'default', 'config'),
        roleId(ids.storageAccount, ROLES.storageBlobDataContributor),
        ...(scriptInNetwork
          ? [
              roleId(ids.scriptStorageAccount, ROLES.storageFileDataPrivilegedContributor),
              // The script reaches the data lake's blob endpoint through its private endpoint; the name only
              // resolves to it once the blob zone is linked to the network.
              dnsZoneLinkId('blob'),
              endpointZoneGroupId(arm.concat(names.storageAccount, '-blob-ep'), ZONE_GROUPS.blob),
              endpointZoneGroupId(arm.concat(names.storageAccount, '-dfs-ep'), ZONE_GROUPS.dfs),
              endpointZoneGroupId(arm.concat(names.scriptStorageAccount, '-blob-ep'), ZONE_GROUPS.scriptBlob),
              ids.scriptStorageAccount,
            ]
          : []),
      ],
      settings: scriptInNetwork
        ? {
            storageAccountSettings: inNetworkOnly({
              storageAccountName: names.scriptStorageAccount,
              storageAccountKey: arm.prop(arm.at(arm.prop(arm.listKeys(ids.scriptStorageAccount, apiVersion('Microsoft.Storage/storageAccounts')), 'keys'), 0), 'value'),
            }),
            containerSettings: inNetworkOnly({
              containerGroupName: arm.concat(names.scriptStorageAccount, 'cg'),
              subnetIds: [{ id: ids.subnet(SUBNETS.scripts) }],
            }),
          }
        : undefined,
      env: [
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
      ],
    }),
  ];
  const files: Record<string, string> = {};
  for (const f of schemaFiles(model)) files[f.name] = f.text;
  const storageSku = {
    type: 'string',
    defaultValue: model.storage.sku,
    allowedValues: model.storage.allowedSkus,
    metadata: { description: 'Storage SKU: Premium_LRS (lowest cost) or Premium_ZRS (high availability). Standard SKUs are not available for Data Lake gen2.' },
  } as const;
  return {
    parameters: { storageSku: { ...storageSku, allowedValues: [...storageSku.allowedValues] } },
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
    ],
  };
}
