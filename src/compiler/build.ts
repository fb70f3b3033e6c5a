/**
 * `hubc build` as a library: compile a hub.yaml for one release or several, run the quick output checks
 * (./validateOutput.ts) on each, and only when no release has an error, write every release into
 * `<out>/<release>/`, each folder replaced whole and atomically under the output folder's lock (./write.ts).
 * The command line (src/cli/commands/build.ts, `--watch` in src/cli/watch.ts) reads the file, maps flags to
 * {@link BuildOptions} and what is thrown to exit codes; nothing of the build is decided there.
 */
import { hasErrors, EnvironmentError, HubcError, type Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { UnsafePathError } from '../util/files.js';
import { FolderLockedError, LockLostError } from '../util/lock.js';
import { compile, type CompileOptions, type CompileResult } from './compile.js';
import { validateOutput } from './validateOutput.js';
import { writeReleases } from './write.js';

/** A compile of one release and every diagnostic of it: the compiler's, then the quick output checks'. */
export interface CheckedCompile {
  result: CompileResult;
  diagnostics: Diagnostic[];
}

/**
 * Compiles hub.yaml text and, when that has no error, runs the quick output checks on the result (ARM and
 * Data Factory references, Data Factory nesting: HUB3xx), as every build does before anything is written.
 * @returns the result with the diagnostics of both steps (the checks' only when the compile has no error)
 */
export function compileChecked(text: string, options: CompileOptions = {}): CheckedCompile {
  const result = compile(text, options);
  if (hasErrors(result.diagnostics) || !result.release) return { result, diagnostics: result.diagnostics };
  return { result, diagnostics: [...result.diagnostics, ...validateOutput(result)] };
}

/** What {@link build} is asked to do. */
export interface BuildOptions {
  /** The output folder; each release goes to `<out>/<release>/` (created when missing). */
  out: string;
  /** The hub.yaml's name in diagnostics; default `hub.yaml`. */
  file?: string;
  /** The releases to build: `undefined` is the file's own `release:` (the default, `[undefined]`); `RELEASE_VERSIONS` builds every release. */
  releases?: readonly (string | undefined)[];
}

/** A release {@link build} wrote. */
export interface BuiltRelease {
  release: string;
  /** The release folder written (`<out>/<release>`, absolute). */
  out: string;
  /** Its files, relative to the release folder, in path order. */
  files: string[];
  /** The compile, for callers that go on with it (lint, validate). */
  result: CompileResult;
  /** Its warnings and infos (a build with an error writes nothing). */
  diagnostics: Diagnostic[];
}

/** The outcome of {@link build}: the releases written, or the diagnostics of the first release that has an error (nothing written). */
export type BuildResult = { written: BuiltRelease[] } | { failed: Diagnostic[] };

/** The output folder could not be written (HUB002); what hubc wrote of it is gone again (./write.ts). */
export class OutputWriteError extends HubcError {}

/**
 * Builds hub.yaml text: compile and check every requested release first (an error in any writes nothing),
 * then write them all.
 * @throws EnvironmentError HUB010 when `<out>/<release>` or a part of `out` is not a folder, HUB011 when
 *   another hubc holds the output folder's lock for the whole wait, HUB470 when another took the lock over
 * @throws OutputWriteError HUB002 when the files cannot be written (the file system's message)
 */
export async function build(text: string, options: BuildOptions): Promise<BuildResult> {
  const file = options.file ?? 'hub.yaml';
  const checked: CheckedCompile[] = [];
  for (const release of options.releases ?? [undefined]) {
    const c = compileChecked(text, { file, release });
    if (hasErrors(c.diagnostics) || !c.result.release) return { failed: c.diagnostics };
    checked.push(c);
  }
  const folders = await writeChecked(options.out, checked);
  return {
    written: checked.map(({ result, diagnostics }, i) => ({ release: result.release!, out: folders[i], files: [...result.artifacts.keys()], result, diagnostics })),
  };
}

/** Writes checked compiles, the write's failures as hubc's errors (see {@link build}). */
async function writeChecked(out: string, checked: readonly CheckedCompile[]): Promise<string[]> {
  try {
    return await writeReleases(
      out,
      checked.map(({ result }) => ({ release: result.release!, artifacts: result.artifacts })),
    );
  } catch (e) {
    if (e instanceof UnsafePathError) throw new EnvironmentError(codes.HUB010.folder({ path: e.path, what: e.what }));
    if (e instanceof FolderLockedError) throw new EnvironmentError(codes.HUB011.raise({ dir: e.dir, seconds: Math.round(e.waitedMs / 1000), pid: e.ownerPid }));
    if (e instanceof LockLostError) throw new EnvironmentError(codes.HUB470.lost({ dir: e.dir }));
    throw new OutputWriteError({ ...codes.HUB002.output({ detail: (e as Error).message }), file: out });
  }
}
