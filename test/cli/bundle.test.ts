/**
 * The `dist/` bundle replaces two run-time compilations by build-time output (scripts/bundle.mjs): the
 * hub.yaml schema validator by ajv's standalone code, the KQL templates by precompiled handlebars. The
 * bundle built here from the current source (scripts/build.mjs) must build every release's customised
 * fixture (custom datasets, every partial) into exactly its golden files, and report hub.yaml errors and
 * usage exactly as the source does; and the replaced modules must still agree with the generators on their
 * options. `hubc build` runs `hubc-build.cjs` through V8's code cache (src/cli/codeCache.ts), kept here in a
 * temporary folder: written by the first build, used by the next, replaced when damaged.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '../../src/compiler/compile.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { KQL_TEMPLATE_NAMES, KQL_TEMPLATE_OPTIONS } from '../../src/modules/dataExplorer/kqlTemplates.js';
import { readInputTree } from '../../src/util/inputFiles.js';
import { compareWithGolden } from '../support/golden.js';
import { runHubc } from '../support/cli.js';
import { childEnv } from '../support/childEnv.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Inside the repository, so the bundle finds schemas/ and kql/ above it as dist/ does.
const OUT = join(ROOT, 'node_modules', '.cache', 'hubc-bundle-test');
const work = mkdtempSync(join(tmpdir(), 'hubc-bundle-'));
/** The code cache of the bundled `hubc build` runs of this file. */
const codeCache = join(work, 'cache');
const env = childEnv({ HUBC_CACHE_DIR: codeCache });

let bundled: Promise<string> | undefined;
/** Builds the bundle once per run; resolves to the path of its hubc.js. */
function bundle(): Promise<string> {
  return (bundled ??= import('../../scripts/build.mjs').then(async ({ buildBundle }) => {
    mkdirSync(OUT, { recursive: true });
    await buildBundle({ dist: OUT });
    return join(OUT, 'hubc.js');
  }));
}

/** Runs the bundled hubc. */
async function bundledHubc(args: string[]) {
  return spawnSync(process.execPath, [await bundle(), ...args], { encoding: 'utf8', env });
}

