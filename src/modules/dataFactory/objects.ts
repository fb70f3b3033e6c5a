/**
 * Every Data Factory object of a hub: linked services, then datasets, then pipelines, then triggers (the
 * order ARM deploys them in). The release table names the pipelines, triggers and datasets a release has;
 * objects that exist only with Data Explorer or a remote hub carry an ARM `condition`
 * (`ctx.dataExplorerDeployed`, `ctx.remoteHubDeployed`).
 */
import type { AdfObject } from '../types.js';
import { FEATURE_OBJECTS, has } from '../../model/releases.js';
import * as arm from '../../expressions/arm/index.js';
import { LINKED_SERVICES, type DataFactoryContext } from './context.js';
import { linkedServices } from './linkedServices.js';
import { datasets } from './datasets.js';
import { triggers } from './triggers.js';
import { csvPathExportQueue, csvPathExportEtl } from './pipelines/csvPathExports.js';
import type { PipelineRole } from '../../model/releases.js';
import { exportExecuteEtl } from './pipelines/rawexports_ExecuteETL.js';
import { exportEtlIngestion } from './pipelines/rawexports_ETL_ingestion.js';
import { ingestionExecuteEtl } from './pipelines/ingestion_ExecuteETL.js';
import { ingestionEtlDataExplorer } from './pipelines/ingestion_ETL_dataExplorer.js';
import { configInitializeHub } from './pipelines/config_InitializeHub.js';
import { configConfigureExports } from './pipelines/config_ConfigureExports.js';
import { configStartExportProcess } from './pipelines/config_StartExportProcess.js';
import { configRunExportJobs } from './pipelines/config_RunExportJobs.js';
import { configStartBackfillProcess } from './pipelines/config_StartBackfillProcess.js';
import { configRunBackfillJob } from './pipelines/config_RunBackfillJob.js';
import { queriesExecuteEtl } from './pipelines/queries/queries_ExecuteETL.js';
import { queriesEtlIngestion } from './pipelines/queries/queries_ETL_ingestion.js';
import { queriesResourceGraphExecuteQuery } from './pipelines/queries/queries_ResourceGraph_ExecuteQuery.js';

/** Builds the pipeline of each role (the export pair depends on how the release detects exports). */
const BUILDERS: Record<PipelineRole, (ctx: DataFactoryContext) => AdfObject> = {
  exportQueue: (ctx) => (ctx.model.release.exportDetection === 'manifest' ? exportExecuteEtl(ctx) : csvPathExportQueue(ctx)),
  exportEtl: (ctx) => (ctx.model.release.exportDetection === 'manifest' ? exportEtlIngestion(ctx) : csvPathExportEtl(ctx)),
  ingestionQueue: ingestionExecuteEtl,
  ingestionEtl: ingestionEtlDataExplorer,
  initializeHub: configInitializeHub,
  configureExports: configConfigureExports,
  startExports: configStartExportProcess,
  runExports: configRunExportJobs,
  startBackfill: configStartBackfillProcess,
  runBackfill: configRunBackfillJob,
  queriesQueue: queriesExecuteEtl,
  queriesEtl: queriesEtlIngestion,
  resourceGraphQuery: queriesResourceGraphExecuteQuery,
};

/** Roles whose pipelines exist only when a cluster is deployed (`condition: ctx.dataExplorerDeployed`). */
const DATA_EXPLORER_ROLES: readonly PipelineRole[] = ['ingestionQueue', 'ingestionEtl', 'initializeHub'];

/** The pipelines of the release (release table `pipelines`), in deployment order. */
export function pipelines(ctx: DataFactoryContext): AdfObject[] {
  return (Object.keys(ctx.model.release.pipelines) as PipelineRole[]).map((role) => {
    const p = BUILDERS[role](ctx);
    return DATA_EXPLORER_ROLES.includes(role) ? { ...p, condition: ctx.dataExplorerDeployed } : p;
  });
}

/**
 * All Data Factory objects of the hub.
 * @returns linked services, datasets, pipelines, triggers, in that order
 */
export function dataFactoryObjects(ctx: DataFactoryContext): AdfObject[] {
  const release = ctx.model.release;
  const ls = linkedServices(ctx).filter(
    (o) =>
      (o.name !== LINKED_SERVICES.remoteHubStorage || has(release, 'remoteHub')) &&
      (o.name !== LINKED_SERVICES.dataExplorer || has(release, 'dataExplorer')) &&
      (o.name !== LINKED_SERVICES.azureResourceManager || has(release, 'recommendations')),
  );
  return [...ls, ...datasets(ctx), ...withManagedExportsCondition(ctx, [...pipelines(ctx), ...triggers(ctx)])];
}

/**
 * From 12 (`managedExportsOption`) the pipelines and triggers of managed exports (release table
 * `FEATURE_OBJECTS.managedExports`) exist only when the deployment turns them on (`ctx.managedExportsDeployed`).
 */
function withManagedExportsCondition(ctx: DataFactoryContext, objects: AdfObject[]): AdfObject[] {
  const on = ctx.managedExportsDeployed;
  if (!on) return objects;
  const r = ctx.model.release;
  const own = FEATURE_OBJECTS.managedExports;
  const names = new Set([...own.pipelines.map((role) => r.pipelines[role]), ...own.triggers.map((role) => r.triggers[role])].filter((n): n is string => Boolean(n)));
  return objects.map((o) => (names.has(o.name) ? { ...o, condition: o.condition ? arm.and(o.condition, on) : on } : o));
}
