/**
 * The pipeline engine of `hubc simulate`: runs a pipeline's activities in dependency order, honouring
 * dependency conditions, and decides run and container outcomes the way Data Factory does.
 *
 * Rules (learn.microsoft.com/azure/data-factory/tutorial-pipeline-failure-error-handling, "Conditional
 * paths" and "How pipeline failure are determined"):
 * - An activity runs when, for every activity it depends on, that activity's outcome is one of the
 *   conditions listed for it: `Succeeded`, `Failed`, `Completed` (succeeded or failed) or `Skipped` (did not
 *   run). Otherwise it is Skipped. Several conditions on one dependency are alternatives; several
 *   dependencies must all hold.
 * - A pipeline run (and the inner activities of IfCondition, Switch, ForEach and Until) succeeds when every
 *   leaf activity (one nothing depends on) succeeded; a skipped leaf is replaced by the activities it
 *   depends on, recursively.
 * Data Factory runs independent activities in parallel; the simulator runs them one at a time in
 * dependency order, ties broken by the order in the pipeline JSON, so runs are reproducible.
 * Retries (`policy.retry`) are not simulated: the same inputs give the same result.
 */
import { AdfEvalError, type AdfEvalContext } from '../expressions/adf/evaluate.js';
import { AdfParseError } from '../expressions/adf/parser.js';
import type { Factory } from './factory.js';
import type { LocalStorage } from './storage.js';
import { StoragePathError } from './storage.js';
import type { Responses } from './responses.js';
import type { ActivityRun, ActivityStatus, KustoCommand, PipelineRun, RunError, RunTrigger, SimulationDiagnostic, WebRequest } from './types.js';
import { ActivityFailure, SimulationError } from './values.js';
import { codes } from '../diagnostics/index.js';
import type { ColumnarEngine } from './duckdb.js';

export { heavy } from './pool.js';

/** State shared by every run of one simulation. */
export interface Engine {
  factory: Factory;
  storage: LocalStorage;
  responses: Responses;
  /** Fixed current time, ISO 8601 UTC. */
  now: string;
  /** Most pipeline runs (trigger runs and child runs) the simulation starts. */
  maxRuns: number;
  runCount: number;
  runLimitHit: boolean;
  /** Seconds the Wait activities would have waited, in total (a simulated clock; nothing sleeps). */
  waitedSeconds: number;
  requests: WebRequest[];
  commands: KustoCommand[];
  diagnostics: SimulationDiagnostic[];
  /** Name of the factory (`pipeline().DataFactory`). */
  factoryName: string;
  guidCount: number;
  /** The columnar engine the Copy activity converts with (opened on first use, closed by the caller). */
  columnar: ColumnarEngine;
}

/** The result of an activity, as `activity('X')` shows it to later expressions. */
interface ActivityResult {
  status: ActivityStatus;
  output?: unknown;
  error?: RunError;
}

/** Where activities run: one pipeline run, plus the item and activity results of enclosing containers. */
export interface Scope {
  engine: Engine;
  run: PipelineRun;
  variables: Record<string, unknown>;
  variableTypes: Record<string, string>;
  results: Map<string, ActivityResult>;
  parent?: Scope;
  item?: unknown;
  triggerBody?: unknown;
}

/** An activity handler: fills the record's input, output, notes, groups; throws ActivityFailure to fail. */
export type ActivityHandler = (activity: any, scope: Scope, record: ActivityRun) => Promise<void>;

const HANDLERS = new Map<string, ActivityHandler>();

/** Registers the handler of an activity type (each activity family registers itself). */
export function registerActivity(type: string, handler: ActivityHandler): void {
  HANDLERS.set(type, handler);
}

/** Activity types the simulator implements. */
export function supportedActivityTypes(): string[] {
  return [...HANDLERS.keys()].sort();
}

/** A deterministic GUID-shaped id: `00000000-0000-4000-8000-<12-digit counter>`. */
export function nextGuid(engine: Engine): string {
  engine.guidCount += 1;
  return `00000000-0000-4000-8000-${String(engine.guidCount).padStart(12, '0')}`;
}

