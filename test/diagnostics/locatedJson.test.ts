/**
 * The one located-JSON index (src/diagnostics/locatedJson.ts, used by the KQL command checks and jsonLocator): the values
 * JSON.parse reads, the offset of each value, key and decoded string character, and where and why it
 * stops on malformed text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { jsonProp, locatedAt, LocatedJsonError, parseLocatedJson, type LocatedJson } from '../../src/diagnostics/locatedJson.js';
import { jsonLocator } from '../../src/diagnostics/positions.js';

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
  for (const text of ['{}', '[]', ' { "a" : [1, -2.5e3, 0, true, false, null], "b": { "c": "d" } } ', '"\\u00e9\\n\\"\\\\\\/\\b\\f\\r\\t"', '[[], {}, [{"x": []}]]', '-0.125E-2']) {
    assert.equal(plain(parseLocatedJson(text)), JSON.parse(text), text);
  }
});

test('keeps the offset of each value, key and decoded character', () => {
  const text = '{"Name": [10, "a\\tb"], "k": null}';
  const root = parseLocatedJson(text);
  assert.equal(root.start, 0);
  if (root.kind !== 'object') throw new Error('an object');
  assert.equal(
    root.entries.map((e) => [e.key, e.keyStart, e.value.start]),
    [
      ['Name', 1, 9],
      ['k', 23, 28],
    ],
  );
  const list = jsonProp(root, 'name');
  if (list?.kind !== 'array') throw new Error('an array');
  assert.equal(
    list.items.map((x) => x.start),
    [10, 14],
  );
  const s = list.items[1];
  if (s.kind !== 'string') throw new Error('a string');
  assert.equal(s.value, 'a\tb');
  assert.equal(
    [0, 1, 2, 3].map((i) => s.offset(i)),
    [15, 16, 18, 19],
    'a, the escape, b, then the closing quote',
  );
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

test('a string without escapes and one with escapes give the same offsets for the same characters', () => {
  const plainText = parseLocatedJson('  "abc"');
  const escaped = parseLocatedJson('  "a\\u0062c"');
  if (plainText.kind !== 'string' || escaped.kind !== 'string') throw new Error('strings');
  assert.equal(
    [0, 1, 2, 3].map((i) => plainText.offset(i)),
    [3, 4, 5, 6],
  );
  assert.equal(
    [0, 1, 2, 3].map((i) => escaped.offset(i)),
    [3, 4, 10, 11],
  );
  assert.is(escaped.value, 'abc');
});

test('locatedAt follows keys and indexes, and stops at the deepest value that exists', () => {
  const root = parseLocatedJson('{"a": [{"b": 1}, {"b": 2, "c": [true]}], "a2": {}}');
  assert.is(locatedAt(root, ['a', 1, 'c', 0]).start, 32);
  assert.is(locatedAt(root, ['a', 1, 'missing', 0]).start, 17, 'the object holding the missing key');
  assert.is(locatedAt(root, ['a', '1', 'b']).start, 23, 'an index given as text');
  assert.is(locatedAt(root, []).start, 0);
});

test('jsonLocator gives line and column of a path, and nothing for a text that is not JSON', () => {
  const at = jsonLocator('{\n  "resources": [\n    { "name": "x" },\n    { "name": "y" }\n  ]\n}\n');
  assert.equal(at(['resources', 1, 'name']), { line: 4, col: 15 });
  assert.equal(at(['resources', 0]), { line: 3, col: 5 });
  assert.equal(at(['resources', 7, 'name']), { line: 2, col: 16 }, 'the deepest value on the path: the array');
  assert.is(jsonLocator('{ not json')(['a']), undefined);
});

test.run();
