/**
 * HUB523: storage accounts refuse Shared Key authorization (`allowSharedKeyAccess: false`; absent means
 * allowed) unless a hub component needs the account key (PSRule for Azure `Azure.Storage.LocalAuth`).
 * The components that need it:
 * - a storage account a deployment script uses for its file share (`storageAccountSettings`, an object or,
 *   when only some deployments use the account, a `createObject()` in an expression): the deployment
 *   script service mounts the share with the account key;
 * - the data lake (`isHnsEnabled`) of a release with the remote hub parameters (`remoteHubStorageKey`):
 *   a hub of that release pushes its data into another hub's data lake with that account's key, so every
 *   data lake of the release must accept the key (specification, parameter `remoteHubStorageKey`).
 * A value known only at deployment is a finding of its own (undecided).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintRule } from '../types.js';
import { psRule } from '../links.js';
import { createObjectMembers } from '../arm.js';
import { toArmString } from '../../expressions/arm/ast.js';
import { member } from '../../util/json.js';
import { resourcesOfType, storageAccounts } from '../resources.js';
import { FAIL, findingsOf, judge } from '../verdict.js';

export const storageSharedKey: LintRule = {
  ...ruleCode(codes.HUB523),
  area: 'security',
  actor: 'author',
  rationale: 'Account keys give full, unaudited access to the whole account; Entra ID with RBAC does not.',
  link: psRule('Azure.Storage.LocalAuth'),
  check(ctx) {
    const scriptStorage = new Set(
      resourcesOfType(ctx, 'Microsoft.Resources/deploymentScripts').flatMap((s) => {
        const settings = member(s.json.properties, 'storageAccountSettings');
        const name = member(settings, 'storageAccountName');
        return [...(typeof name === 'string' ? [name] : []), ...createObjectMembers(settings, 'storageAccountName').map(toArmString)];
      }),
    );
    const remoteHub = ctx.build.template.parameter('remoteHubStorageKey') !== undefined;
    return storageAccounts(ctx).flatMap((r) => {
      if (scriptStorage.has(r.name)) return [];
      if (remoteHub && member(r.json.properties, 'isHnsEnabled') === true) return [];
      const v = member(r.json.properties, 'allowSharedKeyAccess');
      return findingsOf(v === undefined ? FAIL : judge(v, ctx.template, (x) => x === false), {
        subject: `${r.label} allowSharedKeyAccess`,
        failed: () => `${r.label} accepts Shared Key authorization (allowSharedKeyAccess is ${JSON.stringify(v ?? 'not set')}) and no hub component needs its key`,
        hint: 'Set properties.allowSharedKeyAccess to false; hub components reach it with managed identities.',
        location: r.at(['properties', 'allowSharedKeyAccess']),
        where: r.label,
      });
    });
  },
};
