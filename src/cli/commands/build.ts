/**
 * `hubc build [FILE] [--out DIR] [--release X | --all] [--watch] [--format text|json]`: compile a hub.yaml
 * into `DIR/<release>/` (every release with `--all`); with `--watch`, again on every save (../watch.ts).
 */
import type { Command } from 'commander';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import { RELEASE_VERSIONS } from '../../model/releases.js';
import { collapseLeftOutSections, EXIT, reportDiagnostics, reportEnvironmentError, reportUsageError, type CliIO, type OutputFormat } from '../io.js';
import { codes } from '../../diagnostics/index.js';
import { formatOption, releaseOption } from '../options.js';
import { asEnvironmentError, readHubFile, type CommandContext } from './shared.js';
import type { BuildOutcome } from '../watch.js';

/** The options of `hubc build`. */
interface BuildFlags {
  out: string;
  release?: string;
  all?: boolean;
  watch?: boolean;
  format: OutputFormat;
}

/** Adds the command to the program. */
export function registerBuild(program: Command, ctx: CommandContext): void {
  program
    .command('build')
    .summary('compile a hub.yaml into deployable files')
    .description(
      'Compiles FILE into DIR/<release>/: azuredeploy.json, createUiDefinition.json, the Data Factory JSON, the KQL scripts and the config files. ' +
        'Nothing is written when there is an error; the release folder is replaced atomically.',
    )
    .argument('[file]', 'hub.yaml to compile', 'hub.yaml')
    .option('-o, --out <dir>', 'output folder; files go to DIR/<release>/', 'dist-templates')
    .addOption(releaseOption().conflicts('all'))
    .option('--all', `build every release hubc knows (${RELEASE_VERSIONS[0]}-${RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1]}) into DIR/<release>/ each`)
    .option('-w, --watch', 'build again each time FILE is saved, with one status line per build, until Ctrl-C (text output only)')
    .addOption(formatOption())
    .addHelpText('after', '\nExamples:\n  hubc build\n  hubc build my-hub.yaml --out out --format json\n  hubc build --all --out site\n  hubc build --watch\n')
    .action(async (file: string, opts: BuildFlags) => {
      if (!opts.watch) return ctx.exit((await buildOnce(ctx.io, file, opts)).code);
      if (opts.format === 'json') {
        return ctx.exit(reportUsageError(ctx.io, codes.HUB060.watchJson(), 'text'));
      }
      const { watchFile } = await import('../watch.js');
      ctx.exit(await watchFile(ctx.io, file, () => buildOnce(ctx.io, file, opts, false)));
    });
}

/**
 * Builds the requested releases once with the library's `build` (compile, check, write atomically),
 * reporting as `hubc build` does: its diagnostics, what it wrote, and what it threw as exit codes.
 * @param announce print `wrote N files to DIR` (the watch prints a status line instead)
 */
export async function buildOnce(io: CliIO, file: string, opts: BuildFlags, announce = true): Promise<BuildOutcome> {
  const failed = (code: number, errors = 0): BuildOutcome => ({ code, errors, warnings: 0, written: [] });
  const text = readHubFile(io, file, opts.format);
  if (typeof text === 'number') return failed(text);
  const { build, OutputWriteError } = await import('../../compiler/index.js');
  let outcome;
  try {
    outcome = await build(text, { out: opts.out, file, releases: opts.all ? RELEASE_VERSIONS : [opts.release] });
  } catch (e) {
    const environment = await asEnvironmentError(e);
    if (environment) return failed(reportEnvironmentError(io, environment, opts.format));
    if (!(e instanceof OutputWriteError)) throw e;
    reportDiagnostics(io, [e.toDiagnostic(opts.out)], opts.format);
    return failed(EXIT.usage);
  }
  if ('failed' in outcome) {
    reportDiagnostics(io, outcome.failed, opts.format);
    return failed(EXIT.diagnostics, outcome.failed.filter((d) => d.severity === 'error').length);
  }
  const written = outcome.written.map(({ release, out, files }) => ({ release, out, files }));
  // Warnings of every build; with --all the same hub.yaml warning repeats per release only when it differs,
  // and in text each release's HUB221 warnings (nothing lost) are one line.
  const perRelease = outcome.written.map((b) => ({ release: b.release, diagnostics: b.diagnostics }));
  const diagnostics = uniqueDiagnostics(opts.all && opts.format === 'text' ? collapseLeftOutSections(perRelease, file) : perRelease.flatMap((b) => b.diagnostics));
  if (opts.all) reportDiagnostics(io, diagnostics, opts.format, { builds: written });
  else reportDiagnostics(io, diagnostics, opts.format, { release: written[0].release, out: written[0].out, files: written[0].files });
  if (opts.format === 'text' && announce) for (const w of written) io.out(`wrote ${w.files.length} files to ${w.out}\n`);
  return { code: EXIT.ok, errors: 0, warnings: diagnostics.filter((d) => d.severity === 'warning').length, written };
}

/** Diagnostics without exact repeats (same code, place and message). */
function uniqueDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = JSON.stringify([d.code, d.file, d.start, d.message]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
