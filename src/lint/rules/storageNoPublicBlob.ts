/**
 * HUB522: no anonymous read access to blobs: storage accounts set `allowBlobPublicAccess` to false and no
 * container sets `publicAccess` other than `None` (PSRule for Azure `Azure.Storage.BlobPublicAccess`).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { psRule } from '../links.js';
import { possibleValues } from '../arm.js';
import { member } from '../json.js';
import { storageAccounts, resourcesOfType } from '../resources.js';

export const storageNoPublicBlob: LintRule = {
  ...ruleCode(codes.HUB522),
  area: 'security',
  rationale: 'Anonymous blob access would publish cost data to anyone who knows the URL.',
  link: psRule('Azure.Storage.BlobPublicAccess'),
  check(ctx) {
    const out: LintFinding[] = [];
    for (const r of storageAccounts(ctx)) {
      const v = member(r.json.properties, 'allowBlobPublicAccess');
      const values = v === undefined ? [undefined] : possibleValues(v, ctx.template) ?? [];
      if (values.some((x) => x !== false)) {
        out.push({ message: `${r.label} does not forbid anonymous blob access (allowBlobPublicAccess is ${JSON.stringify(v ?? 'not set')})`, hint: 'Set properties.allowBlobPublicAccess to false.', location: r.at(['properties', 'allowBlobPublicAccess']), where: r.label });
      }
    }
    for (const c of resourcesOfType(ctx, 'Microsoft.Storage/storageAccounts/blobServices/containers')) {
      const v = member(c.json.properties, 'publicAccess');
      if (v !== undefined && (possibleValues(v, ctx.template) ?? []).some((x) => x !== 'None')) {
        out.push({ message: `${c.label} allows anonymous access (publicAccess is ${JSON.stringify(v)})`, hint: 'Set properties.publicAccess to None.', location: c.at(['properties', 'publicAccess']), where: c.label });
      }
    }
    return out;
  },
};
