/**
 * The template's interface: the 19 parameters and 12 outputs of the spec ("Template parameters",
 * "Template outputs"), and the variables every other module uses (names, tags, switches).
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../compiler/model.js';
import type { Contribution, ArmParameter } from '../types.js';
import { nameVariables, names, ids, deployDataExplorer } from './names.js';

/** The template parameters, in the order of the spec's table, with hub.yaml's values as defaults. */
export function templateParameters(model: HubModel): Record<string, ArmParameter> {
  const m = model;
  return {
    hubName: {
      type: 'string',
      defaultValue: m.hub.name,
      minLength: 3,
      maxLength: 40,
      metadata: { description: 'Hub name. Used to make resource names unique; letters, digits and single - or _ between them.' },
    },
    location: {
      type: 'string',
      defaultValue: m.hub.location || arm.prop(arm.resourceGroup(), 'location'),
      metadata: { description: 'Azure region of all resources. Default: the resource group region.' },
    },
    EventGridLocation: {
      type: 'string',
      defaultValue: m.hub.eventGridLocation || arm.parameters('location'),
      metadata: {
        description:
          'Region of the temporary Event Grid namespace that registers the Microsoft.EventGrid resource provider when the primary region does not support it. The namespace is deleted after deployment. Default: same as location.',
      },
    },
    storageSku: {
      type: 'string',
      defaultValue: m.storage.sku,
      allowedValues: m.storage.allowedSkus,
      metadata: { description: 'Storage SKU: Premium_LRS (lowest cost) or Premium_ZRS (high availability). Standard SKUs are not available for Data Lake gen2.' },
    },
    dataExplorerName: {
      type: 'string',
      defaultValue: m.dataExplorer.name,
      metadata: { description: 'Name of the Azure Data Explorer cluster; empty means no cluster is deployed. Recommended when monitored costs exceed roughly 2-5 million a month.' },
    },
    dataExplorerSkuName: {
      type: 'string',
      defaultValue: m.dataExplorer.sku.name,
      allowedValues: m.dataExplorer.allowedSkuNames,
      metadata: { description: 'Data Explorer cluster SKU name.' },
    },
    dataExplorerSkuTier: {
      type: 'string',
      defaultValue: m.dataExplorer.sku.tier,
      allowedValues: ['Basic', 'Standard'],
      metadata: { description: 'Data Explorer SKU tier: Basic (lowest cost, single node, no SLA) or Standard (high availability, better performance).' },
    },
    dataExplorerSkuCapacity: {
      type: 'int',
      defaultValue: m.dataExplorer.sku.capacity,
      minValue: 1,
      maxValue: 1000,
      metadata: { description: 'Number of Data Explorer nodes: 1 for Basic; 2-1000 for Standard.' },
    },
    tags: {
      type: 'object',
      defaultValue: m.tags,
      metadata: { description: 'Tags applied to all resources. The cm-resource-parent tag is added for cost roll-ups.' },
    },
    tagsByResource: {
      type: 'object',
      defaultValue: m.tagsByResource,
      metadata: { description: 'Tags by resource type (e.g. Microsoft.Storage/storageAccounts), merged with tags.' },
    },
    scopesToMonitor: {
      type: 'array',
      defaultValue: m.scopes,
      metadata: { description: 'Scope IDs to monitor and ingest cost data for, e.g. /subscriptions/<id>.' },
    },
    exportRetentionInDays: {
      type: 'int',
      defaultValue: m.retention.rawExportsDays,
      minValue: 0,
      metadata: { description: 'Days of data kept in the rawexports container; 0 deletes exported files once they are converted.' },
    },
    ingestionRetentionInMonths: {
      type: 'int',
      defaultValue: m.retention.ingestionMonths,
      minValue: 0,
      metadata: { description: 'Months of data kept in the ingestion container.' },
    },
    dataExplorerLogRetentionInDays: {
      type: 'int',
      defaultValue: m.retention.dataExplorerLogDays,
      minValue: 0,
      metadata: { description: 'Days of data kept in the Data Explorer *_raw staging tables.' },
    },
    dataExplorerFinalRetentionInMonths: {
      type: 'int',
      defaultValue: m.retention.dataExplorerFinalMonths,
      minValue: 0,
      metadata: { description: 'Months of data kept in the Data Explorer *_final_v* tables.' },
    },
    remoteHubStorageUri: {
      type: 'string',
      defaultValue: m.remoteHub.storageUri,
      metadata: { description: 'Data Lake storage URI of a remote hub to push data to for ingestion there; empty means this hub.' },
    },
    remoteHubStorageKey: {
      type: 'securestring',
      defaultValue: '',
      metadata: { description: 'Storage account key of the remote hub storage (<STORAGE_ACCOUNT_KEY>); kept in Key Vault.' },
    },
    enablePublicAccess: {
      type: 'string',
      defaultValue: m.networking.publicAccess ? 'True' : 'False',
      allowedValues: ['True', 'False'],
      metadata: { description: 'True allows public access to the data lake; False limits it to private endpoints and trusted Azure services (storage firewall).' },
    },
    virtualNetworkAddressPrefix: {
      type: 'string',
      defaultValue: m.networking.addressPrefix,
      metadata: {
        description:
          'IPv4 range of the private virtual network; /26 recommended. Subnets: /28 for private endpoints, /28 for deployment scripts, /27 for Data Explorer.',
      },
    },
  };
}

