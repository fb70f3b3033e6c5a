/**
 * The Data Explorer module's template parameters (spec, "Template parameters": `dataExplorer*`, with hub.yaml's
 * values as defaults) and its step of the portal form (cluster name, SKU, retention sliders), which reads them.
 */
import type { HubModel } from '../../model/hub.js';
import type { Contribution, FormContribution } from '../types.js';
import { behaves } from '../../model/releases.js';
import * as ui from '../../expressions/ui/index.js';

/** The Data Explorer template parameters (spec, "Template parameters"), with hub.yaml's values as defaults. */
export function dataExplorerParameters(model: HubModel) {
  const m = model.dataExplorer;
  return {
    dataExplorerName: {
      type: 'string',
      defaultValue: m.name,
      metadata: {
        description: 'Name of the Azure Data Explorer cluster; empty means no cluster is deployed. Recommended when monitored costs exceed roughly 2-5 million a month.',
      },
    },
    dataExplorerSkuName: {
      type: 'string',
      defaultValue: m.sku.name,
      allowedValues: m.allowedSkuNames,
      metadata: { description: 'Data Explorer cluster SKU name.' },
    },
    dataExplorerSkuTier: {
      type: 'string',
      defaultValue: m.sku.tier,
      allowedValues: ['Basic', 'Standard'],
      metadata: { description: 'Data Explorer SKU tier: Basic (lowest cost, single node, no SLA) or Standard (high availability, better performance).' },
    },
    dataExplorerSkuCapacity: {
      type: 'int',
      defaultValue: m.sku.capacity,
      minValue: 1,
      maxValue: 1000,
      metadata: { description: 'Number of Data Explorer nodes: 1 for Basic; 2-1000 for Standard.' },
    },
    dataExplorerLogRetentionInDays: {
      type: 'int',
      defaultValue: model.retention.dataExplorerLogDays,
      minValue: 0,
      metadata: { description: 'Days of data kept in the Data Explorer *_raw staging tables.' },
    },
    dataExplorerFinalRetentionInMonths: {
      type: 'int',
      defaultValue: model.retention.dataExplorerFinalMonths,
      minValue: 0,
      metadata: { description: 'Months of data kept in the Data Explorer *_final_v* tables.' },
    },
  } satisfies Contribution['parameters'];
}

/** The Data Explorer template parameters. */
type DataExplorerParameters = ReturnType<typeof dataExplorerParameters>;

/** Form expression: true when the selected Data Explorer SKU is a Dev (no SLA) SKU (Basic tier, one node). */
const IS_DEV_SKU = ui.startsWith(ui.steps('dataExplorer', 'dataExplorerSkuName'), 'Dev(No SLA)_');

/** The Data Explorer step of the portal form: the cluster name, its SKU (name, tier, nodes) and the two retention sliders. */
export function dataExplorerForm(model: HubModel, parameters: DataExplorerParameters): FormContribution[] {
  const whenCluster = ui.not(ui.empty(ui.steps('dataExplorer', 'dataExplorerName')));
  const slider = (key: 'dataExplorerLogRetentionInDays' | 'dataExplorerFinalRetentionInMonths', label: string, max: number): FormContribution => ({
    parameter: key,
    step: 'dataExplorer',
    element: {
      name: key,
      type: 'Microsoft.Common.Slider',
      label,
      min: 0,
      max,
      defaultValue: parameters[key].defaultValue,
      showStepMarkers: false,
      toolTip: parameters[key].metadata.description,
      visible: whenCluster,
    },
    output: ui.steps('dataExplorer', key),
    engine: 'dataExplorer',
    whenOff: parameters[key].defaultValue,
  });
  // With one engine to choose (`oneAnalyticsEngine`), choosing Data Explorer takes a cluster name.
  const nameRequired = behaves(model.release, 'oneAnalyticsEngine');
  return [
    {
      parameter: 'dataExplorerName',
      step: 'dataExplorer',
      element: {
        name: 'dataExplorerName',
        type: 'Microsoft.Common.TextBox',
        label: 'Cluster name',
        defaultValue: model.dataExplorer.name,
        toolTip: parameters.dataExplorerName.metadata.description,
        constraints: {
          required: nameRequired,
          regex: '^([a-z][a-z0-9]{3,21})?$',
          validationMessage: nameRequired
            ? '4-22 lowercase letters and digits, starting with a letter.'
            : '4-22 lowercase letters and digits, starting with a letter; empty for no cluster.',
        },
      },
      output: ui.steps('dataExplorer', 'dataExplorerName'),
      engine: 'dataExplorer',
      whenOff: '',
    },
    ...skuForm(model, parameters, whenCluster),
    slider('dataExplorerLogRetentionInDays', 'Raw data retention (days)', 3650),
    slider('dataExplorerFinalRetentionInMonths', 'Normalized data retention (months)', 999),
  ];
}

