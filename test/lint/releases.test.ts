/**
 * Every release hubc builds lints clean (or suppressed, with the reasons printed) for the repository's
 * hub.yaml, the release fixtures and hubs that switch on the optional components; lint is deterministic.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { lintHub } from '../../src/lint/index.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { DEFAULT_HUB_YAML, hubYaml } from '../support/hubs.js';
import { compile } from '../../src/compiler/compile.js';
import { NEWEST_STABLE_API_VERSION } from '../../src/lint/data/apiVersions.js';

const fixture = (release: string, which: string) => new URL(`../fixtures/${release}/${which}/hub.yaml`, import.meta.url);
/** The `lint:` section of the repository's hub.yaml, appended to a hub.yaml that has none. */
const SUPPRESSIONS = DEFAULT_HUB_YAML.slice(DEFAULT_HUB_YAML.indexOf('\nlint:'));

/** Messages of unsuppressed findings and hub.yaml diagnostics. */
function leftOver(r: ReturnType<typeof lintHub>): string[] {
  return [...r.diagnostics, ...r.reports.flatMap((x) => x.diagnostics)].map((d) => `${d.code} ${d.file}:${d.start?.line} ${d.message}`);
}

const all = lintHub(DEFAULT_HUB_YAML, { all: true });

test('hubc lint --all on the repository hub.yaml: every release clean, suppressions with reasons', () => {
  assert.equal(all.reports.map((r) => r.release), [...RELEASE_VERSIONS]);
  assert.equal(leftOver(all), []);
  assert.ok(all.clean);
  for (const r of all.reports) for (const s of r.suppressed) assert.ok(s.reason.length >= 10, s.diagnostic.code);
});

test('every release fixture (default and customised) lints clean with the suppressions of the repository hub.yaml', () => {
  let linted = 0;
  for (const release of RELEASE_VERSIONS) {
    for (const which of ['default', 'custom']) {
      if (!existsSync(fixture(release, which))) continue;
      const r = lintHub(`${readFileSync(fixture(release, which), 'utf8')}${SUPPRESSIONS}`, { file: 'hub.yaml' });
      assert.equal(leftOver(r), [], `${release}/${which}`);
      linted++;
    }
  }
  assert.ok(linted >= RELEASE_VERSIONS.length, `${linted} fixtures`);
});

test('hubs with Data Explorer, a remote hub, public access and hub.yaml regions lint clean in every release that has them', () => {
  const variants = [
    { dataExplorer: { name: 'myadx', sku: { name: 'Standard_E8ads_v5', tier: 'Standard', capacity: 2 } } },
    { remoteHub: { storageUri: 'https://remote.dfs.core.windows.net/' } },
    { networking: { publicAccess: true, addressPrefix: '10.20.30.0/26' } },
    { hub: { name: 'my_hub', location: 'westeurope', eventGridLocation: 'eastus2' } },
  ];
  for (const v of variants) {
    const r = lintHub(hubYaml(v), { all: true });
    // A release whose schema does not know a section rejects the file; the others must be clean.
    assert.ok(r.reports.length > 0, JSON.stringify(v));
    assert.equal(r.reports.flatMap((x) => x.diagnostics).map((d) => `${d.code} ${d.message}`), [], JSON.stringify(v));
  }
});

test('a literal location default is reported unless hub.yaml chose that region', () => {
  const withRegion = lintHub(hubYaml({ hub: { name: 'finops-hub', location: 'westeurope', eventGridLocation: '' } }));
  assert.ok(!withRegion.reports[0]!.diagnostics.some((d) => d.code === 'HUB503'));
});

test('the API version table knows every resource type a release emits (else HUB505/HUB506 cannot judge it)', () => {
  for (const release of RELEASE_VERSIONS) {
    for (const which of ['default', 'custom']) {
      if (!existsSync(fixture(release, which))) continue;
      const t = JSON.parse(compile(readFileSync(fixture(release, which), 'utf8')).artifacts.get('azuredeploy.json')!);
      for (const r of t.resources) assert.ok(NEWEST_STABLE_API_VERSION[r.type.toLowerCase()], `${release}/${which}: ${r.type} is not in src/lint/data/apiVersions.ts`);
    }
  }
});

test('lint is deterministic: the same text gives the same report', () => {
  assert.equal(JSON.stringify(lintHub(DEFAULT_HUB_YAML, { all: true })), JSON.stringify(all));
});

test('without suppressions the repository hub reports the suppressed rules as findings', () => {
  const text = DEFAULT_HUB_YAML.replace(/\nlint:[\s\S]*$/, '\n');
  const r = lintHub(text);
  const codes = new Set(r.reports[0]!.diagnostics.map((d) => d.code));
  assert.equal([...codes].sort(), ['HUB526']);
  assert.not.ok(r.clean);
});

test('HUB599: a suppression of an unknown rule or of a rule that reports nothing', () => {
  const text = `${DEFAULT_HUB_YAML}    - rule: HUB520\n      reason: storage is HTTPS-only anyway\n    - rule: arm/no-such-rule\n      reason: a rule that does not exist\n`;
  const r = lintHub(text);
  const unused = r.diagnostics.filter((d) => d.code === 'HUB599');
  assert.is(unused.length, 2);
  assert.match(unused[0]!.message, /HUB520/);
  assert.match(unused[1]!.message, /no lint rule/);
  const lines = text.split('\n');
  assert.match(lines[unused[0]!.start!.line - 1]!, /rule: HUB520/);
  assert.not.ok(r.clean);
});

test('a suppression may name the rule instead of its code', () => {
  const text = DEFAULT_HUB_YAML.replace('rule: HUB526', 'rule: security/key-vault-purge-protection');
  const r = lintHub(text);
  assert.ok(r.clean, JSON.stringify(r.diagnostics));
  assert.ok(r.reports[0]!.suppressed.some((s) => s.diagnostic.code === 'HUB526'));
});

test.run();
