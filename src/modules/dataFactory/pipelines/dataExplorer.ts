/**
 * What the Data Explorer pipelines (`config_InitializeHub`, `ingestion_ETL_dataExplorer`) share: the KQL
 * control commands they send, the wait for ingestion capacity, and the run-status bookkeeping that turns
 * every failure inside the wait loop into one Fail activity with the right error code.
 *
 * Why a status variable: an Until loop keeps running after an inner activity fails, and a Fail activity
 * inside the loop would be followed by more iterations. So each failure path inside the loop records an
 * error message and then an error code in `status`; the loop ends as soon as `status` is set, and one Fail
 * after the loop reports it (or `DataExplorerIngestionTimeout` when the loop timed out with no status).
 *
 * KQL: ".show capacity", ".drop extents", ".ingest into", ".set-or-replace", ".append", ".alter-merge
 * database policy managed_identity" (learn.microsoft.com/kusto/management).
 */
import * as adf from '../../../expressions/adf/index.js';
import type { DataFactoryContext } from '../context.js';
import { LINKED_SERVICES } from '../context.js';
import { DATA_EXPLORER_DATABASE_PARAMETER } from '../linkedServices.js';
import {
  dataExplorerCommand,
  setVariable,
  ifCondition,
  until,
  wait,
  fail,
  linkedServiceRef,
  succeeded,
  failed,
  completed,
  type Activity,
  type ActivityDependency,
  type VariableType,
} from '../activities.js';
import { errorOf, emptyArray } from './shared.js';

/** Variables the status bookkeeping uses. */
export const STATUS_VARIABLES: Record<string, { type: VariableType; defaultValue?: string }> = {
  status: { type: 'String', defaultValue: '' },
  errorMessage: { type: 'String', defaultValue: '' },
};

/** `status` value of a run that finished its work. */
export const STATUS_SUCCEEDED = 'Succeeded';

/** The linked service reference of the ingestion database. */
export function ingestionDatabaseRef(ctx: DataFactoryContext) {
  return linkedServiceRef(LINKED_SERVICES.dataExplorer, { [DATA_EXPLORER_DATABASE_PARAMETER]: ctx.ingestionDatabase });
}

/** KQL: remaining ingestion capacity of the cluster (one row, column `Remaining`). */
export const CAPACITY_COMMAND = ".show capacity | where Resource == 'Ingestions' | project Remaining";

/**
 * Two activities that record a failure of `activityName`: the message (which may read the failed
 * activity's error), then the code. Both run only when `activityName` failed.
 */
export function recordFailure(activityName: string, errorCode: string, message: adf.AdfInterpolation | string): Activity[] {
  const messageName = `Record ${activityName} Error`;
  return [
    setVariable({ name: messageName, dependsOn: [failed(activityName)], variable: 'errorMessage', value: message }),
    setVariable({ name: `Record ${activityName} Failure`, dependsOn: [succeeded(messageName)], variable: 'status', value: errorCode }),
  ];
}

/** Sets `status` to {@link STATUS_SUCCEEDED} after `last` succeeded. */
export function markSucceeded(name: string, last: string): Activity {
  return setVariable({ name, dependsOn: [succeeded(last)], variable: 'status', value: STATUS_SUCCEEDED });
}

/**
 * Waits for Data Explorer ingestion capacity, then runs `work` (inside an If Condition, so it may not hold
 * If/Switch/ForEach/Until); repeats every 15 seconds while the cluster has no free ingestion slot, for at
 * most two hours. `work` must end with {@link markSucceeded} and record its failures with
 * {@link recordFailure}. A failing capacity check ends the loop with `DataExplorerCapacityCheckFailed`.
 */
export function capacityLoop(ctx: DataFactoryContext, o: { name: string; dependsOn: ActivityDependency[]; work: Activity[] }): Activity {
  const check = 'Check Ingestion Capacity';
  const rows = adf.coalesce(adf.activity(check).get('output').get('value', true), emptyArray());
  return until({
    name: o.name,
    dependsOn: o.dependsOn,
    expression: adf.not(adf.empty(adf.variables('status'))),
    timeout: '0.02:00:00',
    activities: [
      dataExplorerCommand({ name: check, linkedService: ingestionDatabaseRef(ctx), command: CAPACITY_COMMAND }),
      ...recordFailure(check, 'DataExplorerCapacityCheckFailed', adf.interp`Could not read the ingestion capacity of the Data Explorer cluster: ${errorOf(check)}`),
      ifCondition({
        name: 'If Capacity Available',
        dependsOn: [succeeded(check)],
        expression: adf.or(adf.empty(rows), adf.greater(adf.coalesce(adf.first(rows).get('Remaining', true), 0), 0)),
        ifTrue: o.work,
        ifFalse: [wait({ name: 'Wait For Capacity', seconds: 15 })],
      }),
    ],
  });
}

/**
 * The Fail activity after a {@link capacityLoop}: runs when the loop ended without `status` =
 * `Succeeded`; the error code is the recorded one, or `DataExplorerIngestionTimeout` when none was recorded.
 */
export function failUnlessSucceeded(loopName: string, timeoutMessage: adf.AdfInterpolation | string): Activity {
  const status = adf.variables('status');
  const timedOut = adf.empty(status);
  const timeoutText = typeof timeoutMessage === 'string' ? timeoutMessage : adf.concat(...timeoutParts(timeoutMessage));
  return ifCondition({
    name: 'If Not Succeeded',
    dependsOn: [completed(loopName)],
    expression: adf.not(adf.equals(status, STATUS_SUCCEEDED)),
    ifTrue: [
      fail({
        name: 'Data Explorer Step Failed',
        errorCode: adf.if_(timedOut, 'DataExplorerIngestionTimeout', status),
        message: adf.if_(timedOut, timeoutText, adf.variables('errorMessage')),
      }),
    ],
  });
}

/** The parts of an interpolation as `concat` arguments. */
function timeoutParts(i: adf.AdfInterpolation): (adf.Adf | string)[] {
  return i.parts.map((p) => (typeof p === 'string' ? p : adf.string(p)));
}
