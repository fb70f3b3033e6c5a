/**
 * The four findings of issue #24 that hubc's departures from the public releases did not document, each
 * reproduced: DNS zone group names, the hub name rule (3-63, the public pattern) and how it meets hubc's
 * name truncation, the conversion timeout of 0.1-0.3, and the time zone by region for a location written
 * as a display name.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { compiled, fullHubYaml, hubYaml, templateOf } from '../support/hubs.js';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';
import { flattenTemplate } from '../../src/expressions/arm/flatten.js';
import { deploymentContext } from '../support/publicTemplates.js';
import { getRelease, RELEASE_VERSIONS, withNaming } from '../../src/model/releases.js';
import { resolveName, NAMING_MODES } from '../../src/model/naming.js';

test('finding 1: private-endpoint DNS zone groups have the public release names in both naming modes', () => {
  for (const naming of NAMING_MODES) {
    const t = templateOf(compiled(fullHubYaml('0.7', { naming })));
    const resources = flattenTemplate(t, deploymentContext({ hubName: 'abc', location: 'westeurope', dataExplorerName: 'hubadx' }, { bodies: () => false })).resources;
    const storage = resources.find((r) => r.type === 'Microsoft.Storage/storageAccounts/blobServices')!.name!.split('/')[0];
    const script = resources.find((r) => r.type === 'Microsoft.Storage/storageAccounts' && r.name !== storage)!.name;
    const vault = resources.find((r) => r.type === 'Microsoft.KeyVault/vaults')!.name;
    const groups = resources.filter((r) => r.type === 'Microsoft.Network/privateEndpoints/privateDnsZoneGroups').map((r) => r.name);
    assert.equal(
      groups.sort(),
      [
        `${storage}-blob-ep/storage-endpoint-zone`,
        `${storage}-dfs-ep/dfs-endpoint-zone`,
        `${script}-blob-ep/blob-endpoint-zone`,
        `${vault}-ep/keyvault-endpoint-zone`,
        'hubadx-ep/dataExplorer-endpoint-zone',
      ].sort(),
      naming,
    );
  }
});

/** Diagnostics of a hub.yaml whose hub name is `name`, with the line of `name:`. */
function diagnosticsFor(name: string, extra: Record<string, unknown> = {}) {
  const text = hubYaml({ hub: { name }, ...extra });
  const line = text.split('\n').findIndex((l) => /^\s+name: /.test(l)) + 1;
  return compile(text, { file: 'hub.yaml' })
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => ({ ...d, nameLine: line }));
}

test('finding 2: hub names of 3-63 characters as the public form allows, refused where a resource name would be invalid', () => {
  const long = `a${'b'.repeat(61)}c`;
  assert.equal(diagnosticsFor(long), [], '63 characters');
  assert.equal(diagnosticsFor('finops-hub-2024'), []);
  assert.equal(diagnosticsFor('ab--cd', { naming: 'public' }), [], 'a doubled hyphen the public names survive');
  const tooLong = diagnosticsFor(`${long}d`);
  assert.equal(
    tooLong.map((d) => [d.code, d.start?.line === d.nameLine]),
    [['HUB105', true]],
  );
  // A leading digit gives a Key Vault name starting with a digit, in both naming modes.
  for (const naming of NAMING_MODES) {
    const digit = diagnosticsFor('1hub', { naming });
    assert.equal(
      digit.map((d) => d.code),
      ['HUB225'],
      naming,
    );
    assert.match(digit[0].message, /Key Vault name '1hub-vault-<suffix>'|Key Vault name '1hub-<suffix>'/);
    assert.is(digit[0].start?.line, digit[0].nameLine);
  }
  // Spec names cut the hub name to 4 characters for the vault: `ab--` meets `-vault-`.
  assert.equal(
    diagnosticsFor('ab--cd').map((d) => d.code),
    ['HUB225'],
  );
});

