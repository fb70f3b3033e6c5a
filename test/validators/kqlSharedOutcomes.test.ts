/**
 * The Kusto command outcomes one `npm test` run shares between its processes (src/validators/kql/sharedOutcomes.ts,
 * folder named by `HUBC_TEST_KQL_OUTCOMES`, made and removed by scripts/test.mjs): an outcome one process stores
 * is what another reads, a damaged or foreign file is a miss, nothing is shared without the variable, and a
 * validation in a process with the variable takes a command's outcome from the folder instead of analysing it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_OUTCOMES_ENV, sharedOutcomeStore } from '../../src/validators/kql/sharedOutcomes.js';
import { ClusterState } from '../../src/validators/kql/state.js';
import { commandKey, type BlockOutcome } from '../../src/validators/kql/types.js';
import { childEnv } from '../support/childEnv.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'a'.repeat(64);
const OUTCOME: BlockOutcome = {
  label: 'CreateTable T',
  diagnostics: [],
  effects: [{ type: 'table', mode: 'create', table: { name: 'T', columns: [{ name: 'a', type: 'string' }] } }],
};

/** Runs `body` with a new empty folder, removed afterwards. */
function inFolder(body: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-kql-outcomes-'));
  try {
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('an outcome one store writes is what another store of the folder reads; no folder, no store', () => {
  inFolder((dir) => {
    const env = { [SHARED_OUTCOMES_ENV]: join(dir, 'outcomes') };
    sharedOutcomeStore(env)!.set(KEY, OUTCOME);
    assert.equal(sharedOutcomeStore(env)!.get(KEY), OUTCOME);
    assert.is(sharedOutcomeStore(env)!.get('b'.repeat(64)), undefined);
    assert.equal(readdirSync(join(dir, 'outcomes')), [`${KEY}.json`]);
  });
  assert.is(sharedOutcomeStore({}), undefined);
});

test('a damaged file, a file of another shape and a key that is not a hash are misses', () => {
  inFolder((dir) => {
    const store = sharedOutcomeStore({ [SHARED_OUTCOMES_ENV]: dir })!;
    writeFileSync(join(dir, `${KEY}.json`), '{"label": "x", "diagn');
    assert.is(store.get(KEY), undefined);
    writeFileSync(join(dir, `${KEY}.json`), JSON.stringify({ ...OUTCOME, effects: [{ type: 'table', mode: 'explode' }] }));
    assert.is(store.get(KEY), undefined);
    store.set('../escape', OUTCOME);
    assert.equal(readdirSync(dir), [`${KEY}.json`], 'nothing written for a key that is not a SHA-256');
  });
});

test('a validation in a process of the run takes the outcome from the folder instead of analysing the command', () => {
  inFolder((dir) => {
    const text = '.create table T (a: string)';
    const state = new ClusterState('cluster');
    state.db('Db');
    const planted: BlockOutcome = { ...OUTCOME, diagnostics: [{ code: 'HUB310', severity: 'error', message: 'planted', start: 0, end: 1 }] };
    writeFileSync(join(dir, `${commandKey('Db', text, state.scopeHash(text))}.json`), JSON.stringify(planted));
    const code = `const { validateKqlScripts } = await import('./src/validators/kql.ts');
console.log(JSON.stringify(validateKqlScripts([{ file: 'a.kql', database: 'Db', text: ${JSON.stringify(text)} }]).diagnostics.map((d) => d.message)));`;
    const run = (env: Record<string, string | undefined>) => spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: root, encoding: 'utf8', env: childEnv(env) });
    const shared = run({ [SHARED_OUTCOMES_ENV]: dir });
    assert.is(shared.stdout.trim(), '["planted"]', shared.stderr);
    const alone = run({ [SHARED_OUTCOMES_ENV]: undefined });
    assert.is(alone.stdout.trim(), '[]', alone.stderr);
  });
});

test.run();
