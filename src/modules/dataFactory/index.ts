/**
 * Data Factory, the orchestration service (spec, "Deployed resources", "Pipelines", "Events"): the
 * factory with its system identity and roles, the managed virtual network and integration runtime used
 * when public access is disabled, the managed private endpoints, the `_triggerManager` identity and the
 * deployment scripts that stop triggers before the factory changes, start them after, and delete
 * resources of earlier deployments. The pipelines, triggers, datasets and linked services come from
 * {@link dataFactoryObjects}.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../compiler/model.js';
import type { AdfObject, ArmResource, Contribution, Value } from '../types.js';
import { names, ids, tagsFor, publicAccess, deployDataExplorer, ROLES } from '../core/names.js';
import { roleAssignment, uploadSettingsScriptId } from '../storage/index.js';
import { eventGridCleanupRoleAssignmentId } from '../eventGrid/index.js';
import { dataExplorerReadyIds } from '../dataExplorer/index.js';
import { has } from '../../compiler/releases.js';
import { dataFactoryContext, MANAGED_INTEGRATION_RUNTIME, MANAGED_VIRTUAL_NETWORK } from './context.js';
import { dataFactoryObjects } from './objects.js';
import { START_TRIGGERS_PS1, DELETE_OLD_RESOURCES_PS1 } from '../deploymentScripts/powershell.js';
import { adfObjectId } from '../../emitters/arm/template.js';
import { REGION_TIME_ZONES } from './timeZones.js';
import { approvalDeployments, approvalDeploymentId } from './approvals.js';

const FACTORY_API = '2018-06-01';

/** Text that marks a read of a hub resource inside an object's properties, and that resource's ID. */
const RESOURCE_READS: [string, arm.Arm][] = [
  ["'Microsoft.Storage/storageAccounts'", ids.storageAccount],
  ["variables('storageAccountName')", ids.storageAccount],
  ["'Microsoft.KeyVault/vaults'", ids.keyVault],
  ["variables('keyVaultName')", ids.keyVault],
  ["'Microsoft.Kusto/clusters'", ids.dataExplorerCluster],
];
const IDENTITY_API = '2023-01-31';
const SCRIPT_API = '2023-08-01';

/** Pipelines started once by the start-triggers script after each deployment. */
export const PIPELINES_RUN_AFTER_DEPLOYMENT = ['config_InitializeHub'];

/** Trigger and pipeline names of earlier hub releases that the delete-old-resources script removes. */
export const LEGACY_TRIGGERS = '^(msexports|msexports_(setup|daily|monthly|extract|FileAdded|ManifestAdded)|rawexports_FileAdded)$';
export const LEGACY_PIPELINES =
  '^(msexports_(backfill|extract|fill|get|run|setup|transform|ExecuteETL|ETL_ingestion)|config_(ExportData|RunExports|BackfillData|RunBackfill))$';

