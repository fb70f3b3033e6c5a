/**
 * A feed given to `hubc diff` and `hubc upgrade-plan` (issue #29, finding 5): the feed's `latest` must be a
 * release folder inside the feed (a path such as `../../elsewhere/0.3`, or a link out, is refused with HUB472
 * and nothing outside is read), and the release folder read must be what the feed's index.json published
 * (SHA-256 of every file, none missing or added), else HUB473 naming the file, exit 2; `--allow-modified-feed`
 * uses it anyway.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishFeed } from '../../src/publish/publish.js';
import { runHubc } from '../support/cli.js';
import { releaseBuildOf } from '../support/releaseBuilds.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-feed-input-'));
const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
let n = 0;

/** A feed with 0.6 and 0.7, published. */
async function feed(): Promise<string> {
  const dir = join(work, `feed${++n}`);
  await publishFeed({ feedDir: dir, releases: ['0.6', '0.7'].map((release) => releaseBuildOf(release)), baseUrl: 'https://example.org/hub/', date: '2025-01-31' });
  return dir;
}

const editIndex = (dir: string, edit: (index: Record<string, unknown>) => void) => {
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  edit(index);
  writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
};

test('latest pointing out of the feed ("../../elsewhere/0.3", a link): HUB472, exit 2, nothing outside read', async () => {
  const dir = await feed();
  const elsewhere = join(work, 'elsewhere');
  cpSync(join(dir, '0.6'), join(elsewhere, '0.3'), { recursive: true });
  editIndex(dir, (index) => (index.latest = '../elsewhere/0.3'));
  for (const command of [
    ['diff', dir, '0.7', '--hub', HUB],
    ['upgrade-plan', dir, '0.7', '--hub', HUB],
  ]) {
    const r = await runHubc(command);
    assert.is(r.code, 2, `${command[0]}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, `error HUB472: ${dir}: index.json names "../elsewhere/0.3" as its newest release, which is not a release folder name`);
  }
  editIndex(dir, (index) => (index.latest = '0.5'));
  symlinkSync(join(elsewhere, '0.3'), join(dir, '0.5'));
  const linked = await runHubc(['diff', dir, '0.7', '--hub', HUB]);
  assert.is(linked.code, 2);
  assert.match(linked.stderr, 'error HUB472');
  assert.match(linked.stderr, 'a symbolic link');
});

test('a published file changed, one added, one removed: HUB473 naming each, exit 2, for the feed and for feed/<release>; --allow-modified-feed compares anyway', async () => {
  const dir = await feed();
  const template = join(dir, '0.7', 'azuredeploy.json');
  writeFileSync(template, readFileSync(template, 'utf8').replace('"contentVersion"', '"contentVersion" ').replace(/\n$/, ' \n'));
  const r = await runHubc(['diff', dir, '0.7', '--hub', HUB]);
  assert.is(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, `error HUB473: ${dir}/0.7 is not the release the feed's index.json published: azuredeploy.json does not have the SHA-256 index.json gives`);
  const plan = await runHubc(['upgrade-plan', join(dir, '0.6'), join(dir, '0.7'), '--hub', HUB]);
  assert.is(plan.code, 2);
  assert.match(plan.stderr, 'azuredeploy.json does not have the SHA-256 index.json gives');
  writeFileSync(join(dir, '0.6', 'extra.json'), '{}');
  renameSync(join(dir, '0.6', 'createUiDefinition.json'), join(work, `moved-${n}.json`));
  const six = await runHubc(['diff', join(dir, '0.6'), '0.6', '--hub', HUB]);
  assert.is(six.code, 2);
  assert.match(six.stderr, 'extra.json is not listed in index.json');
  assert.match(six.stderr, 'createUiDefinition.json is missing');
  const allowed = await runHubc(['diff', dir, '0.7', '--hub', HUB, '--allow-modified-feed']);
  assert.ok(allowed.code === 0 || allowed.code === 1, allowed.stderr);
  assert.not.match(allowed.stderr, 'HUB473');
});

test('an unmodified feed: compared as before, no error', async () => {
  const dir = await feed();
  const r = await runHubc(['diff', join(dir, '0.6'), dir, '--hub', HUB]);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stdout, '0.7');
  const same = await runHubc(['upgrade-plan', join(dir, '0.6'), dir, '--hub', HUB]);
  assert.is(same.code, 0, same.stderr);
});

test.run();
