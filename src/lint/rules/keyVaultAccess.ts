/**
 * HUB527: Key Vault data access uses Azure RBAC (`enableRbacAuthorization: true`) or access policies that
 * grant only reading secrets (`get`, `list`); no policy grants keys, certificates or storage permissions,
 * or secret changes (PSRule for Azure `Azure.KeyVault.RBAC` and `Azure.KeyVault.AccessPolicy`).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { psRule } from '../links.js';
import { possibleValues } from '../arm.js';
import { member, memberKey } from '../json.js';
import { resourcesOfType } from '../resources.js';
import { isObject } from '../../util/json.js';

const READ_SECRETS = new Set(['get', 'list']);

export const keyVaultAccess: LintRule = {
  ...ruleCode(codes.HUB527),
  area: 'security',
  rationale: 'A policy that can change or delete secrets, or reach keys and certificates, gives more than the hub needs.',
  link: psRule('Azure.KeyVault.AccessPolicy'),
  check(ctx) {
    const out: LintFinding[] = [];
    // Policies are set on the vault or added by `vaults/accessPolicies` child resources.
    for (const r of [...resourcesOfType(ctx, 'Microsoft.KeyVault/vaults'), ...resourcesOfType(ctx, 'Microsoft.KeyVault/vaults/accessPolicies')]) {
      const rbac = member(r.json.properties, 'enableRbacAuthorization');
      if (rbac !== undefined && (possibleValues(rbac, ctx.template) ?? []).every((x) => x === true)) continue;
      const policies = member(r.json.properties, 'accessPolicies');
      if (!Array.isArray(policies)) continue;
      policies.forEach((p, i) => {
        const perms = member(p, 'permissions');
        if (!isObject(perms)) return;
        for (const [kind, list] of Object.entries(perms)) {
          const granted = Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
          const extra = kind.toLowerCase() === 'secrets' ? granted.filter((g) => !READ_SECRETS.has(g.toLowerCase())) : granted;
          if (!extra.length) continue;
          out.push({
            message: `${r.label}: access policy ${i} grants ${kind} permissions ${extra.join(', ')}`,
            hint: 'Grant only get (and list) on secrets, or switch the vault to RBAC with a data-plane reader role.',
            location: r.at(['properties', memberKey(r.json.properties, 'accessPolicies'), i, 'permissions', kind]),
            where: r.label,
          });
        }
      });
    }
    return out;
  },
};
