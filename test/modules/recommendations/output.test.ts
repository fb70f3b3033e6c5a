/**
 * The recommendations feature's output (issue #36, release 14 first bullet), built for the newest release
 * with the feature (test/support/recommendations.ts): the official ARM schemas, the Data Factory SDK's
 * models, hubc's reference and expression checks, the failure catalogue (issue #33) and every lint rule find
 * nothing; the parameters, the
 * conditions that switch every object on and off, the query files uploaded per group, the start-triggers
 * list, the form, and a row without each of its other capabilities.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, compileModel, type CompileResult } from '../../../src/compiler/compile.js';
import { validateOutput } from '../../../src/compiler/validateOutput.js';
import { adfModelFindings, armSchemaFindings } from '../../../src/validate/full.js';
import { lintRelease } from '../../../src/lint/engine.js';
import { RULES } from '../../../src/lint/registry.js';
import { fromCompile } from '../../../src/build/index.js';
import { QUICK_ENTRIES, runCatalogue } from '../../../src/catalogue/index.js';
import { formatDiagnostic, hasErrors } from '../../../src/diagnostics/diagnostic.js';
import { withoutFeature } from '../../../src/model/releases.js';
import { evaluateTemplateString, templateContext } from '../../../src/expressions/arm/evaluate.js';
import { initialFormOutputs } from '../../../src/emitters/uiDefinition/evaluate.js';
import { RECOMMENDATION_QUERIES, queryFileName } from '../../../src/modules/recommendations/index.js';
import { modelOf } from '../../support/hubs.js';
import { sharedArmSchemas } from '../../support/sharedData.js';
import { Template, TEST_CONTEXT } from '../../support/template.js';
import { recommendationsHubYaml, recommendationsRow, RELEASE_WITHOUT_RECOMMENDATIONS, TEST_SCOPES } from '../../support/recommendations.js';

const ON = { recommendations: { enabled: true }, scopes: TEST_SCOPES };
/** Data Explorer and private networking on: every object of the feature is built. */
const FULL = { ...ON, dataExplorer: { name: 'myadx' } };
/** The other engine the ingested recommendations may go to (one engine per hub from 14: HUB270). */
const REMOTE = { ...ON, remoteHub: { storageUri: 'https://remote.dfs.core.windows.net/' } };

/** Compiles hub.yaml overrides with the row; fails on errors. */
function build(overrides: Record<string, unknown>): CompileResult {
  const r = compile(recommendationsHubYaml(overrides));
  assert.not.ok(hasErrors(r.diagnostics), r.diagnostics.map(formatDiagnostic).join('\n'));
  return r;
}

const on = build(ON);
const full = build(FULL);
const remote = build(REMOTE);
const template = (r: CompileResult) => JSON.parse(r.artifacts.get('azuredeploy.json')!);

for (const [label, r] of [
  ['recommendations on', on],
  ['recommendations on, Data Explorer', full],
  ['recommendations on, a remote hub', remote],
] as const) {
  test(`${label}: the quick checks, the ARM schemas and the Data Factory SDK models find nothing`, async () => {
    // The official schemas are ../shared data: without them the test is skipped (MissingTestData), not failed.
    const dir = await sharedArmSchemas([template(r)]);
    const findings = [...validateOutput(r), ...armSchemaFindings(r, dir), ...adfModelFindings(r)];
    assert.equal(findings.map(formatDiagnostic), []);
  });

  test(`${label}: the catalogue of deploy-time and run-time failures finds nothing (every entry but the Kusto language service's)`, () => {
    const found = runCatalogue({ written: fromCompile(r) }, QUICK_ENTRIES);
    assert.equal(found.map(formatDiagnostic), []);
  });

  test(`${label}: no lint rule finds anything`, () => {
    const report = lintRelease({ build: fromCompile(r), options: { chosenLocations: [r.model!.hub.location] } }, RULES);
    assert.equal(report.diagnostics.map(formatDiagnostic), []);
  });
}

