import { getRelease } from '../../src/model/releases.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as arm from '../../src/expressions/arm/index.js';
import { forEachArmNode, serializeArm, type ArmExpr } from '../../src/expressions/arm/ast.js';
import { ArmParseError, parseArmExpression } from '../../src/expressions/arm/parser.js';
import { isArmExpressionString, parseArmString, unescapeArmLiteral } from '../../src/expressions/arm/semantics.js';
import { nameVariables, tagsFor, ids, roleDefinitionId, ROLES } from '../../src/modules/core/names.js';

/** Parses and expects an ArmParseError; returns it. */
function parseError(text: string, parse: (t: string) => unknown = parseArmExpression): ArmParseError {
  try {
    parse(text);
  } catch (e) {
    assert.instance(e, ArmParseError);
    return e as ArmParseError;
  }
  assert.unreachable(`expected a parse error for ${text}`);
  throw new Error('unreachable');
}

test('round trip: builder-produced expressions serialize back to the same text', () => {
  const built: arm.Arm[] = [
    ...Object.values(nameVariables(getRelease('0.7'))).filter((v): v is arm.Arm => v instanceof arm.Arm),
    tagsFor('Microsoft.Storage/storageAccounts'),
    ids.subnet('script-subnet'),
    roleDefinitionId(ROLES.reader),
    arm.reference(ids.storageAccount, '2022-09-01', true),
    arm.prop(arm.reference(ids.dataFactory, '2018-06-01', true), 'identity', 'principalId'),
    arm.at(arm.parameters('tagsByResource'), 'Microsoft.Storage/storageAccounts'),
    arm.prop(arm.parameters('x'), 'not-an-ident'),
    arm.format("{0}'s {1}", "it's", -12),
    arm.if_(arm.equals(arm.parameters('a'), 0), true, null),
    arm.cidrSubnet(arm.parameters('virtualNetworkAddressPrefix'), 28, 1),
    arm.copyIndex('loop'),
    arm.createObject(),
    arm.call('ns.fn', 'a', arm.at(arm.variables('list'), arm.copyIndex())),
  ];
  for (const b of built) {
    const text = serializeArm(b.expr);
    assert.is(serializeArm(parseArmExpression(text)), text, text);
  }
});

test('parse: tree shape of calls, literals and accessor chains', () => {
  const e = parseArmExpression(" concat( 'it''s' , -5, parameters('p').a[0]['b c'] ) ");
  const expected: ArmExpr = {
    kind: 'call',
    name: 'concat',
    args: [
      { kind: 'string', value: "it's" },
      { kind: 'number', value: -5 },
      {
        kind: 'index',
        target: {
          kind: 'index',
          target: { kind: 'property', target: { kind: 'call', name: 'parameters', args: [{ kind: 'string', value: 'p' }] }, name: 'a' },
          index: { kind: 'number', value: 0 },
        },
        index: { kind: 'string', value: 'b c' },
      },
    ],
  };
  assert.equal(e, expected);
});

test('parse: names keep their case; dotted names are user-defined function calls', () => {
  assert.equal(parseArmExpression("ToLower(Parameters('X'))"), {
    kind: 'call',
    name: 'ToLower',
    args: [{ kind: 'call', name: 'Parameters', args: [{ kind: 'string', value: 'X' }] }],
  });
  assert.equal(parseArmExpression("contoso.uniqueName('a').b"), {
    kind: 'property',
    target: { kind: 'call', name: 'contoso.uniqueName', args: [{ kind: 'string', value: 'a' }] },
    name: 'b',
  });
  assert.equal(parseArmExpression('f()'), { kind: 'call', name: 'f', args: [] });
});

test('parse: keywords true/false/null (not followed by a call)', () => {
  assert.equal(parseArmExpression('if(true, null, false)'), {
    kind: 'call',
    name: 'if',
    args: [
      { kind: 'keyword', value: true },
      { kind: 'keyword', value: null },
      { kind: 'keyword', value: false },
    ],
  });
  assert.equal(parseArmExpression('true()'), { kind: 'call', name: 'true', args: [] });
});

