/**
 * `config_RunExportJobs` (spec, "Data ingestion flow" step 1; started by `config_StartExportProcess`): runs
 * each export of `ExportScopes` (the `value` array of a Cost Management "Exports - List" response) whose
 * schedule recurrence equals `Recurrence` and whose name starts with `<hub name>-`, with a POST to
 * `<resource manager>/<export id>/run?api-version=<release API version>`
 * (learn.microsoft.com/rest/api/cost-management/exports/execute) and the release's body (`exportRunBody`:
 * one space to 0.7, `{}` from 0.8; "Exports - Execute" reads none, but Data Factory requires one for a POST).
 * A failed POST ends with `ExportRunFailed` naming the export; the other exports still run.
 */
import * as adf from '../../../expressions/adf/index.js';
import * as arm from '../../../expressions/arm/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { forEach, ifCondition, web, fail, failed, pipelineProperties } from '../activities.js';
import { variablesOf, resourceManagerUrlVariable, armUrl, apiVersionQuery, armResource, commandHeaders, errorOf, type DeployVariable, emptyArray } from './shared.js';

/** Parameter names. */
export const RUN_EXPORT_JOBS_PARAMETERS = { exports: 'ExportScopes', recurrence: 'Recurrence' } as const;

/** `<lower(hubName)>-`: prefix of the exports the hub manages. */
function exportPrefixVariable(ctx: DataFactoryContext): DeployVariable {
  return { name: 'exportNamePrefix', type: 'String', defaultValue: arm.concat(arm.toLower(ctx.hubName), '-') };
}

/** The pipeline. */
export function configRunExportJobs(ctx: DataFactoryContext): AdfObject {
  const P = RUN_EXPORT_JOBS_PARAMETERS;
  const exp = adf.item();
  const recurrence = adf.coalesce(exp.get('properties', true).get('schedule', true).get('recurrence', true), '');
  const isHubExport = adf.startsWith(adf.toLower(adf.coalesce(exp.get('name', true), '')), adf.variables('exportNamePrefix'));
  const run = 'Run Export';
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'runExports'),
    properties: pipelineProperties({
      description: 'Runs the hub-managed exports of the given list whose recurrence matches.',
      activities: [
        forEach({
          name: 'For Each Export',
          items: adf.coalesce(adf.pipelineParameter(P.exports), emptyArray()),
          sequential: true,
          activities: [
            ifCondition({
              name: 'If Scheduled Hub Export',
              expression: adf.and(adf.equals(adf.toLower(recurrence), adf.toLower(adf.pipelineParameter(P.recurrence))), isHubExport),
              ifTrue: [
                web({
                  name: run,
                  method: 'POST',
                  url: armUrl(adf.concat(exp.get('id'), '/run'), apiVersionQuery(ctx)),
                  resource: armResource(ctx),
                  headers: commandHeaders(ctx, pipelineName(ctx, 'runExports')),
                  // "Exports - Execute" takes no payload, but Data Factory requires a body for POST.
                  body: ctx.model.release.exportRunBody,
                  policy: { timeout: '0.00:05:00', retry: 0, retryIntervalInSeconds: 30 },
                }),
                fail({
                  name: 'Export Run Failed',
                  dependsOn: [failed(run)],
                  errorCode: 'ExportRunFailed',
                  message: adf.interp`Could not run the Cost Management export '${exp.get('id')}': ${errorOf(run)}`,
                }),
              ],
            }),
          ],
        }),
      ],
      parameters: { [P.exports]: { type: 'Array', defaultValue: [] }, [P.recurrence]: { type: 'String', defaultValue: 'Daily' } },
      variables: variablesOf([resourceManagerUrlVariable(ctx), exportPrefixVariable(ctx)]),
      concurrency: 1,
    }),
  };
}
