/**
 * `hubc build [FILE] [--out DIR] [--release X | --all] [--format text|json]`: compile a hub.yaml into
 * `DIR/<release>/` (every release with `--all`).
 */
import type { Command } from 'commander';
import type { Diagnostic } from '../../diagnostics/diagnostic.js';
import type { CompileResult } from '../../compiler/compile.js';
import { RELEASE_VERSIONS } from '../../model/releases.js';
import { EnvironmentError } from '../../diagnostics/diagnostic.js';
import { collapseLeftOutSections, EXIT, reportDiagnostics, reportEnvironmentError, type OutputFormat } from '../io.js';
import { formatOption, releaseOption } from '../options.js';
import { compileAndCheck, type CommandContext } from './shared.js';
import { codes } from '../../diagnostics/index.js';

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
    .addOption(formatOption())
    .addHelpText('after', '\nExamples:\n  hubc build\n  hubc build my-hub.yaml --out out --format json\n  hubc build --all --out site\n')
    .action(async (file: string, opts: { out: string; release?: string; all?: boolean; format: OutputFormat }) => {
      const { io } = ctx;
      // Compile and check every requested release first: an error in any writes nothing.
      const builds: { result: CompileResult; diagnostics: Diagnostic[] }[] = [];
      for (const release of opts.all ? RELEASE_VERSIONS : [opts.release]) {
        const checked = await compileAndCheck(io, file, opts.format, release);
        if (typeof checked === 'number') return ctx.exit(checked);
        builds.push(checked);
      }
      // Loaded on use: the lock library is not needed to register the command.
      const [{ writeReleases }, { UnsafePathError }, { FolderLockedError, LockLostError }] = await Promise.all([import('../../compiler/write.js'), import('../../util/files.js'), import('../../util/lock.js')]);
      let folders: string[];
      try {
        folders = await writeReleases(opts.out, builds.map(({ result }) => ({ release: result.release!, artifacts: result.artifacts })));
      } catch (e) {
        if (e instanceof UnsafePathError) return ctx.exit(reportEnvironmentError(io, new EnvironmentError(codes.HUB010.raise({ path: e.path, what: e.what })), opts.format));
        if (e instanceof FolderLockedError) return ctx.exit(reportEnvironmentError(io, new EnvironmentError(codes.HUB011.raise({ dir: e.dir, seconds: Math.round(e.waitedMs / 1000), pid: e.ownerPid })), opts.format));
        if (e instanceof LockLostError) return ctx.exit(reportEnvironmentError(io, new EnvironmentError(codes.HUB470.lost({ dir: e.dir })), opts.format));
        reportDiagnostics(io, [{ ...codes.HUB002.output({ detail: (e as Error).message }), file: opts.out }], opts.format);
        return ctx.exit(EXIT.usage);
      }
      const written = builds.map(({ result }, i) => ({ release: result.release!, out: folders[i], files: [...result.artifacts.keys()] }));
      // Warnings of every build; with --all the same hub.yaml warning repeats per release only when it differs,
      // and in text each release's HUB221 warnings (nothing lost) are one line.
      const perRelease = builds.map((b) => ({ release: b.result.release!, diagnostics: b.diagnostics }));
      const diagnostics = uniqueDiagnostics(opts.all && opts.format === 'text' ? collapseLeftOutSections(perRelease, file) : perRelease.flatMap((b) => b.diagnostics));
      if (opts.all) reportDiagnostics(io, diagnostics, opts.format, { builds: written });
      else reportDiagnostics(io, diagnostics, opts.format, { release: written[0].release, out: written[0].out, files: written[0].files });
      if (opts.format === 'text') for (const w of written) io.out(`wrote ${w.files.length} files to ${w.out}\n`);
      ctx.exit(EXIT.ok);
    });
}

/** Diagnostics without exact repeats (same code, place and message). */
function uniqueDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = JSON.stringify([d.code, d.file, d.start, d.message]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
