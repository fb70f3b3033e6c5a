/**
 * Triggers of the hub's Data Factory (spec, "Events"; names per release from the release table), by role:
 *
 * | Role (0.7 name) | Fires on | Starts |
 * |---|---|---|
 * | settingsUpdated (`config_SettingsUpdated`, 0.4+) | `config/settings.json` created or replaced | configureExports |
 * | dailySchedule (`config_DailySchedule`, 0.4+) | every day at hub.yaml `schedules.daily.time` | startExports (`Daily`) |
 * | monthlySchedule (`config_MonthlySchedule`, 0.4+) | `schedules.monthly.daysOfMonth` at `schedules.monthly.time` | startExports (`Monthly`) |
 * | exportAdded (`rawexports_ManifestAdded`; 0.1 `rawexports`, 0.2-0.6 `rawexports_FileAdded`) | an export's `manifest.json` (0.4+) or any `*.csv` (0.1-0.3) in the export container | exportQueue |
 * | ingestionManifestAdded (`ingestion_ManifestAdded`, Data Explorer only) | a `manifest.json` in `ingestion`, even an empty one | ingestionQueue |
 * | queriesSchedule (`queries_DailySchedule`, recommendations only) | every day at {@link QUERIES_SCHEDULE} UTC | queriesQueue |
 *
 * Blob event triggers watch the hub data lake (learn.microsoft.com/azure/data-factory/how-to-create-event-trigger:
 * paths are `/<container>/blobs/<path>`). Schedule triggers run in the hub.yaml time zone, or for `auto`
 * the usual zone of the deployment region; Data Factory wants `startTime` as local time without offset for
 * every zone but UTC, and with `Z` for UTC (how-to-create-schedule-trigger, "Time zone option").
 */
import * as arm from '../../expressions/arm/index.js';
import * as adf from '../../expressions/adf/index.js';
import type { ScheduleModel } from '../../model/hub.js';
import type * as sdk from '@azure/arm-datafactory';
import type { AdfObject, Value } from '../types.js';
import type { AdfTriggerOf, AdfWireObject } from './wire.js';
import { pipelineName, triggerName, type DataFactoryContext } from './context.js';
import type { TriggerRole } from '../../model/releases.js';
import { START_EXPORT_PROCESS_PARAMETERS } from './pipelines/config_StartExportProcess.js';
import { EXPORT_EXECUTE_ETL_PARAMETERS } from './pipelines/rawexports_ExecuteETL.js';
import { INGESTION_EXECUTE_ETL_PARAMETERS } from './pipelines/ingestion_ExecuteETL.js';

/** Date part of every schedule trigger's `startTime` (in the past, so the first run is the next scheduled time). */
export const SCHEDULE_START_DATE = '2023-01-01';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * `startTime` of a schedule: `2023-01-01T<hh>:<mm>:00`, with `Z` when the zone is UTC. For a zone only known
 * at deployment (`auto`) the choice is an ARM expression.
 */
export function scheduleStartTime(schedule: ScheduleModel, timeZone: string | arm.Arm): string | arm.Arm {
  const local = `${SCHEDULE_START_DATE}T${two(schedule.hour)}:${two(schedule.minute)}:00`;
  if (timeZone instanceof arm.Arm) return arm.if_(arm.equals(timeZone, 'UTC'), `${local}Z`, local);
  return timeZone === 'UTC' ? `${local}Z` : local;
}

/**
 * When the query files run: daily at 01:00 UTC. A fixed UTC time needs no time-zone table (the public 14.0
 * runs them at 01:01 in the region's zone and falls back to `UTC` without the `Z` Data Factory then requires,
 * #2157); Resource Graph has no day boundary to wait for.
 */
export const QUERIES_SCHEDULE: ScheduleModel = { hour: 1, minute: 0, timeZone: 'UTC' };

/** A pipeline a trigger starts, with its parameter values, in wire form. */
type TriggerPipelineReference = AdfWireObject<sdk.TriggerPipelineReference>;

function pipelineRef(name: string, parameters?: Record<string, Value>): TriggerPipelineReference {
  const p: TriggerPipelineReference = { pipelineReference: { referenceName: name, type: 'PipelineReference' } };
  if (parameters) p.parameters = parameters;
  return p;
}

/** `startExports` with its recurrence, the pipeline the managed-export schedules start. */
const startExports = (ctx: DataFactoryContext, recurrence: 'Daily' | 'Monthly') =>
  pipelineRef(pipelineName(ctx, 'startExports'), { [START_EXPORT_PROCESS_PARAMETERS.recurrence]: recurrence });