test('finding 2: a 63-character hub name gives valid names (virtual network cut to 64 characters)', () => {
  const hubName = `a${'b'.repeat(61)}c`;
  const t = templateOf(compiled(fullHubYaml('0.7', { hub: { name: hubName } })));
  const ctx = templateContext(t, { ...deploymentContext({ hubName, location: 'southafricanorth' }), useDefaults: true });
  const v = (name: string) => evaluateTemplateString(`[variables('${name}')]`, ctx) as string;
  assert.is(v('virtualNetworkName').length, 64);
  assert.ok(v('virtualNetworkName').endsWith('-vnet-southafricanorth'));
  assert.is(v('networkSecurityGroupName'), `${v('virtualNetworkName')}-nsg`);
  assert.ok(v('keyVaultName').length <= 24 && v('storageAccountName').length <= 24 && v('dataFactoryName').length <= 63);
});

test('the names the template computes are the names the naming rules give (the hub name check relies on them)', () => {
  for (const version of ['0.4', '0.7']) {
    for (const naming of NAMING_MODES) {
      const t = templateOf(compiled(fullHubYaml(version, { naming })));
      const rules = withNaming(getRelease(version), naming).naming;
      for (const hubName of ['abc', 'Contoso_FinOps-Hub', 'ab--cd-ef', `x${'y-'.repeat(30)}z`]) {
        const ctx = templateContext(t, { ...deploymentContext({ hubName, location: 'westeurope' }), useDefaults: true });
        const v = (name: string) => evaluateTemplateString(`[variables('${name}')]`, ctx) as string;
        const suffix = v('uniqueSuffix');
        assert.is(v('storageAccountName'), resolveName(rules.storageAccount, hubName, suffix), `${version} ${naming} ${hubName}`);
        assert.is(v('keyVaultName'), resolveName(rules.keyVault, hubName, suffix));
        assert.is(v('dataFactoryName'), resolveName(rules.dataFactory, hubName, suffix));
        assert.is(v('eventGridNamespaceName'), resolveName(rules.eventGridNamespace, hubName, suffix));
      }
    }
  }
});

test('finding 3: 0.1-0.3 convert an export file with a 12-hour timeout, as the public releases', () => {
  for (const version of RELEASE_VERSIONS) {
    const r = compiled(
      hubYaml({
        release: version,
        datasets: undefined,
        dataExplorer: undefined,
        networking: undefined,
        schedules: undefined,
        remoteHub: undefined,
        retention: undefined,
        customDatasets: undefined,
      }),
    );
    const timeouts: string[] = [];
    const walk = (x: unknown): void => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') {
        const a = x as { type?: string; name?: string; policy?: { timeout?: string } };
        if (a.type === 'Copy' && a.name?.startsWith('Convert') && a.policy?.timeout) timeouts.push(a.policy.timeout);
        Object.values(x).forEach(walk);
      }
    };
    for (const [path, text] of r.artifacts) if (path.startsWith('datafactory/pipelines/')) walk(JSON.parse(text));
    assert.ok(timeouts.length > 0, version);
    assert.equal([...new Set(timeouts)], [getRelease(version).exportDetection === 'csvPath' ? '0.12:00:00' : '0.02:00:00'], version);
  }
});

test('finding 4: the time zone by region reads the location as the public table does (lower case, no spaces)', () => {
  const t = templateOf(compiled(fullHubYaml('0.6')));
  for (const [location, zone] of [
    ['westeurope', 'W. Europe Standard Time'],
    ['West Europe', 'W. Europe Standard Time'],
    ['WestEurope', 'W. Europe Standard Time'],
    ['nowhere', 'UTC'],
  ]) {
    const ctx = templateContext(t, { ...deploymentContext({ hubName: 'abc', location }), useDefaults: true });
    assert.is(evaluateTemplateString("[variables('regionTimeZone')]", ctx), zone, location);
  }
});

test.run();
