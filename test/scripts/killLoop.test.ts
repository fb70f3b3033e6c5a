/**
 * `npm run kill-loop` (scripts/killLoop.ts) in a short form that `npm test` runs (issue #29, finding 12:
 * the loop failed every publish round since 0.8 because it expected 7 releases): its checks take "every
 * release" from the release table, and one round of `publish --all` killed at a random moment and run again
 * completes (killed within 4 s instead of within its measured duration, to keep it short). The full loop (every case, 20 rounds; `-- 50 --only racing` for the racing publishers) stays
 * opt-in.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { checkFullFeed, runKillLoop } from '../../scripts/killLoop.js';
import { runChild } from '../support/crash.js';

const HUB = fileURLToPath(new URL('../../hub.yaml', import.meta.url));

test('the publish check takes every release from the release table and names what is missing (it expected 7 before)', async () => {
  const partial = join(mkdtempSync(join(tmpdir(), 'hubc-kill-loop-check-')), 'feed');
  assert.is((await runChild(['publish', '--feed', partial, '--release', '0.7', '--hub', HUB, '--base-url', 'https://example.org/hub/'])).code, 0);
  assert.throws(
    () => checkFullFeed(partial),
    (e: Error) => e.message === `the index lists 0.7, not every release hubc builds (${RELEASE_VERSIONS.join(', ')})`,
  );
});

test('one round of publish --all killed at a random moment within 4 s and run again: complete, every release of the table listed', async () => {
  const lines: string[] = [];
  const ok = await runKillLoop({ rounds: 1, only: ['publish --all'], killWithinMs: 4_000, log: (l) => lines.push(l) });
  assert.ok(ok, lines.join('\n'));
  assert.equal(lines.length, 1);
  assert.match(lines[0], /^round 1 publish --all: killed after \d+ ms \((killed|had finished)\), complete after the re-run$/);
});

test.run();
