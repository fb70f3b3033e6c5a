/**
 * HUB542: every activity that does external work (Copy, Lookup, Get Metadata, Delete, Web, Data Explorer
 * command, ...: all but the control activities) sets `policy.timeout` itself, at most 7 days, instead of
 * relying on the service default (documented as 12 hours in one place and 7 days in another).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { ADF_ACTIVITY_POLICY } from '../links.js';
import { CONTROL_ACTIVITY_TYPES, SEVEN_DAYS, timespanSeconds } from '../adf.js';
import { member } from '../../util/json.js';

export const adfActivityTimeout: LintRule = {
  ...ruleCode(codes.HUB542),
  area: 'dataFactory',
  actor: 'author',
  rationale: 'A hung call otherwise holds the pipeline (and its trigger queue) for the whole service default.',
  link: ADF_ACTIVITY_POLICY,
  check(ctx) {
    const out: LintFinding[] = [];
    for (const p of ctx.dataFactory.filter((o) => o.kind === 'pipeline')) {
      for (const e of p.activities) {
        if (CONTROL_ACTIVITY_TYPES.has(e.type)) continue;
        const timeout = member(e.activity.policy, 'timeout');
        const seconds = timespanSeconds(timeout);
        if (seconds !== undefined && seconds > 0 && seconds <= SEVEN_DAYS) continue;
        out.push({
          message: `${p.label}: activity '${e.name}' (${e.type}) ${timeout === undefined ? 'sets no policy.timeout' : `has the timeout ${JSON.stringify(timeout)}`}`,
          hint: 'Set policy.timeout to the longest the activity may take, e.g. 0.00:10:00.',
          location: p.at([...e.path, 'policy']),
          where: `${p.label}, activity ${e.name}`,
        });
      }
    }
    return out;
  },
};