/** The expression context of a scope (`pipeline()`, `variables()`, `activity()`, `item()`, `triggerBody()`). */
export function expressionContext(scope: Scope): AdfEvalContext {
  const activities: Record<string, unknown> = {};
  const chain: Scope[] = [];
  for (let s: Scope | undefined = scope; s; s = s.parent) chain.unshift(s);
  for (const s of chain)
    for (const [name, r] of s.results) activities[name] = r.status === 'Skipped' ? undefined : { status: r.status, output: r.output ?? {}, error: r.error ?? null };
  for (const k of Object.keys(activities)) if (activities[k] === undefined) delete activities[k];
  let item: unknown;
  for (let s: Scope | undefined = scope; s; s = s.parent)
    if (s.item !== undefined) {
      item = s.item;
      break;
    }
  const run = scope.run;
  return {
    utcNow: scope.engine.now,
    parameters: run.parameters,
    pipeline: {
      DataFactory: scope.engine.factoryName,
      Pipeline: run.pipeline,
      RunId: run.runId,
      TriggerType: run.trigger.type === 'ExecutePipeline' ? 'PipelineActivity' : run.trigger.type,
      TriggerName: run.trigger.name ?? 'Sandbox',
      TriggerTime: scope.engine.now,
      GroupId: run.runId,
    },
    variables: scope.variables,
    activities,
    item,
    triggerBody: scope.triggerBody,
    guid: () => nextGuid(scope.engine),
  };
}

/** Turns an error thrown while running an activity into its failure, or rethrows a simulation error. */
function failureOf(e: unknown): ActivityFailure {
  if (e instanceof ActivityFailure) return e;
  if (e instanceof AdfEvalError || e instanceof AdfParseError) return new ActivityFailure('InvalidTemplate', `An expression of the activity cannot be evaluated: ${e.message}`);
  if (e instanceof StoragePathError) return new ActivityFailure('InvalidPath', e.message);
  throw e;
}

/** True when a dependency's outcome meets one of its listed conditions. */
export function conditionMet(outcome: ActivityStatus, conditions: readonly string[]): boolean {
  return conditions.some((c) => {
    switch (c) {
      case 'Succeeded':
        return outcome === 'Succeeded';
      case 'Failed':
        return outcome === 'Failed';
      case 'Completed':
        return outcome === 'Succeeded' || outcome === 'Failed';
      case 'Skipped':
        return outcome === 'Skipped';
      default:
        throw new SimulationError(codes.HUB463.condition({ condition: c }));
    }
  });
}

/**
 * Runs a list of activities (a pipeline's, or a container's inner ones) in `scope`.
 * @returns the activity runs in the order they ran (skipped ones included)
 * @throws SimulationError for unsupported activities, unknown dependencies or a dependency cycle
 */
export async function runActivities(activities: readonly any[], scope: Scope): Promise<ActivityRun[]> {
  const names = new Set(activities.map((a) => a.name as string));
  for (const a of activities) {
    for (const d of a.dependsOn ?? []) {
      if (!names.has(d.activity)) throw new SimulationError(codes.HUB463.notBeside({ activity: a.name, pipeline: scope.run.pipeline, dependency: d.activity }));
    }
  }
  const done: ActivityRun[] = [];
  const pending = [...activities];
  while (pending.length) {
    const i = pending.findIndex((a) => (a.dependsOn ?? []).every((d: { activity: string }) => scope.results.has(d.activity)));
    if (i < 0) throw new SimulationError(codes.HUB463.cycle({ activities: pending.map((a) => a.name), pipeline: scope.run.pipeline }));
    const [activity] = pending.splice(i, 1);
    const ready = (activity.dependsOn ?? []).every((d: { activity: string; dependencyConditions: string[] }) =>
      conditionMet(scope.results.get(d.activity)!.status, d.dependencyConditions ?? ['Succeeded']),
    );
    const record: ActivityRun = { name: activity.name, type: activity.type, status: 'Skipped' };
    if (ready) await runOne(activity, scope, record);
    scope.results.set(activity.name, { status: record.status, output: record.output, error: record.error });
    done.push(record);
  }
  return done;
}

async function runOne(activity: any, scope: Scope, record: ActivityRun): Promise<void> {
  const handler = HANDLERS.get(activity.type);
  if (!handler) {
    throw new SimulationError(codes.HUB461.raise({ type: activity.type, activity: activity.name, pipeline: scope.run.pipeline, supported: supportedActivityTypes() }));
  }
  try {
    await handler(activity, scope, record);
    record.status = 'Succeeded';
  } catch (e) {
    const f = failureOf(e);
    record.status = 'Failed';
    record.error = { errorCode: f.errorCode, message: f.message };
  }
}

