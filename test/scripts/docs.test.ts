/**
 * `npm run docs` (scripts/docs.ts) writes only the generated files whose text changes and says which are
 * current (issue #21: it said "updated" for every file on every run). Runs on a copy of the repository's
 * files, with docs/diagnostics.md made stale.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDocs } from '../../scripts/docs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('only the stale file is written; the current ones are reported as current and left untouched', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-docs-'));
  try {
    mkdirSync(join(dir, 'docs'));
    mkdirSync(join(dir, 'schemas'));
    const files = ['hub.yaml', 'docs/releases.md', 'docs/upgrading.md', 'docs/hub-yaml.md', 'docs/checks.md', 'docs/diagnostics.md', 'schemas/hub.schema.json'];
    for (const f of files) cpSync(join(root, f), join(dir, f));
    cpSync(join(root, 'test/fixtures/checks/public'), join(dir, 'test/fixtures/checks/public'), { recursive: true });
    writeFileSync(join(dir, 'docs/diagnostics.md'), 'stale\n');
    const past = new Date('2020-01-01T00:00:00Z');
    for (const f of files) utimesSync(join(dir, f), past, past);

    const outcome = writeDocs(dir);
    assert.equal(outcome, [
      { file: 'docs/releases.md', changed: false },
      { file: 'docs/upgrading.md', changed: false },
      { file: 'docs/hub-yaml.md', changed: false },
      { file: 'docs/checks.md', changed: false },
      { file: 'docs/diagnostics.md', changed: true },
      { file: 'schemas/hub.schema.json', changed: false },
    ]);
    assert.is(readFileSync(join(dir, 'docs/diagnostics.md'), 'utf8'), readFileSync(join(root, 'docs/diagnostics.md'), 'utf8'));
    for (const f of ['docs/releases.md', 'docs/upgrading.md', 'docs/hub-yaml.md', 'docs/checks.md', 'schemas/hub.schema.json'])
      assert.is(statSync(join(dir, f)).mtimeMs, past.getTime(), `${f} was not rewritten`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
