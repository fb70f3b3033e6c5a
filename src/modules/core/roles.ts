/**
 * Role assignments, the one helper every module that grants an identity access uses (storage, Data Factory,
 * Data Explorer, Event Grid): an assignment of a built-in role (`ROLES` of ./names.ts) to a principal on a
 * resource scope, as an extension resource ("Assign Azure roles using Azure Resource Manager templates",
 * learn.microsoft.com/azure/role-based-access-control/role-assignments-template).
 */
import * as arm from '../../expressions/arm/index.js';
import type { ArmResource } from '../types.js';
import { roleDefinitionId } from './names.js';
import { apiVersion } from './apiVersions.js';

/** A role assignment of `principalId` on a resource scope. */
export function roleAssignment(opts: {
  scopeId: arm.Arm;
  scope: arm.Arm;
  role: string;
  principalId: arm.Arm;
  nameSeed: arm.Arm;
  /** The assignment's name when it is not `guid(scopeId, role, nameSeed)`. */
  name?: arm.Arm;
  dependsOn: arm.Arm[];
  condition?: arm.Arm;
  description?: string;
  /** An attribute-based condition on what the role allows (`properties.condition`, version 2.0). */
  abacCondition?: string;
}): ArmResource {
  return {
    type: 'Microsoft.Authorization/roleAssignments',
    apiVersion: apiVersion('Microsoft.Authorization/roleAssignments'),
    name: opts.name ?? arm.guid(opts.scopeId, opts.role, opts.nameSeed),
    scope: opts.scope,
    ...(opts.condition ? { condition: opts.condition } : {}),
    dependsOn: opts.dependsOn,
    properties: {
      roleDefinitionId: roleDefinitionId(opts.role),
      principalId: opts.principalId,
      principalType: 'ServicePrincipal',
      ...(opts.description ? { description: opts.description } : {}),
      ...(opts.abacCondition ? { condition: opts.abacCondition, conditionVersion: '2.0' } : {}),
    },
  };
}
