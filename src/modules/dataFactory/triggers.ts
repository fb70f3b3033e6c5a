/**
 * Triggers of the hub's Data Factory (spec, "Events"):
 *
 * | Trigger | Fires on | Starts |
 * |---|---|---|
 * | `config_SettingsUpdated` | `config/settings.json` created or replaced | `config_ConfigureExports` |
 * | `config_DailySchedule` | every day at hub.yaml `schedules.daily.time` | `config_StartExportProcess` (`Daily`) |
 * | `config_MonthlySchedule` | `schedules.monthly.daysOfMonth` at `schedules.monthly.time` | `config_StartExportProcess` (`Monthly`) |
 * | `<exportContainer>_ManifestAdded` | a `manifest.json` in the export container | `<exportContainer>_ExecuteETL` |
 * | `ingestion_ManifestAdded` (Data Explorer only) | a `manifest.json` in `ingestion`, even an empty one | `ingestion_ExecuteETL` |
 *
 * Blob event triggers watch the hub data lake (learn.microsoft.com/azure/data-factory/how-to-create-event-trigger:
 * paths are `/<container>/blobs/<path>`). Schedule triggers run in the hub.yaml time zone, or for `auto`
 * the usual zone of the deployment region; Data Factory wants `startTime` as local time without offset for
 * every zone but UTC, and with `Z` for UTC (how-to-create-schedule-trigger, "Time zone option").
 */
import * as arm from '../../expressions/arm/index.js';
import * as adf from '../../expressions/adf/index.js';
import type { ScheduleModel } from '../../compiler/model.js';
import type { AdfObject, Value, ValueObject } from '../types.js';
import type { DataFactoryContext } from './context.js';
import { CONFIG_CONFIGURE_EXPORTS } from './pipelines/config_ConfigureExports.js';
import { CONFIG_START_EXPORT_PROCESS, START_EXPORT_PROCESS_PARAMETERS } from './pipelines/config_StartExportProcess.js';
import { exportExecuteEtlName, EXPORT_EXECUTE_ETL_PARAMETERS } from './pipelines/rawexports_ExecuteETL.js';
import { INGESTION_EXECUTE_ETL, INGESTION_EXECUTE_ETL_PARAMETERS } from './pipelines/ingestion_ExecuteETL.js';
import { datasetNames } from './datasets.js';

/** Trigger names. */
export function triggerNames(ctx: Pick<DataFactoryContext, 'exportContainer'>) {
  return {
    settingsUpdated: 'config_SettingsUpdated',
    daily: 'config_DailySchedule',
    monthly: 'config_MonthlySchedule',
    exportManifestAdded: `${datasetNames(ctx).exportCsv}_ManifestAdded`,
    ingestionManifestAdded: 'ingestion_ManifestAdded',
  } as const;
}

/** Date part of every schedule trigger's `startTime` (in the past, so the first run is the next scheduled time). */
export const SCHEDULE_START_DATE = '2023-01-01';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * `startTime` of a schedule: `2023-01-01T<hh>:<mm>:00`, with `Z` when the zone is UTC. For a zone only known
 * at deployment (`auto`) the choice is an ARM expression.
 */
export function scheduleStartTime(schedule: ScheduleModel, timeZone: Value): Value {
  const local = `${SCHEDULE_START_DATE}T${two(schedule.hour)}:${two(schedule.minute)}:00`;
  if (timeZone instanceof arm.Arm) return arm.if_(arm.equals(timeZone, 'UTC'), `${local}Z`, local);
  return timeZone === 'UTC' ? `${local}Z` : local;
}

function pipelineRef(name: string, parameters?: Record<string, Value>): ValueObject {
  const p: ValueObject = { pipelineReference: { referenceName: name, type: 'PipelineReference' } };
  if (parameters) p.parameters = parameters;
  return p;
}

function blobTrigger(
  ctx: DataFactoryContext,
  o: { name: string; container: string; beginsWith?: string; endsWith: string; ignoreEmptyBlobs: boolean; pipeline: ValueObject; condition?: arm.Arm },
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
    },
  };
  if (o.condition) t.condition = o.condition;
  return t;
}

function scheduleTrigger(
  ctx: DataFactoryContext,
  o: { name: string; schedule: ScheduleModel; frequency: 'Day' | 'Month'; monthDays?: number[]; recurrence: 'Daily' | 'Monthly' },
): AdfObject {
  const timeZone = ctx.timeZoneFor(o.schedule);
  const schedule: ValueObject = { minutes: [o.schedule.minute], hours: [o.schedule.hour] };
  if (o.monthDays) schedule.monthDays = [...o.monthDays];
  return {
    kind: 'trigger',
    name: o.name,
    properties: {
      annotations: [],
      pipelines: [pipelineRef(CONFIG_START_EXPORT_PROCESS, { [START_EXPORT_PROCESS_PARAMETERS.recurrence]: o.recurrence })],
      type: 'ScheduleTrigger',
      typeProperties: {
        recurrence: { frequency: o.frequency, interval: 1, startTime: scheduleStartTime(o.schedule, timeZone), timeZone, schedule },
      },
    },
  };
}

/** The triggers, in deployment order. */
export function triggers(ctx: DataFactoryContext): AdfObject[] {
  const n = triggerNames(ctx);
  const { daily, monthly } = ctx.model.schedules;
  return [
    blobTrigger(ctx, {
      name: n.settingsUpdated,
      container: ctx.configContainer,
      beginsWith: 'settings.json',
      endsWith: 'settings.json',
      ignoreEmptyBlobs: true,
      pipeline: pipelineRef(CONFIG_CONFIGURE_EXPORTS),
    }),
    scheduleTrigger(ctx, { name: n.daily, schedule: daily, frequency: 'Day', recurrence: 'Daily' }),
    scheduleTrigger(ctx, { name: n.monthly, schedule: monthly, frequency: 'Month', monthDays: monthly.daysOfMonth, recurrence: 'Monthly' }),
    blobTrigger(ctx, {
      name: n.exportManifestAdded,
      container: ctx.exportContainer,
      endsWith: '/manifest.json',
      ignoreEmptyBlobs: true,
      pipeline: pipelineRef(exportExecuteEtlName(ctx), {
        [EXPORT_EXECUTE_ETL_PARAMETERS.folderPath]: adf.triggerBody().get('folderPath'),
        [EXPORT_EXECUTE_ETL_PARAMETERS.fileName]: adf.triggerBody().get('fileName'),
      }),
    }),
    blobTrigger(ctx, {
      name: n.ingestionManifestAdded,
      container: ctx.ingestionContainer,
      endsWith: '/manifest.json',
      // Custom datasets signal a finished upload with an empty manifest.json (spec, "Datasets").
      ignoreEmptyBlobs: false,
      pipeline: pipelineRef(INGESTION_EXECUTE_ETL, { [INGESTION_EXECUTE_ETL_PARAMETERS.folderPath]: adf.triggerBody().get('folderPath') }),
      condition: ctx.dataExplorerDeployed,
    }),
  ];
}
