/**
 * `hubc lint` and `hubc validate --no-lint` through runCli with captured output: exit codes, the text,
 * json and sarif formats, suppressions printed with their reasons, and usage errors.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runHubc } from '../support/cli.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';

const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'hubc-lint-'));
const unsuppressed = join(dir, 'plain.yaml');
writeFileSync(unsuppressed, DEFAULT_HUB_YAML.replace(/\nlint:[\s\S]*$/, '\n'));

const run = (...argv: string[]) => runHubc(argv);

test('hubc lint on the repository hub.yaml: exit 0, each suppressed rule printed with its reason', async () => {
  const r = await run('lint', HUB);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, '');
  assert.match(r.stdout, /^0\.7: suppressed HUB505 \(\d+ findings\): Each resource type stays on the API version/m);
  assert.match(r.stdout, /^0\.7: suppressed HUB526 \(1 finding\): The vault holds only the remote hub storage key/m);
  assert.match(r.stdout, /^0\.7: 0 errors, 0 warnings, \d+ suppressed$/m);
});

test('hubc lint without the suppressions: exit 1, findings at out/<release>/file:line:col', async () => {
  const r = await run('lint', unsuppressed, '--out', 'build');
  assert.is(r.code, 1);
  assert.match(r.stderr, /^build\/0\.7\/azuredeploy\.json:\d+:\d+ - warning HUB526: resource Microsoft\.KeyVault\/vaults/m);
  assert.match(r.stderr, /hint: Set properties\.enablePurgeProtection to true\./);
  assert.match(r.stdout, /^0\.7: 0 errors, \d+ warnings, 0 suppressed$/m);
});

test('hubc lint --all --format json: every release, clean, suppressed findings carry the reason', async () => {
  const r = await run('lint', HUB, '--all', '--format', 'json');
  assert.is(r.code, 0);
  const out = JSON.parse(r.stdout);
  assert.is(out.clean, true);
  assert.ok(out.releases.length >= 1);
  for (const rel of out.releases) {
    assert.equal(rel.diagnostics, []);
    for (const s of rel.suppressed) assert.ok(typeof s.reason === 'string' && s.code.startsWith('HUB5'));
  }
});

test('hubc lint --format sarif prints one SARIF 2.1.0 log', async () => {
  const r = await run('lint', HUB, '--format', 'sarif');
  assert.is(r.code, 0);
  const log = JSON.parse(r.stdout);
  assert.is(log.version, '2.1.0');
  assert.is(log.runs.length, 1);
  assert.ok(log.runs[0].results.length > 0);
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
  for (const s of ['--release', '--all', '--out', '--format', 'sarif', 'Examples:', 'hubc lint --all']) assert.ok(r.stdout.includes(s), s);
});

test('hubc validate --help lists --no-lint', async () => {
  const r = await run('validate', '--help');
  assert.match(r.stdout, /--no-lint/);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
