/**
 * Type-level tests of the typed ARM resource bodies (src/modules/types.ts `ArmResource`, generated from the
 * official ARM schemas into src/modules/armResources.generated.ts). Nothing here runs: `npm run typecheck`
 * (the first step of `npm test`) compiles this file, and fails both when a line marked `@ts-expect-error`
 * compiles (the mistake would reach the template) and when an unmarked line does not.
 */
import * as arm from '../../src/expressions/arm/index.js';
import { apiVersion } from '../../src/modules/core/apiVersions.js';
import type { ArmResource, ArmResourceOf } from '../../src/modules/types.js';

const location = arm.parameters('location');

/** A storage account as the storage module writes one: compiles. */
export const account: ArmResource = {
  type: 'Microsoft.Storage/storageAccounts',
  apiVersion: apiVersion('Microsoft.Storage/storageAccounts'),
  name: arm.variables('storageAccountName'),
  location,
  sku: { name: arm.parameters('storageSku') },
  kind: 'BlockBlobStorage',
  dependsOn: [arm.resourceId('Microsoft.Network/virtualNetworks', 'vnet')],
  properties: { isHnsEnabled: true, minimumTlsVersion: 'TLS1_2', networkAcls: { bypass: 'AzureServices', defaultAction: arm.if_(arm.parameters('x'), 'Allow', 'Deny') } },
};

/** The envelope of a storage account, for the cases below. */
const store = {
  type: 'Microsoft.Storage/storageAccounts',
  apiVersion: apiVersion('Microsoft.Storage/storageAccounts'),
  name: 'store',
  location,
  sku: { name: 'Standard_LRS' },
} as const;

export const misspeltProperty: ArmResource = {
  ...store,
  kind: 'StorageV2',
  // @ts-expect-error `isHnsEnabled` misspelt
  properties: { isHnsEnabeld: true },
};

export const wrongEnumValue: ArmResource = {
  ...store,
  // @ts-expect-error no such kind
  kind: 'StorageV3',
  properties: {},
};

/** ARM compares enum values case-insensitively: the schema's spelling and all lower case compile. */
export const lowerCaseEnum: ArmResourceOf<'Microsoft.Resources/deployments'>['properties'] = { mode: 'Incremental', expressionEvaluationOptions: { scope: 'inner' } };
// @ts-expect-error any other spelling is a typo
export const mixedCaseEnum: ArmResourceOf<'Microsoft.Resources/deployments'>['properties'] = { mode: 'Incremental', expressionEvaluationOptions: { scope: 'iNNer' } };

export const otherApiVersion: ArmResource = {
  type: 'Microsoft.KeyVault/vaults/secrets',
  // @ts-expect-error only the version of src/modules/core/apiVersions.ts
  apiVersion: '2023-07-01',
  name: 'vault/secret',
  properties: { value: arm.parameters('secret') },
};

export const unknownType: ArmResource = {
  // @ts-expect-error a type hubc has no API version (and no body type) for
  type: 'Microsoft.Compute/virtualMachines',
  apiVersion: '2025-06-01',
  name: 'vm',
};

// @ts-expect-error a role assignment needs its properties
export const missingRequired: ArmResource = {
  type: 'Microsoft.Authorization/roleAssignments',
  apiVersion: apiVersion('Microsoft.Authorization/roleAssignments'),
  name: arm.guid('x'),
};

/** Kinds: a Data Explorer database of kind ReadWrite takes its own properties. */
export const database: ArmResource = {
  type: 'Microsoft.Kusto/clusters/databases',
  apiVersion: apiVersion('Microsoft.Kusto/clusters/databases'),
  name: arm.format('{0}/{1}', 'cluster', 'Ingestion'),
  location,
  kind: 'ReadWrite',
  // @ts-expect-error `softDeletePeriod` misspelt, inside a kind's properties
  properties: { softDeletePeriodd: 'P30D' },
};

/** Every value may be an ARM expression, the whole body included. */
export const expressions: ArmResource = {
  type: 'Microsoft.Network/privateDnsZones',
  apiVersion: apiVersion('Microsoft.Network/privateDnsZones'),
  name: arm.concat('privatelink.', arm.parameters('zone')),
  location: 'global',
  tags: arm.union(arm.parameters('tags'), arm.createObject()),
  properties: arm.createObject(),
};
