/**
 * ARM's deployment and scope functions: `parameters`, `variables`, `copyIndex`, `deployment`,
 * `environment`, `resourceGroup`, `subscription`, `tenant` ... Their values come from the evaluator's
 * host (template sections, the deployment context); what the context does not know stays a residual
 * expression (`resourceGroup().location`). Sources: "Deployment functions for ARM templates", "Scope
 * functions for ARM templates" (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-deployment, template-functions-scope).
 */
import type { ArmExpr } from '../ast.js';
import { allKnown, asInt, asString, defineIn, type ArmFunctionTable } from './common.js';
import { foldedObject, known, residualCall, unknown, type ArmValue, type Folded } from './folded.js';

/**
 * The AzureCloud `environment()` object (learn.microsoft.com/azure/azure-resource-manager/templates/
 * template-functions-deployment#environment). Endpoints end with `/` where ARM returns them that way.
 */
export const AZURE_CLOUD_ENVIRONMENT: { [key: string]: ArmValue } = {
  name: 'AzureCloud',
  gallery: 'https://gallery.azure.com/',
  graph: 'https://graph.windows.net/',
  portal: 'https://portal.azure.com',
  graphAudience: 'https://graph.windows.net/',
  activeDirectoryDataLake: 'https://datalake.azure.net/',
  batch: 'https://batch.core.windows.net/',
  media: 'https://rest.media.azure.net',
  sqlManagement: 'https://management.core.windows.net:8443/',
  vmImageAliasDoc: 'https://raw.githubusercontent.com/Azure/azure-rest-api-specs/master/arm-compute/quickstart-templates/aliases.json',
  resourceManager: 'https://management.azure.com/',
  authentication: {
    loginEndpoint: 'https://login.microsoftonline.com/',
    audiences: ['https://management.core.windows.net/', 'https://management.azure.com/'],
    tenant: 'common',
    identityProvider: 'AAD',
  },
  suffixes: {
    acrLoginServer: '.azurecr.io',
    azureDatalakeAnalyticsCatalogAndJob: 'azuredatalakeanalytics.net',
    azureDatalakeStoreFileSystem: 'azuredatalakestore.net',
    azureFrontDoorEndpointSuffix: 'azurefd.net',
    keyvaultDns: '.vault.azure.net',
    sqlServerHostname: '.database.windows.net',
    storage: 'core.windows.net',
  },
};

/** The deployment and scope functions, by lower-cased name. */
export const DEPLOYMENT_FUNCTIONS: ArmFunctionTable = new Map();
const def = defineIn(DEPLOYMENT_FUNCTIONS);

def('parameters', 1, 1, {
  lazy: (c, host) => {
    const n = host.fold(c.args[0]);
    return n.t === 'v' ? host.parameter(asString('parameters', n.v, 'parameterName'), c) : residualCall(c.name, [n]);
  },
});
def('variables', 1, 1, {
  lazy: (c, host) => {
    const n = host.fold(c.args[0]);
    return n.t === 'v' ? host.variable(asString('variables', n.v, 'variableName'), c) : residualCall(c.name, [n]);
  },
});
def('resourceGroup', 0, 0, {
  lazy: (c, host) => {
    const d = host.deployment;
    const rg = d.resourceGroup ?? {};
    const self: ArmExpr = { kind: 'call', name: c.name, args: [] };
    const prop = (name: string, v: string | undefined): [string, Folded] => [name, v === undefined ? unknown({ kind: 'property', target: self, name }) : known(v)];
    const id = rg.id ?? (d.subscriptionId && rg.name ? `/subscriptions/${d.subscriptionId}/resourceGroups/${rg.name}` : undefined);
    const fields: [string, Folded][] = [prop('id', id), prop('name', rg.name), ['type', known('Microsoft.Resources/resourceGroups')], prop('location', rg.location)];
    if (rg.tags) fields.push(['tags', known(rg.tags)]);
    fields.push(['properties', known({ provisioningState: 'Succeeded' })]);
    return foldedObject(fields, true, self);
  },
});
def('subscription', 0, 0, {
  lazy: (c, host) => {
    const d = host.deployment;
    const self: ArmExpr = { kind: 'call', name: c.name, args: [] };
    const prop = (name: string, v: string | undefined): [string, Folded] => [name, v === undefined ? unknown({ kind: 'property', target: self, name }) : known(v)];
    return foldedObject(
      [
        prop('id', d.subscriptionId && `/subscriptions/${d.subscriptionId}`),
        prop('subscriptionId', d.subscriptionId),
        prop('tenantId', d.tenantId),
        prop('displayName', d.subscriptionDisplayName),
      ],
      true,
      self,
    );
  },
});
def('tenant', 0, 0, {
  lazy: (c, host) => {
    const d = host.deployment;
    const self: ArmExpr = { kind: 'call', name: c.name, args: [] };
    const prop = (name: string, v: string | undefined): [string, Folded] => [name, v === undefined ? unknown({ kind: 'property', target: self, name }) : known(v)];
    return foldedObject([prop('id', d.tenantId && `/tenants/${d.tenantId}`), prop('tenantId', d.tenantId)], true, self);
  },
});
def('managementGroup', 0, 1);
def('deployment', 0, 0, {
  lazy: (c, host) => {
    const self: ArmExpr = { kind: 'call', name: c.name, args: [] };
    const name = host.deployment.deploymentName;
    return foldedObject([['name', name === undefined ? unknown({ kind: 'property', target: self, name: 'name' }) : known(name)]], true, self);
  },
});
def('deployer', 0, 0);
def('environment', 0, 0, {
  lazy: (c, host) => (host.deployment.environment ? known(host.deployment.environment) : unknown({ kind: 'call', name: c.name, args: [] })),
});
def('copyIndex', 0, 2, {
  lazy: (c, host) => {
    const args = c.args.map((a) => host.fold(a));
    if (!allKnown(args)) return residualCall(c.name, args);
    let loop: string | undefined;
    let offset = 0;
    if (args.length === 2) {
      loop = asString('copyIndex', args[0].v, 'loopName');
      offset = asInt('copyIndex', args[1].v, 'offset');
    } else if (args.length === 1) {
      if (typeof args[0].v === 'string') loop = args[0].v;
      else offset = asInt('copyIndex', args[0].v, 'offset');
    }
    const ci = host.deployment.copyIndex;
    // With loops by name, `copyIndex()` reads the loop entered last (the innermost one).
    const innermost = (map: Record<string, number>) => Object.values(map).at(-1);
    const index = typeof ci === 'number' ? (loop === undefined ? ci : undefined) : ci ? (loop !== undefined ? lookupCi(ci, loop) : innermost(ci)) : undefined;
    return index === undefined ? residualCall(c.name, args) : known(index + offset);
  },
});

function lookupCi(map: Record<string, number>, key: string): number | undefined {
  const lower = key.toLowerCase();
  for (const [k, v] of Object.entries(map)) if (k.toLowerCase() === lower) return v;
  return undefined;
}
