/**
 * `hubc publish` under concurrency, kills and hostile feeds (issue #20, findings 1, 2, 5 and 15):
 * concurrent publishers of different releases all land, two of one release with different bytes let one
 * win and refuse the other (HUB411); a child killed at each step of a publish leaves a feed whose index,
 * pages and aliases name only files that exist whole, and the same command again completes it with nothing
 * left over; the earlier design's leftovers beside the feed are recovered; links and special files in the
 * feed stay as they are, a feed given as a link stays a link, modes are kept, and a link where the publish
 * writes is refused (HUB010); a feed locked for the whole wait is HUB011.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishFeed, PublishError } from '../../src/publish/publish.js';
import { lockFolder } from '../../src/util/lock.js';
import { runHubc } from '../support/cli.js';
import { runChild } from '../support/crash.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { releaseBuildOf } from '../support/releaseBuilds.js';
import { leftovers, snapshot } from '../support/trees.js';

const BASE = 'https://example.org/hub/';
const work = mkdtempSync(join(tmpdir(), 'hubc-publish-kill-'));
const hub = join(work, 'hub.yaml');
writeFileSync(hub, DEFAULT_HUB_YAML);
const hubZrs = join(work, 'zrs.yaml');
writeFileSync(hubZrs, DEFAULT_HUB_YAML.replace('  sku: Premium_LRS', '  sku: Premium_ZRS'));
/** What the template of the Premium_ZRS hub has and the default one lacks. */
const ZRS_DEFAULT = '"defaultValue": "Premium_ZRS"';
let n = 0;
const newFeed = () => join(work, `feed${++n}`);
const args = (feed: string, release: string, file = hub, ...more: string[]) => [
  'publish',
  '--feed',
  feed,
  '--release',
  release,
  '--hub',
  file,
  '--base-url',
  BASE,
  '--date',
  '2025-01-31',
  ...more,
];
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The feed's index.json (parsed). */
const indexOf = (feed: string) => JSON.parse(readFileSync(join(feed, 'index.json'), 'utf8'));
const listed = (feed: string) =>
  indexOf(feed)
    .releases.map((r: { release: string }) => r.release)
    .sort();

/**
 * What every reader may rely on at every moment: index.json parses, every release file it lists exists
 * with its listed hash, the `latest` aliases are whole copies of a release's versioned files (the new one
 * may land just before the index names it), and every local link of index.html and every enclosure of
 * feed.xml resolves.
 */
