/**
 * Key Vault (spec, "Deployed resources"): the vault the Data Factory identity may read secrets from (the
 * remote hub storage key, see the remote hub module), reachable through a private endpoint (from 0.8 only
 * while public access is off, and then its firewall is open: release-0.8.md §2.5). From 0.9 the vault and
 * its endpoint exist only for a remote hub (`keyVaultCondition`).
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { Contribution } from '../types.js';
import { names, ids, SUBNETS, tagsFor, publicAccess, keyVaultCondition, keyVaultConditionOf } from '../core/names.js';
import { networkOnlyWhenPrivate, privateEndpoint } from '../network/index.js';
import { behaves, has } from '../../model/releases.js';
import * as ui from '../../expressions/ui/index.js';
import { apiVersion } from '../core/apiVersions.js';

/**
 * The vault's purge protection where the release lets the deployment choose it (13+, `keyVaultPurgeProtection`):
 * on when `enablePurgeProtection` is true, else left unset (null). Azure refuses to turn it off once on, so
 * false is never sent ("Azure Key Vault recovery management with soft delete and purge protection",
 * learn.microsoft.com/azure/key-vault/general/key-vault-recovery: "Once set, it cannot be disabled").
 */
function purgeProtection(model: HubModel): { enablePurgeProtection?: arm.Arm } {
  if (!has(model.release, 'keyVaultPurgeProtection')) return {};
  return { enablePurgeProtection: arm.if_(arm.parameters('enablePurgeProtection'), true, arm.call('null')) };
}

/** The `enablePurgeProtection` template parameter (13+), with hub.yaml's choice as default. */
function purgeProtectionParameter(model: HubModel) {
  return {
    type: 'bool',
    defaultValue: model.keyVault.purgeProtection,
    metadata: {
      description:
        "Turn on the Key Vault's purge protection (required by some Azure Landing Zone policies). Once on, it cannot be turned off, and a deleted vault keeps its name for the retention period.",
    },
  } as const;
}

/** The form's checkbox of `enablePurgeProtection` (13+; the public 13's form does not offer it), on the storage step. */
function purgeProtectionForm(model: HubModel): NonNullable<Contribution['form']>[number] {
  return {
    parameter: 'enablePurgeProtection',
    step: 'storage',
    element: {
      name: 'enablePurgeProtection',
      type: 'Microsoft.Common.CheckBox',
      label: 'Key Vault purge protection',
      defaultValue: model.keyVault.purgeProtection,
      toolTip: purgeProtectionParameter(model).metadata.description,
    },
    output: ui.steps('storage', 'enablePurgeProtection'),
  };
}

/** Key Vault module. */
export function keyVaultModule(model: HubModel): Contribution {
  const factoryIdentity = arm.prop(arm.reference(ids.dataFactory, apiVersion('Microsoft.DataFactory/factories'), true), 'identity');
  const purge = has(model.release, 'keyVaultPurgeProtection');
  return {
    ...(purge ? { parameters: { enablePurgeProtection: purgeProtectionParameter(model) }, form: [purgeProtectionForm(model)] } : {}),
    resources: [
      {
        type: 'Microsoft.KeyVault/vaults',
        apiVersion: apiVersion('Microsoft.KeyVault/vaults'),
        name: names.keyVault,
        ...keyVaultConditionOf(model.release),
        location: arm.parameters('location'),
        tags: tagsFor('Microsoft.KeyVault/vaults'),
        dependsOn: [ids.dataFactory],
        properties: {
          tenantId: arm.prop(arm.subscription(), 'tenantId'),
          // hub.yaml keyVault.sku from 12 (the public 12: the hub option keyVaultSku).
          sku: { family: 'A', name: behaves(model.release, 'keyVaultSkuOption') ? model.keyVault.sku : 'standard' },
          enabledForDeployment: false,
          enabledForTemplateDeployment: false,
          enabledForDiskEncryption: false,
          enableSoftDelete: true,
          softDeleteRetentionInDays: 90,
          ...purgeProtection(model),
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
            condition: keyVaultCondition(model.release),
            dependsOn: [ids.keyVault],
          })
        : []),
    ],
  };
}
