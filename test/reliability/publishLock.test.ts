/**
 * A publish that exits 0 is in the feed, whatever happens to the feed's lock (issue #29, findings 1-3):
 * racing publishers after a killed holder; a holder stopped (SIGSTOP) past the lock's stale time, whose lock
 * is taken over and which, resumed, notices before it writes and merges; a holder in another PID namespace
 * that is not taken for dead; index.json changed under a publish (the compare-and-swap); the earlier
 * design's leftovers of another feed beside this one left alone. Real child processes throughout.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishFeed } from '../../src/publish/publish.js';
import { nodeFeedFs, type FeedFs } from '../../src/publish/fs.js';
import { runChild, type ChildRun } from '../support/crash.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { racingPublishersRound } from '../support/publishRace.js';
import { releaseBuildOf } from '../support/releaseBuilds.js';
import { leftovers, snapshot } from '../support/trees.js';

const BASE = 'https://example.org/hub/';
const work = mkdtempSync(join(tmpdir(), 'hubc-publish-lock-'));
const hub = join(work, 'hub.yaml');
writeFileSync(hub, DEFAULT_HUB_YAML);
let n = 0;
const newFeed = () => join(work, `feed${++n}`);
const args = (feed: string, release: string, ...more: string[]) => [
  'publish',
  '--feed',
  feed,
  '--release',
  release,
  '--hub',
  hub,
  '--base-url',
  BASE,
  '--date',
  '2025-01-31',
  ...more,
];
const listed = (feed: string): string[] =>
  JSON.parse(readFileSync(join(feed, 'index.json'), 'utf8'))
    .releases.map((r: { release: string }) => r.release)
    .sort();
/** Children declare a short stale time for the locks they hold (src/util/lock.ts), so a stalled holder is taken over in 1.5 s. */
const SHORT_STALE = { HUBC_LOCK_STALE_MS: '1500' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the process is stopped (state `T` in /proc), at most 30 s. */
async function stopped(pid: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('T')) return;
    await sleep(50);
  }
  throw new Error(`process ${pid} did not stop`);
}

/** Starts a publish that stops itself (SIGSTOP) at `point`; resolves once it is stopped. */
async function stalledPublish(childArgs: string[], point: string, env: Record<string, string>): Promise<{ pid: number; done: Promise<ChildRun> }> {
  let pid = 0;
  const done = runChild(childArgs, { fault: `${point}:stop`, env, onSpawn: (p) => (pid = p) });
  while (!pid) await sleep(10);
  await stopped(pid);
  return { pid, done };
}

const ROUNDS = Number(process.env.HUBC_RACE_ROUNDS ?? 2);

test(`finding 1: a publish killed while holding the lock, then four publishers at once, ${ROUNDS} rounds: every publish that exits 0 is listed, every file listed exists (50 rounds: npm run kill-loop -- 50 --only racing)`, async () => {
  for (let round = 1; round <= ROUNDS; round++) {
    const feed = newFeed();
    const { problems, added } = await racingPublishersRound(feed, hub);
    assert.equal(problems, [], `round ${round}`);
    assert.is(added.length, 4, `round ${round}: all four publishes exit 0`);
    assert.equal(leftovers(snapshot(feed)), [], `round ${round}: no lock, staging or temporary file left`);
  }
});

for (const point of ['publish:release-staged', 'publish:file-written@2']) {
  test(`finding 2: a holder stopped at ${point} past the stale time loses its lock to another publish; resumed, it notices before writing, reads the feed again and merges: both releases listed, both exit 0`, async () => {
    const feed = newFeed();
    assert.is((await runChild(args(feed, '0.5'))).code, 0);
    const a = await stalledPublish(args(feed, '0.6'), point, SHORT_STALE);
    const b = await runChild(args(feed, '0.7'), { env: SHORT_STALE });
    assert.is(b.code, 0, b.stderr);
    assert.equal(listed(feed), ['0.5', '0.7'], 'the second publish took the stalled lock over and published');
    process.kill(a.pid, 'SIGCONT');
    const resumed = await a.done;
    assert.is(resumed.code, 0, resumed.stderr);
    assert.match(resumed.stderr, /warning HUB471: .*lock of .* was taken over/, `the resumed publish says it lost the lock and merged: ${resumed.stderr}${resumed.stdout}`);
    assert.match(resumed.stdout, '0.6: added (2025-01-31)');
    assert.equal(listed(feed), ['0.5', '0.6', '0.7'], 'nothing the other publish wrote is erased');
    assert.equal(leftovers(snapshot(feed)), []);
  });
}

test('finding 2: a holder in another PID namespace on the same host is not taken for dead: the other publish waits for it', async () => {
  const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']);
  if (probe.status !== 0) {
    console.log(`  skipped: unshare --pid is not available here (${probe.stderr?.toString().trim() || probe.error?.message})`);
    return;
  }
  const feed = newFeed();
  assert.is((await runChild(args(feed, '0.5'))).code, 0);
  // The holder runs in the test's namespace with the default stale time (10 s); the waiter in a new one,
  // where the holder's PID does not exist.
  const holder = await stalledPublish(args(feed, '0.6'), 'publish:release-staged', {});
  let waiterDone = false;
  const waiter = runChild(args(feed, '0.7'), { prefix: ['unshare', '--pid', '--fork', '--mount-proc'] }).then((r) => ((waiterDone = true), r));
  await sleep(2_500);
  assert.not.ok(waiterDone, 'the waiter in the other namespace is still waiting for the lock');
  assert.equal(listed(feed), ['0.5']);
  process.kill(holder.pid, 'SIGCONT');
  const [h, w] = await Promise.all([holder.done, waiter]);
  assert.is(h.code, 0, h.stderr);
  assert.is(w.code, 0, w.stderr);
  assert.not.match(h.stderr, 'HUB471', 'the holder kept its lock');
  assert.equal(listed(feed), ['0.5', '0.6', '0.7']);
});