/**
 * The outcome of a finished list of activities by Data Factory's leaf rule.
 * @returns undefined when it succeeded, else the error of the first failed leaf (in run order), or of the
 *   first failure found in place of a skipped leaf
 */
export function outcomeOf(activities: readonly any[], runs: readonly ActivityRun[]): RunError | undefined {
  const byName = new Map(runs.map((r) => [r.name, r]));
  const dependedOn = new Set(activities.flatMap((a) => (a.dependsOn ?? []).map((d: { activity: string }) => d.activity)));
  const evaluated = new Set<string>();
  const leaves = new Set<string>();
  const visit = (name: string) => {
    const r = byName.get(name);
    if (!r || evaluated.has(name)) return;
    evaluated.add(name);
    if (r.status === 'Skipped') {
      const a = activities.find((x) => x.name === name);
      for (const d of a?.dependsOn ?? []) visit(d.activity);
    }
  };
  for (const a of activities) {
    if (dependedOn.has(a.name)) continue;
    leaves.add(a.name);
    visit(a.name);
  }
  // Report a failed leaf (typically a Fail activity) before a failure reached through skipped leaves.
  const failed = runs.find((r) => leaves.has(r.name) && r.status === 'Failed') ?? runs.find((r) => evaluated.has(r.name) && r.status === 'Failed');
  return failed ? { errorCode: failed.error!.errorCode, message: failed.error!.message, activity: failed.name } : undefined;
}

/** Error of a container whose inner activities failed, carrying the inner error code (as Data Factory's message does). */
export function innerFailure(error: RunError): ActivityFailure {
  return new ActivityFailure(error.errorCode, `Activity failed because an inner activity failed; Inner activity name: ${error.activity}, Error: ${error.message}`);
}

/** A child scope for a container's inner activities. */
export function childScope(scope: Scope, item?: unknown): Scope {
  return { ...scope, results: new Map(), parent: scope, item };
}

/**
 * Runs a pipeline.
 * @param parameters values passed by the trigger or ExecutePipeline (evaluated); defaults fill the rest
 * @returns the run, or undefined when the run limit was reached (nothing started)
 * @throws SimulationError for an unknown pipeline or anything the simulator does not support
 */
export async function runPipeline(engine: Engine, name: string, parameters: Record<string, unknown>, trigger: RunTrigger, triggerBody?: unknown): Promise<PipelineRun | undefined> {
  const pipeline = engine.factory.pipelines.get(name);
  if (!pipeline) throw new SimulationError(codes.HUB464.raise({ name, pipelines: engine.factory.pipelines.keys() }));
  if (engine.runCount >= engine.maxRuns) {
    engine.runLimitHit = true;
    return undefined;
  }
  engine.runCount += 1;
  const props = pipeline.properties;
  const declared = (props.parameters ?? {}) as Record<string, { type?: string; defaultValue?: unknown }>;
  const values: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const [p, def] of Object.entries(declared)) {
    const key = Object.keys(parameters).find((k) => k.toLowerCase() === p.toLowerCase());
    if (key !== undefined) values[p] = parameters[key];
    else if (def && 'defaultValue' in def) values[p] = def.defaultValue;
    else missing.push(p);
  }
  for (const [k, v] of Object.entries(parameters)) if (!Object.keys(values).some((x) => x.toLowerCase() === k.toLowerCase())) values[k] = v;
  const run: PipelineRun = { pipeline: name, runId: nextGuid(engine), trigger, parameters: values, status: 'Succeeded', activities: [] };
  if (missing.length) {
    run.status = 'Failed';
    run.error = { errorCode: 'MissingPipelineParameter', message: `The pipeline ${name} was started without its required parameter(s) ${missing.join(', ')}.` };
    return run;
  }
  const variables: Record<string, unknown> = {};
  const variableTypes: Record<string, string> = {};
  for (const [v, def] of Object.entries((props.variables ?? {}) as Record<string, { type?: string; defaultValue?: unknown }>)) {
    variables[v] = def?.defaultValue ?? null;
    variableTypes[v] = def?.type ?? 'String';
  }
  const scope: Scope = { engine, run, variables, variableTypes, results: new Map(), triggerBody };
  const activities = props.activities ?? [];
  run.activities = await runActivities(activities, scope);
  const error = outcomeOf(activities, run.activities);
  if (error) {
    run.status = 'Failed';
    run.error = error;
  }
  return run;
}
