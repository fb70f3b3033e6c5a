/**
 * HUB512: every output of the portal form is a template parameter, and the form outputs `location` as
 * `[location()]`, the Basics region picker (ARM-TTK createUiDefinition tests "Outputs Must Be Present In
 * Template Parameters" and "Location Should Be In Outputs", which compares the trimmed output with
 * `[location()]`: Azure/arm-ttk testcases/CreateUIDefinition/Location-Should-Be-In-Outputs.test.ps1).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { ARM_TTK_UI } from '../links.js';
import { valueAt, isObject } from '../../util/json.js';

export const uiOutputsMatchParameters: LintRule = {
  ...ruleCode(codes.HUB512),
  area: 'uiDefinition',
  actor: 'maintainer',
  rationale: 'The portal passes the form outputs as template parameters; an unknown name fails the deployment.',
  link: ARM_TTK_UI,
  check(ctx) {
    const outputs = valueAt(ctx.uiDefinition, ['parameters', 'outputs']);
    if (!ctx.uiDefinition || !ctx.template) return [];
    const params = new Set(ctx.build.template.parameters.map((p) => p.name));
    if (!isObject(outputs)) return [{ message: 'the portal form has no parameters.outputs', location: ctx.uiAt(['parameters']) }];
    const out: LintFinding[] = [];
    for (const name of Object.keys(outputs)) {
      if (!params.has(name)) {
        out.push({
          message: `form output '${name}' is not a template parameter`,
          hint: 'Rename the output to the parameter it feeds, or remove it.',
          location: ctx.uiAt(['parameters', 'outputs', name]),
        });
      }
    }
    if (params.has('location') && !('location' in outputs)) {
      out.push({ message: "the portal form has no 'location' output", hint: 'Add "location": "[location()]" to the outputs.', location: ctx.uiAt(['parameters', 'outputs']) });
    } else if ('location' in outputs && String(outputs.location).trim() !== '[location()]') {
      out.push({
        message: `the portal form's 'location' output is ${JSON.stringify(outputs.location)}, not the Basics region picker`,
        hint: 'Output "[location()]"; narrow the regions with config.basics.location.allowedValues instead of a region text box.',
        location: ctx.uiAt(['parameters', 'outputs', 'location']),
      });
    }
    return out;
  },
};
