import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, templateOf } from '../support/hubs.js';
import { formOutputs, formScope } from '../../src/emitters/uiDefinition/evaluate.js';

const r = compiled();
const t = templateOf(r);
const ui = JSON.parse(r.artifacts.get('createUiDefinition.json')!);

function elementNames(): string[] {
  const names: string[] = [];
  const walk = (els: any[]) => els.forEach((e) => (names.push(e.name), e.elements && walk(e.elements)));
  walk(ui.parameters.basics);
  for (const s of ui.parameters.steps) walk(s.elements);
  return names;
}

test('the form uses the createUiDefinition schema', () => {
  assert.is(ui.$schema, 'https://schema.management.azure.com/schemas/0.1.2-preview/CreateUIDefinition.MultiVm.json#');
  assert.is(ui.handler, 'Microsoft.Azure.CreateUIDef');
});

test('every output of the form is a template parameter', () => {
  for (const name of Object.keys(ui.parameters.outputs)) assert.ok(name in t.parameters, name);
});

test('every template parameter without a default has a form element', () => {
  const outputs = Object.keys(ui.parameters.outputs);
  for (const [name, p] of Object.entries<any>(t.parameters)) {
    if (!('defaultValue' in p)) assert.ok(outputs.includes(name), name);
  }
});

test('form outputs read elements that exist', () => {
  const names = new Set(elementNames());
  for (const [name, expr] of Object.entries<string>(ui.parameters.outputs)) {
    const refs = [...expr.matchAll(/(?:basics\('(\w+)'\)|steps\('\w+'\)\.(\w+))/g)].map((m) => m[1] ?? m[2]);
    for (const ref of refs) assert.ok(names.has(ref), `${name} reads ${ref}`);
  }
});

test('form defaults are the template defaults (hub.yaml)', () => {
  const basics = ui.parameters.basics.find((e: any) => e.name === 'hubName');
  assert.is(basics.defaultValue, t.parameters.hubName.defaultValue);
  const net = ui.parameters.steps.find((s: any) => s.name === 'networking');
  assert.is(net.elements.find((e: any) => e.name === 'virtualNetworkAddressPrefix').defaultValue, '10.20.30.0/26');
});

function element(name: string): any {
  let found: any;
  const walk = (els: any[]) => els.forEach((e) => (e.name === name ? (found = e) : e.elements && walk(e.elements)));
  walk(ui.parameters.basics);
  for (const st of ui.parameters.steps) walk(st.elements);
  return found;
}

test('form output types match the template parameter types', () => {
  // Slider -> number (int parameters); DropDown, OptionsGroup (but for true/false values), TextBox, PasswordBox -> string;
  // TagsByResource -> object keyed by resource type; scopes -> array (the grid's rows mapped to their IDs);
  // tags -> hub.yaml's object.
  const outputType: Record<string, string> = {
    'Microsoft.Common.Slider': 'int',
    'Microsoft.Common.DropDown': 'string',
    'Microsoft.Common.OptionsGroup': 'string',
    'Microsoft.Common.TextBox': 'string',
    'Microsoft.Common.PasswordBox': 'securestring',
    'Microsoft.Common.TagsByResource': 'object',
  };
  for (const [name, expr] of Object.entries<string>(ui.parameters.outputs)) {
    if (name === 'location') continue;
    if (expr.startsWith('[parse(')) {
      // hub.yaml's tags, passed as an object
      assert.is(t.parameters[name].type, 'object', name);
      continue;
    }
    if (name === 'scopesToMonitor') {
      // an editable grid: the output maps its rows to their scope IDs
      assert.is(element(name).type, 'Microsoft.Common.EditableGrid');
      const rows = [{ scope: '/subscriptions/00000000-0000-0000-0000-000000000000' }, { scope: '/providers/Microsoft.Billing/billingAccounts/1234567' }];
      const out = formOutputs(ui, formScope(ui, { location: 'westus2' }, { steps: { scopes: { scopesToMonitor: rows } } }));
      assert.equal(
        out[name],
        rows.map((r) => r.scope),
      );
      assert.is(t.parameters[name].type, 'array');
      continue;
    }
    // the element whose value the output ends with (the value passed when no conversion applies)
    const ref = /(?:basics\('(\w+)'\)|steps\('\w+'\)\.(\w+))[)\]]*$/.exec(expr);
    assert.ok(ref, `${name}: ${expr}`);
    const el = element(ref![1] ?? ref![2]!);
    // An options group of true/false values gives a bool (infrastructure encryption).
    const bool = el.type === 'Microsoft.Common.OptionsGroup' && el.constraints.allowedValues.every((v: any) => typeof v.value === 'boolean');
    assert.is(bool ? 'bool' : outputType[el.type], t.parameters[name].type, `${name} (${el.type})`);
  }
});

