/**
 * package.json's dependency choices are documented and hold (issue #30, item 20): every `overrides` pin has
 * its row with a reason in docs/dependencies.md, and no declared development dependency goes unused by the
 * sources, tests and scripts (`hyparquet-writer` did); `npm pack`'s tarball is not committed by mistake.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const doc = readFileSync(join(ROOT, 'docs', 'dependencies.md'), 'utf8');

/** Each override as `a` or `a > b` (a nested override), with its pinned version. */
function overrides(o: Record<string, unknown>, path: string[] = []): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[[...path, k].join(' > '), v] as [string, string]] : overrides(v as Record<string, unknown>, [...path, k])));
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

test('every development dependency is imported or run by a source, test, script or package script', () => {
  const texts: string[] = [JSON.stringify(pkg.scripts)];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory() && e.name !== 'fixtures') walk(rel);
      else if (/\.(ts|mts|mjs|cjs|js)$/.test(e.name) && rel !== 'test/package/dependencies.test.ts') texts.push(readFileSync(join(ROOT, rel), 'utf8'));
    }
  };
  for (const d of ['src', 'test', 'scripts', 'bin']) walk(d);
  const all = texts.join('\n');
  // Tools run by name rather than imported: the type checker, the test runner and TypeScript loader, types-only packages.
  const used = (name: string) => name.startsWith('@types/') || ['typescript', 'tsx', 'uvu'].includes(name) || new RegExp(`['"\`]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^'"\`]*)?['"\`]`).test(all);
  assert.equal(Object.keys(pkg.devDependencies).filter((d) => !used(d)), []);
});

test('the tarball npm pack makes in a clone is ignored by git', () => {
  const r = spawnSync('git', ['check-ignore', '-q', `hubc-${pkg.version}.tgz`], { cwd: ROOT });
  assert.is(r.status, 0, '.gitignore has hubc-*.tgz');
});

test.run();
