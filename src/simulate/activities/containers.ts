/**
 * Activities that run other activities: IfCondition, Switch, ForEach, Until and ExecutePipeline.
 * Sources: learn.microsoft.com/azure/data-factory/control-flow-if-condition-activity,
 * control-flow-switch-activity, control-flow-for-each-activity, control-flow-until-activity,
 * control-flow-execute-pipeline-activity.
 *
 * - IfCondition and Switch fail when their branch fails (the engine's leaf rule), with the inner error code.
 * - ForEach runs every item, even after a failed item (Data Factory does not stop a ForEach on failure), and
 *   fails when any item failed (with the error of the first failed item in item order). `isSequential:
 *   true` runs one item at a time; otherwise up to `batchCount` items (default 20, as Data Factory) run at
 *   once: their conversions and copies run side by side, while their steps are recorded in a fixed order
 *   (`../pool.ts`), so the result is the same on every run.
 * - Until runs its activities, then evaluates its expression, until it is true. Its `timeout` is measured
 *   on the simulated clock (the Wait activities' seconds); a loop that waits nothing stops after
 *   {@link MAX_UNTIL_ITERATIONS} passes. Either way the Until fails with `ActivityTimedOut`.
 * - ExecutePipeline runs the child pipeline to its end, also with `waitOnCompletion` false, so its run and
 *   writes are part of the simulation. With `waitOnCompletion` true the activity fails with the child's
 *   error code when the child run fails. With `waitOnCompletion` false (the documented default, "Defines
 *   whether activity execution will wait for the dependent pipeline execution to finish. Default is
 *   false", ExecutePipelineActivity in the Data Factory REST/SDK reference) the activity succeeds once the
 *   child run is started, whatever the child's outcome; the child's failure still fails the simulation.
 *   It fails only when the child could not be started (the run limit).
 */
import { adfToString } from '../../expressions/adf/evaluate.js';
import { childScope, expressionContext, innerFailure, outcomeOf, registerActivity, runActivities, runPipeline, type Scope } from '../engine.js';
import type { ActivityGroup } from '../types.js';
import { ActivityFailure, evaluateDeep } from '../values.js';
import { OrderedPool } from '../pool.js';

/** Passes after which an Until whose activities wait nothing is stopped. */
export const MAX_UNTIL_ITERATIONS = 1000;

/** Runs a group of inner activities and returns it with its outcome. */
async function runGroup(label: string, activities: any[], scope: Scope, item?: unknown): Promise<{ group: ActivityGroup; error?: ReturnType<typeof outcomeOf> }> {
  const inner = childScope(scope, item);
  const runs = await runActivities(activities, inner);
  const group: ActivityGroup = { label, activities: runs };
  if (item !== undefined) group.item = item;
  return { group, error: outcomeOf(activities, runs) };
}

registerActivity('IfCondition', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const value = evaluateDeep(tp.expression, expressionContext(scope));
  record.input = { expression: value };
  if (typeof value !== 'boolean')
    throw new ActivityFailure('InvalidTemplate', `The expression of If Condition '${activity.name}' must give true or false, got ${adfToString(value)}.`);
  const branch = value ? 'ifTrueActivities' : 'ifFalseActivities';
  const { group, error } = await runGroup(branch, tp[branch] ?? [], scope);
  record.groups = [group];
  if (error) throw innerFailure(error);
});

registerActivity('Switch', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const on = adfToString(evaluateDeep(tp.on, expressionContext(scope)));
  record.input = { on };
  const match = (tp.cases ?? []).find((c: { value: string }) => c.value === on);
  const { group, error } = await runGroup(match ? `case '${match.value}'` : 'defaultActivities', match ? (match.activities ?? []) : (tp.defaultActivities ?? []), scope);
  record.groups = [group];
  if (error) throw innerFailure(error);
});

