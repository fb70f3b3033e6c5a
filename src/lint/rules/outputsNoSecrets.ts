/**
 * HUB507: no template output reads a secure parameter or a `list*()` function (ARM-TTK "Outputs Must Not
 * Contain Secrets"), directly or through variables. An output that reads a parameter or variable by a
 * computed name, in a template that has secrets, cannot be decided at build time and is reported as such.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { secretsRead } from '../arm.js';
import { undecided } from '../verdict.js';

export const outputsNoSecrets: LintRule = {
  ...ruleCode(codes.HUB507),
  area: 'template',
  actor: 'author',
  rationale: 'Outputs are kept in the deployment history, readable by anyone with read access to the resource group.',
  link: armTtk('outputs-cant-include-secrets'),
  check(ctx) {
    const t = ctx.template;
    const out = [];
    for (const { name, json, path } of ctx.build.template.outputs) {
      const reads = secretsRead(json, t);
      const location = ctx.templateAt([...path, 'value']);
      const hint = 'Remove the output; read the secret from Key Vault where it is needed.';
      if (reads.secure.length || reads.list) {
        out.push({
          message: `output '${name}' ${reads.secure.length ? `reads the secure parameter ${reads.secure.map((p) => `'${p}'`).join(', ')}` : 'reads a list*() function'}`,
          hint,
          location,
        });
      } else if (reads.dynamic !== undefined) {
        out.push({ message: undecided(`whether output '${name}' reads a secret`, `${reads.dynamic} names the parameter or variable it reads only at deployment`), hint, location });
      }
    }
    return out;
  },
};
