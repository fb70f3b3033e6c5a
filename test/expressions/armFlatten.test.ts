/**
 * `flattenTemplate` (src/expressions/arm/flatten.ts) on small templates: inner-scope nested deployments
 * (parameters folded outside, outputs read by a sibling through `reference()`), resource and property
 * copy loops, conditions of a deployment reaching its resources, a copy count known only at deployment;
 * and the evaluator's `reference` hook.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { flattenTemplate } from '../../src/expressions/arm/flatten.js';
import { foldArm, isArmKnown } from '../../src/expressions/arm/evaluate.js';
import { parseArmExpression } from '../../src/expressions/arm/parser.js';
import { serializeArm } from '../../src/expressions/arm/ast.js';

const CTX = { subscriptionId: 's1', resourceGroup: { name: 'rg', id: '/subscriptions/s1/resourceGroups/rg', location: 'westeurope' } };
const inner = (template: object, parameters: object, extra: object = {}) => ({
  type: 'Microsoft.Resources/deployments',
  apiVersion: '2022-09-01',
  ...extra,
  properties: { expressionEvaluationOptions: { scope: 'inner' }, mode: 'Incremental', parameters, template },
});

const TEMPLATE = {
  parameters: { hubName: { type: 'string' }, on: { type: 'bool', defaultValue: true } },
  variables: { suffix: "[uniqueString(parameters('hubName'))]" },
  resources: [
    inner(
      {
        parameters: { prefix: { type: 'string' }, suffix: { type: 'string' } },
        variables: { account: "[format('{0}{1}', parameters('prefix'), parameters('suffix'))]" },
        resources: [
          { type: 'Microsoft.Storage/storageAccounts', apiVersion: '2023-01-01', name: "[variables('account')]" },
          {
            type: 'Microsoft.Storage/storageAccounts/blobServices/containers',
            apiVersion: '2023-01-01',
            name: "[format('{0}/default/c{1}', variables('account'), copyIndex())]",
            copy: { name: 'containers', count: 2 },
          },
        ],
        outputs: {
          name: { type: 'string', value: "[variables('account')]" },
          later: { type: 'string', value: "[reference(variables('account'), '2023-01-01').primaryEndpoints.dfs]" },
        },
      },
      { prefix: { value: "[toLower(parameters('hubName'))]" }, suffix: { value: "[variables('suffix')]" } },
      { name: 'storage' },
    ),
    inner(
      {
        parameters: { account: { type: 'string' }, endpoint: { type: 'string' } },
        resources: [
          {
            type: 'Microsoft.DataFactory/factories/linkedservices',
            apiVersion: '2018-06-01',
            name: "[format('f/{0}', parameters('account'))]",
            properties: { url: "[parameters('endpoint')]", copy: [{ name: 'items', count: 2, input: "[concat('i', copyIndex('items'))]" }] },
          },
        ],
      },
      {
        account: { value: "[reference(resourceId('Microsoft.Resources/deployments', 'storage'), '2022-09-01').outputs.name.value]" },
        endpoint: { value: "[reference(resourceId('Microsoft.Resources/deployments', 'storage'), '2022-09-01').outputs.later.value]" },
      },
      { name: 'factory', dependsOn: ['storage'] },
    ),
    inner({ resources: [{ type: 'Microsoft.KeyVault/vaults', apiVersion: '2023-07-01', name: 'v' }] }, {}, { name: 'off', condition: "[not(parameters('on'))]" }),
    {
      type: 'Microsoft.Storage/storageAccounts/privateEndpointConnections',
      apiVersion: '2023-01-01',
      name: "[format('a/{0}', copyIndex())]",
      copy: { name: 'c', count: "[length(reference('x').connections)]" },
    },
  ],
  outputs: { account: { type: 'string', value: "[reference('storage').outputs.name.value]" } },
};

test('nested deployments: parameters folded outside, a sibling reads the outputs through reference(), copies expanded', () => {
  const flat = flattenTemplate(TEMPLATE, { ...CTX, parameters: { hubName: 'Hub' }, useDefaults: true });
  const suffix = foldArm(parseArmExpression("uniqueString('Hub')"));
  assert.ok(isArmKnown(suffix));
  const account = `hub${(suffix as { value: string }).value}`;
  const byType = (t: string) => flat.resources.filter((r) => r.type === t);
  assert.equal(
    byType('Microsoft.Storage/storageAccounts').map((r) => [r.name, r.deployments, r.deployed]),
    [[account, ['storage'], true]],
  );
  assert.equal(
    byType('Microsoft.Storage/storageAccounts/blobServices/containers').map((r) => r.name),
    [`${account}/default/c0`, `${account}/default/c1`],
  );
  const ls = byType('Microsoft.DataFactory/factories/linkedservices')[0];
  assert.is(ls.name, `f/${account}`);
  assert.equal(ls.deployments, ['factory']);
  assert.equal((ls.body.properties as any).items, ['i0', 'i1']);
  // An output known only at deployment: the residual reads it from the deployment, valid in the flat template's scope.
  assert.is(
    (ls.body.properties as any).url,
    "[reference('/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Resources/deployments/storage', '2022-09-01').outputs.later.value]",
  );
  assert.equal(flat.outputs.account, { type: 'string', value: account });
});

test('a deployment whose condition is false takes its resources with it; a copy count known only at deployment leaves the name unknown', () => {
  const on = flattenTemplate(TEMPLATE, { ...CTX, parameters: { hubName: 'Hub' }, useDefaults: true });
  assert.equal(
    on.resources.filter((r) => r.type === 'Microsoft.KeyVault/vaults').map((r) => r.deployed),
    [false],
  );
  const off = flattenTemplate(TEMPLATE, { ...CTX, parameters: { hubName: 'Hub', on: false }, useDefaults: true });
  assert.equal(
    off.resources.filter((r) => r.type === 'Microsoft.KeyVault/vaults').map((r) => r.deployed),
    [true],
  );
  const pending = on.resources.find((r) => r.type.endsWith('privateEndpointConnections'))!;
  assert.is(pending.name, undefined);
  assert.match(pending.error!, /copy count is only known at deployment/);
  // Bodies only for the types asked for.
  const light = flattenTemplate(TEMPLATE, { ...CTX, parameters: { hubName: 'Hub' }, useDefaults: true, bodies: (t) => t === 'Microsoft.Storage/storageAccounts' });
  assert.equal(light.resources.find((r) => r.type.endsWith('linkedservices'))!.body, {});
  assert.is(light.resources.find((r) => r.type === 'Microsoft.Storage/storageAccounts')!.body.apiVersion, '2023-01-01');
});

test("the evaluator's reference hook: known members fold, missing ones stay residual", () => {
  const ctx = { reference: (id: string) => (id === 'x' ? { outputs: { a: { value: 1 } } } : undefined) };
  assert.equal(foldArm(parseArmExpression("reference('x').outputs.a.value"), ctx), { value: 1 });
  const missing = foldArm(parseArmExpression("reference('x').outputs.b.value"), ctx);
  assert.not.ok(isArmKnown(missing));
  assert.is(serializeArm(missing as never), "reference('x').outputs.b.value");
  assert.not.ok(isArmKnown(foldArm(parseArmExpression("reference('y').id"), ctx)));
});

/**
 * The shape Bicep gives the public hub templates from 0.10 on (languageVersion 2.0): resources keyed by
 * symbolic name, `reference('<symbolic name>')` of a sibling module, user-defined functions that read the
 * template's (imported) variables, and a module output only part of which is known before deployment.
 */