test('the three parameters are bool, default to hub.yaml, follow enableManagedExports (where the public 14.0 has them), and are off by default', () => {
  const t = template(on);
  const names = Object.keys(t.parameters);
  const at = names.indexOf('enableRecommendations');
  assert.equal(names.slice(at - 1, at + 3), ['enableManagedExports', 'enableRecommendations', 'enableAHBRecommendations', 'enableSpotRecommendations']);
  assert.equal(
    ['enableRecommendations', 'enableAHBRecommendations', 'enableSpotRecommendations'].map((n) => [t.parameters[n].type, t.parameters[n].defaultValue]),
    [
      ['bool', true],
      ['bool', false],
      ['bool', false],
    ],
  );
  const off = template(build({}));
  assert.is(off.parameters.enableRecommendations.defaultValue, false);
  assert.match(t.parameters.enableRecommendations.metadata.description, /Reader role/);
});

test('every object of the engine is conditioned on enableRecommendations, as the public 14.0 conditions its three apps', () => {
  const t = Template.fromJSON(template(full));
  const on = "[parameters('enableRecommendations')]";
  const objects: [string, string][] = [
    ['Microsoft.DataFactory/factories/pipelines', 'queries_ExecuteETL'],
    ['Microsoft.DataFactory/factories/pipelines', 'queries_ETL_ingestion'],
    ['Microsoft.DataFactory/factories/pipelines', 'queries_ResourceGraph_ExecuteQuery'],
    ['Microsoft.DataFactory/factories/triggers', 'queries_DailySchedule'],
    ['Microsoft.DataFactory/factories/datasets', 'azureResourceGraph'],
    ['Microsoft.DataFactory/factories/linkedservices', 'azurerm'],
  ];
  for (const [type, name] of objects) assert.is(t.resource(type, { name }).condition, on, name);
  const upload = t.findResources('Microsoft.Resources/deploymentScripts').find((s: any) => String(s.name).includes('_uploadQueries'));
  assert.is(upload.condition, on);
});

test('the linked service calls Azure Resource Manager of the deployment cloud with the factory identity', () => {
  const t = Template.fromJSON(template(full));
  const ls = t.resource('Microsoft.DataFactory/factories/linkedservices', { name: 'azurerm' });
  assert.equal(ls.properties.type, 'RestService');
  assert.equal(ls.properties.typeProperties.authenticationType, 'ManagedServiceIdentity');
  assert.is(ls.properties.typeProperties.url, '[environment().resourceManager]');
  assert.is(ls.properties.typeProperties.aadResourceId, '[environment().resourceManager]');
  const ds = t.resource('Microsoft.DataFactory/factories/datasets', { name: 'azureResourceGraph' });
  assert.equal(ds.properties.typeProperties, { relativeUrl: 'providers/Microsoft.ResourceGraph/resources?api-version=2022-10-01' });
});

/** The query files the upload script is given, for parameter values. */
function uploaded(parameters: Record<string, boolean>): string[] {
  const t = template(on);
  const script = Template.fromJSON(t)
    .findResources('Microsoft.Resources/deploymentScripts')
    .find((s: any) => String(s.name).includes('_uploadQueries'));
  const env = script.properties.environmentVariables.find((e: any) => e.name === 'queryFiles').value;
  const ctx = templateContext(t, { ...TEST_CONTEXT, useDefaults: true, parameters: { enableRecommendations: true, ...parameters } });
  return Object.keys(JSON.parse(evaluateTemplateString(env, ctx) as string)).sort();
}

test('the deployment uploads the queries without a group, and a group with its parameter (ahb: 2 files, spot: 1)', () => {
  const core = RECOMMENDATION_QUERIES.filter((q) => !q.group)
    .map(queryFileName)
    .sort();
  const ahb = RECOMMENDATION_QUERIES.filter((q) => q.group === 'ahb').map(queryFileName);
  const spot = RECOMMENDATION_QUERIES.filter((q) => q.group === 'spot').map(queryFileName);
  assert.is(core.length + ahb.length + spot.length, 23);
  assert.equal([ahb.length, spot.length], [2, 1]);
  assert.equal(uploaded({}), core);
  assert.equal(uploaded({ enableAHBRecommendations: true }), [...core, ...ahb].sort());
  assert.equal(uploaded({ enableSpotRecommendations: true }), [...core, ...spot].sort());
  assert.equal(uploaded({ enableAHBRecommendations: true, enableSpotRecommendations: true }).length, 23);
});

