/**
 * Every Data Factory object of a hub: linked services, then datasets, then pipelines, then triggers (the
 * order ARM deploys them in). Objects that exist only with Data Explorer or a remote hub carry an ARM
 * `condition` (`ctx.dataExplorerDeployed`, `ctx.remoteHubDeployed`); capabilities of the release decide
 * which families exist at all.
 */
import type { AdfObject } from '../types.js';
import { has } from '../../compiler/releases.js';
import { LINKED_SERVICES, type DataFactoryContext } from './context.js';
import { linkedServices } from './linkedServices.js';
import { datasets } from './datasets.js';
import { triggers, triggerNames } from './triggers.js';
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

/** The pipelines, in deployment order; Data Explorer ones carry `condition: ctx.dataExplorerDeployed`. */
export function pipelines(ctx: DataFactoryContext): AdfObject[] {
  const adx = (o: AdfObject): AdfObject => ({ ...o, condition: ctx.dataExplorerDeployed });
  const list: AdfObject[] = [exportExecuteEtl(ctx), exportEtlIngestion(ctx)];
  if (has(ctx.model.release, 'dataExplorer')) list.push(adx(ingestionExecuteEtl(ctx)), adx(ingestionEtlDataExplorer(ctx)), adx(configInitializeHub(ctx)));
  if (has(ctx.model.release, 'managedExports')) {
    list.push(
      configConfigureExports(ctx),
      configStartExportProcess(ctx),
      configRunExportJobs(ctx),
      configStartBackfillProcess(ctx),
      configRunBackfillJob(ctx),
    );
  }
  return list;
}

/**
 * All Data Factory objects of the hub.
 * @returns linked services, datasets, pipelines, triggers, in that order
 */
export function dataFactoryObjects(ctx: DataFactoryContext): AdfObject[] {
  const release = ctx.model.release;
  const t = triggerNames(ctx);
  const ls = linkedServices(ctx).filter(
    (o) =>
      (o.name !== LINKED_SERVICES.remoteHubStorage || has(release, 'remoteHub')) &&
      (o.name !== LINKED_SERVICES.dataExplorer || has(release, 'dataExplorer')),
  );
  const managedExportTriggers: string[] = [t.settingsUpdated, t.daily, t.monthly];
  const trig = triggers(ctx).filter(
    (o) =>
      (o.name !== t.ingestionManifestAdded || has(release, 'dataExplorer')) &&
      (!managedExportTriggers.includes(o.name) || has(release, 'managedExports')),
  );
  return [...ls, ...datasets(ctx), ...pipelines(ctx), ...trig];
}
