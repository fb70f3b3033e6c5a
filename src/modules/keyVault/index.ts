/**
 * Key Vault (spec, "Deployed resources"): holds the remote hub storage key for Data Factory, reachable
 * through a private endpoint; the Data Factory identity may read secrets.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../compiler/model.js';
import type { Contribution } from '../types.js';
import { names, ids, SUBNETS, tagsFor, remoteHubKeySecretName } from '../core/names.js';
import { privateEndpoint } from '../network/index.js';

const VAULT_API = '2023-07-01';

/** Key Vault module. */
export function keyVaultModule(_model: HubModel): Contribution {
  const factoryIdentity = arm.prop(arm.reference(ids.dataFactory, '2018-06-01', true), 'identity');
  return {
    resources: [
      {
        type: 'Microsoft.KeyVault/vaults',
        apiVersion: VAULT_API,
        name: names.keyVault,
        location: arm.parameters('location'),
        tags: tagsFor('Microsoft.KeyVault/vaults'),
        dependsOn: [ids.dataFactory],
        properties: {
          tenantId: arm.prop(arm.subscription(), 'tenantId'),
          sku: { family: 'A', name: 'standard' },
          enabledForDeployment: false,
          enabledForTemplateDeployment: false,
          enabledForDiskEncryption: false,
          enableSoftDelete: true,
          softDeleteRetentionInDays: 90,
          enableRbacAuthorization: false,
          publicNetworkAccess: 'Enabled',
          networkAcls: { bypass: 'AzureServices', defaultAction: 'Deny' },
          accessPolicies: [
            {
              tenantId: arm.prop(factoryIdentity, 'tenantId'),
              objectId: arm.prop(factoryIdentity, 'principalId'),
              permissions: { secrets: ['get'] },
            },
          ],
        },
      },
      {
        type: 'Microsoft.KeyVault/vaults/secrets',
        apiVersion: VAULT_API,
        name: arm.format('{0}/{1}', names.keyVault, remoteHubKeySecretName),
        condition: arm.variables('deployRemoteHub'),
        dependsOn: [ids.keyVault],
        properties: { value: arm.parameters('remoteHubStorageKey'), attributes: { enabled: true } },
      },
      ...privateEndpoint({
        name: arm.concat(names.keyVault, '-ep'),
        target: ids.keyVault,
        groupId: 'vault',
        subnet: SUBNETS.privateEndpoints,
        zones: ['vault'],
        dependsOn: [ids.keyVault],
      }),
    ],
  };
}
