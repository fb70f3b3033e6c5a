/**
 * HUB513: every template parameter without a default value is set by the portal form (ARM-TTK
 * createUiDefinition test "Parameters Without Default Must Exist In CreateUIDefinition").
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { ARM_TTK_UI } from '../links.js';
import { valueAt, isObject } from '../../util/json.js';

export const uiParametersInForm: LintRule = {
  ...ruleCode(codes.HUB513),
  area: 'uiDefinition',
  actor: 'maintainer',
  rationale: 'Otherwise the Deploy to Azure button starts a deployment that lacks a required value.',
  link: ARM_TTK_UI,
  check(ctx) {
    if (!ctx.uiDefinition || !ctx.template || !isObject(ctx.template.parameters)) return [];
    const outputs = valueAt(ctx.uiDefinition, ['parameters', 'outputs']);
    const set = new Set(isObject(outputs) ? Object.keys(outputs) : []);
    return Object.entries(ctx.template.parameters)
      .filter(([name, p]) => isObject(p) && !('defaultValue' in p) && !set.has(name))
      .map(([name]) => ({
        message: `parameter '${name}' has no default and the portal form does not set it`,
        hint: 'Add a form element and an output for it, or give the parameter a default.',
        location: ctx.templateAt(['parameters', name]),
      }));
  },
};
