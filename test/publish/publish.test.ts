/**
 * hubc publish: feed contents and hashes, Deploy to Azure links, dates, immutability and idempotence, the 4 MB
 * limit, atomicity under injected failures, the page (parsed with parse5, every link resolving) and the Atom
 * feed (parsed with fast-xml-parser).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseHtml } from 'parse5';
import { nodeFeedFs, readFeedTree, type FeedFs } from '../../src/publish/fs.js';
import { publishFeed, PublishError, type PublishOptions, type PublishOutcome } from '../../src/publish/publish.js';
import { parseDeployUrl } from '../../src/publish/urls.js';
import { previousOf07, releaseBuildOf } from '../support/releaseBuilds.js';
import { fromFiles, type Build } from '../../src/build/index.js';

const BASE = 'https://example.org/hub/';
const work = mkdtempSync(join(tmpdir(), 'hubc-publish-'));
let n = 0;
const newFeed = () => join(work, `feed${++n}`, 'site');

const r07: Build = releaseBuildOf('0.7');
/** The release before 0.7 (a stand-in until hubc builds 0.6; see test/support/releaseBuilds.ts). */
const r06: Build = previousOf07().build;

const publish = (feedDir: string, extra: Partial<PublishOptions> = {}) => publishFeed({ feedDir, releases: [r06, r07], baseUrl: BASE, date: '2025-01-31', ...extra });
const snapshot = (dir: string) => new Map([...readFeedTree(nodeFeedFs, dir).files].map(([p, blob]) => [p, blob.read()]));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function refused(fn: () => Promise<unknown>, code: string): Promise<PublishError> {
  try {
    await fn();
  } catch (e) {
    assert.instance(e, PublishError);
    assert.is((e as PublishError).code, code, (e as Error).message);
    return e as PublishError;
  }
  assert.unreachable(`expected ${code}`);
  throw new Error('unreachable');
}

/** A file system that fails the `failAt`-th call of `op`, and counts its calls. */
function faultyFs(op: 'createFile' | 'replaceFile' | 'rename' | 'makeFolder', failAt: number): FeedFs & { calls: number } {
  const fs = { ...nodeFeedFs, calls: 0 };
  const real = nodeFeedFs[op] as (...args: unknown[]) => void;
  (fs as Record<string, unknown>)[op] = (...args: unknown[]) => {
    if (++fs.calls === failAt) throw new Error(`injected ${op} failure`);
    real(...args);
  };
  return fs;
}

const feed = newFeed();
let outcome: PublishOutcome;
test.before(async () => void (outcome = await publish(feed)));

