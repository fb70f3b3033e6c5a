/**
 * The offset-keeping JSON parser of the KQL command checks (src/validators/kql/locatedJson.ts): the values
 * JSON.parse reads, the offset of each value, key and decoded string character, and where and why it
 * stops on malformed text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonProp, LocatedJsonError, parseLocatedJson, type LocatedJson } from '../../src/validators/kql/locatedJson.js';

/** The plain value of a parsed node. */
function plain(node: LocatedJson): unknown {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(node.entries.map((e) => [e.key, plain(e.value)]));
    case 'array':
      return node.items.map(plain);
    default:
      return node.value;
  }
}

test('reads what JSON.parse reads', () => {
  for (const text of [
    '{}',
    '[]',
    ' { "a" : [1, -2.5e3, 0, true, false, null], "b": { "c": "d" } } ',
    '"\\u00e9\\n\\"\\\\\\/\\b\\f\\r\\t"',
    '[[], {}, [{"x": []}]]',
    '-0.125E-2',
  ]) {
    assert.equal(plain(parseLocatedJson(text)), JSON.parse(text), text);
  }
});

test('keeps the offset of each value, key and decoded character', () => {
  const text = '{"Name": [10, "a\\tb"], "k": null}';
  const root = parseLocatedJson(text);
  assert.equal(root.start, 0);
  if (root.kind !== 'object') throw new Error('an object');
  assert.equal(root.entries.map((e) => [e.key, e.keyStart, e.value.start]), [
    ['Name', 1, 9],
    ['k', 23, 28],
  ]);
  const list = jsonProp(root, 'name');
  if (list?.kind !== 'array') throw new Error('an array');
  assert.equal(list.items.map((x) => x.start), [10, 14]);
  const s = list.items[1];
  if (s.kind !== 'string') throw new Error('a string');
  assert.equal(s.value, 'a\tb');
  assert.equal(s.offsets, [15, 16, 18, 19], 'a, the escape, b, then the closing quote');
  assert.equal(jsonProp(root, 'missing'), undefined);
});

test('malformed text: the reason and the offset where parsing stopped', () => {
  const cases: [string, string, number][] = [
    ['{"a" 1}', "expected ':'", 5],
    ['{"a": 1 "b": 2}', "expected ',' or '}'", 8],
    ['[1 2]', "expected ',' or ']'", 3],
    ['{1: 2}', 'expected a property name', 1],
    ['"abc', 'unterminated string', 4],
    ['"a\\x"', 'bad escape', 2],
    ['"a\nb"', 'control character in string', 2],
    ['[tru]', 'unexpected character', 1],
    ['{} x', 'unexpected text after the JSON value', 3],
    ['', 'unexpected character', 0],
  ];
  for (const [text, message, offset] of cases) {
    try {
      parseLocatedJson(text);
      assert.unreachable(`${JSON.stringify(text)} parsed`);
    } catch (e) {
      assert.instance(e, LocatedJsonError, text);
      assert.equal([(e as LocatedJsonError).message, (e as LocatedJsonError).offset], [message, offset], text);
    }
  }
});

test.run();
