/**
 * Core module: what every hub has whatever its components: the hub name, its region and its tags
 * (spec, "Template parameters": `hubName`, `location`, `tags`, `tagsByResource`), the shared name and tag
 * variables every other module uses, and the outputs `name` and `location`. Each other module contributes
 * the parameters, outputs and form elements of what it deploys.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import { has, type Release } from '../../model/releases.js';
import type { Contribution, FormContribution } from '../types.js';
import { FABRIC_SWITCH, nameVariables } from './names.js';
import { COMPONENT_SWITCHES } from '../../model/components.js';
import * as ui from '../../expressions/ui/index.js';

/** Resource types the form's Tags step offers, by the component that deploys them. */
function taggedTypes(model: HubModel): string[] {
  const r = model.release;
  return [
    'Microsoft.Storage/storageAccounts',
    'Microsoft.DataFactory/factories',
    'Microsoft.KeyVault/vaults',
    ...(has(r, 'dataExplorer') ? ['Microsoft.Kusto/clusters'] : []),
    'Microsoft.ManagedIdentity/userAssignedIdentities',
    ...(has(r, 'privateNetworking')
      ? ['Microsoft.Network/virtualNetworks', 'Microsoft.Network/networkSecurityGroups', 'Microsoft.Network/privateEndpoints', 'Microsoft.Network/privateDnsZones']
      : []),
    'Microsoft.Resources/deploymentScripts',
    ...(has(r, 'eventGridRegistration') ? ['Microsoft.EventGrid/namespaces'] : []),
  ];
}

/** ` Default: <JSON>.` for a non-empty object, else nothing. */
function describeDefault(value: object): string {
  return Object.keys(value).length ? ` Default: ${JSON.stringify(value)}.` : '';
}

/**
 * The form's part of `location`: always the Basics region picker (`location()`: the portal's own list of
 * the regions that offer the form's resource types; ARM-TTK "Location Should Be In Outputs" wants exactly
 * `[location()]`). A hub.yaml region narrows the picker to that region (`config.basics.location.allowedValues`,
 * create-uidefinition-overview "Config"), since the picker has no initial value a form can set; a hub in
 * another region is a hub.yaml change, or a hub.yaml without `location`.
 */
function locationForm(model: HubModel): FormContribution {
  return { parameter: 'location', step: 'basics', output: ui.location(), ...(model.hub.location ? { basicsRegions: [model.hub.location] } : {}) };
}

/** Core module: the hub's parameters, the shared name and tag variables, the outputs and the form's basics and tags. */
export function coreModule(model: HubModel): Contribution {
  const parameters = coreParameters(model);
  return {
    parameters,
    variables: coreVariables(model.release),
    outputs: {
      name: { type: 'string', value: arm.prop(arm.resourceGroup(), 'name') },
      location: { type: 'string', value: arm.parameters('location') },
    },
    form: [hubNameForm(model, parameters.hubName.metadata.description), locationForm(model), ...tagsForm(model)],
  };
}

/** `hubName`, `location`, `tags` and `tagsByResource`, with hub.yaml's values as defaults. */
function coreParameters(model: HubModel) {
  return {
    hubName: {
      type: 'string',
      defaultValue: model.hub.name,
      minLength: 3,
      maxLength: 63,
      metadata: { description: 'Hub name. Used to make resource names unique; 3-63 letters, digits, - and _, starting and ending with a letter or digit.' },
    },
    location: {
      type: 'string',
      defaultValue: model.hub.location || arm.prop(arm.resourceGroup(), 'location'),
      metadata: { description: `Azure region of all resources. Default: ${model.hub.location || 'the resource group region'}.` },
    },
    tags: {
      type: 'object',
      defaultValue: model.tags,
      metadata: { description: `Tags applied to all resources. The cm-resource-parent tag is added for cost roll-ups.${describeDefault(model.tags)}` },
    },
    tagsByResource: {
      type: 'object',
      defaultValue: model.tagsByResource,
      metadata: { description: `Tags by resource type (e.g. Microsoft.Storage/storageAccounts), merged with tags.${describeDefault(model.tagsByResource)}` },
    },
  } satisfies Contribution['parameters'];
}

