/**
 * Azure Data Explorer (spec, "Analytics cluster objects"; parameters `dataExplorer*`): the cluster with
 * the Ingestion and Hub databases and their setup scripts, deployed only when `dataExplorerName` is not
 * empty; the cluster reads the data lake with its own identity, and Data Factory administers it.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { ArmResource, Contribution, KqlScriptArtifact } from '../types.js';
import { names, ids, SUBNETS, tagsFor, deployDataExplorer, publicAccess, ROLES, useFabric } from '../core/names.js';
import { privateEndpoint } from '../network/index.js';
import { roleAssignment } from '../core/roles.js';
import { kqlScripts } from './kql.js';
import { dataExplorerForm, dataExplorerParameters } from './form.js';

/** `PricingUnits` columns of a release (`x_PricingBlockSize` real from 12), for the pipeline that loads it. */
export { pricingUnitsColumns } from './kqlV1_2.js';
import { partName, scriptParts, type ScriptPart } from './scriptParts.js';
import { behaves, has } from '../../model/releases.js';
import { apiVersion } from '../core/apiVersions.js';

/** The database scripts of a hub (the Fabric module writes them as an eventhouse's setup scripts). */
export { kqlScripts } from './kql.js';

/** Name of the principal assignment that makes the Data Factory identity admin of all databases. */
const FACTORY_ADMIN_ASSIGNMENT = 'adf-mi-cluster-admin';

/**
 * vCPUs of the Dv2/DSv2 memory-optimized sizes, whose number is a series index, not a core count
 * (learn.microsoft.com/azure/virtual-machines/dv2-dsv2-series-memory): 11 -> 2, 12 -> 4, 13 -> 8, 14 -> 16.
 */
const DV2_CORES: Record<string, number> = { '11': 2, '12': 4, '13': 8, '14': 16 };

/**
 * Ingestion slots per SKU: how many files Data Factory loads at once (the ForEach batch size of
 * `ingestion_ExecuteETL`). Roughly the cores of one node, capped at 50 (Data Factory's ForEach limit);
 * 1 for the Dev (no SLA) SKUs and for names it does not recognize.
 * @param skuName a Data Explorer SKU name, e.g. `Standard_E8ads_v5`, `Standard_D13_v2`
 * @returns an integer from 1 to 50
 */
export function ingestionCapacity(skuName: string): number {
  if (skuName.startsWith('Dev(No SLA)_')) return 1;
  const v2 = /^Standard_DS?(\d+)_v2(\+|$)/.exec(skuName);
  if (v2 && DV2_CORES[v2[1]!] !== undefined) return DV2_CORES[v2[1]!]!;
  const m = /^Standard_[A-Z]+(\d+)/.exec(skuName);
  const cores = m ? Number(m[1]) : 1;
  return Math.min(MAX_BATCH_COUNT, Math.max(1, cores));
}

/**
 * Resource IDs of what must be in place before Data Factory uses the cluster: the factory's admin
 * assignment and every database script (the tables and functions the pipelines write to). Conditional
 * like the cluster; ARM drops dependencies on resources that are not deployed.
 */
export function dataExplorerReadyIds(model: HubModel): arm.Arm[] {
  return [
    arm.resourceId('Microsoft.Kusto/clusters/principalAssignments', names.dataExplorerCluster, FACTORY_ADMIN_ASSIGNMENT),
    ...kqlScripts(model).flatMap((s) => scriptParts(s.text).map((p) => scriptResourceId(model, s, p))),
  ];
}

/** Resource ID of the database script that runs a part of a KQL script (the whole script when it fits one resource). */
function scriptResourceId(model: HubModel, script: KqlScriptArtifact, part: ScriptPart): arm.Arm {
  return arm.resourceId('Microsoft.Kusto/clusters/databases/scripts', names.dataExplorerCluster, model.dataExplorer.databases[script.database], partName(script.scriptName, part));
}

/**
 * Variable name of (a part of) a KQL script's text in the template, from its file (`kql/Common.kql` ->
 * `kqlCommon`, its second part `kqlCommon_2`), so a script deployed to both databases is stored once.
 */
