/**
 * Resources that block a deployment, on constructed pairs (no pair of hubc's releases has one with the
 * default hub): a changed virtual network range (the private endpoints in its subnets go first), a region
 * change of the virtual network (its private endpoints and DNS zone links go first, referrers before the
 * network), a role assignment given to another principal, a storage account of another kind (manual: it
 * holds data), and a resource that only the old build declares. IDs are concrete when the deployment
 * context is given.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse, stringify } from 'yaml';
import { diffBuilds } from '../../src/diff/compare.js';
import { formatText } from '../../src/diff/format/text.js';
import type { LoadedBuild } from '../../src/load/index.js';
import { planUpgrade, type UpgradePlan } from '../../src/upgrade/index.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { releaseInput } from '../support/releaseBuilds.js';
import { Template } from '../support/template.js';
import { TEMPLATE_FILE, withFile } from '../../src/build/index.js';

const A = releaseInput('0.7');

/** B: the 0.7 build with its template changed by `edit`. */
function editedTemplate(edit: (t: any) => void): LoadedBuild {
  const t = structuredClone(A.build.template.json) as any;
  edit(t);
  return { ...A, label: 'edited', source: 'folder', build: withFile(A.build, TEMPLATE_FILE, JSON.stringify(t)) };
}
const resource = (t: any, type: string, name?: string) =>
  Template.fromJSON(t)
    .findResources(type)
    .find((r: any) => name === undefined || r.name === name);
const deletes = (p: UpgradePlan, phase = 'before') =>
  p.steps.filter((s) => s.phase === phase && (s.kind === 'deleteResource' || s.kind === 'manual') && s.resource).map((s) => `${s.kind} ${s.resource!.type} ${s.resource!.name}`);

const SUB = '11111111-2222-3333-4444-555555555555';
const CONTEXT = { subscriptionId: SUB, resourceGroup: { name: 'rg-hub', id: `/subscriptions/${SUB}/resourceGroups/rg-hub`, location: 'westeurope' } };

