/**
 * HUB522: no anonymous read access to blobs: storage accounts set `allowBlobPublicAccess` to false and no
 * container sets `publicAccess` other than `None` (PSRule for Azure `Azure.Storage.BlobPublicAccess`). A
 * value known only at deployment is a finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { member } from '../../util/json.js';
import { storageAccounts, resourcesOfType } from '../resources.js';
import { FAIL, PASS, findingsOf, judge } from '../verdict.js';

export const storageNoPublicBlob: LintRule = {
  ...ruleCode(codes.HUB522),
  area: 'security',
  actor: 'author',
  rationale: 'Anonymous blob access would publish cost data to anyone who knows the URL.',
  link: psRule('Azure.Storage.BlobPublicAccess'),
  check(ctx) {
    const accounts = storageAccounts(ctx).flatMap((r) => {
      const v = member(r.json.properties, 'allowBlobPublicAccess');
      return findingsOf(v === undefined ? FAIL : judge(v, ctx.template, (x) => x === false), {
        subject: `${r.label} allowBlobPublicAccess`,
        failed: () => `${r.label} does not forbid anonymous blob access (allowBlobPublicAccess is ${JSON.stringify(v ?? 'not set')})`,
        hint: 'Set properties.allowBlobPublicAccess to false.',
        location: r.at(['properties', 'allowBlobPublicAccess']),
        where: r.label,
      });
    });
    const containers = resourcesOfType(ctx, 'Microsoft.Storage/storageAccounts/blobServices/containers').flatMap((c) => {
      const v = member(c.json.properties, 'publicAccess');
      return findingsOf(v === undefined ? PASS : judge(v, ctx.template, (x) => x === 'None'), {
        subject: `${c.label} publicAccess`,
        failed: () => `${c.label} allows anonymous access (publicAccess is ${JSON.stringify(v)})`,
        hint: 'Set properties.publicAccess to None.',
        location: c.at(['properties', 'publicAccess']),
        where: c.label,
      });
    });
    return [...accounts, ...containers];
  },
};