/** Data Factory module. */
export function dataFactoryModule(model: HubModel): Contribution {
  // The Key Vault module names the remote hub key secret; the linked service must read that name.
  const ctx = dataFactoryContext(model);
  const objects = dataFactoryObjects(ctx);
  const location = arm.parameters('location');
  const factoryPrincipal = arm.prop(arm.reference(ids.dataFactory, FACTORY_API, true), 'identity', 'principalId');
  const triggerManagerPrincipal = arm.prop(arm.reference(ids.triggerManagerIdentity, IDENTITY_API), 'principalId');
  const managedVnetId = arm.resourceId('Microsoft.DataFactory/factories/managedVirtualNetworks', names.dataFactory, MANAGED_VIRTUAL_NETWORK);
  const integrationRuntimeId = arm.resourceId('Microsoft.DataFactory/factories/integrationRuntimes', names.dataFactory, MANAGED_INTEGRATION_RUNTIME);
  const notPublic = arm.not(publicAccess);
  const triggers = objects.filter((o) => o.kind === 'trigger');
  const stopScriptName = arm.concat(names.dataFactory, '_stopTriggers');
  const stopScriptId = arm.resourceId('Microsoft.Resources/deploymentScripts', stopScriptName);
  const roleId = (scope: arm.Arm, role: string, seed: arm.Arm) =>
    arm.call('extensionResourceId', scope, 'Microsoft.Authorization/roleAssignments', arm.guid(scope, role, seed));
  const triggerManagerRoles = [ROLES.dataFactoryContributor, ROLES.managedIdentityContributor];
  const factoryStorageRoles = [ROLES.storageAccountContributor, ROLES.storageBlobDataContributor, ROLES.reader];

  // Every linked service waits for the managed integration runtime (ignored by ARM when it is not deployed),
  // and every object waits for the stop-triggers script: nothing in the factory changes while a trigger runs.
  // An object whose properties read a hub resource (its ID, name or endpoint) waits for that resource.
  const adf: AdfObject[] = objects.map((o) => {
    const deps: Value[] = [...(o.dependsOn ?? [])];
    if (o.kind === 'linkedService') deps.push(integrationRuntimeId);
    deps.push(stopScriptId);
    const text = JSON.stringify(o.properties);
    for (const [needle, id] of RESOURCE_READS) if (text.includes(needle)) deps.push(id);
    return deps.length ? { ...o, dependsOn: deps } : o;
  });

  const script = (opts: { name: arm.Arm; content: string; env: { name: string; value: Value }[]; dependsOn: Value[]; tagType?: string }): ArmResource => ({
    type: 'Microsoft.Resources/deploymentScripts',
    apiVersion: SCRIPT_API,
    name: opts.name,
    location,
    tags: tagsFor('Microsoft.Resources/deploymentScripts'),
    kind: 'AzurePowerShell',
    identity: { type: 'UserAssigned', userAssignedIdentities: { [ids.triggerManagerIdentity.toJSON()]: {} } },
    dependsOn: opts.dependsOn,
    properties: {
      azPowerShellVersion: '11.0',
      retentionInterval: 'PT1H',
      // A new deployment name (the portal and CLI make one per deployment) re-runs the script even when its
      // other properties are unchanged and the previous run is still retained.
      forceUpdateTag: arm.prop(arm.deployment(), 'name'),
      cleanupPreference: 'OnSuccess',
      timeout: 'PT30M',
      environmentVariables: [
        { name: 'DataFactorySubscriptionId', value: arm.prop(arm.subscription(), 'subscriptionId') },
        { name: 'DataFactoryResourceGroup', value: arm.prop(arm.resourceGroup(), 'name') },
        { name: 'DataFactoryName', value: names.dataFactory },
        ...opts.env,
      ],
      scriptContent: opts.content,
    },
  });
  const scriptDeps = [ids.dataFactory, ids.triggerManagerIdentity, ...triggerManagerRoles.map((r) => roleId(ids.dataFactory, r, ids.triggerManagerIdentity))];
  const triggerNames = triggers.map((t) => t.name);

  const suffixes = arm.prop(arm.environment(), 'suffixes');
  const managedEndpoints = [
    {
      key: 'storage',
      name: names.storageAccount,
      targetName: names.storageAccount,
      type: 'Microsoft.Storage/storageAccounts',
      connectionApi: '2023-04-01',
      target: ids.storageAccount,
      groupId: 'dfs',
      fqdn: arm.concat(names.storageAccount, '.dfs.', arm.prop(suffixes, 'storage')),
      condition: notPublic,
      dep: ids.storageAccount,
    },
    {
      key: 'vault',
      name: names.keyVault,
      targetName: names.keyVault,
      type: 'Microsoft.KeyVault/vaults',
      connectionApi: '2023-07-01',
      target: ids.keyVault,
      groupId: 'vault',
      fqdn: arm.concat(names.keyVault, arm.prop(suffixes, 'keyvaultDns')),
      condition: notPublic,
      dep: ids.keyVault,
    },
    {
      key: 'dataExplorer',
      name: arm.concat('hubDataExplorer'),
      targetName: names.dataExplorerCluster,
      type: 'Microsoft.Kusto/clusters',
      connectionApi: '2023-08-15',
      target: ids.dataExplorerCluster,
      groupId: 'cluster',
      fqdn: arm.replace(arm.prop(arm.reference(ids.dataExplorerCluster, '2023-08-15'), 'uri'), 'https://', ''),
      condition: arm.and(notPublic, deployDataExplorer),
      dep: ids.dataExplorerCluster,
    },
  ];
  const resources: ArmResource[] = [
    {
      type: 'Microsoft.DataFactory/factories',
      apiVersion: FACTORY_API,
      name: names.dataFactory,
      location,
      tags: tagsFor('Microsoft.DataFactory/factories'),
      identity: { type: 'SystemAssigned' },
      dependsOn: [ids.eventGridNamespace],
      properties: {},
    },
    {
      type: 'Microsoft.DataFactory/factories/managedVirtualNetworks',
      apiVersion: FACTORY_API,
      name: arm.format('{0}/{1}', names.dataFactory, MANAGED_VIRTUAL_NETWORK),
      condition: notPublic,
      dependsOn: [ids.dataFactory],
      properties: {},
    },
    {
      type: 'Microsoft.DataFactory/factories/integrationRuntimes',
      apiVersion: FACTORY_API,
      name: arm.format('{0}/{1}', names.dataFactory, MANAGED_INTEGRATION_RUNTIME),
      condition: notPublic,
      dependsOn: [managedVnetId],
      properties: {
        type: 'Managed',
        managedVirtualNetwork: { referenceName: MANAGED_VIRTUAL_NETWORK, type: 'ManagedVirtualNetworkReference' },
        typeProperties: {
          computeProperties: {
            location,
            dataFlowProperties: { computeType: 'General', coreCount: 8, timeToLive: 10, cleanup: false, customProperties: [] },
            copyComputeScaleProperties: { dataIntegrationUnit: 16, timeToLive: 30 },
            pipelineExternalComputeScaleProperties: { timeToLive: 30, numberOfPipelineNodes: 1, numberOfExternalNodes: 1 },
          },
        },
      },
    },
    ...managedEndpoints.map(
      (pe): ArmResource => ({
        type: 'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints',
        apiVersion: FACTORY_API,
        name: arm.format('{0}/{1}/{2}', names.dataFactory, MANAGED_VIRTUAL_NETWORK, pe.name),
        condition: pe.condition,
        dependsOn: [managedVnetId, pe.dep],
        properties: { privateLinkResourceId: pe.target, groupId: pe.groupId, fqdns: [pe.fqdn] },
      }),
    ),
    ...managedEndpoints.flatMap((pe) =>
      approvalDeployments({
        key: pe.key,
        type: pe.type,
        apiVersion: pe.connectionApi,
        name: pe.targetName,
        condition: pe.condition,
        dependsOn: [arm.resourceId('Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints', names.dataFactory, MANAGED_VIRTUAL_NETWORK, pe.name)],
      }),
    ),
    {
      type: 'Microsoft.ManagedIdentity/userAssignedIdentities',
      apiVersion: IDENTITY_API,
      name: names.triggerManagerIdentity,
      location,
      tags: tagsFor('Microsoft.ManagedIdentity/userAssignedIdentities'),
    },
    ...triggerManagerRoles.map((role) =>
      roleAssignment({
        scopeId: ids.dataFactory,
        scope: arm.format('Microsoft.DataFactory/factories/{0}', names.dataFactory),
        role,
        principalId: triggerManagerPrincipal,
        nameSeed: ids.triggerManagerIdentity,
        dependsOn: [ids.dataFactory, ids.triggerManagerIdentity],
      }),
    ),
    ...factoryStorageRoles.map((role) =>
      roleAssignment({
        scopeId: ids.storageAccount,
        scope: arm.format('Microsoft.Storage/storageAccounts/{0}', names.storageAccount),
        role,
        principalId: factoryPrincipal,
        nameSeed: ids.dataFactory,
        dependsOn: [ids.storageAccount, ids.dataFactory],
      }),
    ),
    script({
      name: stopScriptName,
      content: START_TRIGGERS_PS1,
      env: [
        { name: 'Triggers', value: JSON.stringify(triggerNames) },
        { name: 'Pipelines', value: '[]' },
        { name: 'Stop', value: 'true' },
      ],
      dependsOn: scriptDeps,
    }),
    script({
      name: arm.concat(names.dataFactory, '_deleteOldResources'),
      content: DELETE_OLD_RESOURCES_PS1,
      env: [
        { name: 'LegacyTriggers', value: LEGACY_TRIGGERS },
        { name: 'LegacyPipelines', value: LEGACY_PIPELINES },
        { name: 'EventGridNamespaceId', value: ids.eventGridNamespace },
      ],
      dependsOn: [...scriptDeps, stopScriptId, ids.eventGridNamespace, eventGridCleanupRoleAssignmentId],
    }),
    script({
      name: arm.concat(names.dataFactory, '_startTriggers'),
      content: START_TRIGGERS_PS1,
      env: [
        { name: 'Triggers', value: JSON.stringify(triggerNames) },
        { name: 'Pipelines', value: JSON.stringify(PIPELINES_RUN_AFTER_DEPLOYMENT) },
        { name: 'Stop', value: 'false' },
      ],
      dependsOn: [
        ...scriptDeps,
        arm.resourceId('Microsoft.Resources/deploymentScripts', arm.concat(names.dataFactory, '_deleteOldResources')),
        ...adf.filter((o) => o.kind === 'trigger' || o.kind === 'pipeline').map((o) => adfObjectId(o.kind, o.name)),
        // The pipelines it starts (config_InitializeHub) and the triggers it enables read settings.json,
        // the data lake (factory identity roles), Data Explorer (admin assignment, database scripts) and,
        // without public access, go through the managed private endpoints, which must be approved.
        uploadSettingsScriptId,
        ...factoryStorageRoles.map((role) => roleId(ids.storageAccount, role, ids.dataFactory)),
        ...managedEndpoints.map((pe) => approvalDeploymentId(pe.key)),
        ...(has(model.release, 'dataExplorer') ? dataExplorerReadyIds(model) : []),
      ],
    }),
  ];
  return {
    variables: {
      regionTimeZones: { ...REGION_TIME_ZONES },
      regionTimeZone: arm.if_(
        arm.contains(arm.variables('regionTimeZones'), arm.parameters('location')),
        arm.at(arm.variables('regionTimeZones'), arm.parameters('location')),
        'UTC',
      ),
    },
    resources,
    dataFactory: adf,
    outputs: {
      dataFactorytName: { type: 'string', value: names.dataFactory },
      managedIdentityId: { type: 'string', value: factoryPrincipal },
      managedIdentityTenantId: { type: 'string', value: arm.prop(arm.tenant(), 'tenantId') },
    },
  };
}
