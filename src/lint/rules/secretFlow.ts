/**
 * HUB529: secrets (secure parameters and `list*()` results) go only where Azure keeps them secret: a Key
 * Vault secret's `properties.value`, a deployment script's `secureValue` environment variables (checked by
 * HUB533) and its `storageAccountSettings.storageAccountKey` (also as the `storageAccountKey` member of a
 * `createObject()` that is the whole setting, for a setting only some deployments have). Anywhere else (names, tags, other
 * properties, Data Factory objects) they end up readable in the resource's configuration (PSRule for Azure
 * `Azure.Deployment.SecureValue`). Outputs are HUB507's.
 *
 * The rule reads which parameters and functions a value uses, directly or through variables. A value that
 * reads a parameter or variable by a computed name, in a template that has secrets, cannot be decided at
 * build time and is reported as such.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { psRule } from '../links.js';
import { callsIn, createObjectMembers, secretsRead } from '../arm.js';
import { forEachArmNode } from '../../expressions/arm/ast.js';
import { walkJson, type JsonPath } from '../../util/json.js';
import { undecided } from '../verdict.js';

/** Lower-case resource type -> paths (inside the resource, `*` = any key or index) where secrets may go. */
const SECRET_SINKS: Record<string, string[][]> = {
  'microsoft.keyvault/vaults/secrets': [['properties', 'value']],
  'microsoft.resources/deploymentscripts': [
    ['properties', 'environmentVariables', '*', 'secureValue'],
    ['properties', 'storageAccountSettings', 'storageAccountKey'],
    // Plain `value` entries are HUB533's.
    ['properties', 'environmentVariables', '*', 'value'],
  ],
};

/**
 * True when every list*() call of a deployment script's `storageAccountSettings` expression is its
 * `storageAccountKey` member (`if(..., null(), createObject('storageAccountName', n, 'storageAccountKey', listKeys(...)))`).
 */
function listsOnlyInKey(value: string, path: JsonPath): boolean {
  if (!matches(path, ['properties', 'storageAccountSettings'])) return false;
  let inKey = 0;
  for (const key of createObjectMembers(value, 'storageAccountKey')) forEachArmNode(key, (n) => n.kind === 'call' && n.name.toLowerCase().startsWith('list') && inKey++);
  const all = callsIn(value).filter((c) => c.name.startsWith('list')).length;
  return all > 0 && all === inKey;
}

function matches(path: JsonPath, pattern: string[]): boolean {
  return path.length === pattern.length && pattern.every((p, i) => p === '*' || String(path[i]).toLowerCase() === p.toLowerCase());
}

export const secretFlow: LintRule = {
  ...ruleCode(codes.HUB529),
  area: 'security',
  actor: 'author',
  rationale: 'Resource properties other than these are returned in clear text to anyone who can read the resource.',
  link: psRule('Azure.Deployment.SecureValue'),
  check(ctx) {
    const t = ctx.template;
    if (!t) return [];
    const out: LintFinding[] = [];
    const hint = 'Keep the secret in Key Vault and let the consumer read it from there.';
    for (const r of ctx.resources) {
      const sinks = SECRET_SINKS[r.type.toLowerCase()] ?? [];
      walkJson(r.json, (v, path) => {
        if (typeof v !== 'string' || sinks.some((s) => matches(path, s))) return;
        const reads = secretsRead(v, t);
        if (reads.secure.length || (reads.list && !listsOnlyInKey(v, path))) {
          out.push({
            message: `${r.label}: ${reads.secure.length ? `the secure parameter ${reads.secure.map((p) => `'${p}'`).join(', ')}` : 'a list*() result'} is used at ${path.join('.')}`,
            hint,
            location: r.at(path),
            where: r.label,
          });
        } else if (reads.dynamic !== undefined) {
          out.push({
            message: undecided(`whether ${r.label} uses a secret at ${path.join('.')}`, `${reads.dynamic} names the parameter or variable it reads only at deployment`),
            hint,
            location: r.at(path),
            where: r.label,
          });
        }
      });
    }
    return out;
  },
};
