import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, templateOf } from '../support/hubs.js';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';
import { Template } from '../support/template.js';

const t = templateOf(compiled());
const RG = '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/finops';

/** Evaluates a template variable for a hub name in a fixed resource group and region. */
function nameFor(variable: string, hubName: string): string {
  const ctx = templateContext(t, {
    parameters: { hubName, location: 'westeurope' },
    resourceGroup: { id: RG, name: 'finops', location: 'westeurope' },
    subscriptionId: '00000000-0000-0000-0000-000000000000',
  });
  return evaluateTemplateString(`[variables('${variable}')]`, ctx) as string;
}

const HUB_NAMES = ['abc', 'finops-hub', 'Contoso_FinOps-Hub', 'a-b_c', 'averyveryveryverylonghubnamewithmanyparts', 'UPPERCASE'];

test('storage account names: 3-24 lowercase letters and digits, with store and the suffix', () => {
  for (const hub of HUB_NAMES) {
    for (const v of ['storageAccountName', 'scriptStorageAccountName']) {
      const name = nameFor(v, hub);
      assert.match(name, /^[a-z0-9]{3,24}$/, `${v} for ${hub}: ${name}`);
      assert.ok(name.endsWith(nameFor('uniqueSuffix', hub)), name);
    }
    assert.match(nameFor('storageAccountName', hub), /store[a-z0-9]{13}$/);
  }
  assert.is(nameFor('storageAccountName', 'finops-hub').slice(0, 11), 'finopsstore');
});

test('Key Vault names: 3-24, letter first, letters/digits/single hyphens, keeps -vault-', () => {
  for (const hub of HUB_NAMES) {
    const name = nameFor('keyVaultName', hub);
    assert.match(name, /^[A-Za-z][A-Za-z0-9-]{1,22}[A-Za-z0-9]$/, `${hub}: ${name}`);
    assert.not.match(name, /--/);
    assert.match(name, /-vault-[a-z0-9]{13}$/);
  }
});

test('Data Factory names: 3-63, letters/digits/single hyphens, <hub>-engine-<suffix>', () => {
  for (const hub of HUB_NAMES) {
    const name = nameFor('dataFactoryName', hub);
    assert.ok(name.length >= 3 && name.length <= 63, name);
    assert.match(name, /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/, `${hub}: ${name}`);
    assert.match(name, /-engine-[a-z0-9]{13}$/);
  }
  assert.is(nameFor('dataFactoryName', 'Contoso_FinOps-Hub').replace(/[a-z0-9]{13}$/, 'X'), 'Contoso-FinOps-Hub-engine-X');
});

test('Event Grid namespace names: 3-50 letters, digits and hyphens', () => {
  for (const hub of HUB_NAMES) assert.match(nameFor('eventGridNamespaceName', hub), /^[A-Za-z0-9][A-Za-z0-9-]{1,48}[A-Za-z0-9]$/);
});

test('the suffix is uniqueString(hubName, resourceGroup().id): 13 characters, stable, different per hub', () => {
  const a = nameFor('uniqueSuffix', 'finops-hub');
  assert.match(a, /^[a-z0-9]{13}$/);
  assert.is(nameFor('uniqueSuffix', 'finops-hub'), a);
  assert.is.not(nameFor('uniqueSuffix', 'other-hub'), a);
});

test('subnets are carved from the address prefix', () => {
  const vnet = Template.fromJSON(t).resource('Microsoft.Network/virtualNetworks');
  const ctx = templateContext(t, { useDefaults: true });
  const prefixes = vnet.properties.subnets.map((s: any) => evaluateTemplateString(s.properties.addressPrefix, ctx));
  assert.equal(prefixes, ['10.20.30.0/28', '10.20.30.16/28', '10.20.30.32/27']);
});

test.run();