function assertConsistent(feed: string, what: string): void {
  const index = indexOf(feed);
  for (const r of index.releases) for (const f of r.files) assert.is(sha(readFileSync(join(feed, f.path))), f.sha256, `${what}: ${f.path} matches index.json`);
  for (const [alias, suffix] of [
    ['finops-hub-latest.json', '.json'],
    ['finops-hub-latest.ui.json', '.ui.json'],
  ]) {
    const data = readFileSync(join(feed, alias));
    const versions = ['0.4', '0.5', '0.6', '0.7'].map((v) => join(feed, `finops-hub-${v}${suffix}`)).filter((f) => lstatSync(f, { throwIfNoEntry: false }));
    assert.ok(
      versions.some((f) => readFileSync(f).equals(data)),
      `${what}: ${alias} is a whole release's file`,
    );
  }
  const html = readFileSync(join(feed, 'index.html'), 'utf8');
  for (const [, href] of html.matchAll(/href="([^"#][^"]*)"/g)) if (!/^[a-z][a-z0-9+.-]*:/i.test(href)) statSync(join(feed, decodeURIComponent(href)));
  const xml = readFileSync(join(feed, 'feed.xml'), 'utf8');
  for (const [, href] of xml.matchAll(/rel="enclosure"[^>]*href="([^"]+)"/g)) statSync(join(feed, href.slice(BASE.length)));
}

test('finding 1: four publishers at once: 0.5 and 0.6 land beside 0.4; of two 0.7s with different bytes one is added, the other refused with HUB411 (no --force)', async () => {
  const feed = newFeed();
  assert.is((await runHubc(args(feed, '0.4'))).code, 0);
  const [r05, r06, a, b] = await Promise.all([runChild(args(feed, '0.5')), runChild(args(feed, '0.6')), runChild(args(feed, '0.7', hub)), runChild(args(feed, '0.7', hubZrs))]);
  for (const r of [r05, r06]) assert.is(r.code, 0, r.stderr);
  assert.equal([a.code, b.code].sort(), [0, 1], a.stderr + b.stderr);
  const [winner, loser] = a.code === 0 ? [a, b] : [b, a];
  assert.match(winner.stdout, '0.7: added (2025-01-31)');
  assert.match(loser.stderr, 'error HUB411: release 0.7 is already published with different content');
  assert.is(readFileSync(join(feed, '0.7', 'azuredeploy.json'), 'utf8').includes(ZRS_DEFAULT), winner === b, 'the feed holds the bytes of the publish that was added');
  assert.equal(listed(feed), ['0.4', '0.5', '0.6', '0.7']);
  assertConsistent(feed, 'concurrent');
  assert.equal(leftovers(snapshot(feed)), [], 'the lock is released');
});

test('killed at each step of publishing 0.7 onto a feed with 0.6: the feed stays consistent and keeps 0.6; the same command again completes it', async () => {
  const feed = newFeed();
  assert.is((await runHubc(args(feed, '0.6'))).code, 0);
  const before06 = [...snapshot(feed)].filter(([p]) => p.startsWith('0.6/') || p.startsWith('finops-hub-0.6'));
  // Each kill starts from what the one before left: staging folder; release folder in place, unlisted (adopted
  // next); the versioned files and the first alias; the index.
  for (const fault of ['publish:release-staged', 'publish:release-in-place', 'publish:file-written@3', 'publish:index-written']) {
    const killed = await runChild(args(feed, '0.7'), { fault });
    assert.is(killed.signal, 'SIGKILL', `${fault}: ${killed.stderr}`);
    assertConsistent(feed, fault);
    const snap = snapshot(feed);
    for (const [p, v] of before06) assert.is(snap.get(p), v, `${fault}: ${p} kept`);
    assert.equal(listed(feed), fault === 'publish:index-written' ? ['0.6', '0.7'] : ['0.6'], `${fault}: the index is the old one until it is replaced`);
  }
  const again = await runHubc(args(feed, '0.7'));
  assert.is(again.code, 0, again.stderr);
  assert.equal(listed(feed), ['0.6', '0.7']);
  assertConsistent(feed, 'after the re-run');
  assert.is(indexOf(feed).latest, '0.7');
  assert.equal(leftovers(snapshot(feed)), [], 'no lock, staging or temporary file left');
  assert.equal(
    [...snapshot(feed).keys()].filter((p) => p.includes('.hubc-')),
    [],
  );
});

test('a first publish killed before its index (release folder in place, nothing else): the same command again completes it (found by npm run kill-loop)', async () => {
  const feed = newFeed();
  const killed = await runChild(args(feed, '0.7'), { fault: 'publish:release-in-place' });
  assert.is(killed.signal, 'SIGKILL');
  assert.ok(lstatSync(join(feed, '0.7', 'azuredeploy.json')).isFile());
  const again = await runHubc(args(feed, '0.7'));
  assert.is(again.code, 0, again.stderr);
  assert.match(again.stdout, '0.7: added (2025-01-31)');
  assert.equal(listed(feed), ['0.7']);
  assertConsistent(feed, 'first publish');
});

test('publish --force killed with the old release folder moved aside: the next publish puts it back; the same command again replaces it', async () => {
  const feed = newFeed();
  assert.is((await runHubc(args(feed, '0.7'))).code, 0);
  const old = readFileSync(join(feed, '0.7', 'azuredeploy.json'), 'utf8');
  const killed = await runChild(args(feed, '0.7', hubZrs, '--force'), { fault: 'publish:release-moved-aside' });
  assert.is(killed.signal, 'SIGKILL');
  const again = await runHubc(args(feed, '0.7', hubZrs, '--force', '--format', 'json'));
  assert.is(again.code, 0, again.stderr);
  const out = JSON.parse(again.stdout);
  assert.ok(
    out.recovered.some((l: string) => l.includes('put back release 0.7')),
    JSON.stringify(out.recovered),
  );
  assert.equal(
    out.releases.map((r: { action: string }) => r.action),
    ['replaced'],
  );
  assert.match(readFileSync(join(feed, '0.7', 'azuredeploy.json'), 'utf8'), ZRS_DEFAULT);
  assert.not.match(old, ZRS_DEFAULT);
  assertConsistent(feed, 'forced');
  assert.equal(leftovers(snapshot(feed)), []);
});

test('finding 2: the earlier design killed between its renames (no feed, the old one in .hubc-feed-*.old beside it): the next publish recovers it and keeps its releases', async () => {
  const feed = newFeed();
  assert.is((await runHubc(args(feed, '0.6'))).code, 0);
  renameSync(feed, join(work, '.hubc-feed-aB3dE9.old'));
  const r = await runHubc(args(feed, '0.7'));
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /recovered: rolled back: \.hubc-feed-aB3dE9\.old/);
  assert.equal(listed(feed), ['0.6', '0.7']);
  assert.equal(leftovers(snapshot(work)), [], 'the leftover beside the feed is gone');
});

test('finding 5: links and special files in the feed stay as they are, a feed given as a link stays one, modes are kept, the root is not 0700', async () => {
  const real = join(work, 'real-site');
  const feed = join(work, 'site-link');
  const outside = mkdtempSync(join(tmpdir(), 'hubc-publish-outside-'));
  writeFileSync(join(outside, 'secret.json'), '{"secret":true}\n');
  mkdirSync(real);
  symlinkSync(real, feed);
  assert.is((await runHubc(args(feed, '0.6'))).code, 0);
  symlinkSync(join(outside, 'secret.json'), join(real, 'extra.json'));
  assert.is(spawnSync('mkfifo', [join(real, 'pipe')]).status, 0);
  writeFileSync(join(real, 'notes.txt'), 'mine\n');
  chmodSync(join(real, 'notes.txt'), 0o600);
  chmodSync(join(real, 'index.json'), 0o640);
  const r = await runHubc(args(feed, '0.7'));
  assert.is(r.code, 0, r.stderr);
  assert.ok(lstatSync(feed).isSymbolicLink(), 'the feed given as a link stays a link');
  assert.equal(listed(real), ['0.6', '0.7'], 'written into its target');
  assert.ok(lstatSync(join(real, 'extra.json')).isSymbolicLink(), 'a link in the feed is not replaced by a copy');
  assert.is(readlinkSync(join(real, 'extra.json')), join(outside, 'secret.json'));
  assert.ok(lstatSync(join(real, 'pipe')).isFIFO(), 'a FIFO in the feed is left (and not read: no hang)');
  assert.is(statSync(join(real, 'notes.txt')).mode & 0o777, 0o600);
  assert.is(statSync(join(real, 'index.json')).mode & 0o777, 0o640, 'a rewritten file keeps its mode');
  const umask = process.umask();
  assert.is(statSync(real).mode & 0o777, 0o777 & ~umask);
  assert.is(statSync(join(real, '0.7')).mode & 0o777, 0o777 & ~umask);
  assert.is(statSync(join(real, 'finops-hub-0.7.json')).mode & 0o777, 0o666 & ~umask);
  assert.not.ok(JSON.stringify(indexOf(real)).includes('extra.json'));
});

test('finding 5: a link where the publish writes (index.html, a release folder) is refused with HUB010 and nothing is written through it', async () => {
  const feed = newFeed();
  assert.is((await runHubc(args(feed, '0.6'))).code, 0);
  const outside = mkdtempSync(join(tmpdir(), 'hubc-publish-outside-'));
  writeFileSync(join(outside, 'page.html'), 'theirs');
  const page = join(feed, 'index.html');
  renameSync(page, `${page}.mine`);
  symlinkSync(join(outside, 'page.html'), page);
  const r = await runHubc(args(feed, '0.7'));
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, `error HUB010: refusing to write ${page}: it is a symbolic link`);
  assert.is(readFileSync(join(outside, 'page.html'), 'utf8'), 'theirs');
  assert.equal(listed(feed), ['0.6'], 'nothing published');
  symlinkSync(outside, join(feed, '0.5'));
  const folder = await runHubc(args(feed, '0.5'));
  assert.is(folder.code, 2);
  assert.match(folder.stderr, `refusing to write ${join(feed, '0.5')}: it is a symbolic link`);
  assert.equal([...snapshot(outside).keys()], ['page.html']);
});

