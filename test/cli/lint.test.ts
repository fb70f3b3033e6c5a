/**
 * `hubc lint` and `hubc validate` through runCli with captured output: exit codes (warnings alone exit 0,
 * `--max-warnings`), the text, json and sarif formats, `--maintainer-rules`, and usage errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runHubc } from '../support/cli.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { openResultCache, resultCacheDir } from '../../src/cache/index.js';
import { validationRunKey, type ValidationRunRecord } from '../../src/validate/runKey.js';

const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'hubc-lint-'));
/** The repository hub with a suppression that matches nothing: one HUB599 warning per run. */
const staleSuppression = join(dir, 'stale.yaml');
writeFileSync(staleSuppression, `${DEFAULT_HUB_YAML}lint:\n  suppress:\n    - rule: HUB520\n      reason: storage is HTTPS-only anyway\n`);

const run = (...argv: string[]) => runHubc(argv);

test('hubc lint on the repository hub.yaml: exit 0, nothing found, nothing suppressed', async () => {
  const r = await run('lint', HUB);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, '');
  assert.match(r.stdout, /^0\.7: 0 errors, 0 warnings, 0 suppressed$/m);
});

test('warnings alone exit 0, as in ESLint and Bicep; --max-warnings N exits 1 above N', async () => {
  const plain = await run('lint', staleSuppression);
  assert.is(plain.code, 0, plain.stderr);
  assert.match(plain.stderr, /warning HUB599: the suppression of HUB520 \(security\/storage-https-only\) matches no finding/);
  const one = await run('lint', staleSuppression, '--max-warnings', '1');
  assert.is(one.code, 0);
  const none = await run('lint', staleSuppression, '--max-warnings', '0');
  assert.is(none.code, 1);
  assert.match(none.stdout, /^0\.7: 0 errors, 1 warning, 0 suppressed; more than --max-warnings 0$/m);
  const json = await run('lint', staleSuppression, '--format', 'json', '--max-warnings', '0');
  assert.is(json.code, 1);
  const out = JSON.parse(json.stdout);
  assert.equal([out.clean, out.errors, out.warnings], [false, 0, 1]);
});

test('--max-warnings takes a whole number', async () => {
  for (const bad of ['-1', 'x', '1.5']) {
    const r = await run('lint', HUB, '--max-warnings', bad);
    assert.is(r.code, 2, bad);
    assert.match(r.stderr, /Give a whole number of warnings, 0 or more/);
  }
});

test("hubc lint --maintainer-rules also runs hubc maintainers' rules; the repository hub passes them too", async () => {
  const r = await run('lint', HUB, '--all', '--maintainer-rules', '--format', 'json');
  assert.is(r.code, 0, r.stdout);
  const out = JSON.parse(r.stdout);
  assert.equal([out.clean, out.errors, out.warnings], [true, 0, 0]);
  assert.is(out.releases.length, RELEASE_VERSIONS.length);
});

test('hubc lint --all --format json: every release, clean', async () => {
  const r = await run('lint', HUB, '--all', '--format', 'json');
  assert.is(r.code, 0);
  const out = JSON.parse(r.stdout);
  assert.is(out.clean, true);
  assert.ok(out.releases.length >= 1);
  for (const rel of out.releases) assert.equal([rel.diagnostics, rel.suppressed], [[], []]);
});

test('hubc lint --format sarif prints one SARIF 2.1.0 log, every rule described, no result for a clean hub', async () => {
  const r = await run('lint', HUB, '--format', 'sarif');
  assert.is(r.code, 0);
  const log = JSON.parse(r.stdout);
  assert.is(log.version, '2.1.0');
  assert.is(log.runs.length, 1);
  assert.equal(log.runs[0].results, []);
  assert.ok(log.runs[0].tool.driver.rules.length > 30);
});

test('hubc validate: a run whose only findings are warnings exits 0; --max-warnings 0 exits 1', async () => {
  const saved = process.env.HUBC_CACHE_DIR;
  process.env.HUBC_CACHE_DIR = join(dir, 'cache');
  try {
    const file = join(dir, 'validated.yaml');
    const text = 'release: "0.7"\nhub:\n  name: stored\n';
    writeFileSync(file, text);
    // A stored run record with one warning: validate answers from it without compiling.
    const record: ValidationRunRecord = {
      release: '0.7',
      files: 3,
      diagnostics: [{ severity: 'warning', code: 'HUB221', message: 'a warning', file, start: { line: 1, col: 1 } }],
      lint: { findings: 0, suppressed: 0 },
      cache: { template: 'validated', kql: 'validated' },
    };
    await openResultCache(resultCacheDir()).put(validationRunKey({ file, text, lint: true }), record);
    const plain = await run('validate', file);
    assert.is(plain.code, 0, plain.stderr);
    assert.match(plain.stderr, /warning HUB221: a warning/);
    const strict = await run('validate', file, '--max-warnings', '0');
    assert.is(strict.code, 1);
    assert.match(
      strict.stdout,
      /: release 0\.7, 3 files, all validators clean \(results from the cache\), lint ran \(0 suppressed\): 0 errors, 1 warning; more than --max-warnings 0$/m,
    );
    assert.is((await run('validate', file, '--max-warnings', '1')).code, 0);
  } finally {
    if (saved === undefined) delete process.env.HUBC_CACHE_DIR;
    else process.env.HUBC_CACHE_DIR = saved;
  }
});

test('--release and --all together are a usage error; a wrong --format names the allowed values', async () => {
  const both = await run('lint', HUB, '--all', '--release', '0.7');
  assert.is(both.code, 2);
  assert.match(both.stderr, /cannot be used with/);
  const fmt = await run('lint', HUB, '--format', 'xml');
  assert.is(fmt.code, 2);
  assert.match(fmt.stderr, /Allowed values: text, json, sarif\./);
});

test('a hub.yaml that does not compile: exit 1 with its diagnostics; a missing file: HUB001, exit 2', async () => {
  const broken = join(dir, 'broken.yaml');
  writeFileSync(broken, 'release: "0.7"\nhub: [\n');
  const r = await run('lint', broken);
  assert.is(r.code, 1);
  assert.match(r.stderr, /error HUB100/);
  const missing = await run('lint', join(dir, 'missing.yaml'), '--format', 'json');
  assert.is(missing.code, 2);
  assert.is(JSON.parse(missing.stdout).diagnostics[0].code, 'HUB001');
});

test('hubc lint --help describes the command, its options and an example', async () => {
  const r = await run('lint', '--help');
  assert.is(r.code, 0);
  for (const s of ['--release', '--all', '--out', '--max-warnings', '--maintainer-rules', '--format', 'sarif', 'Examples:', 'hubc lint --all']) assert.ok(r.stdout.includes(s), s);
});

test('hubc validate --help lists --no-lint and --max-warnings', async () => {
  const r = await run('validate', '--help');
  assert.match(r.stdout, /--no-lint/);
  assert.match(r.stdout, /--max-warnings/);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