test('a new virtual network range: the private endpoints in its subnets are deleted first (not the network), each citing the subnet change', () => {
  const doc = parse(DEFAULT_HUB_YAML);
  doc.networking.addressPrefix = '10.20.40.0/26';
  const b = releaseInput('0.7', stringify(doc));
  const p = planUpgrade(A, b, { context: CONTEXT });
  const d = deletes(p);
  assert.equal(
    d.map((x) => x.split(' ').slice(0, 2).join(' ')),
    Array(d.length).fill('deleteResource Microsoft.Network/privateEndpoints'),
  );
  assert.equal(d.length, 4, 'storage blob and dfs, script storage, key vault (the default hub deploys no Data Explorer endpoint)');
  const step = p.steps.find((s) => s.kind === 'deleteResource')!;
  assert.match(step.why, 'InUseSubnetCannotBeUpdated');
  assert.equal(step.cites[0], { code: 'HUB418', subject: step.cites[0].subject }, 'the upgrade note of the endpoint');
  assert.match(step.cites[1].change!, /^template\/resources\/Microsoft\.Network\/virtualNetworks \[variables\('virtualNetworkName'\)\]: changed properties\.subnets$/);
  // hubc diff says so too, instead of "none: a hub deployed from A can deploy B over it as it is" (issue #21 item 2).
  const r = diffBuilds(A, b);
  assert.equal(
    r.upgradeNotes.map((n) => n.code),
    ['HUB418', 'HUB418', 'HUB418', 'HUB418'],
  );
  assert.match(
    r.upgradeNotes[0].message,
    /^Resource Microsoft\.Network\/privateEndpoints .*-blob-ep.* cannot be updated in place\. It is in subnet private-endpoint-subnet of .*, whose address range the new build changes/,
  );
  assert.not.match(formatText(r), 'none: a hub deployed from A can deploy B over it as it is');
  assert.match(step.resource!.id!, new RegExp(`^/subscriptions/${SUB}/resourceGroups/rg-hub/providers/Microsoft\\.Network/privateEndpoints/finopsstore[a-z0-9]{13}-blob-ep$`));
  assert.ok(
    p.steps.filter((s) => s.kind === 'deleteResource').every((s) => s.resource!.apiVersion),
    'every delete has its api-version',
  );
  // Offline the names stay expressions and there is no ID.
  const offline = planUpgrade(A, b);
  assert.is(deletes(offline).length, 4);
  assert.is(offline.steps.find((s) => s.kind === 'deleteResource')!.resource!.id, undefined);
  assert.match(offline.steps.find((s) => s.kind === 'deleteResource')!.resource!.name, /^\[concat\(/);
});

test('the virtual network moves region: its private endpoints and DNS zone links go first, then the network', () => {
  const b = editedTemplate((t) => {
    resource(t, 'Microsoft.Network/virtualNetworks').location = 'northeurope';
  });
  const p = planUpgrade(A, b, { context: CONTEXT });
  const d = deletes(p);
  const vnet = d.findIndex((x) => x.includes('Microsoft.Network/virtualNetworks '));
  assert.is(vnet, d.length - 1, 'the network is last');
  assert.ok(
    d.slice(0, vnet).some((x) => x.includes('privateDnsZones/virtualNetworkLinks')),
    'DNS zone links first',
  );
  assert.ok(
    d.slice(0, vnet).some((x) => x.includes('privateEndpoints')),
    'private endpoints first',
  );
  assert.not.ok(
    d.some((x) => x.includes('privateDnsZoneGroups')),
    'zone groups go with their endpoint',
  );
  assert.not.ok(
    d.some((x) => x.includes('storageAccounts')),
    'firewall rules do not hold a subnet',
  );
  const step = p.steps.find((s) => s.resource?.type === 'Microsoft.Network/virtualNetworks')!;
  assert.match(step.why, 'B changes location from westeurope to northeurope'.replace('B', 'edited'));
});

test('a role assignment given to another principal is deleted before the deployment (RoleAssignmentUpdateNotPermitted)', () => {
  const b = editedTemplate((t) => {
    const [ra] = Template.fromJSON(t).findResources('Microsoft.Authorization/roleAssignments');
    ra.properties.principalId = '99999999-9999-9999-9999-999999999999';
  });
  const p = planUpgrade(A, b, { context: CONTEXT });
  const d = p.steps.filter((s) => s.kind === 'deleteResource');
  assert.is(d.length, 1);
  assert.is(d[0].resource!.type, 'Microsoft.Authorization/roleAssignments');
  assert.match(d[0].why, 'RoleAssignmentUpdateNotPermitted');
  assert.match(d[0].resource!.id!, /\/providers\/Microsoft\.Storage\/storageAccounts\/[^/]+\/providers\/Microsoft\.Authorization\/roleAssignments\/[0-9a-f-]{36}$/);
});

test('a storage account of another kind blocks the deployment and is a manual step: hubc never deletes data', () => {
  const b = editedTemplate((t) => {
    resource(t, 'Microsoft.Storage/storageAccounts', "[variables('storageAccountName')]").kind = 'StorageV2';
  });
  const p = planUpgrade(A, b, { context: CONTEXT });
  const manual = p.steps.filter((s) => s.kind === 'manual' && s.phase === 'before');
  assert.is(manual[manual.length - 1].resource!.type, 'Microsoft.Storage/storageAccounts', 'the account last, after what refers to it');
  assert.equal(
    manual.slice(0, -1).map((s) => s.resource!.type),
    ['Microsoft.Network/privateEndpoints', 'Microsoft.Network/privateEndpoints', 'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints'],
  );
  assert.ok(
    manual.slice(0, -1).every((s) => s.why.includes('leaves it to you')),
    'what refers to it is left to the owner too',
  );
  assert.is(manual[manual.length - 1].performer, 'you');
  manual.reverse();
  assert.match(manual[0].why, 'B changes kind from BlockBlobStorage to StorageV2'.replace('B', 'edited'));
  assert.match(manual[0].why, 'It holds data, so hubc does not delete it.');
  assert.not.ok(p.steps.some((s) => s.kind === 'deleteResource'));
  const sku = planUpgrade(
    A,
    editedTemplate((t) => (resource(t, 'Microsoft.Storage/storageAccounts', "[variables('storageAccountName')]").sku.name = 'Standard_LRS')),
  );
  assert.match(sku.steps.find((s) => s.kind === 'manual' && s.resource?.type === 'Microsoft.Storage/storageAccounts')!.why, 'between Standard and Premium');
  const zrs = planUpgrade(
    A,
    editedTemplate((t) => (resource(t, 'Microsoft.Storage/storageAccounts', "[variables('storageAccountName')]").sku.name = 'Premium_ZRS')),
  );
  assert.not.ok(
    zrs.steps.some((s) => s.phase === 'before' && s.kind === 'manual'),
    'Premium_LRS -> Premium_ZRS stays Premium',
  );
});

test('a resource only A declares is deleted after the deployment, what refers to it first', () => {
  const b = editedTemplate((t) => {
    const T = Template.fromJSON(t);
    const dfs = [
      ...T.findResources('Microsoft.Network/privateEndpoints', { name: /-dfs-ep$/ }),
      ...T.findResources('Microsoft.Network/privateEndpoints/privateDnsZoneGroups', { name: /-dfs-ep\// }),
    ];
    assert.equal(dfs.length, 2);
    t.resources = t.resources.filter((r: any) => !dfs.includes(r));
  });
  const p = planUpgrade(A, b, { context: CONTEXT });
  const after = deletes(p, 'after');
  assert.equal(after.length, 1, 'the zone group goes with its endpoint');
  assert.match(after[0], /^deleteResource Microsoft\.Network\/privateEndpoints finopsstore[a-z0-9]{13}-dfs-ep$/);
  assert.equal(
    p.steps.find((s) => s.phase === 'after' && s.kind === 'deleteResource')!.cites.map((c) => c.code ?? c.change),
    ['HUB407', "template/resources/Microsoft.Network/privateEndpoints [concat(variables('storageAccountName'), '-dfs-ep')]: removed"],
  );
});

test('a managed private endpoint whose properties change (the host-name form over the public form) cannot be updated: HUB418 with the evaluated values (issue #31 item 3)', () => {
  const doc = parse(DEFAULT_HUB_YAML);
  doc.naming = 'public';
  doc.networking.publicAccess = false;
  const a = releaseInput('0.7', stringify(doc));
  const t = structuredClone(a.build.template.json) as any;
  const endpoints = Template.fromJSON(t).findResources('Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints');
  // naming: public writes the public release's form: fqdns read with reference(), and properties.name.
  assert.equal(
    endpoints.map((r: any) => Object.keys(r.properties).sort().join()),
    ['fqdns,groupId,name,privateLinkResourceId', 'fqdns,groupId,name,privateLinkResourceId', 'fqdns,groupId,name,privateLinkResourceId'],
  );
  const b: LoadedBuild = {
    ...a,
    label: 'host names',
    source: 'folder',
    build: withFile(
      a.build,
      TEMPLATE_FILE,
      JSON.stringify({
        ...t,
        resources: t.resources.map((r: any) =>
          r.type === 'Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints' && r.properties.groupId !== 'cluster'
            ? {
                ...r,
                properties: {
                  privateLinkResourceId: r.properties.privateLinkResourceId,
                  groupId: r.properties.groupId,
                  fqdns: [
                    r.properties.groupId === 'dfs'
                      ? "[concat(variables('storageAccountName'), '.dfs.', environment().suffixes.storage)]"
                      : "[concat(variables('keyVaultName'), environment().suffixes.keyvaultDns)]",
                  ],
                },
              }
            : r,
        ),
      }),
    ),
  };
  const notes = diffBuilds(a, b).upgradeNotes.filter((n) => n.code === 'HUB418');
  assert.is(notes.length, 2, notes.map((n) => n.message).join('\n'));
  const lake = notes.find((n) => n.message.includes('.dfs.core.windows.net'))!;
  // The values are evaluated (reference() of the storage account gives its dfs endpoint), not expressions.
  assert.match(
    lake.message,
    /changes properties\.fqdns from \["https:\/\/finopshub[a-z0-9]{13}\.dfs\.core\.windows\.net\/"\] to \["finopshub[a-z0-9]{13}\.dfs\.core\.windows\.net"\]/,
  );
  assert.match(lake.message, /changes properties\.name from finopshub[a-z0-9]{13} to \(not set\)/);
  assert.match(lake.message, 'continuous-integration-delivery#best-practices-for-cicd');
  assert.not.match(lake.message, 'reference(');
});

test.run();
