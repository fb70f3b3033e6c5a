/**
 * `hubc validate [FILE] [--schemas-dir DIR] [--no-cache] [--no-lint] [--max-warnings N] [--format text|json]`: compile a hub.yaml
 * and run every output validator (the work is `validateHub` in src/validate/run.ts, loaded by the action);
 * writes nothing but the result cache. This file reads the file and prints.
 */
import type { Command } from 'commander';
import { countsText } from '../../diagnostics/diagnostic.js';
import { EXIT, reportDiagnostics, reportEnvironmentError, type OutputFormat } from '../io.js';
import { formatOption, maxWarningsOption, releaseOption } from '../options.js';
import { asEnvironmentError, readHubFile, type CommandContext } from './shared.js';
import { progressLine, type ProgressLine } from '../progress.js';
import type { ValidateProgress } from '../../validate/index.js';

/** A step of the validation on the terminal's progress line; the download of the schemas as a line that stays. */
function showProgress(line: ProgressLine, file: string, p: ValidateProgress): void {
  if (p.kind === 'fetch')
    line.say(`hubc validate: first use: downloading the ARM JSON schemas the template needs (${p.files} files or more) from ${p.from} into ${p.into}; later runs read them there`);
  else if (p.kind === 'compile') line.show(`hubc validate: compiling ${file}`);
  else if (p.kind === 'template') line.show(`hubc validate: checking ${p.resources} resources against the ARM JSON schemas and the Data Factory SDK model`);
  else if (p.kind === 'kql') line.show(`hubc validate: analysing KQL commands (Kusto language service): ${p.done} of ${p.total}`);
  else line.show('hubc validate: running the lint rules');
}

/** Adds the command to the program. */
export function registerValidate(program: Command, ctx: CommandContext): void {
  program
    .command('validate')
    .summary('compile a hub.yaml and run every output validator')
    .description(
      'Compiles FILE and checks the output with the official ARM JSON schemas, the Data Factory SDK model, the ARM and Data Factory ' +
        'expression reference checks and the Kusto language service. Writes nothing; exits 1 when an error is found (or more warnings ' +
        'than --max-warnings), 0 when only warnings are. ' +
        'The official ARM JSON schemas come from --schemas-dir, else ARM_SCHEMAS_DIR, else ../shared/arm-schemas beside the checkout ' +
        '(when it holds every file the template needs), else the cache $XDG_CACHE_HOME/hubc/arm-schemas (default ~/.cache/hubc/arm-schemas), ' +
        'into which the files the template needs are downloaded on first use from https://schema.management.azure.com/schemas/ ' +
        '(or the base URL in HUBC_ARM_SCHEMAS_URL). Without any of them (offline, no copy) it exits 2. ' +
        'It also runs the lint rules reported to hub.yaml authors (as hubc lint does, with the suppressions of hub.yaml); --no-lint skips them. ' +
        'Results of the schema, SDK and Kusto validators are kept in $HUBC_CACHE_DIR/results, else $XDG_CACHE_HOME/hubc/results ' +
        '(default ~/.cache/hubc/results), keyed by everything they depend on, so validating an unchanged hub again takes well under a second (the whole run is read back) ' +
        'and after an edit only what changed is checked again; --no-cache neither reads nor writes it.',
    )
    .argument('[file]', 'hub.yaml to validate', 'hub.yaml')
    .option('--schemas-dir <dir>', 'folder with a copy of the official ARM JSON schemas (overrides ARM_SCHEMAS_DIR)')
    .option('--no-lint', 'skip the lint rules (hubc lint)')
    .option('--no-cache', 'neither read nor write the validation result cache')
    .addOption(maxWarningsOption())
    .addOption(releaseOption())
    .addOption(formatOption())
    .addHelpText(
      'after',
      '\nExamples:\n  hubc validate\n  ARM_SCHEMAS_DIR=~/arm-schemas hubc validate my-hub.yaml --format json\n  hubc validate --no-lint\n  hubc validate --no-cache\n',
    )
    .action(async (file: string, opts: { schemasDir?: string; lint: boolean; cache: boolean; maxWarnings?: number; release?: string; format: OutputFormat }) => {
      const { io } = ctx;
      const text = readHubFile(io, file, opts.format);
      if (typeof text === 'number') return ctx.exit(text);
      let outcome;
      const progress = progressLine(io, opts.format);
      try {
        const { validateHub } = await import('../../validate/index.js');
        outcome = await validateHub({
          file,
          text,
          release: opts.release,
          lint: opts.lint,
          schemasDir: opts.schemasDir,
          cache: opts.cache,
          ...(progress.shown ? { onProgress: (p: ValidateProgress) => showProgress(progress, file, p) } : {}),
        });
      } catch (e) {
        progress.done();
        const environment = await asEnvironmentError(e);
        if (environment) return ctx.exit(reportEnvironmentError(io, environment, opts.format));
        throw e;
      }
      progress.done();
      if (outcome.kind === 'compile-failed') {
        reportDiagnostics(io, outcome.diagnostics, opts.format);
        return ctx.exit(EXIT.diagnostics);
      }
      const { record, cache } = outcome;
      const errors = record.diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = record.diagnostics.filter((d) => d.severity === 'warning').length;
      const over = opts.maxWarnings !== undefined && warnings > opts.maxWarnings;
      // One summary line, last, with the totals the exit code is decided on (as hubc lint ends).
      const totals = `${countsText(errors, warnings)}${over ? `; more than --max-warnings ${opts.maxWarnings}` : ''}`;
      if (errors) {
        reportDiagnostics(io, record.diagnostics, opts.format, { release: record.release, valid: false, lint: record.lint, cache });
        if (opts.format === 'text') io.out(`${file}: release ${record.release}: ${totals}\n`);
        return ctx.exit(EXIT.diagnostics);
      }
      reportDiagnostics(io, record.diagnostics, opts.format, { release: record.release, files: record.files, valid: true, lint: record.lint, cache });
      const lintNote = record.lint === 'skipped' ? 'lint skipped (--no-lint)' : `lint ran (${record.lint.suppressed} suppressed)`;
      const cacheNote = cache === 'run' ? ' (results from the cache)' : '';
      if (opts.format === 'text') io.out(`${file}: release ${record.release}, ${record.files} files, all validators clean${cacheNote}, ${lintNote}: ${totals}\n`);
      if (over) return ctx.exit(EXIT.diagnostics);
      ctx.exit(EXIT.ok);
    });
}
