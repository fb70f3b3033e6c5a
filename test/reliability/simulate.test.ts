/**
 * `hubc simulate` killed while writing a file (issue #29, finding 13): the temporary file it leaves beside
 * the parquet file it was writing is not a blob (no pipeline lists it) and the same command again removes
 * it and completes; a temporary file of a writer that still runs is left alone.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChild } from '../support/crash.js';
import { cleanStorages, filesIn, manifestOf, storageFrom } from '../support/simulate.js';
import { tempPathBeside } from '../../src/util/files.js';

const HUB = fileURLToPath(new URL('../../hub.yaml', import.meta.url));
const NOW = '2024-05-15T12:00:00Z';

test.after.each(() => cleanStorages());

const temporaries = (dir: string) => filesIn(dir).filter((f) => f.endsWith('.tmp'));

test('killed with a parquet file complete in its temporary file: the same command again removes the temporary file and completes as a clean run does', async () => {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  const clean = storageFrom('focuscost-1.0r2-subscription');
  const args = (storage: string) => ['simulate', HUB, '--storage', storage, '--event', manifestOf(storage), '--now', NOW];
  const killed = await runChild(args(dir), { fault: 'simulate:blob-flushed' });
  assert.is(killed.signal, 'SIGKILL', killed.stderr);
  const left = temporaries(dir);
  assert.ok(left.length >= 1, 'the kill left temporary files (one per Copy running in parallel)');
  for (const f of left) assert.match(f, /\/\.[^/]+\.parquet\.hubc-\d+\.\d+\.[0-9a-f]{8}-[0-9a-f]{16}\.tmp$/);
  const target = join(dir, left[0].replace(/\.hubc-.*$/, '').replace(/\/\.([^/]+)$/, '/$1'));
  // What simulate before this fix left at a kill (`<name>.hubc-<12 hex>.tmp`), and one of a writer that
  // still runs (this test process), beside it: the first goes, the second stays.
  writeFileSync(`${target}.hubc-0123456789ab.tmp`, 'PAR1 left by a killed simulate');
  const live = tempPathBeside(target);
  writeFileSync(live, 'being written');
  const again = await runChild(args(dir));
  assert.is(again.code, 0, again.stderr);
  const reference = await runChild(args(clean));
  assert.is(reference.code, 0, reference.stderr);
  assert.equal(temporaries(dir), [live.slice(dir.length + 1)], "the leftover is removed, the live writer's file stays");
  const data = (storage: string) => filesIn(storage, 'ingestion').filter((f) => !f.endsWith('.tmp'));
  assert.equal(data(dir), data(clean), 'the same files as a clean run');
  assert.ok(dirname(live).startsWith(dir));
});

test.run();
