/**
 * hubc as a package (issue #21, item 6; issue #30, item 2): the tarball `npm pack` makes from the current
 * source installs with `npm install -g` into a temporary prefix offline and from an empty npm cache, so the
 * outcome does not depend on what the machine's cache holds: everything but the Kusto language service is
 * in the bundle, the Kusto language service is a bundled dependency, and DuckDB (native, per platform) is an
 * optional dependency the offline install leaves out. The installed `hubc` then runs the compile commands
 * (init, build, lint, diff, params, publish) in an empty folder with no native code; `simulate` says DuckDB
 * is missing (HUB020, with the install command) and works once DuckDB is installed beside hubc (copied here
 * from the repository's node_modules, as `npm install -g @duckdb/node-api` would put it); the example
 * exports ship with it. `import { compile } from 'hubc'` runs and type-checks.
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
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, type Dirent } from 'node:fs';
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
const MANIFEST =
  'rawexports/subscriptions/00000000-0000-0000-0000-0000000000a1/finops-hub-daily-costdetails/20240501-20240531/202405151026/3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a51/manifest.json';

/** Runs a command, failing the test with its output when it exits non-zero. */
function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const r = spawnSync(command, args, { encoding: 'utf8', ...options });
  assert.is(r.status, 0, `${command} ${args.join(' ')} exited ${r.status}: ${r.error ?? ''}${r.stdout}${r.stderr}`);
  return `${r.stdout}`;
}

/**
 * npm, offline, from an empty cache of its own, without scripts, audit or funding messages, and with no
 * user or global config in the way.
 */
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: { ...process.env, npm_config_cache: join(work, 'npm-cache'), npm_config_userconfig: join(work, 'user-npmrc'), npm_config_globalconfig: join(work, 'global-npmrc') },
  });

/** Files below `dir` whose name ends in `.node` (native addons). */
function nativeFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[]).filter((e) => e.isFile() && e.name.endsWith('.node')).map((e) => join(e.parentPath, e.name));
}

test('the package declares the bin, the library entry with its types, and only what the bundle leaves out as dependencies', () => {
  assert.equal(pkg.bin, { hubc: 'bin/hubc.js' });
  assert.equal(pkg.exports['.'], { types: './dist/types/compiler/index.d.ts', default: './dist/index.js' });
  assert.equal(Object.keys(pkg.dependencies), ['@kusto/language-service-next']);
  assert.equal(pkg.bundleDependencies, ['@kusto/language-service-next']);
  // DuckDB (simulate's Copy activity) is native, with one binding package per platform: optional, so an
  // install without the registry still works; simulate says how to install it when it is missing.
  assert.equal(Object.keys(pkg.optionalDependencies), ['@duckdb/node-api']);
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
  const shipped = [
    'bin/hubc.js',
    'dist/hubc.js',
    'dist/hubc-build.cjs',
    'dist/BUILD_ID',
    'dist/THIRD_PARTY_NOTICES',
    'dist/index.js',
    'dist/types/compiler/index.d.ts',
    'schemas/hub.schema.json',
    'docs/hub-yaml.md',
    'node_modules/@kusto/language-service-next/package.json',
  ];
  for (const p of shipped) assert.ok(paths.has(p), `${p} is in the tarball`);
  // (npm's JSON shows GUID-like path segments as ***: the example's files are checked once installed.)
  assert.ok(
    [...paths].some((p) => (p as string).startsWith('examples/exports/focuscost-1.0r2-subscription/rawexports/')),
    'the example exports are in the tarball',
  );
  assert.not.ok(
    [...paths].some((p) => /^(src\/.*\.ts|test\/|scripts\/)/.test(p as string)),
    'no sources, tests or scripts',
  );
  assert.not.ok(
    [...paths].some((p) => (p as string).startsWith('examples/exports/manifest-invalid/')),
    'a few examples, not every test case',
  );

  // From an empty npm cache and offline: DuckDB, an optional dependency, is left out; nothing native is installed.
  npm(['install', '-g', '--prefix', prefix, join(work, packed.filename)], work);
  assert.ok(existsSync(join(installed, 'node_modules', '@kusto', 'language-service-next', 'Kusto.Language.Bridge.min.js')), 'the bundled Kusto language service is installed');
  assert.not.ok(existsSync(join(prefix, 'lib', 'node_modules', '@duckdb')) || existsSync(join(installed, 'node_modules', '@duckdb')), 'DuckDB is not installed');
  assert.equal(nativeFiles(prefix), []);
  assert.ok(existsSync(join(installed, 'examples', 'exports', 'focuscost-1.0r2-subscription', ...MANIFEST.split('/'))), 'the example is installed');

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

  // The other compile commands, with no registry and no native code.
  run(hubcBin, ['lint', '--max-warnings', '0'], { cwd: empty });
  const diff = spawnSync(hubcBin, ['diff', '0.5', '0.6'], { cwd: empty, encoding: 'utf8' });
  assert.is(diff.status, 1, `diff: 1 when the builds differ ${diff.stderr}`);
  assert.match(diff.stdout, 'Upgrade notes');
  run(hubcBin, ['params', '--out', 'p.json'], { cwd: empty });
  assert.ok(JSON.parse(readFileSync(join(empty, 'p.json'), 'utf8')).parameters.hubName);
  run(hubcBin, ['publish', '--feed', 'site', '--base-url', 'https://example.org/hub/', '--date', '2025-01-31'], { cwd: empty });
  assert.ok(existsSync(join(empty, 'site', 'index.html')));
});

