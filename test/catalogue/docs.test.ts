/**
 * docs/checks.md's generated tables are current (`npm run docs`): the catalogue (one row per entry, with its
 * codes, what Azure does, its source and the issues where users met it) and what `hubc check` finds in each
 * public release (from test/fixtures/checks/public). Every entry names an Azure doc.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { replaceBlock } from '../../src/frontend/releaseDocs.js';
import { CATALOGUE } from '../../src/catalogue/index.js';
import { catalogueTable, publicLineTable } from '../../src/catalogue/docs.js';
import { publicFindings } from '../../scripts/docs.js';

const doc = readFileSync(new URL('../../docs/checks.md', import.meta.url), 'utf8');

test('docs/checks.md: the catalogue and public-line tables are current (npm run docs)', () => {
  const fixtures = fileURLToPath(new URL('../fixtures/checks/public', import.meta.url));
  const expected = replaceBlock(replaceBlock(doc, 'catalogue', catalogueTable()), 'public-line', publicLineTable(publicFindings(fixtures)));
  assert.ok(doc === expected, 'docs/checks.md is stale: run npm run docs');
});

test('every entry names its codes, an Azure or GitHub doc, and a row in the table', () => {
  for (const e of CATALOGUE) {
    assert.ok(e.codes.length > 0, e.name);
    assert.match(e.source, /^https:\/\/(learn\.microsoft\.com|docs\.github\.com)\//, e.name);
    assert.ok(doc.includes(`\`${e.name}\``), `${e.name} has its row`);
  }
  assert.is(new Set(CATALOGUE.map((e) => e.name)).size, CATALOGUE.length);
});

test.run();
