/**
 * What hub.yaml authors get from `lintHub` (the rules reported to them): hubs written from the docs lint
 * clean in every release, with and without Data Explorer, with no suppression; the repository's hub.yaml
 * and the release fixtures too; suppressions that no longer match, name no rule or name a hubc
 * maintainers' rule are HUB599 warnings; lint is deterministic.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { lintExitCode, lintHub } from '../../src/lint/index.js';
import { AUTHOR_RULES, RULES } from '../../src/lint/registry.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';

const fixture = (release: string, which: string) => new URL(`../fixtures/${release}/${which}/hub.yaml`, import.meta.url);
const HUB_YAML_DOC = readFileSync(new URL('../../docs/hub-yaml.md', import.meta.url), 'utf8');

/** Every finding and hub.yaml diagnostic a result leaves. */
function leftOver(r: ReturnType<typeof lintHub>): string[] {
  return [...r.diagnostics, ...r.reports.flatMap((x) => x.diagnostics)].map((d) => `${d.code} ${d.file}:${d.start?.line} ${d.message}`);
}

/** The example hub of docs/hub-yaml.md ("## Example"), as a reader would copy it. */
function docsExample(): string {
  const m = /## Example[\s\S]*?```yaml\n([\s\S]*?)```/.exec(HUB_YAML_DOC);
  if (!m) throw new Error('docs/hub-yaml.md has no "## Example" yaml block');
  return m[1]!;
}

/**
 * Hubs as the docs say to write them: only the required keys (`release`, `hub.name`) for every release,
 * the same with a Data Explorer cluster where the release has one, and the docs' example.
 */
const DOCS_HUBS: { label: string; text: string }[] = [
  ...RELEASE_VERSIONS.map((release) => ({ label: `${release} minimal`, text: stringify({ release, hub: { name: 'contoso-finops' } }) })),
  { label: '0.7 with Data Explorer', text: stringify({ release: '0.7', hub: { name: 'contoso-finops' }, dataExplorer: { name: 'contosofinops' } }) },
  {
    label: '0.7 with a Standard Data Explorer cluster and public access',
    text: stringify({
      release: '0.7',
      hub: { name: 'contoso', location: 'westeurope' },
      dataExplorer: { name: 'contosoadx', sku: { name: 'Standard_E2ads_v5', tier: 'Standard', capacity: 2 } },
      networking: { publicAccess: true },
    }),
  },
  { label: 'docs/hub-yaml.md example', text: docsExample() },
];

test('a hub written from the docs lints clean in every release, with and without Data Explorer, with no suppression', () => {
  for (const h of DOCS_HUBS) {
    assert.not.match(h.text, /suppress/);
    const r = lintHub(h.text);
    assert.is(r.reports.length, 1, `${h.label}: ${leftOver(r).join('; ')}`);
    assert.equal(leftOver(r), [], h.label);
    assert.ok(r.clean, h.label);
    assert.equal([r.errors, r.warnings], [0, 0], h.label);
    assert.is(lintExitCode(r, 0), 0, h.label);
  }
});

test('the repository hub.yaml needs no suppression: --all lints every release clean', () => {
  assert.not.match(DEFAULT_HUB_YAML, /\nlint:/);
  const all = lintHub(DEFAULT_HUB_YAML, { all: true });
  assert.equal(
    all.reports.map((r) => r.release),
    [...RELEASE_VERSIONS],
  );
  assert.equal(leftOver(all), []);
  assert.equal(
    all.reports.flatMap((r) => r.suppressed),
    [],
  );
  assert.ok(all.clean);
});

test('every release fixture (default and customised) lints clean with no suppression', () => {
  let linted = 0;
  for (const release of RELEASE_VERSIONS) {
    for (const which of ['default', 'custom']) {
      if (!existsSync(fixture(release, which))) continue;
      const r = lintHub(readFileSync(fixture(release, which), 'utf8'), { file: 'hub.yaml' });
      assert.equal(leftOver(r), [], `${release}/${which}`);
      linted++;
    }
  }
  assert.ok(linted >= RELEASE_VERSIONS.length, `${linted} fixtures`);
});

test('only the rules about what the hub deploys run for hub.yaml authors; --maintainer-rules runs every rule', () => {
  assert.ok(AUTHOR_RULES.length > 0 && AUTHOR_RULES.length < RULES.length);
  for (const code of ['HUB501', 'HUB505', 'HUB506', 'HUB510', 'HUB512'])
    assert.not.ok(
      AUTHOR_RULES.some((r) => r.id === code),
      code,
    );
  for (const code of ['HUB507', 'HUB520', 'HUB526', 'HUB530', 'HUB540', 'HUB550'])
    assert.ok(
      AUTHOR_RULES.some((r) => r.id === code),
      code,
    );
  const all = lintHub(DEFAULT_HUB_YAML, { maintainerRules: true });
  assert.equal(leftOver(all), []);
});

test('lint is deterministic: the same text gives the same report', () => {
  assert.equal(JSON.stringify(lintHub(DEFAULT_HUB_YAML, { all: true })), JSON.stringify(lintHub(DEFAULT_HUB_YAML, { all: true })));
});

test("HUB599: a suppression of a rule that reports nothing, of no rule, or of a hubc maintainers' rule; warnings, so exit 0", () => {
  const text = `${DEFAULT_HUB_YAML}lint:\n  suppress:\n    - rule: HUB520\n      reason: storage is HTTPS-only anyway\n    - rule: arm/no-such-rule\n      reason: a rule that does not exist\n    - rule: HUB505\n      reason: the API versions the release pins\n`;
  const r = lintHub(text);
  const unused = r.diagnostics.filter((d) => d.code === 'HUB599');
  assert.is(unused.length, 3);
  assert.match(unused[0]!.message, /HUB520 .* matches no finding/);
  assert.match(unused[1]!.message, /no lint rule/);
  assert.match(unused[2]!.message, /HUB505 \(arm\/api-version-recent\) names a rule about what only hubc's code decides/);
  assert.match(unused[2]!.hint!, /Remove the suppression/);
  const lines = text.split('\n');
  assert.match(lines[unused[0]!.start!.line - 1]!, /rule: HUB520/);
  assert.match(lines[unused[2]!.start!.line - 1]!, /rule: HUB505/);
  assert.not.ok(r.clean);
  assert.equal([r.errors, r.warnings], [0, 3]);
  assert.is(lintExitCode(r), 0, 'warnings alone exit 0');
  assert.is(lintExitCode(r, 3), 0);
  assert.is(lintExitCode(r, 2), 1, 'more warnings than --max-warnings');
  // With the maintainers' rules running, a suppression of HUB505 is an ordinary unused one.
  const withMaintainers = lintHub(text, { maintainerRules: true }).diagnostics.filter((d) => d.code === 'HUB599');
  assert.match(withMaintainers[2]!.message, /HUB505 \(arm\/api-version-recent\) matches no finding/);
});

test('a hub.yaml error is an error: exit 1 whatever --max-warnings says', () => {
  const r = lintHub(DEFAULT_HUB_YAML.replace('name: finops-hub', 'name: 1-bad'));
  assert.ok(r.errors > 0);
  assert.is(lintExitCode(r, 1000), 1);
});

test.run();
