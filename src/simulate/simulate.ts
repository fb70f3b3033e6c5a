/**
 * `simulate()`: runs a build's pipelines offline against a local storage folder, starting from a blob
 * event, a schedule or one pipeline, and keeps going through the blob events its own writes cause
 * (a manifest copied into `ingestion/` fires `ingestion_ManifestAdded` when the build has that trigger),
 * up to a maximum number of pipeline runs.
 *
 * Diagnostics: thrown before anything runs: HUB450 storage folder missing or not a folder, HUB451 event
 * blob missing (or its path empty or leaving the folder), HUB453 no schedule trigger, HUB454 bad `--param`,
 * HUB464 no such pipeline. In the result: HUB452 no trigger fires for the event (warning), HUB455 run limit
 * reached (warning; the outcome is failed), HUB460-HUB466 something the simulator does not support (see
 * `./values.ts` and the activity files), HUB467 a symbolic link in the storage folder, HUB468 two sources
 * written to one file (warning; the outcome is failed).
 */
import { existsSync, statSync } from 'node:fs';
import { factoryFromBuild, type Factory } from './factory.js';
import { fromFiles } from '../build/index.js';
import { LocalStorage, StoragePathError, type BlobEvent } from './storage.js';
import { ColumnarEngine } from './duckdb.js';
import { Responses, type ResponsesFile } from './responses.js';
import { runPipeline, type Engine } from './engine.js';
import { runsForBlobEvent, runsForSchedule, scheduleTrigger, whyNotFired, type TriggeredRun } from './triggers.js';
import { SimulationError } from './values.js';
import { codes, type Raised } from '../diagnostics/index.js';
import type { PipelineRun, SimulationDiagnostic, SimulationResult } from './types.js';
import { allRuns } from './format.js';
import { DEFAULT_MAX_RUNS } from './limits.js';
import './activities/index.js';

/** What to simulate. */
export type SimulationStart =
  { kind: 'event'; path: string } | { kind: 'schedule'; schedule: 'daily' | 'monthly' } | { kind: 'pipeline'; pipeline: string; parameters?: Record<string, string> };

/** Options of {@link simulate}. */
export interface SimulateOptions {
  /** Build artifacts (path -> text) as `compile()` returns them. */
  artifacts: ReadonlyMap<string, string>;
  release: string;
  /** The storage folder (containers as sub-folders). It is changed: files are written and deleted. */
  storage: string;
  start: SimulationStart;
  /** Fixed current time, ISO 8601 UTC; default: the real time. */
  now?: string;
  responses?: ResponsesFile;
  maxRuns?: number;
}

/**
 * Factories already built, by the artifacts map they were built from: a factory is only read during a
 * simulation, so simulations of the same build (tests run many) share it.
 */
const factories = new WeakMap<ReadonlyMap<string, string>, Factory>();

function factoryOf(artifacts: ReadonlyMap<string, string>, release: string): Factory {
  let factory = factories.get(artifacts);
  if (!factory) {
    factory = factoryFromBuild(fromFiles({ release, source: 'compile', files: artifacts }));
    factories.set(artifacts, factory);
  }
  return factory;
}

/**
 * A code raised through the registry (or the diagnostic a {@link SimulationError} carries) as the simulation
 * reports it: code, severity, message and the hint when there is one.
 * @throws Error when the code's entry is `info` (simulate's entries are errors and warnings; a programming error)
 */
function asDiagnostic(raised: Raised): SimulationDiagnostic {
  const { code, severity, message, hint } = raised;
  if (severity === 'info') throw new Error(`internal: ${code} is declared as info; simulate reports errors and warnings`);
  return { code, severity, message, ...(hint !== undefined ? { hint } : {}) };
}

/** Parses `--param` text into the type the pipeline declares (Array/Object/Bool/Int/Float as JSON). */
function parameterValue(pipeline: string, name: string, text: string, type: string | undefined): unknown {
  const t = (type ?? 'String').toLowerCase();
  if (t === 'string' || t === 'securestring') return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new SimulationError(codes.HUB454.raise({ pipeline, name, text, type }));
  }
}

/** What starts the simulation, checked before anything runs. */
type CheckedStart =
  | { kind: 'event'; event: BlobEvent; runs: TriggeredRun[] }
  | { kind: 'schedule'; runs: TriggeredRun[] }
  | { kind: 'pipeline'; pipeline: string; parameters: Record<string, unknown> };

/**
 * Checks the storage folder and the start option, before any pipeline runs.
 * @throws SimulationError HUB450 (no folder, or not a folder), HUB451 (event path empty, leaving the folder,
 *   or not a file), HUB453 (no such schedule), HUB454 (bad `--param`), HUB464 (no such pipeline), HUB467 (a link)
 */
