/**
 * Failing and passing inputs of the template rules (HUB501-HUB511).
 */
import { files, storage, template, SAFE_STORAGE, type RuleCase } from './support.js';

const kv = (apiVersion: string) => ({ type: 'Microsoft.KeyVault/vaults', apiVersion, name: 'kv', location: "[parameters('location')]", properties: {} });
const uami = { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', apiVersion: '2024-11-30', name: 'id1', location: "[parameters('location')]" };

export const TEMPLATE_CASES: Record<string, RuleCase> = {
  HUB501: {
    fail: files({ ...template([]), $schema: 'https://schema.management.azure.com/schemas/2015-01-01/deploymentTemplate.json#', contentVersion: '1.0' }),
    pass: files(template([])),
  },
  HUB502: {
    fail: files(
      template([storage(SAFE_STORAGE)], {
        parameters: { location: { type: 'string', defaultValue: '[resourceGroup().location]' }, unused: { type: 'string', defaultValue: 'x' } },
      }),
    ),
    pass: files(
      template([{ ...storage(SAFE_STORAGE), tags: { owner: "[parameters('owner')]" } }], {
        parameters: { location: { type: 'string', defaultValue: '[resourceGroup().location]' }, owner: { type: 'string', defaultValue: 'x' } },
      }),
    ),
  },
  HUB503: {
    fail: files(template([storage(SAFE_STORAGE)], { parameters: { location: { type: 'string', defaultValue: 'westus' } } })),
    // A region hub.yaml chose explicitly is accepted.
    pass: files(
      template([storage(SAFE_STORAGE)], {
        parameters: { location: { type: 'string', defaultValue: 'westeurope' }, eventGridLocation: { type: 'string', defaultValue: "[parameters('location')]" } },
      }),
    ),
    options: { chosenLocations: ['westeurope', ''] },
  },
  HUB504: {
    fail: files(
      template([
        { ...storage(SAFE_STORAGE), location: '[resourceGroup().location]' },
        { ...uami, location: 'westus' },
      ]),
    ),
    pass: files(
      template([storage(SAFE_STORAGE), { type: 'Microsoft.Network/privateDnsZones', apiVersion: '2024-06-01', name: 'privatelink.blob.core.windows.net', location: 'global' }]),
    ),
  },
  HUB505: {
    fail: files(
      template([kv('2022-07-01')], {
        outputs: { u: { type: 'string', value: "[reference(resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', 'id1'), '2022-01-31-preview').principalId]" } },
      }),
    ),
    // Within two years of the table date, or the newest stable version (roleAssignments 2022-04-01).
    pass: files(template([kv('2024-11-01'), { type: 'Microsoft.Authorization/roleAssignments', apiVersion: '2022-04-01', name: 'r', scope: 'x', properties: {} }])),
  },
  HUB506: {
    fail: files(template([kv('2024-12-01-preview')])),
    pass: files(template([kv('2024-11-01'), { type: 'Contoso.Unknown/things', apiVersion: '2020-01-01-preview', name: 't' }])),
  },
  HUB507: {
    fail: files(
      template([storage(SAFE_STORAGE)], {
        parameters: { location: { type: 'string', defaultValue: '[resourceGroup().location]' }, key: { type: 'securestring' } },
        variables: { keys: "[listKeys(resourceId('Microsoft.Storage/storageAccounts', 'store1'), '2025-06-01')]" },
        outputs: { k: { type: 'string', value: "[parameters('key')]" }, k2: { type: 'object', value: "[variables('keys')]" } },
      }),
    ),
    pass: files(template([storage(SAFE_STORAGE)], { outputs: { id: { type: 'string', value: "[resourceId('Microsoft.Storage/storageAccounts', 'store1')]" } } })),
    unknown: files(
      template([storage(SAFE_STORAGE)], {
        parameters: {
          location: { type: 'string', defaultValue: '[resourceGroup().location]' },
          key: { type: 'securestring' },
          which: { type: 'string', defaultValue: 'location' },
        },
        outputs: { v: { type: 'string', value: "[parameters(parameters('which'))]" } },
      }),
    ),
  },
  HUB508: {
    fail: files(
      template([], { parameters: { location: { type: 'string', defaultValue: '[resourceGroup().location]' }, password: { type: 'securestring', defaultValue: 'Pa55word!' } } }),
    ),
    pass: files(
      template([], {
        parameters: {
          location: { type: 'string', defaultValue: '[resourceGroup().location]' },
          key: { type: 'securestring', defaultValue: '' },
          token: { type: 'secureString', defaultValue: '[newGuid()]' },
        },
      }),
    ),
  },
  HUB509: {
    fail: files(
      template([
        {
          type: 'Microsoft.Network/privateEndpoints',
          apiVersion: '2025-03-01',
          name: 'ep',
          location: "[parameters('location')]",
          properties: {
            subnet: { id: "[concat(resourceGroup().id, '/providers/Microsoft.Network/virtualNetworks/v/subnets/s')]" },
            privateLinkServiceConnections: [{ name: 'c', properties: { privateLinkServiceId: '', groupIds: ['blob'] } }],
          },
        },
      ]),
    ),
    pass: files(
      template(
        [
          {
            type: 'Microsoft.Network/privateEndpoints',
            apiVersion: '2025-03-01',
            name: 'ep',
            location: "[parameters('location')]",
            properties: {
              subnet: { id: "[variables('subnetId')]" },
              privateLinkServiceConnections: [{ name: 'c', properties: { privateLinkServiceId: "[resourceId('Microsoft.Storage/storageAccounts', 'store1')]", groupId: 'blob' } }],
            },
          },
          // A REST linked service's token audience is a URI, not a resource ID (the recommendations' azurerm).
          {
            type: 'Microsoft.DataFactory/factories/linkedservices',
            apiVersion: '2018-06-01',
            name: 'factory1/azurerm',
            properties: {
              type: 'RestService',
              typeProperties: { url: '[environment().resourceManager]', authenticationType: 'ManagedServiceIdentity', aadResourceId: '[environment().resourceManager]' },
            },
          },
        ],
        { variables: { subnetId: "[resourceId('Microsoft.Network/virtualNetworks/subnets', 'v', 's')]" } },
      ),
    ),
  },
  HUB510: {
    fail: files(
      template([
        storage(SAFE_STORAGE),
        { ...uami, dependsOn: ["[resourceId('Microsoft.Storage/storageAccounts', 'store1')]"] },
        {
          ...uami,
          name: 'id2',
          dependsOn: [
            "[resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', 'id1')]",
            "[resourceId('Microsoft.Storage/storageAccounts', 'store1')]",
            "[if(equals(parameters('location'), 'x'), resourceId('Microsoft.Storage/storageAccounts', 'store1'), '')]",
          ],
        },
      ]),
    ),
    // A path through a conditional resource does not imply the order.
    pass: files(
      template([
        storage(SAFE_STORAGE),
        { ...uami, condition: "[equals(parameters('location'), 'x')]", dependsOn: ["[resourceId('Microsoft.Storage/storageAccounts', 'store1')]"] },
        {
          ...uami,
          name: 'id2',
          dependsOn: ["[resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', 'id1')]", "[resourceId('Microsoft.Storage/storageAccounts', 'store1')]"],
        },
      ]),
    ),
  },
  HUB511: {
    fail: files(template([{ ...storage(SAFE_STORAGE), kind: '', sku: {} }])),
    pass: files(
      template([
        { type: 'Microsoft.Storage/storageAccounts/blobServices', apiVersion: '2025-06-01', name: 'store1/default', properties: {} },
        {
          ...uami,
          type: 'Microsoft.Resources/deploymentScripts',
          apiVersion: '2023-08-01',
          identity: { type: 'UserAssigned', userAssignedIdentities: { "[resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', 'id1')]": {} } },
        },
        {
          type: 'Microsoft.DataFactory/factories/pipelines',
          apiVersion: '2018-06-01',
          name: "[format('{0}/{1}', 'f', 'p')]",
          properties: { annotations: [], activities: [{ name: 'w', type: 'Wait', dependsOn: [], userProperties: [], typeProperties: { waitTimeInSeconds: 1 } }] },
        },
      ]),
    ),
  },
};
