/**
 * Key Vault (spec, "Deployed resources"): the vault the Data Factory identity may read secrets from (the
 * remote hub storage key, see the remote hub module), reachable through a private endpoint (from 0.8 only
 * while public access is off, and then its firewall is open: release-0.8.md §2.5).
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { Contribution } from '../types.js';
import { names, ids, SUBNETS, tagsFor, publicAccess } from '../core/names.js';
import { networkOnlyWhenPrivate, privateEndpoint } from '../network/index.js';
import { has } from '../../model/releases.js';
import { apiVersion } from '../core/apiVersions.js';

/** Key Vault module. */
export function keyVaultModule(model: HubModel): Contribution {
  const factoryIdentity = arm.prop(arm.reference(ids.dataFactory, apiVersion('Microsoft.DataFactory/factories'), true), 'identity');
  return {
    resources: [
      {
        type: 'Microsoft.KeyVault/vaults',
        apiVersion: apiVersion('Microsoft.KeyVault/vaults'),
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
          // Data Factory is a trusted service of Key Vault, so it reads the vault through the firewall. From 0.8
          // the firewall lets public traffic in while public access is on, as there is no private endpoint then.
          networkAcls: { bypass: 'AzureServices', defaultAction: networkOnlyWhenPrivate(model.release) ? arm.if_(publicAccess, 'Allow', 'Deny') : 'Deny' },
          accessPolicies: [
            {
              tenantId: arm.prop(factoryIdentity, 'tenantId'),
              objectId: arm.prop(factoryIdentity, 'principalId'),
              permissions: { secrets: ['get'] },
            },
          ],
        },
      },
      ...(has(model.release, 'privateNetworking')
        ? privateEndpoint({
            release: model.release,
            name: arm.concat(names.keyVault, '-ep'),
            target: ids.keyVault,
            groupId: 'vault',
            role: 'vault',
            subnet: SUBNETS.privateEndpoints,
            zones: ['vault'],
            zoneGroup: 'keyvault-endpoint-zone',
            dependsOn: [ids.keyVault],
          })
        : []),
    ],
  };
}
