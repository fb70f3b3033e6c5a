/**
 * `hubc publish --feed DIR [--release X | --all] [--hub FILE] [--base-url URL] [--date YYYY-MM-DD] [--force]`:
 * compile releases and add them to a static release feed (src/publish/publish.ts, loaded by the action).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { hasErrors, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { RELEASE_VERSIONS } from '../../model/releases.js';
import type { Build } from '../../build/index.js';
import { normalizeBaseUrl } from '../../publish/options.js';
import { EnvironmentError } from '../../diagnostics/diagnostic.js';
import { collapseLeftOutSections, EXIT, reportDiagnostics, reportEnvironmentError, type OutputFormat } from '../io.js';
import { formatOption, releaseOption } from '../options.js';
import { compileFile, type CommandContext } from './shared.js';
import { codes } from '../../diagnostics/index.js';

/** `--date` values: a real calendar date written `YYYY-MM-DD`. */
export function parseDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
  if (!d || d.toISOString().slice(0, 10) !== value) throw new InvalidArgumentError('Write a calendar date as YYYY-MM-DD, e.g. 2025-01-31.');
  return value;
}

/** `--base-url` values: an absolute http(s) URL (a final `/` is added). */
function parseBaseUrl(value: string): string {
  try {
    return normalizeBaseUrl(value);
  } catch (e) {
    throw new InvalidArgumentError(`${(e as Error).message}. Pass the public URL the feed folder is served at, e.g. https://example.org/hub/.`);
  }
}

interface PublishFlags {
  feed: string;
  release?: string;
  all?: boolean;
  hub: string;
  baseUrl?: string;
  date?: string;
  force?: boolean;
  format: OutputFormat;
}

/** Adds the command to the program. */
export function registerPublish(program: Command, ctx: CommandContext): void {
  program
    .command('publish')
    .summary('add releases to a static release feed with Deploy to Azure links')
    .description(
      'Compiles releases from the hub file and adds them to the feed folder DIR: DIR/<release>/ (everything hubc build writes), ' +
        'finops-hub-<release>.json and .ui.json, finops-hub-latest.json and .ui.json, index.json (dates, files with SHA-256 hashes, ' +
        'Deploy to Azure links for the Azure, Azure Government and Azure China portals, release notes), feed.xml (Atom) and index.html. ' +
        'Published releases are immutable: different bytes for a published release are refused unless --force; the same bytes change nothing. ' +
        "Writes survive kills: release folders first, index.json last, one publisher at a time (the feed's lock); links and special files in the feed are never followed. Without --release or --all, the hub file's own release is published.",
    )
    .requiredOption('--feed <dir>', 'feed folder (created when missing)')
    .addOption(releaseOption().conflicts('all'))
    .option('--all', `publish every release hubc builds (${RELEASE_VERSIONS.join(', ')})`)
    .option('--hub <file>', 'hub file to compile', 'hub.yaml')
    .option('--base-url <url>', "public URL the feed folder is served at (default: the one in the feed's index.json)", parseBaseUrl)
    .option('--date <date>', 'publication date YYYY-MM-DD of releases new to the feed (default: today, UTC)', parseDate)
    .option('--force', 'replace a published release whose files differ (breaks immutability on purpose)')
    .addOption(formatOption())
    .addHelpText(
      'after',
      '\nExamples:\n  hubc publish --feed site --all --base-url https://example.org/hub/ --date 2025-01-31\n  hubc publish --feed site --release 0.7\n  hubc publish --feed site --hub my-hub.yaml --format json\n',
    )
    .action(async (opts: PublishFlags) => {
      const { io } = ctx;
      const versions = opts.all ? [...RELEASE_VERSIONS] : opts.release ? [opts.release] : [undefined];
      const releases: Build[] = [];
      const diagnostics: Diagnostic[] = [];
      const perRelease: { release: string; diagnostics: Diagnostic[] }[] = [];
      const [{ checkOutput }, { fromCompile }] = await Promise.all([import('../../compiler/index.js'), import('../../build/index.js')]);
      for (const v of versions) {
        const r = await compileFile(io, opts.hub, opts.format, v);
        if (typeof r === 'number') return ctx.exit(r);
        const found = [...r.diagnostics, ...checkOutput(r)];
        diagnostics.push(...found);
        perRelease.push({ release: r.release!, diagnostics: found });
        releases.push(fromCompile(r));
      }
      if (hasErrors(diagnostics)) {
        reportDiagnostics(io, diagnostics, opts.format);
        return ctx.exit(EXIT.diagnostics);
      }
      let outcome;
      const { publishFeed, PublishError } = await import('../../publish/index.js');
      try {
        outcome = await publishFeed({ feedDir: opts.feed, releases, baseUrl: opts.baseUrl, date: opts.date, force: opts.force });
      } catch (e) {
        if (!(e instanceof PublishError)) throw e;
        if ([codes.HUB010.code, codes.HUB011.code, codes.HUB413.code, codes.HUB415.code, codes.HUB470.code].includes(e.code))
          return ctx.exit(reportEnvironmentError(io, new EnvironmentError(e), opts.format));
        reportDiagnostics(io, [...diagnostics, { code: e.code, severity: 'error', message: e.message, hint: e.hint, file: opts.feed }], opts.format);
        return ctx.exit(EXIT.diagnostics);
      }
      // In text, each release's HUB221 warnings (nothing lost) are one line when several releases are published.
      const shown = opts.format === 'text' && perRelease.length > 1 ? collapseLeftOutSections(perRelease, opts.hub) : diagnostics;
      // A publish that lost its lock, or found index.json changed, and merged: said, though nothing is lost.
      const retried: Diagnostic[] = outcome.retried.map((message) => ({ code: codes.HUB471.code, severity: 'warning', message, file: opts.feed }));
      reportDiagnostics(io, [...shown, ...retried], opts.format, {
        feed: outcome.feedDir,
        changed: outcome.changed,
        latest: outcome.index.latest,
        releases: outcome.releases,
        recovered: outcome.recovered,
      });
      if (opts.format === 'text') {
        for (const line of outcome.recovered) io.out(`recovered: ${line}\n`);
        for (const r of outcome.releases) io.out(`${r.release}: ${r.action} (${r.date})\n`);
        io.out(
          outcome.changed
            ? `wrote the feed to ${outcome.feedDir} (${outcome.index.releases.length} release${outcome.index.releases.length === 1 ? '' : 's'}, latest ${outcome.index.latest})\n`
            : `the feed ${outcome.feedDir} already holds exactly these releases; nothing written\n`,
        );
      }
      ctx.exit(EXIT.ok);
    });
}
