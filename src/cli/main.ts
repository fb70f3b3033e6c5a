#!/usr/bin/env node
/**
 * The `hubc` executable: runs the command line (src/cli/program.ts) and exits with its code.
 *
 * An exception thrown outside any awaited work (a callback, a stream event) would otherwise end the process
 * with a stack trace; it is reported as HUB000 as `runCli` reports the others, and the process exits 70.
 * A closed output pipe (EPIPE) ends the process quietly.
 */
import { processIO, reportInternalError } from './io.js';
import { runCli } from './program.js';

const argv = process.argv.slice(2);
const crash = (e: unknown) => {
  const at = argv.lastIndexOf('--format');
  process.exitCode = reportInternalError(processIO, e, at >= 0 ? argv[at + 1] : undefined);
  // Whatever was still running is not to be trusted: leave once the report is written.
  setImmediate(() => process.exit());
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
// A reader that stops reading (`hubc diff ... | head`) closes the pipe: nothing more can be said there, and
// that is no error of hubc's. Leave quietly, as other command-line tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' ? process.exit(process.exitCode ?? 0) : crash(e)));
}

process.exitCode = await runCli(argv);
