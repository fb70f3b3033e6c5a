/**
 * The portal form keeps what hub.yaml says: for every release, for the default and the customised hub, the
 * form's outputs when the user changes nothing equal the template parameters' defaults (template defaults
 * evaluated with the ARM evaluator, form outputs with the form evaluator, both in the same resource group
 * region). Every template parameter has a form output and the form sets nothing else.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';
import { initialFormOutputs } from '../../src/emitters/uiDefinition/evaluate.js';
import { compiled, templateOf } from '../support/hubs.js';
import { Template } from '../support/template.js';

const REGION = 'westus2';

for (const v of RELEASE_VERSIONS) {
  for (const c of ['default', 'custom']) {
    test(`${v} ${c}: the form's initial outputs are the template's defaults, parameter by parameter`, () => {
      const r = compiled(readFileSync(new URL(`../fixtures/${v}/${c}/hub.yaml`, import.meta.url), 'utf8'));
      const template = templateOf(r);
      const ui = JSON.parse(r.artifacts.get('createUiDefinition.json')!);
      const form = initialFormOutputs(ui, { location: REGION });
      assert.equal(Object.keys(form).sort(), Object.keys(template.parameters).sort());
      const ctx = templateContext(template, {
        useDefaults: true,
        resourceGroup: { id: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/hub', name: 'hub', location: REGION },
        subscriptionId: '00000000-0000-0000-0000-000000000000',
      });
      for (const name of Object.keys(template.parameters)) {
        const expected = evaluateTemplateString(`[parameters('${name}')]`, ctx);
        assert.equal(form[name], expected, `${v} ${c}: ${name}`);
      }
    });
  }
}

test('a customised hub really exercises the form: region, tags, tags by resource and scopes differ from the defaults', () => {
  const r = compiled(readFileSync(new URL('../fixtures/0.7/custom/hub.yaml', import.meta.url), 'utf8'));
  const form = initialFormOutputs(JSON.parse(r.artifacts.get('createUiDefinition.json')!), { location: REGION });
  assert.is(form.location, 'westeurope');
  assert.equal(form.tags, { costCenter: '1234' });
  assert.equal(form.tagsByResource, { 'Microsoft.Storage/storageAccounts': { tier: 'data' } });
  assert.equal(form.scopesToMonitor, ['/subscriptions/00000000-0000-0000-0000-000000000000', '/providers/Microsoft.Billing/billingAccounts/1234567']);
  assert.is(form.dataExplorerSkuCapacity, 2);
  assert.is(form.enablePublicAccess, 'True');
});

test('the location parameter says what its default is', () => {
  const custom = templateOf(compiled(readFileSync(new URL('../fixtures/0.7/custom/hub.yaml', import.meta.url), 'utf8')));
  assert.match(custom.parameters.location.metadata.description, /Default: westeurope\./);
  assert.match(templateOf(compiled()).parameters.location.metadata.description, /Default: the resource group region\./);
});

test('remote hub key: required by the form only with a remote hub URI; refused empty by the template when the URI is set', () => {
  const r = compiled(readFileSync(new URL('../fixtures/0.6/custom/hub.yaml', import.meta.url), 'utf8'));
  const ui = JSON.parse(r.artifacts.get('createUiDefinition.json')!);
  const key = ui.parameters.steps.flatMap((s: any) => s.elements).find((e: any) => e.name === 'remoteHubStorageKey');
  assert.is(key.type, 'Microsoft.Common.PasswordBox');
  assert.is(key.constraints.required, true);
  assert.is(key.visible, "[not(empty(steps('networking').remoteHubStorageUri))]");
  const template = templateOf(r);
  const secret = Template.fromJSON(template).resource('Microsoft.KeyVault/vaults/secrets');
  assert.is(secret.condition, "[variables('deployRemoteHub')]");
  const at = (key: string, uri: string) =>
    evaluateTemplateString(secret.properties.value, templateContext(template, { parameters: { remoteHubStorageKey: key, remoteHubStorageUri: uri }, useDefaults: true }));
  assert.is(at('c2VjcmV0', 'https://x.dfs.core.windows.net/'), 'c2VjcmV0');
  assert.throws(() => at('', 'https://x.dfs.core.windows.net/'), /remoteHubStorageKey is required when remoteHubStorageUri is set/);
});

test.run();
