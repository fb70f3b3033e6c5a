/**
 * The project's lint configuration (.oxlintrc.json, the rules of scripts/oxlint/hubc.mjs) on small sources, so
 * each rule is shown to fail on what it is for, to let its wording variants through nowhere, and to spare
 * each idea's home: no function of src/ over 80 lines without a stated reason (docs/architecture.md "Long
 * functions"), one place per idea (docs/architecture.md), every suppression with its reason, and a
 * suppression that no longer suppresses anything reported. `npm test` lints the repository itself with the
 * same configuration (scripts/test.mjs, `npm run lint`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Finding {
  file: string;
  line: number;
  rule: string;
}

/**
 * Lints `files` (path below a scratch folder -> text) with the repository's configuration copied beside them,
 * as `npm run lint` does; returns `file:line rule` of each finding, sorted.
 */
function lint(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-lint-'));
  try {
    // The configuration's comments are whole lines (JSONC); its plugin path is made absolute.
    const text = readFileSync(join(ROOT, '.oxlintrc.json'), 'utf8');
    const config = JSON.parse(
      text
        .split('\n')
        .filter((l) => !l.trim().startsWith('//'))
        .join('\n'),
    );
    delete config.$schema;
    config.jsPlugins = config.jsPlugins.map((p: string) => join(ROOT, p));
    writeFileSync(join(dir, '.oxlintrc.json'), JSON.stringify(config));
    for (const [path, body] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), body);
    }
    const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/oxlint/bin/oxlint'), '--format', 'json', '--report-unused-disable-directives-severity=error', '.'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const out = JSON.parse(r.stdout) as { diagnostics: { code?: string; message: string; filename: string; labels: { span: { line: number } }[] }[] };
    return out.diagnostics
      .map((d): Finding => ({ file: d.filename, line: d.labels[0]?.span.line ?? 0, rule: d.code ?? d.message }))
      .map((f) => `${f.file}:${f.line} ${f.rule}`)
      .sort();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A function `name` spanning `lines` lines, from its first line to its last. */
const fn = (name: string, lines: number): string => [`export function ${name}(): number {`, ...Array.from({ length: lines - 2 }, (_, i) => `  void ${i};`), '}'].join('\n');

test('a function of src/ may have 80 lines, from its first line to its last; 81 is reported', () => {
  assert.equal(lint({ 'src/a.ts': `${fn('ok', 80)}\n${fn('long', 81)}\n` }), ['src/a.ts:81 eslint(max-lines-per-function)']);
});

test('methods count from their name, arrows from their parameters, a nested function inside its outer one', () => {
  const method = ['export class C {', '  run(', '    a: number,', '  ): number {', ...Array.from({ length: 76 }, () => '    void a;'), '    return 1;', '  }', '}'].join('\n');
  const arrow = ['export const f = (', '  a: number,', ') => {', ...Array.from({ length: 77 }, () => '  void a;'), '};'].join('\n');
  const nested = [
    'export function outer(): void {',
    '  const inner = () => {',
    ...Array.from({ length: 40 }, () => '    void 0;'),
    '  };',
    ...Array.from({ length: 37 }, () => '  inner();'),
    '}',
  ].join('\n');
  assert.equal(lint({ 'src/m.ts': method, 'src/f.ts': arrow, 'src/n.ts': nested }), [
    'src/f.ts:1 eslint(max-lines-per-function)',
    'src/m.ts:2 eslint(max-lines-per-function)',
    'src/n.ts:1 eslint(max-lines-per-function)',
  ]);
});

test('a long function stays with its reason in a suppression; one without a reason is reported', () => {
  const reasoned = `// oxlint-disable-next-line max-lines-per-function -- a table-like switch over every activity type\n${fn('table', 90)}\n`;
  const bare = `// oxlint-disable-next-line max-lines-per-function\n${fn('table', 90)}\n`;
  assert.equal(lint({ 'src/a.ts': reasoned, 'src/b.ts': bare }), ['src/b.ts:1 hubc(disable-with-reason)']);
});

