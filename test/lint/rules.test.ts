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
import { files, form, template, type Files, type RuleCase } from './cases/support.js';
import { fromFiles } from '../../src/build/index.js';

const CASES: Record<string, RuleCase> = { ...TEMPLATE_CASES, ...SECURITY_CASES, ...OTHER_CASES };

function artifacts(f: Files): Map<string, string> {
  return new Map(Object.entries(f).map(([path, v]) => [path, typeof v === 'string' ? v : toJsonText(v)]));
}

test('every rule has a case and every case a rule', () => {
  assert.equal(Object.keys(CASES).sort(), RULES.map((r) => r.id).sort());
});

test('rule codes are unique HUB5nn codes, names unique, every rule documented in docs/lint.md with who acts and its link', () => {
  const lintDoc = readFileSync(new URL('../../docs/lint.md', import.meta.url), 'utf8');
  assert.is(new Set(RULES.map((r) => r.id)).size, RULES.length);
  assert.is(new Set(RULES.map((r) => r.name)).size, RULES.length);
  for (const r of RULES) {
    assert.match(r.id, /^HUB5\d\d$/);
    assert.match(r.link, /^https:\/\//, r.id);
    const who = r.actor === 'author' ? 'hub.yaml author' : 'hubc maintainers';
    assert.ok(lintDoc.includes(`| ${r.id} | \`${r.name}\` | ${r.severity} | ${who} |`), `${r.id} in docs/lint.md with its severity and who acts (${who})`);
    assert.ok(lintDoc.includes(r.link), `${r.id} link in docs/lint.md`);
  }
});

for (const rule of RULES) {
  test(`${rule.id} ${rule.name}: the failing case is reported inside its file, the passing case is clean`, () => {
    const c = CASES[rule.id]!;
    const fail = artifacts(c.fail);
    const bad = lintRelease({ build: fromFiles({ release: 'test', source: 'folder', files: fail }), options: c.options }, [rule]);
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
    const good = lintRelease({ build: fromFiles({ release: 'test', source: 'folder', files: artifacts(c.pass) }), options: c.options }, [rule]);
    assert.equal(
      good.diagnostics.map((d) => d.message),
      [],
      `${rule.id}: findings on the passing case`,
    );
  });
}

test('HUB512: a location output other than [location()] is a finding (ARM-TTK "Location Should Be In Outputs")', () => {
  const rule = RULES.find((r) => r.id === 'HUB512')!;
  const lint = (location: string) =>
    lintRelease(
      {
        build: fromFiles({
          release: 'test',
          source: 'folder',
          files: artifacts(files(template([], { parameters: { location: { type: 'string' } } }), { 'createUiDefinition.json': form({ location }) })),
        }),
      },
      [rule],
    ).diagnostics.map((d) => d.message);
  assert.equal(lint("[basics('hubLocation')]"), [`the portal form's 'location' output is "[basics('hubLocation')]", not the Basics region picker`]);
  assert.equal(lint(' [location()] '), []);
});

/** Rules that judge values the template may only know at deployment: each has an unknown case (or says why not). */
const THREE_VALUED = RULES.filter((r) => r.area === 'security' || ['HUB507', 'HUB543'].includes(r.id));

test('every security rule (and HUB507, HUB543) has a case whose values are known only at deployment, or says why it has none', () => {
  for (const r of THREE_VALUED) {
    const c = CASES[r.id]!;
    assert.ok(c.unknown || (c.noUnknown && c.noUnknown.length > 10), `${r.id}: no unknown case`);
  }
});

for (const rule of THREE_VALUED.filter((r) => CASES[r.id]!.unknown)) {
  test(`${rule.id} ${rule.name}: a value known only at deployment is a finding of its own, at the rule's severity`, () => {
    const input = artifacts(CASES[rule.id]!.unknown!);
    const r = lintRelease({ build: fromFiles({ release: 'test', source: 'folder', files: input }) }, [rule]);
    assert.ok(r.diagnostics.length > 0, `${rule.id}: the unknown case passed`);
    for (const d of r.diagnostics) {
      assert.match(d.message, /^cannot be decided at build time: .+: .+/, d.message);
      assert.is(d.severity, rule.severity);
      assert.ok(d.start, `${d.message}: no position`);
    }
  });
}

test.run();
