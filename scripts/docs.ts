/**
 * `npm run docs`: writes the tables generated from the release table into README.md ("Releases") and
 * docs/hub-yaml.md ("Releases"). test/compiler/releaseDocs.test.ts fails when they are not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { hubYamlReleasesTable, releasesTable, replaceBlock } from '../src/compiler/releaseDocs.js';

for (const [file, block, content] of [
  ['README.md', 'releases', releasesTable()],
  ['docs/hub-yaml.md', 'hub-yaml-releases', hubYamlReleasesTable()],
] as const) {
  const url = new URL(`../${file}`, import.meta.url);
  writeFileSync(url, replaceBlock(readFileSync(url, 'utf8'), block, content));
  console.log(`updated ${file}`);
}
