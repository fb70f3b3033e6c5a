/**
 * `npm run docs`: writes the tables generated from the release table into README.md ("Releases") and
 * docs/hub-yaml.md ("Releases"), and the upgrade plans of README "Upgrading" (test/compiler/releaseDocs.test.ts
 * fails when they are not current); and docs/diagnostics.md from the diagnostic registry, src/diagnostics/
 * (test/compiler/codes.test.ts fails when it is not current).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { hubYamlReleasesTable, limitsTable, releasesTable, replaceBlock, taggedTypesTable } from '../src/frontend/releaseDocs.js';
import { upgradingSection } from '../src/upgrade/docs.js';
import { diagnosticsDoc } from '../src/diagnostics/docs.js';

for (const [file, block, content] of [
  ['README.md', 'releases', releasesTable()],
  ['README.md', 'upgrading', upgradingSection(readFileSync(new URL('../hub.yaml', import.meta.url), 'utf8'))],
  ['docs/hub-yaml.md', 'hub-yaml-releases', hubYamlReleasesTable()],
  ['docs/hub-yaml.md', 'hub-yaml-tags', taggedTypesTable()],
  ['docs/hub-yaml.md', 'hub-yaml-limits', limitsTable()],
] as const) {
  const url = new URL(`../${file}`, import.meta.url);
  writeFileSync(url, replaceBlock(readFileSync(url, 'utf8'), block, content));
  console.log(`updated ${file}`);
}

writeFileSync(new URL('../docs/diagnostics.md', import.meta.url), diagnosticsDoc());
console.log('updated docs/diagnostics.md');
