/**
 * Deployability checks of azuredeploy.json that schema validation cannot see: what Azure Resource
 * Manager and the resource providers check when the template is deployed. Names and IDs are evaluated
 * with the ARM evaluator for concrete parameter values.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, templateOf, hubYaml } from '../support/hubs.js';
import { evaluateTemplateString, templateContext, type ArmEvalContext } from '../../src/expressions/arm/evaluate.js';
import { ingestionCapacity } from '../../src/modules/dataExplorer/index.js';
import { Template } from '../support/template.js';

const SUB = '00000000-0000-0000-0000-000000000000';
const RG = `/subscriptions/${SUB}/resourceGroups/finops`;
const FIXTURE = new URL('../fixtures/0.7/custom/hub.yaml', import.meta.url);

const defaultHub = templateOf(compiled());
const fixtureHub = templateOf(compiled(readFileSync(FIXTURE, 'utf8')));

/** Evaluation context: template defaults, overridden by `parameters`, in a fixed resource group. */
function contextFor(t: any, parameters: Record<string, unknown> = {}): ArmEvalContext {
  return templateContext(t, {
    useDefaults: true,
    parameters: { location: 'westeurope', ...parameters } as any,
    resourceGroup: { id: RG, name: 'finops', location: 'westeurope' },
    subscriptionId: SUB,
    tenantId: '11111111-1111-1111-1111-111111111111',
    environment: 'AzureCloud',
  });
}

const evalString = (value: string, ctx: ArmEvalContext) => String(evaluateTemplateString(value, ctx));

/** The resource ID ARM gives a template resource (extension resources: `<scope>/providers/<type>/<name>`). */
function resourceIdOf(r: any, ctx: ArmEvalContext): string {
  const [ns, ...types] = r.type.split('/');
  const names = evalString(r.name, ctx).split('/');
  const path = types.map((t: string, i: number) => `${t}/${names[i]}`).join('/');
  if (r.scope) return `${RG}/providers/${evalString(r.scope, ctx)}/providers/${ns}/${path}`;
  return `${RG}/providers/${ns}/${path}`;
}

/** The deployment script whose evaluated name ends with `suffix` (e.g. `_uploadSettings`). */
const script = (t: any, suffix: string) => Template.fromJSON(t).resource('Microsoft.Resources/deploymentScripts', { name: new RegExp(`${suffix}$`) });

// The combinations a deployment can take: Data Explorer off (the default hub) and on, private and public.
/**
 * Resource IDs (lower case) a resource waits for: its dependsOn entries and, through every resource that
 * is deployed with these parameters, theirs (ARM orders dependencies transitively and drops a dependency
 * on a resource whose condition is false, with the order it carried: such a resource is listed but not
 * followed).
 */
function waitsFor(t: any, ctx: ArmEvalContext, start: any): Set<string> {
  const byId = new Map<string, any>(t.resources.map((r: any) => [resourceIdOf(r, ctx).toLowerCase(), r]));
  const deployed = (r: any) => r.condition === undefined || evaluateTemplateString(r.condition, ctx) === true;
  const depsOf = (r: any): string[] => (r.dependsOn ?? []).map((d: string) => evalString(d, ctx).toLowerCase());
  const out = new Set<string>();
  const stack = depsOf(start);
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    const r = byId.get(id);
    if (r && deployed(r)) stack.push(...depsOf(r));
  }
  return out;
}

const CASES: [string, any, Record<string, unknown>][] = [
  ['default hub', defaultHub, {}],
  ['default hub with Data Explorer', defaultHub, { dataExplorerName: 'myadx' }],
  ['default hub, public, underscore in the hub name', defaultHub, { enablePublicAccess: 'True', hubName: 'contoso_hub' }],
  ['fixture hub', fixtureHub, {}],
  ['fixture hub without Data Explorer', fixtureHub, { dataExplorerName: '' }],
];

