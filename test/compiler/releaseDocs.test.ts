/**
 * The README's Releases table and docs/hub-yaml.md's per-release table are the ones generated from the
 * release table (`npm run docs` rewrites them).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { hubYamlReleasesTable, releasesTable, replaceBlock } from '../../src/compiler/releaseDocs.js';
import { RELEASE_VERSIONS } from '../../src/compiler/releases.js';

for (const [file, block, content] of [
  ['README.md', 'releases', releasesTable()],
  ['docs/hub-yaml.md', 'hub-yaml-releases', hubYamlReleasesTable()],
] as const) {
  test(`${file}: the ${block} table is current (npm run docs)`, () => {
    const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    assert.is(replaceBlock(text, block, content), text);
  });
}

test('the Releases table has one row per release', () => {
  const rows = releasesTable().split('\n').slice(2);
  assert.equal(rows.map((r) => r.split(' | ')[0].replace('| ', '')), [...RELEASE_VERSIONS]);
});

test.run();
