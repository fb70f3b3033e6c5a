/**
 * Messages that say how to fix it (issue #21, item 5): each hint a new user met is asserted by its exact
 * text, and fits the field it is about.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile } from '../../src/compiler/compile.js';
import { formatDiagnostic, type Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { LATEST_RELEASE, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { runHubc } from '../support/cli.js';

const HEAD = 'release: "0.7"\nhub:\n  name: contoso\n';

/** The diagnostics of a text, asserting there is exactly one. */
function only(text: string): Diagnostic {
  const r = compile(text);
  assert.is(r.diagnostics.length, 1, r.diagnostics.map(formatDiagnostic).join('\n'));
  return r.diagnostics[0]!;
}

test('a duplicate key names the key and its first place; the JSON output has its path', async () => {
  const text = `${HEAD}tags:\n  owner: a\n  team: b\n  owner: c\n`;
  const d = only(text);
  assert.equal(
    { code: d.code, message: d.message, hint: d.hint, start: d.start, path: d.path },
    {
      code: 'HUB101',
      message: "duplicate key 'owner' in tags: first written at line 5, column 3",
      hint: 'Remove or rename one of the two keys; YAML would keep only one of them.',
      start: { line: 7, col: 3 },
      path: 'tags.owner',
    },
  );
  const file = join(mkdtempSync(join(tmpdir(), 'hubc-hints-')), 'hub.yaml');
  writeFileSync(file, text);
  const run = await runHubc(['build', file, '--format', 'json', '--out', join(file, '..', 'out')]);
  assert.is(run.code, 1);
  const json = JSON.parse(run.stdout);
  assert.equal(
    json.diagnostics.map((x: Diagnostic) => [x.code, x.path, x.start]),
    [['HUB101', 'tags.owner', { line: 7, col: 3 }]],
  );
});

test('a duplicate key at the top level and inside a list item', () => {
  assert.is(only(`${HEAD}release: "0.6"\n`).message, "duplicate key 'release': first written at line 1, column 1");
  const d = only(`${HEAD}customDatasets:\n  - name: A\n    name: B\n    columns: [{ name: x, type: string }]\n`);
  assert.is(d.message, "duplicate key 'name' in customDatasets[0]: first written at line 5, column 5");
  assert.is(d.path, 'customDatasets[0].name');
});

test('tags.owner: null gets a hint about text values, not the time-of-day hint', () => {
  const d = only(`${HEAD}tags:\n  owner: null\n`);
  assert.is(d.message, 'tags.owner must be of type string');
  assert.is(d.hint, 'Give owner a text value, e.g. owner: "" (YAML reads an empty value, ~ and null as null).');
  // An empty value too; a field with a default takes it as the example.
  assert.is(only(`${HEAD}tags:\n  owner:\n`).hint, 'Give owner a text value, e.g. owner: "" (YAML reads an empty value, ~ and null as null).');
  assert.is(only(`${HEAD}schedules:\n  daily:\n    time: ~\n`).hint, 'Give time a text value, e.g. time: "01:01" (YAML reads an empty value, ~ and null as null).');
  // A required text without an empty form gets no misleading example.
  assert.is(only('release: "0.7"\nhub:\n  name:\n').hint, 'Give name a text value (YAML reads an empty value, ~ and null as null).');
  assert.is(only(`${HEAD}tags:\n  owner: [a, b]\n`).hint, 'Write one text value here, e.g. owner: "", not a list.');
  assert.is(only(`${HEAD}tags:\n  cost: 42\n`).hint, 'Quote it: cost: "42" (YAML reads 42 unquoted as a number).');
});

test('lint.suppress with a rule of the wrong form: the message gives the pattern, the hint both forms', () => {
  const d = only(`${HEAD}lint:\n  suppress:\n    - rule: HUB999\n      reason: accepted for this test hub\n`);
  assert.is(d.code, 'HUB107');
  assert.is(d.message, "lint.suppress[0].rule has an invalid form: 'HUB999' does not match ^(HUB5[0-9]{2}|[a-z]+/[a-z0-9-]+)$");
  assert.is(
    d.hint,
    'Name a lint rule by its code, HUB5 and two digits (e.g. HUB526), or by its name, a lower-case category/name (e.g. security/key-vault-purge-protection); docs/lint.md lists the rules.',
  );
});

test('an unclosed [ is reported where it opens, with a hint about closing it', () => {
  const d = only(`${HEAD}scopes: [/subscriptions/00000000-0000-0000-0000-000000000000,\n`);
  assert.equal(d.start, { line: 4, col: 9 });
  assert.is(d.message, 'YAML syntax error: this [ is never closed (Flow sequence in block collection must be sufficiently indented and end with a ])');
  assert.is(
    d.hint,
    'Close the list with ] (a list in [ ] may continue on the next lines only when they are indented more than its key), or write it as a block list, one "- item" per line.',
  );
  // The outer one of two when only it is open; a { likewise; a quote at its opening.
  assert.equal(only(`${HEAD}tags: {a: [x, y], b: z\nscopes: []\n`).start, { line: 4, col: 7 });
  assert.equal(only(`${HEAD}scopes: [[a], b\ntags: {}\n`).start, { line: 4, col: 9 });
  const quote = only(`${HEAD}tags:\n  owner: "team a\n  cost: x\n`);
  assert.equal([quote.start, quote.hint], [{ line: 5, col: 10 }, 'Close the text with " (write a " inside it as \\").']);
});

test('tabs used for indentation get a hint that says so', () => {
  const d = only('release: "0.7"\nhub:\n\tname: contoso\n');
  assert.equal(d.start, { line: 3, col: 1 });
  assert.is(d.message, 'YAML syntax error: Tabs are not allowed as indentation');
  assert.is(d.hint, 'YAML does not allow tabs for indentation: indent with spaces (hub.yaml uses two per level).');
});

test('a release hubc does not build lists the releases of the release table, in hub.yaml and with --release', async () => {
  const d = only('release: "42.42"\nhub:\n  name: contoso\n');
  assert.is(d.code, 'HUB104');
  assert.is(d.hint, `hubc builds hub releases ${RELEASE_VERSIONS.join(', ')}; write one quoted, e.g. release: "${LATEST_RELEASE}".`);
  const run = await runHubc(['build', 'hub.yaml', '--release', '42.42']);
  assert.is(run.code, 2);
  assert.ok(run.stderr.includes(`argument '42.42' is invalid. Allowed values: ${RELEASE_VERSIONS.join(', ')}.\n`), run.stderr);
  assert.not.match(run.stderr, /Did you mean/);
});

test('an unknown key gets the nearest known key', () => {
  const d = only(`${HEAD}  locaton: westeurope\n`);
  assert.is(d.code, 'HUB102');
  assert.is(d.hint, "Did you mean 'location'? Allowed keys here: name, location, eventGridLocation.");
  assert.ok(only(`${HEAD}tagsByResourse: {}\n`).hint!.startsWith("Did you mean 'tagsByResource'? Allowed keys here: release, hub, "));
  // Nothing near: only the list.
  assert.is(only(`${HEAD}  zzz: 1\n`).hint, 'Allowed keys here: name, location, eventGridLocation.');
});

test('a region written as a display name gets its ARM name suggested', () => {
  const d = only(`${HEAD}  location: West Europe\n`);
  assert.is(d.message, "hub.location has an invalid form: 'West Europe' does not match ^[a-z0-9]*$");
  assert.is(d.hint, "Did you mean 'westeurope'? Regions are written as ARM names: lower case, no spaces.");
});

test.run();