test('a feed locked by another publisher for the whole wait is HUB011; a lock left by a killed process is taken over at once', async () => {
  const feed = newFeed();
  await publishFeed({ feedDir: feed, releases: [releaseBuildOf('0.7')], baseUrl: BASE, date: '2025-01-31' });
  const lock = await lockFolder(feed);
  try {
    await publishFeed({ feedDir: feed, releases: [releaseBuildOf('0.6')], lockWaitMs: 300 });
    assert.unreachable('published while locked');
  } catch (e) {
    assert.instance(e, PublishError);
    assert.is((e as PublishError).code, 'HUB011');
    // The wait is 300 ms; a loaded machine may round it up to a second.
    assert.match((e as Error).message, new RegExp(`is locked by another hubc process \\(pid ${process.pid}\\); waited [01] s`));
  } finally {
    await lock.release();
  }
  // A holder on this machine whose process is gone: its lock folder and owner record are taken over.
  mkdirSync(join(feed, '.hubc-lock'));
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const hostHash = createHash('sha256').update(hostname()).digest('hex').slice(0, 16);
  writeFileSync(join(feed, '.hubc-lock-owner'), JSON.stringify({ pid: Number(dead.stdout), host: hostHash }));
  const started = Date.now();
  const r = await publishFeed({ feedDir: feed, releases: [releaseBuildOf('0.6')], lockWaitMs: 5_000 });
  assert.ok(Date.now() - started < 2_000, 'no wait for the stale time');
  assert.equal(
    r.releases.map((x) => x.action),
    ['added'],
  );
  assert.equal(leftovers(snapshot(feed)), []);
});

test.run();
