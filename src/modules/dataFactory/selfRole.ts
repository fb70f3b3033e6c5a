/**
 * The factory's role on itself: Data Factory Contributor (673868aa) for the factory's own identity on its own
 * factory, which a pipeline needs to call the factory's REST API (create a pipeline run of a pipeline named at
 * run time, read its status: "Pipeline Runs - Create", learn.microsoft.com/rest/api/datafactory/pipelines/
 * create-run, needs `Microsoft.DataFactory/factories/pipelines/createrun/action`, which Data Factory
 * Contributor grants: learn.microsoft.com/azure/role-based-access-control/built-in-roles/analytics#data-factory-contributor).
 * Pipelines that run other pipelines by name with an Execute Pipeline activity need no role.
 *
 * Least privilege: the role exists only when an object says it calls its own factory (`AdfObject.callsOwnFactory`),
 * and only under the conditions it does. The public 14.0 gives it in every app (releases-0.9-14.md §1.0, §2.3,
 * `factoryManagementRoles`), for its recommendations engine's dynamic dispatch; docs/deviations.md "Release 14".
 */
import * as arm from '../../expressions/arm/index.js';
import type { AdfObject, ArmResource } from '../types.js';
import { ids, names, ROLES } from '../core/names.js';
import { roleAssignment } from '../core/roles.js';
import { apiVersion } from '../core/apiVersions.js';

/** Resource ID of the factory's role on itself. */
export const factorySelfRoleId: arm.Arm = arm.call(
  'extensionResourceId',
  ids.dataFactory,
  'Microsoft.Authorization/roleAssignments',
  arm.guid(ids.dataFactory, ROLES.dataFactoryContributor, ids.dataFactory),
);

/**
 * The role assignment, when some object calls its own factory: unconditional when one does so always, else
 * under the `or()` of their conditions.
 * @returns undefined when no object calls its own factory
 */
export function factorySelfRole(objects: readonly AdfObject[]): ArmResource | undefined {
  const callers = objects.filter((o) => o.callsOwnFactory !== undefined);
  if (!callers.length) return undefined;
  const conditions = callers.map((o) => o.callsOwnFactory!);
  const always = conditions.some((c) => c === true);
  const condition = always ? undefined : conditions.length === 1 ? (conditions[0] as arm.Arm) : arm.or(...(conditions as arm.Arm[]));
  return roleAssignment({
    scopeId: ids.dataFactory,
    scope: arm.format('Microsoft.DataFactory/factories/{0}', names.dataFactory),
    role: ROLES.dataFactoryContributor,
    principalId: arm.prop(arm.reference(ids.dataFactory, apiVersion('Microsoft.DataFactory/factories'), true), 'identity', 'principalId'),
    nameSeed: ids.dataFactory,
    dependsOn: [ids.dataFactory],
    ...(condition ? { condition } : {}),
    description: `Lets the factory's pipelines ${callers.map((o) => o.name).join(', ')} call the factory's own REST API (pipeline runs).`,
  });
}
