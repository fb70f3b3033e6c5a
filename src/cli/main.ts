#!/usr/bin/env node
/**
 * The `hubc` executable (`dist/hubc.js`, run by bin/hubc.js).
 *
 * `hubc build` runs `dist/hubc-build.cjs` (the build command alone, ./buildCli.ts, bundled as CommonJS by
 * scripts/bundle.mjs) through V8's code cache (./codeCache.ts, in `<hubc cache>/code/`): from the second
 * run on, a build does not parse and compile its JavaScript again (issue #23). The cache is written after
 * a build that found none and succeeded (a failed build or `--help` compiles only part of the code, and a
 * cache once written is kept). Every other command, and `hubc build` when that bundle is missing (running
 * from the sources), runs the whole command line (./program.ts), loaded here with `import()`.
 *
 * An exception thrown outside any awaited work (a callback, a stream event) would otherwise end the process
 * with a stack trace; it is reported as HUB000 as `runCli` reports the others (with the reporter of the
 * code that runs: the build bundle's, or ./io.ts), and the process exits 70. A closed output pipe (EPIPE)
 * ends the process quietly.
 */
import { fileURLToPath } from 'node:url';
import { codeCacheDir } from '../cache/options.js';
import { loadCodeCached } from './codeCache.js';
import type { processIO, reportInternalError } from './io.js';
import type { runBuildCli } from './buildCli.js';

/** What reports an internal error: ./io.ts, as bundled with the code that runs. */
interface Reporter {
  processIO: typeof processIO;
  reportInternalError: typeof reportInternalError;
}

const argv = process.argv.slice(2);
let reporter: Reporter | undefined;
/** Set by the first internal error: the command's own exit code, if it still comes, no longer counts. */
let crashed = false;
const crash = (e: unknown) => {
  crashed = true;
  const at = argv.lastIndexOf('--format');
  const report = (r: Reporter) => {
    process.exitCode = r.reportInternalError(r.processIO, e, at >= 0 ? argv[at + 1] : undefined);
    // Whatever was still running is not to be trusted: leave once the report is written.
    setImmediate(() => process.exit());
  };
  if (reporter) report(reporter);
  else import('./io.js').then(report, () => process.exit(70));
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
// A reader that stops reading (`hubc diff ... | head`) closes the pipe: nothing more can be said there, and
// that is no error of hubc's. Leave quietly, as other command-line tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? process.exit(process.exitCode ?? 0) : crash(e)));
}

type BuildBundle = Reporter & { runBuildCli: typeof runBuildCli };
const build = argv[0] === 'build' ? loadCodeCached<BuildBundle>(fileURLToPath(new URL('./hubc-build.cjs', import.meta.url)), codeCacheDir()) : undefined;
if (build) {
  reporter = build.exports;
  const code = await build.exports.runBuildCli(argv);
  if (!crashed) process.exitCode = code;
  if (code === 0 && !crashed && !argv.includes('--help') && !argv.includes('-h')) build.save();
} else {
  const [{ runCli }, io] = await Promise.all([import('./program.js'), import('./io.js')]);
  reporter = io;
  const code = await runCli(argv);
  if (!crashed) process.exitCode = code;
}
