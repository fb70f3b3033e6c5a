/**
 * Deploy-time values the Data Factory objects need, as ARM expressions, so pipeline code never builds
 * ARM text itself. Built once per compile by {@link dataFactoryContext}.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel, ScheduleModel } from '../../model/hub.js';
import { names, ids, deployDataExplorer, deployRemoteHub, publicAccess, remoteHubKeySecretName, keyVaultCondition, analyticsDeployed, useFabric } from '../core/names.js';
import { has, type PipelineRole, type TriggerRole } from '../../model/releases.js';
import { apiVersion } from '../core/apiVersions.js';

/** Names of the Data Factory objects that are not pipelines or triggers. */
export const LINKED_SERVICES = {
  storage: 'storage',
  keyVault: 'keyVault',
  remoteHubStorage: 'remoteHubStorage',
  dataExplorer: 'hubDataExplorer',
  /** Azure Resource Manager over REST (recommendations: Azure Resource Graph queries). */
  azureResourceManager: 'azurerm',
} as const;

/** Name of the managed integration runtime used when public access is disabled. */
export const MANAGED_INTEGRATION_RUNTIME = 'ManagedIntegrationRuntime';
/** Name of the factory's managed virtual network. */
export const MANAGED_VIRTUAL_NETWORK = 'default';

/** Everything a Data Factory object may need to know about the deployment. */
export interface DataFactoryContext {
  model: HubModel;
  /** Container Cost Management exports into (`rawexports`). */
  exportContainer: string;
  /** Container of converted parquet data. */
  ingestionContainer: 'ingestion';
  /** Container of settings and schema files. */
  configContainer: 'config';
  /** Data lake storage account name and resource ID. */
  storageAccountName: arm.Arm;
  storageAccountId: arm.Arm;
  /** `https://<account>.dfs.<storage suffix>/` */
  storageDfsEndpoint: arm.Arm;
  /** `https://<vault>.vault.azure.net/` (cloud-specific suffix). */
  keyVaultUri: arm.Arm;
  /** True at deploy time when the Key Vault is deployed (from 0.9: with a remote hub); undefined when it always is. */
  keyVaultDeployed?: arm.Arm;
  /** True when Data Factory has an analytics engine to load: the Data Explorer cluster, or from 0.10 a Fabric eventhouse. */
  dataExplorerDeployed: arm.Arm;
  /**
   * True at deploy time when the engine is a Fabric eventhouse (0.10+, `variables('useFabric')`); undefined in
   * releases without Fabric.
   */
  useFabric?: arm.Arm;
  /** Cluster URI, e.g. `https://<name>.<region>.kusto.windows.net`, or from 0.10 the eventhouse's query URI; only valid when deployed. */
  dataExplorerUri: arm.Arm;
  /** Cluster's system-assigned identity object ID; only valid when a cluster is deployed (`''` with an eventhouse, 0.10+). */
  dataExplorerPrincipalId: arm.Arm;
  /** Ingestion slots of the cluster (1-50): the ForEach batch size of Data Explorer loads. */
  dataExplorerIngestionCapacity: arm.Arm;
  /** Database names from the model. */
  ingestionDatabase: string;
  hubDatabase: string;
  /**
   * True at deploy time when a remote hub storage URI is set (undefined when the release has no remote
   * hub); the URI and the Key Vault secret holding its key.
   */
  remoteHubDeployed?: arm.Arm;
  remoteHubStorageUri: arm.Arm;
  remoteHubKeySecretName: arm.Arm;
  /**
   * True at deploy time when the recommendations run (`enableRecommendations`; undefined when the release
   * has no recommendations): their pipelines, trigger, dataset and linked service carry it as `condition`.
   */
  recommendationsDeployed?: arm.Arm;
  /** The deployment's tenant ID (`tenant().tenantId`). */
  tenantId: arm.Arm;
  /** True when public access is enabled. */
  publicAccess: arm.Arm;
  /**
   * The `connectVia` member of every linked service: the managed integration runtime when public
   * access is disabled, else null (the default Azure integration runtime); absent without private networking.
   */
  connectVia?: arm.Arm;
  /** Azure Resource Manager endpoint with trailing slash (`environment().resourceManager`). */
  resourceManagerUrl: arm.Arm;
  /** Hub name as deployed (`parameters('hubName')`). */
  hubName: arm.Arm;
  /**
   * Time zone of a schedule trigger: the Windows id hub.yaml gives, or, for `auto`, the usual zone of
   * the deployment region (`variables('regionTimeZone')`, UTC for regions without one).
   */
  timeZoneFor(schedule: ScheduleModel): string | arm.Arm;
  /** Degree of parallelism of per-file export conversion: 30 with public access, 4 through the managed IR. */
  exportConversionBatchCount: arm.Arm | number;
  /**
   * True when the managed-export objects are deployed (`parameters('enableManagedExports')`, 12+: release
   * feature `managedExportsOption`); absent where managed exports are no choice.
   */
  managedExportsDeployed?: arm.Arm;
}