test('every resource name has the segments of its type, also when its condition is false', () => {
  // ARM validates the names of all resources before evaluating conditions: a child whose parent name is
  // empty ('/Ingestion') fails with "incorrect segment lengths" (github.com/Azure/bicep/issues/7733).
  for (const [label, t, params] of CASES) {
    const ctx = contextFor(t, params);
    for (const r of t.resources) {
      const name = evalString(r.name, ctx);
      const segments = name.split('/');
      assert.is(segments.length, r.type.split('/').length - 1, `${label}: ${r.type} '${name}'`);
      for (const s of segments) assert.ok(s.length > 0, `${label}: empty segment in ${r.type} '${name}'`);
    }
  }
});

test('resource names stay within the length limits of their types, for the longest hub names and regions', () => {
  // learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules
  const maxLength: Record<string, number> = {
    'Microsoft.Resources/deployments': 64,
    'Microsoft.Resources/deploymentScripts': 90,
    'Microsoft.ManagedIdentity/userAssignedIdentities': 128,
    'Microsoft.Network/virtualNetworks': 64,
    'Microsoft.Network/networkSecurityGroups': 80,
    'Microsoft.Network/privateEndpoints': 64,
    'Microsoft.Storage/storageAccounts': 24,
    'Microsoft.KeyVault/vaults': 24,
    'Microsoft.DataFactory/factories': 63,
    'Microsoft.EventGrid/namespaces': 50,
    'Microsoft.Kusto/clusters': 22,
  };
  const longest = 'a'.repeat(19) + '_' + 'b'.repeat(20); // 40 characters, the hubName maximum
  for (const t of [defaultHub, fixtureHub]) {
    for (const hubName of [longest, 'Contoso_FinOps-Hub-Production-West-Euro']) {
      const ctx = contextFor(t, { hubName, location: 'germanywestcentral', dataExplorerName: 'a'.repeat(22), enablePublicAccess: 'False' });
      const checked = new Set<string>();
      for (const r of t.resources) {
        const limit = maxLength[r.type];
        if (limit === undefined) continue;
        const name = evalString(r.name, ctx);
        assert.ok(name.length <= limit, `${r.type} '${name}' has ${name.length} characters (max ${limit})`);
        checked.add(r.type);
      }
      assert.equal([...checked].sort(), Object.keys(maxLength).sort());
    }
  }
});

test('every dependsOn entry names a resource of the template, without cycles', () => {
  // ARM rejects a dependency on a resource the template does not define ("is not defined in the
  // template") and circular dependencies.
  for (const [label, t, params] of CASES) {
    const ctx = contextFor(t, params);
    const graph = new Map<string, string[]>(t.resources.map((r: any) => [resourceIdOf(r, ctx).toLowerCase(), []]));
    for (const r of t.resources) {
      const deps = graph.get(resourceIdOf(r, ctx).toLowerCase())!;
      for (const dep of r.dependsOn ?? []) {
        const id = evalString(dep, ctx).toLowerCase();
        assert.ok(graph.has(id), `${label}: ${r.type} ${r.name} depends on ${id}`);
        deps.push(id);
      }
    }
    const state = new Map<string, 'open' | 'done'>();
    const visit = (id: string, path: string[]) => {
      if (state.get(id) === 'done') return;
      assert.is.not(state.get(id), 'open', `${label}: circular dependency ${[...path, id].join(' -> ')}`);
      state.set(id, 'open');
      for (const d of graph.get(id)!) visit(d, [...path, id]);
      state.set(id, 'done');
    };
    for (const id of graph.keys()) visit(id, []);
  }
});

test('without Data Explorer the cluster resources are not deployed and the outputs are empty', () => {
  const ctx = contextFor(defaultHub);
  for (const r of defaultHub.resources.filter((x: any) => x.type.startsWith('Microsoft.Kusto/'))) {
    assert.is(evaluateTemplateString(r.condition, ctx), false, r.name);
  }
  for (const o of ['clusterId', 'clusterUri', 'ingestionDbName', 'hubDbName']) assert.is(evaluateTemplateString(defaultHub.outputs[o].value, ctx), '', o);
  const withAdx = contextFor(defaultHub, { dataExplorerName: 'myadx' });
  const cluster = Template.fromJSON(defaultHub).resource('Microsoft.Kusto/clusters');
  assert.is(evalString(cluster.name, withAdx), 'myadx');
  assert.is(evaluateTemplateString(defaultHub.outputs.clusterId.value, withAdx), `${RG}/providers/Microsoft.Kusto/clusters/myadx`);
});

