import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Template, objectLike } from '../support/template.js';

const json = {
  parameters: { hubName: { type: 'string', defaultValue: 'hub' } },
  variables: { factory: "[concat(parameters('hubName'), '-engine')]" },
  resources: [
    { type: 'Microsoft.DataFactory/factories', name: "[variables('factory')]", properties: { a: 1, b: { c: [1, 2] } } },
    { type: 'Microsoft.DataFactory/factories/pipelines', name: "[format('{0}/{1}', variables('factory'), 'p1')]", properties: {} },
    { type: 'Microsoft.DataFactory/factories/pipelines', name: "[format('{0}/{1}', variables('factory'), 'p2')]", properties: {} },
  ],
};

test('objectLike: partial objects, whole arrays, patterns for text', () => {
  assert.ok(objectLike({ a: 1, b: { c: [1, 2], d: 3 } }, { b: { c: [1, 2] } }));
  assert.not.ok(objectLike({ b: { c: [1, 2, 3] } }, { b: { c: [1, 2] } }));
  assert.not.ok(objectLike({ a: '1' }, { a: 1 }));
  assert.ok(objectLike({ id: 'x/roleDefinitions/abc' }, { id: /abc$/ }));
});

test('resources by type, evaluated name (whole or last segment) and properties', () => {
  const t = Template.fromJSON(json);
  assert.is(t.nameOf(t.json.resources[1]), 'hub-engine/p1');
  assert.is(t.resource('microsoft.datafactory/factories/pipelines', { name: 'p2' }), json.resources[2]);
  assert.is(t.resource('Microsoft.DataFactory/factories', { name: 'hub-engine' }), json.resources[0]);
  assert.is(Template.fromJSON(json, { hubName: 'other' }).findResources('Microsoft.DataFactory/factories', { name: 'hub-engine' }).length, 0);
  t.hasResourceProperties('Microsoft.DataFactory/factories', { properties: { b: { c: [1, 2] } } });
  t.resourceCountIs('Microsoft.DataFactory/factories/pipelines', 2);
});

test('a lookup that does not find exactly one fails the test, naming what there is', () => {
  const t = Template.fromJSON(json);
  assert.throws(() => t.resource('Microsoft.DataFactory/factories/pipelines'), /found 2 \(of \["hub-engine\/p1","hub-engine\/p2"\]\)/);
  assert.throws(() => t.hasResourceProperties('Microsoft.DataFactory/factories', { properties: { a: 2 } }), /no Microsoft.DataFactory\/factories matches/);
  assert.throws(() => Template.fromJSON({}), /not an ARM template/);
});

test.run();
