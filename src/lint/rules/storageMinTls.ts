/**
 * HUB521: storage accounts require TLS 1.2 or later (`minimumTlsVersion` set to `TLS1_2` or `TLS1_3`;
 * absent means TLS 1.0) (PSRule for Azure `Azure.Storage.MinTLS`). A value known only at deployment is a
 * finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { member } from '../../util/json.js';
import { storageAccounts } from '../resources.js';
import { FAIL, findingsOf, judge } from '../verdict.js';

const OK = new Set(['TLS1_2', 'TLS1_3']);

export const storageMinTls: LintRule = {
  ...ruleCode(codes.HUB521),
  area: 'security',
  actor: 'author',
  rationale: 'TLS 1.0 and 1.1 have known weaknesses; clients that still use them should be refused.',
  link: psRule('Azure.Storage.MinTLS'),
  check(ctx) {
    return storageAccounts(ctx).flatMap((r) => {
      const v = member(r.json.properties, 'minimumTlsVersion');
      const verdict = v === undefined ? FAIL : judge(v, ctx.template, (x) => typeof x === 'string' && OK.has(x));
      return findingsOf(verdict, {
        subject: `${r.label} minimumTlsVersion`,
        failed: () => `${r.label} accepts TLS older than 1.2 (minimumTlsVersion is ${JSON.stringify(v ?? 'not set')})`,
        hint: 'Set properties.minimumTlsVersion to TLS1_2.',
        location: r.at(['properties', 'minimumTlsVersion']),
        where: r.label,
      });
    });
  },
};
