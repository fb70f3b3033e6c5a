import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, templateOf } from '../support/hubs.js';
import { armExpression } from '../../src/lint/arm.js';
import { sameScopeTargetKey, templateResourceKey } from '../../src/expressions/arm/semantics.js';
import { Template } from '../support/template.js';

const t = templateOf(compiled());
const resourcesOf = (type: string) => Template.fromJSON(t).findResources(type);

test('template envelope', () => {
  assert.is(t.$schema, 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#');
  assert.is(t.contentVersion, '1.0.0.0');
});

test('parameters are the 19 of the spec, in its order, with types and defaults, and the public enableInfrastructureEncryption after storageSku', () => {
  const expected: [string, string, unknown][] = [
    ['hubName', 'string', 'finops-hub'],
    ['location', 'string', '[resourceGroup().location]'],
    ['EventGridLocation', 'string', ''],
    ['storageSku', 'string', 'Premium_LRS'],
    ['enableInfrastructureEncryption', 'bool', false],
    ['dataExplorerName', 'string', ''],
    ['dataExplorerSkuName', 'string', 'Dev(No SLA)_Standard_E2a_v4'],
    ['dataExplorerSkuTier', 'string', 'Basic'],
    ['dataExplorerSkuCapacity', 'int', 1],
    ['tags', 'object', {}],
    ['tagsByResource', 'object', {}],
    ['scopesToMonitor', 'array', []],
    ['exportRetentionInDays', 'int', 0],
    ['ingestionRetentionInMonths', 'int', 13],
    ['dataExplorerLogRetentionInDays', 'int', 0],
    ['dataExplorerFinalRetentionInMonths', 'int', 13],
    ['remoteHubStorageUri', 'string', ''],
    ['remoteHubStorageKey', 'securestring', ''],
    ['enablePublicAccess', 'string', 'False'],
    ['virtualNetworkAddressPrefix', 'string', '10.20.30.0/26'],
  ];
  assert.equal(
    Object.keys(t.parameters),
    expected.map((e) => e[0]),
  );
  for (const [name, type, def] of expected) {
    assert.is(t.parameters[name].type, type, name);
    assert.equal(t.parameters[name].defaultValue, def, name);
    assert.type(t.parameters[name].metadata.description, 'string');
    assert.ok(t.parameters[name].metadata.description.length > 10, `${name} has a description`);
  }
  assert.equal(t.parameters.storageSku.allowedValues, ['Premium_LRS', 'Premium_ZRS']);
  assert.equal(t.parameters.dataExplorerSkuTier.allowedValues, ['Basic', 'Standard']);
  assert.equal(t.parameters.enablePublicAccess.allowedValues, ['True', 'False']);
  assert.is(t.parameters.dataExplorerSkuCapacity.minValue, 1);
  assert.is(t.parameters.dataExplorerSkuCapacity.maxValue, 1000);
  assert.is(t.parameters.dataExplorerSkuName.allowedValues.length, 64);
  assert.is(t.variables.enablePublicAccess, "[bool(parameters('enablePublicAccess'))]");
});

test('outputs are exactly the 12 of the spec, spelling kept', () => {
  assert.equal(Object.keys(t.outputs), [
    'name',
    'location',
    'dataFactorytName',
    'storageAccountId',
    'storageAccountName',
    'storageUrlForPowerBI',
    'clusterId',
    'clusterUri',
    'ingestionDbName',
    'hubDbName',
    'managedIdentityId',
    'managedIdentityTenantId',
  ]);
  for (const o of Object.values<any>(t.outputs)) assert.is(o.type, 'string');
  assert.is(t.outputs.name.value, '[resourceGroup().name]');
  assert.match(t.outputs.ingestionDbName.value, /variables\('deployDataExplorer'\), 'Ingestion', ''/);
});

test('storage: data lake with the three containers, firewall from enablePublicAccess', () => {
  const accounts = resourcesOf('Microsoft.Storage/storageAccounts');
  assert.is(accounts.length, 2);
  const lake = accounts.find((a: any) => a.name === "[variables('storageAccountName')]");
  assert.is(lake.kind, 'BlockBlobStorage');
  assert.is(lake.properties.isHnsEnabled, true);
  assert.is(lake.sku.name, "[parameters('storageSku')]");
  assert.is(lake.properties.networkAcls.defaultAction, "[if(variables('enablePublicAccess'), 'Allow', 'Deny')]");
  const containers = resourcesOf('Microsoft.Storage/storageAccounts/blobServices/containers').map((c: any) => c.name);
  assert.equal(containers, [
    "[format('{0}/{1}/{2}', variables('storageAccountName'), 'default', 'rawexports')]",
    "[format('{0}/{1}/{2}', variables('storageAccountName'), 'default', 'ingestion')]",
    "[format('{0}/{1}/{2}', variables('storageAccountName'), 'default', 'config')]",
  ]);
});

test('names follow <hubName>-<purpose>-<suffix> with uniqueString', () => {
  assert.is(t.variables.uniqueSuffix, "[uniqueString(parameters('hubName'), resourceGroup().id)]");
  assert.match(t.variables.storageAccountName, /'store'/);
  assert.match(t.variables.scriptStorageAccountName, /'script'/);
  assert.match(t.variables.dataFactoryName, /'-engine'/);
  assert.match(t.variables.keyVaultName, /'-vault-'/);
});

test('virtual network: /28, /28 and /27 subnets carved with cidrSubnet', () => {
  const [vnet] = resourcesOf('Microsoft.Network/virtualNetworks');
  const subnets = vnet.properties.subnets;
  assert.equal(
    subnets.map((s: any) => [s.name, s.properties.addressPrefix]),
    [
      ['private-endpoint-subnet', "[cidrSubnet(parameters('virtualNetworkAddressPrefix'), 28, 0)]"],
      ['script-subnet', "[cidrSubnet(parameters('virtualNetworkAddressPrefix'), 28, 1)]"],
      ['dataExplorer-subnet', "[cidrSubnet(parameters('virtualNetworkAddressPrefix'), 27, 1)]"],
    ],
  );
  assert.is(subnets[1].properties.delegations[0].properties.serviceName, 'Microsoft.ContainerInstance/containerGroups');
});

test('Data Explorer: cluster, databases and scripts only when dataExplorerName is set', () => {
  const [cluster] = resourcesOf('Microsoft.Kusto/clusters');
  assert.is(cluster.condition, "[variables('deployDataExplorer')]");
  assert.is(t.variables.deployDataExplorer, "[not(empty(parameters('dataExplorerName')))]");
  assert.equal(cluster.sku, {
    name: "[parameters('dataExplorerSkuName')]",
    tier: "[parameters('dataExplorerSkuTier')]",
    capacity: "[parameters('dataExplorerSkuCapacity')]",
  });
  const dbs = resourcesOf('Microsoft.Kusto/clusters/databases');
  // Named by dataExplorerName, or by a placeholder when it is empty (see armDeploy.test.ts).
  assert.is(cluster.name, "[variables('dataExplorerClusterName')]");
  assert.is(t.variables.dataExplorerClusterName, "[if(empty(parameters('dataExplorerName')), 'nodataexplorer', parameters('dataExplorerName'))]");
  assert.equal(
    dbs.map((d: any) => d.name),
    ["[format('{0}/{1}', variables('dataExplorerClusterName'), 'Ingestion')]", "[format('{0}/{1}', variables('dataExplorerClusterName'), 'Hub')]"],
  );
  const scripts = resourcesOf('Microsoft.Kusto/clusters/databases/scripts');
  assert.ok(scripts.length >= 3);
  for (const r of [...dbs, ...scripts]) assert.is(r.condition, "[variables('deployDataExplorer')]");
});

test('identities, role assignments and the four deployment scripts', () => {
  const ids = resourcesOf('Microsoft.ManagedIdentity/userAssignedIdentities').map((r: any) => r.name);
  assert.equal(ids, ["[variables('blobManagerIdentityName')]", "[variables('triggerManagerIdentityName')]"]);
  assert.is(t.variables.blobManagerIdentityName, "[concat(variables('storageAccountName'), '_blobManager')]");
  assert.is(t.variables.triggerManagerIdentityName, "[concat(variables('dataFactoryName'), '_triggerManager')]");
  const roles = resourcesOf('Microsoft.Authorization/roleAssignments').map((r: any) => r.properties.roleDefinitionId);
  for (const guid of ['ba92f5b4-2d11-453d-a403-e96b0029c9fe', '673868aa-7521-48a0-acc6-0f60742d39f5']) {
    assert.ok(
      roles.some((r: string) => r.includes(guid)),
      guid,
    );
  }
  const scripts = resourcesOf('Microsoft.Resources/deploymentScripts').map((r: any) => r.name);
  assert.equal(scripts.sort(), [
    "[concat(variables('dataFactoryName'), '_deleteOldResources')]",
    "[concat(variables('dataFactoryName'), '_startTriggers')]",
    "[concat(variables('dataFactoryName'), '_stopTriggers')]",
    "[concat(variables('storageAccountName'), '_uploadSettings')]",
  ]);
});

test('deployment scripts re-run on every new deployment (forceUpdateTag from the deployment name)', () => {
  for (const r of resourcesOf('Microsoft.Resources/deploymentScripts')) assert.is(r.properties.forceUpdateTag, '[deployment().name]', r.name);
});

/**
 * True when `from` waits for `to`: directly, or through dependencies on always-deployed resources (ARM
 * orders transitively, and drops a dependency on a resource that is not deployed).
 */
function waitsFor(from: any, to: any): boolean {
  const byKey = new Map<string, any>(t.resources.map((r: any) => [templateResourceKey(r.type, r.name), r]));
  const target = templateResourceKey(to.type, to.name);
  const seen = new Set<any>();
  const stack = [from];
  while (stack.length) {
    const r = stack.pop();
    if (seen.has(r)) continue;
    seen.add(r);
    for (const d of r.dependsOn ?? []) {
      const e = armExpression(d);
      const k = e?.kind === 'call' ? sameScopeTargetKey(e) : undefined;
      if (k === target) return true;
      const next = k === undefined ? undefined : byKey.get(k);
      if (next && next.condition === undefined) stack.push(next);
    }
  }
  return false;
}

test('Data Factory objects wait for the stop script; the start script waits for every trigger', () => {
  const stop = resourcesOf('Microsoft.Resources/deploymentScripts').find((r: any) => r.name.includes('_stopTriggers'));
  const triggers = resourcesOf('Microsoft.DataFactory/factories/triggers');
  assert.is(triggers.length, 5);
  for (const kind of ['triggers', 'pipelines', 'datasets', 'linkedservices']) {
    for (const r of resourcesOf(`Microsoft.DataFactory/factories/${kind}`)) assert.ok(waitsFor(r, stop), r.name);
  }
  const start = resourcesOf('Microsoft.Resources/deploymentScripts').find((r: any) => r.name.includes('_startTriggers'));
  for (const tr of triggers) {
    const name = /'\{0\}\/\{1\}', variables\('dataFactoryName'\), '([^']+)'/.exec(tr.name)![1];
    assert.ok(
      start.dependsOn.some((d: string) => d.includes(`'${name}'`)),
      name,
    );
  }
});

