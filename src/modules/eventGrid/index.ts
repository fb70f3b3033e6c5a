/**
 * Temporary Event Grid namespace (spec, parameter `EventGridLocation`): creating a resource of the
 * Microsoft.EventGrid provider registers the provider in the subscription, which the blob-event triggers
 * need (spec, "Errors", condition 1). The namespace is unused in operation and deleted by the
 * `_deleteOldResources` deployment script, which runs as the `_triggerManager` identity; that identity
 * gets EventGrid Contributor on the namespace (and only there) so the deletion is allowed.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { Contribution, FormContribution } from '../types.js';
import { names, ids, tagsFor, ROLES, param } from '../core/names.js';
import { roleAssignment } from '../core/roles.js';
import * as ui from '../../expressions/ui/index.js';
import { apiVersion } from '../core/apiVersions.js';
import { isRegionOrEmpty, regionListElement } from '../core/formRegions.js';

/**
 * Resource ID of the role assignment that lets the `_triggerManager` identity delete the namespace;
 * the delete-old-resources script depends on it.
 */
export const eventGridCleanupRoleAssignmentId: arm.Arm = arm.call(
  'extensionResourceId',
  ids.eventGridNamespace,
  'Microsoft.Authorization/roleAssignments',
  arm.guid(ids.eventGridNamespace, ROLES.eventGridContributor, ids.triggerManagerIdentity),
);

/** Event Grid module. */
export function eventGridModule(model: HubModel): Contribution {
  const eventGridLocation = {
    type: 'string',
    defaultValue: model.hub.eventGridLocation,
    metadata: {
      description:
        'Region of the temporary Event Grid namespace that registers the Microsoft.EventGrid resource provider when the primary region does not support it. The namespace is deleted after deployment. Empty: same as location.',
    },
  } as const;
  return {
    parameters: { eventGridLocation },
    form: eventGridForm(model, eventGridLocation.metadata.description),
    resources: [
      {
        type: 'Microsoft.EventGrid/namespaces',
        apiVersion: apiVersion('Microsoft.EventGrid/namespaces'),
        name: names.eventGridNamespace,
        location: arm.if_(arm.empty(param(model.release, 'eventGridLocation')), arm.parameters('location'), param(model.release, 'eventGridLocation')),
        tags: tagsFor('Microsoft.EventGrid/namespaces'),
        sku: { name: 'Standard', capacity: 1 },
        properties: { publicNetworkAccess: 'Disabled' },
      },
      roleAssignment({
        scopeId: ids.eventGridNamespace,
        scope: arm.format('Microsoft.EventGrid/namespaces/{0}', names.eventGridNamespace),
        role: ROLES.eventGridContributor,
        principalId: arm.prop(arm.reference(ids.triggerManagerIdentity, apiVersion('Microsoft.ManagedIdentity/userAssignedIdentities')), 'principalId'),
        nameSeed: ids.triggerManagerIdentity,
        dependsOn: [ids.eventGridNamespace, ids.triggerManagerIdentity],
      }),
    ],
  };
}

/**
 * The form's Event Grid region: a text box (empty: the hub's region) whose value must be a region of the
 * chosen subscription (`../core/formRegions.ts`), next to the control that lists them.
 */
function eventGridForm(model: HubModel, description: string): FormContribution[] {
  const entered = ui.basics('eventGridLocation');
  return [
    {
      parameter: 'eventGridLocation',
      step: 'basics',
      helpers: [regionListElement('eventGridRegions')],
      element: {
        name: 'eventGridLocation',
        type: 'Microsoft.Common.TextBox',
        label: 'Event Grid location',
        ...(model.hub.eventGridLocation ? { defaultValue: model.hub.eventGridLocation } : {}),
        toolTip: `${description} Set a region such as eastus2 when the hub region has no Event Grid namespaces.`,
        constraints: {
          required: false,
          regex: '^[a-z0-9]*$',
          validationMessage: 'A region name such as eastus2 (lowercase, no spaces), or empty.',
          validations: [
            {
              isValid: isRegionOrEmpty(ui.basics('eventGridRegions'), entered),
              message: 'Not a region of the chosen subscription: enter a name such as eastus2, or leave it empty.',
            },
          ],
        },
      },
      output: entered,
    },
  ];
}
