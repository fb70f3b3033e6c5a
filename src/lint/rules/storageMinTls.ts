/**
 * HUB521: storage accounts require TLS 1.2 or later (`minimumTlsVersion` set to `TLS1_2` or `TLS1_3`;
 * older API versions default to TLS 1.0) (PSRule for Azure `Azure.Storage.MinTLS`).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { possibleValues } from '../arm.js';
import { member } from '../json.js';
import { storageAccounts } from '../resources.js';

const OK = new Set(['TLS1_2', 'TLS1_3']);

export const storageMinTls: LintRule = {
  ...ruleCode(codes.HUB521),
  area: 'security',
  rationale: 'TLS 1.0 and 1.1 have known weaknesses; clients that still use them should be refused.',
  link: psRule('Azure.Storage.MinTLS'),
  check(ctx) {
    return storageAccounts(ctx).flatMap((r) => {
      const v = member(r.json.properties, 'minimumTlsVersion');
      const values = v === undefined ? [undefined] : possibleValues(v, ctx.template) ?? [];
      return values.some((x) => typeof x !== 'string' || !OK.has(x))
        ? [{ message: `${r.label} accepts TLS older than 1.2 (minimumTlsVersion is ${JSON.stringify(v ?? 'not set')})`, hint: 'Set properties.minimumTlsVersion to TLS1_2.', location: r.at(['properties', 'minimumTlsVersion']), where: r.label }]
        : [];
    });
  },
};
