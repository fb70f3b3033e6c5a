/**
 * hub.yaml content limits (issue #20, items 7 and 8): a deeply nested text is a positioned diagnostic,
 * never a stack overflow, from `compile()` and from every command with `--format json`; duplicate keys
 * are found in linear time; too many entries stop the front end early with a diagnostic where the limit is
 * passed. Big inputs and timings are in `npm run bench`; here the limits are proven with small ones (the
 * limit parameters of the scanners) and one 40,000-tag text under a generous bound.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Parser, parseDocument } from 'yaml';
import { compile, loadModel } from '../../src/compiler/compile.js';
import { formatDiagnostic, type Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { HUB_YAML_LIMITS, measureExpanded, scanSyntax } from '../../src/frontend/limits.js';
import { duplicateKeys } from '../../src/frontend/duplicates.js';
import { runHubc } from '../support/cli.js';
import { runChild } from '../support/crash.js';

const HEAD = 'release: "0.7"\nhub:\n  name: contoso\n';

/** The line and column of the n-th (1-based) occurrence of `needle`. */
function nth(text: string, needle: string, n: number): { line: number; col: number } {
  let at = -1;
  for (let i = 0; i < n; i++) at = text.indexOf(needle, at + 1);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, col: before[before.length - 1]!.length + 1 };
}

function only(text: string): Diagnostic {
  const r = compile(text);
  assert.is(r.diagnostics.length, 1, r.diagnostics.map(formatDiagnostic).join('\n'));
  return r.diagnostics[0]!;
}

/** 3,000 levels in three YAML spellings (and 600 in a fourth); the document's mapping is level 1 and `tags` level 2. */
const DEEP = {
  flowSeq: `${HEAD}tags:\n  a: ${'['.repeat(3000)}${']'.repeat(3000)}\n`,
  flowMap: `${HEAD}tags:\n  a: ${'{a: '.repeat(3000)}1${'}'.repeat(3000)}\n`,
  blockSeq: `${HEAD}scopes:\n${'- '.repeat(3000)}x\n`,
  // Block mappings indent each level: 600 levels already take 180 KB.
  blockMap: `${HEAD}tags:\n${Array.from({ length: 600 }, (_, i) => `${' '.repeat(2 + i)}a:\n`).join('')}${' '.repeat(602)}b: c\n`,
};

test('a hub.yaml nested 3,000 levels deep is HUB111 where level 33 starts, not a stack overflow', () => {
  const hint = 'hub.yaml settings are at most 5 levels deep; see docs/hub-yaml.md for the shape of each setting.';
  assert.ok(DEEP.flowSeq.length < 8 * 1024);
  for (const [kind, text, opener, n] of [
    ['flowSeq', DEEP.flowSeq, '[', 31],
    ['flowMap', DEEP.flowMap, '{', 31],
    ['blockSeq', DEEP.blockSeq, '- ', 32],
  ] as const) {
    const d = only(text);
    assert.equal([d.code, d.start, d.hint], ['HUB111', nth(text, opener, n), hint], kind);
    assert.match(d.message, /nests mappings and lists more than 32 levels deep$/);
  }
  const block = only(DEEP.blockMap);
  // Line 5 holds level 2 (tags' mapping), so level 33 is line 36, indented 33 spaces.
  assert.equal([block.code, block.start], ['HUB111', { line: 36, col: 34 }]);
  // 32 levels are fine as far as the limits go (the schema then says what is wrong).
  const at32 = compile(`${HEAD}tags:\n  a: ${'['.repeat(30)}${']'.repeat(30)}\n`).diagnostics;
  assert.equal(
    at32.map((d) => d.code),
    ['HUB103'],
  );
});