/** Builds the context for a model. */
export function dataFactoryContext(model: HubModel): DataFactoryContext {
  const suffixes = arm.prop(arm.environment(), 'suffixes');
  return {
    model,
    exportContainer: model.release.exportContainer,
    ingestionContainer: 'ingestion',
    configContainer: 'config',
    storageAccountName: names.storageAccount,
    storageAccountId: ids.storageAccount,
    storageDfsEndpoint: arm.concat('https://', names.storageAccount, '.dfs.', arm.prop(suffixes, 'storage'), '/'),
    keyVaultUri: arm.concat('https://', names.keyVault, arm.prop(suffixes, 'keyvaultDns'), '/'),
    keyVaultDeployed: keyVaultCondition(model.release),
    ...analyticsEngine(model),
    dataExplorerIngestionCapacity: arm.variables('dataExplorerIngestionCapacity'),
    ingestionDatabase: model.dataExplorer.databases.ingestion,
    hubDatabase: model.dataExplorer.databases.hub,
    remoteHubDeployed: has(model.release, 'remoteHub') ? deployRemoteHub : undefined,
    remoteHubStorageUri: arm.parameters('remoteHubStorageUri'),
    remoteHubKeySecretName,
    recommendationsDeployed: has(model.release, 'recommendations') ? arm.parameters('enableRecommendations') : undefined,
    tenantId: arm.prop(arm.tenant(), 'tenantId'),
    publicAccess,
    connectVia: has(model.release, 'privateNetworking')
      ? arm.if_(publicAccess, null, arm.createObject('referenceName', MANAGED_INTEGRATION_RUNTIME, 'type', 'IntegrationRuntimeReference'))
      : undefined,
    resourceManagerUrl: arm.prop(arm.environment(), 'resourceManager'),
    hubName: arm.parameters('hubName'),
    timeZoneFor: (schedule) => (schedule.timeZone === 'auto' ? arm.variables('regionTimeZone') : schedule.timeZone),
    exportConversionBatchCount: has(model.release, 'privateNetworking') ? arm.if_(publicAccess, 30, 4) : 30,
    ...(has(model.release, 'managedExportsOption') ? { managedExportsDeployed: arm.parameters('enableManagedExports') } : {}),
  };
}

/**
 * Where Data Factory loads and queries: the cluster (its URI and identity read with `reference()`), or from
 * 0.10 a Fabric eventhouse when `fabricQueryUri` is set (ARM's `if()` evaluates only the branch it takes, so no
 * cluster is referenced then: "Logical functions for ARM templates", `if`). An eventhouse with the data lake
 * closed to public access fails the deployment with the way out (its loads could never pass the firewall,
 * microsoft/finops-toolkit#2061; hub.yaml says so at build time, HUB251).
 */
function analyticsEngine(model: HubModel): Pick<DataFactoryContext, 'dataExplorerDeployed' | 'useFabric' | 'dataExplorerUri' | 'dataExplorerPrincipalId'> {
  const r = model.release;
  const clusterUri = arm.prop(arm.reference(ids.dataExplorerCluster, apiVersion('Microsoft.Kusto/clusters')), 'uri');
  const clusterPrincipal = arm.prop(arm.reference(ids.dataExplorerCluster, apiVersion('Microsoft.Kusto/clusters'), true), 'identity', 'principalId');
  if (!has(r, 'fabric')) return { dataExplorerDeployed: deployDataExplorer, dataExplorerUri: clusterUri, dataExplorerPrincipalId: clusterPrincipal };
  const fabricUri = has(r, 'privateNetworking')
    ? arm.if_(
        publicAccess,
        arm.parameters('fabricQueryUri'),
        arm.call(
          'fail',
          'fabricQueryUri needs enablePublicAccess True: a Fabric eventhouse cannot load files through the storage firewall. Enable public access, or use a Data Explorer cluster (dataExplorerName) instead.',
        ),
      )
    : arm.parameters('fabricQueryUri');
  return {
    dataExplorerDeployed: analyticsDeployed(r),
    useFabric,
    dataExplorerUri: arm.if_(useFabric, fabricUri, clusterUri),
    dataExplorerPrincipalId: arm.if_(deployDataExplorer, clusterPrincipal, ''),
  };
}

/**
 * Name of a pipeline of the release, by role (release table `pipelines`).
 * @throws Error when the release has no pipeline in that role (a module asked for one it should not build)
 */
export function pipelineName(ctx: Pick<DataFactoryContext, 'model'>, role: PipelineRole): string {
  const name = ctx.model.release.pipelines[role];
  if (!name) throw new Error(`hub release ${ctx.model.release.version} has no ${role} pipeline`);
  return name;
}

/**
 * Name of a trigger of the release, by role (release table `triggers`).
 * @throws Error when the release has no trigger in that role
 */
export function triggerName(ctx: Pick<DataFactoryContext, 'model'>, role: TriggerRole): string {
  const name = ctx.model.release.triggers[role];
  if (!name) throw new Error(`hub release ${ctx.model.release.version} has no ${role} trigger`);
  return name;
}
