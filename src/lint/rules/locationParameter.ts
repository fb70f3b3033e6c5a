/**
 * HUB503: the template has a string `location` parameter whose default is the resource group's region,
 * and other location parameters have no hard-coded region default (ARM-TTK "Location Should Not Be
 * Hardcoded").
 *
 * hub.yaml may choose a default region (`hub.location`, `hub.eventGridLocation`): the person writing
 * hub.yaml chose it explicitly for their own deployments, so a literal default equal to that choice is
 * accepted; any other literal region is reported. Without a hub.yaml (options unset) only expressions pass.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { armExpression } from '../arm.js';

import { serializeArm } from '../../expressions/arm/ast.js';
import { isObject } from '../../util/json.js';

export const locationParameter: LintRule = {
  ...ruleCode(codes.HUB503),
  area: 'template',
  actor: 'maintainer',
  rationale: 'A hard-coded region can block people who may only deploy to other regions.',
  link: armTtk('location-uses-parameter'),
  check(ctx) {
    const t = ctx.template;
    if (!t) return [];
    const params = isObject(t.parameters) ? t.parameters : {};
    const chosen = new Set(ctx.options.chosenLocations.filter((l) => l !== '').map((l) => l.toLowerCase()));
    const out = [];
    const locationKey = Object.keys(params).find((k) => k.toLowerCase() === 'location');
    if (!locationKey) {
      out.push({
        message: 'the template has no location parameter',
        hint: 'Add a string parameter location that defaults to [resourceGroup().location].',
        location: ctx.templateAt(['parameters']),
      });
    }
    for (const [name, p] of Object.entries(params)) {
      if (!name.toLowerCase().includes('location') || !isObject(p) || !('defaultValue' in p)) continue;
      const d = p.defaultValue;
      const e = armExpression(d);
      if (name === locationKey) {
        const ok = (e && serializeArm(e).replace(/\s/g, '').toLowerCase() === 'resourcegroup().location') || (typeof d === 'string' && chosen.has(d.toLowerCase()));
        if (!ok) {
          out.push({
            message: `parameter '${name}' defaults to ${JSON.stringify(d)}, not to the resource group's region`,
            hint: "Default it to [resourceGroup().location], or set the region in hub.yaml's hub.location.",
            location: ctx.templateAt(['parameters', name, 'defaultValue']),
          });
        }
      } else if (typeof d === 'string' && !e && d !== '' && !chosen.has(d.toLowerCase())) {
        out.push({
          message: `parameter '${name}' defaults to the hard-coded region '${d}'`,
          hint: "Default it to [parameters('location')] or leave it empty.",
          location: ctx.templateAt(['parameters', name, 'defaultValue']),
        });
      }
    }
    return out;
  },
};