test('the index update is a compare-and-swap: index.json replaced under a publish (another writer) makes it read the feed again and merge, not overwrite', async () => {
  const feed = newFeed();
  const other = newFeed();
  const rel = (release: string) => releaseBuildOf(release);
  await publishFeed({ feedDir: feed, releases: [rel('0.6')], baseUrl: BASE, date: '2025-01-31' });
  cpSync(feed, other, { recursive: true });
  await publishFeed({ feedDir: other, releases: [rel('0.5')], date: '2025-01-31' });
  let interfered = false;
  // Another writer that does not take the lock: just before this publish replaces index.json, 0.5 lands.
  const fs: FeedFs = {
    ...nodeFeedFs,
    replaceFile: (path, data, beforeRename) => {
      if (path === join(feed, 'index.json') && !interfered) {
        interfered = true;
        for (const p of ['0.5', 'finops-hub-0.5.json', 'finops-hub-0.5.ui.json']) cpSync(join(other, p), join(feed, p), { recursive: true });
        cpSync(join(other, 'index.json'), join(feed, 'index.json'));
      }
      nodeFeedFs.replaceFile(path, data, beforeRename);
    },
  };
  const out = await publishFeed({ feedDir: feed, releases: [rel('0.7')], date: '2025-01-31', fs });
  assert.ok(interfered);
  assert.equal(
    out.releases.map((r) => r.action),
    ['added'],
  );
  assert.is(out.retried.length, 1, JSON.stringify(out.retried));
  assert.match(out.retried[0], /^index\.json in .* changed after this publish read it/);
  assert.equal(listed(feed), ['0.5', '0.6', '0.7'], 'the release the other writer added is kept');
});

test("finding 3: the earlier design's leftovers of another feed in the same parent are not adopted or removed by a publish of a new feed; that feed's own publish recovers them", async () => {
  const web = join(work, 'web');
  mkdirSync(web);
  const prod = join(web, 'prod');
  const prodUrl = 'https://example.org/prod/';
  assert.is((await runChild(['publish', '--feed', prod, '--release', '0.6', '--hub', hub, '--base-url', prodUrl, '--date', '2025-01-31'])).code, 0);
  // prod's publish of the earlier design killed between its renames: the complete new copy and the old one beside it.
  cpSync(prod, join(web, '.hubc-feed-Qw3rTy'), { recursive: true });
  renameSync(prod, join(web, '.hubc-feed-Qw3rTy.old'));
  const before = snapshot(web);
  const test = await runChild(args(join(web, 'test'), '0.7'));
  assert.is(test.code, 0, test.stderr);
  assert.not.match(test.stdout, 'recovered');
  assert.equal(listed(join(web, 'test')), ['0.7'], 'the new feed holds only its own release');
  for (const [p, v] of before) assert.is(snapshot(web).get(p), v, `${p} of the other feed is untouched`);
  const again = await runChild(['publish', '--feed', prod, '--release', '0.7', '--hub', hub, '--base-url', prodUrl, '--date', '2025-01-31']);
  assert.is(again.code, 0, again.stderr);
  assert.match(again.stdout, /recovered: rolled forward: \.hubc-feed-Qw3rTy/);
  assert.equal(listed(prod), ['0.6', '0.7']);
  assert.not.ok(existsSync(join(web, '.hubc-feed-Qw3rTy.old')));
});

test('finding 11: files of the feed a publish does not own are neither read nor hashed (a sparse 5 GiB file failed every publish with HUB413), and a large file of a release folder is hashed by streaming: memory stays bounded', async () => {
  const feed = newFeed();
  assert.is((await runChild(args(feed, '0.6'))).code, 0);
  mkdirSync(join(feed, 'videos'));
  // Sparse: no disk space, but 5 GiB and 600 MiB to anything that reads them.
  assert.is(spawnSync('truncate', ['-s', '5G', join(feed, 'big.iso')]).status, 0);
  assert.is(spawnSync('truncate', ['-s', '600M', join(feed, 'videos', 'talk.mp4')]).status, 0);
  // A large file in a listed release folder is the publish's to hash (the index lists it).
  assert.is(spawnSync('truncate', ['-s', '300M', join(feed, '0.6', 'extra.bin')]).status, 0);
  const r = await runChild(args(feed, '0.7'), { prefix: ['/usr/bin/time', '-f', 'maxrss=%MkB'] });
  assert.is(r.code, 0, r.stderr);
  const rss = Number(/maxrss=(\d+)kB/.exec(r.stderr)?.[1]);
  assert.ok(rss > 0 && rss < 400 * 1024, `peak memory ${Math.round(rss / 1024)} MiB, not the files' size`);
  assert.equal(listed(feed), ['0.6', '0.7']);
  const index = JSON.parse(readFileSync(join(feed, 'index.json'), 'utf8'));
  const extra = index.releases.find((x: { release: string }) => x.release === '0.6').files.find((f: { path: string }) => f.path === '0.6/extra.bin');
  assert.equal(extra, {
    path: '0.6/extra.bin',
    sha256: createHash('sha256')
      .update(Buffer.alloc(300 * 1024 * 1024))
      .digest('hex'),
    bytes: 300 * 1024 * 1024,
  });
  assert.not.ok(JSON.stringify(index).includes('big.iso'));
});

test.run();
