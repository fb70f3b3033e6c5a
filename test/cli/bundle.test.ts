/**
 * The `dist/` bundle replaces two run-time compilations by build-time output (scripts/bundle.mjs): the
 * hub.yaml schema validator by ajv's standalone code, the KQL templates by precompiled handlebars. The
 * bundle built here from the current source must build every release's customised fixture (custom
 * datasets, every partial) into exactly its golden files, and report hub.yaml errors exactly as the source
 * does; and the replaced modules must still agree with the generators on their options.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { compile } from '../../src/compiler/compile.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { KQL_TEMPLATE_OPTIONS } from '../../src/modules/dataExplorer/kqlTemplates.js';
import { readTree } from '../../src/diff/load.js';
import { compareWithGolden } from '../support/golden.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository, so the bundle finds schemas/ and kql/ above it as dist/ does.
const OUT = join(ROOT, 'node_modules', '.cache', 'hubc-bundle-test');
const work = mkdtempSync(join(tmpdir(), 'hubc-bundle-'));

let bundled: Promise<string> | undefined;
/** Builds the bundle once per run; resolves to the path of its hubc.js. */
function bundle(): Promise<string> {
  return (bundled ??= import('../../scripts/bundle.mjs').then(async ({ BUNDLE_OPTIONS }) => {
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    await build({ ...BUNDLE_OPTIONS, outdir: OUT, logLevel: 'silent' });
    return join(OUT, 'hubc.js');
  }));
}

test('the bundle carries neither the handlebars compiler nor ajv\'s schema compiler', async () => {
  await bundle();
  const text = readdirSync(OUT).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(OUT, f), 'utf8')).join('\n');
  assert.not.match(text, /\/\/ node_modules\/handlebars\/dist\/cjs\/handlebars\/compiler\//);
  assert.not.match(text, /\/\/ node_modules\/source-map\//);
  assert.match(text, /\/\/ node_modules\/handlebars\/dist\/cjs\/handlebars\/runtime\.js/);
  // The compiled-in hub.yaml validator: ajv's standalone function for the schema.
  assert.match(text, /function hubSchemaValidator\(\) \{\n\s+return validate;/);
});

test('the generator precompiles the KQL templates with the options the source compiles them with', async () => {
  const { OPTIONS } = await import('../../scripts/kqlTemplatesCode.mjs');
  assert.equal(OPTIONS, { ...KQL_TEMPLATE_OPTIONS });
});

for (const v of RELEASE_VERSIONS) {
  test(`${v}: the bundled hubc builds the customised fixture into exactly its golden files`, async () => {
    const hubc = await bundle();
    const out = join(work, v);
    const r = spawnSync(process.execPath, [hubc, 'build', join(ROOT, `test/fixtures/${v}/custom/hub.yaml`), '--out', out], { encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
    const problems = compareWithGolden(readTree(join(out, v)), join(ROOT, `test/fixtures/${v}/custom/expected`), { update: false });
    assert.equal(problems, [], problems.join('\n'));
  });
}

test('the bundled hubc reports schema errors and filled defaults as the source does', async () => {
  const hubc = await bundle();
  const text = 'release: "0.7"\nhub:\n  name: x\nstorage:\n  sku: Standard_LRS\nretention:\n  rawDays: -1\nnetworking: {}\nunknownKey: 1\n';
  const file = join(work, 'bad.yaml');
  writeFileSync(file, text);
  const r = spawnSync(process.execPath, [hubc, 'build', file, '--out', join(work, 'bad')], { encoding: 'utf8' });
  assert.is(r.status, 1);
  const expected = compile(text, { file }).diagnostics.map(formatDiagnostic).join('\n');
  assert.ok(expected.includes('HUB10'), expected);
  assert.ok(r.stdout.includes(expected) || r.stderr.includes(expected), `bundle said:\n${r.stdout}${r.stderr}\nsource says:\n${expected}`);
});

test.run();
