/**
 * package.json's dependency choices are documented and hold (issue #30, item 20): every `overrides` pin has
 * its row with a reason in docs/dependencies.md; `npm pack`'s tarball is not committed by mistake. That no
 * declared dependency goes unused (`hyparquet-writer` did) is knip's finding (`npm run lint`, knip.jsonc).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const doc = readFileSync(join(ROOT, 'docs', 'dependencies.md'), 'utf8');

/** Each override as `a` or `a > b` (a nested override), with its pinned version. */
function overrides(o: Record<string, unknown>, path: string[] = []): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [[[...path, k].join(' > '), v] as [string, string]] : overrides(v as Record<string, unknown>, [...path, k]),
  );
}

test('every overrides pin has its row in docs/dependencies.md, with the same version and a reason', () => {
  const pins = overrides(pkg.overrides);
  assert.ok(pins.length >= 3);
  for (const [name, version] of pins) {
    const row = doc.split('\n').find((l) => l.startsWith(`| \`${name.split(' > ').join('` > `')}\` ${version} |`));
    assert.ok(row, `${name} ${version}: no row in docs/dependencies.md`);
    assert.ok(row!.split('|')[3].trim().length > 20, `${name}: a reason`);
  }
});

test('the tarball npm pack makes in a clone is ignored by git', () => {
  const r = spawnSync('git', ['check-ignore', '-q', `hubc-${pkg.version}.tgz`], { cwd: ROOT });
  assert.is(r.status, 0, '.gitignore has hubc-*.tgz');
});

test.run();
