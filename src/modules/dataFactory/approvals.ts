/**
 * Approval of the Data Factory managed private endpoints. A managed private endpoint creates a
 * *pending* private endpoint connection on its target (storage, Key Vault, Data Explorer); the managed
 * integration runtime cannot reach the target until it is approved
 * (learn.microsoft.com/azure/data-factory/managed-virtual-network-private-endpoint).
 *
 * Two nested deployments per target do it inside the template (named after the hub's unique suffix):
 * the first reads the target's `privateEndpointConnections` after the managed endpoint exists; the
 * second receives that list and sets every pending connection to Approved with a copy loop.
 */
import * as arm from '../../expressions/arm/index.js';
import type { ArmResource, ArmResourceOf, Shape, Value } from '../types.js';
import { names, tagsFor } from '../core/names.js';
import { apiVersion, type ResourceType } from '../core/apiVersions.js';

/** A resource type whose `<type>/privateEndpointConnections` children have an API version in `API_VERSIONS` (core/apiVersions.ts). */
export type PrivateLinkTargetType = Extract<{ [K in ResourceType]: K extends `${infer T}/privateEndpointConnections` ? T : never }[ResourceType], ResourceType>;

/** The private endpoint connection type of a {@link PrivateLinkTargetType}, e.g. `Microsoft.Storage/storageAccounts/privateEndpointConnections`. */
type PrivateEndpointConnectionType = `${PrivateLinkTargetType}/privateEndpointConnections`;

/** One target resource whose pending connections are approved. */
export interface ApprovalTarget {
  /** Short key used in deployment names: `storage`, `vault`, `dataExplorer`. */
  key: string;
  /** Resource type of the target, e.g. `Microsoft.Storage/storageAccounts`. */
  type: PrivateLinkTargetType;
  /** Name of the target resource. */
  name: arm.Arm;
  /** Deployed only when true. */
  condition: arm.Arm;
  /** Resources that must exist first (the managed private endpoint). */
  dependsOn: Value[];
}

/**
 * Name of one of the two deployments of a target: `<unique suffix>-get-<key>-connections` or
 * `<unique suffix>-approve-<key>-connections`. Deployment names are limited to 64 characters
 * (learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules), which the factory
 * name (up to 63) would exceed; the hub's unique suffix keeps two hubs of one resource group apart.
 */
function deploymentName(step: 'get' | 'approve', key: string): arm.Arm {
  return arm.concat(names.uniqueSuffix, `-${step}-${key}-connections`);
}

/**
 * Resource ID of the deployment that approves the pending connections of a target (by its key):
 * whatever uses the managed private endpoint waits for it.
 */
export function approvalDeploymentId(key: string): arm.Arm {
  return arm.resourceId('Microsoft.Resources/deployments', deploymentName('approve', key));
}

/** The two nested deployments that approve the pending connections of a target. */
export function approvalDeployments(target: ApprovalTarget): ArmResource[] {
  const getName = deploymentName('get', target.key);
  const approveName = deploymentName('approve', target.key);
  const getId = arm.resourceId('Microsoft.Resources/deployments', getName);
  const connectionType = `${target.type}/privateEndpointConnections` as const;
  const connection = arm.at(arm.parameters('connections'), arm.copyIndex());
  const inner = (template: Record<string, Value>): Record<string, Value> => ({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    ...template,
  });
  return [
    {
      type: 'Microsoft.Resources/deployments',
      apiVersion: apiVersion('Microsoft.Resources/deployments'),
      name: getName,
      condition: target.condition,
      tags: tagsFor('Microsoft.Resources/deployments'),
      dependsOn: target.dependsOn,
      properties: {
        mode: 'Incremental',
        expressionEvaluationOptions: { scope: 'inner' },
        parameters: { resourceId: { value: arm.resourceId(target.type, target.name) } },
        template: inner({
          parameters: { resourceId: { type: 'string' } },
          resources: [],
          outputs: {
            connections: {
              type: 'array',
              value: arm.coalesce(arm.prop(arm.reference(arm.parameters('resourceId'), apiVersion(target.type)), 'privateEndpointConnections'), arm.createArray()),
            },
          },
        }),
      },
    },
    {
      type: 'Microsoft.Resources/deployments',
      apiVersion: apiVersion('Microsoft.Resources/deployments'),
      name: approveName,
      condition: target.condition,
      tags: tagsFor('Microsoft.Resources/deployments'),
      dependsOn: [getId],
      properties: {
        mode: 'Incremental',
        expressionEvaluationOptions: { scope: 'inner' },
        parameters: {
          targetName: { value: target.name },
          connections: { value: arm.prop(arm.reference(getId, apiVersion('Microsoft.Resources/deployments')), 'outputs', 'connections', 'value') },
        },
        template: inner({
          parameters: { targetName: { type: 'string' }, connections: { type: 'array' } },
          resources: [
            {
              type: connectionType,
              apiVersion: apiVersion(connectionType),
              name: arm.format('{0}/{1}', arm.parameters('targetName'), arm.last(arm.split(arm.prop(connection, 'id'), '/'))),
              copy: { name: 'approvals', count: arm.length(arm.parameters('connections')) },
              condition: arm.equals(arm.prop(connection, 'properties', 'privateLinkServiceConnectionState', 'status'), 'Pending'),
              properties: {
                privateLinkServiceConnectionState: { status: 'Approved', description: 'Approved by the hub deployment for the Data Factory managed private endpoint' },
              } satisfies Shape<ArmResourceOf<PrivateEndpointConnectionType>['properties']>,
            },
          ],
        }),
      },
    },
  ];
}
