/**
 * HUB550: the KQL setup scripts run as Data Explorer database scripts on every deployment, so each
 * command uses a verb database scripts accept (`.create`, `.create-or-alter`, `.create-merge`, `.alter`,
 * `.alter-merge`, `.add`) and its idempotent form: no plain `.create` without `ifnotexists` ("Configure a
 * database using a Kusto Query Language script": use the idempotent version of commands, e.g.
 * `.create-or-alter` over `.create`). A Fabric eventhouse's setup script (0.10+) is one `.execute database
 * script <|` that runs the same commands: they are held to the rule, the wrapper line is not.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { KUSTO_DATABASE_SCRIPT } from '../links.js';
import { offsetPositions } from '../../diagnostics/diagnostic.js';

const ALLOWED_VERBS = new Set(['.create', '.create-or-alter', '.create-merge', '.alter', '.alter-merge', '.add']);

/**
 * The first line of a script run by hand (a Fabric eventhouse's setup, `fabric/*.kql`, 0.10+): one
 * `.execute database script ... <|` whose commands follow, each held to the rule like a deployed script's.
 */
const RUNS_THE_REST = /^\.execute\s+database\s+script\b.*<\|\s*$/i;

export const kqlDatabaseScript: LintRule = {
  ...ruleCode(codes.HUB550),
  area: 'kql',
  actor: 'author',
  rationale: 'The scripts re-run on every deployment; a plain `.create` fails the second time and other verbs are rejected.',
  link: KUSTO_DATABASE_SCRIPT,
  check(ctx) {
    const out: LintFinding[] = [];
    for (const { file, text, commands } of ctx.kql) {
      const positionOf = offsetPositions(text);
      for (const block of commands) {
        const firstLine = block.text.split('\n')[0].replace(/\r$/, '');
        const verb = /^\.[A-Za-z-]+/.exec(firstLine)?.[0].toLowerCase();
        if (!verb || RUNS_THE_REST.test(firstLine)) continue;
        const start = positionOf(block.start);
        if (!ALLOWED_VERBS.has(verb)) {
          out.push({ message: `'${verb}' is not a command database scripts may run`, hint: `Use one of ${[...ALLOWED_VERBS].join(', ')}.`, location: { file, start } });
        } else if (verb === '.create' && !/\bifnotexists\b/i.test(block.text)) {
          out.push({
            message: `'${firstLine.slice(0, 60)}' fails when the object already exists`,
            hint: 'Use .create-or-alter, .create-merge, or add ifnotexists.',
            location: { file, start },
          });
        }
      }
    }
    return out;
  },
};
