/**
 * HUB504: every resource's `location` is an expression (over a location parameter) or `global`, never a
 * literal region or `resourceGroup().location` directly (ARM-TTK "Resources Should Have Location" and
 * "Location Should Not Be Hardcoded").
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { armExpression, callsIn } from '../arm.js';

export const resourceLocation: LintRule = {
  ...ruleCode(codes.HUB504),
  area: 'template',
  actor: 'maintainer',
  rationale: 'The person deploying chooses the region through the location parameter; literals override that choice.',
  link: armTtk('resources-should-have-location'),
  check(ctx) {
    const out = [];
    for (const r of ctx.resources) {
      if (!('location' in r.json)) continue;
      const loc = r.json.location;
      if (typeof loc === 'string' && loc.toLowerCase() === 'global') continue;
      const e = armExpression(loc);
      const calls = e ? callsIn(loc) : [];
      const readsRg = calls.some((c) => c.name === 'resourcegroup');
      if (!e) {
        out.push({ message: `${r.label} has the literal location ${JSON.stringify(loc)}`, hint: "Use [parameters('location')].", location: r.at(['location']), where: r.label });
      } else if (readsRg) {
        out.push({
          message: `${r.label} takes its location from resourceGroup() instead of a parameter`,
          hint: "Use [parameters('location')].",
          location: r.at(['location']),
          where: r.label,
        });
      }
    }
    return out;
  },
};
