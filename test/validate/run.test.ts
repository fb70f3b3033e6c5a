/**
 * `hubc validate`'s whole-run cache entry: its key changes with every input the printed result depends on,
 * a stored record is answered as it is (without compiling: an entry under an unbuildable text still comes
 * back), and a hub.yaml with errors is reported and never stored.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openResultCache, resultCacheDir } from '../../src/cache/index.js';
import { validateHub } from '../../src/validate/run.js';
import { isValidationRunRecord, validationRunKey, type ValidationRunInput, type ValidationRunRecord } from '../../src/validate/runKey.js';

const base: ValidationRunInput = { file: 'hub.yaml', text: 'release: "0.7"\nname: demo\n', lint: true };
const record: ValidationRunRecord = {
  release: '0.7',
  files: 3,
  diagnostics: [{ severity: 'warning', code: 'LINT001', message: 'stored', file: 'hub.yaml', start: { line: 1, col: 1 } }],
  lint: { findings: 1, suppressed: 0 },
  cache: { template: 'validated', kql: 'validated' },
};

/** Runs `fn` with HUBC_CACHE_DIR pointing at a fresh folder. */
async function withCacheDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const saved = process.env.HUBC_CACHE_DIR;
  process.env.HUBC_CACHE_DIR = mkdtempSync(join(tmpdir(), 'hubc-run-'));
  try {
    return await fn(process.env.HUBC_CACHE_DIR);
  } finally {
    if (saved === undefined) delete process.env.HUBC_CACHE_DIR;
    else process.env.HUBC_CACHE_DIR = saved;
  }
}

test('the run key changes with the file name, the text, the release, lint and the schemas folder', () => {
  const key = validationRunKey(base);
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.is(validationRunKey({ ...base }), key, 'same input, same key');
  const variants: ValidationRunInput[] = [
    { ...base, file: 'other/hub.yaml' },
    { ...base, text: base.text + '# comment\n' },
    { ...base, release: '0.6' },
    { ...base, lint: false },
    { ...base, schemasDir: mkdtempSync(join(tmpdir(), 'hubc-schemas-')) },
  ];
  const keys = new Set([key, ...variants.map(validationRunKey)]);
  assert.is(keys.size, variants.length + 1);
});

test('a record must have the printed shape to be read back', () => {
  assert.ok(isValidationRunRecord(record));
  assert.ok(isValidationRunRecord({ ...record, lint: 'skipped' }));
  assert.not.ok(isValidationRunRecord({ ...record, files: -1 }));
  assert.not.ok(isValidationRunRecord({ ...record, cache: { template: 'maybe', kql: 'none' } }));
  assert.not.ok(isValidationRunRecord({ ...record, diagnostics: [{ message: 'no code' }] }));
});

test('a stored run is answered from the cache as it is, without compiling', async () => {
  await withCacheDir(async () => {
    const input = { ...base, text: 'this: [is not a buildable hub' };
    await openResultCache(resultCacheDir()).put(validationRunKey(input), record);
    const outcome = await validateHub({ ...input, cache: true });
    assert.equal(outcome, { kind: 'validated', record, cache: 'run' });
    const other = await validateHub({ ...input, lint: false, cache: true });
    assert.is(other.kind, 'compile-failed', 'another input is not answered by that entry');
  });
});

test('--no-cache never reads the stored run; a hub.yaml with errors is reported and not stored', async () => {
  await withCacheDir(async () => {
    const input = { ...base, text: 'release: "9.9"\n' };
    await openResultCache(resultCacheDir()).put(validationRunKey(input), record);
    const uncached = await validateHub({ ...input, cache: false });
    assert.is(uncached.kind, 'compile-failed');
    if (uncached.kind === 'compile-failed') assert.ok(uncached.diagnostics.some((d) => d.severity === 'error'));

    const bad = { ...base, text: 'release: "9.9"\nname: x\n' };
    assert.is((await validateHub({ ...bad, cache: true })).kind, 'compile-failed');
    assert.is(await openResultCache(resultCacheDir()).get(validationRunKey(bad), isValidationRunRecord), undefined);
  });
});

test.run();
