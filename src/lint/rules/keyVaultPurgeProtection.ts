/**
 * HUB526: Key Vaults enable purge protection (`enablePurgeProtection: true`) (PSRule for Azure
 * `Azure.KeyVault.PurgeProtect`), unless purging loses nothing the next deployment does not restore.
 *
 * Purge protection keeps a deleted vault and its deleted secrets recoverable for the whole retention
 * period, so nobody can destroy them for good. Its price: the vault's name stays taken until the period
 * ends (a vault with the name of a soft-deleted one cannot be created, and with purge protection it cannot
 * be purged either, only recovered), and once on it cannot be turned off. It protects nothing when the
 * vault can hold only what the template writes into it from deployment parameters: a purged secret is
 * written again by the next deployment. The rule accepts a vault without purge protection when
 * - it uses access policies (`enableRbacAuthorization: false`) written as literals in the template, and no
 *   `vaults/accessPolicies` resource adds to them: nobody is granted more than reading secrets (`get`,
 *   `list`), so no key, certificate or secret can be stored in it but by the template;
 * - the template deploys no keys into it, and every secret it deploys into it reads a template parameter.
 * hubc's vault is such a vault: it holds only the remote hub storage key (from `remoteHubStorageKey`), a
 * copy of a key that lives in the remote hub's storage account.
 *
 * A value known only at deployment is a finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import type { LintContext, TemplateResource } from '../context.js';
import { psRule } from '../links.js';
import { member, isObject } from '../../util/json.js';
import { parametersThrough } from '../arm.js';
import { serializeArm } from '../../expressions/arm/ast.js';
import { templateNameSegments } from '../../expressions/arm/semantics.js';
import { resourcesOfType } from '../resources.js';
import { FAIL, findingsOf, judge } from '../verdict.js';

const READ_SECRETS = new Set(['get', 'list']);

/** The children of a vault of one type (matched by the first segment of their names). */
function childrenOf(ctx: LintContext, vault: TemplateResource, type: string): TemplateResource[] {
  const segments = (name: string) => templateNameSegments(name)?.map(serializeArm);
  const parent = segments(vault.name)?.join('/');
  return resourcesOfType(ctx, type).filter((c) => parent !== undefined && segments(c.name)?.[0] === parent);
}

/** True when the vault can hold only secrets the template writes from deployment parameters (see the module doc). */
export function holdsOnlyRedeployedSecrets(ctx: LintContext, vault: TemplateResource): boolean {
  const props = vault.json.properties;
  if (member(props, 'enableRbacAuthorization') !== false) return false;
  const policies = member(props, 'accessPolicies');
  if (!Array.isArray(policies)) return false;
  const readOnly = policies.every((p) => {
    const perms = member(p, 'permissions');
    return (
      isObject(perms) &&
      Object.entries(perms).every(
        ([kind, list]) => Array.isArray(list) && list.every((g) => typeof g === 'string' && kind.toLowerCase() === 'secrets' && READ_SECRETS.has(g.toLowerCase())),
      )
    );
  });
  if (!readOnly || childrenOf(ctx, vault, 'Microsoft.KeyVault/vaults/accessPolicies').length) return false;
  if (childrenOf(ctx, vault, 'Microsoft.KeyVault/vaults/keys').length) return false;
  return childrenOf(ctx, vault, 'Microsoft.KeyVault/vaults/secrets').every((s) => parametersThrough(member(s.json.properties, 'value'), ctx.template).size > 0);
}

export const keyVaultPurgeProtection: LintRule = {
  ...ruleCode(codes.HUB526),
  area: 'security',
  actor: 'author',
  rationale: 'Without purge protection anyone allowed to delete the vault can also destroy its soft-deleted copy.',
  link: psRule('Azure.KeyVault.PurgeProtect'),
  check(ctx) {
    return resourcesOfType(ctx, 'Microsoft.KeyVault/vaults').flatMap((r) => {
      const v = member(r.json.properties, 'enablePurgeProtection');
      const verdict = v === undefined ? FAIL : judge(v, ctx.template, (x) => x === true);
      if (verdict.kind === 'fail' && holdsOnlyRedeployedSecrets(ctx, r)) return [];
      return findingsOf(verdict, {
        subject: `${r.label} enablePurgeProtection`,
        failed: () => `${r.label} has no purge protection, and can hold secrets the template does not write again`,
        hint: 'Set properties.enablePurgeProtection to true.',
        location: r.at(['properties', 'enablePurgeProtection']),
        where: r.label,
      });
    });
  },
};
