/**
 * The data `hubc simulate` produces: a tree of pipeline runs and activity runs, the files written and
 * deleted, the requests sent and the Data Explorer commands run. `--format json` prints a
 * {@link SimulationResult}; its JSON Schema is `schemas/simulate-result.schema.json`.
 */

/** Outcome of an activity run, as Data Factory reports it. */
export type ActivityStatus = 'Succeeded' | 'Failed' | 'Skipped';

/** A failure: Data Factory's `errorCode` and `message` (a Fail activity's own values). */
export interface RunError {
  errorCode: string;
  message: string;
  /** The activity the error came from (for a pipeline run: the first failed activity evaluated). */
  activity?: string;
}

/** A group of activities run inside a control activity: a branch, a case, one ForEach item or one Until pass. */
export interface ActivityGroup {
  /** `ifTrueActivities`, `ifFalseActivities`, `case 'csv'`, `default`, `item 0`, `iteration 1`. */
  label: string;
  /** The ForEach item of this group. */
  item?: unknown;
  activities: ActivityRun[];
}

/** One activity run. Skipped activities carry only name, type and status. */
export interface ActivityRun {
  name: string;
  type: string;
  status: ActivityStatus;
  /** Evaluated inputs: the values Data Factory would show as the activity's input (paths resolved). */
  input?: Record<string, unknown>;
  /** The activity's output as later expressions see it (`activity('X').output`). */
  output?: unknown;
  error?: RunError;
  /** What the simulator did or assumed (e.g. "waited 60 s (not slept)", columns the file lacks). */
  notes?: string[];
  /** Inner activities of IfCondition, Switch, ForEach and Until. */
  groups?: ActivityGroup[];
  /** The child run of an ExecutePipeline activity. */
  pipelineRun?: PipelineRun;
}

/** What started a pipeline run. */
export interface RunTrigger {
  /** Trigger name; absent for `--pipeline` and ExecutePipeline runs. */
  name?: string;
  type: 'BlobEventsTrigger' | 'ScheduleTrigger' | 'Manual' | 'ExecutePipeline';
  /** The blob event, for blob event triggers: `Microsoft.Storage.BlobCreated` on `path` (container first). */
  event?: { type: string; path: string };
}

/** One pipeline run. */
export interface PipelineRun {
  pipeline: string;
  /** Deterministic run id (GUID form, numbered in start order). */
  runId: string;
  trigger: RunTrigger;
  parameters: Record<string, unknown>;
  status: 'Succeeded' | 'Failed';
  error?: RunError;
  activities: ActivityRun[];
}

/** A file change in the storage folder, in the order it happened. */
export interface StorageChange {
  change: 'written' | 'deleted';
  /** Path inside the storage folder, container first, `/` separators. */
  path: string;
  /** Size in bytes of a written file. */
  size?: number;
  /** Run id and activity that made the change. */
  runId: string;
  activity: string;
}

/** An HTTP request a WebActivity sent, with the response the simulator gave it. */
export interface WebRequest {
  runId: string;
  activity: string;
  method: string;
  url: string;
  headers: Record<string, unknown>;
  body?: unknown;
  /** Response status, and where it came from: the `--responses` entry index, or `default`. */
  status: number;
  response: number | 'default';
}

/** A Data Explorer management command or query an AzureDataExplorerCommand activity ran. */
export interface KustoCommand {
  runId: string;
  activity: string;
  database?: string;
  command: string;
  response: number | 'default';
}

/** A problem of the simulation itself (not of a pipeline run): HUB45x-HUB47x. */
export interface SimulationDiagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  hint?: string;
}

/** Everything one `hubc simulate` did. */
export interface SimulationResult {
  release: string;
  /** The fixed current time used for `utcNow()` and trigger times (ISO 8601, UTC). */
  now: string;
  /** What was simulated: `event`, `schedule` or `pipeline`, with its argument. */
  start: { kind: 'event' | 'schedule' | 'pipeline'; value: string };
  /** Top-level pipeline runs in start order (trigger runs, then runs fired by the simulation's own writes). */
  runs: PipelineRun[];
  changes: StorageChange[];
  requests: WebRequest[];
  commands: KustoCommand[];
  diagnostics: SimulationDiagnostic[];
  /** `succeeded` when every pipeline run succeeded; `failed` when one failed or the run limit was hit. */
  outcome: 'succeeded' | 'failed';
}