const SYMBOLIC = {
  languageVersion: '2.0',
  parameters: { hubName: { type: 'string' } },
  resources: {
    core: inner(
      {
        languageVersion: '2.0',
        variables: { '_1.version': '14.0', INGESTION: 'ingestion' },
        functions: [
          {
            namespace: '__bicep',
            members: {
              tagged: {
                parameters: [{ name: 'id', type: 'string' }],
                output: { type: 'object', value: "[createObject('id', parameters('id'), 'ftk-version', variables('_1.version'))]" },
              },
            },
          },
        ],
        resources: {
          identity: { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', apiVersion: '2023-01-31', name: 'id' },
          role: { type: 'Microsoft.Authorization/roleAssignments', apiVersion: '2022-04-01', name: 'r', properties: { principalId: "[reference('identity').principalId]" } },
        },
        outputs: {
          metadata: {
            type: 'object',
            value: { datasets: { ingestion: "[variables('INGESTION')]" }, tags: "[__bicep.tagged('core')]", principalId: "[reference('identity').principalId]" },
          },
        },
      },
      {},
      { name: 'Microsoft.FinOpsHubs.Core' },
    ),
    exports: inner(
      {
        languageVersion: '2.0',
        parameters: { core: { type: 'object' } },
        resources: {
          dataset: {
            type: 'Microsoft.DataFactory/factories/datasets',
            apiVersion: '2018-06-01',
            name: "[format('f/{0}', parameters('core').datasets.ingestion)]",
            properties: { principal: "[parameters('core').principalId]" },
          },
        },
      },
      { core: { value: "[reference('core').outputs.metadata.value]" } },
      { name: 'Microsoft.CostManagement.Exports', dependsOn: ['core'] },
    ),
  },
};

/**
 * A hub module as the public 0.7 and 0.8 templates write it: the virtual network's outputs read the subnet
 * IDs from its runtime state (`reference(vnet).subnets[0].id`), the endpoint module takes them as a
 * parameter, and (languageVersion 2.0) a module reads another by symbolic name and refers to a resource it
 * does not deploy (`existing`).
 */
const VNET_ID = '/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Network/virtualNetworks/hub-vnet';
const MODULES = {
  languageVersion: '2.0',
  resources: {
    vnet: inner(
      {
        resources: [
          {
            type: 'Microsoft.Network/virtualNetworks',
            apiVersion: '2023-11-01',
            name: 'hub-vnet',
            location: 'westeurope',
            properties: {
              subnets: [
                { name: 'private-endpoint-subnet', properties: {} },
                { name: 'script-subnet', properties: {} },
              ],
            },
          },
        ],
        outputs: { finopsHubSubnetId: { type: 'string', value: "[reference(resourceId('Microsoft.Network/virtualNetworks', 'hub-vnet'), '2023-11-01').subnets[0].id]" } },
      },
      {},
      { name: 'vnet' },
    ),
    endpoints: inner(
      {
        languageVersion: '2.0',
        parameters: { subnetId: { type: 'string' } },
        resources: {
          storageAccount: { existing: true, type: 'Microsoft.Storage/storageAccounts', apiVersion: '2022-09-01', name: 'hubstore' },
          vault: { existing: true, type: 'Microsoft.KeyVault/vaults', apiVersion: '2023-02-01', name: 'hub-vault' },
          ep: {
            type: 'Microsoft.Network/privateEndpoints',
            apiVersion: '2023-11-01',
            name: 'hubstore-dfs-ep',
            location: 'westeurope',
            properties: { subnet: { id: "[parameters('subnetId')]" } },
          },
          mpe: {
            type: 'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints',
            apiVersion: '2018-06-01',
            name: 'f/default/hubstore',
            properties: { fqdns: ["[reference('storageAccount').primaryEndpoints.dfs]", "[reference('vault').vaultUri]"] },
          },
        },
      },
      { subnetId: { value: "[reference('vnet').outputs.finopsHubSubnetId.value]" } },
      { name: 'endpoints' },
    ),
  },
};

test('languageVersion 2.0: reference() of a symbolic name, variables read in user-defined functions, module outputs known in part, symbols as resource IDs', () => {
  const flat = flattenTemplate(SYMBOLIC, { ...CTX, parameters: { hubName: 'Hub' }, useDefaults: true });
  const dataset = flat.resources.find((r) => r.type === 'Microsoft.DataFactory/factories/datasets')!;
  // The known member of the partly known output names the dataset; the unknown one stays residual.
  assert.is(dataset.name, 'f/ingestion');
  assert.is(dataset.error, undefined);
  assert.is(
    (dataset.body.properties as any).principal,
    "[reference('/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Resources/deployments/Microsoft.FinOpsHubs.Core').outputs.metadata.value.principalId]",
  );
  const core = flat.resources.find((r) => r.name === 'Microsoft.FinOpsHubs.Core')!;
  assert.is(core.error, undefined);
  // A symbolic name known only at deployment is named by its resource ID, as a template without symbolic names writes it.
  const role = flat.resources.find((r) => r.type === 'Microsoft.Authorization/roleAssignments')!;
  assert.is(
    (role.body.properties as any).principalId,
    "[reference('/subscriptions/s1/resourceGroups/rg/providers/Microsoft.ManagedIdentity/userAssignedIdentities/id').principalId]",
  );
});

test('runtime state that follows from a declaration (src/expressions/arm/runtime.ts): subnet IDs through a module output, storage and vault endpoints by symbolic name; existing resources are not deployed (issue #31)', () => {
  const flat = flattenTemplate(MODULES, { ...CTX, environment: 'AzureCloud' });
  const byType = (t: string) => flat.resources.find((r) => r.type === t)!;
  assert.is((byType('Microsoft.Network/privateEndpoints').body.properties as any).subnet.id, `${VNET_ID}/subnets/private-endpoint-subnet`);
  assert.equal((byType('Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints').body.properties as any).fqdns, [
    'https://hubstore.dfs.core.windows.net/',
    'https://hub-vault.vault.azure.net/',
  ]);
  assert.equal(
    flat.resources.filter((r) => r.type === 'Microsoft.Storage/storageAccounts' || r.type === 'Microsoft.KeyVault/vaults'),
    [],
    '`existing` resources are not deployed by the template',
  );
  // Without the cloud the endpoints are not known: they stay residual, read by resource ID (not by symbolic name).
  const offline = flattenTemplate(MODULES, CTX);
  assert.equal(
    (byTypeIn(offline, 'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints').body.properties as any).fqdns[0],
    "[reference('/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/hubstore').primaryEndpoints.dfs]",
  );
});

const byTypeIn = (flat: ReturnType<typeof flattenTemplate>, t: string) => flat.resources.find((r) => r.type === t)!;

test.run();
