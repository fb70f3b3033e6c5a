/**
 * hubc diff on the command line (in-process through runCli): every kind of input, the four formats, colour only
 * on a terminal, and the exit codes 0 equal / 1 different / 2 error.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { runHubc } from '../support/cli.js';
import { writeRelease } from '../../src/compiler/write.js';
import { applyDiffPatch } from '../../src/diff/format/patch.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { releaseBuild, releaseBuildOf } from '../support/releaseBuilds.js';

const run = (argv: string[], isTTY = false) => runHubc(argv, { isTTY });

const work = mkdtempSync(join(tmpdir(), 'hubc-diff-'));
const hub = join(work, 'hub.yaml');
writeFileSync(hub, DEFAULT_HUB_YAML);
const doc = parse(DEFAULT_HUB_YAML);
doc.storage.sku = 'Premium_ZRS';
const hub2 = join(work, 'hub2.yaml');
writeFileSync(hub2, stringify(doc));
const built = join(work, 'dist', '0.7');
test.before(async () => void (await writeRelease(join(work, 'dist'), '0.7', releaseBuild('0.7'))));

test('equal builds exit 0: a release against its own build folder', async () => {
  const r = await run(['diff', '0.7', built, '--hub', hub]);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /No differences/);
});

test('different builds exit 1 with the grouped result; text is plain off a terminal and coloured on one', async () => {
  const r = await run(['diff', hub, hub2]);
  assert.is(r.code, 1, r.stderr);
  // Only a default changed: a hub deployed from A upgrades as it is.
  assert.match(r.stdout, /^Upgrade notes \(0\)\n  none: /m);
  assert.match(r.stdout, /^Template \(azuredeploy\.json\)\n  Parameters\n    ~ storageSku\n        defaultValue: "Premium_LRS" -> "Premium_ZRS"$/m);
  // oxlint-disable-next-line no-control-regex -- asserts on terminal colour codes
  assert.not.match(r.stdout, /\x1b\[/);
  const tty = await run(['diff', hub, hub2], true);
  // oxlint-disable-next-line no-control-regex -- asserts on terminal colour codes
  assert.match(tty.stdout, /\x1b\[33m~\x1b\[0m storageSku/);
});

test('--format json prints the full result; --format markdown reads as release notes', async () => {
  const j = await run(['diff', built, hub2, '--format', 'json']);
  assert.is(j.code, 1);
  const result = JSON.parse(j.stdout);
  assert.equal(result.a, { label: built, source: 'folder', release: '0.7' });
  assert.equal(result.b, { label: hub2, source: 'hub.yaml', release: '0.7' });
  assert.is(result.equal, false);
  const md = await run(['diff', hub, hub2, '--format', 'markdown']);
  assert.is(md.code, 1);
  assert.match(md.stdout, /^## Upgrade notes\n\nNone: /m);
  assert.match(md.stdout, /^- Changed `storageSku`\n  - `defaultValue`: `"Premium_LRS"` → `"Premium_ZRS"`$/m);
});

test('--format patch output applied to A gives B', async () => {
  const p = await run(['diff', hub, hub2, '--format', 'patch']);
  assert.is(p.code, 1);
  const patch = JSON.parse(p.stdout);
  const b = releaseBuild('0.7', stringify(doc));
  assert.equal(applyDiffPatch(releaseBuildOf('0.7'), patch), b);
});

test('errors exit 2: unknown input, a folder hubc did not write, a hub file that does not compile, bad JSON in a build', async () => {
  const missing = await run(['diff', '9.9', hub]);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /error HUB400: hubc does not build release 9\.9 and there is no file or folder 9\.9/);
  const empty = join(work, 'empty');
  mkdirSync(empty);
  const folder = await run(['diff', empty, hub, '--format', 'json']);
  assert.is(folder.code, 2);
  assert.is(JSON.parse(folder.stdout).error.code, 'HUB401');
  const broken = join(work, 'broken.yaml');
  writeFileSync(broken, DEFAULT_HUB_YAML.replace('  sku: Premium_LRS', '  sku: Standard_LRS'));
  const bad = await run(['diff', hub, broken]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /broken\.yaml:\d+:\d+ - error HUB104/);
  assert.match(bad.stderr, /error HUB401: .*broken\.yaml does not compile/);
  const corrupt = await writeRelease(join(work, 'corrupt'), '0.7', new Map([...releaseBuild('0.7')].map(([p, t]) => [p, p === 'createUiDefinition.json' ? '{' : t])));
  const c = await run(['diff', corrupt, hub]);
  assert.is(c.code, 2);
  assert.match(c.stderr, /error HUB402: .*createUiDefinition\.json is not valid JSON/);
  const usage = await run(['diff', hub]);
  assert.is(usage.code, 2);
  assert.match(usage.stderr, /missing required argument 'b'/);
  const fmt = await run(['diff', hub, hub2, '--format', 'pach']);
  assert.is(fmt.code, 2);
  assert.match(fmt.stderr, /Did you mean 'patch'\?/);
});

test('a hub.yaml using 0.7 sections is read for 0.6 as upgrade-plan reads it: those sections left out, and said so (issue #30 item 5)', async () => {
  const doc = parse(DEFAULT_HUB_YAML);
  doc.dataExplorer.name = 'myadx';
  const adx = join(work, 'hub-adx.yaml');
  writeFileSync(adx, stringify(doc));
  const r = await run(['diff', '0.6', '0.7', '--hub', adx]);
  assert.is(r.code, 1, r.stderr);
  assert.is(r.stderr, '');
  assert.match(r.stdout, /A: release 0\.6 \(compiled from the hub file without [^)]*\bdataExplorer, [^)]*networking[^)]*: release 0\.6 does not have them, HUB220\)/);
  const plan = await run(['upgrade-plan', '0.6', '0.7', '--hub', adx]);
  assert.is(plan.code, 0, plan.stderr);
  assert.match(plan.stdout, /0\.6 was built from .*hub-adx\.yaml without [^:]*\bdataExplorer, [^:]*networking[^:]*: release 0\.6 does not have what they configure \(HUB220\)/);
  const json = JSON.parse((await run(['diff', '0.6', '0.7', '--hub', adx, '--format', 'json'])).stdout);
  assert.ok(json.a.leftOut.includes('dataExplorer'), JSON.stringify(json.a));
});

test('a hub file that does not compile for a release: the hint says what to do, not only "fix the errors"', async () => {
  const bad = join(work, 'bad-scope.yaml');
  writeFileSync(bad, DEFAULT_HUB_YAML.replace('scopes: []', 'scopes: [not-a-scope]'));
  const r = await run(['diff', '0.6', '0.7', '--hub', bad]);
  assert.is(r.code, 2);
  assert.match(r.stderr, /error HUB401: 0\.6: .*bad-scope\.yaml does not compile for release 0\.6/);
  assert.match(r.stderr, /Correct .*bad-scope\.yaml where the errors above point, or pass --hub with a hub\.yaml written for release 0\.6\./);
  assert.not.match(r.stderr, /Fix the errors listed above/);
});

test.run();
