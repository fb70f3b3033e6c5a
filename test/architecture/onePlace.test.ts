/**
 * One place per idea (docs/architecture.md): the JSON-object test, ARM's expression predicate and literal
 * escaping, and deep equality are written once; a build's template is read through the Build (src/build/),
 * and the keys of nested activity lists are listed once (src/model/activities.ts). A second copy (issue #22
 * counted 19 of the first) is caught here by its shape in the source text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const files = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts'))
  .map((e) => join(e.parentPath, e.name).slice(SRC.length + 1).split(sep).join('/'));

/** `file:line` of every line matching `pattern` outside `home`. */
function copies(pattern: RegExp, home: string): string[] {
  return files.flatMap((file) =>
    file === home
      ? []
      : readFileSync(join(SRC, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : [])),
  );
}

const IS_OBJECT = /typeof (\w+) === 'object' && \1 !== null && !Array\.isArray\(\1\)|(\w+) !== null && typeof \2 === 'object' && !Array\.isArray\(\2\)/;
const ARM_ESCAPE = /startsWith\('\[\['\)|startsWith\("\[\["\)/;
const DEEP_EQUAL = /(function|const) deepEqual\b/;

test('the JSON-object test is written once (src/util/json.ts)', () => {
  assert.equal(copies(IS_OBJECT, 'util/json.ts'), []);
});

test("ARM's expression predicate and [[ escaping are written once (src/expressions/arm/semantics.ts)", () => {
  assert.equal(copies(ARM_ESCAPE, 'expressions/arm/semantics.ts'), []);
});

test('no deep equality of our own (util.isDeepStrictEqual)', () => {
  assert.equal(copies(DEEP_EQUAL, ''), []);
});

/** A read of a build's template text: `artifacts.get('azuredeploy.json')` and the like. */
const TEMPLATE_TEXT = /\.get\((?:'azuredeploy\.json'|"azuredeploy\.json"|TEMPLATE_FILE)\)/;
/** A list of the keys under which container activities hold activity lists. */
const ACTIVITY_KEYS = /'ifTrueActivities',\s*'ifFalseActivities'/;

const filesOf = (hits: string[]) => [...new Set(hits.map((h) => h.replace(/:\d+$/, '')))].sort();

test("a build's template is read through the Build (src/build/), not as text by each command", () => {
  assert.equal(filesOf(copies(TEMPLATE_TEXT, 'build/build.ts')), []);
});

test('the keys of nested activity lists are listed once (src/model/activities.ts)', () => {
  assert.equal(filesOf(copies(ACTIVITY_KEYS, 'model/activities.ts')), []);
});

test('the patterns find what they are for (so the tests above can fail)', () => {
  assert.ok(TEMPLATE_TEXT.test("const t = JSON.parse(result.artifacts.get('azuredeploy.json') ?? '{}');"));
  assert.ok(TEMPLATE_TEXT.test('const template = parseJson(artifacts.get(TEMPLATE_FILE));'));
  assert.ok(ACTIVITY_KEYS.test("const INNER = ['activities', 'ifTrueActivities', 'ifFalseActivities', 'defaultActivities'];"));
  assert.ok(copies(ACTIVITY_KEYS, '').some((h) => h.startsWith('model/activities.ts:')));
  assert.ok(copies(TEMPLATE_TEXT, '').some((h) => h.startsWith('build/build.ts:')));
  assert.ok(IS_OBJECT.test("const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);"));
  assert.ok(IS_OBJECT.test('return v !== null && typeof v === \'object\' && !Array.isArray(v);'));
  assert.ok(ARM_ESCAPE.test("if (typeof v === 'string') return v.startsWith('[[') ? v.slice(1) : v;"));
  assert.ok(DEEP_EQUAL.test('export function deepEqual(a: unknown, b: unknown) {'));
  assert.ok(copies(IS_OBJECT, '').includes('util/json.ts:11'));
});

test.run();
