/**
 * HUB505: no API version is more than two years older than the reference date while a newer stable one
 * exists (ARM-TTK "apiVersions Should Be Recent", also for `reference()`). The reference date is the date
 * of hubc's API version table (`src/lint/data/apiVersions.ts`), not the clock, so lint output is reproducible.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { API_VERSIONS_AS_OF, NEWEST_STABLE_API_VERSION } from '../data/apiVersions.js';
import { apiVersionUses, versionDate } from '../apiVersionUse.js';

const TWO_YEARS_MS = 730 * 86400_000;

export const apiVersionRecent: LintRule = {
  ...ruleCode(codes.HUB505),
  area: 'template',
  actor: 'maintainer',
  rationale: 'Old API versions miss current properties and security defaults and are retired over time.',
  link: armTtk('use-recent-api-version'),
  check(ctx) {
    const cutoff = Date.parse(API_VERSIONS_AS_OF) - TWO_YEARS_MS;
    const out = [];
    for (const u of apiVersionUses(ctx)) {
      const newest = NEWEST_STABLE_API_VERSION[u.type.toLowerCase()];
      const date = versionDate(u.apiVersion);
      if (!newest || !date || u.apiVersion >= newest || Date.parse(date) >= cutoff) continue;
      out.push({
        message: `${u.where} uses API version ${u.apiVersion}, more than two years older than ${API_VERSIONS_AS_OF}; ${newest} is available`,
        hint: `Move to ${newest} after checking the properties the template sets.`,
        location: u.location,
        where: u.where,
      });
    }
    return out;
  },
};