test("the bundle carries neither the handlebars compiler nor ajv's schema compiler", async () => {
  await bundle();
  const text = readdirSync(OUT)
    .filter((f) => /\.c?js$/.test(f))
    .map((f) => readFileSync(join(OUT, f), 'utf8'))
    .join('\n');
  assert.not.match(text, /\/\/ node_modules\/handlebars\/dist\/cjs\/handlebars\/compiler\//);
  assert.not.match(text, /\/\/ node_modules\/source-map\//);
  assert.match(text, /\/\/ node_modules\/handlebars\/dist\/cjs\/handlebars\/runtime\.js/);
  // The compiled-in hub.yaml validator: ajv's standalone function for the schema.
  assert.match(text, /function hubSchemaValidator\(\) \{\n\s+return validate;/);
});

test('the generator precompiles the KQL templates the source compiles, with the same options', async () => {
  const { OPTIONS, templateNames } = await import('../../scripts/kqlTemplatesCode.mjs');
  assert.equal(OPTIONS, { ...KQL_TEMPLATE_OPTIONS });
  assert.equal(templateNames(ROOT), [...KQL_TEMPLATE_NAMES].sort());
});

for (const v of RELEASE_VERSIONS) {
  test(`${v}: the bundled hubc builds the customised fixture into exactly its golden files`, async () => {
    const hubc = await bundle();
    const out = join(work, v);
    const r = spawnSync(process.execPath, [hubc, 'build', join(ROOT, `test/fixtures/${v}/custom/hub.yaml`), '--out', out], { encoding: 'utf8', env });
    assert.is(r.status, 0, r.stderr);
    const problems = compareWithGolden(readInputTree(join(out, v)), join(ROOT, `test/fixtures/${v}/custom/expected`), { update: false });
    assert.equal(problems, [], problems.join('\n'));
  });
}

test('the bundled hubc reports schema errors and filled defaults as the source does', async () => {
  const hubc = await bundle();
  const text = 'release: "0.7"\nhub:\n  name: x\nstorage:\n  sku: Standard_LRS\nretention:\n  rawDays: -1\nnetworking: {}\nunknownKey: 1\n';
  const file = join(work, 'bad.yaml');
  writeFileSync(file, text);
  const r = spawnSync(process.execPath, [hubc, 'build', file, '--out', join(work, 'bad')], { encoding: 'utf8', env });
  assert.is(r.status, 1);
  const expected = compile(text, { file }).diagnostics.map(formatDiagnostic).join('\n');
  assert.ok(expected.includes('HUB10'), expected);
  assert.ok(r.stdout.includes(expected) || r.stderr.includes(expected), `bundle said:\n${r.stdout}${r.stderr}\nsource says:\n${expected}`);
});

test('bundled hubc build answers usage, help and errors as the whole command line of the source does', async () => {
  const hubYaml = join(ROOT, 'hub.yaml');
  for (const args of [
    ['build', '--help'],
    ['build', '--bogus'],
    ['build', '--release', '9.9', hubYaml, '--out', join(work, 'usage')],
    ['build', '--all', '--release', '0.6', hubYaml],
    ['build', join(work, 'missing.yaml'), '--format', 'json'],
    ['build', hubYaml, 'extra-argument'],
  ]) {
    const bundled = await bundledHubc(args);
    const source = await runHubc(args);
    assert.equal([bundled.status, bundled.stdout, bundled.stderr], [source.code, source.stdout, source.stderr], args.join(' '));
  }
});

test('the code cache: written by the first successful bundled build, used as it is by the next, replaced when damaged', async () => {
  await bundle();
  rmSync(codeCache, { recursive: true, force: true });
  // Runs that compile only part of the build's code write no cache.
  assert.is((await bundledHubc(['build', '--help'])).status, 0);
  assert.is((await bundledHubc(['build', join(work, 'missing.yaml')])).status, 2);
  assert.not.ok(existsSync(join(codeCache, 'code')), 'no cache after --help or a failed build');
  const build = async () => {
    const out = join(work, 'cached');
    const r = await bundledHubc(['build', join(ROOT, 'hub.yaml'), '--out', out, '--format', 'json']);
    assert.is(r.status, 0, r.stderr);
    return [r.stdout, readFileSync(join(out, '0.7', 'azuredeploy.json'), 'utf8')];
  };
  const first = await build();
  const files = readdirSync(join(codeCache, 'code'));
  assert.is(files.length, 1);
  assert.match(files[0], /^[0-9a-f]{64}\.v8cache$/);
  const file = join(codeCache, 'code', files[0]);
  const written = readFileSync(file);
  assert.ok(written.length > 100_000, 'the compiled code of the build, not an empty file');
  assert.equal(await build(), first);
  assert.equal(readFileSync(file), written, 'a hit leaves the file alone');
  const damaged = Buffer.from(written);
  damaged.fill(0, 200, 400);
  writeFileSync(file, damaged);
  assert.equal(await build(), first, 'a damaged cache changes nothing in the output');
  assert.equal(readdirSync(join(codeCache, 'code')), files);
  assert.not.equal(readFileSync(file), damaged, 'and is replaced');
});

test('an exception thrown from a timer while the code-cached hubc build runs is one HUB000 line, exit 70', async () => {
  const hubc = await bundle();
  const inject = join(work, 'inject.cjs');
  // Thrown once the launcher has installed its handlers (whatever the load of the machine), from a timer.
  writeFileSync(
    inject,
    "const later = () => (process.listenerCount('uncaughtException') ? setTimeout(() => { throw new Error('thrown from a timer'); }, 0) : setTimeout(later, 1));\nlater();\n",
  );
  const r = spawnSync(process.execPath, ['--require', inject, hubc, 'build', join(ROOT, 'hub.yaml'), '--out', join(work, 'crash')], { encoding: 'utf8', env });
  assert.is(r.status, 70, r.stderr);
  assert.match(r.stderr, /^error HUB000: internal error in hubc [^:]+: thrown from a timer\. /m);
  assert.not.match(r.stderr, /\n\s+at /);
});

test.run();
