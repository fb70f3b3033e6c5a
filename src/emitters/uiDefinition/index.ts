/**
 * createUiDefinition.json: the Azure portal form behind the Deploy to Azure button
 * (learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-uidefinition-overview).
 * Every form output is a template parameter; the form starts from the template's defaults, i.e. hub.yaml.
 */
import type { HubModel } from '../../compiler/model.js';
import type { ArmParameter } from '../../modules/types.js';
import { toPlainJson } from '../../compiler/json.js';

/** Form expression: true when the selected Data Explorer SKU is a Dev (no SLA) SKU (Basic tier, one node). */
const IS_DEV_SKU = "startsWith(steps('dataExplorer').dataExplorerSkuName, 'Dev(No SLA)_')";

/** Builds the UI definition for a model whose template parameters are `parameters`. */
export function emitUiDefinition(model: HubModel, parameters: Record<string, ArmParameter>): Record<string, unknown> {
  const d = (name: string) => toPlainJson(parameters[name].defaultValue);
  const options = (values: string[]) => values.map((v) => ({ label: v, value: v }));
  const steps = [
    {
      name: 'storage',
      label: 'Storage',
      elements: [
        {
          name: 'storageSku',
          type: 'Microsoft.Common.DropDown',
          label: 'Storage redundancy',
          defaultValue: d('storageSku'),
          toolTip: parameters.storageSku.metadata.description,
          constraints: { required: true, allowedValues: options(model.storage.allowedSkus) },
        },
        {
          name: 'exportRetentionInDays',
          type: 'Microsoft.Common.Slider',
          label: 'Export retention (days)',
          min: 0,
          max: 3650,
          defaultValue: d('exportRetentionInDays'),
          showStepMarkers: false,
          toolTip: parameters.exportRetentionInDays.metadata.description,
        },
        {
          name: 'ingestionRetentionInMonths',
          type: 'Microsoft.Common.Slider',
          label: 'Ingestion retention (months)',
          min: 0,
          max: 999,
          defaultValue: d('ingestionRetentionInMonths'),
          showStepMarkers: false,
          toolTip: parameters.ingestionRetentionInMonths.metadata.description,
        },
        {
          name: 'scopesToMonitor',
          type: 'Microsoft.Common.TextBox',
          label: 'Scopes to monitor',
          defaultValue: (d('scopesToMonitor') as string[]).join(','),
          toolTip: 'Comma-separated scope IDs, e.g. /subscriptions/<id>,/providers/Microsoft.Billing/billingAccounts/<id>.',
          constraints: {
            required: false,
            regex: '^(/[^,]+(,/[^,]+)*)?$',
            validationMessage: 'Enter scope IDs starting with /, separated by commas.',
          },
        },
      ],
    },
    {
      name: 'dataExplorer',
      label: 'Data Explorer',
      elements: [
        {
          name: 'dataExplorerName',
          type: 'Microsoft.Common.TextBox',
          label: 'Cluster name',
          defaultValue: d('dataExplorerName'),
          toolTip: parameters.dataExplorerName.metadata.description,
          constraints: {
            required: false,
            regex: '^([a-z][a-z0-9]{3,21})?$',
            validationMessage: '4-22 lowercase letters and digits, starting with a letter; empty for no cluster.',
          },
        },
        {
          name: 'dataExplorerSkuName',
          type: 'Microsoft.Common.DropDown',
          label: 'SKU',
          defaultValue: d('dataExplorerSkuName'),
          toolTip: parameters.dataExplorerSkuName.metadata.description,
          constraints: { required: true, allowedValues: options(model.dataExplorer.allowedSkuNames) },
          visible: "[not(empty(steps('dataExplorer').dataExplorerName))]",
        },
        {
          // Data Explorer accepts only Basic with the Dev (no SLA) SKUs and only Standard with the others:
          // the only choice offered is the one that matches the SKU (no defaultValue: the first, and only,
          // allowed value is selected, also when the SKU changes).
          name: 'dataExplorerSkuTier',
          type: 'Microsoft.Common.DropDown',
          label: 'Tier',
          toolTip: parameters.dataExplorerSkuTier.metadata.description,
          constraints: {
            required: true,
            allowedValues: `[if(${IS_DEV_SKU}, parse('${JSON.stringify(options(['Basic']))}'), parse('${JSON.stringify(options(['Standard']))}'))]`,
          },
          visible: "[not(empty(steps('dataExplorer').dataExplorerName))]",
        },
        {
          // Standard tier: 2-1000 nodes. Basic (Dev SKUs) always has one node, so no slider; see outputs.
          name: 'dataExplorerSkuCapacity',
          type: 'Microsoft.Common.Slider',
          label: 'Nodes',
          min: 2,
          max: 1000,
          defaultValue: Math.max(2, d('dataExplorerSkuCapacity') as number),
          showStepMarkers: false,
          toolTip: parameters.dataExplorerSkuCapacity.metadata.description,
          visible: `[and(not(empty(steps('dataExplorer').dataExplorerName)), not(${IS_DEV_SKU}))]`,
        },
        {
          name: 'dataExplorerLogRetentionInDays',
          type: 'Microsoft.Common.Slider',
          label: 'Raw data retention (days)',
          min: 0,
          max: 3650,
          defaultValue: d('dataExplorerLogRetentionInDays'),
          showStepMarkers: false,
          toolTip: parameters.dataExplorerLogRetentionInDays.metadata.description,
          visible: "[not(empty(steps('dataExplorer').dataExplorerName))]",
        },
        {
          name: 'dataExplorerFinalRetentionInMonths',
          type: 'Microsoft.Common.Slider',
          label: 'Normalized data retention (months)',
          min: 0,
          max: 999,
          defaultValue: d('dataExplorerFinalRetentionInMonths'),
          showStepMarkers: false,
          toolTip: parameters.dataExplorerFinalRetentionInMonths.metadata.description,
          visible: "[not(empty(steps('dataExplorer').dataExplorerName))]",
        },
      ],
    },
    {
      name: 'networking',
      label: 'Networking',
      elements: [
        {
          name: 'enablePublicAccess',
          type: 'Microsoft.Common.OptionsGroup',
          label: 'Public access to the data lake',
          defaultValue: d('enablePublicAccess') === 'True' ? 'Enabled' : 'Disabled',
          toolTip: parameters.enablePublicAccess.metadata.description,
          constraints: { allowedValues: [{ label: 'Enabled', value: 'True' }, { label: 'Disabled', value: 'False' }] },
        },
        {
          name: 'virtualNetworkAddressPrefix',
          type: 'Microsoft.Common.TextBox',
          label: 'Virtual network address prefix',
          defaultValue: d('virtualNetworkAddressPrefix'),
          toolTip: parameters.virtualNetworkAddressPrefix.metadata.description,
          constraints: {
            required: true,
            regex: '^(\\d{1,3}\\.){3}\\d{1,3}/(1[6-9]|2[0-6])$',
            validationMessage: 'Enter an IPv4 range of /26 or larger, e.g. 10.20.30.0/26.',
          },
        },
        {
          name: 'remoteHubStorageUri',
          type: 'Microsoft.Common.TextBox',
          label: 'Remote hub storage URI',
          defaultValue: d('remoteHubStorageUri'),
          toolTip: parameters.remoteHubStorageUri.metadata.description,
          constraints: { required: false, regex: '^(https://\\S+)?$', validationMessage: 'Enter an https:// URI or leave empty.' },
        },
        {
          name: 'remoteHubStorageKey',
          type: 'Microsoft.Common.PasswordBox',
          label: { password: 'Remote hub storage key', confirmPassword: 'Confirm the key' },
          toolTip: parameters.remoteHubStorageKey.metadata.description,
          constraints: { required: false },
          options: { hideConfirmation: true },
          visible: "[not(empty(steps('networking').remoteHubStorageUri))]",
        },
      ],
    },
    {
      name: 'tags',
      label: 'Tags',
      elements: [
        {
          name: 'tagsByResource',
          type: 'Microsoft.Common.TagsByResource',
          resources: [
            'Microsoft.Storage/storageAccounts',
            'Microsoft.DataFactory/factories',
            'Microsoft.KeyVault/vaults',
            'Microsoft.Kusto/clusters',
            'Microsoft.ManagedIdentity/userAssignedIdentities',
            'Microsoft.Network/virtualNetworks',
            'Microsoft.Network/networkSecurityGroups',
            'Microsoft.Network/privateEndpoints',
            'Microsoft.Network/privateDnsZones',
            'Microsoft.Resources/deploymentScripts',
            'Microsoft.EventGrid/namespaces',
          ],
        },
      ],
    },
  ];
  return {
    $schema: 'https://schema.management.azure.com/schemas/0.1.2-preview/CreateUIDefinition.MultiVm.json#',
    handler: 'Microsoft.Azure.CreateUIDef',
    version: '0.1.2-preview',
    parameters: {
      config: {
        isWizard: false,
        basics: {
          description: `FinOps hub ${model.release.version}: collects Cost Management exports, converts them to FOCUS parquet and optionally loads them into Azure Data Explorer.`,
          location: { label: 'Location', toolTip: parameters.location.metadata.description, resourceTypes: ['Microsoft.DataFactory/factories', 'Microsoft.Storage/storageAccounts', 'Microsoft.KeyVault/vaults'] },
        },
      },
      basics: [
        {
          name: 'hubName',
          type: 'Microsoft.Common.TextBox',
          label: 'Hub name',
          defaultValue: d('hubName'),
          toolTip: parameters.hubName.metadata.description,
          constraints: {
            required: true,
            // the template's minLength/maxLength (3-40) and hub.schema.json's pattern
            regex: '^(?=.{3,40}$)[A-Za-z][A-Za-z0-9]*([_-][A-Za-z0-9]+)*$',
            validationMessage: '3-40 letters and digits with single - or _ between them, starting with a letter.',
          },
        },
        {
          name: 'eventGridLocation',
          type: 'Microsoft.Common.TextBox',
          label: 'Event Grid location',
          defaultValue: '',
          toolTip: `${parameters.EventGridLocation.metadata.description} Leave empty to use the hub location; set a region such as eastus2 when the hub region has no Event Grid namespaces.`,
          constraints: { required: false, regex: '^[a-z0-9]*$', validationMessage: 'A region name such as eastus2 (lowercase, no spaces), or empty.' },
        },
      ],
      steps,
      outputs: {
        hubName: "[basics('hubName')]",
        location: '[location()]',
        EventGridLocation: "[if(empty(basics('eventGridLocation')), location(), basics('eventGridLocation'))]",
        storageSku: "[steps('storage').storageSku]",
        exportRetentionInDays: "[steps('storage').exportRetentionInDays]",
        ingestionRetentionInMonths: "[steps('storage').ingestionRetentionInMonths]",
        scopesToMonitor: "[if(empty(steps('storage').scopesToMonitor), parse('[]'), split(steps('storage').scopesToMonitor, ','))]",
        dataExplorerName: "[steps('dataExplorer').dataExplorerName]",
        dataExplorerSkuName: "[steps('dataExplorer').dataExplorerSkuName]",
        dataExplorerSkuTier: "[steps('dataExplorer').dataExplorerSkuTier]",
        dataExplorerSkuCapacity: `[if(${IS_DEV_SKU}, 1, steps('dataExplorer').dataExplorerSkuCapacity)]`,
        dataExplorerLogRetentionInDays: "[steps('dataExplorer').dataExplorerLogRetentionInDays]",
        dataExplorerFinalRetentionInMonths: "[steps('dataExplorer').dataExplorerFinalRetentionInMonths]",
        enablePublicAccess: "[steps('networking').enablePublicAccess]",
        virtualNetworkAddressPrefix: "[steps('networking').virtualNetworkAddressPrefix]",
        remoteHubStorageUri: "[steps('networking').remoteHubStorageUri]",
        remoteHubStorageKey: "[steps('networking').remoteHubStorageKey]",
        tagsByResource: "[steps('tags').tagsByResource]",
      },
    },
  };
}
