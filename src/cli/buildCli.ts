/**
 * `hubc build` alone: the program of `shell.ts` with the build command only, the same command, options,
 * help and exit codes as in the full command line (`program.ts`).
 *
 * It is the entry of `dist/hubc-build.cjs`, a CommonJS bundle of the build path (commander, the compiler,
 * the output checks, the writer; scripts/bundle.mjs `BUILD_BUNDLE_OPTIONS`), which `main.ts` runs for
 * `hubc build` through V8's code cache (`codeCache.ts`), so that a build does not parse and compile its
 * JavaScript again on every run. CommonJS because Node 20 offers a code cache only to scripts
 * (`vm.Script` `cachedData`), not to ES modules.
 */
import { registerBuild } from './commands/build.js';
import { processIO, type CliIO } from './io.js';
import { runCommands } from './shell.js';

/**
 * Runs `hubc build` with the given arguments (without `node` and the script path; `argv[0]` is `build`).
 * @returns the exit code: 0 success, 1 diagnostics, 2 usage or environment errors
 */
export function runBuildCli(argv: readonly string[], io: CliIO = processIO): Promise<number> {
  return runCommands(argv, [registerBuild], io);
}

/** The process's streams and the internal-error report of this bundle, for the launcher's handlers (main.ts). */
export { processIO, reportInternalError } from './io.js';