test('the feed holds every release, the versioned files, the latest alias, and an index with true hashes', () => {
  assert.ok(outcome.changed);
  assert.equal(
    outcome.releases.map((r) => [r.release, r.action, r.date]),
    [
      ['0.6', 'added', '2025-01-31'],
      ['0.7', 'added', '2025-01-31'],
    ],
  );
  const files = snapshot(feed);
  for (const [path, text] of r07.files) assert.ok(files.get(`0.7/${path}`)!.equals(Buffer.from(text)), path);
  assert.ok(files.get('finops-hub-0.7.json')!.equals(Buffer.from(r07.files.get('azuredeploy.json')!)));
  assert.ok(files.get('finops-hub-0.7.ui.json')!.equals(Buffer.from(r07.files.get('createUiDefinition.json')!)));
  assert.ok(files.get('finops-hub-latest.json')!.equals(files.get('finops-hub-0.7.json')!));
  assert.ok(files.get('finops-hub-latest.ui.json')!.equals(files.get('finops-hub-0.7.ui.json')!));
  assert.ok(files.get('finops-hub-0.6.json')!.equals(Buffer.from(r06.files.get('azuredeploy.json')!)));

  const index = JSON.parse(files.get('index.json')!.toString());
  const schema = JSON.parse(readFileSync(new URL('../../schemas/feed-index.schema.json', import.meta.url), 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  assert.ok(validate(JSON.parse(files.get('index.json')!.toString())), JSON.stringify(validate.errors));
  assert.is(index.latest, '0.7');
  assert.equal(
    index.releases.map((r: { release: string }) => r.release),
    ['0.7', '0.6'],
  );
  const listed = new Set<string>();
  for (const r of index.releases)
    for (const f of r.files) {
      listed.add(f.path);
      assert.is(f.sha256, sha(files.get(f.path)!), f.path);
      assert.is(f.bytes, files.get(f.path)!.length, f.path);
    }
  for (const a of index.aliases) assert.is(a.sha256, sha(files.get(a.path)!));
  const unlisted = [...files.keys()].filter((p) => !listed.has(p));
  // Derived like the pages: each release's data flow picture (issue #30 item 19) and its changes as JSON and patch (item 3).
  assert.equal(unlisted, [
    'changes/0.6-0.7.json',
    'changes/0.6-0.7.patch.json',
    'feed.xml',
    'finops-hub-0.6.flow.svg',
    'finops-hub-0.7.flow.svg',
    'finops-hub-latest.json',
    'finops-hub-latest.ui.json',
    'index.html',
    'index.json',
    'schemas/hub.schema.json',
  ]);
  // The hub.yaml schema of this hubc, for modelines that point at the feed (issue #21).
  assert.equal(JSON.parse(files.get('schemas/hub.schema.json')!.toString()), JSON.parse(readFileSync(new URL('../../schemas/hub.schema.json', import.meta.url), 'utf8')));
  // Release notes: 0.7 against 0.6 names what 0.7 added (the words in test/publish/notes.test.ts; here the machine-level changes).
  const notes07 = index.releases[0].changes.details as string;
  assert.match(notes07, /^#### All changes from 0\.6 to 0\.7, file by file$/m);
  for (const name of ['dataExplorerName', 'ingestion_ExecuteETL', 'ingestion_ETL_dataExplorer', 'ingestion_ManifestAdded']) assert.match(notes07, `Added \`${name}\``);
  assert.is(index.releases[0].previous, '0.6');
  assert.match(index.releases[1].releaseNotes, /First release in this feed/);
});

test('Deploy to Azure links decode back to the versioned file URLs, for the three portals', () => {
  for (const r of outcome.index.releases) {
    const hosts: string[] = [];
    for (const link of Object.values(r.deploy)) {
      const parsed = parseDeployUrl(link)!;
      assert.ok(parsed, link);
      assert.is(parsed.templateUrl, `${BASE}finops-hub-${r.release}.json`);
      assert.is(parsed.uiDefinitionUrl, `${BASE}finops-hub-${r.release}.ui.json`);
      hosts.push(new URL(link).host);
    }
    assert.equal(hosts, ['portal.azure.com', 'portal.azure.us', 'portal.azure.cn']);
  }
});

test('publishing the same bytes again changes nothing, not even the index, and writes nothing', async () => {
  const before = snapshot(feed);
  const fs = {
    ...faultyFs('createFile', Number.POSITIVE_INFINITY),
    makeFolder: () => assert.unreachable('a folder made'),
    replaceFile: () => assert.unreachable('a file replaced'),
    rename: () => assert.unreachable('a rename'),
  };
  const again = await publishFeed({ feedDir: feed, releases: [r07, r06], date: '2026-06-01', fs, today: () => '2030-01-01' });
  assert.not.ok(again.changed);
  assert.equal(
    again.releases.map((r) => [r.release, r.action, r.date]),
    [
      ['0.7', 'unchanged', '2025-01-31'],
      ['0.6', 'unchanged', '2025-01-31'],
    ],
  );
  assert.is(fs.calls, 0);
  const after = snapshot(feed);
  assert.equal([...after.keys()], [...before.keys()]);
  for (const [p, d] of before) assert.ok(after.get(p)!.equals(d), p);
});

test('a published release is immutable: different bytes are refused naming the files, unless --force', async () => {
  const dir = newFeed();
  await publishFeed({ feedDir: dir, releases: [r07], baseUrl: BASE, date: '2025-01-31' });
  const before = snapshot(dir);
  const edited = new Map(r07.files);
  edited.set('azuredeploy.json', r07.files.get('azuredeploy.json')!.replace('"contentVersion": "1.0.0.0"', '"contentVersion": "1.0.0.1"'));
  edited.set('kql/Extra.kql', '.show tables\n');
  const e = await refused(() => publishFeed({ feedDir: dir, releases: [fromFiles({ release: '0.7', source: 'compile', files: edited })] }), 'HUB411');
  assert.match(e.message, /release 0\.7 is already published with different content \(changed 0\.7\/azuredeploy\.json, finops-hub-0\.7\.json; new 0\.7\/kql\/Extra\.kql\)/);
  const unchanged = snapshot(dir);
  for (const [p, d] of before) assert.ok(unchanged.get(p)!.equals(d), p);
  const forced = await publishFeed({ feedDir: dir, releases: [fromFiles({ release: '0.7', source: 'compile', files: edited })], force: true, today: () => '2025-03-01' });
  assert.equal(forced.releases, [{ release: '0.7', action: 'replaced', date: '2025-03-01' }]);
  const after = snapshot(dir);
  assert.match(after.get('finops-hub-latest.json')!.toString(), /"contentVersion": "1\.0\.0\.1"/);
  assert.ok(after.has('0.7/kql/Extra.kql'));
});

test('dates: --date for new releases, the recorded date afterwards, today only when neither exists', async () => {
  const dir = newFeed();
  const first = await publishFeed({ feedDir: dir, releases: [r06], baseUrl: BASE, today: () => '2024-11-05' });
  assert.is(first.releases[0].date, '2024-11-05');
  const second = await publishFeed({ feedDir: dir, releases: [r07], date: '2025-02-14', today: () => '2099-01-01' });
  assert.equal(
    second.index.releases.map((r) => [r.release, r.date]),
    [
      ['0.7', '2025-02-14'],
      ['0.6', '2024-11-05'],
    ],
  );
  // Publishing 0.7 later changed what the latest alias points at; 0.6 kept its files.
  assert.is(second.index.latest, '0.7');
});

test('the base URL is required once, then read from the index; a broken index is refused', async () => {
  const dir = newFeed();
  await refused(() => publishFeed({ feedDir: dir, releases: [r07] }), 'HUB415');
  assert.not.ok(existsSync(dir));
  await publishFeed({ feedDir: dir, releases: [r07], baseUrl: 'https://cdn.example.net/finops', date: '2025-01-31' });
  const again = await publishFeed({ feedDir: dir, releases: [r07] });
  assert.is(again.index.baseUrl, 'https://cdn.example.net/finops/');
  writeFileSync(join(dir, 'index.json'), '{"kind":"something else"}\n');
  const e = await refused(() => publishFeed({ feedDir: dir, releases: [r07] }), 'HUB414');
  assert.match(e.message, /does not match schemas\/feed-index\.schema\.json/);
});

test("a template over ARM's 4 MB limit is refused and nothing is written", async () => {
  const dir = newFeed();
  const big = new Map(r07.files);
  const template = JSON.parse(big.get('azuredeploy.json')!);
  template.variables.padding = 'x'.repeat(4 * 1024 * 1024);
  big.set('azuredeploy.json', JSON.stringify(template));
  const e = await refused(() => publishFeed({ feedDir: dir, releases: [fromFiles({ release: '0.7', source: 'compile', files: big })], baseUrl: BASE }), 'HUB412');
  assert.match(e.message, /over ARM's limit of 4194304 bytes/);
  assert.not.ok(existsSync(dir));
});

test('atomic: a failure at any write (release files, versioned files, pages, the index, a rename) leaves the feed exactly as it was', async () => {
  const dir = newFeed();
  await publishFeed({ feedDir: dir, releases: [r06], baseUrl: BASE, date: '2025-01-01' });
  const before = snapshot(dir);
  const files07 = r07.files.size;
  // createFile: release files, then the versioned files; replaceFile: aliases, feed.xml, index.html, index.json.
  const faults = [
    ['makeFolder', 1],
    ['createFile', 1],
    ['createFile', files07],
    ['createFile', files07 + 2],
    ['rename', 1],
    ['replaceFile', 1],
    ['replaceFile', 4],
    ['replaceFile', 5],
  ] as const;
  for (const [op, at] of faults) {
    const fs = faultyFs(op, at);
    const e = await refused(() => publishFeed({ feedDir: dir, releases: [r07], date: '2025-02-01', fs }), 'HUB413');
    assert.match(e.message, new RegExp(`injected ${op} failure; the feed is unchanged`));
    const after = snapshot(dir);
    assert.equal([...after.keys()], [...before.keys()], `${op} #${at}`);
    for (const [p, d] of before) assert.ok(after.get(p)!.equals(d), `${op} #${at}: ${p}`);
    assert.equal(
      readdirSync(dir).filter((x) => x.startsWith('.hubc-') || x.includes('.hubc-')),
      [],
      `${op} #${at}: staging, lock or temporary file left behind`,
    );
    assert.equal(
      readdirSync(dirname(dir)).filter((x) => x.startsWith('.hubc-')),
      [],
      `${op} #${at}: nothing written beside the feed`,
    );
  }
});

/** Every element of a parse5 tree. */
function elements(node: any, out: any[] = []): any[] {
  if (node.tagName) out.push(node);
  for (const c of node.childNodes ?? []) elements(c, out);
  if (node.content) elements(node.content, out);
  return out;
}
const attr = (el: any, name: string): string | undefined => el.attrs.find((a: { name: string }) => a.name === name)?.value;

test('index.html: self-contained, newest first, every link inside the feed or to a portal', () => {
  const files = snapshot(feed);
  const doc = parseHtml(files.get('index.html')!.toString());
  const els = elements(doc);
  assert.equal(
    els.filter((e) => e.tagName === 'script' || e.tagName === 'img' || e.tagName === 'iframe'),
    [],
  );
  for (const e of els) assert.is(attr(e, 'src'), undefined, `${e.tagName} has src`);
  const links = els.filter((e) => e.tagName === 'link');
  assert.equal(
    links.map((l) => [attr(l, 'rel'), attr(l, 'href')]),
    [
      ['icon', 'data:,'],
      ['alternate', 'feed.xml'],
    ],
  );
  assert.not.match(files.get('index.html')!.toString(), /@import|url\(/);
  const ids = new Set(els.map((e) => attr(e, 'id')).filter(Boolean));
  assert.equal(
    els.filter((e) => e.tagName === 'section').map((e) => attr(e, 'id')),
    ['release-0.7', 'release-0.6'],
  );
  const hrefs = els.map((e) => attr(e, 'href')).filter((h): h is string => h !== undefined);
  let portal = 0;
  let local = 0;
  for (const h of hrefs) {
    if (h === 'data:,') continue; // the empty icon (no favicon request)
    if (h.startsWith('#')) assert.ok(ids.has(h.slice(1)), h);
    else if (/^https:\/\/portal\.azure\.(com|us|cn)\/#create\//.test(h)) {
      portal++;
      assert.ok(parseDeployUrl(h), h);
    } else {
      assert.not.match(h, /^[a-z]+:|^\/\//, `external link ${h}`);
      const path = decodeURIComponent(h);
      assert.ok(files.has(path), `link ${h} does not resolve inside the feed`);
      local++;
    }
  }
  assert.is(portal, 6);
  // Every file of every release is linked, with its hash next to it.
  const index = JSON.parse(files.get('index.json')!.toString());
  const html = files.get('index.html')!.toString();
  for (const r of index.releases) for (const f of r.files) assert.ok(html.includes(f.sha256), f.path);
  assert.ok(local >= index.releases.reduce((s: number, r: { files: unknown[] }) => s + r.files.length, 0));
});

test('feed.xml: a well-formed Atom feed with one entry per release, newest first', () => {
  const xml = snapshot(feed).get('feed.xml')!.toString();
  assert.is(XMLValidator.validate(xml), true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'entry' || name === 'link' }).parse(xml);
  const f = doc.feed;
  assert.is(f['@_xmlns'], 'http://www.w3.org/2005/Atom');
  assert.is(f.id, BASE);
  assert.is(f.updated, '2025-01-31T00:00:00Z');
  assert.ok(f.title && f.author.name);
  assert.equal(
    f.link.map((l: Record<string, string>) => [l['@_rel'], l['@_href']]),
    [
      ['self', `${BASE}feed.xml`],
      ['alternate', `${BASE}index.html`],
    ],
  );
  assert.equal(
    f.entry.map((e: { title: string }) => e.title),
    ['FinOps hub 0.7', 'FinOps hub 0.6'],
  );
  for (const e of f.entry) {
    assert.match(e.id, /^https:\/\/example\.org\/hub\/0\.[67]\/$/);
    assert.is(e.updated, '2025-01-31T00:00:00Z');
    const enclosure = e.link.find((l: Record<string, string>) => l['@_rel'] === 'enclosure');
    assert.match(enclosure['@_href'], /^https:\/\/example\.org\/hub\/finops-hub-0\.[67]\.json$/);
    assert.is(e.content['@_type'], 'html');
  }
  assert.match(f.entry[0].content['#text'], /<h3>Upgrading from 0\.6 to 0\.7<\/h3>/);
});

test.run();
