/**
 * `hubc build --watch`: build once, then again each time the hub.yaml is saved, as `tsc --watch` does,
 * until Ctrl-C (SIGINT) or SIGTERM, which end it with exit code 0.
 *
 * - The file's folder is watched (node:fs `watch`), not the file: editors that save by writing a new file
 *   and renaming it over the old one replace the file a watch on it would follow.
 * - Changes are debounced: a build starts once the file has been quiet for {@link DEBOUNCE_MS}, since a
 *   save is often several writes. A change during a build (the first one included: the folder is watched
 *   from before it) starts one more build after it.
 * - A build that fails (hub.yaml errors, an unreadable or missing file, an output that cannot be written,
 *   even an internal error) is reported as `hubc build` reports it, and the watch goes on.
 * - After every build one status line on stdout says what happened and that hubc is watching.
 */
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { EXIT, reportInternalError, reportUsageError, type CliIO } from './io.js';
import { codes } from '../diagnostics/index.js';

/** Quiet time after the last change before a build starts, in milliseconds. */
export const DEBOUNCE_MS = 150;

/** What one build did: its exit code, the errors and warnings it reported, the release folders it wrote. */
export interface BuildOutcome {
  code: number;
  errors: number;
  warnings: number;
  written: { release: string; out: string; files: string[] }[];
}

/** Options of {@link watchFile}. */
export interface WatchOptions {
  /** Ends the watch; by default SIGINT and SIGTERM do. */
  signal?: AbortSignal;
  /** The clock of the status lines. */
  now?: () => Date;
}

/** `HH:MM:SS` of the local clock. */
const clock = (d: Date) => d.toTimeString().slice(0, 8);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The status line of one build. */
export function statusLine(outcome: BuildOutcome, file: string, at: Date): string {
  const watching = `watching ${file} for changes (Ctrl-C to stop)`;
  const head = `[${clock(at)}]`;
  switch (outcome.code) {
    case EXIT.ok: {
      const files = outcome.written.reduce((n, w) => n + w.files.length, 0);
      const where = outcome.written.length === 1 ? `release ${outcome.written[0]!.release} into ${outcome.written[0]!.out}` : `${outcome.written.length} releases`;
      return `${head} built ${where}: ${plural(files, 'file')}, ${plural(outcome.warnings, 'warning')}; ${watching}`;
    }
    case EXIT.diagnostics:
      return `${head} not built: ${plural(outcome.errors, 'error')} (above), nothing written; ${watching}`;
    case EXIT.usage:
      return `${head} not built: ${file} could not be read or the output not written (above); ${watching}`;
    default:
      return `${head} not built: an internal error of hubc (above); ${watching}`;
  }
}

/** An AbortSignal that SIGINT or SIGTERM aborts, with what undoes it. */
function signals(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.on('SIGINT', abort);
  process.on('SIGTERM', abort);
  return { signal: controller.signal, dispose: () => (process.off('SIGINT', abort), process.off('SIGTERM', abort)) };
}

/**
 * Builds, then builds again on every change of `file`, printing a status line after each build.
 * @param build one build, reporting its own diagnostics (`buildOnce` of ./commands/build.ts)
 * @returns 0 once stopped (the signal, Ctrl-C); 2 when the folder cannot be watched (any longer)
 */
export async function watchFile(io: CliIO, file: string, build: () => Promise<BuildOutcome>, options: WatchOptions = {}): Promise<number> {
  const now = options.now ?? (() => new Date());
  const own = options.signal ? undefined : signals();
  const signal = options.signal ?? own!.signal;
  const once = async () => {
    let outcome: BuildOutcome;
    try {
      outcome = await build();
    } catch (e) {
      outcome = { code: reportInternalError(io, e, 'text'), errors: 0, warnings: 0, written: [] };
    }
    io.out(`${statusLine(outcome, file, now())}\n`);
  };
  const target = resolve(file);
  return new Promise<number>((done) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let again = false;
    let stopped = false;
    const finish = async (code: number) => {
      if (stopped) return;
      stopped = true;
      watcher?.close();
      clearTimeout(timer);
      await running;
      // Not while the signal is being delivered: another SIGINT listener (signal-exit, of the lock library)
      // re-sends the signal, ending the process, when it finds itself the only listener left.
      own?.dispose();
      done(code);
    };
    const run = () => {
      if (stopped) return;
      if (running) return void (again = true);
      running = once().finally(() => {
        running = undefined;
        if (again) {
          again = false;
          schedule();
        }
      });
    };
    const schedule = () => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(run, DEBOUNCE_MS);
    };
    let watcher: FSWatcher | undefined;
    try {
      watcher = watch(dirname(target), (_event, name) => {
        if (name === null || name === basename(target)) schedule();
      });
    } catch (e) {
      reportUsageError(io, codes.HUB064.start({ dir: dirname(target), detail: (e as Error).message }));
      return void finish(EXIT.usage);
    }
    watcher.on('error', (e) => {
      reportUsageError(io, codes.HUB064.lost({ dir: dirname(target), detail: e.message }));
      void finish(EXIT.usage);
    });
    // Watching from before the first build: a save while it runs starts another one after it.
    run();
    if (signal.aborted) void finish(EXIT.ok);
    else signal.addEventListener('abort', () => void finish(EXIT.ok), { once: true });
  });
}
