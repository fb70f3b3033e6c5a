/**
 * The commander program every hubc command line is built on: shared manners (usage errors with
 * suggestions, per-command `--help` with examples, `--version`) and the mapping of every outcome to an exit
 * code (see `io.ts`), around a list of `register*` functions (each in `src/cli/commands/`).
 *
 * `program.ts` runs it with every command; `buildCli.ts` with `hubc build` alone, the program of the
 * code-cached start-up path of `hubc build` (see `main.ts`).
 */
import { Command, CommanderError } from 'commander';
import { HUBC_VERSION } from '../util/version.js';
import { EXIT, processIO, type CliIO } from './io.js';
import type { AzureOverrides, CommandContext } from './commands/shared.js';

/** Adds one command (its options, help and action) to the program. */
export type RegisterCommand = (program: Command, ctx: CommandContext) => void;

/**
 * The program with `commands` registered in the order given (the order `hubc --help` lists them), writing
 * to `ctx.io`; `ctx.exit` records the code a command's action chose.
 */
export function createProgramWith(ctx: CommandContext, commands: readonly RegisterCommand[]): Command {
  const program = new Command('hubc')
    .description('The FinOps hub compiler: turns a hub.yaml into the ARM template, portal form, Data Factory JSON, KQL and config files of a FinOps hub release.')
    .version(HUBC_VERSION, '-v, --version', 'print the hubc version')
    .helpOption('-h, --help', 'show help for hubc or a command')
    .configureOutput({ writeOut: ctx.io.out, writeErr: ctx.io.err })
    .exitOverride();
  program.addHelpText('after', '\nExit codes: 0 success, 1 diagnostics (errors in hub.yaml or the output; for diff: the builds differ), 2 usage or environment errors.\n');
  for (const register of commands) register(program, ctx);
  program.showHelpAfterError(`(commands: ${program.commands.map((c) => c.name()).join(', ')}; run hubc --help for usage)`);
  for (const command of program.commands) {
    const flags = command.options.map((o) => o.long).concat('--help').join(', ');
    command
      .exitOverride()
      .configureOutput({ writeOut: ctx.io.out, writeErr: ctx.io.err })
      .showHelpAfterError(`(options of hubc ${command.name()}: ${flags}; run hubc ${command.name()} --help for usage)`);
  }
  return program;
}

/**
 * Runs the program of `commands` with the given arguments (without `node` and the script path).
 * @param options `azure`: test-only replacements for the Azure credential and client settings
 * @returns the exit code: 0 success, 1 diagnostics, 2 usage or environment errors
 */
export async function runCommands(
  argv: readonly string[],
  commands: readonly RegisterCommand[],
  io: CliIO = processIO,
  options: { azure?: AzureOverrides } = {},
): Promise<number> {
  let code: number = EXIT.ok;
  const program = createProgramWith({ io, exit: (c) => (code = c), azure: options.azure }, commands);
  if (argv.length === 0) {
    io.err(program.helpInformation());
    return EXIT.usage;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  return code;
}