test('the start-triggers script starts the queries schedule only while enableRecommendations is true', () => {
  const t = template(on);
  const start = Template.fromJSON(t)
    .findResources('Microsoft.Resources/deploymentScripts')
    .find((s: any) => String(s.name).includes('_startTriggers'));
  const stop = Template.fromJSON(t)
    .findResources('Microsoft.Resources/deploymentScripts')
    .find((s: any) => String(s.name).includes('_stopTriggers'));
  const value = (s: any, on: boolean) => {
    const v = s.properties.environmentVariables.find((e: any) => e.name === 'Triggers').value;
    return JSON.parse(String(evaluateTemplateString(v, templateContext(t, { ...TEST_CONTEXT, parameters: { enableRecommendations: on } }))));
  };
  assert.ok(value(start, true).includes('queries_DailySchedule'));
  assert.not.ok(value(start, false).includes('queries_DailySchedule'));
  // Stopping covers it either way: a hub that turns the recommendations off keeps it stopped.
  assert.ok(value(stop, false).includes('queries_DailySchedule'));
  assert.ok(
    start.dependsOn.some((d: string) => d.includes('_uploadQueries')),
    'the first run reads the query files',
  );
});

test('the trigger runs queries_ExecuteETL daily at 01:00 UTC, with the Z Data Factory requires for UTC', () => {
  const trigger = Template.fromJSON(template(on)).resource('Microsoft.DataFactory/factories/triggers', { name: 'queries_DailySchedule' });
  assert.equal(trigger.properties.pipelines[0].pipelineReference.referenceName, 'queries_ExecuteETL');
  assert.equal(trigger.properties.typeProperties.recurrence, {
    frequency: 'Day',
    interval: 1,
    startTime: '2023-01-01T01:00:00Z',
    timeZone: 'UTC',
    schedule: { minutes: [0], hours: [1] },
  });
});

test('the form has a Recommendations step whose initial outputs are the parameter defaults', () => {
  for (const r of [on, build({ recommendations: { enabled: true, ahb: true } })]) {
    const ui = JSON.parse(r.artifacts.get('createUiDefinition.json')!);
    const step = ui.parameters.steps.find((s: any) => s.name === 'recommendations');
    assert.equal(
      step.elements.map((e: any) => e.name),
      ['enableRecommendations', 'enableAHBRecommendations', 'enableSpotRecommendations'],
    );
    const form = initialFormOutputs(ui, { location: 'westeurope' });
    const t = template(r);
    for (const n of ['enableRecommendations', 'enableAHBRecommendations', 'enableSpotRecommendations']) assert.is(form[n], t.parameters[n].defaultValue, n);
  }
});

test('the row without each of its other capabilities builds with no dangling reference', () => {
  const row = recommendationsRow();
  for (const config of [FULL, REMOTE]) {
    const model = modelOf(recommendationsHubYaml(config));
    for (const feature of row.features) {
      if (feature === 'recommendations') continue;
      const release = withoutFeature(row, feature);
      const m = { ...model, release };
      const result = compileModel(m);
      const errors = validateOutput({ model: m, release: release.version, diagnostics: [], ...result }).filter((d) => d.severity === 'error');
      assert.equal(errors.map(formatDiagnostic), [], feature);
    }
  }
});

test('without the feature the build has nothing of it: no parameter, query file, pipeline or step', () => {
  const r = compile(recommendationsHubYaml({}, RELEASE_WITHOUT_RECOMMENDATIONS));
  assert.not.ok(hasErrors(r.diagnostics), r.diagnostics.map(formatDiagnostic).join('\n'));
  const t = template(r);
  assert.not.ok('enableRecommendations' in t.parameters);
  assert.equal(
    [...r.artifacts.keys()].filter((k) => /queries|recommendations_1\.0/.test(k)),
    [],
  );
  assert.not.ok(r.artifacts.get('createUiDefinition.json')!.includes('"recommendations"'));
});

test.run();
