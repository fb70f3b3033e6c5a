/**
 * possibleValues (src/lint/arm.ts) is three-valued: the values a template value takes over every allowed
 * parameter combination, and why some combination is known only at deployment.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { possibleValues } from '../../src/lint/arm.js';
import { judge } from '../../src/lint/verdict.js';

const template = {
  parameters: {
    mode: { type: 'string', defaultValue: 'a', allowedValues: ['a', 'b'] },
    flag: { type: 'bool', defaultValue: true },
    free: { type: 'string', defaultValue: 'x' },
    wide: { type: 'int', defaultValue: 1, allowedValues: Array.from({ length: 30 }, (_, i) => i) },
  },
  variables: { fromMode: "[concat(parameters('mode'), '!')]" },
};

test('a literal is its own value; an absent value has none', () => {
  assert.equal(possibleValues(true, template), { values: [true] });
  assert.equal(possibleValues(undefined, template), { values: [] });
});

test('parameters with allowed values and bool parameters range over their values, through variables', () => {
  assert.equal(possibleValues("[variables('fromMode')]", template), { values: ['a!', 'b!'] });
  assert.equal(possibleValues("[if(parameters('flag'), 1, 2)]", template), { values: [1, 2] });
});

test('a parameter without allowed values is chosen at deployment: unknown, not its default', () => {
  const p = possibleValues("[parameters('free')]", template);
  assert.equal(p.values, []);
  assert.is(p.unknown, "[parameters('free')] is known only at deployment");
});

test('reference() is known only at deployment, with the residual named', () => {
  const p = possibleValues("[reference('x').https]", template);
  assert.equal(p.values, []);
  assert.match(p.unknown!, /^\[reference\('x'\)\.https\] is known only at deployment$/);
});

test('an if() whose condition is known only at deployment takes both branches', () => {
  assert.equal(possibleValues("[if(equals(parameters('free'), 'y'), 4, 8)]", template), { values: [4, 8] });
  const p = possibleValues("[if(equals(parameters('free'), 'y'), 4, reference('x').n)]", template);
  assert.equal(p.values, [4]);
  assert.ok(p.unknown);
});

test('more combinations than the limit are not all tried: unknown', () => {
  const p = possibleValues("[add(parameters('wide'), if(parameters('flag'), 0, 1))]", template, {}, 40);
  assert.match(p.unknown!, /more than 40 combinations/);
});

test('judge: a known failing value fails even when another combination is unknown; otherwise unknown before pass', () => {
  assert.equal(
    judge("[if(equals(parameters('free'), 'y'), false, reference('x').v)]", template, (v) => v === true),
    { kind: 'fail', bad: [false] },
  );
  assert.is(judge("[if(equals(parameters('free'), 'y'), true, reference('x').v)]", template, (v) => v === true).kind, 'unknown');
  assert.is(judge("[parameters('flag')]", template, (v) => typeof v === 'boolean').kind, 'pass');
});

test.run();
