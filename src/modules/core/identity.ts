/**
 * The user-assigned managed identities of the hub (`_blobManager`, `_triggerManager`), which run the
 * deployment scripts.
 */
import * as arm from '../../expressions/arm/index.js';
import type { ArmResource } from '../types.js';
import { tagsFor } from './names.js';
import { apiVersion } from './apiVersions.js';

/**
 * A user-assigned identity in the hub's location with the hub's tags. `properties` is written empty: the
 * official 2024-11-30 schema requires the member, and its one property, `isolationScope`, stays at its
 * default (`None`: the identity may be assigned to resources in any region).
 * @param name the identity's name expression
 */
export function userAssignedIdentity(name: arm.Arm): ArmResource {
  return {
    type: 'Microsoft.ManagedIdentity/userAssignedIdentities',
    apiVersion: apiVersion('Microsoft.ManagedIdentity/userAssignedIdentities'),
    name,
    location: arm.parameters('location'),
    tags: tagsFor('Microsoft.ManagedIdentity/userAssignedIdentities'),
    properties: {},
  };
}
