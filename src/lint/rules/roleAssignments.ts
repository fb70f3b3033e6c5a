/**
 * HUB530: role assignments are made on a single resource (`scope`), never on the whole resource group,
 * and only with a role the hub component needs on that kind of resource (table in
 * `src/lint/data/roles.ts`, after the specification's permissions table) (Azure RBAC best practices:
 * "Only grant the access users need", "Limit the scope").
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { RBAC_BEST_PRACTICES } from '../links.js';
import { armExpression, literalArg } from '../arm.js';
import { member } from '../json.js';
import { resourcesOfType } from '../resources.js';
import { ALLOWED_ROLES } from '../data/roles.js';

/** The resource type of an assignment's `scope`: `format('Microsoft.X/y/{0}', ...)`, `resourceId('Microsoft.X/y', ...)` or a literal ID. */
function scopeType(scope: unknown): string | undefined {
  if (typeof scope !== 'string') return undefined;
  const e = armExpression(scope);
  let text: string | undefined;
  if (!e) text = scope;
  else if (e.kind === 'call' && ['format', 'concat'].includes(e.name.toLowerCase())) text = literalArg(e, 0);
  else if (e.kind === 'call' && e.name.toLowerCase() === 'resourceid') return literalArg(e, 0)?.toLowerCase();
  if (!text) return undefined;
  // Namespace, then type/name pairs: keep the types.
  const parts = text.replace(/^.*\/providers\//i, '').replace(/^\//, '').split('/');
  const types = [parts[0]];
  for (let i = 1; i < parts.length; i += 2) types.push(parts[i]);
  return types.join('/').toLowerCase();
}

/** The role GUID of a `roleDefinitionId` value (`subscriptionResourceId('...roleDefinitions', 'guid')` or an ID). */
function roleGuid(value: unknown): string | undefined {
  const e = armExpression(value);
  if (e?.kind === 'call') {
    const last = e.args[e.args.length - 1];
    return last?.kind === 'string' ? last.value.toLowerCase() : undefined;
  }
  return typeof value === 'string' ? value.split('/').pop()?.toLowerCase() : undefined;
}

export const roleAssignments: LintRule = {
  ...ruleCode(codes.HUB530),
  area: 'security',
  rationale: 'Broader roles or scopes let a compromised identity reach far more than the hub.',
  link: RBAC_BEST_PRACTICES,
  check(ctx) {
    const out: LintFinding[] = [];
    for (const r of resourcesOfType(ctx, 'Microsoft.Authorization/roleAssignments')) {
      const scope = r.json.scope;
      const guid = roleGuid(member(r.json.properties, 'roleDefinitionId'));
      const role = guid ? ALLOWED_ROLES[guid] : undefined;
      const type = scopeType(scope);
      if (scope === undefined) {
        out.push({ message: `${r.label} is made on the whole resource group`, hint: 'Set scope to the one resource the identity works on.', location: r.at([]), where: r.label });
        continue;
      }
      if (!role) {
        out.push({ message: `${r.label} grants role ${guid ?? '(unknown)'}, which no hub component needs`, hint: 'Remove the assignment, or grant the narrowest built-in role the component needs.', location: r.at(['properties', 'roleDefinitionId']), where: r.label });
      } else if (!type || !role.scopes.includes(type)) {
        out.push({ message: `${r.label} grants ${role.name} on ${type ?? 'an unknown scope'}; it is only needed on ${role.scopes.join(' or ')} (${role.reason})`, hint: 'Assign it on the resource that needs it.', location: r.at(['scope']), where: r.label });
      }
    }
    return out;
  },
};
