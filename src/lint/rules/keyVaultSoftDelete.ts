/**
 * HUB525: Key Vaults keep soft delete on (`enableSoftDelete` not false) (PSRule for Azure
 * `Azure.KeyVault.SoftDelete`). A value known only at deployment is a finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { member } from '../../util/json.js';
import { resourcesOfType } from '../resources.js';
import { PASS, findingsOf, judge } from '../verdict.js';

export const keyVaultSoftDelete: LintRule = {
  ...ruleCode(codes.HUB525),
  area: 'security',
  actor: 'author',
  rationale: 'Without soft delete a deleted vault or secret is gone at once, with no way to recover it.',
  link: psRule('Azure.KeyVault.SoftDelete'),
  check(ctx) {
    return resourcesOfType(ctx, 'Microsoft.KeyVault/vaults').flatMap((r) => {
      const v = member(r.json.properties, 'enableSoftDelete');
      return findingsOf(v === undefined ? PASS : judge(v, ctx.template, (x) => x !== false), {
        subject: `${r.label} enableSoftDelete`,
        failed: () => `${r.label} turns soft delete off`,
        hint: 'Set properties.enableSoftDelete to true (or leave it out).',
        location: r.at(['properties', 'enableSoftDelete']),
        where: r.label,
      });
    });
  },
};
