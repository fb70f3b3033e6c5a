/**
 * hubc publish on the command line (in-process through runCli): --all with true hashes and Deploy links, a
 * repeated publish that writes nothing, a changed re-publish refused with exit 1, usage errors with exit 2,
 * and hubc diff reading the feed's folders.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHubc } from '../support/cli.js';
import { getRelease, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { parseDeployUrl } from '../../src/publish/urls.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';

const run = (...argv: string[]) => runHubc(argv);

const work = mkdtempSync(join(tmpdir(), 'hubc-publish-cli-'));
const hub = join(work, 'hub.yaml');
writeFileSync(hub, DEFAULT_HUB_YAML);
const feed = join(work, 'site');

test('publish --all writes a feed listing every release hubc builds, with true hashes and Deploy links', async () => {
  const r = await run('publish', '--feed', feed, '--all', '--hub', hub, '--base-url', 'https://example.org/hub', '--date', '2025-01-31');
  assert.is(r.code, 0, r.stderr);
  for (const v of RELEASE_VERSIONS) assert.match(r.stdout, `${v}: added (2025-01-31)`);
  // The hub.yaml's 0.7 sections that earlier releases lack: one line per release, not 52 warnings (issue #21).
  assert.equal(
    r.stderr
      .trimEnd()
      .split('\n')
      .map((l) => /warning HUB221: hub release (0\.\d) leaves out \d+ sections/.exec(l)?.[1]),
    ['0.1', '0.2', '0.3', '0.4', '0.5', '0.6'],
  );
  const index = JSON.parse(readFileSync(join(feed, 'index.json'), 'utf8'));
  assert.equal(index.releases.map((x: { release: string }) => x.release).sort(), [...RELEASE_VERSIONS].sort());
  for (const rel of index.releases) {
    for (const f of rel.files)
      assert.is(
        f.sha256,
        createHash('sha256')
          .update(readFileSync(join(feed, f.path)))
          .digest('hex'),
        f.path,
      );
    // Named after the version the hub records, as the public files are (release 12: finops-hub-12.0.json).
    assert.is(parseDeployUrl(rel.deploy.azure)!.templateUrl, `https://example.org/hub/finops-hub-${getRelease(rel.release).ftkVersion}.json`);
  }
});

test('the same publish again writes nothing; a changed hub for a published release is refused with exit 1', async () => {
  const mtime = statSync(join(feed, 'index.json')).mtimeMs;
  const newest = RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1];
  const again = await run('publish', '--feed', feed, '--release', newest, '--hub', hub, '--format', 'json');
  assert.is(again.code, 0, again.stderr);
  const out = JSON.parse(again.stdout);
  assert.is(out.changed, false);
  assert.equal(out.releases, [{ release: newest, action: 'unchanged', date: '2025-01-31' }]);
  assert.is(statSync(join(feed, 'index.json')).mtimeMs, mtime);
  const changedHub = join(work, 'changed.yaml');
  writeFileSync(changedHub, DEFAULT_HUB_YAML.replace('  sku: Premium_LRS', '  sku: Premium_ZRS'));
  const refused = await run('publish', '--feed', feed, '--release', '0.7', '--hub', changedHub);
  assert.is(refused.code, 1);
  assert.match(refused.stderr, /error HUB411: release 0\.7 is already published with different content \(changed 0\.7\/azuredeploy\.json, 0\.7\/createUiDefinition\.json/);
  assert.match(refused.stderr, /hint: Published releases are immutable/);
});

test('hubc diff reads a feed folder (its newest release) and a feed release folder', async () => {
  const latest = await run('diff', feed, RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1], '--hub', hub);
  assert.is(latest.code, 0, latest.stderr + latest.stdout);
  const folder = await run('diff', join(feed, '0.7'), hub, '--format', 'json');
  assert.is(folder.code, 0);
  assert.equal(JSON.parse(folder.stdout).a, { label: join(feed, '0.7'), source: 'folder', release: '0.7' });
});

test('usage errors exit 2: --release with --all, a bad date, a bad base URL, no --feed', async () => {
  const both = await run('publish', '--feed', feed, '--release', '0.7', '--all');
  assert.is(both.code, 2);
  assert.match(both.stderr, /option '--release <release>' cannot be used with option '--all'/);
  const date = await run('publish', '--feed', feed, '--date', '2025-02-30');
  assert.is(date.code, 2);
  assert.match(date.stderr, /Write a calendar date as YYYY-MM-DD/);
  const url = await run('publish', '--feed', feed, '--base-url', 'ftp://example.org/');
  assert.is(url.code, 2);
  assert.match(url.stderr, /must be an http or https URL/);
  const noFeed = await run('publish', '--all');
  assert.is(noFeed.code, 2);
  assert.match(noFeed.stderr, /required option '--feed <dir>' not specified/);
  const noBase = await run('publish', '--feed', join(work, 'other'), '--hub', hub);
  assert.is(noBase.code, 2);
  assert.match(noBase.stderr, /error HUB415: the feed has no base URL yet/);
});

test.run();
