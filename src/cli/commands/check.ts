/**
 * `hubc check TEMPLATE [--ui FILE] [--parameters FILE] [--quick] [--format text|json|sarif]`: the catalogue
 * of deploy-time and run-time failures (docs/checks.md) over any hub template; writes nothing. The work is
 * src/check/, loaded by the action.
 */
import type { Command } from 'commander';
import { EXIT, reportDiagnostics } from '../io.js';
import { choiceOption } from '../options.js';
import type { CommandContext } from './shared.js';

/** Adds the command to the program. */
export function registerCheck(program: Command, ctx: CommandContext): void {
  program
    .command('check')
    .summary('find what Azure rejects only at deployment or run time, in any hub template')
    .description(
      'Reads TEMPLATE (a public finops-hub-<version>.json, an azuredeploy.json hubc built, or any hub template) with its portal form ' +
        '(--ui) and a parameter file (--parameters), evaluates it for one deployment (nested deployments flattened, conditions for the ' +
        "parameters given, else the portal form's defaults) and reports each failure of the catalogue in docs/checks.md: Data Factory " +
        'trigger time zones and start times, ForEach batch counts and loop timeouts, references; portal form outputs against the ' +
        "template's parameters; ARM's size and count limits; Kusto script order and content; release download URLs. Values are judged " +
        'over every value the template lets them take. --quick leaves out the Kusto language service (seconds per script). Writes ' +
        'nothing; exits 1 when a failure is found, 0 when none, 2 when a file cannot be read.',
    )
    .argument('<template>', 'the ARM template to check')
    .option('--ui <file>', 'its portal form (createUiDefinition.json)')
    .option('--parameters <file>', "an ARM parameter file with the deployment's values")
    .option('--quick', 'leave out the checks that run the Kusto language service')
    .addOption(choiceOption('--format <format>', 'output format', ['text', 'json', 'sarif'], 'text'))
    .addHelpText(
      'after',
      '\nExamples:\n  hubc check finops-hub-14.0.json --ui finops-hub-14.0.ui.json\n  hubc check dist-templates/0.8/azuredeploy.json --ui dist-templates/0.8/createUiDefinition.json --format sarif > check.sarif\n',
    )
    .action(async (template: string, opts: { ui?: string; parameters?: string; quick?: boolean; format: 'text' | 'json' | 'sarif' }) => {
      const { io } = ctx;
      const { checkTemplate, checkSarifLog, CheckInputError } = await import('../../check/index.js');
      let report;
      try {
        report = checkTemplate({ template, ...(opts.ui ? { ui: opts.ui } : {}), ...(opts.parameters ? { parameters: opts.parameters } : {}), quick: opts.quick === true });
      } catch (e) {
        if (!(e instanceof CheckInputError)) throw e;
        reportDiagnostics(io, [e.toDiagnostic(template)], opts.format === 'text' ? 'text' : 'json');
        return ctx.exit(EXIT.usage);
      }
      if (opts.format === 'sarif') {
        io.out(`${JSON.stringify(await checkSarifLog(report), null, 2)}\n`);
      } else if (opts.format === 'json') {
        io.out(`${JSON.stringify(report, null, 2)}\n`);
      } else {
        reportDiagnostics(io, report.diagnostics, 'text');
        const given = [...report.evaluatedFor.given, ...report.evaluatedFor.portalDefaults];
        io.out(
          `${template}${report.release ? ` (release ${report.release})` : ''}: ${report.errors} error${report.errors === 1 ? '' : 's'}, ${report.warnings} warning${report.warnings === 1 ? '' : 's'}${given.length ? `; evaluated for ${given.join(', ')}` : ''}\n`,
        );
      }
      ctx.exit(report.errors ? EXIT.diagnostics : EXIT.ok);
    });
}
