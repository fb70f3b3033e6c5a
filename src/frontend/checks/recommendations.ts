/**
 * Recommendations from Azure Resource Graph (release feature `recommendations`, docs/recommendations.md):
 * - HUB231 (warning) at `recommendations.enabled: true`: the Data Factory's identity needs Reader on the
 *   management groups or subscriptions to analyze, which the template does not grant; the message names the
 *   scopes of hub.yaml Azure RBAC knows (subscriptions, resource groups, management groups; billing scopes are
 *   not Azure RBAC scopes) and the hint gives the commands ({@link MANUAL_GRANTS}, src/model/grants.ts);
 * - HUB232 (warning) at `recommendations.ahb` or `recommendations.spot` true while `enabled` is false: the
 *   template runs a group's queries only with `enableRecommendations` (as the public 14.0 does).
 * A release without the feature reports the section as HUB220/HUB221 (./releaseFields.ts) instead.
 */
import { codes } from '../../diagnostics/index.js';
import { grantCommands, isRbacScope, MANUAL_GRANTS } from '../../model/grants.js';
import { has, parameterName } from '../../model/releases.js';
import type { Check } from './types.js';

/** The optional groups and their template parameters. */
const GROUPS = [
  { field: 'ahb', parameter: 'enableAHBRecommendations' },
  { field: 'spot', parameter: 'enableSpotRecommendations' },
] as const;

export const recommendationsCheck: Check = {
  codes: [codes.HUB231, codes.HUB232],
  run(ctx) {
    const r = ctx.release;
    if (!has(r, 'recommendations') || !ctx.valid(['recommendations'])) return;
    const rec = ctx.data.recommendations as { enabled: boolean; ahb: boolean; spot: boolean };
    if (rec.enabled) {
      const scopes = Array.isArray(ctx.data.scopes) && ctx.valid(['scopes']) ? (ctx.data.scopes as string[]).filter(isRbacScope) : [];
      for (const grant of MANUAL_GRANTS.filter((g) => g.feature === 'recommendations')) {
        ctx.report(
          codes.HUB231.raise({ what: grant.what, role: grant.role.name, principal: grant.principal, scopes, without: grant.without, commands: grantCommands(grant, scopes) }),
          ['recommendations', 'enabled'],
        );
      }
      return;
    }
    for (const g of GROUPS) {
      if (rec[g.field] && ctx.written(['recommendations', g.field]))
        ctx.report(codes.HUB232.raise({ field: g.field, parameter: parameterName(r, g.parameter) }), ['recommendations', g.field]);
    }
  },
};
