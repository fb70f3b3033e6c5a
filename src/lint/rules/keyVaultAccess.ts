/**
 * HUB527: Key Vault data access uses Azure RBAC (`enableRbacAuthorization: true`) or access policies that
 * grant only reading secrets (`get`, `list`); no policy grants keys, certificates or storage permissions,
 * or secret changes (PSRule for Azure `Azure.KeyVault.RBAC` and `Azure.KeyVault.AccessPolicy`).
 *
 * Three-valued: when the access policies, a permission list or a permission are known only at deployment,
 * and so is whether the vault uses RBAC (which makes the policies irrelevant), the finding says what could
 * not be decided.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import type { TemplateResource } from '../context.js';
import { psRule } from '../links.js';
import { armExpression, possibleValues } from '../arm.js';
import { member, memberKey, isObject, type JsonPath } from '../../util/json.js';
import { resourcesOfType } from '../resources.js';
import { judge, undecided } from '../verdict.js';

const READ_SECRETS = new Set(['get', 'list']);

/** The known values of a template value, or why they are not known at build time. */
function known(value: unknown, template: unknown): { values: unknown[]; why?: string } {
  if (!armExpression(value)) return { values: [value] };
  const p = possibleValues(value, template);
  return p.unknown === undefined ? { values: p.values } : { values: p.values, why: p.unknown };
}

/** The permissions a vault's access policies grant beyond reading secrets, and what could not be read. */
function excessGrants(r: TemplateResource, template: unknown): { grants: { message: string; path: JsonPath }[]; undecided: { what: string; why: string; path: JsonPath }[] } {
  const grants: { message: string; path: JsonPath }[] = [];
  const open: { what: string; why: string; path: JsonPath }[] = [];
  const policiesKey = memberKey(r.json.properties, 'accessPolicies');
  const base: JsonPath = ['properties', policiesKey];
  const written = member(r.json.properties, 'accessPolicies');
  if (written === undefined) return { grants, undecided: open };
  const lists = known(written, template);
  if (lists.why) open.push({ what: `${r.label} accessPolicies`, why: lists.why, path: base });
  for (const policies of lists.values) {
    if (!Array.isArray(policies)) continue;
    policies.forEach((p, i) => {
      const perms = member(p, 'permissions');
      const at: JsonPath = written === policies ? [...base, i, 'permissions'] : base;
      const sets = known(perms, template);
      if (sets.why) open.push({ what: `${r.label}: access policy ${i} permissions`, why: sets.why, path: at });
      for (const set of sets.values) {
        if (!isObject(set)) continue;
        for (const [kind, list] of Object.entries(set)) {
          const listAt: JsonPath = at === base ? base : [...at, kind];
          const values = known(list, template);
          if (values.why) open.push({ what: `${r.label}: access policy ${i} ${kind} permissions`, why: values.why, path: listAt });
          const granted: string[] = [];
          for (const l of values.values) {
            if (!Array.isArray(l)) continue;
            for (const g of l) {
              const each = known(g, template);
              if (each.why) open.push({ what: `${r.label}: access policy ${i} ${kind} permission ${JSON.stringify(g)}`, why: each.why, path: listAt });
              granted.push(...each.values.filter((x): x is string => typeof x === 'string'));
            }
          }
          const extra = kind.toLowerCase() === 'secrets' ? granted.filter((g) => !READ_SECRETS.has(g.toLowerCase())) : granted;
          if (extra.length) grants.push({ message: `${r.label}: access policy ${i} grants ${kind} permissions ${[...new Set(extra)].join(', ')}`, path: listAt });
        }
      }
    });
  }
  return { grants, undecided: open };
}

export const keyVaultAccess: LintRule = {
  ...ruleCode(codes.HUB527),
  area: 'security',
  actor: 'author',
  rationale: 'A policy that can change or delete secrets, or reach keys and certificates, gives more than the hub needs.',
  link: psRule('Azure.KeyVault.AccessPolicy'),
  check(ctx) {
    const out: LintFinding[] = [];
    const hint = 'Grant only get (and list) on secrets, or switch the vault to RBAC with a data-plane reader role.';
    // Policies are set on the vault or added by `vaults/accessPolicies` child resources.
    for (const r of [...resourcesOfType(ctx, 'Microsoft.KeyVault/vaults'), ...resourcesOfType(ctx, 'Microsoft.KeyVault/vaults/accessPolicies')]) {
      const rbac = member(r.json.properties, 'enableRbacAuthorization');
      const usesRbac = rbac === undefined ? { kind: 'fail' as const } : judge(rbac, ctx.template, (x) => x === true);
      if (usesRbac.kind === 'pass') continue;
      const { grants, undecided: open } = excessGrants(r, ctx.template);
      if (usesRbac.kind === 'unknown' && (grants.length || open.length)) {
        out.push({
          message: undecided(`whether ${r.label} uses RBAC instead of its access policies`, usesRbac.why),
          hint,
          location: r.at(['properties', memberKey(r.json.properties, 'enableRbacAuthorization')]),
          where: r.label,
        });
        continue;
      }
      for (const g of grants) out.push({ message: g.message, hint, location: r.at(g.path), where: r.label });
      for (const u of open) out.push({ message: undecided(u.what, u.why), hint, location: r.at(u.path), where: r.label });
    }
    return out;
  },
};
