/**
 * hubc as a package (issue #21, item 6): the tarball `npm pack` makes from the current source installs with
 * `npm install -g` into a temporary prefix offline (everything but the Kusto language service and DuckDB is in
 * the bundle; the first is a bundled dependency, DuckDB's native package comes from npm's cache), and the installed `hubc` writes a hub.yaml with `hubc init` and
 * builds it with `hubc build` in an empty folder; `import { compile } from 'hubc'` runs and type-checks.
 *
 * The package is staged in a temporary folder as `npm pack` would see the repository after `npm run build`:
 * package.json, README.md and the `files` it lists, with dist/ bundled from the current source
 * (scripts/build.mjs `buildBundle`, scripts/declarations.mjs) rather than the repository's dist/, which other
 * test files run at the same time.
 */
import { test } from 'uvu';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import * as assert from 'uvu/assert';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'hubc-package-'));
const stage = join(work, 'stage');
const prefix = join(work, 'prefix');
const installed = join(prefix, 'lib', 'node_modules', 'hubc');
const hubcBin = join(prefix, 'bin', 'hubc');

/** Runs a command, failing the test with its output when it exits non-zero. */
function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const r = spawnSync(command, args, { encoding: 'utf8', ...options });
  assert.is(r.status, 0, `${command} ${args.join(' ')} exited ${r.status}: ${r.error ?? ''}${r.stdout}${r.stderr}`);
  return `${r.stdout}`;
}

/** npm, offline, without scripts, audit or funding messages, and with no user or global config in the way. */
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: { ...process.env, npm_config_userconfig: join(work, 'user-npmrc'), npm_config_globalconfig: join(work, 'global-npmrc') } });

test('the package declares the bin, the library entry with its types, and only what the bundle leaves out as dependencies', () => {
  assert.equal(pkg.bin, { hubc: 'bin/hubc.js' });
  assert.equal(pkg.exports['.'], { types: './dist/types/compiler/index.d.ts', default: './dist/index.js' });
  // DuckDB (simulate's Copy activity) is native, with one binding package per platform: a dependency npm
  // installs for the platform, not bundled.
  assert.equal(Object.keys(pkg.dependencies), ['@duckdb/node-api', '@kusto/language-service-next']);
  assert.equal(pkg.bundleDependencies, ['@kusto/language-service-next']);
  for (const f of ['bin', 'dist', 'schemas', 'docs']) assert.ok(pkg.files.includes(f), f);
});

test('npm pack, npm install -g --offline into a prefix, then hubc init and hubc build in an empty folder', async () => {
  // Stage: what the files field lists, dist/ built from the source, the bundled dependency.
  mkdirSync(stage);
  writeFileSync(join(work, 'user-npmrc'), '');
  writeFileSync(join(work, 'global-npmrc'), '');
  for (const f of ['package.json', 'README.md', ...pkg.files.filter((f: string) => f !== 'dist')]) cpSync(join(ROOT, f), join(stage, f), { recursive: true });
  const { buildBundle } = await import('../../scripts/build.mjs');
  const { writeDeclarations } = await import('../../scripts/declarations.mjs');
  await buildBundle({ dist: join(stage, 'dist') });
  writeDeclarations(ROOT, join(stage, 'dist', 'types'));
  for (const dep of pkg.bundleDependencies) cpSync(join(ROOT, 'node_modules', dep), join(stage, 'node_modules', dep), { recursive: true });

  const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', work], stage))[0];
  const paths = new Set(packed.files.map((f: { path: string }) => f.path));
  for (const p of ['bin/hubc.js', 'dist/hubc.js', 'dist/hubc-build.cjs', 'dist/BUILD_ID', 'dist/index.js', 'dist/types/compiler/index.d.ts', 'schemas/hub.schema.json', 'docs/hub-yaml.md', 'node_modules/@kusto/language-service-next/package.json']) assert.ok(paths.has(p), `${p} is in the tarball`);
  assert.not.ok([...paths].some((p) => /^(src\/.*\.ts|test\/|scripts\/)/.test(p as string)), 'no sources, tests or scripts');

  npm(['install', '-g', '--prefix', prefix, join(work, packed.filename)], work);
  assert.ok(existsSync(join(installed, 'node_modules', '@kusto', 'language-service-next', 'Kusto.Language.Bridge.min.js')), 'the bundled Kusto language service is installed');

  const empty = join(work, 'empty');
  mkdirSync(empty);
  const init = run(hubcBin, ['init', '--release', '0.6'], { cwd: empty });
  assert.match(init, `wrote hub.yaml (hub release 0.6; schema ${join(installed, 'schemas', 'hub.schema.json')})`);
  const modeline = readFileSync(join(empty, 'hub.yaml'), 'utf8').split('\n')[0];
  assert.is(modeline, `# yaml-language-server: $schema=${join(installed, 'schemas', 'hub.schema.json')}`);
  // hubc build runs dist/hubc-build.cjs through V8's code cache, written by the first build (issue #23).
  const codeCache = join(work, 'cache');
  for (let run = 0; run < 2; run++) {
    const build = spawnSync(hubcBin, ['build'], { cwd: empty, encoding: 'utf8', env: { ...process.env, HUBC_CACHE_DIR: codeCache } });
    assert.is(build.status, 0, build.stderr);
    assert.is(build.stderr, '');
    assert.match(build.stdout, `wrote 32 files to ${join(empty, 'dist-templates', '0.6')}`);
    assert.equal(readdirSync(join(codeCache, 'code')).filter((f) => f.endsWith('.v8cache')).length, 1);
  }
  assert.is(run(hubcBin, ['--version']).trim(), pkg.version);
});

test('the library entry: import { compile } from "hubc" runs, and its types check a consumer strictly', () => {
  const consumer = join(work, 'consumer');
  mkdirSync(consumer);
  symlinkSync(join(prefix, 'lib', 'node_modules'), join(consumer, 'node_modules'), 'dir');
  writeFileSync(join(consumer, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(
    join(consumer, 'main.ts'),
    [
      "import { checkOutput, compile, formatDiagnostic, hasErrors, RELEASE_VERSIONS, type CompileResult, type Diagnostic } from 'hubc';",
      "const result: CompileResult = compile('release: \"0.7\"\\nhub:\\n  name: lib-hub\\n', { file: 'hub.yaml', release: '0.4' });",
      'const diagnostics: Diagnostic[] = [...result.diagnostics, ...checkOutput(result)];',
      'const template: string | undefined = result.artifacts.get("azuredeploy.json");',
      'console.log(result.release, RELEASE_VERSIONS.length, hasErrors(diagnostics), diagnostics.map(formatDiagnostic).length, typeof template);',
      '',
    ].join('\n'),
  );
  run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', '--skipLibCheck', 'false', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', '', 'main.ts'], { cwd: consumer });
  writeFileSync(join(consumer, 'main.mjs'), readFileSync(join(consumer, 'main.ts'), 'utf8').replace(', type CompileResult, type Diagnostic', '').replace(/: (CompileResult|Diagnostic\[\]|string \| undefined) =/g, ' ='));
  const { FORCE_COLOR: _, ...env } = process.env;
  assert.is(run(process.execPath, ['main.mjs'], { cwd: consumer, env: { ...env, NO_COLOR: '1' } }).trim(), `0.4 ${RELEASE_VERSIONS.length} false 0 string`);
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test.run();
