/**
 * The table of properties Azure fixes at creation (src/diff/createOnly.ts): every row cites its
 * documentation; paths with `[]` read every item; `noDisable` rows refuse only turning a setting off; the
 * types the takeover of issue #31 needs are there (private endpoint connections, managed private endpoints,
 * the data lake's infrastructure encryption and namespace, the cluster's double encryption).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CREATE_ONLY, changesCreateOnly, createOnlyProperties, valueAtPath } from '../../src/diff/createOnly.js';

test('every row cites a learn.microsoft.com page', () => {
  for (const [type, rows] of Object.entries(CREATE_ONLY)) {
    for (const r of rows) assert.match(r.source, /^https:\/\/learn\.microsoft\.com\/azure\//, `${type} ${r.path}`);
  }
});

test('the properties of a takeover are in the table', () => {
  const paths = (type: string) => createOnlyProperties(type).map((p) => p.path);
  assert.ok(paths('Microsoft.Network/privateEndpoints').includes('properties.privateLinkServiceConnections[].name'));
  assert.equal(paths('Microsoft.DataFactory/factories/managedVirtualNetworks/managedPrivateEndpoints').slice(1), [
    'properties.privateLinkResourceId',
    'properties.groupId',
    'properties.fqdns',
    'properties.name',
  ]);
  assert.ok(paths('Microsoft.Storage/storageAccounts').includes('properties.encryption.requireInfrastructureEncryption'));
  assert.ok(paths('Microsoft.Storage/storageAccounts').includes('properties.isHnsEnabled'));
  assert.ok(paths('Microsoft.Kusto/clusters').includes('properties.enableDoubleEncryption'));
  assert.equal(paths('Microsoft.Web/sites'), ['location'], 'every type: its region');
});

test('paths with [] read every item; a change of one item is a change', () => {
  const ep = (name: string) => ({ properties: { privateLinkServiceConnections: [{ name, properties: { groupIds: ['blob'] } }] } });
  assert.equal(valueAtPath(ep('blobLink'), 'properties.privateLinkServiceConnections[].name'), ['blobLink']);
  assert.equal(valueAtPath(ep('blobLink'), 'properties.privateLinkServiceConnections[].properties.groupIds'), [['blob']]);
  const name = createOnlyProperties('Microsoft.Network/privateEndpoints').find((p) => p.path.endsWith('[].name'))!;
  assert.ok(changesCreateOnly(name, ep('blobLink'), ep('x-blob-ep-link')));
  assert.not.ok(changesCreateOnly(name, ep('blobLink'), ep('blobLink')));
});

test('infrastructure encryption: absent and false are the same; on to off or off to on is refused', () => {
  const rule = createOnlyProperties('Microsoft.Storage/storageAccounts').find((p) => p.path.endsWith('requireInfrastructureEncryption'))!;
  const acct = (v?: boolean) => ({ properties: v === undefined ? {} : { encryption: { requireInfrastructureEncryption: v } } });
  assert.not.ok(changesCreateOnly(rule, acct(), acct(false)));
  assert.ok(changesCreateOnly(rule, acct(true), acct()));
  assert.ok(changesCreateOnly(rule, acct(), acct(true)));
});

test('noDisable: purge protection and zones may be turned on, not off; leaving them out changes nothing', () => {
  const purge = createOnlyProperties('Microsoft.KeyVault/vaults').find((p) => p.path === 'properties.enablePurgeProtection')!;
  const vault = (v?: boolean) => ({ properties: v === undefined ? {} : { enablePurgeProtection: v } });
  assert.ok(changesCreateOnly(purge, vault(true), vault(false)));
  assert.not.ok(changesCreateOnly(purge, vault(true), vault()));
  assert.not.ok(changesCreateOnly(purge, vault(false), vault(true)));
  const zones = createOnlyProperties('Microsoft.Kusto/clusters').find((p) => p.path === 'zones')!;
  assert.ok(changesCreateOnly(zones, { zones: ['1', '2'] }, { zones: [] }));
  assert.not.ok(changesCreateOnly(zones, {}, { zones: ['1'] }));
});

test.run();
