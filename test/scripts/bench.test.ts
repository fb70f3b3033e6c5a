/**
 * `npm run bench` (scripts/bench.ts) without the ARM schemas (as offline with no copy and no cache): the
 * validation rows are recorded as not measured, with hubc's HUB003 line as the reason, and the rows
 * measured before them are kept in the results file; no stack trace (issue #21: it crashed and lost them).
 * Only the cheap rows run (`BENCH_ROWS`, one run each); the results go to a temporary file. The bench times a
 * bundle it builds in a folder of its own: the repository's dist/, which the other test processes run, stays as
 * it was (rebuilding it removed it under them: a shard's smoke run once found no dist/hubc.js).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('offline without ARM schemas: validation rows not measured with the reason, earlier rows kept, exit 0, no stack trace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-bench-test-'));
  const bundle = join(root, 'dist', 'hubc.js');
  const before = existsSync(bundle) ? statSync(bundle) : undefined;
  try {
    mkdirSync(join(dir, 'no-schemas'));
    const out = join(dir, 'results.json');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        BENCH_RUNS: '1',
        BENCH_ROWS: 'validateCold,validateAgain',
        BENCH_OUT: out,
        ARM_SCHEMAS_DIR: join(dir, 'no-schemas'),
        HUBC_CACHE_DIR: join(dir, 'cache'),
      },
    });
    assert.is(r.status, 0, r.stderr);
    assert.not.match(`${r.stdout}${r.stderr}`, /\n\s+at /, 'no stack trace');
    assert.match(r.stdout, '2 row(s) not measured: validateCold, validateAgain');
    const results = JSON.parse(readFileSync(out, 'utf8'));
    assert.equal(
      results.rows.map((x: { row: string }) => x.row),
      ['node -e 0', 'cold hubc validate, default hub', 'hubc validate again, nothing changed'],
    );
    const [node, cold, again] = results.rows;
    assert.ok(node.ms > 0 && node.ratio === 1, 'the row measured before the failure is kept');
    assert.match(cold.notMeasured, /^hubc validate exited 2: error HUB003: no ARM JSON schemas in /);
    assert.is(cold.ms, undefined);
    assert.is(again.notMeasured, 'needs cold hubc validate, which was not measured');
    const after = existsSync(bundle) ? statSync(bundle) : undefined;
    assert.equal([after?.ino, after?.mtimeMs], [before?.ino, before?.mtimeMs], 'dist/hubc.js neither removed nor rebuilt');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
