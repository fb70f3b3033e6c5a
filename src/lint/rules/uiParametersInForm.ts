/**
 * HUB513: every template parameter without a default value is set by the portal form (ARM-TTK
 * createUiDefinition test "Parameters Without Default Must Exist In CreateUIDefinition").
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { ARM_TTK_UI } from '../links.js';

export const uiParametersInForm: LintRule = {
  ...ruleCode(codes.HUB513),
  area: 'uiDefinition',
  actor: 'maintainer',
  rationale: 'Otherwise the Deploy to Azure button starts a deployment that lacks a required value.',
  link: ARM_TTK_UI,
  check(ctx) {
    const { template, ui } = ctx.build;
    if (!ui.json || !template.json) return [];
    return template.parameters
      .filter((p) => !p.hasDefault && !(p.name in ui.outputs))
      .map((p) => ({
        message: `parameter '${p.name}' has no default and the portal form does not set it`,
        hint: 'Add a form element and an output for it, or give the parameter a default.',
        location: ctx.templateAt(p.path),
      }));
  },
};
