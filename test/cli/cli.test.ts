import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listFiles } from '../support/golden.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { childEnv } from '../support/childEnv.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'src/cli/main.ts');
/** tsx's loader, resolved from the repository so the CLI also runs from folders outside it. */
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

function hubc(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, ['--import', TSX, CLI, ...args], { cwd, encoding: 'utf8', env: childEnv() });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const work = mkdtempSync(join(tmpdir(), 'hubc-cli-'));

test('build writes DIR/<release>/ and two builds are byte-identical', () => {
  const out1 = join(work, 'a');
  const out2 = join(work, 'b');
  const r1 = hubc(['build', 'hub.yaml', '--out', out1]);
  assert.is(r1.code, 0, r1.stderr);
  assert.is(hubc(['build', 'hub.yaml', '--out', out2]).code, 0);
  const files = listFiles(join(out1, '0.7'));
  assert.ok(files.includes('azuredeploy.json'));
  assert.ok(files.includes('createUiDefinition.json'));
  assert.ok(files.includes('config/settings.json'));
  assert.ok(files.some((f) => f.startsWith('datafactory/pipelines/')));
  assert.ok(files.some((f) => f.startsWith('kql/')));
  assert.equal(listFiles(join(out2, '0.7')), files);
  // the release folder has the permissions of the user's umask, like any folder the user creates
  const expected = 0o777 & ~process.umask();
  assert.is((statSync(join(out1, '0.7')).mode & 0o777).toString(8), expected.toString(8));
  assert.is((statSync(join(out1, '0.7', 'kql')).mode & 0o777).toString(8), expected.toString(8));
  for (const f of files) assert.is(readFileSync(join(out2, '0.7', f), 'utf8'), readFileSync(join(out1, '0.7', f), 'utf8'), f);
});

test('a broken hub.yaml prints a positioned error, exits 1 and leaves the output folder as it was', () => {
  const dir = join(work, 'broken');
  mkdirSync(join(dir, 'out', '0.7'), { recursive: true });
  writeFileSync(join(dir, 'out', '0.7', 'keep.txt'), 'previous build');
  writeFileSync(join(dir, 'hub.yaml'), DEFAULT_HUB_YAML.replace('  sku: Premium_LRS', '  sku: Standard_LRS'));
  const r = hubc(['build', 'hub.yaml', '--out', 'out'], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /^hub\.yaml:14:8 - error HUB104: storage\.sku must be one of the allowed values/m);
  assert.match(r.stderr, /hint: Use one of/);
  assert.equal(listFiles(join(dir, 'out')), ['0.7/keep.txt']);
});

test('--format json prints the same diagnostics as JSON', () => {
  const dir = join(work, 'json');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'hub.yaml'), 'release: "0.7"\nhub:\n  name: ab\n');
  const r = hubc(['build', '--format', 'json'], dir);
  assert.is(r.code, 1);
  const out = JSON.parse(r.stdout);
  assert.is(out.diagnostics[0].code, 'HUB105');
  assert.equal(out.diagnostics[0].start, { line: 3, col: 9 });
  assert.not.ok(existsSync(join(dir, 'dist-templates')));
});

test('a missing input file is reported with HUB001 and exits 2, as environment errors do (docs/diagnostics.md)', () => {
  const r = hubc(['build', join(work, 'nope.yaml')]);
  assert.is(r.code, 2);
  assert.match(r.stderr, /HUB001/);
});

test('the bin (npx hubc) is bin/hubc.js, executable, with a shebang, and runs the bundle npm ci built', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  assert.is(pkg.bin.hubc, 'bin/hubc.js');
  const bin = join(ROOT, pkg.bin.hubc);
  assert.ok(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n'));
  assert.ok(statSync(bin).mode & 0o111, 'executable');
  assert.ok(existsSync(join(ROOT, 'dist/hubc.js')), 'dist/ is built by the prepare script of npm ci');
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr ?? String(r.error));
  assert.is(r.stdout.trim(), pkg.version);
  assert.is(r.stderr, '', 'nothing to build');
});

test('without dist/ (npm ci --ignore-scripts) the bin builds the bundle first, then runs the command', () => {
  // A checkout without dist/: the files the build and the CLI need, node_modules linked.
  const checkout = join(work, 'unbuilt');
  mkdirSync(checkout);
  for (const entry of ['package.json', 'bin', 'scripts', 'src', 'schemas', 'kql']) cpSync(join(ROOT, entry), join(checkout, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'), 'dir');
  const env = childEnv({ HUBC_CACHE_DIR: join(work, 'unbuilt-cache') }); // the build's code cache
  const r = spawnSync(process.execPath, [join(checkout, 'bin/hubc.js'), 'build', join(ROOT, 'hub.yaml'), '--out', join(work, 'unbuilt-out')], { encoding: 'utf8', env });
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stderr, /dist\/ is not built; building it first/);
  assert.ok(existsSync(join(checkout, 'dist/hubc.js')));
  assert.equal(listFiles(join(work, 'unbuilt-out', '0.7')), listFiles(join(ROOT, 'dist-templates', '0.7')));
  assert.is(readFileSync(join(work, 'unbuilt-out', '0.7', 'azuredeploy.json'), 'utf8'), readFileSync(join(ROOT, 'dist-templates/0.7/azuredeploy.json'), 'utf8'));
});

test('usage errors exit 2', () => {
  assert.is(hubc(['frobnicate']).code, 2);
  assert.is(hubc(['build', '--format', 'xml']).code, 2);
});

test.run();