test('every command answers a 3,000-level hub.yaml with the positioned diagnostic, as JSON with --format json', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-limits-'));
  const file = join(dir, 'deep.yaml');
  writeFileSync(file, DEEP.flowSeq);
  const where = nth(DEEP.flowSeq, '[', 31);
  for (const args of [
    ['build', file, '--out', join(dir, 'out')],
    ['validate', file, '--no-cache'],
    ['lint', file],
    ['params', file, '--out', join(dir, 'p.json')],
    ['diff', file, '0.7', '--hub', file],
    ['upgrade-plan', '0.6', file, '--hub', file],
  ]) {
    const run = await runHubc([...args, '--format', 'json']);
    assert.not.match(run.stderr + run.stdout, /RangeError|Maximum call stack|\n\s+at /, args[0]);
    assert.ok(run.code === 1 || run.code === 2, `${args[0]} exit ${run.code}`);
    const json = JSON.parse(run.stdout);
    const d = (json.diagnostics as Diagnostic[]).find((x) => x.code === 'HUB111');
    assert.ok(d, `${args[0]}: ${run.stdout}`);
    assert.equal(d!.start, where, args[0]);
  }
});

test('the nesting depth counts aliases expanded, and an alias inside the node it names is refused', () => {
  // Each anchor nests the one before 20 levels deeper: 32 levels are passed once aliases are expanded.
  const chain = `${HEAD}x0: &a ${'['.repeat(20)}1${']'.repeat(20)}\nx1: &b ${'['.repeat(20)}*a${']'.repeat(20)}\n`;
  const d = only(chain);
  assert.equal([d.code, d.message, d.start], ['HUB111', 'YAML aliases expand to mappings and lists more than 32 levels deep', nth(chain, '*a', 1)]);
  const recursive = `${HEAD}tags: &t\n  x: *t\n`;
  const r = only(recursive);
  assert.equal([r.code, r.message, r.start], ['HUB100', 'YAML aliases cannot be expanded: this alias refers to a mapping or list that contains it', { line: 5, col: 6 }]);
});

test('aliases are measured without being expanded: 2^25 entries are counted at once and refused', () => {
  const lines = ['x0: &a0 [1, 1]'];
  for (let i = 1; i <= 25; i++) lines.push(`x${i}: &a${i} [*a${i - 1}, *a${i - 1}]`);
  const text = `${HEAD}${lines.join('\n')}\n`;
  const start = performance.now();
  const d = only(text);
  assert.ok(performance.now() - start < 2000, 'measured without expanding');
  assert.equal([d.code, d.message, d.start], ['HUB112', `YAML aliases expand to more than ${HUB_YAML_LIMITS.totalEntries} entries in all`, nth(text, '*a0', 1)]);
  const doc = parseDocument(text);
  assert.equal(measureExpanded(doc, { depth: 32, totalEntries: Number.MAX_SAFE_INTEGER }), { ok: true });
});

test('entries: at most 10,000 in a mapping or list and 100,000 in all, reported at the first entry past the limit', () => {
  const tokens = (text: string) => [...new Parser().parse(text)];
  const small = { depth: 32, entries: 3, totalEntries: 8 };
  assert.equal(scanSyntax(tokens('a: [1, 2, 3]\nb: {x: 1, y: 2, z: 3}\n'), small), { unclosed: [] });
  assert.equal(scanSyntax(tokens('a: [1, 2, 3, 4]\n'), small).limit, { kind: 'entries', offset: 13, path: ['a'], count: 4 });
  assert.equal(scanSyntax(tokens('a:\n  x: 1\n  y: 2\n  z: 3\n  w: 4\n'), small).limit, { kind: 'entries', offset: 26, path: ['a'], count: 4 });
  // 2 + 3 + 3 = 8 entries in all: the 8th, z of b, passes 7.
  assert.equal(scanSyntax(tokens('a: [1, 2, 3]\nb: {x: 1, y: 2, z: 3}\n'), { ...small, totalEntries: 7 }).limit, { kind: 'totalEntries', offset: 29, path: ['b'] });
  assert.equal(scanSyntax(tokens('a: [[[1]]]\n'), { ...small, depth: 3 }).limit, { kind: 'depth', offset: 5, path: ['a', 0, 0] });
});

test('20,000 tags: answered with HUB112 at tag 10,001, saying Azure allows 50 tags per resource', () => {
  const text = `${HEAD}tags:\n${Array.from({ length: 20_000 }, (_, i) => `  t${i}: v${i}\n`).join('')}`;
  const d = only(text);
  assert.equal([d.code, d.start, d.path], ['HUB112', { line: 5 + 10_000, col: 3 }, 'tags']);
  assert.is(d.message, 'tags has 20000 entries; hubc reads at most 10000 in one mapping or list');
  assert.is(
    d.hint,
    'Azure allows at most 50 tags per resource (15 on Private DNS zones and their links), counting tags and tagsByResource merged; combine several values into one JSON-valued tag if you need more.',
  );
});

