/**
 * `hubc completion bash|zsh|fish`: print the shell completion script, generated from the commands and
 * options registered on this program (the work is in `src/cli/completion.ts`).
 */
import { Argument, type Command } from 'commander';
import { EXIT } from '../io.js';
import type { CommandContext } from './shared.js';

const SHELL_NAMES = ['bash', 'zsh', 'fish'] as const;

/** Adds the command to the program. */
export function registerCompletion(program: Command, ctx: CommandContext): void {
  program
    .command('completion')
    .summary('print the shell completion script')
    .description(
      "Prints the completion script of a shell for hubc's commands, options and option values (releases, formats, clouds), made from the commands as registered. " +
        'Load it with source <(hubc completion bash), source <(hubc completion zsh) or hubc completion fish | source; the script says how to load it in every new shell.',
    )
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELL_NAMES))
    .addHelpText('after', '\nExamples:\n  source <(hubc completion bash)\n  hubc completion zsh > ~/.zfunc/_hubc\n  hubc completion fish > ~/.config/fish/completions/hubc.fish\n')
    .action(async (shell: (typeof SHELL_NAMES)[number]) => {
      const [{ completionScript }, { HUBC_VERSION }] = await Promise.all([import('../completion.js'), import('../../util/version.js')]);
      ctx.io.out(completionScript(shell, program, HUBC_VERSION));
      ctx.exit(EXIT.ok);
    });
}
