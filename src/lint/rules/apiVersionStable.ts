/**
 * HUB506: no preview API version where the type has a stable one (ARM-TTK "apiVersions Should Be Recent":
 * "Don't use a preview version when a more recent version is available"; also for `reference()`).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { NEWEST_STABLE_API_VERSION } from '../data/apiVersions.js';
import { apiVersionUses } from '../apiVersionUse.js';

export const apiVersionStable: LintRule = {
  ...ruleCode(codes.HUB506),
  area: 'template',
  actor: 'maintainer',
  rationale: 'Preview API versions can change or disappear without notice.',
  link: armTtk('use-recent-api-version'),
  check(ctx) {
    const out = [];
    for (const u of apiVersionUses(ctx)) {
      const newest = NEWEST_STABLE_API_VERSION[u.type.toLowerCase()];
      if (!newest || !/-preview$/i.test(u.apiVersion)) continue;
      out.push({
        message: `${u.where} uses the preview API version ${u.apiVersion}; the stable ${newest} exists`,
        hint: `Use ${newest}.`,
        location: u.location,
        where: u.where,
      });
    }
    return out;
  },
};