test('function length is a rule of src/; generated files and tests are not held to it', () => {
  assert.equal(lint({ 'src/modules/armResources.generated.ts': fn('types', 200), 'test/a.test.ts': fn('cases', 200), 'scripts/x.ts': fn('main', 200) }), []);
});

test('the JSON-object test is written once: its wordings are found outside src/util/json.ts', () => {
  const copies = [
    "export const a = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);",
    "export const b = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);",
    'export const c = (v: unknown) => Boolean(v) && typeof v == "object" && !Array.isArray(v) && Object.keys(v as object).length > 0;',
    "export const d = (o: { v: unknown }) => !!o.v && typeof o.v === 'object' && !Array.isArray(o.v);",
    "export const e = (v: unknown) => Object.prototype.toString.call(v) === '[object Object]';",
    "export const f = (a: unknown, b: unknown) => typeof a === 'object' && !Array.isArray(b);",
  ].join('\n');
  const found = lint({ 'src/copies.ts': copies, 'src/util/json.ts': copies });
  assert.equal(
    found,
    [1, 2, 3, 4, 5].map((n) => `src/copies.ts:${n} hubc(one-json-object-test)`),
  );
});

test("ARM's expression test and [[ escape are written once: copies are found outside src/expressions/arm/semantics.ts", () => {
  const copies = [
    "export const a = (s: string) => s.startsWith('[[');",
    'export const b = (s: string) => s.startsWith("[[") ? s.slice(1) : s;',
    'export const c = (s: string) => /^\\[\\[.*\\]$/.test(s);',
    'export const d = (s: string) => s.slice(0, 2) === `[[`;',
    "export const e = (s: string) => s.length > 1 && s.startsWith('[') && s.endsWith(']');",
    "export const f = (s: string) => s.startsWith('[');",
    "export const g = (s: string, t: string) => s.startsWith('[') && t.endsWith(']');",
  ].join('\n');
  const found = lint({ 'src/copies.ts': copies, 'src/expressions/arm/semantics.ts': copies });
  assert.equal(
    found,
    [1, 2, 3, 4, 5].map((n) => `src/copies.ts:${n} hubc(one-arm-escape)`),
  );
});

test('no deep equality of our own: a deepEqual by any spelling, and JSON text equality', () => {
  const copies = [
    'export function deepEqual(a: unknown, b: unknown): boolean { return a === b; }',
    'export const isDeepEqual = (a: unknown, b: unknown) => a === b;',
    'export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);',
    'export const differ = (a: unknown, b: unknown) => JSON.stringify(a) != JSON.stringify(b);',
    "import { isDeepStrictEqual } from 'node:util';",
    'export const fine = (a: unknown, b: unknown) => isDeepStrictEqual(a, b) && JSON.stringify(a).length > 2;',
  ].join('\n');
  assert.equal(
    lint({ 'src/copies.ts': copies }),
    [1, 2, 3, 4].map((n) => `src/copies.ts:${n} hubc(no-own-deep-equal)`),
  );
});

test("a build's template is read through the Build: text reads are found outside src/build/", () => {
  const reads = [
    "import { readFileSync } from 'node:fs';",
    "import { join } from 'node:path';",
    'declare const artifacts: Map<string, string>; declare const TEMPLATE_FILE: string; declare const dir: string;',
    "export const a = JSON.parse(artifacts.get('azuredeploy.json') ?? '{}');",
    'export const b = artifacts.get("azuredeploy.json");',
    'export const c = artifacts.get(TEMPLATE_FILE);',
    "export const d = readFileSync(join(dir, 'azuredeploy.json'), 'utf8');",
    'export const e = readFileSync(`${dir}/azuredeploy.json`, "utf8");',
    "export const f = artifacts.get('createUiDefinition.json');",
    "export const g = artifacts.has('azuredeploy.json');",
  ].join('\n');
  const found = lint({ 'src/deploy/reads.ts': reads, 'src/build/reads.ts': reads });
  assert.equal(
    found,
    [4, 5, 6, 7, 8].map((n) => `src/deploy/reads.ts:${n} hubc(template-through-build)`),
  );
});

