/**
 * Temporary Event Grid namespace (spec, parameter `EventGridLocation`): creating a resource of the
 * Microsoft.EventGrid provider registers the provider in the subscription, which the blob-event triggers
 * need (spec, "Errors", condition 1). The namespace is unused in operation and deleted by the
 * `_deleteOldResources` deployment script.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../compiler/model.js';
import type { Contribution } from '../types.js';
import { names, tagsFor } from '../core/names.js';

/** Event Grid module. */
export function eventGridModule(_model: HubModel): Contribution {
  return {
    resources: [
      {
        type: 'Microsoft.EventGrid/namespaces',
        apiVersion: '2025-02-15',
        name: names.eventGridNamespace,
        location: arm.parameters('EventGridLocation'),
        tags: tagsFor('Microsoft.EventGrid/namespaces'),
        sku: { name: 'Standard', capacity: 1 },
        properties: { publicNetworkAccess: 'Disabled' },
      },
    ],
  };
}