function blobTrigger(
  ctx: DataFactoryContext,
  o: { name: string; container: string; beginsWith?: string; endsWith: string; ignoreEmptyBlobs: boolean; pipeline: TriggerPipelineReference; condition?: arm.Arm },
): AdfObject {
  const t: AdfObject = {
    kind: 'trigger',
    name: o.name,
    properties: {
      annotations: [],
      pipelines: [o.pipeline],
      type: 'BlobEventsTrigger',
      typeProperties: {
        blobPathBeginsWith: `/${o.container}/blobs/${o.beginsWith ?? ''}`,
        blobPathEndsWith: o.endsWith,
        ignoreEmptyBlobs: o.ignoreEmptyBlobs,
        scope: ctx.storageAccountId,
        events: ['Microsoft.Storage.BlobCreated'],
      },
    } satisfies AdfTriggerOf<'BlobEventsTrigger'>,
  };
  if (o.condition) t.condition = o.condition;
  return t;
}

function scheduleTrigger(
  ctx: DataFactoryContext,
  o: { name: string; schedule: ScheduleModel; frequency: 'Day' | 'Month'; monthDays?: number[]; pipeline: TriggerPipelineReference; condition?: arm.Arm },
): AdfObject {
  const timeZone = ctx.timeZoneFor(o.schedule);
  const schedule: AdfWireObject<sdk.RecurrenceSchedule> = { minutes: [o.schedule.minute], hours: [o.schedule.hour] };
  if (o.monthDays) schedule.monthDays = [...o.monthDays];
  return {
    kind: 'trigger',
    name: o.name,
    ...(o.condition ? { condition: o.condition } : {}),
    properties: {
      annotations: [],
      pipelines: [o.pipeline],
      type: 'ScheduleTrigger',
      typeProperties: {
        recurrence: { frequency: o.frequency, interval: 1, startTime: scheduleStartTime(o.schedule, timeZone), timeZone, schedule },
      },
    } satisfies AdfTriggerOf<'ScheduleTrigger'>,
  };
}

/**
 * The triggers of the release, in deployment order (release table `triggers`). The export trigger fires on
 * `*.csv` files in releases that read exports by their path (0.1-0.3), on an export's `/manifest.json`
 * from 0.4 (spec, "Versioning"); it passes the blob's folder path (starting with the container) and
 * file name.
 */
export function triggers(ctx: DataFactoryContext): AdfObject[] {
  const r = ctx.model.release;
  const { daily, monthly } = ctx.model.schedules;
  const out: AdfObject[] = [];
  for (const role of Object.keys(r.triggers) as TriggerRole[]) {
    const name = triggerName(ctx, role);
    switch (role) {
      case 'settingsUpdated':
        out.push(
          blobTrigger(ctx, {
            name,
            container: ctx.configContainer,
            beginsWith: 'settings.json',
            endsWith: 'settings.json',
            ignoreEmptyBlobs: true,
            pipeline: pipelineRef(pipelineName(ctx, 'configureExports')),
          }),
        );
        break;
      case 'dailySchedule':
        out.push(scheduleTrigger(ctx, { name, schedule: daily, frequency: 'Day', pipeline: startExports(ctx, 'Daily') }));
        break;
      case 'monthlySchedule':
        out.push(scheduleTrigger(ctx, { name, schedule: monthly, frequency: 'Month', monthDays: monthly.daysOfMonth, pipeline: startExports(ctx, 'Monthly') }));
        break;
      case 'queriesSchedule':
        out.push(
          scheduleTrigger(ctx, {
            name,
            schedule: QUERIES_SCHEDULE,
            frequency: 'Day',
            pipeline: pipelineRef(pipelineName(ctx, 'queriesQueue')),
            condition: ctx.recommendationsDeployed,
          }),
        );
        break;
      case 'exportAdded':
        out.push(
          blobTrigger(ctx, {
            name,
            container: ctx.exportContainer,
            endsWith: r.exportDetection === 'manifest' ? '/manifest.json' : '.csv',
            ignoreEmptyBlobs: true,
            pipeline: pipelineRef(pipelineName(ctx, 'exportQueue'), {
              [EXPORT_EXECUTE_ETL_PARAMETERS.folderPath]: adf.triggerBody().get('folderPath'),
              [EXPORT_EXECUTE_ETL_PARAMETERS.fileName]: adf.triggerBody().get('fileName'),
            }),
          }),
        );
        break;
      case 'ingestionManifestAdded':
        out.push(
          blobTrigger(ctx, {
            name,
            container: ctx.ingestionContainer,
            endsWith: '/manifest.json',
            // Custom datasets signal a finished upload with an empty manifest.json (spec, "Datasets").
            ignoreEmptyBlobs: false,
            pipeline: pipelineRef(pipelineName(ctx, 'ingestionQueue'), { [INGESTION_EXECUTE_ETL_PARAMETERS.folderPath]: adf.triggerBody().get('folderPath') }),
            condition: ctx.dataExplorerDeployed,
          }),
        );
        break;
    }
  }
  return out;
}
