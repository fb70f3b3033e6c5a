/**
 * HUB520: storage accounts accept HTTPS only (`supportsHttpsTrafficOnly`; absent means true from API
 * version 2019-04-01 on) (PSRule for Azure `Azure.Storage.SecureTransfer`). A value known only at
 * deployment is a finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { member } from '../../util/json.js';
import { storageAccounts } from '../resources.js';
import { FAIL, PASS, findingsOf, judge } from '../verdict.js';

export const storageHttpsOnly: LintRule = {
  ...ruleCode(codes.HUB520),
  area: 'security',
  actor: 'author',
  rationale: 'Unencrypted HTTP exposes cost data and access tokens in transit.',
  link: psRule('Azure.Storage.SecureTransfer'),
  check(ctx) {
    return storageAccounts(ctx).flatMap((r) => {
      const v = member(r.json.properties, 'supportsHttpsTrafficOnly');
      const verdict = v === undefined ? (r.apiVersion < '2019-04-01' ? FAIL : PASS) : judge(v, ctx.template, (x) => x === true);
      return findingsOf(verdict, {
        subject: `${r.label} supportsHttpsTrafficOnly`,
        failed: () => `${r.label} allows HTTP (supportsHttpsTrafficOnly is ${JSON.stringify(v ?? 'not set')})`,
        hint: 'Set properties.supportsHttpsTrafficOnly to true.',
        location: r.at(['properties', 'supportsHttpsTrafficOnly']),
        where: r.label,
      });
    });
  },
};