/** The resource names, the switches of the optional components, and the tags of every resource (`cm-resource-parent`, `ftk-version`, `ftk-tool` added). */
function coreVariables(r: Release): Contribution['variables'] {
  const p = arm.parameters;
  return {
    ...nameVariables(r),
    // From 0.10 an eventhouse takes the cluster's place: with a query URI no cluster is deployed (as the public 0.10).
    ...(has(r, 'fabric') ? { [FABRIC_SWITCH]: arm.not(arm.empty(p('fabricQueryUri'))) } : {}),
    ...(has(r, 'dataExplorer')
      ? {
          [COMPONENT_SWITCHES.dataExplorer.variable]: has(r, 'fabric')
            ? arm.and(arm.not(arm.variables(FABRIC_SWITCH)), arm.not(arm.empty(p('dataExplorerName'))))
            : arm.not(arm.empty(p('dataExplorerName'))),
        }
      : {}),
    ...(has(r, 'privateNetworking') ? { [COMPONENT_SWITCHES.privateNetworking.variable]: arm.bool(p('enablePublicAccess')) } : {}),
    ...(has(r, 'remoteHub') ? { [COMPONENT_SWITCHES.remoteHub.variable]: arm.not(arm.empty(p('remoteHubStorageUri'))) } : {}),
    resourceTags: arm.union(
      p('tags'),
      arm.createObject(
        'cm-resource-parent',
        arm.concat(arm.prop(arm.resourceGroup(), 'id'), '/providers/Microsoft.Cloud/hubs/', p('hubName')),
        'ftk-version',
        r.ftkVersion,
        'ftk-tool',
        'FinOps hubs',
      ),
    ),
  };
}

/** The form's hub name box, held to the template's rule. */
function hubNameForm(model: HubModel, description: string): FormContribution {
  return {
    parameter: 'hubName',
    step: 'basics',
    element: {
      name: 'hubName',
      type: 'Microsoft.Common.TextBox',
      label: 'Hub name',
      defaultValue: model.hub.name,
      toolTip: description,
      constraints: {
        required: true,
        // the template's minLength/maxLength (3-63) and hub.schema.json's pattern (the public releases' form
        // rule, plus `_`)
        regex: '^[A-Za-z0-9][A-Za-z0-9_-]{1,61}[A-Za-z0-9]$',
        validationMessage: '3-63 letters, digits, - and _, starting and ending with a letter or digit.',
      },
    },
    output: ui.basics('hubName'),
  };
}

/**
 * The form's Tags step: one `Microsoft.Common.TagsByResource` control (the portal's tag editor: tag names
 * and values checked by the portal, each tag applied to the resource types the user picks; element
 * reference microsoft-common-tagsbyresource), which feeds `tagsByResource`. `tags` (every resource) is
 * hub.yaml's, passed as it is: the control's output is by resource type, and a tag for every resource is a
 * tag for each type the control lists. The control has no initial value, so hub.yaml's tags by resource
 * apply while it is left empty; tags entered in it replace them.
 */
function tagsForm(model: HubModel): FormContribution[] {
  const tags = Object.keys(model.tags).length ? ` (hub.yaml: ${JSON.stringify(model.tags)})` : '';
  const byType = Object.keys(model.tagsByResource).length
    ? ` hub.yaml's tags by resource type (${JSON.stringify(model.tagsByResource)}) apply while this is empty; tags entered here replace them.`
    : '';
  return [
    { parameter: 'tags', step: 'tags', output: ui.parseJson(model.tags) },
    {
      parameter: 'tagsByResource',
      step: 'tags',
      element: {
        name: 'tagsByResource',
        type: 'Microsoft.Common.TagsByResource',
        label: 'Tags',
        resources: taggedTypes(model),
        toolTip: `Tags by resource type, added to the tags every resource gets${tags}.${byType}`,
      },
      output: Object.keys(model.tagsByResource).length
        ? ui.if_(ui.empty(ui.steps('tags', 'tagsByResource')), ui.parseJson(model.tagsByResource), ui.steps('tags', 'tagsByResource'))
        : ui.steps('tags', 'tagsByResource'),
    },
  ];
}
