/**
 * `config_StartBackfillProcess` (spec, "Pipelines"; run by hand): back-fills every month that
 * `retention.ingestion.months` of settings.json keeps, newest first: for month offsets 1..N before the
 * current UTC month it runs `config_RunBackfillJob` with the first and last day of that month. N ≤ 0 runs
 * nothing; a missing setting counts as the spec default 13. A failed month ends with `BackfillMonthFailed`
 * naming the month; the remaining months still run.
 *
 * Example (run on 2024-11-15, N = 13): October 2024, September 2024, ..., October 2023.
 */
import * as adf from '../../../expressions/adf/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { forEach, setVariable, executePipeline, fail, succeeded, failed, pipelineProperties } from '../activities.js';
import { readSettings, READ_SETTINGS, retentionSetting, emptyArray } from './shared.js';
import { RUN_BACKFILL_JOB_PARAMETERS } from './config_RunBackfillJob.js';

/** Default of `retention.ingestion.months` (spec, "Limits"). */
export const DEFAULT_INGESTION_MONTHS = 13;

/**
 * ForEach items `[1, 2, ..., months]`, or `[]` when `months` ≤ 0. `range` is only ever called with a count
 * of at least 1 (the template-language `range` wants a positive count, and `if` may evaluate both
 * branches), so a retention of 0 runs nothing instead of failing.
 */
export function monthOffsets(months: adf.Adf): adf.Adf {
  return adf.if_(adf.greater(months, 0), adf.fn('range', 1, adf.fn('max', months, 1)), emptyArray());
}

/** The pipeline. */
export function configStartBackfillProcess(ctx: DataFactoryContext): AdfObject {
  const setMonth = 'Set Current Month';
  const current = adf.variables('currentMonth');
  const months = adf.int(retentionSetting('ingestion', 'months', DEFAULT_INGESTION_MONTHS));
  const start = adf.subtractFromTime(current, adf.item(), 'Month');
  const end = adf.addDays(adf.subtractFromTime(current, adf.sub(adf.item(), 1), 'Month'), -1);
  const run = 'Backfill Month';
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'startBackfill'),
    properties: pipelineProperties({
      description: 'Back-fills the months kept by retention.ingestion.months, newest first, one config_RunBackfillJob per month.',
      activities: [
        ...readSettings(ctx),
        setVariable({ name: setMonth, variable: 'currentMonth', value: adf.startOfMonth(adf.utcNow()) }),
        forEach({
          name: 'For Each Month',
          dependsOn: [succeeded(READ_SETTINGS), succeeded(setMonth)],
          items: monthOffsets(months),
          sequential: true,
          activities: [
            executePipeline({
              name: run,
              pipeline: pipelineName(ctx, 'runBackfill'),
              parameters: { [RUN_BACKFILL_JOB_PARAMETERS.startDate]: start, [RUN_BACKFILL_JOB_PARAMETERS.endDate]: end },
            }),
            fail({
              name: 'Backfill Month Failed',
              dependsOn: [failed(run)],
              errorCode: 'BackfillMonthFailed',
              message: adf.interp`Back-filling ${adf.formatDateTime(start, 'yyyy-MM')} failed; see the ${pipelineName(ctx, 'runBackfill')} run for the scope at fault.`,
            }),
          ],
        }),
      ],
      variables: { currentMonth: { type: 'String' } },
      concurrency: 1,
    }),
  };
}
