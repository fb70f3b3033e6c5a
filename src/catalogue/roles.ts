/**
 * Role assignment names across two releases (HUB750): ARM allows one assignment of a role to a principal at a
 * scope, so when release B gives the assignment of release A another name, deploying B over a hub of A fails
 * with RoleAssignmentExists ("The role assignment already exists", #1604). It compares two Builds, so
 * `hubc diff` and `hubc upgrade-plan` (src/diff/upgrade.ts) both report it.
 *
 * Each side's role assignments are evaluated for the same stand-in deployment (src/public's
 * `withStandIn`, the values both sides of a comparison use), so `guid()` names, scopes and role IDs
 * compare by value; a principal known only at deployment (`reference(<identity>).principalId`) compares by
 * the resource it reads. Source: "Troubleshoot Azure RBAC" (learn.microsoft.com/azure/role-based-access-control/
 * troubleshooting, "RoleAssignmentExists").
 */
import { codes } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { TEMPLATE_FILE, type Build, type TemplateResource } from '../build/index.js';
import { withStandIn } from '../public/index.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { isObject } from '../util/json.js';

const ROLE_ASSIGNMENT = 'microsoft.authorization/roleassignments';

/** One role assignment as deployed: who, what role, where, and its name. */
export interface DeployedRoleAssignment {
  /** The assignment's own name (the last segment: a GUID). */
  name: string;
  /** The principal: its ID, or `identity of <resource>` when it is read from a resource at deployment. */
  principal: string;
  /** The role definition's GUID, lower case. */
  role: string;
  /** The scope, lower case: a resource ID, or the resource group when the assignment names none. */
  scope: string;
  resource: TemplateResource;
}

/** A principal known only at deployment, by the resource whose identity it reads. */
function principalOf(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  if (!isArmExpressionString(v)) return v.toLowerCase();
  const m = /reference\('([^']+)'/i.exec(v);
  return m ? `identity of ${m[1].toLowerCase()}` : v.toLowerCase();
}

/** The role assignments a Build deploys (in a nested deployment's own scope: those of a flattened template only). */
export function roleAssignments(build: Build): DeployedRoleAssignment[] {
  const context = withStandIn({});
  const evaluation = build.template.evaluate({ context });
  const group = context.resourceGroup!.id!.toLowerCase();
  return build.template.allResources.flatMap((r) => {
    if (r.type.toLowerCase() !== ROLE_ASSIGNMENT || r.innerScope || evaluation.deployed(r) === false) return [];
    const full = evaluation.name(r);
    const props = evaluation.fold(r.json.properties);
    if (typeof full !== 'string' || !isObject(props)) return [];
    const segments = full.split('/');
    const name = segments[segments.length - 1].toLowerCase();
    const role = typeof props.roleDefinitionId === 'string' ? props.roleDefinitionId.split('/').pop()!.toLowerCase() : undefined;
    const principal = principalOf(props.principalId);
    const scopeValue = evaluation.fold(r.json.scope);
    // `<parent>/Microsoft.Authorization/<guid>`: the parent names the scope (the older form of an extension resource).
    const written = typeof scopeValue === 'string' ? scopeValue.toLowerCase() : segments.length > 1 ? segments.slice(0, -2).join('/').toLowerCase() : group;
    // A scope written as `<type>/<name>` (what Bicep writes for a resource of the same group) is in the resource group.
    const scope = written.startsWith('/') || written === group ? written : `${group}/providers/${written}`;
    return role && principal ? [{ name, principal, role, scope, resource: r }] : [];
  });
}

/** A role assignment A and B both deploy, under two names. */
export interface RenamedRoleAssignment {
  from: DeployedRoleAssignment;
  to: DeployedRoleAssignment;
}

/** The role assignments B names differently from A for the same principal, role and scope. */
export function renamedRoleAssignments(a: Build, b: Build): RenamedRoleAssignment[] {
  const key = (x: DeployedRoleAssignment) => `${x.principal}|${x.role}|${x.scope}`;
  const before = new Map(roleAssignments(a).map((x) => [key(x), x]));
  const out: RenamedRoleAssignment[] = [];
  const seen = new Set<string>();
  for (const to of roleAssignments(b)) {
    const from = before.get(key(to));
    if (!from || from.name === to.name || seen.has(key(to))) continue;
    seen.add(key(to));
    out.push({ from, to });
  }
  return out;
}

/**
 * {@link renamedRoleAssignments} as HUB750 errors, placed in B's template.
 * @param fromRelease A's name in the message; @param toRelease B's
 */
export function roleAssignmentRenames(a: Build, b: Build, fromRelease = a.release, toRelease = b.release): Diagnostic[] {
  return renamedRoleAssignments(a, b).map(({ from, to }) => {
    const start = b.locate(TEMPLATE_FILE, to.resource.path);
    return {
      ...codes.HUB750.raise({ role: to.role, scope: to.scope, from: from.name, to: to.name, fromRelease: fromRelease || 'A', toRelease: toRelease || 'B' }),
      file: TEMPLATE_FILE,
      ...(start ? { start } : {}),
      path: to.resource.label,
    };
  });
}
