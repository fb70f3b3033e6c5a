/**
 * `config_StartExportProcess` (spec, "Data ingestion flow" step 1; started by `config_DailySchedule` and
 * `config_MonthlySchedule` with `Recurrence` = `Daily` / `Monthly`): for every scope in settings.json, lists
 * the scope's Cost Management exports (GET `<resource manager>/<scope>/providers/Microsoft.CostManagement/exports`,
 * learn.microsoft.com/rest/api/cost-management/exports/list) and hands them to `config_RunExportJobs`.
 * A failed list ends that scope with `ExportListFailed`, a failed run with `ExportRunFailed`, both naming the scope.
 */
import * as adf from '../../../expressions/adf/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { web, executePipeline, fail, succeeded, failed, pipelineProperties } from '../activities.js';
import { forEachSettingsScope, variablesOf, resourceManagerUrlVariable, armUrl, apiVersionQuery, armResource, errorOf, emptyArray } from './shared.js';
import { RUN_EXPORT_JOBS_PARAMETERS } from './config_RunExportJobs.js';

/** Parameter names. */
export const START_EXPORT_PROCESS_PARAMETERS = { recurrence: 'Recurrence' } as const;

/** The pipeline. */
export function configStartExportProcess(ctx: DataFactoryContext): AdfObject {
  const scope = adf.item().get('scope');
  const list = 'List Exports';
  const run = 'Run Exports';
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'startExports'),
    properties: pipelineProperties({
      description: 'Runs the managed exports of every scope in settings.json that match the schedule.',
      activities: [
        ...forEachSettingsScope(ctx, [
          web({
            name: list,
            method: 'GET',
            url: armUrl(adf.concat(scope, '/providers/Microsoft.CostManagement/exports'), apiVersionQuery(ctx)),
            resource: armResource(ctx),
          }),
          fail({
            name: 'Export List Failed',
            dependsOn: [failed(list)],
            errorCode: 'ExportListFailed',
            message: adf.interp`Could not list the Cost Management exports of scope '${scope}' (from ${ctx.configContainer}/settings.json): ${errorOf(list)}`,
          }),
          executePipeline({
            name: run,
            dependsOn: [succeeded(list)],
            pipeline: pipelineName(ctx, 'runExports'),
            parameters: {
              [RUN_EXPORT_JOBS_PARAMETERS.exports]: adf.coalesce(adf.activity(list).get('output').get('value', true), emptyArray()),
              [RUN_EXPORT_JOBS_PARAMETERS.recurrence]: adf.pipelineParameter(START_EXPORT_PROCESS_PARAMETERS.recurrence),
            },
          }),
          fail({
            name: 'Export Run Failed',
            dependsOn: [failed(run)],
            errorCode: 'ExportRunFailed',
            message: adf.interp`Running the ${adf.pipelineParameter(START_EXPORT_PROCESS_PARAMETERS.recurrence)} exports of scope '${scope}' failed; see the ${pipelineName(ctx, 'runExports')} run for the export at fault.`,
          }),
        ]),
      ],
      parameters: { [START_EXPORT_PROCESS_PARAMETERS.recurrence]: { type: 'String', defaultValue: 'Daily' } },
      variables: variablesOf([resourceManagerUrlVariable(ctx)]),
      concurrency: 1,
    }),
  };
}
