import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compiled } from './support/hubs.js';
import { compareWithGolden } from './support/golden.js';

const ROOT = new URL('../', import.meta.url);

test('release 0.7 fixture compiles to exactly test/fixtures/0.7/expected', () => {
  const r = compiled(readFileSync(new URL('test/fixtures/0.7/hub.yaml', ROOT), 'utf8'));
  const problems = compareWithGolden(r.artifacts, fileURLToPath(new URL('test/fixtures/0.7/expected', ROOT)));
  assert.equal(problems, [], problems.join('\n'));
});

test('dist-templates/0.7 is the current build of the root hub.yaml', () => {
  const r = compiled(readFileSync(new URL('hub.yaml', ROOT), 'utf8'));
  const saved = process.env.UPDATE_GOLDEN;
  const problems = compareWithGolden(r.artifacts, fileURLToPath(new URL(`dist-templates/${r.release}`, ROOT)));
  process.env.UPDATE_GOLDEN = saved;
  assert.equal(problems, [], `dist-templates is stale; run npx hubc build and commit:\n${problems.join('\n')}`);
});

test.run();
