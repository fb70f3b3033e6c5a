/**
 * HUB502: every template parameter is read by an expression (ARM-TTK "Parameters Must Be Referenced").
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { parametersIn } from '../arm.js';
import { isObject } from '../../util/json.js';

export const parametersReferenced: LintRule = {
  ...ruleCode(codes.HUB502),
  area: 'template',
  actor: 'maintainer',
  rationale: 'An unused parameter asks the person deploying for a value that changes nothing.',
  link: armTtk('declared-parameters-must-be-used'),
  check(ctx) {
    const t = ctx.template;
    if (!t || !isObject(t.parameters)) return [];
    const { parameters, ...rest } = t;
    const used = parametersIn(rest);
    // A parameter's default may read another parameter (EventGridLocation defaults to location).
    for (const [, p] of Object.entries(parameters)) if (isObject(p)) for (const n of parametersIn(p.defaultValue)) used.add(n);
    return Object.keys(parameters)
      .filter((name) => !used.has(name.toLowerCase()))
      .map((name) => ({
        message: `parameter '${name}' is not used by any expression`,
        hint: 'Remove the parameter, or use it where its value matters.',
        location: ctx.templateAt(['parameters', name]),
      }));
  },
};
