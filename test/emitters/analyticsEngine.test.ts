/**
 * The portal form of a release whose hub has one analytics engine (`oneAnalyticsEngine`, release 14; tested on
 * an injected row: 0.8 with the behaviour): one choice on Basics (none, Data Explorer, a remote hub, and each
 * engine a module contributes: Fabric here by an injected contribution, as its module will), each engine's
 * elements shown and its outputs sent only when chosen. For every choice the form's own validations pass with
 * the engine's fields filled in and every output is a value its parameter takes (the public 14.0 form sends
 * `''` for the int `fabricCapacityUnits`); the catalogue's portal-form checks (HUB710-HUB715) pass; hub.yaml's
 * engine starts the choice and two engines are refused (HUB270). Releases without the behaviour keep their form.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, compileModel, loadModel } from '../../src/compiler/compile.js';
import { emitUiDefinition } from '../../src/emitters/uiDefinition/index.js';
import { ENGINE_CHOICE, invalidFor } from '../../src/emitters/uiDefinition/engines.js';
import { formOutputs, formScope, type FormValue } from '../../src/emitters/uiDefinition/evaluate.js';
import { formRefusals } from '../../src/emitters/uiDefinition/validate.js';
import { getRelease, type ParameterKey, type Release } from '../../src/model/releases.js';
import type { HubModel } from '../../src/model/hub.js';
import type { ArmParameter, Contribution } from '../../src/modules/types.js';
import * as ui from '../../src/expressions/ui/index.js';
import { fromTemplateText } from '../../src/build/index.js';
import { CATALOGUE, runCatalogue } from '../../src/catalogue/index.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { compiled, fullHubYaml, modelOf } from '../support/hubs.js';
import { parse } from 'yaml';
import { analyticsEnginesCheck } from '../../src/frontend/checks/analyticsEngines.js';

const R08 = getRelease('0.8');
/** Release 14's form on the 0.8 row: the test seam until the row exists. */
const ONE_ENGINE: Release = { ...R08, behaviours: new Set([...R08.behaviours, 'oneAnalyticsEngine']) };
const CTX = { location: 'westeurope' };
const KEY = `${'k'.repeat(86)}==`;

/** The model of hub.yaml text with the injected row. */
function model(extra: Record<string, unknown> = {}): HubModel {
  return {
    ...modelOf(
      fullHubYaml('0.8', { remoteHub: { storageUri: '' }, dataExplorer: { name: '', sku: { name: 'Dev(No SLA)_Standard_E2a_v4', tier: 'Basic', capacity: 1 } }, ...extra }),
    ),
    release: ONE_ENGINE,
  };
}

/** A Fabric engine as its module will contribute it: the int parameter of the public 14.0 defect, with its default sent while Fabric is not chosen. */
const FABRIC_UNITS: ArmParameter = { type: 'int', defaultValue: 2, minValue: 1, maxValue: 2048, metadata: { description: 'Fabric capacity units.' } };
function fabric(whenOff: unknown = 2): Contribution {
  return {
    module: 'fabric',
    parameters: { ['fabricCapacityUnits' as ParameterKey]: FABRIC_UNITS },
    form: [
      {
        parameter: 'fabricCapacityUnits' as ParameterKey,
        step: 'dataExplorer',
        element: {
          name: 'fabricCapacityUnits',
          type: 'Microsoft.Common.DropDown',
          label: 'Fabric capacity',
          defaultValue: 2,
          constraints: { required: true, allowedValues: [2, 4, 64].map((v) => ({ label: `F${v}`, value: v })) },
        },
        output: ui.steps('dataExplorer', 'fabricCapacityUnits'),
        engine: 'fabric',
        whenOff: whenOff as number,
      },
    ],
    formEngine: { engine: 'fabric', label: 'Microsoft Fabric', chosen: false },
  };
}

/** The template and form of a model, with extra contributions (the template gets their parameters). */
function build(m: HubModel, extra: Contribution[] = []) {
  const { artifacts, contributions } = compileModel(m);
  const template = JSON.parse(artifacts.get('azuredeploy.json')!);
  for (const c of extra) for (const [k, p] of Object.entries(c.parameters ?? {})) template.parameters[k] = p;
  const form = JSON.parse(JSON.stringify(emitUiDefinition(m, [...contributions, ...extra])));
  return { template, form };
}

const choice = (form: any) => form.parameters.basics.find((e: any) => e.name === ENGINE_CHOICE);

