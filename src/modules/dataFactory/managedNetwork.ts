/**
 * The factory's managed virtual network (private networking only; spec, parameter `enablePublicAccess`):
 * when public access is disabled, Data Factory runs in its managed virtual network through the managed
 * integration runtime and reaches the data lake, the Key Vault and the Data Explorer cluster through
 * managed private endpoints, approved inside the template (see `approvals.ts`).
 * (learn.microsoft.com/azure/data-factory/managed-virtual-network-private-endpoint)
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import { has } from '../../model/releases.js';
import type { ArmResource, ArmResourceOf, Shape } from '../types.js';
import { names, ids, publicAccess, deployDataExplorer, keyVaultCondition } from '../core/names.js';
import { MANAGED_INTEGRATION_RUNTIME, MANAGED_VIRTUAL_NETWORK } from './context.js';
import { approvalDeployments, approvalDeploymentId, type PrivateLinkTargetType } from './approvals.js';
import { apiVersion } from '../core/apiVersions.js';

/** Resource ID of the managed integration runtime (deployed only when public access is disabled). */
export const integrationRuntimeId: arm.Arm = arm.resourceId('Microsoft.DataFactory/factories/integrationRuntimes', names.dataFactory, MANAGED_INTEGRATION_RUNTIME);

/** One managed private endpoint and the target whose connection it creates. */
interface ManagedEndpoint {
  key: string;
  name: arm.Arm;
  targetName: arm.Arm;
  type: PrivateLinkTargetType;
  target: arm.Arm;
  groupId: string;
  /** The host name (naming rule `managedPrivateEndpoints: hostName`). */
  fqdn: arm.Arm;
  /** What the public release writes instead (`public`): the URL its template reads with `reference()`. */
  publicFqdn: arm.Arm;
  condition: arm.Arm;
}

/** The managed private endpoints of a release: data lake (dfs), Key Vault (from 0.9 only with a remote hub) and, with Data Explorer, the cluster. */
function managedEndpoints(model: HubModel): ManagedEndpoint[] {
  const suffixes = arm.prop(arm.environment(), 'suffixes');
  const notPublic = arm.not(publicAccess);
  const list: ManagedEndpoint[] = [
    {
      key: 'storage',
      name: names.storageAccount,
      targetName: names.storageAccount,
      type: 'Microsoft.Storage/storageAccounts',
      target: ids.storageAccount,
      groupId: 'dfs',
      fqdn: arm.concat(names.storageAccount, '.dfs.', arm.prop(suffixes, 'storage')),
      publicFqdn: arm.prop(arm.reference(ids.storageAccount, apiVersion('Microsoft.Storage/storageAccounts')), 'primaryEndpoints', 'dfs'),
      condition: notPublic,
    },
    {
      key: 'vault',
      name: names.keyVault,
      targetName: names.keyVault,
      type: 'Microsoft.KeyVault/vaults',
      target: ids.keyVault,
      groupId: 'vault',
      fqdn: arm.concat(names.keyVault, arm.prop(suffixes, 'keyvaultDns')),
      publicFqdn: arm.prop(arm.reference(ids.keyVault, apiVersion('Microsoft.KeyVault/vaults')), 'vaultUri'),
      // From 0.9 only with the vault (a remote hub), as the public 0.9.
      condition: keyVaultCondition(model.release) ? arm.and(keyVaultCondition(model.release)!, notPublic) : notPublic,
    },
  ];
  if (has(model.release, 'dataExplorer')) {
    list.push({
      key: 'dataExplorer',
      name: arm.concat('hubDataExplorer'),
      targetName: names.dataExplorerCluster,
      type: 'Microsoft.Kusto/clusters',
      target: ids.dataExplorerCluster,
      groupId: 'cluster',
      fqdn: arm.replace(arm.prop(arm.reference(ids.dataExplorerCluster, apiVersion('Microsoft.Kusto/clusters')), 'uri'), 'https://', ''),
      publicFqdn: arm.prop(arm.reference(ids.dataExplorerCluster, apiVersion('Microsoft.Kusto/clusters')), 'uri'),
      condition: arm.and(notPublic, deployDataExplorer),
    });
  }
  return list;
}