test('managed private endpoints for storage and vault, only without public access', () => {
  const mpes = resourcesOf('Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints');
  assert.equal(
    mpes.map((m: any) => m.properties.groupId),
    ['dfs', 'vault', 'cluster'],
  );
  assert.is(mpes[0].condition, "[not(variables('enablePublicAccess'))]");
});

test('temporary Event Grid namespace in EventGridLocation, or the hub location when it is empty', () => {
  const [ns] = resourcesOf('Microsoft.EventGrid/namespaces');
  assert.is(ns.location, "[if(empty(parameters('EventGridLocation')), parameters('location'), parameters('EventGridLocation'))]");
});

test('every taggable resource gets the merged tags with cm-resource-parent', () => {
  assert.match(t.variables.resourceTags, /'cm-resource-parent', concat\(resourceGroup\(\)\.id, '\/providers\/Microsoft\.Cloud\/hubs\/', parameters\('hubName'\)\)/);
  const untaggable = /\/(blobServices|containers|roleAssignments|privateDnsZoneGroups|databases|scripts|principalAssignments|secrets)$|^Microsoft\.DataFactory\/factories\//;
  for (const r of t.resources) {
    if (untaggable.test(r.type)) continue;
    assert.match(String(r.tags), /variables\('resourceTags'\)/, `${r.type} ${r.name}`);
    assert.match(String(r.tags), /parameters\('tagsByResource'\)/, `${r.type} ${r.name}`);
  }
});

test('no usage-attribution (pid-) deployment', () => {
  assert.not.ok(JSON.stringify(t).includes('pid-'));
});

test.run();
