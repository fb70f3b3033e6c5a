/**
 * HUB525: Key Vaults keep soft delete on (`enableSoftDelete` not false) (PSRule for Azure
 * `Azure.KeyVault.SoftDelete`).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { possibleValues } from '../arm.js';
import { member } from '../json.js';
import { resourcesOfType } from '../resources.js';

export const keyVaultSoftDelete: LintRule = {
  ...ruleCode(codes.HUB525),
  area: 'security',
  rationale: 'Without soft delete a deleted vault or secret is gone at once, with no way to recover it.',
  link: psRule('Azure.KeyVault.SoftDelete'),
  check(ctx) {
    return resourcesOfType(ctx, 'Microsoft.KeyVault/vaults').flatMap((r) => {
      const v = member(r.json.properties, 'enableSoftDelete');
      if (v === undefined || !(possibleValues(v, ctx.template) ?? []).includes(false)) return [];
      return [{ message: `${r.label} turns soft delete off`, hint: 'Set properties.enableSoftDelete to true (or leave it out).', location: r.at(['properties', 'enableSoftDelete']), where: r.label }];
    });
  },
};
