/**
 * Inputs the fuzzer (test/fuzz) found breaking the front end, kept as fixed cases: each compiles without
 * throwing, returns no artifacts and reports a diagnostic positioned inside the text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';

function inside(text: string, line: number, col: number): boolean {
  const lines = text.split('\n');
  return line >= 1 && line <= lines.length && col >= 1 && col <= lines[line - 1]!.length + 1;
}

test('an alias bomb is HUB112 (entries in all, aliases expanded) at the first alias, not an exception', () => {
  // 9^6 = 531,441 entries once expanded; hub.yaml's documented limit is 100,000 (issue #29 item 6: the yaml
  // package's own alias count, which refused 9,999 aliases of one anchor, no longer applies).
  const text = `${DEFAULT_HUB_YAML}\nx0: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nx1: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nx2: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nx3: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\nx4: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nx5: [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n`;
  const r = compile(text);
  assert.is(r.artifacts.size, 0);
  assert.equal(
    r.diagnostics.map((d) => d.code),
    ['HUB112'],
  );
  const { line, col } = r.diagnostics[0]!.start!;
  assert.is(text.split('\n')[line - 1]!.slice(col - 1, col + 1), '*a');
});

test('errors after a tab-indented line that does not parse stay inside their line', () => {
  // The yaml LineCounter misses the line breaks inside the tokens it reports as errors here.
  const text = '  eventGridLocation: ""\n\tsku: Premium_LRS\n      reason: The vault holds only the remote hub storage key, which can be entered';
  const r = compile(text);
  assert.ok(r.diagnostics.length > 0);
  for (const d of r.diagnostics) assert.ok(inside(text, d.start!.line, d.start!.col), `${d.code} ${d.start!.line}:${d.start!.col}`);
});

test('datasets[].versions that is not a list is a schema error, not an exception', () => {
  const text = DEFAULT_HUB_YAML.replace('versions: ["2023-05-01"]', 'versions: 5');
  const r = compile(text);
  assert.is(r.artifacts.size, 0);
  assert.ok(
    r.diagnostics.some((d) => d.code === 'HUB103' && d.path?.endsWith('versions')),
    JSON.stringify(r.diagnostics),
  );
});

test('a release that is a mapping is HUB103 at release, not an exception (String() of an object without toString)', () => {
  const text = 'release:\n  toString: []\nhub:\n  name: finops-hub\n';
  const r = compile(text);
  assert.is(r.artifacts.size, 0);
  assert.equal(
    r.diagnostics.map((d) => [d.code, d.path]),
    [['HUB103', 'release']],
  );
  assert.equal(r.diagnostics[0]!.start, { line: 2, col: 3 });
});

test.run();
