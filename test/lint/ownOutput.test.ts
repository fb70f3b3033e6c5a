/**
 * hubc's own output holds to every lint rule, with no suppression: the rules about what only hubc's code
 * decides (hubc maintainers' rules, not reported to hub.yaml authors) are checked here, over every release
 * and the hubs that switch each optional component on. Every API version hubc emits is the one of its
 * resource type in src/modules/core/apiVersions.ts, which is the newest stable version in the official ARM
 * schema snapshot.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lintRelease } from '../../src/lint/engine.js';
import { RULES } from '../../src/lint/registry.js';
import { lintContext } from '../../src/lint/context.js';
import { apiVersionUses } from '../../src/lint/apiVersionUse.js';
import { NEWEST_STABLE_API_VERSION } from '../../src/lint/data/apiVersions.js';
import { API_VERSIONS } from '../../src/modules/core/apiVersions.js';
import { RELEASE_VERSIONS, getRelease, has } from '../../src/model/releases.js';
import { compile } from '../../src/compiler/compile.js';
import { hasErrors } from '../../src/diagnostics/diagnostic.js';
import { resourceDefinitionsOf } from '../../src/validators/armSchema/store.js';
import { DEFAULT_HUB_YAML, fullHubYaml, hubYaml } from '../support/hubs.js';
import { MissingTestData } from '../support/testData.js';
import { CHECKOUT_PARENT_VARIABLE } from '../../src/validators/armSchema/locate.js';
import { fromCompile } from '../../src/build/index.js';

const fixture = (release: string, which: string) => new URL(`../fixtures/${release}/${which}/hub.yaml`, import.meta.url);
const withoutLint = (text: string) => text.replace(/\nlint:[\s\S]*$/, '\n');

/** The hubs whose builds are checked, each with the releases it builds. */
function hubs(): { label: string; text: string; releases: readonly string[] }[] {
  const out: { label: string; text: string; releases: readonly string[] }[] = [];
  out.push({ label: 'repository hub.yaml', text: withoutLint(DEFAULT_HUB_YAML), releases: RELEASE_VERSIONS });
  for (const release of RELEASE_VERSIONS) {
    for (const which of ['default', 'custom']) {
      if (existsSync(fixture(release, which))) out.push({ label: `${release}/${which}`, text: withoutLint(readFileSync(fixture(release, which), 'utf8')), releases: [release] });
    }
    out.push({ label: `${release} with every component`, text: fullHubYaml(release), releases: [release] });
  }
  const base = withoutLint(DEFAULT_HUB_YAML);
  const variants: Record<string, unknown>[] = [
    { remoteHub: { storageUri: 'https://remote.dfs.core.windows.net/' } },
    { networking: { publicAccess: true, addressPrefix: '10.20.30.0/26' } },
    { hub: { name: 'my_hub', location: 'westeurope', eventGridLocation: 'eastus2' } },
  ];
  for (const v of variants) out.push({ label: JSON.stringify(v), text: hubYaml(v, base), releases: RELEASE_VERSIONS });
  out.push({
    label: '0.7 with Data Explorer, public access off',
    text: hubYaml({ dataExplorer: { name: 'myadx', sku: { name: 'Standard_E8ads_v5', tier: 'Standard', capacity: 2 } } }, base),
    releases: ['0.7'],
  });
  return out;
}

/** Every build of {@link hubs} that compiles (a release whose schema lacks a section rejects the file). */
const builds = hubs().flatMap((h) =>
  h.releases.flatMap((release) => {
    const r = compile(h.text, { release });
    if (hasErrors(r.diagnostics) || !r.release) return [];
    return [{ label: `${h.label} @ ${release}`, release, artifacts: r.artifacts, build: fromCompile(r), chosen: [r.model!.hub.location, r.model!.hub.eventGridLocation] }];
  }),
);

