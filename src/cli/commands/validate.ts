/**
 * `hubc validate [FILE] [--schemas-dir DIR] [--no-cache] [--no-lint] [--format text|json]`: compile a hub.yaml
 * and run every output validator (src/validate/cached.ts, loaded only by this command); writes nothing but
 * the result cache. The validators, the schema locator, the lint rules and the cache are loaded by the
 * action (`import()`), not when the command is registered.
 */
import type { Command } from 'commander';
import { hasErrors } from '../../compiler/diagnostics.js';
import { EXIT, reportDiagnostics, reportEnvironmentError, type OutputFormat } from '../io.js';
import { formatOption, releaseOption } from '../options.js';
import { asEnvironmentError, compileFile, type CommandContext } from './shared.js';
import type { CacheReport } from '../../validate/cached.js';

/** Adds the command to the program. */
export function registerValidate(program: Command, ctx: CommandContext): void {
  program
    .command('validate')
    .summary('compile a hub.yaml and run every output validator')
    .description(
      'Compiles FILE and checks the output with the official ARM JSON schemas, the Data Factory SDK model, the ARM and Data Factory ' +
        'expression reference checks and the Kusto language service. Writes nothing; exits 0 only when every check is clean. ' +
        'The official ARM JSON schemas come from --schemas-dir, else ARM_SCHEMAS_DIR, else ../shared/arm-schemas beside the checkout ' +
        '(when it holds every file the template needs), else the cache $XDG_CACHE_HOME/hubc/arm-schemas (default ~/.cache/hubc/arm-schemas), ' +
        'into which the files the template needs are downloaded on first use from https://schema.management.azure.com/schemas/ ' +
        '(or the base URL in HUBC_ARM_SCHEMAS_URL). Without any of them (offline, no copy) it exits 2. ' +
        'It also runs the lint rules (as hubc lint does, with the suppressions of hub.yaml); --no-lint skips them. ' +
        'Results of the schema, SDK and Kusto validators are kept in $HUBC_CACHE_DIR/results, else $XDG_CACHE_HOME/hubc/results ' +
        '(default ~/.cache/hubc/results), keyed by everything they depend on, so validating an unchanged hub again takes well under a second; ' +
        '--no-cache neither reads nor writes it.',
    )
    .argument('[file]', 'hub.yaml to validate', 'hub.yaml')
    .option('--schemas-dir <dir>', 'folder with a copy of the official ARM JSON schemas (overrides ARM_SCHEMAS_DIR)')
    .option('--no-lint', 'skip the lint rules (hubc lint)')
    .option('--no-cache', 'neither read nor write the validation result cache')
    .addOption(releaseOption())
    .addOption(formatOption())
    .addHelpText('after', '\nExamples:\n  hubc validate\n  ARM_SCHEMAS_DIR=~/arm-schemas hubc validate my-hub.yaml --format json\n  hubc validate --no-lint\n  hubc validate --no-cache\n')
    .action(async (file: string, opts: { schemasDir?: string; lint: boolean; cache: boolean; release?: string; format: OutputFormat }) => {
      const { io } = ctx;
      const result = await compileFile(io, file, opts.format, opts.release);
      if (typeof result === 'number') return ctx.exit(result);
      let checked;
      let cacheReport: CacheReport | 'off';
      try {
        const template = JSON.parse(result.artifacts.get('azuredeploy.json') ?? '{}') as unknown;
        const { prepareArmSchemas } = await import('../../validators/armSchema/locate.js');
        const schemasDir = await prepareArmSchemas({ explicit: opts.schemasDir, templates: [template] });
        const [{ validateOutputCached }, { NO_CACHE, openResultCache, resultCacheDir }] = await Promise.all([import('../../validate/cached.js'), import('../../cache/index.js')]);
        const cache = opts.cache ? openResultCache(resultCacheDir()) : NO_CACHE;
        const validated = await validateOutputCached(result, { schemasDir, cache });
        checked = validated.diagnostics;
        cacheReport = opts.cache ? validated.report : 'off';
      } catch (e) {
        const environment = await asEnvironmentError(e);
        if (environment) return ctx.exit(reportEnvironmentError(io, environment, opts.format));
        throw e;
      }
      const lint = opts.lint
        ? (await import('../../lint/engine.js')).lintRelease({
            release: result.release!,
            artifacts: result.artifacts,
            suppressions: result.model!.lint.suppress,
            options: { chosenLocations: [result.model!.hub.location, result.model!.hub.eventGridLocation] },
          })
        : undefined;
      const diagnostics = [...result.diagnostics, ...checked, ...(lint?.diagnostics ?? [])];
      const lintSummary = lint ? { findings: lint.diagnostics.length, suppressed: lint.suppressed.length } : 'skipped';
      if (hasErrors(diagnostics)) {
        reportDiagnostics(io, diagnostics, opts.format, { release: result.release, valid: false, lint: lintSummary, cache: cacheReport });
        return ctx.exit(EXIT.diagnostics);
      }
      reportDiagnostics(io, diagnostics, opts.format, { release: result.release, files: result.artifacts.size, valid: true, lint: lintSummary, cache: cacheReport });
      const lintNote = lint ? `, lint: ${lint.diagnostics.length} warning(s), ${lint.suppressed.length} suppressed` : ', lint skipped (--no-lint)';
      if (opts.format === 'text') io.out(`${file}: release ${result.release}, ${result.artifacts.size} files, all validators clean${lintNote}\n`);
      ctx.exit(EXIT.ok);
    });
}