function scriptVariable(script: KqlScriptArtifact, part: ScriptPart): string {
  const base = script.file.replace(/^.*\//, '').replace(/\.kql$/, '');
  return partName(`kql${base.charAt(0).toUpperCase()}${base.slice(1)}`, part);
}

/**
 * The cluster's trusted external tenants (0.8, `dataExplorerTrustedTenants`): the hub's own tenant
 * (`tenant().tenantId`, the deployment's) and those hub.yaml lists, or every tenant when it lists `*`. A
 * cluster created without the property trusts every tenant; an update replaces the list, so redeploying
 * over such a cluster narrows it ("Allow cross-tenant queries and commands", learn.microsoft.com/azure/
 * data-explorer/kusto/access-control/cross-tenant-query-and-commands). The public 0.8 sends an empty list,
 * which the same page defines as the cluster's tenant only; hubc names that tenant (docs/deviations.md).
 */
function trustedTenants(model: HubModel): { value: arm.Arm | string }[] {
  const listed = model.dataExplorer.trustedExternalTenants;
  if (listed.includes('*')) return [{ value: '*' }];
  return [{ value: arm.prop(arm.tenant(), 'tenantId') }, ...[...new Set(listed.map((t) => t.toLowerCase()))].map((t) => ({ value: t }))];
}

/** Data Explorer module: the cluster, its databases and their scripts, its access to the data lake, its parameters, outputs and form step. */
export function dataExplorerModule(model: HubModel): Contribution {
  const scripts = kqlScripts(model);
  const parameters = dataExplorerParameters(model);
  const clusterRef = arm.reference(ids.dataExplorerCluster, apiVersion('Microsoft.Kusto/clusters'));
  return {
    parameters,
    variables: dataExplorerVariables(model, scripts),
    resources: [
      cluster(model),
      factoryAdminAssignment(),
      ...databases(model),
      ...databaseScripts(model, scripts),
      clusterStorageRole(model),
      ...clusterStartRole(model),
      ...(has(model.release, 'privateNetworking')
        ? privateEndpoint({
            release: model.release,
            name: arm.concat(names.dataExplorerCluster, '-ep'),
            target: ids.dataExplorerCluster,
            groupId: 'cluster',
            role: 'dataExplorer',
            subnet: SUBNETS.dataExplorer,
            zones: ['kusto', 'blob', 'queue', 'table'],
            zoneGroup: 'dataExplorer-endpoint-zone',
            condition: deployDataExplorer,
            dependsOn: [ids.dataExplorerCluster],
          })
        : []),
    ],
    kqlScripts: scripts,
    outputs: dataExplorerOutputs(model, arm.prop(clusterRef, 'uri')),
    form: dataExplorerForm(model, parameters),
    formEngine: { engine: 'dataExplorer', label: 'Azure Data Explorer', chosen: model.dataExplorer.name !== '' },
  };
}

/**
 * The outputs of the analytics engine: the cluster's ID, URI and database names, `''` without a cluster; from
 * 0.10 with a Fabric eventhouse its query URI and the database names (no cluster ID), as the public 0.10.
 */
function dataExplorerOutputs(model: HubModel, clusterUri: arm.Arm): Contribution['outputs'] {
  const fabric = has(model.release, 'fabric');
  const engine = (clusterValue: arm.Arm | string, fabricValue: arm.Arm | string) =>
    fabric ? arm.if_(useFabric, fabricValue, arm.if_(deployDataExplorer, clusterValue, '')) : arm.if_(deployDataExplorer, clusterValue, '');
  const { ingestion, hub } = model.dataExplorer.databases;
  return {
    clusterId: { type: 'string', value: arm.if_(deployDataExplorer, ids.dataExplorerCluster, '') },
    clusterUri: { type: 'string', value: engine(clusterUri, arm.parameters('fabricQueryUri')) },
    ingestionDbName: { type: 'string', value: engine(ingestion, ingestion) },
    hubDbName: { type: 'string', value: engine(hub, hub) },
  };
}

/**
 * How many files Data Factory loads at once (the ForEach batch size of `ingestion_ExecuteETL`): the chosen
 * SKU's ingestion capacity (1 without a cluster or for a SKU not in the table); from 0.10 with a Fabric
 * eventhouse the capacity units of its Fabric capacity, at most 50, Data Factory's ForEach limit ("ForEach
 * activity", `batchCount`: "maximum value is 50"; the public 0.10 passes the units, up to 2048).
 */
function ingestionCapacityVariable(model: HubModel): arm.Arm {
  const cluster = arm.if_(
    deployDataExplorer,
    arm.if_(
      arm.contains(arm.variables('dataExplorerSkuIngestionCapacity'), arm.parameters('dataExplorerSkuName')),
      arm.at(arm.variables('dataExplorerSkuIngestionCapacity'), arm.parameters('dataExplorerSkuName')),
      1,
    ),
    1,
  );
  return has(model.release, 'fabric') ? arm.if_(useFabric, arm.call('min', MAX_BATCH_COUNT, arm.parameters('fabricCapacityUnits')), cluster) : cluster;
}

/** Data Factory's ForEach `batchCount` limit. */
const MAX_BATCH_COUNT = 50;

/**
 * The ingestion capacity of each allowed SKU and of the chosen one (1 without a cluster or for a SKU not
 * in the table), and the text of each KQL script, once per file.
 */
function dataExplorerVariables(model: HubModel, scripts: readonly KqlScriptArtifact[]): Record<string, arm.Arm | string | Record<string, number>> {
  const skuCapacity: Record<string, number> = {};
  for (const sku of model.dataExplorer.allowedSkuNames) skuCapacity[sku] = ingestionCapacity(sku);
  const variables: Record<string, arm.Arm | string | Record<string, number>> = {
    dataExplorerSkuIngestionCapacity: skuCapacity,
    dataExplorerIngestionCapacity: ingestionCapacityVariable(model),
  };
  for (const s of scripts) for (const p of scriptParts(s.text)) variables[scriptVariable(s, p)] ??= p.text;
  return variables;
}

/** The cluster, with its own identity; its public network access closed with private networking and public access off. */
function cluster(model: HubModel): ArmResource {
  return {
    type: 'Microsoft.Kusto/clusters',
    apiVersion: apiVersion('Microsoft.Kusto/clusters'),
    name: names.dataExplorerCluster,
    condition: deployDataExplorer,
    location: arm.parameters('location'),
    tags: tagsFor('Microsoft.Kusto/clusters'),
    sku: {
      name: arm.parameters('dataExplorerSkuName'),
      tier: arm.parameters('dataExplorerSkuTier'),
      capacity: arm.parameters('dataExplorerSkuCapacity'),
    },
    identity: { type: 'SystemAssigned' },
    properties: {
      enableStreamingIngest: true,
      enableAutoStop: false,
      publicNetworkAccess: has(model.release, 'privateNetworking') ? arm.if_(publicAccess, 'Enabled', 'Disabled') : 'Enabled',
      ...(behaves(model.release, 'dataExplorerTrustedTenants') ? { trustedExternalTenants: trustedTenants(model) } : {}),
    },
  };
}

/** The principal assignment that makes the Data Factory identity admin of all databases. */
function factoryAdminAssignment(): ArmResource {
  const factoryIdentity = arm.prop(arm.reference(ids.dataFactory, apiVersion('Microsoft.DataFactory/factories'), true), 'identity');
  return {
    type: 'Microsoft.Kusto/clusters/principalAssignments',
    apiVersion: apiVersion('Microsoft.Kusto/clusters/principalAssignments'),
    name: arm.format('{0}/{1}', names.dataExplorerCluster, FACTORY_ADMIN_ASSIGNMENT),
    condition: deployDataExplorer,
    dependsOn: [ids.dataExplorerCluster, ids.dataFactory],
    properties: {
      principalType: 'App',
      principalId: arm.prop(factoryIdentity, 'principalId'),
      tenantId: arm.prop(factoryIdentity, 'tenantId'),
      role: 'AllDatabasesAdmin',
    },
  };
}

/** The Ingestion and Hub databases. */
function databases(model: HubModel): ArmResource[] {
  return (['ingestion', 'hub'] as const).map((db): ArmResource => ({
    type: 'Microsoft.Kusto/clusters/databases',
    apiVersion: apiVersion('Microsoft.Kusto/clusters/databases'),
    name: arm.format('{0}/{1}', names.dataExplorerCluster, model.dataExplorer.databases[db]),
    condition: deployDataExplorer,
    location: arm.parameters('location'),
    kind: 'ReadWrite',
    dependsOn: [ids.dataExplorerCluster],
    properties: {},
  }));
}

/**
 * A database script per KQL script (per part of one too large for one resource: ./scriptParts.ts), each after
 * the one before; their text from the variables, placeholders replaced. Every part of a script carries the
 * whole script's tag, so a change anywhere in it runs all its parts again, as one resource would.
 */
function databaseScripts(model: HubModel, scripts: readonly KqlScriptArtifact[]): ArmResource[] {
  const resources: ArmResource[] = [];
  let previous: arm.Arm | undefined;
  for (const s of scripts) {
    const database = model.dataExplorer.databases[s.database];
    const parts = scriptParts(s.text);
    const contents = parts.map((p) => withPlaceholders(s, p, arm.variables(scriptVariable(s, p))));
    const tag = arm.uniqueString(contents.length === 1 ? contents[0] : arm.concat(...contents));
    parts.forEach((p, i) => {
      resources.push({
        type: 'Microsoft.Kusto/clusters/databases/scripts',
        apiVersion: apiVersion('Microsoft.Kusto/clusters/databases/scripts'),
        name: arm.format('{0}/{1}/{2}', names.dataExplorerCluster, database, partName(s.scriptName, p)),
        condition: deployDataExplorer,
        dependsOn: [arm.resourceId('Microsoft.Kusto/clusters/databases', names.dataExplorerCluster, database), ...(previous ? [previous] : [])],
        properties: {
          scriptContent: contents[i],
          continueOnErrors: false,
          forceUpdateTag: tag,
        },
      });
      previous = scriptResourceId(model, s, p);
    });
  }
  return resources;
}

/** A part's text with the script's deploy-time placeholders replaced (only those the part holds, all of them when it is the whole script). */
function withPlaceholders(script: KqlScriptArtifact, part: ScriptPart, text: arm.Arm): arm.Arm {
  let content = text;
  for (const [placeholder, sub] of Object.entries(script.placeholders ?? {}))
    if (part.text === script.text || part.text.includes(placeholder)) content = arm.replace(content, placeholder, sub.arm);
  return content;
}

/** The cluster's role on the data lake, to read parquet files from the ingestion container. */
function clusterStorageRole(model: HubModel): ArmResource {
  return roleAssignment({
    scopeId: ids.storageAccount,
    scope: arm.format('Microsoft.Storage/storageAccounts/{0}', names.storageAccount),
    role: ROLES.storageBlobDataContributor,
    principalId: arm.prop(arm.reference(ids.dataExplorerCluster, apiVersion('Microsoft.Kusto/clusters'), true), 'identity', 'principalId'),
    nameSeed: ids.dataExplorerCluster,
    ...(model.release.naming.dataExplorerStorageRoleName === 'clusterSubscription'
      ? { name: arm.guid(names.dataExplorerCluster, arm.prop(arm.subscription(), 'id'), 'Storage Blob Data Contributor') }
      : {}),
    condition: deployDataExplorer,
    dependsOn: [ids.storageAccount, ids.dataExplorerCluster],
    description: 'Lets the Data Explorer cluster read parquet files from the ingestion container.',
  });
}

/**
 * From 12 (`dataExplorerAutoStart`): the factory identity's role on the cluster, so that `ingestion_ExecuteETL`
 * can read its state and start it (`Microsoft.Kusto/clusters/read`, `Microsoft.Kusto/clusters/start/action`,
 * learn.microsoft.com/azure/role-based-access-control/permissions/analytics#microsoftkusto). The built-in
 * Kusto Contributor (`Microsoft.Kusto/*`, learn.microsoft.com/azure/role-based-access-control/built-in-roles/analytics),
 * scoped to the cluster alone: the public 12 gave Contributor, which also reaches every other resource type at
 * that scope. A custom role with only the two actions would be narrower still, but creating one needs
 * `Microsoft.Authorization/roleDefinitions/write`, which a deployer with Role Based Access Control
 * Administrator (enough for every other assignment of the hub) does not have (docs/deviations.md).
 */
function clusterStartRole(model: HubModel): ArmResource[] {
  if (!behaves(model.release, 'dataExplorerAutoStart')) return [];
  return [
    roleAssignment({
      scopeId: ids.dataExplorerCluster,
      scope: arm.format('Microsoft.Kusto/clusters/{0}', names.dataExplorerCluster),
      role: ROLES.kustoContributor,
      principalId: arm.prop(arm.reference(ids.dataFactory, apiVersion('Microsoft.DataFactory/factories'), true), 'identity', 'principalId'),
      nameSeed: ids.dataFactory,
      condition: deployDataExplorer,
      dependsOn: [ids.dataExplorerCluster, ids.dataFactory],
      description: "Lets the hub's Data Factory start the stopped cluster when new data arrives.",
    }),
  ];
}
