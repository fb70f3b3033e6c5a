/**
 * scripts/test.mjs, the runner of `npm test`, on small fixture test files (test/fixtures/runner/): it fails
 * a file whose hook threw or which ran fewer tests than it declares, a process that ended before uvu's
 * totals, and a run under UPDATE_GOLDEN=1 that wrote golden files, listing them (issue #21, item 8).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'test', 'fixtures', 'runner');

/** Runs `node scripts/test.mjs --dir test/fixtures/runner --no-typecheck PATTERN` in one shard. */
function runner(pattern: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['scripts/test.mjs', '--dir', fixtures, '--no-typecheck', pattern], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, HUBC_TEST_SHARDS: '1', UPDATE_GOLDEN: '', HUBC_TEST_WRITTEN: '', ...env },
  });
  // oxlint-disable-next-line no-control-regex -- strips the colour codes uvu prints
  const output = `${r.stdout}${r.stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
  return { code: r.status, output, last: output.trimEnd().split('\n').at(-1) };
}

test('a before hook that throws fails the run, with its error and the tests it kept from running', () => {
  const r = runner('^(passes|hookThrows)');
  assert.is(r.code, 1, r.output);
  assert.match(r.output, 'hookThrows.test.ts: hook error in before: Error: fixture: the shared data is missing');
  assert.match(r.output, 'hookThrows.test.ts: ran 0 of 3 tests without reporting a failure');
  assert.not.match(r.output, 'passes.test.ts: ran');
  assert.is(r.last, 'tests: 2 passed, 3 failed, 0 skipped');
});

test('a file that ends the process before uvu prints its totals fails the run', () => {
  const r = runner('^exitsEarly');
  assert.is(r.code, 1, r.output);
  assert.match(r.output, 'uvu ended without its totals');
});

test('UPDATE_GOLDEN=1 writes the golden files, lists them and fails; a run with nothing to write passes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-runner-golden-'));
  try {
    writeFileSync(join(dir, 'stale.txt'), 'no longer generated\n');
    const update = runner('^golden', { UPDATE_GOLDEN: '1', HUBC_FIXTURE_GOLDEN_DIR: dir });
    assert.is(update.code, 1, update.output);
    assert.match(update.output, 'UPDATE_GOLDEN=1 wrote 3 golden file(s)');
    for (const f of ['a.json', 'sub/b.txt', 'stale.txt']) assert.match(update.output, join(dir, f));
    assert.is(readFileSync(join(dir, 'sub', 'b.txt'), 'utf8'), 'b\n');
    assert.not.ok(existsSync(join(dir, 'stale.txt')));

    const again = runner('^golden', { UPDATE_GOLDEN: '1', HUBC_FIXTURE_GOLDEN_DIR: dir });
    assert.is(again.code, 0, again.output);
    assert.not.match(again.output, 'wrote');
    const compare = runner('^(golden|passes)', { HUBC_FIXTURE_GOLDEN_DIR: dir });
    assert.is(compare.code, 0, compare.output);
    assert.is(compare.last, 'tests: 3 passed, 0 failed, 0 skipped');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a test whose data is missing is counted as skipped, with what it needs; under HUBC_REQUIRE_TEST_DATA it fails', () => {
  const r = runner('^(passes|missingData)', { HUBC_REQUIRE_TEST_DATA: '' });
  assert.is(r.code, 0, r.output);
  assert.match(r.output, '[hubc-test] skipped "needs the public templates": need ../shared/reference/public-templates: ');
  assert.match(r.output, '[hubc-test] skipped "needs \\"the\\" ARM schemas": need ../shared/arm-schemas: ');
  assert.match(r.output, '[hubc-test] skipped "first of the suite": need ../shared/arm-schemas');
  assert.match(r.output, '  3 skipped: need ../shared/arm-schemas\n  1 skipped: need ../shared/reference/public-templates');
  assert.not.match(r.output, 'a later run of the same test object runs": need');
  assert.is(r.last, 'tests: 4 passed, 0 failed, 4 skipped');

  const ci = runner('^missingData', { HUBC_REQUIRE_TEST_DATA: '1' });
  assert.is(ci.code, 1, ci.output);
  assert.match(ci.output, '../shared/reference/public-templates is not available: looked in /nowhere/shared/reference/public-templates');
  assert.match(ci.output, 'hook error in before');
  assert.not.match(ci.output, 'skipped: need');
  assert.is(ci.last, 'tests: 2 passed, 4 failed, 0 skipped');
});

test.run();