function checkStart(options: SimulateOptions, factory: Factory, storage: LocalStorage, now: string): CheckedStart {
  if (!existsSync(options.storage)) throw new SimulationError(codes.HUB450.raise({ storage: options.storage }));
  if (!statSync(options.storage).isDirectory()) throw new SimulationError(codes.HUB450.notFolder({ storage: options.storage }));
  const start = options.start;
  if (start.kind === 'event') {
    let path: string;
    try {
      path = storage.normalize(start.path);
    } catch (e) {
      if (!(e instanceof StoragePathError)) throw e;
      throw new SimulationError(start.path.replace(/\\/g, '/').split('/').includes('..') ? codes.HUB451.outside({ path: start.path }) : codes.HUB451.empty());
    }
    if (!storage.isFile(path)) throw new SimulationError((storage.isFolder(path) ? codes.HUB451.folder : codes.HUB451.raise)({ path, storage: options.storage }));
    const event: BlobEvent = { type: 'Microsoft.Storage.BlobCreated', path, size: storage.size(path) };
    return { kind: 'event', event, runs: runsForBlobEvent(factory, event, now) };
  }
  if (start.kind === 'schedule') {
    const trigger = scheduleTrigger(factory, start.schedule);
    if (!trigger) throw new SimulationError(codes.HUB453.raise({ release: options.release, schedule: start.schedule }));
    return { kind: 'schedule', runs: runsForSchedule(trigger, now) };
  }
  const pipeline = factory.pipelines.get(start.pipeline);
  if (!pipeline) throw new SimulationError(codes.HUB464.raise({ name: start.pipeline, pipelines: factory.pipelines.keys() }));
  const declared = (pipeline.properties.parameters ?? {}) as Record<string, { type?: string }>;
  const parameters: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(start.parameters ?? {})) parameters[k] = parameterValue(start.pipeline, k, v, declared[k]?.type);
  return { kind: 'pipeline', pipeline: start.pipeline, parameters };
}

/**
 * Runs the simulation.
 * @returns the run tree, changes, requests and commands; problems met while running are in `diagnostics`
 *   (an error diagnostic means the simulation stopped)
 * @throws SimulationError for bad input found before anything runs (see {@link checkStart}); nothing has
 *   run or changed then
 */
export async function simulate(options: SimulateOptions): Promise<SimulationResult> {
  const now = new Date(options.now ?? new Date().toISOString()).toISOString();
  const startText = options.start.kind === 'event' ? options.start.path : options.start.kind === 'schedule' ? options.start.schedule : options.start.pipeline;
  const factory = factoryOf(options.artifacts, options.release);
  const storage = new LocalStorage(options.storage, factory.configFiles);
  const checked = checkStart(options, factory, storage, now);
  // What simulations killed while writing left: not blobs, and never renamed into place by anyone.
  storage.removeLeftovers();
  const result: SimulationResult = {
    release: options.release,
    now,
    start: { kind: options.start.kind, value: startText },
    runs: [],
    changes: [],
    requests: [],
    commands: [],
    diagnostics: [],
    outcome: 'succeeded',
  };
  const engine = engineOf(options, factory, storage, now, result);
  let notStarted = 0;
  const start = async (runs: TriggeredRun[], event?: BlobEvent) => {
    for (const r of runs) {
      const run = await runPipeline(
        engine,
        r.pipeline,
        r.parameters,
        { name: r.trigger, type: r.triggerType, ...(event ? { event: { type: event.type, path: event.path } } : {}) },
        r.triggerBody,
      );
      if (run) result.runs.push(run);
      else notStarted += 1;
    }
  };
  try {
    if (checked.kind === 'event') {
      if (checked.runs.length === 0) {
        const reasons = [...factory.triggers.values()].filter((t) => t.properties.type === 'BlobEventsTrigger').map((t) => whyNotFired(t, checked.event));
        result.diagnostics.push(asDiagnostic(codes.HUB452.raise({ release: options.release, path: checked.event.path, reasons })));
      }
      await start(checked.runs, checked.event);
    } else if (checked.kind === 'schedule') {
      await start(checked.runs);
    } else {
      const run = await runPipeline(engine, checked.pipeline, checked.parameters, { type: 'Manual' });
      if (run) result.runs.push(run);
    }
    while (storage.pending.length) {
      const event = storage.pending.shift()!;
      await start(runsForBlobEvent(factory, event, now), event);
    }
  } catch (e) {
    if (!(e instanceof SimulationError)) throw e;
    result.diagnostics.push(asDiagnostic(e.diagnostic));
  } finally {
    await engine.columnar.close();
  }
  concludeRun(result, engine, storage, notStarted);
  return result;
}

/** The engine of one simulation: the factory and storage it runs on, the limits, and where it records. */
function engineOf(options: SimulateOptions, factory: Engine['factory'], storage: LocalStorage, now: string, result: SimulationResult): Engine {
  return {
    factory,
    storage,
    responses: new Responses(options.responses),
    now,
    maxRuns: options.maxRuns ?? DEFAULT_MAX_RUNS,
    runCount: 0,
    runLimitHit: false,
    waitedSeconds: 0,
    requests: result.requests,
    commands: result.commands,
    diagnostics: result.diagnostics,
    factoryName: 'finops-hub-engine-simulated',
    guidCount: 0,
    columnar: new ColumnarEngine(),
  };
}

/** Adds what the run as a whole found (the run limit, colliding writes) and the changes, and sets the outcome. */
function concludeRun(result: SimulationResult, engine: Engine, storage: LocalStorage, notStarted: number): void {
  if (engine.runLimitHit) {
    result.diagnostics.push(asDiagnostic(codes.HUB455.raise({ maxRuns: engine.maxRuns, notStarted })));
  }
  for (const c of storage.collisions) {
    result.diagnostics.push(
      asDiagnostic(codes.HUB468.raise({ path: c.path, first: c.first.source!, second: c.second.source!, firstRun: c.first.runId, secondRun: c.second.runId })),
    );
  }
  result.changes.push(...storage.changes);
  // Every run counts, child runs too: a child started without waiting can fail while its parent succeeds.
  const failed = (r: PipelineRun) => r.status === 'Failed';
  if (allRuns(result).some(failed) || engine.runLimitHit || storage.collisions.length || result.diagnostics.some((d) => d.severity === 'error')) result.outcome = 'failed';
}
