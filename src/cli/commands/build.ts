/**
 * `hubc build [FILE] [--out DIR] [--release X | --all] [--watch] [--format text|json]`: compile a hub.yaml
 * into `DIR/<release>/` (every release with `--all`); with `--watch`, again on every save (../watch.ts).
 */
import type { Command } from 'commander';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { CompileResult } from '../../compiler/compile.js';
import { RELEASE_VERSIONS } from '../../model/releases.js';
import { EnvironmentError } from '../../diagnostics/diagnostic.js';
import { collapseLeftOutSections, EXIT, reportDiagnostics, reportEnvironmentError, type CliIO, type OutputFormat } from '../io.js';
import { formatOption, releaseOption } from '../options.js';
import { compileAndCheck, type CommandContext } from './shared.js';
import { codes } from '../../diagnostics/index.js';
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
        ctx.io.err('error: --watch prints text; leave out --format json\n');
        return ctx.exit(EXIT.usage);
      }
      const { watchFile } = await import('../watch.js');
      ctx.exit(await watchFile(ctx.io, file, () => buildOnce(ctx.io, file, opts, false)));
    });
}

/**
 * Compiles, checks and writes the requested releases once, reporting as `hubc build` does.
 * @param announce print `wrote N files to DIR` (the watch prints a status line instead)
 */
export async function buildOnce(io: CliIO, file: string, opts: BuildFlags, announce = true): Promise<BuildOutcome> {
  let errors = 0;
  const failed = (code: number): BuildOutcome => ({ code, errors, warnings: 0, written: [] });
  const count = (d: readonly Diagnostic[]) => void (errors += d.filter((x) => x.severity === 'error').length);
  // Compile and check every requested release first: an error in any writes nothing.
  const builds: { result: CompileResult; diagnostics: Diagnostic[] }[] = [];
  for (const release of opts.all ? RELEASE_VERSIONS : [opts.release]) {
    const checked = await compileAndCheck(io, file, opts.format, release, count);
    if (typeof checked === 'number') return failed(checked);
    builds.push(checked);
  }
  // Loaded on use: the lock library is not needed to register the command.
  const [{ writeReleases }, { UnsafePathError }, { FolderLockedError, LockLostError }] = await Promise.all([
    import('../../compiler/write.js'),
    import('../../util/files.js'),
    import('../../util/lock.js'),
  ]);
  let folders: string[];
  try {
    folders = await writeReleases(
      opts.out,
      builds.map(({ result }) => ({ release: result.release!, artifacts: result.artifacts })),
    );
  } catch (e) {
    if (e instanceof UnsafePathError) return failed(reportEnvironmentError(io, new EnvironmentError(codes.HUB010.folder({ path: e.path, what: e.what })), opts.format));
    if (e instanceof FolderLockedError)
      return failed(reportEnvironmentError(io, new EnvironmentError(codes.HUB011.raise({ dir: e.dir, seconds: Math.round(e.waitedMs / 1000), pid: e.ownerPid })), opts.format));
    if (e instanceof LockLostError) return failed(reportEnvironmentError(io, new EnvironmentError(codes.HUB470.lost({ dir: e.dir })), opts.format));
    reportDiagnostics(io, [{ ...codes.HUB002.output({ detail: (e as Error).message }), file: opts.out }], opts.format);
    return failed(EXIT.usage);
  }
  const written = builds.map(({ result }, i) => ({ release: result.release!, out: folders[i], files: [...result.artifacts.keys()] }));
  // Warnings of every build; with --all the same hub.yaml warning repeats per release only when it differs,
  // and in text each release's HUB221 warnings (nothing lost) are one line.
  const perRelease = builds.map((b) => ({ release: b.result.release!, diagnostics: b.diagnostics }));
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
