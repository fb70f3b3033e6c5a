/**
 * HUB533: deployment scripts receive secrets only as `secureValue` environment variables: an entry whose
 * `value` reads a secure parameter or a `list*()` function, or whose name says it is a secret (key,
 * password, secret, token), is reported. Works on the template JSON whatever the script kind
 * (AzurePowerShell or AzureCLI). A `value` that reads a parameter or variable by a computed name, in a
 * template that has secrets, cannot be decided at build time and is reported as such.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { DEPLOYMENT_SCRIPTS } from '../links.js';
import { secretsRead } from '../arm.js';
import { member, memberKey, isObject } from '../../util/json.js';
import { resourcesOfType } from '../resources.js';
import { isSecretName } from './secureParameterType.js';
import { undecided } from '../verdict.js';

export const deploymentScriptSecrets: LintRule = {
  ...ruleCode(codes.HUB533),
  area: 'security',
  actor: 'author',
  rationale: '`value` is returned in clear text with the script resource; `secureValue` is not.',
  link: DEPLOYMENT_SCRIPTS,
  check(ctx) {
    const t = ctx.template;
    const out: LintFinding[] = [];
    for (const r of resourcesOfType(ctx, 'Microsoft.Resources/deploymentScripts')) {
      const env = member(r.json.properties, 'environmentVariables');
      if (!Array.isArray(env)) continue;
      env.forEach((e, i) => {
        if (!isObject(e) || !('value' in e)) return;
        const name = typeof e.name === 'string' ? e.name : `#${i}`;
        const reads = secretsRead(e.value, t);
        const readsSecure = reads.secure.length > 0 || reads.list;
        const secretName = isSecretName(name) && e.value !== '';
        const location = r.at(['properties', memberKey(r.json.properties, 'environmentVariables'), i, 'value']);
        if (readsSecure || secretName) {
          out.push({
            message: `${r.label}: environment variable '${name}' passes ${readsSecure ? 'a secret' : 'a value named like a secret'} in plain 'value'`,
            hint: 'Use secureValue for it.',
            location,
            where: r.label,
          });
        } else if (reads.dynamic !== undefined) {
          out.push({
            message: undecided(
              `whether ${r.label} environment variable '${name}' passes a secret in plain 'value'`,
              `${reads.dynamic} names the parameter or variable it reads only at deployment`,
            ),
            hint: 'Use secureValue for it.',
            location,
            where: r.label,
          });
        }
      });
    }
    return out;
  },
};
