/**
 * Fuzzing the front end with broken input: models drawn from the JSON Schema, then mutated as data (wrong
 * types, missing and unknown keys, huge, empty, unicode and control-character strings, deep nesting) or
 * as text (truncated, random characters, duplicated lines and keys, tabs, anchors and aliases including
 * an alias bomb, undefined aliases, YAML tags and directives, several documents, a BOM, CRLF and lone CR).
 * compile() must keep its invariants (test/fuzz/support.ts) for every one.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { hasErrors } from '../../src/diagnostics/diagnostic.js';
import { assertProperty, compileChecked, runs, schemaModel } from './support.js';

type Json = unknown;

/** Every path (keys and indexes) of a JSON value, the root excluded. */
function pathsOf(v: Json, base: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (Array.isArray(v)) v.forEach((x, i) => (out.push([...base, i]), pathsOf(x, [...base, i], out)));
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push([...base, k]);
      pathsOf(x, [...base, k], out);
    }
  }
  return out;
}

/** A copy of `root` with the value at `path` replaced (`undefined` deletes it), or with a key added. */
function edit(root: Json, path: (string | number)[], f: (parent: any, key: string | number) => void): Json {
  const copy = structuredClone(root) as any;
  let parent = copy;
  for (const seg of path.slice(0, -1)) parent = parent[seg];
  f(parent, path[path.length - 1]!);
  return copy;
}

const nested = (depth: number, leaf: Json): Json => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { n: v };
  return v;
};

/** A replacement value of another kind than the usual: wrong types, odd strings, deep nesting. */
const oddValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -0, '', ' ', [], {}, 'null', '~', 'yes', '0x1F', '1e3', '.nan', '-.inf'),
  fc.integer(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\b', '\t', '\n', '\r', '\u001b', '\u007f', '\u2028', '\uFEFF', '\uD800'), maxLength: 20 }),
  fc.integer({ min: 1, max: 100_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 20_000 }).map((n) => '😀'.repeat(n)),
  // Deeper data cannot be written by the YAML library (recursive); deeper text is one of the text mutations.
  fc.integer({ min: 10, max: 300 }).map((d) => nested(d, 1)),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue(), { maxKeys: 5 }),
);

/** A data mutation: replace a value, delete a key or item, or add an unknown key. */
const mutatedModel = schemaModel.chain((model) => {
  const paths = pathsOf(model);
  return fc
    .tuple(fc.constant(model), fc.constantFrom(...paths), fc.constantFrom('replace', 'delete', 'unknown'), oddValue, fc.string({ minLength: 1, maxLength: 12 }))
    .map(([m, path, kind, value, key]) =>
      edit(m, path, (parent, last) => {
        if (kind === 'replace') parent[last] = value;
        else if (kind === 'delete' && Array.isArray(parent)) parent.splice(Number(last), 1);
        else if (kind === 'delete') delete parent[last];
        else if (parent[last] !== null && typeof parent[last] === 'object' && !Array.isArray(parent[last])) parent[last][`x${key}`] = value;
        else parent[last] = { [key]: value };
      }),
    );
});

test('models mutated as data keep the invariants', () => {
  let errors = 0;
  assertProperty(
    'data mutations',
    fc.property(mutatedModel, (model) => {
      const r = compileChecked(stringify(model));
      if (hasErrors(r.diagnostics)) errors++;
    }),
    runs(2500),
  );
  assert.ok(errors > 0, 'no mutation produced an error');
});

/** Text-level mutations of a YAML text. */
const textMutation: fc.Arbitrary<(text: string) => string> = fc.oneof(
  fc.double({ min: 0, max: 1, noNaN: true }).map((p) => (t: string) => t.slice(0, Math.floor(t.length * p))),
  fc
    .tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.string({
        unit: fc.constantFrom(':', '-', '[', ']', '{', '}', '&', '*', '!', '%', '@', '`', '|', '>', '#', "'", '"', '\t', '\0', '\n', ' ', '?', ','),
        minLength: 1,
        maxLength: 5,
      }),
    )
    .map(
      ([p, s]) =>
        (t: string) =>
          `${t.slice(0, Math.floor(t.length * p))}${s}${t.slice(Math.floor(t.length * p))}`,
    ),
  fc.nat().map((n) => (t: string) => {
    const lines = t.split('\n');
    const i = n % lines.length;
    return [...lines.slice(0, i + 1), lines[i]!, ...lines.slice(i + 1)].join('\n');
  }),
  fc.nat().map((n) => (t: string) => {
    const lines = t.split('\n');
    const i = n % lines.length;
    lines[i] = lines[i]!.replace(/^ {2}/, '\t');
    return lines.join('\n');
  }),
  fc.constantFrom(
    (t: string) => `\uFEFF${t}`,
    (t: string) => t.replace(/\n/g, '\r\n'),
    (t: string) => t.replace(/\n/g, '\r'),
    (t: string) => `%YAML 1.1\n---\n${t}`,
    (t: string) => `${t}\n---\nrelease: "0.7"\n`,
    (t: string) => `${t}\n...\n`,
    (t: string) => t.replace(/^tags:.*$/m, 'tags: !!binary aGVsbG8='),
    (t: string) => t.replace(/^tags:.*$/m, 'tags: !custom {a: b}'),
    (t: string) => t.replace(/^scopes:.*$/m, 'scopes: *undefined'),
    (t: string) =>
      `${t}\nx0: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nx1: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nx2: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nx3: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\nx4: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n`,
    (t: string) => `base: &base\n  name: aliased\n${t.replace(/^hub:\n/m, 'hub:\n  <<: *base\n')}`,
    (t: string) => t.replace(/^release:.*$/m, 'release: &r "0.7"\nrelease2: *r'),
    (t: string) => `${t}\n${'['.repeat(5000)}`,
    (t: string) => `${t}\ndeep: ${'{a: '.repeat(2000)}1${'}'.repeat(2000)}\n`,
    (t: string) => t.replace(/: /g, ':'),
    (t: string) => `[${t}]`,
    () => '',
    () => '\n\n   \n',
    () => '---',
    () => 'null',
    () => '42',
    () => '"just a string"',
    () => '- release: "0.7"',
  ),
);

test('texts mutated as text keep the invariants', () => {
  assertProperty(
    'text mutations',
    fc.property(schemaModel, fc.array(textMutation, { minLength: 1, maxLength: 3 }), (model, mutations) => {
      let text = stringify(model);
      for (const m of mutations) text = m(text);
      compileChecked(text);
    }),
    runs(2300),
  );
});

test.run();
