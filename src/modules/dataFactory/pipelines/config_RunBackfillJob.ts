/**
 * `config_RunBackfillJob` (spec, "Pipelines"; started by `config_StartBackfillProcess`): for every scope in
 * settings.json, runs the scope's managed monthly export for the period `StartDate`..`EndDate` with a POST
 * to `<resource manager>/<scope>/providers/Microsoft.CostManagement/exports/<hub>-monthly-costdetails/run`
 * and body `{"timePeriod":{"from":StartDate,"to":EndDate}}`
 * (learn.microsoft.com/rest/api/cost-management/exports/execute). A failed run ends that scope with
 * `BackfillExportRunFailed` naming export, scope and period.
 */
import * as adf from '../../../expressions/adf/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { web, fail, failed, pipelineProperties } from '../activities.js';
import {
  forEachSettingsScope,
  variablesOf,
  resourceManagerUrlVariable,
  armUrl,
  apiVersionQuery,
  exportPath,
  armResource,
  commandHeaders,
  jsonInterpolation,
  errorOf,
} from './shared.js';
import { monthlyCostExport, exportNameVariable } from './config_ConfigureExports.js';

/** Parameter names. */
export const RUN_BACKFILL_JOB_PARAMETERS = { startDate: 'StartDate', endDate: 'EndDate' } as const;

/** The pipeline. */
export function configRunBackfillJob(ctx: DataFactoryContext): AdfObject {
  const P = RUN_BACKFILL_JOB_PARAMETERS;
  const monthly = exportNameVariable(ctx, monthlyCostExport(ctx.model));
  const scope = adf.item().get('scope');
  const name = adf.variables(monthly.name);
  const from = adf.pipelineParameter(P.startDate);
  const to = adf.pipelineParameter(P.endDate);
  const run = 'Run Backfill Export';
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'runBackfill'),
    properties: pipelineProperties({
      description: 'Runs the managed monthly export of every scope in settings.json for a past period.',
      activities: [
        ...forEachSettingsScope(ctx, [
          web({
            name: run,
            method: 'POST',
            url: armUrl(adf.concat(exportPath(scope, name), '/run'), apiVersionQuery(ctx)),
            resource: armResource(ctx),
            headers: { ...commandHeaders(ctx, pipelineName(ctx, 'runBackfill')), 'Content-Type': 'application/json' },
            body: jsonInterpolation({ timePeriod: { from, to } }),
            policy: { timeout: '0.00:05:00', retry: 1, retryIntervalInSeconds: 30 },
          }),
          fail({
            name: 'Backfill Export Run Failed',
            dependsOn: [failed(run)],
            errorCode: 'BackfillExportRunFailed',
            message: adf.interp`Could not run the Cost Management export '${name}' of scope '${scope}' for ${from} to ${to}. Check that ${pipelineName(ctx, 'configureExports')} created it: ${errorOf(run)}`,
          }),
        ]),
      ],
      parameters: { [P.startDate]: { type: 'String' }, [P.endDate]: { type: 'String' } },
      variables: variablesOf([resourceManagerUrlVariable(ctx), monthly]),
      concurrency: 1,
    }),
  };
}
