/**
 * `hubc lint [FILE] [--release X | --all] [--out DIR] [--format text|json|sarif]`: compile a hub.yaml and
 * hold the output to the lint rules (docs/lint.md); writes nothing. The rules are loaded by the action.
 */
import { Option, type Command } from 'commander';
import { EXIT } from '../io.js';
import { choiceOption, releaseOption } from '../options.js';
import { readHubFile, type CommandContext } from './shared.js';

/** Adds the command to the program. */
export function registerLint(program: Command, ctx: CommandContext): void {
  program
    .command('lint')
    .summary('check the output against best-practice and security rules')
    .description(
      'Compiles FILE and checks the ARM template, portal form, Data Factory objects and KQL scripts against the lint rules ' +
        '(ARM-TTK template and createUiDefinition checks, PSRule for Azure security rules, Data Factory and Data Explorer guidance; ' +
        'see docs/lint.md). Findings are placed in the files hubc build writes (DIR/<release>/...). Rules listed under lint.suppress ' +
        'in hub.yaml are reported with their reason instead. Writes nothing; exits 0 when nothing is left, 1 otherwise.',
    )
    .argument('[file]', 'hub.yaml to lint', 'hub.yaml')
    .addOption(releaseOption())
    .addOption(new Option('--all', 'lint every release hubc builds').conflicts('release'))
    .option('-o, --out <dir>', 'build output folder the finding locations refer to', 'dist-templates')
    .addOption(choiceOption('--format <format>', 'output format', ['text', 'json', 'sarif'], 'text'))
    .addHelpText('after', '\nExamples:\n  hubc lint\n  hubc lint --all\n  hubc lint my-hub.yaml --release 0.7 --format sarif > hubc.sarif\n')
    .action(async (file: string, opts: { release?: string; all?: boolean; out: string; format: 'text' | 'json' | 'sarif' }) => {
      const { io } = ctx;
      const text = readHubFile(io, file, opts.format === 'text' ? 'text' : 'json');
      if (typeof text === 'number') return ctx.exit(text);
      const { lintHub } = await import('../../lint/index.js');
      const result = lintHub(text, { file, release: opts.release, all: opts.all });
      if (opts.format === 'sarif') {
        const { toSarif } = await import('../../lint/sarif.js');
        io.out(`${JSON.stringify(toSarif(result, { out: opts.out, hubFile: file }), null, 2)}\n`);
      } else if (opts.format === 'json') {
        const releases = result.reports.map((r) => ({
          release: r.release,
          diagnostics: r.diagnostics,
          suppressed: r.suppressed.map((s) => ({ ...s.diagnostic, reason: s.reason })),
        }));
        io.out(`${JSON.stringify({ clean: result.clean, releases, diagnostics: result.diagnostics }, null, 2)}\n`);
      } else {
        const { formatLintText } = await import('../../lint/format.js');
        const { findings, summary } = formatLintText(result, opts.out);
        for (const f of findings) io.err(`${f}\n`);
        for (const s of summary) io.out(`${s}\n`);
      }
      ctx.exit(result.clean ? EXIT.ok : EXIT.diagnostics);
    });
}
