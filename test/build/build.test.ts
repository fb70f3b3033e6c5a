/**
 * The Build (src/build/, issue #32): the same release read from a compile, from the folder `hubc build`
 * writes and from the public template gives the same views (where they are comparable); resource names
 * evaluate for a given hub name as the release's naming rules say; `locate` gives the line and column of a
 * JSON path; the factory view reaches nested activities.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromCompile, fromFiles, fromFolder, fromPublicTemplate, TEMPLATE_FILE, type Build } from '../../src/build/index.js';
import { writeRelease } from '../../src/compiler/write.js';
import { armUniqueString } from '../../src/expressions/arm/evaluate.js';
import { resolveName } from '../../src/model/naming.js';
import { getRelease, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { resolvePublicRelease } from '../../src/public/index.js';
import { valueAt } from '../../src/util/json.js';
import { compiled, fullHubYaml } from '../support/hubs.js';
import { deploymentContext, publicTemplatesDir, RESOURCE_GROUP } from '../support/publicTemplates.js';
import { parameters } from '../support/publicKnown.js';

/** What a Build's views say, in a form that compares by value. */
function summary(b: Build) {
  const t = b.template;
  return {
    release: b.release,
    files: [...b.files.keys()],
    metadata: t.metadata,
    parameters: t.parameters.map((p) => [p.name, p.type, p.hasDefault, p.secure, p.path]),
    variables: t.variables.map((v) => v.name),
    resources: t.allResources.map((r) => [r.type, r.name, r.apiVersion, r.path, r.parent?.path, r.deployment?.path, r.innerScope]),
    outputs: t.outputs.map((o) => [o.name, o.type, o.path]),
    factory: b.factory.objects.map((o) => [o.kind, o.name, o.file, o.activities.map((a) => a.path), o.at(['activities'])]),
    written: b.factory.written.map((w) => [w.kind, w.name, w.file]),
    kql: b.kql.map((k) => [k.file, k.commands.length]),
    ui: Object.keys(b.ui.outputs),
    located: [...t.parameters.map((p) => p.path), ...t.allResources.map((r) => r.path)].map((p) => b.locate(TEMPLATE_FILE, p)),
  };
}

