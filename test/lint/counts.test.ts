/**
 * `hubc lint` and `hubc validate` count one set of warnings (issue #30 item 4): hub.yaml's own warnings
 * (a scope listed twice, HUB219), the lint findings and a suppression that matches nothing (HUB599) are
 * in both, so `--max-warnings` means the same in both; each prints one summary line with the totals at the
 * end. And `lint --all` on a hub written for a later release (issue #30 item 15): the releases the file is
 * valid for are linted, the others are skipped with one line saying which and why, and the exit code is
 * that of the releases linted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { lintHub } from '../../src/lint/index.js';
import { compile } from '../../src/compiler/compile.js';
import { RELEASE_VERSIONS, getRelease, has } from '../../src/model/releases.js';
import { runHubc } from '../support/cli.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { sharedArmSchemas } from '../support/sharedData.js';

const dir = mkdtempSync(join(tmpdir(), 'hubc-counts-'));
const doc = parse(DEFAULT_HUB_YAML);
doc.scopes = ['/subscriptions/00000000-0000-0000-0000-0000000000a1', '/SUBSCRIPTIONS/00000000-0000-0000-0000-0000000000A1'];
doc.lint = { suppress: [{ rule: 'HUB520', reason: 'storage is HTTPS-only anyway' }] };
const TWO_WARNINGS = stringify(doc);
const file = join(dir, 'two-warnings.yaml');
writeFileSync(file, TWO_WARNINGS);
const run = (...argv: string[]) => runHubc(argv);
// validate keeps its results in hubc's result cache (the Kusto analyses are shared with the other tests);
// the first run of this file's hub validates, the others read the run back.

const schemas = sharedArmSchemas([JSON.parse(compile(TWO_WARNINGS).artifacts.get('azuredeploy.json')!)]);
schemas.catch(() => undefined);

test('lint counts the duplicate scope (HUB219) and the stale suppression (HUB599): two warnings', () => {
  const r = lintHub(TWO_WARNINGS, { file });
  assert.equal([r.errors, r.warnings], [0, 2]);
  assert.equal(r.diagnostics.map((d) => d.code).sort(), ['HUB219', 'HUB599']);
});

test('validate counts the same two warnings as lint, and --max-warnings means the same in both', async () => {
  const dirArg = ['--schemas-dir', await schemas];
  const v = JSON.parse((await run('validate', file, ...dirArg, '--format', 'json')).stdout);
  const warnings = v.diagnostics
    .filter((d: { severity: string }) => d.severity === 'warning')
    .map((d: { code: string }) => d.code)
    .sort();
  assert.equal(warnings, ['HUB219', 'HUB599']);
  for (const [max, code] of [
    ['1', 1],
    ['2', 0],
  ] as const) {
    assert.is((await run('lint', file, '--max-warnings', max)).code, code, `lint --max-warnings ${max}`);
    assert.is((await run('validate', file, ...dirArg, '--max-warnings', max)).code, code, `validate --max-warnings ${max}`);
  }
});

test('one summary line with the totals, last: lint and validate say the same numbers', async () => {
  const lint = await run('lint', file, '--max-warnings', '0');
  assert.is(lint.code, 1);
  const lines = lint.stdout.trimEnd().split('\n');
  assert.is(lines[lines.length - 1], '0.7: 0 errors, 2 warnings, 0 suppressed; more than --max-warnings 0');
  assert.not.match(lint.stdout, /0 warnings/);
  assert.not.match(lint.stderr, /more than/, 'said once, in the summary');
  const validate = await run('validate', file, '--schemas-dir', await schemas, '--max-warnings', '0');
  assert.is(validate.code, 1);
  const vlines = validate.stdout.trimEnd().split('\n');
  assert.match(
    vlines[vlines.length - 1],
    /: release 0\.7, \d+ files, all validators clean( \(results from the cache\))?, lint ran \(0 suppressed\): 0 errors, 2 warnings; more than --max-warnings 0$/,
  );
  assert.not.match(validate.stderr, /more than/);
});

const adx = parse(DEFAULT_HUB_YAML);
adx.dataExplorer.name = 'myadx';
const ADX_ONLY_07 = join(dir, 'adx.yaml');
writeFileSync(ADX_ONLY_07, stringify(adx));

/** The releases with Data Explorer (linted) and those without (skipped). */
const ADX_RELEASES = RELEASE_VERSIONS.filter((v) => has(getRelease(v), 'dataExplorer'));
const NO_ADX = RELEASE_VERSIONS.filter((v) => !has(getRelease(v), 'dataExplorer'));

test('lint --all on a hub with a cluster: the releases with Data Explorer linted, the others skipped in one line saying why, exit 0', async () => {
  const r = lintHub(stringify(adx), { all: true });
  assert.equal(
    r.reports.map((x) => x.release),
    ADX_RELEASES,
  );
  assert.equal(r.skipped?.releases, NO_ADX);
  assert.ok(r.skipped!.sections.includes('dataExplorer.name'), r.skipped!.sections.join(' '));
  assert.equal([r.errors, r.warnings], [0, 0]);
  const cli = await run('lint', ADX_ONLY_07, '--all');
  assert.is(cli.code, 0, cli.stderr);
  assert.is(cli.stderr, '', 'no HUB220 line per section and release');
  assert.match(
    cli.stdout,
    new RegExp(
      `^skipped ${NO_ADX.join(', ').replaceAll('.', '\\.')}: hub\\.yaml configures what they do not have \\([^)]*dataExplorer[^)]*; HUB220\\); hubc lint --release <one of them> lists each$`,
      'm',
    ),
  );
  for (const v of ADX_RELEASES) assert.match(cli.stdout, new RegExp(`^${v.replace('.', '\\.')}: 0 errors, 0 warnings, 0 suppressed$`, 'm'));
  assert.match(cli.stdout.trimEnd().split('\n').pop()!, new RegExp(`^${ADX_RELEASES.length} releases linted, ${NO_ADX.length} skipped: 0 errors, 0 warnings, 0 suppressed$`));
  const json = JSON.parse((await run('lint', ADX_ONLY_07, '--all', '--format', 'json')).stdout);
  assert.equal(json.skipped.releases, NO_ADX);
});

test('lint --all still reports real errors of a release, and a release asked for by name is not skipped', async () => {
  const bad = lintHub(stringify({ ...adx, hub: { ...adx.hub, name: '1-bad' } }), { all: true });
  assert.ok(bad.errors > 0);
  assert.ok(bad.diagnostics.some((d) => d.code !== 'HUB220' && d.severity === 'error'));
  const one = await run('lint', ADX_ONLY_07, '--release', '0.6');
  assert.is(one.code, 1);
  assert.match(one.stderr, /error HUB220: dataExplorer\.name configures Data Explorer/);
});

test('lint --all on the repository hub.yaml: every release linted, their defaults-only HUB221 not repeated per release', () => {
  const r = lintHub(DEFAULT_HUB_YAML, { all: true });
  assert.is(r.reports.length, RELEASE_VERSIONS.length);
  assert.equal([r.errors, r.warnings, r.skipped], [0, 0, undefined]);
});

test.run();