test('the keys of nested activity lists are listed once: lists and comparisons are found outside src/model/activities.ts', () => {
  const lists = [
    "export const A = ['activities', 'ifTrueActivities', 'ifFalseActivities', 'defaultActivities'];",
    "export const B = new Set(['ifFalseActivities', 'defaultActivities']);",
    "export const c = (k: string) => k === 'ifTrueActivities' || k === 'ifFalseActivities';",
    "export const d = (v: boolean) => (v ? 'ifTrueActivities' : 'ifFalseActivities');",
    "export const E = ['activities', 'ifTrueActivities'];",
  ].join('\n');
  const found = lint({ 'src/diff/keys.ts': lists, 'src/model/activities.ts': lists });
  assert.equal(
    found,
    [1, 2, 3].map((n) => `src/diff/keys.ts:${n} hubc(one-activity-keys-list)`),
  );
});

test('each home holds the form its rule looks for (moved out of its home, it is reported)', () => {
  const home = (path: string) => readFileSync(join(ROOT, 'src', path), 'utf8');
  const found = lint({
    'src/moved/json.ts': home('util/json.ts'),
    'src/moved/semantics.ts': home('expressions/arm/semantics.ts'),
    'src/moved/activities.ts': home('model/activities.ts'),
  });
  const rules = (file: string) => [...new Set(found.filter((f) => f.startsWith(`src/moved/${file}:`)).map((f) => f.split(' ')[1]))];
  assert.equal(rules('json.ts'), ['hubc(one-json-object-test)']);
  assert.equal(rules('semantics.ts'), ['hubc(one-arm-escape)']);
  assert.equal(rules('activities.ts'), ['hubc(one-activity-keys-list)']);
});

test('a suppression that suppresses nothing is reported (a list of exceptions only shrinks)', () => {
  const text = [
    'declare const artifacts: Map<string, string>;',
    '// oxlint-disable-next-line hubc/template-through-build -- moves to the Build',
    "export const kept = artifacts.get('azuredeploy.json');",
    '// oxlint-disable-next-line hubc/template-through-build -- moves to the Build',
    'export const gone = artifacts.size;',
  ].join('\n');
  const found = lint({ 'src/deploy/reads.ts': text });
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /^src\/deploy\/reads\.ts:4 /);
});

test('a doc comment documents what follows it: one before a blank line, another doc comment or the end is reported', () => {
  const text = [
    '/** The file: its first comment may stand alone. */',
    '',
    '/** Attached. */',
    'export const a = 1;',
    '/** Left behind. */',
    '',
    'export const b = 2;',
    '/** Written above the wrong thing. */',
    '/** The real one. */',
    'export const c = 3;',
    '/** Attached through a suppression. */',
    '// oxlint-disable-next-line no-control-regex -- matches an escape',
    'export const d = /\\u001b/;',
    '/** Nothing after it. */',
  ].join('\n');
  assert.equal(lint({ 'test/x.ts': text }), [5, 8, 14].map((n) => `test/x.ts:${n} hubc(doc-comment-attached)`).sort());
});

test('every suppression says why, in eslint and oxlint spellings, outside src/ too', () => {
  const text = [
    '// eslint-disable-next-line no-control-regex',
    'export const a = /\\u001b/;',
    '/* oxlint-disable-next-line no-control-regex -- strips terminal escapes */',
    'export const b = /\\u001b/;',
    'export const c = /\\u001b/; // oxlint-disable-line no-control-regex --   ',
  ].join('\n');
  assert.equal(lint({ 'scripts/x.ts': text }), ['scripts/x.ts:1 hubc(disable-with-reason)', 'scripts/x.ts:5 hubc(disable-with-reason)']);
});

test.run();