test('simulate of a shipped example: HUB020 with the install command without DuckDB, a run once DuckDB is installed beside hubc', () => {
  const storage = join(work, 'storage');
  // A hub.yaml of release 0.7 of its own: the 0.6 file of the test above lists 0.6's datasets, and 0.6
  // converts no FOCUS 1.0r2 export.
  const hub07 = join(work, 'hub-0.7');
  mkdirSync(hub07);
  run(hubcBin, ['init', '--release', '0.7'], { cwd: hub07 });
  const args = ['simulate', '--storage', storage, '--example', 'focuscost-1.0r2-subscription', '--now', '2024-05-15T12:00:00Z'];
  const missing = spawnSync(hubcBin, args, { cwd: hub07, encoding: 'utf8' });
  assert.is(missing.status, 2, missing.stderr);
  assert.match(missing.stderr, 'error HUB020: simulate converts exports with DuckDB (@duckdb/node-api), which is not installed or does not load here');
  assert.match(missing.stderr, `npm install -g @duckdb/node-api@${pkg.optionalDependencies['@duckdb/node-api']}`);
  assert.not.match(missing.stderr, /\n\s+at /, 'no stack trace');

  // What `npm install -g @duckdb/node-api@<version>` puts beside hubc, taken from the repository's node_modules.
  const modules = join(prefix, 'lib', 'node_modules');
  for (const dep of ['@duckdb', 'detect-libc']) cpSync(join(ROOT, 'node_modules', dep), join(modules, dep), { recursive: true });
  const simulated = spawnSync(hubcBin, args, { cwd: hub07, encoding: 'utf8' });
  assert.is(simulated.status, 0, simulated.stderr);
  assert.match(simulated.stdout, 'Outcome: succeeded (3 pipeline run(s), 0 failed)');
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
  run(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      'false',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      '',
      'main.ts',
    ],
    { cwd: consumer },
  );
  writeFileSync(
    join(consumer, 'main.mjs'),
    readFileSync(join(consumer, 'main.ts'), 'utf8')
      .replace(', type CompileResult, type Diagnostic', '')
      .replace(/: (CompileResult|Diagnostic\[\]|string \| undefined) =/g, ' ='),
  );
  const { FORCE_COLOR: _, ...env } = process.env;
  assert.is(run(process.execPath, ['main.mjs'], { cwd: consumer, env: { ...env, NO_COLOR: '1' } }).trim(), `0.4 ${RELEASE_VERSIONS.length} false 0 string`);
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test.run();