test('fromCompile and fromFolder (the folder hubc build writes) give equal views, for every release', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-build-model-'));
  try {
    for (const release of RELEASE_VERSIONS) {
      const result = compiled(fullHubYaml(release));
      const fromMemory = fromCompile(result);
      const folder = await writeRelease(dir, release, result.artifacts);
      const fromDisk = fromFolder(folder);
      assert.is(fromDisk.source, 'folder');
      assert.is(fromMemory.source, 'compile');
      assert.ok(fromMemory.model, 'a compiled build has its model');
      assert.equal(summary(fromDisk), summary(fromMemory), release);
      assert.ok(fromMemory.template.resources.length > 10 && fromMemory.factory.pipelines.length > 0 && fromMemory.kql.length + 1 > 0, release);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a compile is parsed once: fromCompile of the same result gives the same Build', () => {
  const result = compiled(fullHubYaml('0.7'));
  assert.is(fromCompile(result), fromCompile(result));
  assert.is(fromCompile(result).template, fromCompile(result).template);
  assert.throws(() => fromCompile({ artifacts: new Map() }), /successful compile/);
});

/** The context every evaluated name below is for: a resource group of a subscription. */
const CONTEXT = { subscriptionId: '00000000-0000-0000-0000-0000000000a1', resourceGroup: RESOURCE_GROUP, environment: 'AzureCloud' as const };

test('resource names evaluate for a given hubName as the release naming rules say, children after their parent', () => {
  for (const naming of ['spec', 'public'] as const) {
    for (const release of RELEASE_VERSIONS) {
      const b = fromCompile(compiled(fullHubYaml(release, { naming })));
      const rules = getRelease(release).namingRules[naming];
      for (const hubName of ['contoso', 'Contoso_FinOps-Hub']) {
        const e = b.template.evaluate({ parameters: { hubName }, context: CONTEXT });
        const suffix = armUniqueString(hubName, RESOURCE_GROUP.id);
        const namesOf = (type: string) => b.template.resources.filter((r) => r.type === type).map((r) => e.name(r));
        assert.ok(namesOf('Microsoft.Storage/storageAccounts').includes(resolveName(rules.storageAccount, hubName, suffix)), `${release} ${naming} ${hubName} storage`);
        assert.equal(namesOf('Microsoft.KeyVault/vaults'), [resolveName(rules.keyVault, hubName, suffix)], `${release} ${naming} ${hubName} vault`);
        const factory = resolveName(rules.dataFactory, hubName, suffix);
        assert.equal(namesOf('Microsoft.DataFactory/factories'), [factory], `${release} ${naming} ${hubName} factory`);
        for (const p of b.factory.pipelines) assert.is(e.name(p.resource), `${factory}/${p.name}`);
      }
    }
  }
});

test('an evaluation knows conditions, variables and values, and leaves unknown what only the deployment knows', () => {
  const files = new Map([
    [
      TEMPLATE_FILE,
      JSON.stringify({
        parameters: { hubName: { type: 'string' }, withVault: { type: 'bool', defaultValue: false }, key: { type: 'secureString' } },
        variables: { store: "[concat(parameters('hubName'), 'store')]" },
        resources: [
          {
            type: 'Microsoft.Storage/storageAccounts',
            apiVersion: '2023-01-01',
            name: "[variables('store')]",
            resources: [{ type: 'blobServices', apiVersion: '2023-01-01', name: 'default' }],
          },
          { type: 'Microsoft.KeyVault/vaults', apiVersion: '2023-07-01', name: "[concat(parameters('hubName'), '-vault')]", condition: "[parameters('withVault')]" },
          { type: 'Microsoft.Web/sites', apiVersion: '2023-01-01', name: "[concat('site-', reference('x').id)]" },
        ],
      }),
    ],
  ]);
  const t = fromFiles({ release: 'test', source: 'folder', files }).template;
  const [storage, blob, vault, site] = t.allResources;
  assert.equal([blob!.type, blob!.parent, t.resources.length], ['Microsoft.Storage/storageAccounts/blobServices', storage, 3]);
  const e = t.evaluate({ parameters: { hubName: 'hub' } });
  assert.equal([e.name(storage!), e.name(blob!), e.name(vault!), e.name(site!)], ['hubstore', 'hubstore/default', 'hub-vault', undefined]);
  assert.equal([e.deployed(storage!), e.deployed(vault!)], [true, false]);
  assert.is(t.evaluate({ parameters: { hubName: 'hub', withVault: true } }).deployed(vault!), true);
  assert.is(e.variable('STORE'), 'hubstore');
  assert.is(e.variable('missing'), undefined);
  assert.equal(e.fold({ a: "[variables('store')]" }), { a: 'hubstore' });
  assert.equal(t.parameter('KEY')?.secure, true);
  assert.equal(t.parameter('withVault')?.defaultValue, false);
});

test('locate gives the line and column of a JSON path in a file of the build', () => {
  const text = '{\n  "resources": [\n    {\n      "name": "a"\n    },\n    { "name": "b", "type": "t" }\n  ]\n}\n';
  const b = fromFiles({ release: 'test', source: 'folder', files: new Map([[TEMPLATE_FILE, text]]) });
  assert.equal(b.locate(TEMPLATE_FILE, ['resources', 0, 'name']), { line: 4, col: 15 });
  assert.equal(b.locate(TEMPLATE_FILE, ['resources', 1, 'type']), { line: 6, col: 28 });
  assert.equal(b.locate(TEMPLATE_FILE, ['resources', 1]), { line: 6, col: 5 });
  assert.is(b.locate('missing.json', []), undefined);
});

test("locate points at each resource's and each Data Factory object's value in the files of a compile", () => {
  const b = fromCompile(compiled(fullHubYaml('0.7')));
  const charAt = (file: string, path: (string | number)[]) => {
    const at = b.locate(file, path)!;
    return b.files.get(file)!.split('\n')[at.line - 1]![at.col - 1];
  };
  for (const r of b.template.resources) assert.is(charAt(TEMPLATE_FILE, [...r.path]), '{', r.label);
  for (const r of b.template.resources) assert.is(charAt(TEMPLATE_FILE, [...r.path, 'type']), '"', r.label);
  for (const o of b.factory.objects) {
    const place = o.at(['description']);
    if (valueAt(o.properties, ['description']) !== undefined) assert.is(charAt(place.file, [...place.path]), '"', o.label);
  }
});

test('the factory view reaches the activities nested in ForEach, Until, If Condition and Switch', () => {
  const seen = new Set<string>();
  for (const release of RELEASE_VERSIONS) {
    const b = fromCompile(compiled(fullHubYaml(release)));
    for (const p of b.factory.pipelines) {
      for (const a of p.activities) {
        assert.is(valueAt(p.properties, a.path), a.activity, `${p.label} ${a.name}`);
        for (const c of a.containers) seen.add(c.type);
      }
    }
  }
  assert.equal([...seen].sort(), ['ForEach', 'IfCondition', 'Switch', 'Until']);
});

test('invalidJson lists the JSON files that do not parse; their views are empty', () => {
  const b = fromFiles({
    release: 'x',
    source: 'folder',
    files: new Map([
      [TEMPLATE_FILE, '{ "resources": ['],
      ['a.json', '[]'],
      ['kql/x.kql', '.create table T (a: string)\n'],
    ]),
  });
  assert.equal(
    b.invalidJson().map((x) => x.file),
    [TEMPLATE_FILE],
  );
  assert.equal([b.template.json, b.template.resources, b.factory.objects, b.ui.json], [undefined, [], [], undefined]);
  assert.equal(
    b.kql.map((k) => [k.file, k.commands.length]),
    [['kql/x.kql', 1]],
  );
});

/** The public templates, or undefined when this machine has no copy (the test then counts as skipped). */
const PUBLIC_DIR = (() => {
  try {
    return publicTemplatesDir();
  } catch {
    return undefined;
  }
})();
const publicTest = PUBLIC_DIR ? test : test.skip;

publicTest('fromPublicTemplate and fromCompile (naming: public) agree on the names and Data Factory objects both deploy (needs ../shared/reference/public-templates)', () => {
  for (const release of ['0.1', '0.4', '0.7']) {
    const p = parameters(release, 'finops-hub');
    const context = deploymentContext({});
    const pub = fromPublicTemplate(resolvePublicRelease(`public:${release}`, PUBLIC_DIR), p.public, context);
    const hubc = fromCompile(compiled(fullHubYaml(release, { naming: 'public' })));
    assert.equal([pub.source, pub.release], ['public', release]);
    const names = (b: Build, type: string) => {
      const e = b.template.evaluate({ parameters: b === hubc ? p.hubc : {}, context });
      return b.template.resources
        .filter((r) => r.type.toLowerCase() === type.toLowerCase() && e.deployed(r) !== false)
        .map((r) => e.name(r))
        .sort();
    };
    for (const type of ['Microsoft.Storage/storageAccounts', 'Microsoft.KeyVault/vaults', 'Microsoft.DataFactory/factories']) {
      assert.equal(names(pub, type), names(hubc, type), `${release} ${type}`);
    }
    const objects = (b: Build) => new Set(b.factory.objects.map((o) => `${o.kind} ${o.name}`));
    const shared = [...objects(hubc)].filter((o) => objects(pub).has(o));
    assert.ok(shared.length >= 5, `${release}: only ${shared.length} Data Factory objects in common`);
    for (const o of shared.filter((s) => s.startsWith('pipeline '))) {
      const name = o.slice('pipeline '.length);
      assert.equal(pub.factory.get('pipeline', name)!.activities.length > 0, hubc.factory.get('pipeline', name)!.activities.length > 0, `${release} ${o}`);
    }
  }
});

test.run();
