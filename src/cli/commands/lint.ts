/**
 * `hubc lint [FILE] [--release X | --all] [--out DIR] [--max-warnings N] [--maintainer-rules]
 * [--format text|json|sarif]`: compile a hub.yaml and hold the output to the lint rules (docs/lint.md);
 * writes nothing. The rules are loaded by the action.
 */
import { Option, type Command } from 'commander';
import { diagnosticStyle, EXIT } from '../io.js';
import { choiceOption, maxWarningsOption, releaseOption } from '../options.js';
import { readHubFile, type CommandContext } from './shared.js';

/** Adds the command to the program. */
export function registerLint(program: Command, ctx: CommandContext): void {
  program
    .command('lint')
    .summary('check the output against best-practice and security rules')
    .description(
      'Compiles FILE and checks the ARM template, portal form, Data Factory objects and KQL scripts against the lint rules ' +
        '(ARM-TTK template and createUiDefinition checks, PSRule for Azure security rules, Data Factory and Data Explorer guidance; ' +
        "see docs/lint.md) that are about what the hub deploys; rules about what only hubc's code decides (how the template is written, " +
        "the API versions a release pins) are hubc maintainers' and run only with --maintainer-rules. Findings are placed in the files " +
        'hubc build writes (DIR/<release>/...) when DIR holds this build, else in <release>/... of the build in memory. Rules listed under ' +
        'lint.suppress in hub.yaml are reported with their reason instead. Writes nothing; exits 1 when an error is left (or more ' +
        'warnings than --max-warnings), 0 otherwise.',
    )
    .argument('[file]', 'hub.yaml to lint', 'hub.yaml')
    .addOption(releaseOption())
    .addOption(new Option('--all', 'lint every release hubc builds').conflicts('release'))
    .option('-o, --out <dir>', 'build output folder the finding locations refer to, when it holds this build', 'dist-templates')
    .addOption(maxWarningsOption())
    .option('--maintainer-rules', "also run hubc maintainers' rules (what only hubc's code decides; hubc's tests run them)")
    .addOption(choiceOption('--format <format>', 'output format', ['text', 'json', 'sarif'], 'text'))
    .addHelpText('after', '\nExamples:\n  hubc lint\n  hubc lint --all --max-warnings 0\n  hubc lint my-hub.yaml --release 0.7 --format sarif > hubc.sarif\n')
    .action(async (file: string, opts: { release?: string; all?: boolean; out: string; maxWarnings?: number; maintainerRules?: boolean; format: 'text' | 'json' | 'sarif' }) => {
      const { io } = ctx;
      const text = readHubFile(io, file, opts.format === 'text' ? 'text' : 'json');
      if (typeof text === 'number') return ctx.exit(text);
      const { lintHub, lintExitCode } = await import('../../lint/index.js');
      const result = lintHub(text, { file, release: opts.release, all: opts.all, maintainerRules: opts.maintainerRules });
      const code = lintExitCode(result, opts.maxWarnings);
      const { findingFiles } = await import('../../lint/index.js');
      const files = findingFiles(opts.out, result.reports);
      if (opts.format === 'sarif') {
        const { toSarif } = await import('../../lint/index.js');
        io.out(`${JSON.stringify(toSarif(result, { files, hubFile: file, maintainerRules: opts.maintainerRules }), null, 2)}\n`);
      } else if (opts.format === 'json') {
        const releases = result.reports.map((r) => ({
          release: r.release,
          // `file` is relative to the release folder; `writtenFile` names the file on disk when the build folder holds it as linted.
          diagnostics: r.diagnostics.map((d) => (d.file && files.written(r.release, d.file) ? { ...d, writtenFile: files.pathOf(r.release, d.file) } : d)),
          suppressed: r.suppressed.map((s) => ({ ...s.diagnostic, reason: s.reason })),
        }));
        io.out(
          `${JSON.stringify({ clean: result.clean, errors: result.errors, warnings: result.warnings, releases, diagnostics: result.diagnostics, ...(result.skipped ? { skipped: result.skipped } : {}) }, null, 2)}\n`,
        );
      } else {
        const { formatLintText } = await import('../../lint/index.js');
        const { findings, summary } = formatLintText(result, files, opts.out, diagnosticStyle(io), opts.maxWarnings);
        for (const f of findings) io.err(`${f}\n`);
        for (const s of summary) io.out(`${s}\n`);
      }
      ctx.exit(code === 0 ? EXIT.ok : EXIT.diagnostics);
    });
}
