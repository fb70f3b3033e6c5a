/**
 * HUB509: properties that hold resource IDs (`id` and names ending in `Id`) are built with the
 * `resourceId()` family, or come from parameters, variables built that way, `reference()`, `if()`,
 * `guid()` or `subscription()` (ARM-TTK "IDs Should Be Derived From ResourceIDs"). Property names that are
 * not resource IDs are exempt: ARM-TTK's list (tenantId, objectId, subscriptionId, ...) plus `principalId`
 * (an Entra object ID), `groupId` (a private link sub-resource name such as `blob`) and `aadResourceId` (the
 * token audience of a Data Factory REST linked service, a URI such as `environment().resourceManager`).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { armExpression, literalArg } from '../arm.js';
import { walkJson, isObject } from '../../util/json.js';
import type { ArmExpr } from '../../expressions/arm/ast.js';

/** Lower-case property names ending in `id` that are not resource IDs. */
const NOT_RESOURCE_IDS = new Set(
  [
    'appId',
    'clientId',
    'DataTypeId',
    'defaultMenuItemId',
    'keyVaultSecretId',
    'keyId',
    'objectId',
    'menuId',
    'policyDefinitionReferenceId',
    'servicePrincipalClientId',
    'StartingDeviceID',
    'subscriptionId',
    'SyntheticMonitorId',
    'targetProtectionContainerId',
    'targetWorkerSizeId',
    'tenantId',
    'timezoneId',
    'vlanId',
    'workerSizeId',
    'principalId',
    'groupId',
    'aadResourceId',
  ].map((s) => s.toLowerCase()),
);

const ALLOWED = new Set(['extensionresourceid', 'resourceid', 'subscriptionresourceid', 'tenantresourceid', 'if', 'parameters', 'reference', 'variables', 'subscription', 'guid']);

/** The outermost function of an expression, under property and index accessors. */
function outermost(e: ArmExpr): ArmExpr {
  let x = e;
  while (x.kind === 'property' || x.kind === 'index') x = x.target;
  return x;
}

export const resourceIds: LintRule = {
  ...ruleCode(codes.HUB509),
  area: 'template',
  actor: 'maintainer',
  rationale: 'IDs glued from text break across clouds, subscriptions and resource groups.',
  link: armTtk('use-resource-id-functions'),
  check(ctx) {
    const variables = isObject(ctx.template?.variables) ? ctx.template.variables : {};
    const variable = (name: string) => Object.entries(variables).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
    const isIdExpression = (value: unknown, seen: Set<string>): boolean => {
      const e = armExpression(value);
      if (!e) return false;
      const top = outermost(e);
      if (top.kind !== 'call' || !ALLOWED.has(top.name.toLowerCase())) return false;
      if (top.name.toLowerCase() !== 'variables') return true;
      const name = literalArg(top, 0);
      if (!name || seen.has(name)) return false;
      seen.add(name);
      const v = variable(name);
      return v === undefined || isIdExpression(v, seen);
    };
    const out: LintFinding[] = [];
    for (const r of ctx.resources) {
      const { name: _n, type: _t, apiVersion: _a, dependsOn: _d, tags: _g, ...body } = r.json;
      walkJson(body, (value, path, key) => {
        if (key === 'metadata' || key === 'tags' || key === 'template') return false;
        if (typeof key !== 'string' || !/id$/i.test(key) || NOT_RESOURCE_IDS.has(key.toLowerCase()) || typeof value !== 'string') return;
        if (isIdExpression(value, new Set())) return;
        out.push({
          message: `${r.label}: '${key}' is ${value === '' ? 'empty' : `${JSON.stringify(value)}, not built with resourceId()`}`,
          hint: 'Build the ID with resourceId(), subscriptionResourceId(), tenantResourceId() or extensionResourceId().',
          location: r.at(path),
          where: r.label,
        });
      });
    }
    return out;
  },
};
