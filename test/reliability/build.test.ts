/**
 * `hubc build` and `hubc build --all` under kills (issue #20, findings 2 and 15): a child killed at each
 * step of replacing a release folder leaves the old folder or the new one whole (or, between the two
 * renames, both kept aside), and the same command again ends with exactly the new build and no `.hubc-*`
 * folder; the leftovers of the earlier design (a staging folder and its `.old`, the release folder gone)
 * are rolled forward; a release folder that is a symbolic link is refused (HUB010) and left as it is.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile } from '../../src/compiler/compile.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { runHubc } from '../support/cli.js';
import { runChild } from '../support/crash.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { filesUnder, leftovers, snapshot } from '../support/trees.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-build-kill-'));
const hubNew = join(work, 'hub.yaml');
writeFileSync(hubNew, DEFAULT_HUB_YAML);
const OLD_YAML = DEFAULT_HUB_YAML.replace('  sku: Premium_LRS', '  sku: Premium_ZRS');
const hubOld = join(work, 'old.yaml');
writeFileSync(hubOld, OLD_YAML);

const built = (yaml: string, release = '0.7') => new Map(compile(yaml, { release }).artifacts);
const NEW = built(DEFAULT_HUB_YAML);
const OLD = built(OLD_YAML);

test('killed at each step of replacing dist/0.7: the old or the new build whole, or both kept aside; the same command again ends with the new build and nothing left', async () => {
  const out = join(work, 'dist');
  assert.is((await runHubc(['build', hubOld, '--out', out])).code, 0);
  for (const fault of ['build:staged', 'build:moved-aside', 'build:swapped']) {
    const killed = await runChild(['build', hubNew, '--out', out], { fault });
    assert.is(killed.signal, 'SIGKILL', `${fault}: ${killed.stderr}`);
    const snap = snapshot(out);
    const release = filesUnder(snap, '0.7');
    if (fault === 'build:moved-aside') {
      assert.not.ok(snap.has('0.7'), 'between the renames there is no 0.7');
      const kept = leftovers(snap).filter((n) => !n.startsWith('.hubc-lock'));
      assert.is(kept.length, 2, kept.join(' '));
      assert.equal(
        filesUnder(
          snap,
          kept.find((n) => !n.endsWith('.old'))!,
        ),
        NEW,
        'the staged build is complete',
      );
    } else assert.equal(release, fault === 'build:swapped' ? NEW : OLD, `${fault}: a whole build`);
    assert.ok(leftovers(snap).length > 0, `${fault}: the kill leaves something to clean up`);
  }
  const again = await runHubc(['build', hubNew, '--out', out]);
  assert.is(again.code, 0, again.stderr);
  const snap = snapshot(out);
  assert.equal(filesUnder(snap, '0.7'), NEW);
  assert.equal(leftovers(snap), [], 'no staging, .old or lock left');
  assert.is(statSync(join(out, '0.7')).mode & 0o777, 0o777 & ~process.umask(), "the release folder has the umask's mode, not 0700");
});

test('build --all killed after two of seven releases: those two written whole, the rest not yet; the same command again builds all seven', async () => {
  const out = join(work, 'all');
  const killed = await runChild(['build', hubNew, '--out', out, '--all'], { fault: 'build:staged@3' });
  assert.is(killed.signal, 'SIGKILL');
  const snap = snapshot(out);
  assert.equal(filesUnder(snap, '0.1'), built(DEFAULT_HUB_YAML, '0.1'));
  assert.equal(filesUnder(snap, '0.2'), built(DEFAULT_HUB_YAML, '0.2'));
  assert.not.ok(snap.has('0.3'));
  const again = await runHubc(['build', hubNew, '--out', out, '--all']);
  assert.is(again.code, 0, again.stderr);
  const after = snapshot(out);
  for (const r of RELEASE_VERSIONS) assert.equal(filesUnder(after, r), built(DEFAULT_HUB_YAML, r), r);
  assert.equal(leftovers(after), []);
});

test("the earlier design's leftovers (0.7 gone, its staging folder and .old kept) are rolled forward and removed by the next build", async () => {
  const out = join(work, 'legacy');
  assert.is((await runHubc(['build', hubOld, '--out', out])).code, 0);
  cpSync(join(out, '0.7'), join(out, '.hubc-0.7-0123456789ab'), { recursive: true });
  renameSync(join(out, '0.7'), join(out, '.hubc-0.7-0123456789ab.old'));
  const r = await runHubc(['build', hubNew, '--out', out]);
  assert.is(r.code, 0, r.stderr);
  const snap = snapshot(out);
  assert.equal(filesUnder(snap, '0.7'), NEW);
  assert.equal(leftovers(snap), []);
});

test('a release folder that is a symbolic link is refused with HUB010 and left as it is; nothing is written where it points', async () => {
  const out = join(work, 'linked');
  const elsewhere = mkdtempSync(join(tmpdir(), 'hubc-build-elsewhere-'));
  writeFileSync(join(elsewhere, 'precious.txt'), 'precious');
  mkdirSync(out);
  symlinkSync(elsewhere, join(out, '0.7'));
  const r = await runHubc(['build', hubNew, '--out', out]);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, `error HUB010: refusing to write ${join(out, '0.7')}: it is a symbolic link`);
  assert.ok(lstatSync(join(out, '0.7')).isSymbolicLink());
  assert.is(readlinkSync(join(out, '0.7')), elsewhere);
  assert.equal([...snapshot(elsewhere).keys()], ['precious.txt']);
  assert.is(readFileSync(join(elsewhere, 'precious.txt'), 'utf8'), 'precious');
});

test.run();
