/**
 * Every release row, and every row with one capability switched off, compiles, and its output passes the
 * ARM and Data Factory reference checkers: no module leaves a reference to a parameter, variable,
 * resource, pipeline, dataset or linked service that a missing component would have contributed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileModel } from '../../src/compiler/compile.js';
import { RELEASE_VERSIONS, getRelease, withoutFeature, FEATURE_PARAMETERS, FEATURE_OUTPUTS, type Release, type ReleaseFeature } from '../../src/model/releases.js';
import { validateOutput } from '../../src/compiler/validateOutput.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { fullHubYaml, modelOf } from '../support/hubs.js';
import { HUB_TAG_NAMES, taggedResourceTypes } from '../../src/model/tags.js';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';

/**
 * The resource types of a compiled template (nested deployments' templates included) whose tags merge in
 * `tagsByResource`, sorted: what hub.yaml's `tagsByResource` keys are checked against (src/model/tags.ts).
 */
function taggedTypesOf(template: { resources: unknown }): string[] {
  const types = new Set<string>();
  const stack: unknown[] = [template];
  while (stack.length) {
    const t = stack.pop() as { resources?: unknown };
    const resources = Array.isArray(t.resources) ? t.resources : Object.values((t.resources ?? {}) as object);
    for (const r of resources as { type: string; tags?: unknown; properties?: { template?: unknown } }[]) {
      if (JSON.stringify(r.tags ?? '').includes("parameters('tagsByResource')")) types.add(r.type);
      if (r.properties?.template) stack.push(r.properties.template);
    }
  }
  return [...types].sort();
}

/** Compiles the default hub (with Data Explorer and a remote hub set, so conditional parts are on) for a release row. */
function check(release: Release, label: string) {
  const model = { ...modelOf(fullHubYaml(release.version)), release };
  let result;
  try {
    result = compileModel(model);
  } catch (e) {
    assert.unreachable(`${label}: ${(e as Error).message}`);
    return;
  }
  const diagnostics = validateOutput({ model, release: release.version, diagnostics: [], ...result }).filter((d) => d.severity === 'error');
  assert.equal(diagnostics.map(formatDiagnostic), [], label);
  return result;
}

for (const version of RELEASE_VERSIONS) {
  const release = getRelease(version);
  test(`release ${version} compiles and its references resolve; it tags the resource types the release table lists`, () => {
    const result = check(release, version)!;
    const template = JSON.parse(result.artifacts.get('azuredeploy.json')!);
    assert.equal(taggedTypesOf(template), taggedResourceTypes(release));
    // The tags the hub adds itself, which count towards Azure's limit of tags per resource.
    const ctx = templateContext(template, { parameters: { tags: {}, hubName: 'h' }, resourceGroup: { id: '/subscriptions/s/resourceGroups/g' } });
    assert.equal(Object.keys(evaluateTemplateString(template.variables.resourceTags, ctx) as object), [...HUB_TAG_NAMES]);
  });
  for (const feature of release.features) {
    test(`release ${version} without ${feature}: no dangling reference, and none of its parameters or outputs`, () => {
      const result = check(withoutFeature(release, feature), `${version} - ${feature}`)!;
      const template = JSON.parse(result.artifacts.get('azuredeploy.json')!);
      assert.equal(taggedTypesOf(template), taggedResourceTypes(withoutFeature(release, feature)), 'tagged resource types');
      for (const key of FEATURE_PARAMETERS[feature])
        assert.not.ok(
          Object.keys(template.parameters).some((n) => n.toLowerCase().includes(key.toLowerCase())),
          key,
        );
      for (const key of FEATURE_OUTPUTS[feature]) assert.not.ok(key in template.outputs, key);
    });
  }
  test(`release ${version}: a row has a capability's parameters and outputs exactly when it has the capability`, () => {
    for (const [feature, keys] of Object.entries(FEATURE_PARAMETERS) as [ReleaseFeature, string[]][]) {
      for (const k of keys) assert.is(release.parameters.includes(k as never), release.features.has(feature), `${version} ${feature} ${k}`);
    }
    for (const [feature, keys] of Object.entries(FEATURE_OUTPUTS) as [ReleaseFeature, string[]][]) {
      for (const k of keys) assert.is(release.outputs.includes(k as never), release.features.has(feature), `${version} ${feature} ${k}`);
    }
  });
}

test.run();
