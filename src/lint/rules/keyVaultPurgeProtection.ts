/**
 * HUB526: Key Vaults enable purge protection (`enablePurgeProtection: true`) (PSRule for Azure
 * `Azure.KeyVault.PurgeProtect`). A value known only at deployment is a finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { member } from '../json.js';
import { resourcesOfType } from '../resources.js';
import { FAIL, findingsOf, judge } from '../verdict.js';

export const keyVaultPurgeProtection: LintRule = {
  ...ruleCode(codes.HUB526),
  area: 'security',
  rationale: 'Without purge protection anyone allowed to delete the vault can also destroy its soft-deleted copy.',
  link: psRule('Azure.KeyVault.PurgeProtect'),
  check(ctx) {
    return resourcesOfType(ctx, 'Microsoft.KeyVault/vaults').flatMap((r) => {
      const v = member(r.json.properties, 'enablePurgeProtection');
      return findingsOf(v === undefined ? FAIL : judge(v, ctx.template, (x) => x === true), {
        subject: `${r.label} enablePurgeProtection`,
        failed: () => `${r.label} has no purge protection`,
        hint: 'Set properties.enablePurgeProtection to true.',
        location: r.at(['properties', 'enablePurgeProtection']),
        where: r.label,
      });
    });
  },
};
