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
import { EXIT, processIO, reportInternalError, type CliIO } from './io.js';
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
  program.addHelpText(
    'after',
    '\nExit codes: 0 success, 1 diagnostics (errors in hub.yaml or the output; for diff: the builds differ), 2 usage or environment errors, 70 an internal error of hubc (a bug; reported as one line).\n',
  );
  for (const register of commands) register(program, ctx);
  program.showHelpAfterError(`(commands: ${program.commands.map((c) => c.name()).join(', ')}; run hubc --help for usage)`);
  for (const command of program.commands) {
    const flags = command.options
      .map((o) => o.long)
      .concat('--help')
      .join(', ');
    command
      .exitOverride()
      .configureOutput({ writeOut: ctx.io.out, writeErr: ctx.io.err })
      .showHelpAfterError(`(options of hubc ${command.name()}: ${flags}; run hubc ${command.name()} --help for usage)`);
  }
  return program;
}

/**
 * Runs the program of `commands` with the given arguments (without `node` and the script path).
 *
 * This is the one place an error no command expected ends up (any exception of a command's action, a
 * stack overflow included): it is reported as HUB000 in the command's output format (`reportInternalError`)
 * and the run exits 70, never with a stack trace.
 * @param options `azure`: test-only replacements for the Azure credential and client settings
 * @returns the exit code: 0 success, 1 diagnostics, 2 usage or environment errors, 70 internal error
 */
export async function runCommands(argv: readonly string[], commands: readonly RegisterCommand[], io: CliIO = processIO, options: { azure?: AzureOverrides } = {}): Promise<number> {
  let code: number = EXIT.ok;
  let running: Command | undefined;
  try {
    const program = createProgramWith({ io, exit: (c) => (code = c), azure: options.azure }, commands);
    program.hook('preAction', (_program, action) => void (running = action));
    if (argv.length === 0) {
      io.err(program.helpInformation());
      return EXIT.usage;
    }
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    return reportInternalError(io, e, formatOf(running, argv));
  }
  return code;
}

/** The output format of the command that was running (`--format`), read from its options, else from the arguments. */
function formatOf(command: Command | undefined, argv: readonly string[]): string | undefined {
  const chosen = command?.opts().format;
  if (typeof chosen === 'string') return chosen;
  const at = argv.lastIndexOf('--format');
  return at >= 0 ? argv[at + 1] : argv.find((a) => a.startsWith('--format='))?.slice('--format='.length);
}
