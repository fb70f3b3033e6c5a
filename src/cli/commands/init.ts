/**
 * `hubc init [FILE] [--release X] [--schema REF] [--format text|json]`: write a new, commented hub.yaml
 * (the work is in `src/init/`).
 */
import type { Command } from 'commander';
import { LATEST_RELEASE, type ReleaseVersion } from '../../model/releases.js';
import { codes } from '../../diagnostics/index.js';
import { EXIT, reportDiagnostics, type OutputFormat } from '../io.js';
import { formatOption, releaseChoiceOption } from '../options.js';
import type { CommandContext } from './shared.js';

interface InitFlags {
  release?: ReleaseVersion;
  schema?: string;
  format: OutputFormat;
}

/** Adds the command to the program. */
export function registerInit(program: Command, ctx: CommandContext): void {
  program
    .command('init')
    .summary('write a new, commented hub.yaml')
    .description(
      'Writes FILE (default hub.yaml) with every section the release has, each at its default and commented, and a yaml-language-server ' +
        "modeline pointing at this hubc's hub.yaml schema, so editors complete and check it. Never overwrites: an existing FILE (or a link of that name) is refused.",
    )
    .argument('[file]', 'hub.yaml to create', 'hub.yaml')
    .addOption(releaseChoiceOption('--release <release>', `hub release to write the file for (default ${LATEST_RELEASE})`))
    .option('--schema <ref>', "what the schema modeline points at, e.g. the feed's https://example.org/hub/schemas/hub.schema.json (default: the installed schema)")
    .addOption(formatOption())
    .addHelpText('after', '\nExamples:\n  hubc init\n  hubc init --release 0.4 old-hub.yaml\n  hubc init && hubc build\n')
    .action(async (file: string, opts: InitFlags) => {
      const { io } = ctx;
      const { initHubFile, InitExistsError } = await import('../../init/index.js');
      let outcome;
      try {
        outcome = initHubFile(file, { release: opts.release, schema: opts.schema });
      } catch (e) {
        const raised = e instanceof InitExistsError ? codes.HUB004.raise({ file }) : codes.HUB002.file({ file, detail: (e as Error).message });
        reportDiagnostics(io, [{ ...raised, file }], opts.format);
        return ctx.exit(EXIT.usage);
      }
      if (opts.format === 'json') io.out(`${JSON.stringify({ ...outcome, diagnostics: [] }, null, 2)}\n`);
      else io.out(`wrote ${outcome.file} (hub release ${outcome.release}; schema ${outcome.schema})\nnext: edit it, then run hubc build${file === 'hub.yaml' ? '' : ` ${file}`}\n`);
      ctx.exit(EXIT.ok);
    });
}