/** The properties of a managed private endpoint at hubc's API version; `name` is not in its schema, which allows more properties (`additionalProperties`). */
type ManagedEndpointProperties = Shape<ArmResourceOf<'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints'>['properties']> & { name?: arm.Arm };

/**
 * The properties of a managed private endpoint, as the naming rules write them (`managedPrivateEndpoints`):
 * Data Factory fails a deployment that changes them on an existing endpoint
 * (learn.microsoft.com/azure/data-factory/continuous-integration-delivery#best-practices-for-cicd), so a hub
 * taken over keeps the public release's `fqdns` and `name`.
 */
function managedEndpointProperties(model: HubModel, pe: ManagedEndpoint): ManagedEndpointProperties {
  if (model.release.naming.managedPrivateEndpoints === 'public') return { name: pe.name, groupId: pe.groupId, privateLinkResourceId: pe.target, fqdns: [pe.publicFqdn] };
  return { privateLinkResourceId: pe.target, groupId: pe.groupId, fqdns: [pe.fqdn] };
}

/** Resource IDs of the approval deployments: whatever uses a managed private endpoint waits for them. */
export function approvalIds(model: HubModel): arm.Arm[] {
  return has(model.release, 'privateNetworking') ? managedEndpoints(model).map((pe) => approvalDeploymentId(pe.key)) : [];
}

/** The managed virtual network, integration runtime, managed private endpoints and their approvals. */
export function managedNetworkResources(model: HubModel): ArmResource[] {
  if (!has(model.release, 'privateNetworking')) return [];
  const notPublic = arm.not(publicAccess);
  const managedVnetId = arm.resourceId('Microsoft.DataFactory/factories/managedVirtualNetworks', names.dataFactory, MANAGED_VIRTUAL_NETWORK);
  const endpoints = managedEndpoints(model);
  return [
    {
      type: 'Microsoft.DataFactory/factories/managedVirtualNetworks',
      apiVersion: apiVersion('Microsoft.DataFactory/factories/managedVirtualNetworks'),
      name: arm.format('{0}/{1}', names.dataFactory, MANAGED_VIRTUAL_NETWORK),
      condition: notPublic,
      dependsOn: [ids.dataFactory],
      properties: {},
    },
    {
      type: 'Microsoft.DataFactory/factories/integrationRuntimes',
      apiVersion: apiVersion('Microsoft.DataFactory/factories/integrationRuntimes'),
      name: arm.format('{0}/{1}', names.dataFactory, MANAGED_INTEGRATION_RUNTIME),
      condition: notPublic,
      dependsOn: [managedVnetId],
      properties: {
        type: 'Managed',
        managedVirtualNetwork: { referenceName: MANAGED_VIRTUAL_NETWORK, type: 'ManagedVirtualNetworkReference' },
        typeProperties: {
          computeProperties: {
            location: arm.parameters('location'),
            dataFlowProperties: { computeType: 'General', coreCount: 8, timeToLive: 10, cleanup: false },
            copyComputeScaleProperties: { dataIntegrationUnit: 16, timeToLive: 30 },
            pipelineExternalComputeScaleProperties: { timeToLive: 30, numberOfPipelineNodes: 1, numberOfExternalNodes: 1 },
          },
        },
      },
    },
    ...endpoints.map((pe): ArmResource => ({
      type: 'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints',
      apiVersion: apiVersion('Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints'),
      name: arm.format('{0}/{1}/{2}', names.dataFactory, MANAGED_VIRTUAL_NETWORK, pe.name),
      condition: pe.condition,
      dependsOn: [managedVnetId, pe.target],
      properties: managedEndpointProperties(model, pe),
    })),
    ...endpoints.flatMap((pe) =>
      approvalDeployments({
        key: pe.key,
        type: pe.type,
        name: pe.targetName,
        condition: pe.condition,
        dependsOn: [arm.resourceId('Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints', names.dataFactory, MANAGED_VIRTUAL_NETWORK, pe.name)],
      }),
    ),
  ];
}