test('parseArmString: expressions, [[ escapes and literals', () => {
  assert.equal(parseArmString("[parameters('a')]"), { kind: 'call', name: 'parameters', args: [{ kind: 'string', value: 'a' }] });
  assert.is(parseArmString('[[x]'), '[x]');
  assert.is(parseArmString('[[not an expression]'), '[not an expression]');
  assert.is(parseArmString('plain text'), 'plain text');
  assert.is(parseArmString('[no closing bracket'), '[no closing bracket');
  assert.is(parseArmString('trailing]'), 'trailing]');
  assert.is(parseArmString(''), '');
  assert.is(parseArmString(42 as unknown as string), undefined);
  assert.ok(isArmExpressionString('[a()]'));
  assert.not.ok(isArmExpressionString('[[a()]'));
  assert.not.ok(isArmExpressionString('[a()'));
});

test('errors: offsets point at the problem', () => {
  const cases: [string, number, RegExp][] = [
    ['', 0, /empty expression/],
    ['   ', 3, /empty expression/],
    ["concat('a'", 10, /expected "," or "\)"/],
    ["concat('a' 'b')", 11, /expected "," or "\)"/],
    ["concat('a', )", 12, /unexpected '\)'/],
    ["'unterminated", 0, /unterminated string/],
    ["x('a''", 2, /unterminated string/],
    ['foo', 0, /must be followed by "\("/],
    ['a().', 4, /property name/],
    ['a()[1', 5, /expected "\]"/],
    ['a()[]', 4, /index expression/],
    ['1.5', 0, /fractional/],
    ['12abc', 2, /letter after a number/],
    ['-', 1, /digits/],
    ["concat('a'))", 11, /after the end/],
    ['#', 0, /unexpected '#'/],
  ];
  for (const [text, offset, message] of cases) {
    const e = parseError(text);
    assert.is(e.offset, offset, `offset for ${JSON.stringify(text)}: ${e.message}`);
    assert.match(e.detail, message, text);
    assert.match(e.message, new RegExp(`at offset ${offset}`));
  }
});

test('errors: the argument-list messages, word for word', () => {
  assert.is(parseError("concat('a'").detail, 'expected "," or ")" in the arguments of concat but found end of expression');
  assert.is(parseError('ns.fn(1 2)').detail, `expected "," or ")" in the arguments of ns.fn but found '2'`);
  assert.equal(parseArmExpression('f( )'), { kind: 'call', name: 'f', args: [] });
  assert.equal(parseArmExpression("f( 1 , 'b' )"), {
    kind: 'call',
    name: 'f',
    args: [
      { kind: 'number', value: 1 },
      { kind: 'string', value: 'b' },
    ],
  });
});

test('errors: parseArmString reports offsets in the whole value', () => {
  const e = parseError("[concat('a',]", parseArmString);
  // inner text "concat('a'," fails at 11; the leading "[" shifts it by one
  assert.is(e.offset, 12);
  assert.is(e.detail, parseError("concat('a',").detail);
});

test('forEachArmNode: parents first, arguments in order, lambda variables in scope', () => {
  const seen: string[] = [];
  forEachArmNode(parseArmExpression("map(parameters('a')[0].b, lambda('X', 'y', concat(lambdaVariables('x'), lambda('z', 1))))"), (node, lambdas) => {
    const label = node.kind === 'call' ? `${node.name}()` : node.kind === 'property' ? `.${node.name}` : node.kind === 'index' ? '[]' : JSON.stringify(node.value);
    seen.push(`${label} {${lambdas.join(',')}}`);
  });
  assert.equal(seen, [
    'map() {}',
    '.b {}',
    '[] {}',
    'parameters() {}',
    '"a" {}',
    '0 {}',
    'lambda() {}',
    '"X" {x,y}',
    '"y" {x,y}',
    'concat() {x,y}',
    'lambdaVariables() {x,y}',
    '"x" {x,y}',
    'lambda() {x,y}',
    '"z" {x,y,z}',
    '1 {x,y,z}',
  ]);
});

test('isArmExpressionString and unescapeArmLiteral: the [[ escape', () => {
  assert.ok(isArmExpressionString('[a()]'));
  assert.ok(isArmExpressionString('[]'));
  for (const v of ['[[a()]', '[a()', 'a()]', '[', 'x', 3, null]) assert.not.ok(isArmExpressionString(v), String(v));
  assert.is(unescapeArmLiteral('[[a()]'), '[a()]');
  assert.is(unescapeArmLiteral('[[a()'), '[[a()');
  assert.is(unescapeArmLiteral('plain'), 'plain');
});

test.run();