/** Core module: parameters, shared variables and outputs. */
export function coreModule(model: HubModel): Contribution {
  const p = arm.parameters;
  const clusterRef = arm.reference(ids.dataExplorerCluster, '2023-08-15');
  return {
    parameters: templateParameters(model),
    variables: {
      ...nameVariables(),
      deployDataExplorer: arm.not(arm.empty(p('dataExplorerName'))),
      enablePublicAccess: arm.bool(p('enablePublicAccess')),
      deployRemoteHub: arm.not(arm.empty(p('remoteHubStorageUri'))),
      resourceTags: arm.union(
        p('tags'),
        arm.createObject(
          'cm-resource-parent',
          arm.concat(arm.prop(arm.resourceGroup(), 'id'), '/providers/Microsoft.Cloud/hubs/', p('hubName')),
          'ftk-version',
          model.release.ftkVersion,
          'ftk-tool',
          'FinOps hubs',
        ),
      ),
    },
    outputs: {
      name: { type: 'string', value: arm.prop(arm.resourceGroup(), 'name') },
      location: { type: 'string', value: p('location') },
      dataFactorytName: { type: 'string', value: names.dataFactory },
      storageAccountId: { type: 'string', value: ids.storageAccount },
      storageAccountName: { type: 'string', value: names.storageAccount },
      storageUrlForPowerBI: {
        type: 'string',
        value: arm.concat('https://', names.storageAccount, '.dfs.', arm.prop(arm.environment(), 'suffixes', 'storage'), '/ingestion'),
      },
      clusterId: { type: 'string', value: arm.if_(deployDataExplorer, ids.dataExplorerCluster, '') },
      clusterUri: { type: 'string', value: arm.if_(deployDataExplorer, arm.prop(clusterRef, 'uri'), '') },
      ingestionDbName: { type: 'string', value: arm.if_(deployDataExplorer, model.dataExplorer.databases.ingestion, '') },
      hubDbName: { type: 'string', value: arm.if_(deployDataExplorer, model.dataExplorer.databases.hub, '') },
      managedIdentityId: {
        type: 'string',
        value: arm.prop(arm.reference(ids.dataFactory, '2018-06-01', true), 'identity', 'principalId'),
      },
      managedIdentityTenantId: { type: 'string', value: arm.prop(arm.tenant(), 'tenantId') },
    },
  };
}
