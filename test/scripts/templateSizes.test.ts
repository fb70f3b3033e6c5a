/**
 * hubc's templates within their size budget (scripts/templateSizes.ts, issue #36): for every release from 0.7 on,
 * the default hub and the largest configuration, no resource definition over 256 KiB and the file no larger
 * than the public template of the same release as published (a third of it for the releases listed in
 * {@link PUBLIC_FRACTION}); the largest configuration switches on every capability of the release; and
 * `hubc build` holds its output to ARM's limits (HUB720, HUB721 among the checks it runs).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { compile } from '../../src/compiler/compile.js';
import { validateOutput } from '../../src/compiler/validateOutput.js';
import { BUILD_ENTRIES } from '../../src/catalogue/index.js';
import { RELEASE_VERSIONS, getRelease, type ReleaseFeature } from '../../src/model/releases.js';
import { DEFAULT_HUB_YAML, compiled } from '../support/hubs.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';
import { hubcSizes, largestHubYaml, reportedReleases, SIZE_BUDGET, SWITCH_ON } from '../../scripts/templateSizes.js';

/**
 * The part of the public template of the same release (as published) hubc's file is held to, where it is
 * less than the whole: the target of issue #36 for release 14 (public 14.0: 3,048,718 bytes).
 */
const PUBLIC_FRACTION: Readonly<Record<string, number>> = { '14': SIZE_BUDGET.publicFraction };

test('the size report covers every release from 0.7 on, new rows included', () => {
  assert.equal(reportedReleases(), RELEASE_VERSIONS.slice(RELEASE_VERSIONS.indexOf('0.7')));
});

test('every capability of every release row says how the largest configuration switches it on', () => {
  for (const v of RELEASE_VERSIONS) for (const f of getRelease(v).features) assert.ok(SWITCH_ON[f as ReleaseFeature] !== undefined, `${v}: ${f}`);
  const doc = parse(largestHubYaml(getRelease('0.8'), DEFAULT_HUB_YAML));
  assert.is(doc.dataExplorer.name, 'hubadx');
  assert.is(doc.networking.publicAccess, false);
  assert.is(doc.release, '0.8');
});

for (const v of reportedReleases()) {
  test(`${v}: the default hub and the largest configuration within the budget`, () => {
    const release = getRelease(v);
    const file = join(publicTemplatesDir(), `finops-hub-${release.publicRelease.template}.json`);
    const publicBytes = statSync(file).size;
    const fraction = PUBLIC_FRACTION[v] ?? 1;
    for (const [label, text] of [
      ['default', DEFAULT_HUB_YAML.replace(/^release: .*$/m, `release: "${v}"`)],
      ['largest', largestHubYaml(release, DEFAULT_HUB_YAML)],
    ]) {
      const sizes = hubcSizes(compiled(text));
      assert.ok(sizes.fileBytes <= publicBytes * fraction, `${v} ${label}: ${sizes.fileBytes} bytes, budget ${Math.floor(publicBytes * fraction)} (${fraction} of ${publicBytes})`);
      assert.ok(sizes.largestResource && sizes.largestResource.bytes <= SIZE_BUDGET.resourceBytes, `${v} ${label}: ${JSON.stringify(sizes.largestResource)}`);
    }
  });
}

test('the public 14.0 template is the one the budget is set against (3,048,718 bytes as published)', () => {
  const file = join(publicTemplatesDir(), 'finops-hub-14.0.json');
  assert.is(Buffer.byteLength(readFileSync(file)), 3_048_718);
});

test("hubc build runs ARM's size limits: a template over 4 MiB (HUB720) or with a resource over 1 MiB (HUB721) is an error, so nothing is written", () => {
  const names = BUILD_ENTRIES.map((e) => e.name);
  assert.ok(names.includes('arm/template-size') && names.includes('arm/resource-size'), names.join(', '));
  const r = compile(DEFAULT_HUB_YAML);
  const grown = (edit: (t: any) => void) => {
    const t = JSON.parse(r.artifacts.get('azuredeploy.json')!);
    edit(t);
    const artifacts = new Map(r.artifacts);
    artifacts.set('azuredeploy.json', JSON.stringify(t, null, 2));
    return validateOutput({ ...r, artifacts })
      .filter((d) => d.severity === 'error')
      .map((d) => d.code);
  };
  assert.equal(
    validateOutput(r).filter((d) => d.severity === 'error'),
    [],
  );
  assert.equal(
    grown((t) => (t.variables.ballast = 'x'.repeat(4.1 * 1024 * 1024))),
    ['HUB720'],
  );
  assert.equal(
    grown((t) => {
      const secret = t.resources.find((x: any) => x.type === 'Microsoft.KeyVault/vaults/secrets') ?? t.resources[0];
      secret.tags = { ballast: 'y'.repeat(1.1 * 1024 * 1024) };
    }),
    ['HUB721'],
  );
});

test.run();
