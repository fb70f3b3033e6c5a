/**
 * The hubc command line: the program of `shell.ts` (usage errors with suggestions, per-command `--help`
 * with examples, `--version`, exit codes) with every command, one `register*` function per command (each in
 * `src/cli/commands/`).
 *
 * Every command is registered on every run, so a command file imports only light modules: commander, the
 * CLI's own, and its feature's light face `options.ts` (choice lists, defaults, flag checks, e.g.
 * `src/azure/options.ts`); types with `import type`. Its action loads the compiler and its feature with
 * `import()`, so each command pays only for what it uses (issue #15; test/cli/startup.test.ts checks the
 * bundle, `node scripts/entry-inputs.mjs` lists what it loads).
 */
import type { Command } from 'commander';
import { processIO, type CliIO } from './io.js';
import { createProgramWith, runCommands, type RegisterCommand } from './shell.js';
import type { AzureOverrides, CommandContext } from './commands/shared.js';
import { registerBuild } from './commands/build.js';
import { registerValidate } from './commands/validate.js';
import { registerSimulate } from './commands/simulate.js';
import { registerDiff } from './commands/diff.js';
import { registerPublish } from './commands/publish.js';
import { registerDeploy } from './commands/deploy.js';
import { registerParams } from './commands/params.js';
import { registerLint } from './commands/lint.js';
import { registerCheck } from './commands/check.js';
import { registerUpgradePlan } from './commands/upgradePlan.js';
import { registerMigrateData } from './commands/migrateData.js';
import { registerInit } from './commands/init.js';
import { registerImport } from './commands/import.js';
import { registerCompletion } from './commands/completion.js';
import { registerGraph } from './commands/graph.js';

/** Every command, in the order `hubc --help` lists them. */
const COMMANDS: RegisterCommand[] = [
  registerInit,
  registerBuild,
  registerValidate,
  registerLint,
  registerCheck,
  registerDiff,
  registerUpgradePlan,
  registerGraph,
  registerPublish,
  registerSimulate,
  registerDeploy,
  registerParams,
  registerMigrateData,
  registerImport,
  registerCompletion,
];

/**
 * The program with every command, writing to `io`; `ctx.exit` records the code a command's action chose.
 * Exported for tests that hold the docs to the registered commands and options
 * (test/cli/commandsTable.test.ts).
 */
export function createProgram(ctx: CommandContext): Command {
  return createProgramWith(ctx, COMMANDS);
}

/**
 * Runs hubc with the given arguments (without `node` and the script path). An error no command expected
 * is reported as HUB000 and exits 70 (`runCommands` of ./shell.ts).
 * @param options `azure`: test-only replacements for the Azure credential and client settings
 * @returns the exit code: 0 success, 1 diagnostics, 2 usage or environment errors, 70 internal error
 */
export function runCli(argv: readonly string[], io: CliIO = processIO, options: { azure?: AzureOverrides } = {}): Promise<number> {
  return runCommands(argv, COMMANDS, io, options);
}
