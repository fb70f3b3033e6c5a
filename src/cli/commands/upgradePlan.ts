/**
 * `hubc upgrade-plan FROM TO [--hub FILE] [--parameters FILE [--out FILE]] [--format text|markdown|json]`:
 * the ordered steps of an upgrade (the work is in `src/upgrade/`). Exit 0 with the plan, 2 when a side
 * cannot be loaded (HUB400-HUB402), TO is older than FROM (HUB490) or the parameter file cannot be used
 * (HUB491). The planner (src/upgrade/) is loaded by the action.
 */
import { INPUT_LIMITS, readInputFile } from '../../util/inputFiles.js';
import { parseJsonInput } from '../../util/json.js';
import type { Command } from 'commander';
import { EnvironmentError, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { toJsonText } from '../../model/json.js';
import { RELEASE_VERSIONS } from '../../model/releases.js';
import { PLAN_FORMATS, type PlanFormat } from '../../upgrade/options.js';
import { EXIT, reportDiagnostics, reportEnvironmentError, reportUsageError } from '../io.js';
import { writeOutputFile } from '../output.js';
import { choiceOption } from '../options.js';
import type { CommandContext } from './shared.js';
import { codes } from '../../diagnostics/index.js';

interface UpgradePlanFlags {
  hub: string;
  publicTemplates?: string;
  allowModifiedFeed?: boolean;
  parameters?: string;
  out?: string;
  format: PlanFormat;
}

/** Adds the command to the program. */
export function registerUpgradePlan(program: Command, ctx: CommandContext): void {
  program
    .command('upgrade-plan')
    .summary('the ordered steps of an upgrade from one build to another')
    .description(
      'Plans the upgrade of a hub deployed from FROM to TO, from the comparison of the two builds (hubc diff): parameters of a saved parameter file to rename or drop, ' +
        'triggers to stop, Data Factory objects and resources to delete (in dependency order) because TO removes them or they block its deployment, ' +
        'the settings.json change, and data to move into a new ingestion layout (hubc migrate-data). Every step says why and cites the change. ' +
        `FROM and TO are each a release number (${RELEASE_VERSIONS.join(', ')}: the --hub file compiled for that release), a hub.yaml file, a folder written by hubc build or hubc publish, ` +
        "or a public release's template (a finops-hub-<version>.json file, or public:<release> in the --public-templates folder), evaluated with the --parameters values (else the other side's hub.yaml values). " +
        'hubc deploy --upgrade carries out the steps marked [hubc deploy].',
    )
    .argument('<from>', 'the build the hub is deployed from')
    .argument('<to>', 'the build to upgrade to')
    .option('--hub <file>', 'hub file compiled when FROM or TO is a release number', 'hub.yaml')
    .option('--public-templates <dir>', 'folder of public templates (finops-hub-<version>.json) for public:<release>')
    .option('--allow-modified-feed', "use a feed's release folder even when its files differ from the SHA-256 hashes of the feed's index.json")
    .option('-p, --parameters <file>', "FROM's saved deployment parameters file: only its parameters are planned, and it is rewritten for TO")
    .option('-o, --out <file>', 'write the rewritten parameters file here (needs --parameters)')
    .addOption(choiceOption('--format <format>', 'output format', PLAN_FORMATS, 'text'))
    .addHelpText(
      'after',
      '\nExamples:\n  hubc upgrade-plan 0.5 0.7\n  hubc upgrade-plan 0.3 0.7 --parameters azuredeploy.parameters.json --out azuredeploy.parameters.0.7.json\n  hubc upgrade-plan dist-templates/0.6 my-hub.yaml --format markdown\n  hubc upgrade-plan public:0.6 0.7 --hub imported.yaml --public-templates templates/ --parameters public.parameters.json --out hub.parameters.json\n' +
        '\nExit codes: 0 plan printed, 2 usage, a side that cannot be loaded, a downgrade, or an unusable parameters file.\n',
    )
    .action((fromArg: string, toArg: string, opts: UpgradePlanFlags) => upgradePlanAction(ctx, fromArg, toArg, opts));
}

/** `hubc upgrade-plan FROM TO`: loads both sides, plans, prints the plan and writes the rewritten parameters file. */
async function upgradePlanAction(ctx: CommandContext, fromArg: string, toArg: string, opts: UpgradePlanFlags): Promise<void> {
  const { io } = ctx;
  const diagFormat = opts.format === 'json' ? 'json' : 'text';
  const fail = (code: string, message: string, hint: string, diagnostics: Diagnostic[] = []) => {
    if (diagFormat === 'json') io.out(toJsonText({ error: { code, message, hint }, diagnostics }));
    else {
      reportDiagnostics(io, diagnostics, 'text');
      reportEnvironmentError(io, new EnvironmentError({ code, message, hint }), 'text');
    }
    return ctx.exit(EXIT.usage);
  };
  if (opts.out && !opts.parameters) {
    reportUsageError(io, codes.HUB061.needs({ option: '--out', needs: '--parameters', why: 'the file to rewrite' }), diagFormat);
    return ctx.exit(EXIT.usage);
  }
  let parameters: { file: string; doc: unknown; out?: string } | undefined;
  if (opts.parameters) {
    try {
      parameters = { file: opts.parameters, doc: parseJsonInput(readInputFile(opts.parameters, { maxBytes: INPUT_LIMITS.json })), out: opts.out };
    } catch (e) {
      const r = codes.HUB491.unreadable({ file: opts.parameters, detail: (e as { detail?: string }).detail ?? (e as Error).message });
      return fail(r.code, r.message, r.hint!);
    }
  }
  let output: string;
  let plan;
  const [{ loadUpgradeSide, planUpgrade, renderPlan, UpgradePlanError, parameterValues }, { LoadError, loadPair }] = await Promise.all([
    import('../../upgrade/index.js'),
    import('../../load/index.js'),
  ]);
  try {
    const notes: string[] = [];
    const [a, b] = loadPair(fromArg, toArg, opts.hub, { publicTemplates: opts.publicTemplates, parametersA: parameters ? parameterValues(parameters.doc) : undefined }, (arg) => {
      const side = loadUpgradeSide(arg, opts.hub, { allowModifiedFeed: opts.allowModifiedFeed });
      notes.push(...side.notes);
      return side.input;
    });
    plan = planUpgrade(a, b, { parameters, notes });
    output = renderPlan(plan, opts.format);
  } catch (e) {
    if (e instanceof LoadError) return fail(e.code, e.message, e.hint, e.diagnostics);
    if (e instanceof UpgradePlanError) return fail(e.code, e.message, e.hint);
    throw e;
  }
  if (opts.out && plan.parameters) {
    const failed = writeOutputFile(io, opts.out, toJsonText(plan.parameters.rewritten), diagFormat, 'upgrade-plan:out-flushed');
    if (failed !== undefined) return ctx.exit(failed);
  }
  io.out(output);
  if (opts.out && opts.format !== 'json') io.out(`wrote ${opts.out}: the parameters file for ${plan.to.label}\n`);
  ctx.exit(EXIT.ok);
}
