import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compiled, templateOf } from '../support/hubs.js';

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

test.run();