test('the hubs cover every release, and Data Explorer, private networking and the remote hub where a release has them', () => {
  for (const release of RELEASE_VERSIONS) {
    const own = builds.filter((b) => b.release === release);
    assert.ok(own.length >= 4, `${release}: ${own.length} builds`);
    const templates = own.map((b) => b.artifacts.get('azuredeploy.json')!);
    const r = getRelease(release);
    if (has(r, 'dataExplorer'))
      assert.ok(
        templates.some((t) => t.includes('Microsoft.Kusto/clusters')),
        release,
      );
    if (has(r, 'privateNetworking'))
      assert.ok(
        templates.some((t) => t.includes('Microsoft.Network/privateEndpoints')),
        release,
      );
    if (has(r, 'remoteHub'))
      assert.ok(
        templates.some((t) => t.includes('remoteHubStorageKey')),
        release,
      );
  }
});

test("every lint rule (reported to hub.yaml authors, and hubc maintainers') finds nothing in any build, without suppressions", () => {
  const findings: string[] = [];
  for (const b of builds) {
    const report = lintRelease({ build: b.build, options: { chosenLocations: b.chosen } }, RULES);
    for (const d of report.diagnostics) findings.push(`${b.label}: ${d.code} ${d.file}:${d.start?.line} ${d.message}`);
  }
  assert.equal(findings, []);
});

/** Lower-case type -> API version of {@link API_VERSIONS}. */
const TABLE = new Map(Object.entries(API_VERSIONS).map(([t, v]) => [t.toLowerCase(), v]));

test("every API version a build uses (resources, nested deployments, reference() and list*()) is its type's in the API version table", () => {
  const wrong: string[] = [];
  const seen = new Set<string>();
  for (const b of builds) {
    for (const u of apiVersionUses(lintContext(b.build))) {
      seen.add(u.type.toLowerCase());
      const want = TABLE.get(u.type.toLowerCase());
      if (u.apiVersion !== want) wrong.push(`${b.label}: ${u.where} uses ${u.type}@${u.apiVersion}, the table says ${want ?? 'nothing'}`);
    }
    // reference() of a parameter (the approval deployments read the target named by their parameter).
    for (const m of b.artifacts.get('azuredeploy.json')!.matchAll(/reference\(parameters\('\w+'\), '([^']+)'\)/g)) {
      if (![...TABLE.values()].includes(m[1] as never)) wrong.push(`${b.label}: reference() with ${m[1]}, not a version of the table`);
    }
  }
  assert.equal(wrong, []);
  assert.equal(
    [...TABLE.keys()].filter((t) => !seen.has(t)),
    [],
    'types of the table no build uses',
  );
});

test("the API version table is the lint table's newest stable version of each type", () => {
  for (const [type, version] of TABLE) assert.is(NEWEST_STABLE_API_VERSION[type], version, type);
});

test('the API version table is the newest stable version of each type in the official schema snapshot', () => {
  const snapshots = [process.env.HUBC_SHARED_DIR, resolve(process.env[CHECKOUT_PARENT_VARIABLE] || new URL('../../..', import.meta.url).pathname, 'shared')]
    .filter((d): d is string => !!d)
    .map((d) => join(d, 'arm-schemas', 'schemas'));
  const snapshot = snapshots.find((d) => existsSync(d));
  if (!snapshot) throw new MissingTestData('../shared/arm-schemas', `the schema snapshot: looked in ${snapshots.join(', ')}`);
  const stable = new Map<string, string[]>();
  for (const folder of readdirSync(snapshot)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(folder)) continue;
    for (const file of readdirSync(join(snapshot, folder))) {
      const rel = `schemas/${folder}/${file}`;
      for (const d of resourceDefinitionsOf(JSON.parse(readFileSync(join(snapshot, folder, file), 'utf8')), rel)) {
        if (/preview/i.test(d.apiVersion)) continue;
        const k = d.type.toLowerCase();
        stable.set(k, [...(stable.get(k) ?? []), d.apiVersion]);
      }
    }
  }
  for (const [type, version] of TABLE) {
    const versions = (stable.get(type) ?? []).sort();
    assert.ok(versions.length, `${type}: no schema in the snapshot`);
    assert.is(version, versions[versions.length - 1], `${type}: the snapshot's newest stable version`);
  }
});

test.run();
