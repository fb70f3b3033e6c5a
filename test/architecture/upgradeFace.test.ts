/**
 * src/upgrade uses the comparison of src/diff through one face, src/diff/forUpgrade.ts (issue #30 item 3,
 * towards issue #32 item 2): no file of src/upgrade imports another file of src/diff.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const UPGRADE = fileURLToPath(new URL('../../src/upgrade/', import.meta.url));

test('src/upgrade imports src/diff only through src/diff/forUpgrade.ts', () => {
  const found: string[] = [];
  for (const name of readdirSync(UPGRADE).filter((n) => n.endsWith('.ts'))) {
    const text = readFileSync(join(UPGRADE, name), 'utf8');
    for (const m of text.matchAll(/from '\.\.\/diff\/([^']+)'/g)) if (m[1] !== 'forUpgrade.js') found.push(`${name}: ../diff/${m[1]}`);
  }
  assert.equal(found, []);
});

test.run();