registerActivity('ForEach', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const items = evaluateDeep(tp.items, expressionContext(scope));
  if (!Array.isArray(items)) throw new ActivityFailure('InvalidTemplate', `The items of ForEach '${activity.name}' must be an array, got ${adfToString(items)}.`);
  const sequential = tp.isSequential === true;
  const batchCount = sequential ? 1 : typeof tp.batchCount === 'number' ? tp.batchCount : 20;
  record.input = { itemCount: items.length, isSequential: sequential, batchCount };
  record.notes = [sequential ? `${items.length} item(s) run one at a time` : `${items.length} item(s) run up to ${batchCount} at once`];
  const outcomes = await new OrderedPool(batchCount).run(items.length, (i) => runGroup(`item ${i}`, tp.activities ?? [], scope, items[i]));
  record.groups = [];
  let firstError: ReturnType<typeof outcomeOf>;
  for (const outcome of outcomes) {
    if (outcome?.status === 'rejected') throw outcome.reason;
    if (!outcome) continue;
    record.groups.push(outcome.value.group);
    firstError ??= outcome.value.error;
  }
  record.output = {};
  if (firstError) throw innerFailure(firstError);
});

/** Seconds of a Data Factory timespan `d.hh:mm:ss` or `hh:mm:ss`. */
export function timespanSeconds(text: string): number {
  const m = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return 7 * 86_400;
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

registerActivity('Until', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const timeout = timespanSeconds(typeof tp.timeout === 'string' ? tp.timeout : '7.00:00:00');
  const start = scope.engine.waitedSeconds;
  record.input = { timeoutSeconds: timeout };
  record.groups = [];
  for (let i = 1; ; i++) {
    const { group, error } = await runGroup(`iteration ${i}`, tp.activities ?? [], scope);
    record.groups.push(group);
    if (error) throw innerFailure(error);
    const done = evaluateDeep(tp.expression, expressionContext(scope));
    if (typeof done !== 'boolean') throw new ActivityFailure('InvalidTemplate', `The expression of Until '${activity.name}' must give true or false, got ${adfToString(done)}.`);
    if (done) break;
    const elapsed = scope.engine.waitedSeconds - start;
    if (elapsed >= timeout) {
      record.notes = [`stopped after ${i} iteration(s): ${elapsed} simulated seconds reached the timeout of ${timeout} s`];
      throw new ActivityFailure('ActivityTimedOut', `Until '${activity.name}' did not finish within its timeout ${tp.timeout}.`);
    }
    if (i >= MAX_UNTIL_ITERATIONS) {
      record.notes = [`stopped after ${i} iterations that waited ${elapsed} simulated seconds in total`];
      throw new ActivityFailure('ActivityTimedOut', `Until '${activity.name}' did not finish after ${i} iterations.`);
    }
  }
  record.notes = [...(record.notes ?? []), `${record.groups.length} iteration(s)`];
  record.output = {};
});

registerActivity('ExecutePipeline', async (activity, scope, record) => {
  const tp = activity.typeProperties ?? {};
  const name = String(tp.pipeline?.referenceName);
  const parameters = (evaluateDeep(tp.parameters ?? {}, expressionContext(scope)) ?? {}) as Record<string, unknown>;
  const waitOnCompletion = tp.waitOnCompletion === true;
  record.input = { pipeline: name, parameters, waitOnCompletion };
  const child = await runPipeline(scope.engine, name, parameters, { type: 'ExecutePipeline' });
  if (!child) throw new ActivityFailure('SimulationRunLimit', `The simulation's limit of ${scope.engine.maxRuns} pipeline runs was reached; ${name} was not started.`);
  record.pipelineRun = child;
  record.output = { pipelineName: name, pipelineRunId: child.runId };
  if (!waitOnCompletion) {
    record.notes = [
      `waitOnCompletion is false: the activity succeeds once ${name} is started; the simulator runs the child to its end (${child.status}${child.error ? `: ${child.error.errorCode}` : ''})`,
    ];
    return;
  }
  if (child.status === 'Failed') {
    throw new ActivityFailure(child.error!.errorCode, `Operation on target ${child.error!.activity ?? name} failed: ${child.error!.message}`);
  }
});
