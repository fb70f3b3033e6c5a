/**
 * HUB529: secrets (secure parameters and `list*()` results) go only where Azure keeps them secret: a Key
 * Vault secret's `properties.value`, a deployment script's `secureValue` environment variables (checked by
 * HUB533) and its `storageAccountSettings.storageAccountKey`. Anywhere else (names, tags, other
 * properties, Data Factory objects) they end up readable in the resource's configuration (PSRule for Azure
 * `Azure.Deployment.SecureValue`). Outputs are HUB507's.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { psRule } from '../links.js';
import { parametersThrough, readsListThrough, secureParameters } from '../arm.js';
import { walkJson, type JsonPath } from '../json.js';

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

function matches(path: JsonPath, pattern: string[]): boolean {
  return path.length === pattern.length && pattern.every((p, i) => p === '*' || String(path[i]).toLowerCase() === p.toLowerCase());
}

export const secretFlow: LintRule = {
  ...ruleCode(codes.HUB529),
  area: 'security',
  rationale: 'Resource properties other than these are returned in clear text to anyone who can read the resource.',
  link: psRule('Azure.Deployment.SecureValue'),
  check(ctx) {
    const t = ctx.template;
    if (!t) return [];
    const secure = secureParameters(t);
    const out: LintFinding[] = [];
    for (const r of ctx.resources) {
      const sinks = SECRET_SINKS[r.type.toLowerCase()] ?? [];
      walkJson(r.json, (v, path) => {
        if (typeof v !== 'string' || sinks.some((s) => matches(path, s))) return;
        const params = [...parametersThrough(v, t)].filter((p) => secure.has(p));
        const list = readsListThrough(v, t);
        if (!params.length && !list) return;
        out.push({
          message: `${r.label}: ${params.length ? `the secure parameter ${params.map((p) => `'${p}'`).join(', ')}` : 'a list*() result'} is used at ${path.join('.')}`,
          hint: 'Keep the secret in Key Vault and let the consumer read it from there.',
          location: r.at(path),
          where: r.label,
        });
      });
    }
    return out;
  },
};
