/**
 * The Releases table of docs/releases.md and docs/hub-yaml.md's per-release table are the ones generated
 * from the release table, and the upgrade plans of docs/upgrading.md the ones hubc makes of the
 * repository's hub.yaml (`npm run docs` rewrites them).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { hubSchemaText, hubYamlReleasesTable, limitsTable, releasesTable, replaceBlock, taggedTypesTable } from '../../src/frontend/releaseDocs.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { upgradingSection } from '../../src/upgrade/docs.js';

for (const [file, block, content] of [
  ['docs/releases.md', 'releases', releasesTable()],
  ['docs/hub-yaml.md', 'hub-yaml-releases', hubYamlReleasesTable()],
  ['docs/hub-yaml.md', 'hub-yaml-tags', taggedTypesTable()],
  ['docs/hub-yaml.md', 'hub-yaml-limits', limitsTable()],
  ['docs/upgrading.md', 'upgrading', upgradingSection(readFileSync(new URL('../../hub.yaml', import.meta.url), 'utf8'))],
] as const) {
  test(`${file}: the ${block} table is current (npm run docs)`, () => {
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    assert.is(replaceBlock(text, block, content), text);
  });
}

test('schemas/hub.schema.json: the release field (values and the range its description names) is current (npm run docs)', () => {
  const text = readFileSync(new URL('../../schemas/hub.schema.json', import.meta.url), 'utf8');
  assert.is(hubSchemaText(text), text);
  assert.equal(JSON.parse(text).properties.release.enum, [...RELEASE_VERSIONS]);
});

test('the Releases table has one row per release', () => {
  const rows = releasesTable().split('\n').slice(2);
  assert.equal(
    rows.map((r) => r.split(' | ')[0].replace('| ', '')),
    [...RELEASE_VERSIONS],
  );
});

test('the Upgrading block has a plan per consecutive pair and from the oldest to the newest release', () => {
  const text = readFileSync(new URL('../../docs/upgrading.md', import.meta.url), 'utf8');
  const headings = [...text.matchAll(/^### Upgrade (\S+) -> (\S+)$/gm)].map((m) => `${m[1]}-${m[2]}`);
  const pairs = RELEASE_VERSIONS.slice(1).map((v, i) => `${RELEASE_VERSIONS[i]}-${v}`);
  assert.equal(headings, [...pairs, `${RELEASE_VERSIONS[0]}-${RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1]}`]);
});

test.run();