test('duplicate keys in a mapping of the most entries hubc reads are found, each once (the time ratio is an npm run bench row)', () => {
  const text = (n: number) => `${HEAD}tags:\n${Array.from({ length: n }, (_, i) => `  t${i}: v\n`).join('')}  t0: again\n`;
  const d = loadModel(text(HUB_YAML_LIMITS.entries - 1)).diagnostics;
  assert.equal(
    d.map((x) => [x.code, x.start?.line]),
    [['HUB101', 5 + HUB_YAML_LIMITS.entries - 1]],
  );
  // And every duplicate of a mapping is found, once each.
  assert.equal(
    duplicateKeys(parseDocument('a: 1\nb: 2\na: 3\n"a": 4\nc: {x: 1, x: 2}\n', { uniqueKeys: false })).map((x) => [x.key, x.path]),
    [
      ['a', ['a']],
      ['a', ['a']],
      ['x', ['c', 'x']],
    ],
  );
});

test('compile() takes at most 4 MiB of text (HUB110), whatever is in it', () => {
  const text = `${HEAD}# ${'x'.repeat(HUB_YAML_LIMITS.textLength)}\n`;
  const d = only(text);
  assert.equal([d.code, d.start, d.message], ['HUB110', { line: 1, col: 1 }, `hub.yaml text is ${text.length} characters long; hubc reads at most ${4 * 1024 * 1024}`]);
});

test('a list 3,000 levels deep on one line, then a line less indented: HUB111 at level 33, not a stack overflow of the yaml parser (issue #29 item 10)', () => {
  const deep = '- '.repeat(3000);
  // The yaml parser closes the open lists by recursion when a later line is less indented.
  for (const [kind, text] of [
    ['under a tag, then a key', `${HEAD}tags:\n  t:\n    ${deep}a\nscopes: []\n`],
    ['under a tag, then a sibling tag', `${HEAD}tags:\n  t:\n    ${deep}a\n  u: v\n`],
    ['the whole file, then an item', `${deep}a\n- b\n`],
  ] as const) {
    const d = only(text);
    const first = text.indexOf('- ');
    const lines = text.slice(0, first).split('\n');
    // The document's mapping is level 1, tags level 2, t's list level 3: level 33 is the 31st '- ' (the 33rd in a file of the list alone).
    const firstLevel = kind === 'the whole file, then an item' ? 1 : 3;
    const n = 33 - firstLevel + 1;
    assert.equal([d.code, d.start], ['HUB111', { line: lines.length, col: lines[lines.length - 1]!.length + 1 + 2 * (n - 1) }], kind);
  }
  // The place of the first limit passed, in document order: too many entries before the deep line win.
  const many = `${HEAD}tags:\n${Array.from({ length: 10_001 }, (_, i) => `  t${i}: v\n`).join('')}scopes:\n  ${deep}a\nx: 1\n`;
  assert.is(only(many).code, 'HUB112');
});

test('every command answers the one-line 3,000-level list followed by a line with the positioned diagnostic (a child process, exit 1)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-limits-'));
  const file = join(dir, 'deep.yaml');
  writeFileSync(file, `${HEAD}tags:\n  t:\n    ${'- '.repeat(3000)}a\nscopes: []\n`);
  for (const args of [
    ['build', file, '--out', join(dir, 'out')],
    ['lint', file],
    ['diff', file, '0.7', '--hub', file],
  ]) {
    const run = await runChild(args);
    assert.not.match(run.stderr + run.stdout, /HUB000|RangeError|Maximum call stack|\n\s+at /, args[0]);
    assert.ok(run.code === 1 || run.code === 2, `${args[0]} exit ${run.code}`);
    assert.match(run.stderr + run.stdout, /deep\.yaml:6:65 - error HUB111: tags\.t(\[0\]){30} nests mappings and lists more than 32 levels deep/, args[0]);
  }
});

test.run();