test('deployment-script storage: the script identity has Storage File Data Privileged Contributor on it', () => {
  // learn.microsoft.com/azure/azure-resource-manager/bicep/deployment-script-vnet: a script that runs in a
  // virtual network uses an existing storage account whose file share its identity must be allowed to use.
  const ctx = contextFor(defaultHub);
  const T = Template.fromJSON(defaultHub);
  const upload = script(defaultHub, '_uploadSettings');
  const scriptAccount = evalString(upload.properties.storageAccountSettings.storageAccountName, ctx);
  const fileRole = T.resource('Microsoft.Authorization/roleAssignments', { props: { properties: { roleDefinitionId: /69566ab7-960f-475b-8e7c-b3118f30c6bd/ } } });
  assert.is(evalString(fileRole.scope, ctx), `Microsoft.Storage/storageAccounts/${scriptAccount}`);
  assert.match(fileRole.properties.principalId, /blobManagerIdentityName/);
  const deps = [...waitsFor(defaultHub, ctx, upload)];
  assert.ok(deps.includes(resourceIdOf(fileRole, ctx).toLowerCase()), 'uploadSettings waits for the role');
  // The container resolves the data lake's blob endpoint through the linked private DNS zone.
  assert.ok(
    deps.some((d: string) => d.endsWith('/virtualnetworklinks/privatelink-blob-core-windows-net-link')),
    deps.join('\n'),
  );
  // The script account lets the script subnet in (the container runs there) and trusted services.
  const account = T.resource('Microsoft.Storage/storageAccounts', { name: scriptAccount });
  assert.is(account.properties.allowSharedKeyAccess, true);
  assert.is(account.properties.networkAcls.bypass, 'AzureServices');
  assert.match(account.properties.networkAcls.virtualNetworkRules[0].id, /script-subnet/);
  assert.equal(
    upload.properties.containerSettings.subnetIds.map((s: any) => s.id),
    [account.properties.networkAcls.virtualNetworkRules[0].id],
  );
});

test('the temporary Event Grid namespace can be deleted by the script that deletes it', () => {
  const ctx = contextFor(defaultHub);
  const T = Template.fromJSON(defaultHub);
  const ns = T.resource('Microsoft.EventGrid/namespaces');
  const nsName = evalString(ns.name, ctx);
  const role = T.resource('Microsoft.Authorization/roleAssignments', { props: { properties: { roleDefinitionId: /1e241071-0855-49ea-94dc-649edcd759de/ } } }); // EventGrid Contributor
  assert.is(evalString(role.scope, ctx), `Microsoft.EventGrid/namespaces/${nsName}`);
  assert.match(role.properties.principalId, /triggerManagerIdentityName/);
  const cleanup = script(defaultHub, '_deleteOldResources');
  assert.ok(cleanup.identity.userAssignedIdentities[Object.keys(cleanup.identity.userAssignedIdentities)[0]!] !== undefined);
  assert.match(Object.keys(cleanup.identity.userAssignedIdentities)[0]!, /triggerManagerIdentityName/);
  const deps = [...waitsFor(defaultHub, ctx, cleanup)];
  assert.ok(deps.includes(resourceIdOf(role, ctx).toLowerCase()), 'deleteOldResources waits for the role');
  const env = Object.fromEntries(cleanup.properties.environmentVariables.map((e: any) => [e.name, e.value]));
  assert.is(evalString(env.EventGridNamespaceId, ctx), `${RG}/providers/Microsoft.EventGrid/namespaces/${nsName}`);
});

