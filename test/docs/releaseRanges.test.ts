/**
 * Release lists and ranges are derived from the release table, never written by hand (issue #32 item 8):
 * a hand-written "0.1 to 0.8" or "0.1, 0.2, 0.3, ..." is true until the next release and then silently
 * wrong (docs/hub-yaml.md said "0.1 to 0.7" long after 0.8; init's and import's lists were hand-kept).
 * This scans the sources, scripts, docs, README, the schema and package.json (not the tests, whose lists
 * are the cases they check) for
 * - a range from the first release to the latest (`0.1-0.8`, `"0.1" to "0.8"`, `0.1 ... 0.8`), which means
 *   "every release" and goes stale with the next one;
 * - three or more consecutive releases written out (`'0.1', '0.2', '0.3'`, `0.1, 0.2, 0.3`);
 * outside the blocks `npm run docs` writes (`<!-- name:start -->` ... `<!-- name:end -->`, the schema's
 * `release` field: test/compiler/releaseDocs.test.ts holds them current). Write `RELEASE_VERSIONS`,
 * `releaseRange()`, or words ("every release hubc builds") instead.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LATEST_RELEASE, RELEASE_VERSIONS } from '../../src/model/releases.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const Q = `["'\`]?`;

/** A range from the first release to the latest. */
const FULL_RANGE = new RegExp(`${Q}\\b${esc(RELEASE_VERSIONS[0])}${Q}\\s*(?:to|through|-|–|—|\\.\\.\\.?|…)\\s*${Q}${esc(LATEST_RELEASE)}\\b`, 'g');
/** Three consecutive releases written out as a list. */
const LISTS = RELEASE_VERSIONS.slice(0, -2).map(
  (v, i) =>
    new RegExp(
      RELEASE_VERSIONS.slice(i, i + 3)
        .map((x) => `\\b${esc(x)}\\b`)
        .join(`${Q}\\s*,\\s*${Q}`),
      'g',
    ),
);

/** Files to scan: text sources and docs of the checkout (generated and vendored files apart). */
function files(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (['node_modules', 'dist', 'dist-templates', '.git', 'fixtures', 'coverage'].includes(e.name)) continue;
        walk(rel);
      } else if (/\.(ts|mts|mjs|cjs|js|md|json)$/.test(e.name)) out.push(rel);
    }
  };
  for (const dir of ['src', 'scripts', 'docs', 'schemas']) walk(dir);
  out.push('README.md', 'package.json');
  // Generated from the registry (whose texts in src/ are scanned) and from the ARM schemas.
  return out.filter((f) => f !== 'docs/diagnostics.md' && !f.endsWith('.generated.ts') && f !== 'test/timings.json');
}

/** The text without the blocks `npm run docs` writes. */
function handWritten(file: string, text: string): string {
  if (file === 'schemas/hub.schema.json') {
    const schema = JSON.parse(text);
    delete schema.properties.release;
    return JSON.stringify(schema, null, 2);
  }
  // Line breaks kept, so that line numbers stay those of the file.
  return text.replace(/<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g, (block) => block.replace(/[^\n]/g, ''));
}

test('no hand-written range from the first release to the latest, and no hand-written list of releases', () => {
  const found: string[] = [];
  for (const file of files()) {
    if (
      file ===
      relative(ROOT, fileURLToPath(import.meta.url))
        .split('\\')
        .join('/')
    )
      continue;
    const text = handWritten(file, readFileSync(join(ROOT, file), 'utf8'));
    for (const re of [FULL_RANGE, ...LISTS]) {
      for (const m of text.matchAll(re)) found.push(`${file}:${text.slice(0, m.index).split('\n').length}: ${m[0]}`);
    }
  }
  assert.equal([...new Set(found)].sort(), []);
});

test.run();
