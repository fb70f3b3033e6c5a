/**
 * HUB541: every Until loop sets its own `timeout`, at most the documented default of 7 days (Until
 * activity: "The default value is seven days. Maximum value is: 90 days").
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { ADF_UNTIL } from '../links.js';
import { SEVEN_DAYS, timespanSeconds } from '../adf.js';
import { member } from '../../util/json.js';

export const adfUntilBounded: LintRule = {
  ...ruleCode(codes.HUB541),
  area: 'dataFactory',
  actor: 'author',
  rationale: 'A loop whose condition never comes true otherwise runs (and bills) for up to 90 days.',
  link: ADF_UNTIL,
  check(ctx) {
    const out: LintFinding[] = [];
    for (const p of ctx.dataFactory.filter((o) => o.kind === 'pipeline')) {
      for (const e of p.activities) {
        if (e.type !== 'Until') continue;
        const timeout = member(e.activity.typeProperties, 'timeout');
        const seconds = timespanSeconds(timeout);
        if (seconds !== undefined && seconds > 0 && seconds <= SEVEN_DAYS) continue;
        out.push({
          message: `${p.label}: Until '${e.name}' ${timeout === undefined ? 'has no timeout' : `has the timeout ${JSON.stringify(timeout)}`}`,
          hint: 'Set typeProperties.timeout to the longest the loop may wait, e.g. 0.02:00:00.',
          location: p.at([...e.path, 'typeProperties', 'timeout']),
          where: `${p.label}, activity ${e.name}`,
        });
      }
    }
    return out;
  },
};
