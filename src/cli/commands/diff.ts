/**
 * `hubc diff A B [--format text|markdown|json|patch] [--hub FILE] [--public-templates DIR]`: compare two builds.
 * A side may be a public release's template (`public:0.6` in `--public-templates`, or a `finops-hub-*.json`
 * file), evaluated for the other side's parameters; the other side is then evaluated too, so resources pair by name. Exit 0 when equal,
 * 1 when different, 2 on error (as `diff` does). The comparison (src/diff/) is loaded by the action.
 */
import type { Command } from 'commander';
import { DIFF_FORMATS, type DiffFormat } from '../../diff/options.js';
import { RELEASE_VERSIONS } from '../../model/releases.js';
import { EXIT, reportDiagnostics, reportEnvironmentError } from '../io.js';
import { EnvironmentError } from '../../diagnostics/diagnostic.js';
import { choiceOption } from '../options.js';
import { toJsonText } from '../../model/json.js';
import type { CommandContext } from './shared.js';

/** Adds the command to the program. */
export function registerDiff(program: Command, ctx: CommandContext): void {
  program
    .command('diff')
    .summary('compare two builds: releases, hub.yaml files or built folders')
    .description(
      'Compares build A with build B, grouped by artifact: template parameters, outputs and resources; Data Factory pipelines, ' +
        'triggers, datasets and linked services; KQL tables, functions, update policies and ingestion mappings; config files. ' +
        'Upgrade notes first say what deploying B over a hub deployed from A means. A and B are each a release number ' +
        `(${RELEASE_VERSIONS.join(', ')}: the --hub file compiled for that release; write ./0.7 for a folder named 0.7), a hub.yaml file, ` +
        "a folder written by hubc build or hubc publish, or a public release's template (a finops-hub-<version>.json file, or public:<release> " +
        "in the --public-templates folder), evaluated with the other side's hub.yaml values and compared resource by resource with names evaluated. " +
        'Exit codes: 0 equal, 1 different, 2 error.',
    )
    .argument('<a>', 'the build upgraded from')
    .argument('<b>', 'the build upgraded to')
    .option('--hub <file>', 'hub file compiled when A or B is a release number', 'hub.yaml')
    .option('--public-templates <dir>', 'folder of public templates (finops-hub-<version>.json) for public:<release>')
    .option('--allow-modified-feed', "use a feed's release folder even when its files differ from the SHA-256 hashes of the feed's index.json")
    .addOption(choiceOption('--format <format>', 'output format', DIFF_FORMATS, 'text'))
    .addHelpText(
      'after',
      '\nExamples:\n  hubc diff 0.6 0.7 --format markdown\n  hubc diff hub.yaml my-hub.yaml\n  hubc diff dist-templates/0.7 0.7 --hub my-hub.yaml --format json\n  hubc diff feed/0.6 feed/0.7 --format patch\n  hubc diff public:0.6 imported.yaml --public-templates templates/\n',
    )
    .action(async (aArg: string, bArg: string, opts: { hub: string; format: DiffFormat; publicTemplates?: string; allowModifiedFeed?: boolean }) => {
      const { io } = ctx;
      const diagFormat = opts.format === 'json' ? 'json' : 'text';
      let output: string;
      let equal: boolean;
      const [{ diffAndRender }, { LoadError, loadPair }] = await Promise.all([import('../../diff/index.js'), import('../../load/index.js')]);
      try {
        const [a, b] = loadPair(aArg, bArg, opts.hub, { publicTemplates: opts.publicTemplates, evaluateBoth: true, allowModifiedFeed: opts.allowModifiedFeed });
        const r = diffAndRender(a, b, opts.format, io.isTTY);
        output = r.output;
        equal = r.result.equal;
      } catch (e) {
        if (!(e instanceof LoadError)) throw e;
        if (diagFormat === 'json') {
          io.out(toJsonText({ error: { code: e.code, message: e.message, hint: e.hint }, diagnostics: e.diagnostics }));
          return ctx.exit(EXIT.usage);
        }
        reportDiagnostics(io, e.diagnostics, 'text');
        return ctx.exit(reportEnvironmentError(io, new EnvironmentError(e), 'text'));
      }
      io.out(output);
      ctx.exit(equal ? EXIT.ok : EXIT.diagnostics);
    });
}
