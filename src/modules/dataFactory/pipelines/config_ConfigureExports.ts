/**
 * `config_ConfigureExports` (spec, "Scope setup flow"; started by `config_SettingsUpdated`): for every scope
 * in settings.json, creates or updates the two managed FOCUS cost exports with a PUT to
 * `<resource manager>/<scope>/providers/Microsoft.CostManagement/exports/<name>?api-version=<release API version>`
 * (Cost Management "Exports - Create Or Update", learn.microsoft.com/rest/api/cost-management/exports/create-or-update):
 *
 * - `<hub>-daily-costdetails`: month to date, recurrence `Daily`;
 * - `<hub>-monthly-costdetails`: the last month, recurrence `Monthly`.
 *
 * Both deliver files of FOCUS `<release managedExportFocusVersion>` (CSV in 0.4-0.5, snappy parquet from 0.6:
 * release table `managedExportFormat`) into the export container
 * under the scope's path, and are `Inactive`: the hub's schedule triggers run them (`config_RunExportJobs`).
 * A failed PUT ends that scope's iteration with `ExportCreateFailed` naming the export and scope; the other
 * scopes are still configured.
 */
import * as adf from '../../../expressions/adf/index.js';
import * as arm from '../../../expressions/arm/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { web, fail, succeeded, failed, pipelineProperties, type Activity } from '../activities.js';
import {
  forEachSettingsScope,
  variablesOf,
  resourceManagerUrlVariable,
  storageAccountIdVariable,
  armUrl,
  apiVersionQuery,
  exportPath,
  scopeFolder,
  armResource,
  jsonInterpolation,
  DEPLOY_VARIABLES,
  errorOf,
  type DeployVariable,
} from './shared.js';

/** The two managed exports: name suffix, Cost Management timeframe and schedule recurrence. */
export const MANAGED_EXPORTS = [
  { key: 'daily', suffix: '-daily-costdetails', timeframe: 'MonthToDate', recurrence: 'Daily' },
  { key: 'monthly', suffix: '-monthly-costdetails', timeframe: 'TheLastMonth', recurrence: 'Monthly' },
] as const;

/** Variable holding the name of a managed export: `<lower(hubName)><suffix>`. */
export function exportNameVariable(ctx: DataFactoryContext, exp: (typeof MANAGED_EXPORTS)[number]): DeployVariable {
  return { name: `${exp.key}ExportName`, type: 'String', defaultValue: arm.concat(arm.toLower(ctx.hubName), exp.suffix) };
}

/** Body of the export PUT for one scope (`item().scope`). */
export function exportDefinition(ctx: DataFactoryContext, exp: (typeof MANAGED_EXPORTS)[number], scope: adf.Adf) {
  return {
    identity: { type: 'SystemAssigned' },
    location: 'global',
    properties: {
      definition: {
        type: 'FocusCost',
        timeframe: exp.timeframe,
        dataSet: { granularity: 'Daily', configuration: { dataVersion: ctx.model.release.managedExportFocusVersion, filters: [] } },
      },
      deliveryInfo: {
        destination: {
          type: 'AzureBlob',
          container: ctx.exportContainer,
          rootFolderPath: scopeFolder(scope),
          resourceId: adf.variables(DEPLOY_VARIABLES.storageAccountId),
        },
      },
      schedule: {
        recurrence: exp.recurrence,
        recurrencePeriod: { from: '2024-01-01T00:00:00.000Z', to: '2050-02-01T00:00:00.000Z' },
        status: 'Inactive',
      },
      format: ctx.model.release.managedExportFormat.format,
      partitionData: true,
      dataOverwriteBehavior: 'CreateNewReport',
      compressionMode: ctx.model.release.managedExportFormat.compressionMode,
    },
  };
}

/** The pipeline. */
export function configConfigureExports(ctx: DataFactoryContext): AdfObject {
  const scope = adf.item().get('scope');
  const inner: Activity[] = [];
  let previous: string | undefined;
  for (const exp of MANAGED_EXPORTS) {
    const name = adf.variables(exportNameVariable(ctx, exp).name);
    const put = `Create ${exp.recurrence} Export`;
    inner.push(
      web({
        name: put,
        dependsOn: previous ? [succeeded(previous)] : [],
        method: 'PUT',
        url: armUrl(exportPath(scope, name), apiVersionQuery(ctx)),
        resource: armResource(ctx),
        headers: { 'Content-Type': 'application/json' },
        body: jsonInterpolation(exportDefinition(ctx, exp, scope)),
      }),
      fail({
        name: `${exp.recurrence} Export Create Failed`,
        dependsOn: [failed(put)],
        errorCode: 'ExportCreateFailed',
        message: adf.interp`Could not create or update the Cost Management export '${name}' on scope '${scope}' (scope from ${ctx.configContainer}/settings.json). The Data Factory managed identity needs Cost Management Contributor on the scope: ${errorOf(put)}`,
      }),
    );
    previous = put;
  }
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'configureExports'),
    properties: pipelineProperties({
      description: 'Creates or updates the managed daily and monthly FOCUS cost exports of every scope in settings.json.',
      activities: [...forEachSettingsScope(ctx, inner)],
      variables: variablesOf([resourceManagerUrlVariable(ctx), storageAccountIdVariable(ctx), ...MANAGED_EXPORTS.map((e) => exportNameVariable(ctx, e))]),
      concurrency: 1,
    }),
  };
}
