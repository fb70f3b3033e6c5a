/**
 * Worker thread entry of `hubc validate`: runs the KQL validator (the Kusto language service, seconds of CPU)
 * while the main thread checks the template against the ARM schemas.
 *
 * Requests arrive as messages `{ id, input: KqlWorkerInput }` and are answered, one at a time, with
 * `{ id, output: KqlWorkerOutput }`. The worker lives as long as its process, so its in-memory caches (the
 * language service's grammar, outcomes of commands seen before) serve every later request.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { KustoLoadError, validateKqlScripts, type BlockOutcome, type KqlScript } from '../validators/kql.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** What the worker is given. */
export interface KqlWorkerInput {
  scripts: KqlScript[];
  /** Known command outcomes by command key (the on-disk cache's entry), already shape-checked. */
  known: [string, BlockOutcome][];
  /** Analyse only these commands (`KqlValidationOptions.part`): one of two threads sharing the validation. */
  part?: { from: number; to: number };
}

/** What the worker answers. */
export type KqlWorkerOutput = { ok: true; diagnostics: Diagnostic[]; used: [string, BlockOutcome][] } | { ok: false; kustoLoadError: boolean; message: string };

/** Commands between two progress messages of the worker. */
const PROGRESS_EVERY = 10;

/**
 * Validates the scripts (or a part of them) with the known outcomes as a block store.
 * @param onCommand told the number of commands done after each one (for progress)
 * @returns the diagnostics and every command outcome the run used, by key
 */
export function runKqlValidation(input: KqlWorkerInput, onCommand?: (done: number) => void): KqlWorkerOutput {
  const known = new Map(input.known);
  const used = new Map<string, BlockOutcome>();
  let done = 0;
  try {
    const result = validateKqlScripts(input.scripts, {
      blockStore: {
        get: (key) => known.get(key),
        set: (key, outcome) => {
          used.set(key, outcome);
          onCommand?.(++done);
        },
      },
      ...(input.part ? { part: input.part } : {}),
    });
    return { ok: true, diagnostics: result.diagnostics, used: [...used] };
  } catch (e) {
    return { ok: false, kustoLoadError: e instanceof KustoLoadError, message: (e as Error).message ?? String(e) };
  }
}

const port = parentPort;
if (port && (workerData as { hubcKqlWorker?: boolean } | undefined)?.hubcKqlWorker) {
  // With `progress`, `{ id, done }` messages come every few commands before the answer.
  port.on('message', (m: { id: number; input: KqlWorkerInput; progress?: boolean }) => {
    const tell = m.progress ? (done: number) => done % PROGRESS_EVERY === 0 && port.postMessage({ id: m.id, done }) : undefined;
    port.postMessage({ id: m.id, output: runKqlValidation(m.input, tell) });
  });
}