test('the choice offers none and the engines the modules contribute, and starts at the one hub.yaml chooses', () => {
  const { form } = build(model(), [fabric()]);
  assert.equal(
    choice(form).constraints.allowedValues.map((o: any) => o.value),
    ['none', 'dataExplorer', 'fabric', 'remoteHub'],
  );
  assert.is(formScope(form, CTX).basics[ENGINE_CHOICE], 'none');
  assert.is(formScope(build(model({ dataExplorer: { name: 'hubadx' } })).form, CTX).basics[ENGINE_CHOICE], 'dataExplorer');
  assert.is(formScope(build(model({ remoteHub: { storageUri: 'https://otherhub.dfs.core.windows.net/' } })).form, CTX).basics[ENGINE_CHOICE], 'remoteHub');
});

test('a release without remote hubs offers no remote hub; a release without engines has no choice', () => {
  const noRemote: Release = {
    ...ONE_ENGINE,
    features: new Set([...ONE_ENGINE.features].filter((f) => f !== 'remoteHub')),
    parameters: ONE_ENGINE.parameters.filter((p) => !p.startsWith('remoteHub')),
  };
  const m = { ...model(), release: noRemote };
  assert.equal(
    choice(build(m).form).constraints.allowedValues.map((o: any) => o.value),
    ['none', 'dataExplorer'],
  );
  const bare: Release = {
    ...noRemote,
    features: new Set([...noRemote.features].filter((f) => f !== 'dataExplorer')),
    parameters: noRemote.parameters.filter((p) => !p.startsWith('dataExplorer')),
    outputs: noRemote.outputs.filter((o) => !['clusterId', 'clusterUri', 'ingestionDbName', 'hubDbName'].includes(o)),
  };
  const { pipelines, triggers, datasets } = getRelease('0.6');
  assert.is(choice(build({ ...modelOf(fullHubYaml('0.6')), release: { ...bare, pipelines, triggers, datasets } }).form), undefined);
});

/** What the user fills in for each choice: the engine's required fields. */
const ENTERED: Record<string, { basics?: Record<string, FormValue>; steps?: Record<string, Record<string, FormValue>> }> = {
  none: {},
  dataExplorer: { steps: { dataExplorer: { dataExplorerName: 'hubadx' } } },
  remoteHub: { steps: { networking: { remoteHubStorageUri: 'https://otherhub.dfs.core.windows.net/', remoteHubStorageKey: KEY } } },
  fabric: { steps: { dataExplorer: { fabricCapacityUnits: 64 } } },
};

for (const engine of Object.keys(ENTERED)) {
  test(`engine ${engine}: the form accepts it with its fields filled in, and every output is a value its parameter takes`, () => {
    const { template, form } = build(model(), [fabric()]);
    const entered = { ...ENTERED[engine], basics: { [ENGINE_CHOICE]: engine } };
    assert.equal(formRefusals(form, CTX, entered), []);
    const outputs = formOutputs(form, formScope(form, CTX, entered));
    for (const [name, value] of Object.entries(outputs))
      assert.is(invalidFor(template.parameters[name], value as never), undefined, `${engine}: ${name} = ${JSON.stringify(value)}`);
    assert.is(outputs.dataExplorerName, engine === 'dataExplorer' ? 'hubadx' : '');
    assert.is(outputs.remoteHubStorageUri, engine === 'remoteHub' ? 'https://otherhub.dfs.core.windows.net/' : '');
    assert.is(outputs.remoteHubStorageKey, engine === 'remoteHub' ? KEY : '');
    assert.is(outputs.fabricCapacityUnits, engine === 'fabric' ? 64 : 2, 'an int, also when Fabric is not chosen');
    // Nothing chosen but the engine's own name is required, and only then.
    if (engine === 'dataExplorer')
      assert.equal(
        formRefusals(form, CTX, { basics: { [ENGINE_CHOICE]: engine } }).map((r) => r.element),
        ['dataExplorer.dataExplorerName'],
      );
    if (engine === 'remoteHub')
      assert.equal(
        formRefusals(form, CTX, { basics: { [ENGINE_CHOICE]: engine } }).map((r) => r.element),
        ['networking.remoteHubStorageUri'],
      );
  });
}

