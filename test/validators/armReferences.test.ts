import { getRelease } from '../../src/model/releases.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as arm from '../../src/expressions/arm/index.js';
import { checkArmReferences } from '../../src/validators/armReferences.js';
import { formatDiagnostic, type Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { ids, nameVariables, names, tagsFor } from '../../src/modules/core/names.js';

const plain = <T>(x: unknown): T => JSON.parse(JSON.stringify(x)) as T;

/** A template in the style the hub emits: builder expressions, child resources, nested deployments. */
function cleanTemplate(): any {
  return plain({
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    metadata: { note: '[this is metadata, not an expression' },
    parameters: {
      hubName: { type: 'string' },
      location: { type: 'string', defaultValue: '[resourceGroup().location]' },
      dataExplorerName: { type: 'string', defaultValue: '' },
      tagsByResource: { type: 'object', defaultValue: {} },
      virtualNetworkAddressPrefix: { type: 'string', defaultValue: '10.20.30.0/26' },
      exportScopes: { type: 'array', defaultValue: ['a', 'b'] },
    },
    functions: [{ namespace: 'hub', members: { suffix: { parameters: [{ name: 'n', type: 'string' }], output: { type: 'string', value: "[concat(parameters('n'), '-x')]" } } } }],
    variables: {
      ...nameVariables(getRelease('0.7')),
      resourceTags: { 'cm-resource-parent': arm.concat(arm.prop(arm.resourceGroup(), 'id'), '/providers/Microsoft.Cloud/hubs/', arm.parameters('hubName')) },
      deployDataExplorer: arm.not(arm.empty(arm.parameters('dataExplorerName'))),
      copy: [{ name: 'containerNames', count: 2, input: "[concat('c', copyIndex('containerNames'))]" }],
      doubled: "[map(parameters('exportScopes'), lambda('s', concat(lambdaVariables('s'), lambdaVariables('s'))))]",
    },
    resources: [
      {
        type: 'Microsoft.Storage/storageAccounts',
        apiVersion: '2022-09-01',
        name: names.storageAccount,
        location: arm.parameters('location'),
        tags: tagsFor('Microsoft.Storage/storageAccounts'),
        kind: 'StorageV2',
        sku: { name: 'Standard_LRS' },
        properties: { isHnsEnabled: true, note: '[[literal in brackets]' },
        resources: [
          // Nested child: relative type and name, implicit dependency on the parent.
          { type: 'blobServices', apiVersion: '2022-09-01', name: 'default', properties: { owner: arm.resourceId('Microsoft.Storage/storageAccounts', names.storageAccount) } },
        ],
      },
      {
        type: 'Microsoft.Storage/storageAccounts/blobServices/containers',
        apiVersion: '2022-09-01',
        name: arm.format('{0}/default/{1}', names.storageAccount, arm.at(arm.variables('containerNames'), arm.copyIndex())),
        copy: { name: 'containerLoop', count: 2 },
        dependsOn: [arm.resourceId('Microsoft.Storage/storageAccounts/blobServices', names.storageAccount, 'default')],
      },
      {
        type: 'Microsoft.Network/virtualNetworks',
        apiVersion: '2023-11-01',
        name: names.virtualNetwork,
        location: arm.parameters('location'),
        properties: {
          addressSpace: { addressPrefixes: [arm.parameters('virtualNetworkAddressPrefix')] },
          subnets: [{ name: 'script-subnet', properties: { addressPrefix: arm.cidrSubnet(arm.parameters('virtualNetworkAddressPrefix'), 28, 1) } }],
        },
      },
      {
        type: 'Microsoft.DataFactory/factories',
        apiVersion: '2018-06-01',
        name: names.dataFactory,
        location: arm.parameters('location'),
        identity: { type: 'SystemAssigned' },
        dependsOn: ['containerLoop'],
      },
      {
        type: 'Microsoft.DataFactory/factories/linkedservices',
        apiVersion: '2018-06-01',
        name: arm.format('{0}/{1}', names.dataFactory, 'storage'),
        dependsOn: [ids.dataFactory],
        properties: {
          type: 'AzureBlobFS',
          // Transitive: the factory depends on the container loop, whose containers depend on blobServices → storage account.
          typeProperties: { url: arm.prop(arm.reference(ids.storageAccount, '2022-09-01'), 'primaryEndpoints', 'dfs') },
          annotations: [arm.call('hub.suffix', 'a')],
        },
      },
      {
        type: 'Microsoft.DataFactory/factories/pipelines',
        apiVersion: '2018-06-01',
        name: arm.concat(names.dataFactory, '/', 'ingest'),
        dependsOn: [ids.dataFactory, arm.resourceId('Microsoft.DataFactory/factories/linkedservices', names.dataFactory, 'storage')],
        properties: { activities: [], parameters: { folder: { type: 'string', defaultValue: '@pipeline().parameters.x' } } },
      },
      {
        type: 'Microsoft.Authorization/roleAssignments',
        apiVersion: '2022-04-01',
        name: arm.guid(ids.storageAccount, 'ba92f5b4-2d11-453d-a403-e96b0029c9fe', ids.dataFactory),
        scope: arm.concat('Microsoft.Storage/storageAccounts/', names.storageAccount),
        dependsOn: [ids.storageAccount, ids.dataFactory],
        properties: {
          principalId: arm.prop(arm.reference(ids.dataFactory, '2018-06-01', true), 'identity', 'principalId'),
          roleDefinitionId: arm.subscriptionResourceId('Microsoft.Authorization/roleDefinitions', 'ba92f5b4-2d11-453d-a403-e96b0029c9fe'),
        },
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'dataExplorer',
        condition: arm.variables('deployDataExplorer'),
        dependsOn: [ids.virtualNetwork],
        properties: {
          mode: 'Incremental',
          expressionEvaluationOptions: { scope: 'inner' },
          parameters: {
            clusterName: { value: arm.parameters('dataExplorerName') },
            subnetId: { value: ids.subnet('script-subnet') },
          },
          template: {
            $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
            contentVersion: '1.0.0.0',
            parameters: { clusterName: { type: 'string' }, subnetId: { type: 'string' }, sku: { type: 'string', defaultValue: 'Dev(No SLA)_Standard_E2a_v4' } },
            variables: { dbName: 'Hub' },
            resources: [
              {
                type: 'Microsoft.Kusto/clusters',
                apiVersion: '2023-08-15',
                name: arm.parameters('clusterName'),
                location: arm.prop(arm.resourceGroup(), 'location'),
                sku: { name: arm.parameters('sku'), tier: 'Basic' },
              },
              {
                type: 'Microsoft.Kusto/clusters/databases',
                apiVersion: '2023-08-15',
                name: arm.format('{0}/{1}', arm.parameters('clusterName'), arm.variables('dbName')),
                kind: 'ReadWrite',
                dependsOn: [arm.resourceId('Microsoft.Kusto/clusters', arm.parameters('clusterName'))],
              },
            ],
            outputs: { uri: { type: 'string', value: arm.prop(arm.reference(arm.resourceId('Microsoft.Kusto/clusters', arm.parameters('clusterName')), '2023-08-15'), 'uri') } },
          },
        },
      },
      {
        type: 'Microsoft.Resources/deployments',
        apiVersion: '2022-09-01',
        name: 'outerScope',
        properties: {
          mode: 'Incremental',
          template: {
            $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
            contentVersion: '1.0.0.0',
            resources: [
              { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', apiVersion: '2023-01-31', name: names.blobManagerIdentity, location: arm.parameters('location') },
            ],
          },
        },
      },
    ],
    outputs: {
      name: { type: 'string', value: arm.parameters('hubName') },
      storageUrl: { type: 'string', value: arm.prop(arm.reference(ids.storageAccount), 'primaryEndpoints', 'dfs') },
      kusto: { type: 'string', condition: arm.variables('deployDataExplorer'), value: arm.prop(arm.reference('dataExplorer'), 'outputs', 'uri', 'value') },
    },
  });
}

const run = (template: unknown) => checkArmReferences(template, 'azuredeploy.json');
const show = (ds: Diagnostic[]) => ds.map(formatDiagnostic).join('\n');
function only(ds: Diagnostic[], code: string, path: string, message: RegExp): void {
  assert.is(ds.length, 1, show(ds));
  assert.is(ds[0].code, code, show(ds));
  assert.is(ds[0].path, path, show(ds));
  assert.is(ds[0].file, 'azuredeploy.json');
  assert.match(ds[0].message, message);
}

test('a clean template gives no diagnostics', () => {
  assert.equal(run(cleanTemplate()), []);
});

test('a languageVersion 2.0 template with symbolic names gives no diagnostics', () => {
  const t = {
    languageVersion: '2.0',
    contentVersion: '1.0.0.0',
    parameters: { name: { type: 'string' } },
    resources: {
      sa: { type: 'Microsoft.Storage/storageAccounts', apiVersion: '2022-09-01', name: "[parameters('name')]", location: 'westus' },
      blobs: { type: 'Microsoft.Storage/storageAccounts/blobServices', apiVersion: '2022-09-01', name: "[format('{0}/{1}', parameters('name'), 'default')]", dependsOn: ['sa'] },
    },
  };
  assert.equal(run(t), []);
});

test('HUB304: undeclared parameter, with its JSON pointer', () => {
  const t = cleanTemplate();
  t.resources[2].properties.dnsServers = "[parameters('dnsServer')]";
  only(run(t), 'HUB304', '/resources/2/properties/dnsServers', /parameters\('dnsServer'\) names a parameter the template does not declare/);
});

test('HUB304: undeclared variable', () => {
  const t = cleanTemplate();
  t.outputs.extra = { type: 'string', value: "[variables('storageName')]" };
  only(run(t), 'HUB304', '/outputs/extra/value', /variables\('storageName'\) names a variable/);
});

test('HUB304: unknown function and unknown user-defined function', () => {
  const t = cleanTemplate();
  t.resources[0].properties.minimumTlsVersion = "[toLowerCase('TLS1_2')]";
  only(run(t), 'HUB304', '/resources/0/properties/minimumTlsVersion', /Unknown ARM function 'toLowerCase'/);
  const u = cleanTemplate();
  u.variables.x = "[hub.nope('a')]";
  only(run(u), 'HUB304', '/variables/x', /Unknown function 'hub.nope'/);
});

test('HUB304: wrong argument counts', () => {
  const t = cleanTemplate();
  t.variables.a = "[replace(parameters('hubName'), '-')]";
  t.variables.b = "[hub.suffix('a', 'b')]";
  const ds = run(t);
  assert.equal(
    ds.map((d) => [d.path, d.message]),
    [
      ['/variables/a', 'replace() takes 3 argument(s) but is called with 2.'],
      ['/variables/b', "User-defined function 'hub.suffix' takes 1 argument(s) but is called with 2."],
    ],
  );
});

test('HUB304: parse errors and bare keywords', () => {
  const t = cleanTemplate();
  t.resources[0].properties.broken = "[concat('a', ]";
  t.resources[0].properties.bare = "[if(variables('deployDataExplorer'), true, null)]";
  const ds = run(t);
  assert.is(ds.length, 3, show(ds));
  assert.is(ds[0].path, '/resources/0/properties/broken');
  assert.match(ds[0].message, /does not parse: unexpected end of expression at character 14 of "\[concat\('a', \]"/);
  assert.match(ds[1].message, /no bare 'true' literal/);
  assert.is(ds[1].hint, 'Write true() instead.');
  assert.match(ds[2].message, /no bare 'null' literal/);
});

test('HUB304: dependsOn entries that match no resource', () => {
  const t = cleanTemplate();
  // A type the template does not declare.
  t.resources[3].dependsOn.push("[resourceId('Microsoft.Web/sites', 'app')]");
  // A declared type with a name that differs in a literal segment.
  t.resources[5].dependsOn.push("[resourceId('Microsoft.DataFactory/factories/linkedservices', variables('dataFactoryName'), 'keyVault')]");
  // A full resource ID with a literal name.
  t.resources[6].dependsOn.push('/subscriptions/x/resourceGroups/y/providers/Microsoft.KeyVault/vaults/kv');
  const ds = run(t);
  assert.equal(
    ds.map((d) => [d.code, d.severity, d.path]),
    [
      ['HUB304', 'error', '/resources/3/dependsOn/1'],
      ['HUB304', 'error', '/resources/5/dependsOn/2'],
      ['HUB304', 'error', '/resources/6/dependsOn/2'],
    ],
    show(ds),
  );
  assert.match(ds[0].message, /matches no resource of this template/);
});

test('dependsOn that cannot be decided is not reported', () => {
  const t = cleanTemplate();
  // A name that depends only on an unknown parameter could match the storage account.
  t.resources[3].dependsOn.push("[resourceId('Microsoft.Storage/storageAccounts', parameters('hubName'))]");
  t.resources[3].dependsOn.push("[concat('Microsoft.Network/virtualNetworks/', variables('virtualNetworkName'))]");
  assert.equal(run(t), []);
});

test('HUB305: reference() of a declared resource missing from dependsOn', () => {
  const t = cleanTemplate();
  t.resources[6].dependsOn = [ids.storageAccount].map((x) => plain<string>(x));
  only(
    run(t),
    'HUB305',
    '/resources/6/properties/principalId',
    /uses reference\(\) of 'Microsoft.DataFactory\/factories \[variables\('dataFactoryName'\)\]', .*not in its dependsOn/,
  );
  assert.is(run(t)[0].severity, 'warning');
  // resourceId() in a nested deployment's parameters counts for the deployment resource.
  const u = cleanTemplate();
  u.resources[7].dependsOn = [];
  u.resources[7].properties.parameters.subnetId.value = plain<string>(arm.concat(ids.virtualNetwork, '/subnets/script-subnet'));
  const ds = run(u);
  only(ds, 'HUB305', '/resources/7/properties/parameters/subnetId/value', /resourceId\(\) of 'Microsoft.Network\/virtualNetworks/);
  // A subnet ID names no declared resource (subnets are inside the VNet's properties): not reported.
  const v = cleanTemplate();
  v.resources[7].dependsOn = [];
  assert.equal(run(v), []);
});

test('nested deployments: inner scope parameters are checked both ways', () => {
  const t = cleanTemplate();
  const props = t.resources[7].properties;
  props.parameters.extra = { value: 1 };
  delete props.parameters.clusterName;
  props.template.resources[0].properties = { x: "[parameters('hubName')]" };
  const ds = run(t);
  assert.equal(
    ds.map((d) => [d.path, d.message]),
    [
      ['/resources/7/properties/template/resources/0/properties/x', "parameters('hubName') names a parameter the template does not declare."],
      ['/resources/7/properties/parameters/extra', "The nested deployment passes parameter 'extra', which its inner template does not declare."],
      ['/resources/7/properties/parameters', "The nested deployment does not pass required parameter 'clusterName' of its inner template."],
    ],
    show(ds),
  );
  // Outer scope: the inner template sees the outer parameters and variables.
  const u = cleanTemplate();
  u.resources[8].properties.template.resources[0].tags = "[variables('resourceTags')]";
  u.resources[8].properties.template.resources[0].properties = { x: "[parameters('nope')]" };
  only(run(u), 'HUB304', '/resources/8/properties/template/resources/0/properties/x', /parameters\('nope'\)/);
});

test('section rules: reference() in variables, variables()/list*() in defaults and functions, lambda variables', () => {
  const t = cleanTemplate();
  t.variables.endpoint = "[reference('x').y]";
  t.functions[0].members.suffix.output.value = "[concat(parameters('n'), variables('dbName'), parameters('m'))]";
  t.variables.lam = "[map(parameters('exportScopes'), lambda('s', lambdaVariables('t')))]";
  t.parameters.bad = { type: 'string', defaultValue: "[concat(variables('dbName'), listKeys('x', '2022-09-01').keys[0].value)]" };
  const ds = run(t);
  assert.equal(
    ds.map((d) => [d.path, d.message]),
    [
      ['/parameters/bad/defaultValue', 'variables() cannot be used in a parameter default value.'],
      ['/parameters/bad/defaultValue', 'listKeys() cannot be used in a parameter default value.'],
      ['/variables/endpoint', 'reference() cannot be used in the variables section.'],
      ['/variables/lam', "lambdaVariables('t') is not inside a lambda that declares 't'."],
      ['/functions/0/members/suffix/output/value', "variables() cannot be used inside user-defined function 'hub.suffix'."],
      ['/functions/0/members/suffix/output/value', "parameters('m') names no parameter of user-defined function 'hub.suffix'."],
    ],
    show(ds),
  );
});

test.run();
