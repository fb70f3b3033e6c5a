/**
 * Golden files of every release:
 * - `test/fixtures/<release>/custom/hub.yaml` (a customised hub) compiles to exactly its `expected/` folder
 *   (`UPDATE_GOLDEN=1 npm test` rewrites those; read the diff before committing), and so does each further
 *   variant a release has (`private/`, `fabric/`);
 * - `test/fixtures/<release>/default/hub.yaml` (the default hub) and the repository's hub.yaml built for the
 *   release both compile to exactly `dist-templates/<release>/`, which only a build writes (`npm run dist`):
 *   these tests compare even under UPDATE_GOLDEN, so a stale dist-templates always fails.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from '../src/compiler/compile.js';
import { RELEASE_VERSIONS } from '../src/model/releases.js';
import { compiled } from './support/hubs.js';
import { compareWithGolden } from './support/golden.js';

const ROOT = new URL('../', import.meta.url);
const path = (rel: string) => fileURLToPath(new URL(rel, ROOT));
const read = (rel: string) => readFileSync(new URL(rel, ROOT), 'utf8');

/** The further fixtures of a release (`test/fixtures/<release>/<variant>/hub.yaml` besides default and custom: private, fabric), each with its expected folder. */
const variants = (v: string) =>
  readdirSync(path(`test/fixtures/${v}`))
    .filter((d) => !['default', 'custom'].includes(d) && existsSync(path(`test/fixtures/${v}/${d}/hub.yaml`)))
    .sort();

test('every release has a default and a customised fixture and a dist-templates folder, and nothing else does', () => {
  assert.equal(
    readdirSync(path('test/fixtures'))
      .filter((d) => /^\d+(\.\d+)*$/.test(d))
      .sort(),
    [...RELEASE_VERSIONS].sort(),
  );
  assert.equal(readdirSync(path('dist-templates')).sort(), [...RELEASE_VERSIONS].sort());
  for (const v of RELEASE_VERSIONS) for (const c of ['default', 'custom']) assert.ok(existsSync(path(`test/fixtures/${v}/${c}/hub.yaml`)), `${v}/${c}`);
});

for (const v of RELEASE_VERSIONS) {
  test(`${v}: the customised fixture compiles to exactly test/fixtures/${v}/custom/expected`, () => {
    const r = compiled(read(`test/fixtures/${v}/custom/hub.yaml`));
    assert.is(r.release, v, 'the fixture names its own release');
    const problems = compareWithGolden(r.artifacts, path(`test/fixtures/${v}/custom/expected`));
    assert.equal(problems, [], problems.join('\n'));
  });

  for (const variant of variants(v)) {
    test(`${v}: the ${variant} fixture compiles to exactly test/fixtures/${v}/${variant}/expected`, () => {
      const r = compiled(read(`test/fixtures/${v}/${variant}/hub.yaml`));
      assert.is(r.release, v, 'the fixture names its own release');
      const problems = compareWithGolden(r.artifacts, path(`test/fixtures/${v}/${variant}/expected`));
      assert.equal(problems, [], problems.join('\n'));
    });
  }

  test(`${v}: the default hub compiles to exactly dist-templates/${v} (npm run dist rebuilds it)`, () => {
    const r = compiled(read(`test/fixtures/${v}/default/hub.yaml`));
    assert.is(r.release, v);
    const problems = compareWithGolden(r.artifacts, path(`dist-templates/${v}`), { update: false });
    assert.equal(problems, [], `dist-templates/${v} is stale; run npm run dist and commit:\n${problems.join('\n')}`);
  });

  test(`${v}: the repository's hub.yaml built for ${v} gives dist-templates/${v} too, with warnings at most`, () => {
    const r = compile(read('hub.yaml'), { release: v });
    assert.equal(
      r.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
    const problems = compareWithGolden(r.artifacts, path(`dist-templates/${v}`), { update: false });
    assert.equal(problems, [], problems.join('\n'));
  });
}

test.run();