test("an engine's elements show only while it is chosen", () => {
  const { form } = build(model(), [fabric()]);
  const shown = (engine: string) => {
    const scope = formScope(form, CTX, { ...ENTERED[engine], basics: { [ENGINE_CHOICE]: engine } });
    return form.parameters.steps
      .flatMap((s: any) => s.elements)
      .filter((e: any) => ['dataExplorerName', 'dataExplorerSkuName', 'dataExplorerLogRetentionInDays', 'remoteHubStorageUri', 'fabricCapacityUnits'].includes(e.name))
      .filter((e: any) => e.visible === undefined || evaluateVisible(e.visible, scope))
      .map((e: any) => e.name);
  };
  assert.equal(shown('none'), []);
  assert.equal(shown('dataExplorer'), ['dataExplorerName', 'dataExplorerSkuName', 'dataExplorerLogRetentionInDays']);
  assert.equal(shown('remoteHub'), ['remoteHubStorageUri']);
  assert.equal(shown('fabric'), ['fabricCapacityUnits']);
});

/** An element's `visible` for the element values of a scope. */
function evaluateVisible(visible: unknown, scope: ReturnType<typeof formScope>): boolean {
  return formOutputs({ parameters: { outputs: { v: visible } } }, scope).v === true;
}

test("the form's initial outputs are the template's defaults, whichever engine hub.yaml chooses", () => {
  for (const extra of [{}, { dataExplorer: { name: 'hubadx' } }, { remoteHub: { storageUri: 'https://otherhub.dfs.core.windows.net/' } }]) {
    const { template, form } = build(model(extra));
    const outputs = formOutputs(form, formScope(form, CTX));
    for (const [name, p] of Object.entries<any>(template.parameters)) {
      if (name === 'location' || (typeof p.defaultValue === 'string' && p.defaultValue.startsWith('['))) continue;
      assert.equal(outputs[name], p.defaultValue, `${JSON.stringify(extra)}: ${name}`);
    }
  }
});

test("the catalogue's portal-form checks (HUB710-HUB715) pass the form, Fabric's int included", () => {
  const { template, form } = build(model({ dataExplorer: { name: 'hubadx' } }), [fabric()]);
  const builds = fromTemplateText({ template: JSON.stringify(template), ui: JSON.stringify(form) }, '0.8');
  const entries = CATALOGUE.filter((e) => e.area === 'portalForm');
  assert.equal(runCatalogue({ written: builds.written, deployed: builds.deployed, origins: builds.origins }, entries).map(formatDiagnostic), []);
});

test("an engine output that would send what its parameter cannot take (the public 14.0 '' for an int) is refused when the form is made", () => {
  assert.throws(() => build(model(), [fabric('')]), /fabricCapacityUnits \(engine fabric\) sends "" is not an int while another engine is chosen/);
  assert.throws(() => build(model(), [fabric(4096)]), /4096 is outside 1\.\.2048/);
});

test('releases without the behaviour keep their form: no choice, outputs as the modules write them', () => {
  const ui08 = JSON.parse(compiled(fullHubYaml('0.8')).artifacts.get('createUiDefinition.json')!);
  assert.is(choice(ui08), undefined);
  assert.is(ui08.parameters.outputs.dataExplorerName, "[steps('dataExplorer').dataExplorerName]");
  const ui14 = build(model()).form;
  assert.is(ui14.parameters.outputs.dataExplorerName, "[if(equals(basics('analyticsEngine'), 'dataExplorer'), steps('dataExplorer').dataExplorerName, '')]");
});

/** The HUB270 findings of hub.yaml text checked for a release row (the check as validateHub runs it, on the injected row). */
function engineFindings(text: string, release: Release): string[] {
  const { model: m } = loadModel(text);
  assert.ok(m, 'the text is valid for 0.8');
  const data = parse(text);
  const found: string[] = [];
  analyticsEnginesCheck.run({
    data,
    release,
    fileRelease: release,
    original: data,
    defaults: {},
    valid: () => true,
    written: () => true,
    report: (raised, path) => found.push(`${raised.code} ${path.join('.')}: ${raised.message}`),
  });
  return found;
}

test('HUB270: hub.yaml may choose one engine in a release with one; earlier releases take both', () => {
  const both = fullHubYaml('0.8', { dataExplorer: { name: 'hubadx' }, remoteHub: { storageUri: 'https://otherhub.dfs.core.windows.net/' } });
  assert.ok(compile(both).release, 'release 0.8 builds both');
  assert.equal(engineFindings(both, R08), []);
  assert.equal(engineFindings(both, ONE_ENGINE), [
    'HUB270 remoteHub.storageUri: hub release 0.8 sends its data to one analytics engine, and hub.yaml chooses 2: dataExplorer.name, remoteHub.storageUri',
  ]);
  assert.equal(engineFindings(fullHubYaml('0.8', { dataExplorer: { name: 'hubadx' }, remoteHub: { storageUri: '' } }), ONE_ENGINE), []);
});

test.run();
