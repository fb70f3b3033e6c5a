import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseArmExpression } from '../../src/expressions/arm/parser.js';
import {
  escapeArmLiteral,
  findResourcesByName,
  isArmExpressionString,
  lastNameLiteral,
  resourceIdTarget,
  sameScopeTargetKey,
  templateResourceKey,
  unescapeArmLiteral,
} from '../../src/expressions/arm/semantics.js';
import type { ArmCall } from '../../src/expressions/arm/ast.js';

const call = (text: string) => parseArmExpression(text) as ArmCall;

test('the one expression predicate: brackets at both ends, not the [[ escape', () => {
  assert.ok(isArmExpressionString("[parameters('a')]"));
  assert.ok(isArmExpressionString('[]'));
  assert.not.ok(isArmExpressionString('[[x]'));
  assert.not.ok(isArmExpressionString('[x'));
  assert.not.ok(isArmExpressionString('x]'));
  assert.not.ok(isArmExpressionString(42));
});

test('escaping and unescaping literals are inverses; only [..] literals change', () => {
  for (const text of ['[x]', '[]', 'plain', '[x', "[concat('a')]"]) assert.is(unescapeArmLiteral(escapeArmLiteral(text)), text);
  assert.is(escapeArmLiteral('[x]'), '[[x]');
  assert.is(unescapeArmLiteral('[[x'), '[[x', 'a [[ without the closing ] is no escape');
});

test('a resource is the same whether named by format(), a literal or resourceId()', () => {
  const byFormat = templateResourceKey('Microsoft.Storage/storageAccounts/blobServices', "[format('{0}/{1}', variables('s'), 'default')]");
  const byCall = sameScopeTargetKey(call("resourceId('Microsoft.Storage/storageAccounts/blobServices', variables('s'), 'default')"));
  assert.ok(byFormat);
  assert.is(byCall, byFormat);
  assert.is(templateResourceKey('Microsoft.KeyVault/vaults', 'v1'), sameScopeTargetKey(call("resourceId('microsoft.keyvault/vaults', 'v1')")), 'types compare case-insensitively');
  assert.is.not(templateResourceKey('Microsoft.KeyVault/vaults', 'v1'), templateResourceKey('Microsoft.KeyVault/vaults', 'v2'));
  assert.is(templateResourceKey('Microsoft.KeyVault/vaults', '[concat(]'), undefined, 'an expression that does not parse');
});

test('resourceId() with a subscription or resource group is scoped, not a resource of this template', () => {
  const scoped = resourceIdTarget(call("resourceId(parameters('sub'), 'rg', 'Microsoft.KeyVault/vaults', 'v')"));
  assert.equal(scoped && { type: scoped.type, levels: scoped.levels, scoped: scoped.scoped }, { type: 'Microsoft.KeyVault/vaults', levels: 1, scoped: true });
  assert.is(sameScopeTargetKey(call("resourceId(parameters('sub'), 'rg', 'Microsoft.KeyVault/vaults', 'v')")), undefined);
  assert.is(resourceIdTarget(call("resourceId('rg', 'Microsoft.KeyVault/vaults', 'v')"))?.scoped, true, 'a literal resource group name');
  const ext = resourceIdTarget(call("extensionResourceId(variables('id'), 'Microsoft.Authorization/roleAssignments', 'x')"));
  assert.equal(ext && [ext.function, ext.scoped, ext.names.length], ['extensionresourceid', false, 1]);
  assert.is(resourceIdTarget(call("concat('a', 'b')")), undefined);
  assert.is(sameScopeTargetKey(call("resourceId('Microsoft.Storage/storageAccounts/blobServices', 'onlyone')")), undefined, 'one name for two levels');
});

test('the last name literal and the lookup of a resource by its own name', () => {
  assert.is(lastNameLiteral("[format('{0}/{1}', variables('f'), 'ingestion_ExecuteETL')]"), 'ingestion_ExecuteETL');
  assert.is(lastNameLiteral('a/b'), 'b');
  assert.is(lastNameLiteral("[format('{0}{1}', variables('f'), 'x')]"), undefined, 'not a segment of its own');
  assert.is(lastNameLiteral("[variables('x')]"), undefined);
  const resources = [
    { type: 'Microsoft.DataFactory/factories/pipelines', name: "[format('{0}/{1}', variables('f'), 'p1')]" },
    { type: 'Microsoft.DataFactory/factories/datasets', name: "[format('{0}/{1}', variables('f'), 'p1')]" },
  ];
  assert.equal(findResourcesByName(resources, 'microsoft.datafactory/factories/pipelines', 'p1'), [resources[0]]);
  assert.equal(findResourcesByName(resources, 'Microsoft.DataFactory/factories/pipelines', 'p2'), []);
});

test.run();
