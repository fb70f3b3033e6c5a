/**
 * Runs the hubc command line in this process (`runCli` of src/cli/program.ts) with its output captured,
 * as the command tests do.
 */
import { runCli } from '../../src/cli/program.js';
import type { CliIO } from '../../src/cli/io.js';

/** What one run printed and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `hubc <argv>` with captured stdout and stderr.
 * @param options `isTTY` (default false) as the output stream reports it, `errIsTTY` (default false) as
 *   stderr does; `colour` (default false): diagnostics coloured as on a terminal; `azure`, the SDK overrides
 *   `runCli` passes to deploy, params and migrate-data (credential, endpoints, client options)
 */
export async function runHubc(argv: readonly string[], options: { isTTY?: boolean; errIsTTY?: boolean; colour?: boolean } & Parameters<typeof runCli>[2] = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
    isTTY: options.isTTY ?? false,
    errIsTTY: options.errIsTTY ?? false,
    colour: options.colour ?? false,
  };
  const code = await runCli(argv, io, options.azure ? { azure: options.azure } : undefined);
  return { code, stdout, stderr };
}
