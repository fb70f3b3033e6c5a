/**
 * The release notes of a feed (issue #30 item 3): each release leads with what an operator must do to
 * upgrade from the release before it (the steps of `hubc upgrade-plan` that are theirs, from the same
 * comparison as `hubc diff`'s notes) and what changes for them, in words; the machine-level comparison is
 * folded below on the page (`<details>`) and written as JSON and JSON Patch files it links to.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { parse as parseHtml } from 'parse5';
import { publishFeed } from '../../src/publish/publish.js';
import { applyDiffPatch, diffBuilds } from '../../src/diff/index.js';
import { planUpgrade } from '../../src/upgrade/index.js';
import { hubTextForRelease } from '../../src/frontend/forRelease.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { releaseBuild, releaseBuildOf, releaseInput } from '../support/releaseBuilds.js';
import type { Build } from '../../src/build/index.js';

const BASE = 'https://example.org/hub/';
const work = mkdtempSync(join(tmpdir(), 'hubc-notes-'));
let n = 0;
const publish = async (releases: Build[]) => {
  const feedDir = join(work, `feed${++n}`);
  await publishFeed({ feedDir, releases, baseUrl: BASE, date: '2025-01-31' });
  return { dir: feedDir, index: JSON.parse(readFileSync(join(feedDir, 'index.json'), 'utf8')), html: readFileSync(join(feedDir, 'index.html'), 'utf8') };
};
/** The text between two headings of a markdown text (to the end when `next` is absent). */
const part = (md: string, heading: string, next?: string) => md.slice(md.indexOf(heading), next ? md.indexOf(next) : undefined);

const ARM_EXPRESSION = /\[(variables|parameters|format|concat|resourceId|replace)\(/;

test('0.6 -> 0.7: the notes lead with what to do and what changes, in words; the machine-level diff is a linked JSON and patch', async () => {
  const feed = await publish([releaseBuildOf('0.6'), releaseBuildOf('0.7')]);
  const r = feed.index.releases[0];
  const md: string = r.releaseNotes;
  assert.match(md, /^### Upgrading from 0\.6 to 0\.7\n/);
  assert.ok(md.indexOf('#### What you must do') < md.indexOf('#### What changes for you'), md);
  const todo = part(md, '#### What you must do', '#### What changes for you');
  const changes = part(md, '#### What changes for you');
  assert.not.match(md, ARM_EXPRESSION, 'no ARM expression an operator cannot act on');
  assert.not.match(md, /^- (Added|Changed|Removed) `/m, 'no raw diff items in the lead');
  // 0.7 removes the 0.6 trigger (hubc deploy does that) and renames the dataset folders (migrate-data).
  assert.match(todo, /`hubc deploy --upgrade` does \d+ more steps?: it stops \d+ triggers?, deletes 1 Data Factory object/);
  assert.match(todo, 'hubc upgrade-plan 0.6 0.7');
  assert.match(changes, 'The hub can now deploy an Azure Data Explorer cluster');
  assert.match(changes, /New setting dataExplorerName: /);
  assert.match(changes, /Pipelines added [^.]*ingestion_ExecuteETL/);
  assert.equal(r.changes, { from: '0.6', json: 'changes/0.6-0.7.json', patch: 'changes/0.6-0.7.patch.json', details: r.changes.details });
  assert.match(r.changes.details, 'Added `dataExplorerName`');
  // The linked files: the comparison as hubc diff --format json gives it, and the patch that turns 0.6 into 0.7.
  const json = JSON.parse(readFileSync(join(feed.dir, 'changes/0.6-0.7.json'), 'utf8'));
  assert.equal(
    json,
    JSON.parse(
      JSON.stringify(
        diffBuilds(
          { label: '0.6', source: 'release', release: '0.6', build: releaseBuildOf('0.6') },
          { label: '0.7', source: 'release', release: '0.7', build: releaseBuildOf('0.7') },
        ),
      ),
    ),
  );
  const patch = JSON.parse(readFileSync(join(feed.dir, 'changes/0.6-0.7.patch.json'), 'utf8'));
  assert.equal(applyDiffPatch(releaseBuildOf('0.6'), patch), releaseBuild('0.7'));
  assert.is(feed.index.releases[1].changes, undefined, 'the first release of a feed has nothing to compare with');
});

test('the page: words first, the machine-level diff folded in <details> below them, the JSON and patch linked', async () => {
  const feed = await publish([releaseBuildOf('0.6'), releaseBuildOf('0.7')]);
  const doc = parseHtml(feed.html);
  type Node = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: Node[]; value?: string };
  const all = (node: Node): Node[] => [node, ...(node.childNodes ?? []).flatMap(all)];
  const text = (node: Node): string => (node.nodeName === '#text' ? (node.value ?? '') : (node.childNodes ?? []).map(text).join(''));
  const section = all(doc as unknown as Node).find((x) => x.attrs?.some((a) => a.name === 'id' && a.value === 'release-0.7'))!;
  const kids = (section.childNodes ?? []).filter((c) => c.nodeName !== '#text');
  const notes = kids.findIndex((c) => c.attrs?.some((a) => a.name === 'class' && a.value === 'notes'));
  const details = kids.findIndex((c) => c.nodeName === 'details' && c.attrs?.some((a) => a.name === 'class' && a.value === 'changes'));
  assert.ok(notes >= 0 && details > notes, 'the folded diff comes after the words');
  assert.match(text(kids[notes]), 'What you must do');
  assert.not.match(text(kids[notes]), ARM_EXPRESSION);
  assert.match(text(kids[details]), 'ingestion_ManifestAdded');
  const hrefs = all(section).flatMap((x) => (x.nodeName === 'a' ? (x.attrs ?? []).filter((a) => a.name === 'href').map((a) => a.value) : []));
  assert.ok(hrefs.includes('changes/0.6-0.7.json') && hrefs.includes('changes/0.6-0.7.patch.json'), hrefs.join(' '));
});

test('0.7 -> 0.8: the renamed output, and with a cluster the trusted tenants, are what the operator must do, as the plan says', async () => {
  const doc = parse(DEFAULT_HUB_YAML);
  doc.dataExplorer.name = 'myadx';
  const adx = stringify(doc);
  const a07 = hubTextForRelease(adx, '0.7').text;
  const a08 = hubTextForRelease(adx, '0.8').text;
  const feed = await publish([releaseBuildOf('0.7', a07), releaseBuildOf('0.8', a08)]);
  const todo = part(feed.index.releases[0].releaseNotes, '#### What you must do', '#### What changes for you');
  assert.not.match(todo, /Nothing by hand/);
  assert.match(todo, /trustedExternalTenants/);
  assert.match(todo, /output dataFactorytName .*read dataFactoryName/);
  // One source: each step of the plan that is the operator's is a line of the notes.
  const plan = planUpgrade(releaseInput('0.7', a07), releaseInput('0.8', a08));
  const theirs = plan.steps.filter((s) => s.performer === 'you' || s.performer === 'hubc migrate-data');
  assert.is(theirs.length, 2);
  assert.is(todo.split('\n').filter((l) => l.startsWith('- ')).length, theirs.length + 1, 'one line per step, then what hubc deploy does');
  const changes = part(feed.index.releases[0].releaseNotes, '#### What changes for you');
  assert.match(changes, /With public access on, the virtual network/);
  assert.match(changes, /australiacentral/);
});

test.run();