test('start-triggers waits for everything the triggers and config_InitializeHub use', () => {
  for (const [label, t, params] of [CASES[1]!, CASES[3]!]) {
    const ctx = contextFor(t, params);
    const T = Template.fromJSON(t, params);
    const start = script(t, '_startTriggers');
    const deps = waitsFor(t, ctx, start);
    const idOf = (r: any) => resourceIdOf(r, ctx).toLowerCase();
    const must = [
      script(t, '_uploadSettings'), // settings.json, read by InitializeHub
      ...T.findResources('Microsoft.Kusto/clusters/databases/scripts'), // tables it loads
      ...T.findResources('Microsoft.Kusto/clusters/principalAssignments'), // factory is admin
      ...T.findResources('Microsoft.Resources/deployments', { name: /-approve-/ }), // private endpoints
      ...T.findResources('Microsoft.Authorization/roleAssignments', { props: { name: /factories', variables\('dataFactoryName'\)\)\)\]$/, scope: /storageAccounts/ } }),
      ...T.findResources('Microsoft.DataFactory/factories/triggers'),
      ...T.findResources('Microsoft.DataFactory/factories/pipelines'),
    ];
    assert.ok(must.length >= 4 + 1 + 3 + 3 + 15, `${label}: ${must.length}`);
    for (const r of must) assert.ok(deps.has(idOf(r)), `${label}: startTriggers waits for ${r.type} ${r.name}`);
  }
});

test('the remote hub key secret has a valid Key Vault name and is the one the linked service reads', () => {
  const hubWithRemote = templateOf(compiled(hubYaml({ remoteHub: { storageUri: 'https://remote.dfs.core.windows.net/' } })));
  for (const hubName of ['finops-hub', 'Contoso_FinOps_Hub', 'a_b-c']) {
    const ctx = contextFor(hubWithRemote, { hubName, remoteHubStorageKey: 'key' });
    const T = Template.fromJSON(hubWithRemote, { hubName, remoteHubStorageKey: 'key' });
    const secret = T.resource('Microsoft.KeyVault/vaults/secrets');
    const secretName = evalString(secret.name, ctx).split('/')[1]!;
    // Secret names: 1-127 letters, digits and hyphens.
    assert.match(secretName, /^[0-9A-Za-z-]{1,127}$/, `${hubName}: ${secretName}`);
    const ls = T.resource('Microsoft.DataFactory/factories/linkedservices', { name: 'remoteHubStorage' });
    assert.is(evalString(ls.properties.typeProperties.accountKey.secretName, ctx), secretName, hubName);
  }
});

test('Data Explorer ingestion slots follow the cores of one node (Dv2 names are series numbers)', () => {
  assert.is(ingestionCapacity('Dev(No SLA)_Standard_D11_v2'), 1);
  assert.is(ingestionCapacity('Standard_D11_v2'), 2);
  assert.is(ingestionCapacity('Standard_D12_v2'), 4);
  assert.is(ingestionCapacity('Standard_D13_v2'), 8);
  assert.is(ingestionCapacity('Standard_D14_v2'), 16);
  assert.is(ingestionCapacity('Standard_DS13_v2+1TB_PS'), 8);
  assert.is(ingestionCapacity('Standard_DS14_v2+4TB_PS'), 16);
  assert.is(ingestionCapacity('Standard_E8ads_v5'), 8);
  assert.is(ingestionCapacity('Standard_D16d_v5'), 16);
  assert.is(ingestionCapacity('Standard_EC16as_v5+3TB_PS'), 16);
  assert.is(ingestionCapacity('Standard_E80ids_v4'), 50);
  const ctx = contextFor(defaultHub, { dataExplorerName: 'myadx', dataExplorerSkuName: 'Standard_D13_v2', dataExplorerSkuTier: 'Standard', dataExplorerSkuCapacity: 2 });
  assert.is(evaluateTemplateString("[variables('dataExplorerIngestionCapacity')]", ctx), 8);
});

test.run();
