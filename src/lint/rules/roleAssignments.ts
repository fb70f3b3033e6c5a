/**
 * HUB530: role assignments are made on a single resource (`scope`), never on the whole resource group,
 * and only with a role the hub component needs on that kind of resource (table in
 * `src/lint/data/roles.ts`, after the specification's permissions table) (Azure RBAC best practices:
 * "Only grant the access users need", "Limit the scope").
 *
 * The role is the last argument of the `roleDefinitionId` call (or the last segment of a literal ID) and
 * the scope's type comes from its `format()`/`concat()` text, its `resourceId()` type or its value; where
 * either is known only at deployment, the finding says it cannot be decided at build time.
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { RBAC_BEST_PRACTICES } from '../links.js';
import { armExpression, literalArg, possibleValues } from '../arm.js';
import { member } from '../../util/json.js';
import { resourcesOfType } from '../resources.js';
import { ALLOWED_ROLES } from '../data/roles.js';
import { serializeArm } from '../../expressions/arm/ast.js';
import { undecided } from '../verdict.js';

/** The resource type named by a resource ID text (`.../providers/Microsoft.X/y/name/z/name`), lower case. */
function typeOfId(text: string): string {
  // Namespace, then type/name pairs: keep the types.
  const parts = text
    .replace(/^.*\/providers\//i, '')
    .replace(/^\//, '')
    .split('/');
  const types = [parts[0]];
  for (let i = 1; i < parts.length; i += 2) types.push(parts[i]);
  return types.join('/').toLowerCase();
}

/** Known string values of a template value, or why they are not known at build time. */
function strings(value: unknown, template: unknown): { values: string[]; why?: string } {
  const p = possibleValues(value, template);
  return { values: p.values.filter((v): v is string => typeof v === 'string'), ...(p.unknown !== undefined ? { why: p.unknown } : {}) };
}

/** The resource types an assignment's `scope` can name: `format('Microsoft.X/y/{0}', ...)`, `resourceId('Microsoft.X/y', ...)`, a literal ID or any value known at build time. */
function scopeTypes(scope: unknown, template: unknown): { types: string[]; why?: string } {
  if (typeof scope !== 'string') return { types: [] };
  const e = armExpression(scope);
  if (!e) return { types: [typeOfId(scope)] };
  if (e.kind === 'call' && ['format', 'concat'].includes(e.name.toLowerCase()) && literalArg(e, 0)) return { types: [typeOfId(literalArg(e, 0)!)] };
  if (e.kind === 'call' && e.name.toLowerCase() === 'resourceid' && literalArg(e, 0)) return { types: [literalArg(e, 0)!.toLowerCase()] };
  const s = strings(scope, template);
  return { types: s.values.map(typeOfId), ...(s.why ? { why: s.why } : {}) };
}

/** The role GUIDs a `roleDefinitionId` can be: the last argument of its `*resourceId()` call, or the last segment of its value. */
function roleGuids(value: unknown, template: unknown): { guids: string[]; why?: string } {
  const e = armExpression(value);
  const last = e?.kind === 'call' && /resourceid$/i.test(e.name) ? e.args[e.args.length - 1] : undefined;
  const s = last ? strings(`[${serializeArm(last)}]`, template) : strings(value, template);
  return { guids: s.values.map((v) => v.split('/').pop()!.toLowerCase()), ...(s.why ? { why: s.why } : {}) };
}

export const roleAssignments: LintRule = {
  ...ruleCode(codes.HUB530),
  area: 'security',
  actor: 'author',
  rationale: 'Broader roles or scopes let a compromised identity reach far more than the hub.',
  link: RBAC_BEST_PRACTICES,
  check(ctx) {
    const out: LintFinding[] = [];
    for (const r of resourcesOfType(ctx, 'Microsoft.Authorization/roleAssignments')) {
      const scope = r.json.scope;
      if (scope === undefined) {
        out.push({ message: `${r.label} is made on the whole resource group`, hint: 'Set scope to the one resource the identity works on.', location: r.at([]), where: r.label });
        continue;
      }
      const roles = roleGuids(member(r.json.properties, 'roleDefinitionId'), ctx.template);
      const roleAt = r.at(['properties', 'roleDefinitionId']);
      const hint = 'Remove the assignment, or grant the narrowest built-in role the component needs.';
      if (roles.why) out.push({ message: undecided(`the role ${r.label} grants`, roles.why), hint, location: roleAt, where: r.label });
      const scopes = scopeTypes(scope, ctx.template);
      for (const guid of roles.guids) {
        const role = ALLOWED_ROLES[guid];
        if (!role) {
          out.push({ message: `${r.label} grants role ${guid}, which no hub component needs`, hint, location: roleAt, where: r.label });
          continue;
        }
        if (scopes.why)
          out.push({
            message: undecided(`the scope on which ${r.label} grants ${role.name}`, scopes.why),
            hint: 'Assign it on the resource that needs it.',
            location: r.at(['scope']),
            where: r.label,
          });
        for (const type of scopes.types) {
          if (role.scopes.includes(type)) continue;
          out.push({
            message: `${r.label} grants ${role.name} on ${type}; it is only needed on ${role.scopes.join(' or ')} (${role.reason})`,
            hint: 'Assign it on the resource that needs it.',
            location: r.at(['scope']),
            where: r.label,
          });
        }
        if (!scopes.why && !scopes.types.length) {
          out.push({
            message: `${r.label} grants ${role.name} on a scope that is not a resource ID`,
            hint: 'Assign it on the resource that needs it.',
            location: r.at(['scope']),
            where: r.label,
          });
        }
      }
      if (!roles.why && !roles.guids.length)
        out.push({
          message: `${r.label} grants no role hubc can read (roleDefinitionId is ${JSON.stringify(member(r.json.properties, 'roleDefinitionId') ?? 'not set')})`,
          hint,
          location: roleAt,
          where: r.label,
        });
    }
    return out;
  },
};
