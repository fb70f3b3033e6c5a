/**
 * HUB507: no template output reads a secure parameter or a `list*()` function (ARM-TTK "Outputs Must Not
 * Contain Secrets"), directly or through variables.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { parametersThrough, readsListThrough, secureParameters } from '../arm.js';
import { isObject } from '../../util/json.js';

export const outputsNoSecrets: LintRule = {
  ...ruleCode(codes.HUB507),
  area: 'template',
  rationale: 'Outputs are kept in the deployment history, readable by anyone with read access to the resource group.',
  link: armTtk('outputs-cant-include-secrets'),
  check(ctx) {
    const t = ctx.template;
    if (!t || !isObject(t.outputs)) return [];
    const secure = secureParameters(t);
    const out = [];
    for (const [name, o] of Object.entries(t.outputs)) {
      if (!isObject(o)) continue;
      const readsSecure = [...parametersThrough(o, t)].filter((p) => secure.has(p));
      const readsList = readsListThrough(o, t);
      if (!readsSecure.length && !readsList) continue;
      out.push({
        message: `output '${name}' ${readsSecure.length ? `reads the secure parameter ${readsSecure.map((p) => `'${p}'`).join(', ')}` : 'reads a list*() function'}`,
        hint: 'Remove the output; read the secret from Key Vault where it is needed.',
        location: ctx.templateAt(['outputs', name, 'value']),
      });
    }
    return out;
  },
};
