/**
 * No function of src/ (generated files apart) is longer than {@link MAX_LINES} lines unless its doc comment
 * says why, in a line `Long because: <reason>` (issue #22 item 5: split a long function at its seams, one
 * function per step or concern; a table-like switch or a parser's main loop may stay long, with its reason).
 *
 * Then the scanner itself (test/support/functionLengths.ts) on small inputs: what it counts as a function,
 * where each starts and ends, what it masks, and which doc comments give a reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { functionSpans, functionSpansBelow, maskSource, reasonAbove } from '../support/functionLengths.js';

/** The longest a function may be without a reason, in lines from its first to its last, both counted. */
const MAX_LINES = 80;
const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const found = functionSpansBelow(SRC);

test('the scan sees the functions of src/ (a sanity floor, so an empty scan cannot pass)', () => {
  assert.ok(found.length > 2000, `only ${found.length} functions found`);
  assert.ok(found.some((f) => f.file === 'compiler/compile.ts' && f.name === 'compile'));
  assert.not.ok(found.some((f) => f.file.endsWith('.generated.ts')), 'generated files are left out');
});

test(`no function of src/ is over ${MAX_LINES} lines without a 'Long because:' line in its doc comment`, () => {
  const long = found.filter((f) => f.lines > MAX_LINES && f.reason === undefined).map((f) => `${f.file}:${f.start} ${f.name} (${f.lines} lines)`);
  assert.equal(long, [], 'split it at its seams, or give the reason it is long in its doc comment: Long because: <reason>');
});

/** `name start-end` of each function of `text`. */
const spans = (text: string): string[] => functionSpans(text).map((s) => `${s.name} ${s.start}-${s.end}`);

test('declarations, methods, getters and constructors span from their name to their closing brace', () => {
  const text = [
    'export async function load<T>(',
    '  path: string,',
    '): Promise<T> {',
    '  return read(path);',
    '}',
    'class Store {',
    '  constructor(readonly dir: string) {}',
    '  get size(): number {',
    '    return 1;',
    '  }',
    '  static *keys(): Generator<string> {',
    '    yield "a";',
    '  }',
    '  delete(key: string): void {',
    '    this.remove(key);',
    '  }',
    '}',
  ].join('\n');
  assert.equal(spans(text), ['load 1-5', 'constructor 7-7', 'size 8-10', 'keys 11-13', 'delete 14-16']);
});

test('arrows: block bodies to their brace, expression bodies to the comma, semicolon or closer that ends them', () => {
  const text = [
    'const double = (x: number): number => {',
    '  return x * 2;',
    '};',
    'export const triple = async (x: number) =>',
    '  x * 3;',
    'const table = {',
    '  one: (a) => ({',
    '    a,',
    '  }),',
    '  two: b => [b, b],',
    '};',
    'run(() => {',
    '  go();',
    '});',
  ].join('\n');
  assert.equal(spans(text), ['double 1-3', 'triple 4-5', 'one 7-9', 'two 10-10', '<arrow> 12-14']);
});

test('calls, statements and signatures without a body are not functions', () => {
  const text = [
    'if (a) {',
    '  b();',
    '}',
    'for await (const x of xs) {',
    '}',
    'while (c) {}',
    'declare function f(x: string): void;',
    'interface I {',
    '  m(x: number): { a: string };',
    '}',
    'g(1);',
  ].join('\n');
  assert.equal(spans(text), []);
});

test('return types: object types, type predicates and function types are skipped to the body', () => {
  const text = [
    'function shape(): { a: string; b: { c: number } } {',
    '  return x;',
    '}',
    'function isA(v: unknown): v is { a: string } {',
    '  return true;',
    '}',
    'function chain(): this {',
    '  return this;',
    '}',
    'function folder(): (x: number) => string {',
    '  return (x) => String(x);',
    '}',
    'const BUILDERS: Record<string, (x: number) => string> = {',
    '  a: (x) => String(x),',
    '};',
  ].join('\n');
  const found = functionSpans(text);
  const named = (name: string) => found.filter((s) => s.name === name).map((s) => `${s.start}-${s.end}`);
  assert.equal(named('shape'), ['1-3']);
  assert.equal(named('isA'), ['4-6']);
  assert.equal(named('chain'), ['7-9']);
  assert.equal(named('folder'), ['10-12']);
  assert.equal(named('a'), ['14-14']);
  // the function types `(x: number) => string` are found as one-line arrows, never as long ones
  assert.ok(found.every((s) => s.lines <= 3), JSON.stringify(found));
});

test('brackets inside strings, templates, comments and regular expressions do not count', () => {
  const text = [
    'function f() {',
    "  const a = '}' + \"{\" + `}${g({ x: '}' })}{`;",
    '  // }',
    '  /* } */',
    '  const r = /[}]{2}\\//;',
    '  return a.split(/}/).length / 2 / 1;',
    '}',
    'function h() {',
    '}',
  ].join('\n');
  assert.equal(spans(text), ['f 1-7', 'h 8-9']);
  const masked = maskSource(text).split('\n');
  assert.equal(masked.length, 9, 'line breaks stay');
  assert.equal(masked[1], "  const a = ' ' + \" \" + ` ${g({ x: ' ' })} `;");
  assert.equal(masked[2].trim(), '');
  assert.equal(masked[4], '  const r = /        /;');
  assert.equal(masked[5], '  return a.split(/ /).length / 2 / 1;');
});

test('a nested function counts inside its outer one and on its own', () => {
  const text = ['function outer() {', '  const inner = () => {', '    a();', '  };', '  inner();', '}'].join('\n');
  assert.equal(functionSpans(text).map((s) => [s.name, s.lines]), [['outer', 6], ['inner', 3]]);
});

test('the reason is read from the comment directly above the first line', () => {
  const lines = [
    '/**',
    ' * Parses a thing.',
    ' * Long because: one loop over the tokens, whose cases share the',
    ' * cursor; split, each would take it back.',
    ' *',
    ' * @param text the input',
    ' */',
    'function parse(text) {',
    '}',
  ];
  assert.equal(reasonAbove(lines, 8), 'one loop over the tokens, whose cases share the cursor; split, each would take it back.');
  assert.equal(functionSpans(lines.join('\n'))[0].reason, reasonAbove(lines, 8));
  assert.equal(reasonAbove(['// Long because: a table of cases', 'const f = () => {'], 2), 'a table of cases');
  assert.equal(reasonAbove(['/** Long because: one switch. */', 'function f() {'], 2), 'one switch.');
});

test('no reason: none written, an empty one, another wording, or a comment not directly above', () => {
  assert.equal(reasonAbove(['/** Parses a thing. */', 'function f() {'], 2), undefined);
  assert.equal(reasonAbove(['/**', ' * Long because:', ' */', 'function f() {'], 4), undefined);
  assert.equal(reasonAbove(['/** It is long because it must be. */', 'function f() {'], 2), undefined);
  assert.equal(reasonAbove(['/** Long because: a table. */', '', 'function f() {'], 3), undefined);
  assert.equal(reasonAbove(['function f() {'], 1), undefined);
});

test.run();