test('text box patterns are valid JavaScript regular expressions; the hub name pattern enforces 3-63 characters (the public form rule, plus _)', () => {
  const patterns: [string, string][] = [];
  const walk = (els: any[]) => els.forEach((e) => (e.constraints?.regex && patterns.push([e.name, e.constraints.regex]), e.elements && walk(e.elements)));
  walk(ui.parameters.basics);
  for (const st of ui.parameters.steps) walk(st.elements);
  assert.ok(patterns.length >= 4);
  for (const [, p] of patterns) new RegExp(p); // throws on an invalid pattern
  const hub = new RegExp(element('hubName').constraints.regex);
  for (const ok of ['abc', 'finops-hub', 'Contoso_FinOps-Hub', 'a'.repeat(63), 'a--b', '1abc', 'hub-2024']) assert.ok(hub.test(ok), ok);
  for (const bad of ['ab', 'a'.repeat(64), '-abc', 'abc-', '_abc', 'a.b']) assert.not.ok(hub.test(bad), bad);
  assert.is(t.parameters.hubName.minLength, 3);
  assert.is(t.parameters.hubName.maxLength, 63);
});

test('Data Explorer tier and node count always form a combination Data Explorer accepts', () => {
  // Dev (no SLA) SKUs: Basic tier, one node; other SKUs: Standard tier, 2-1000 nodes.
  const isDev = "startsWith(steps('dataExplorer').dataExplorerSkuName, 'Dev(No SLA)_')";
  const tier = element('dataExplorerSkuTier');
  assert.is(tier.defaultValue, undefined, 'the first (only) allowed tier is selected');
  const m = /^\[if\((.+), parse\('(.+)'\), parse\('(.+)'\)\)\]$/.exec(tier.constraints.allowedValues);
  assert.ok(m, tier.constraints.allowedValues);
  assert.is(m![1], isDev);
  assert.equal(JSON.parse(m![2]!), [{ label: 'Basic', value: 'Basic' }]);
  assert.equal(JSON.parse(m![3]!), [{ label: 'Standard', value: 'Standard' }]);
  const nodes = element('dataExplorerSkuCapacity');
  assert.is(nodes.min, 2);
  assert.is(nodes.max, t.parameters.dataExplorerSkuCapacity.maxValue);
  assert.ok(nodes.defaultValue >= 2);
  assert.match(nodes.visible, `not(${isDev})`);
  assert.is(ui.parameters.outputs.dataExplorerSkuCapacity, `[if(${isDev}, 1, steps('dataExplorer').dataExplorerSkuCapacity)]`);
  for (const sku of t.parameters.dataExplorerSkuName.allowedValues) assert.ok(sku.startsWith('Dev(No SLA)_') || sku.startsWith('Standard_'), sku);
});

test('the Event Grid location is passed as entered; empty means the hub location (the template decides)', () => {
  assert.is(ui.parameters.outputs.EventGridLocation, "[basics('eventGridLocation')]");
  assert.ok(ui.parameters.basics.some((e: any) => e.name === 'eventGridLocation'));
});

test.run();
