import type { ArmResourceBodies } from '../armResources.generated.js';

/**
 * The ARM API version of every resource type hubc deploys or reads (`reference()`, `listKeys()`, the
 * private endpoint connections the approval deployments read and set), in one place. Every release uses
 * the same versions: ARM keeps serving the current ones, the official ARM JSON schemas validate them
 * (`hubc validate`), and a release's behaviour is what its template sets, not what an older API version
 * defaulted to (docs/deviations.md, "API versions").
 *
 * Each entry is the newest stable version of its type whose official schema
 * (github.com/Azure/azure-resource-manager-schemas, `schemas/<apiVersion>/<Provider>.json`) is in hubc's
 * schema snapshot (`../shared/arm-schemas`); test/lint/ownOutput.test.ts holds every emitted version to
 * this table and to that snapshot. Moving a type to a newer version: change it here, run `npm run
 * arm-types` with the new schema in the snapshot (the table `satisfies` the generated resource body types,
 * src/modules/armResources.generated.ts, so `tsc` fails until they are regenerated; then the bodies the
 * modules build are checked against the new version), run the tests, read the golden diff, and record what
 * the new version changes in docs/deviations.md.
 */
export const API_VERSIONS = {
  'Microsoft.Authorization/roleAssignments': '2022-04-01',
  'Microsoft.DataFactory/factories': '2018-06-01',
  'Microsoft.DataFactory/factories/datasets': '2018-06-01',
  'Microsoft.DataFactory/factories/integrationRuntimes': '2018-06-01',
  'Microsoft.DataFactory/factories/linkedservices': '2018-06-01',
  'Microsoft.DataFactory/factories/managedVirtualNetworks': '2018-06-01',
  'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints': '2018-06-01',
  'Microsoft.DataFactory/factories/pipelines': '2018-06-01',
  'Microsoft.DataFactory/factories/triggers': '2018-06-01',
  'Microsoft.EventGrid/namespaces': '2025-02-15',
  'Microsoft.KeyVault/vaults': '2024-11-01',
  'Microsoft.KeyVault/vaults/privateEndpointConnections': '2024-11-01',
  'Microsoft.KeyVault/vaults/secrets': '2024-11-01',
  'Microsoft.Kusto/clusters': '2024-04-13',
  'Microsoft.Kusto/clusters/databases': '2024-04-13',
  'Microsoft.Kusto/clusters/databases/scripts': '2024-04-13',
  'Microsoft.Kusto/clusters/principalAssignments': '2024-04-13',
  'Microsoft.Kusto/clusters/privateEndpointConnections': '2024-04-13',
  'Microsoft.ManagedIdentity/userAssignedIdentities': '2024-11-30',
  'Microsoft.Network/networkSecurityGroups': '2025-03-01',
  'Microsoft.Network/privateDnsZones': '2024-06-01',
  'Microsoft.Network/privateDnsZones/virtualNetworkLinks': '2024-06-01',
  'Microsoft.Network/privateEndpoints': '2025-03-01',
  'Microsoft.Network/privateEndpoints/privateDnsZoneGroups': '2025-03-01',
  'Microsoft.Network/virtualNetworks': '2025-03-01',
  'Microsoft.Resources/deployments': '2025-04-01',
  'Microsoft.Resources/deploymentScripts': '2023-08-01',
  'Microsoft.Storage/storageAccounts': '2025-06-01',
  'Microsoft.Storage/storageAccounts/blobServices': '2025-06-01',
  'Microsoft.Storage/storageAccounts/blobServices/containers': '2025-06-01',
  'Microsoft.Storage/storageAccounts/privateEndpointConnections': '2025-06-01',
} as const satisfies { [T in keyof ArmResourceBodies]: ArmResourceBodies[T]['apiVersion'] };

/** A resource type hubc deploys or reads, as {@link API_VERSIONS} spells it. */
export type ResourceType = keyof typeof API_VERSIONS;

/**
 * The API version hubc uses for a resource type.
 * @param type a type of {@link API_VERSIONS}; the compiler checks the spelling
 */
export function apiVersion<T extends ResourceType>(type: T): (typeof API_VERSIONS)[T] {
  return API_VERSIONS[type];
}
