/**
 * HUB528: parameters that carry secrets are `securestring` or `secureObject`. A parameter carries a secret
 * when its name contains `password`, `secret` or `token`, or ends in `key` or `keys` (but not `publickey`)
 * (PSRule for Azure `Azure.Deployment.SecureParameter`, whose heuristic this is).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';

/** True when a parameter name looks like it carries a secret. */
export function isSecretName(name: string): boolean {
  const n = name.toLowerCase();
  if (/publickeys?$/.test(n)) return false;
  return /password|secret|token/.test(n) || /keys?$/.test(n);
}

export const secureParameterType: LintRule = {
  ...ruleCode(codes.HUB528),
  area: 'security',
  actor: 'author',
  rationale: 'Values of other parameter types are logged in the deployment history in clear text.',
  link: psRule('Azure.Deployment.SecureParameter'),
  check(ctx) {
    return ctx.build.template.parameters
      .filter((p) => isSecretName(p.name) && typeof p.json.type === 'string' && !p.secure)
      .map((p) => ({
        message: `parameter '${p.name}' looks like a secret but has type ${p.type}`,
        hint: 'Make it securestring (or secureObject).',
        location: ctx.templateAt([...p.path, 'type']),
      }));
  },
};
