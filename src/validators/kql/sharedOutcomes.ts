/**
 * Command outcomes shared by every process and thread of one `npm test` run: a folder that scripts/test.mjs
 * creates before the test processes start and removes when they have ended, named by the environment variable
 * `HUBC_TEST_KQL_OUTCOMES`. The two shards, the worker threads of `hubc validate` and the hubc processes tests
 * start all analyse the same commands (most commands are the same in every release); with the folder, each
 * distinct command ({@link commandKey}) is analysed by the language service once per run.
 *
 * It holds outcomes of the language service version and hubc code of that one run only, so nothing outlives
 * the run and no result depends on what an earlier run left. Without the variable (every use outside the test
 * runner) there is no shared store. A file that cannot be read or does not have the shape of an outcome is a
 * miss; a write that fails is ignored (the outcome was computed anyway).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../util/files.js';
import { isBlockOutcome, type BlockOutcome, type KqlBlockStore } from './types.js';

/** The environment variable naming the folder of the current test run's outcomes. */
export const SHARED_OUTCOMES_ENV = 'HUBC_TEST_KQL_OUTCOMES';

/**
 * The store of the folder `env[HUBC_TEST_KQL_OUTCOMES]` (one file `<key>.json` per outcome, keys are SHA-256
 * hex), or undefined when the variable is not set.
 */
export function sharedOutcomeStore(env: NodeJS.ProcessEnv = process.env): KqlBlockStore | undefined {
  const dir = env[SHARED_OUTCOMES_ENV];
  if (!dir) return undefined;
  const file = (key: string) => (/^[0-9a-f]{64}$/.test(key) ? join(dir, `${key}.json`) : undefined);
  return {
    get(key: string): BlockOutcome | undefined {
      const path = file(key);
      try {
        const value: unknown = path ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
        return isBlockOutcome(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    set(key: string, outcome: BlockOutcome): void {
      const path = file(key);
      if (!path) return;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileAtomic(path, JSON.stringify(outcome));
      } catch {
        // Only a loss of sharing: the outcome is in this process's memory cache.
      }
    },
  };
}