/** The form's SKU name, tier (the one that fits the SKU) and nodes (none to choose for a Dev SKU), shown while a cluster is named. */
function skuForm(model: HubModel, parameters: DataExplorerParameters, whenCluster: ui.UiExpr): FormContribution[] {
  const options = (values: string[]) => values.map((v) => ({ label: v, value: v }));
  return [
    {
      parameter: 'dataExplorerSkuName',
      step: 'dataExplorer',
      element: {
        name: 'dataExplorerSkuName',
        type: 'Microsoft.Common.DropDown',
        label: 'SKU',
        defaultValue: model.dataExplorer.sku.name,
        toolTip: parameters.dataExplorerSkuName.metadata.description,
        constraints: { required: true, allowedValues: options(model.dataExplorer.allowedSkuNames) },
        visible: whenCluster,
      },
      output: ui.steps('dataExplorer', 'dataExplorerSkuName'),
      engine: 'dataExplorer',
      whenOff: parameters.dataExplorerSkuName.defaultValue,
    },
    {
      // Data Explorer accepts only Basic with the Dev (no SLA) SKUs and only Standard with the others:
      // the only choice offered is the one that matches the SKU (no defaultValue: the first, and only,
      // allowed value is selected, also when the SKU changes).
      parameter: 'dataExplorerSkuTier',
      step: 'dataExplorer',
      element: {
        name: 'dataExplorerSkuTier',
        type: 'Microsoft.Common.DropDown',
        label: 'Tier',
        toolTip: parameters.dataExplorerSkuTier.metadata.description,
        constraints: {
          required: true,
          allowedValues: ui.if_(IS_DEV_SKU, ui.parseJson(options(['Basic'])), ui.parseJson(options(['Standard']))),
        },
        visible: whenCluster,
      },
      output: ui.steps('dataExplorer', 'dataExplorerSkuTier'),
      engine: 'dataExplorer',
      whenOff: parameters.dataExplorerSkuTier.defaultValue,
    },
    {
      // Standard tier: 2-1000 nodes. Basic (Dev SKUs) always has one node, so no slider; see the output.
      parameter: 'dataExplorerSkuCapacity',
      step: 'dataExplorer',
      element: {
        name: 'dataExplorerSkuCapacity',
        type: 'Microsoft.Common.Slider',
        label: 'Nodes',
        min: 2,
        max: 1000,
        defaultValue: Math.max(2, model.dataExplorer.sku.capacity),
        showStepMarkers: false,
        toolTip: parameters.dataExplorerSkuCapacity.metadata.description,
        visible: ui.and(ui.not(ui.empty(ui.steps('dataExplorer', 'dataExplorerName'))), ui.not(IS_DEV_SKU)),
      },
      output: ui.if_(IS_DEV_SKU, 1, ui.steps('dataExplorer', 'dataExplorerSkuCapacity')),
      engine: 'dataExplorer',
      whenOff: parameters.dataExplorerSkuCapacity.defaultValue,
    },
  ];
}
