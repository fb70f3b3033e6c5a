/**
 * HUB520: storage accounts accept HTTPS only (`supportsHttpsTrafficOnly`; absent means true from API
 * version 2019-04-01 on) (PSRule for Azure `Azure.Storage.SecureTransfer`).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { possibleValues } from '../arm.js';
import { member } from '../json.js';
import { storageAccounts } from '../resources.js';

export const storageHttpsOnly: LintRule = {
  ...ruleCode(codes.HUB520),
  area: 'security',
  rationale: 'Unencrypted HTTP exposes cost data and access tokens in transit.',
  link: psRule('Azure.Storage.SecureTransfer'),
  check(ctx) {
    return storageAccounts(ctx).flatMap((r) => {
      const v = member(r.json.properties, 'supportsHttpsTrafficOnly');
      const bad = v === undefined ? r.apiVersion < '2019-04-01' : (possibleValues(v, ctx.template) ?? []).some((x) => x !== true);
      return bad ? [{ message: `${r.label} allows HTTP (supportsHttpsTrafficOnly is ${JSON.stringify(v ?? 'not set')})`, hint: 'Set properties.supportsHttpsTrafficOnly to true.', location: r.at(['properties', 'supportsHttpsTrafficOnly']), where: r.label }] : [];
    });
  },
};
