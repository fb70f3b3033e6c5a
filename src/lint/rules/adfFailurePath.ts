/**
 * HUB540: every activity that can fail has a failure path: an activity of the same list that runs on its
 * `Failed` or `Completed` outcome, or such a handler on an enclosing container activity (ForEach, Until,
 * If Condition, Switch), whose failure the inner failure causes. Activities that cannot fail on their own
 * (Set Variable, Append Variable, Wait, Filter, Fail itself) and containers whose inner activities are
 * all covered are exempt ("Errors and conditional execution": try-catch with Upon Failure / Upon
 * Completion).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { ADF_ERROR_HANDLING } from '../links.js';
import { conditionsOn } from '../adf.js';
import type { ActivityNode } from '../../model/activities.js';

/** Activities that only fail through an expression error of their own. */
const CANNOT_FAIL = new Set(['SetVariable', 'AppendVariable', 'Wait', 'Filter', 'Fail']);
const CONTAINERS = new Set(['ForEach', 'Until', 'IfCondition', 'Switch']);
const HANDLED = ['Failed', 'Completed'];

function handled(e: ActivityNode): boolean {
  const c = conditionsOn(e);
  return HANDLED.some((h) => c.has(h));
}

export const adfFailurePath: LintRule = {
  ...ruleCode(codes.HUB540),
  area: 'dataFactory',
  actor: 'author',
  rationale: 'A failure nobody handles ends the run without saying which file or scope failed or cleaning up.',
  link: ADF_ERROR_HANDLING,
  check(ctx) {
    const out: LintFinding[] = [];
    for (const p of ctx.dataFactory.filter((o) => o.kind === 'pipeline')) {
      for (const e of p.activities) {
        if (CANNOT_FAIL.has(e.type) || CONTAINERS.has(e.type)) continue;
        if (handled(e) || e.containers.some(handled)) continue;
        out.push({
          message: `${p.label}: activity '${e.name}' (${e.type}) has no failure path`,
          hint: 'Add an activity that depends on it with the Failed (or Completed) condition, e.g. a Fail activity with an error code and message.',
          location: p.at(e.path),
          where: `${p.label}, activity ${e.name}`,
        });
      }
    }
    return out;
  },
};
