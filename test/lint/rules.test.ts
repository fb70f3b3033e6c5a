/**
 * Every lint rule has a failing and a passing case (test/lint/cases/), its code is documented, and the
 * findings of the failing case are located inside the file they name.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { lintRelease } from '../../src/lint/engine.js';
import { RULES } from '../../src/lint/registry.js';
import { toJsonText } from '../../src/model/json.js';
import { TEMPLATE_CASES } from './cases/template.js';
import { SECURITY_CASES } from './cases/security.js';
import { OTHER_CASES } from './cases/others.js';
import type { Files, RuleCase } from './cases/support.js';

const CASES: Record<string, RuleCase> = { ...TEMPLATE_CASES, ...SECURITY_CASES, ...OTHER_CASES };

function artifacts(f: Files): Map<string, string> {
  return new Map(Object.entries(f).map(([path, v]) => [path, typeof v === 'string' ? v : toJsonText(v)]));
}

test('every rule has a case and every case a rule', () => {
  assert.equal(Object.keys(CASES).sort(), RULES.map((r) => r.id).sort());
});

test('rule codes are unique HUB5nn codes, names unique, every rule documented in docs/lint.md with its link', () => {
  const lintDoc = readFileSync(new URL('../../docs/lint.md', import.meta.url), 'utf8');
  assert.is(new Set(RULES.map((r) => r.id)).size, RULES.length);
  assert.is(new Set(RULES.map((r) => r.name)).size, RULES.length);
  for (const r of RULES) {
    assert.match(r.id, /^HUB5\d\d$/);
    assert.match(r.link, /^https:\/\//, r.id);
    assert.ok(lintDoc.includes(`| ${r.id} | \`${r.name}\` |`), `${r.id} in docs/lint.md`);
    assert.ok(lintDoc.includes(r.link), `${r.id} link in docs/lint.md`);
  }
});

for (const rule of RULES) {
  test(`${rule.id} ${rule.name}: the failing case is reported inside its file, the passing case is clean`, () => {
    const c = CASES[rule.id]!;
    const fail = artifacts(c.fail);
    const bad = lintRelease({ release: 'test', artifacts: fail, options: c.options }, [rule]);
    assert.ok(bad.diagnostics.length > 0, `${rule.id}: no finding on the failing case`);
    for (const d of bad.diagnostics) {
      assert.is(d.code, rule.id);
      assert.is(d.severity, rule.severity);
      assert.ok(fail.has(d.file), `${d.file} is an artifact`);
      assert.ok(d.start, `${d.message}: no position`);
      const lines = fail.get(d.file)!.split('\n');
      assert.ok(d.start!.line >= 1 && d.start!.line <= lines.length, `${d.message}: line ${d.start!.line}`);
      assert.ok(d.start!.col >= 1 && d.start!.col <= lines[d.start!.line - 1]!.length + 1, `${d.message}: col ${d.start!.col}`);
    }
    const good = lintRelease({ release: 'test', artifacts: artifacts(c.pass), options: c.options }, [rule]);
    assert.equal(good.diagnostics.map((d) => d.message), [], `${rule.id}: findings on the passing case`);
  });
}

test.run();
