import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { compiled, fullHubYaml, hubYaml, templateOf } from '../support/hubs.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { validateOutput } from '../../src/compiler/validateOutput.js';
import { validateOutputFull } from '../../src/validate/full.js';
import { loadArmSchemaValidator } from '../../src/validators/armSchema.js';
import { formatDiagnostic, type Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { toPlainJson, toJsonText } from '../../src/model/json.js';
import type { CompileResult } from '../../src/compiler/compile.js';
import { sharedArmSchemas } from '../support/sharedData.js';
import { Template } from '../support/template.js';

/** A copy of a compile whose pipeline `name` (object and standalone file) is changed by `edit`. */
function withPipeline(r: CompileResult, name: string, edit: (properties: any) => void): CompileResult {
  const file = `datafactory/pipelines/${name}.json`;
  const written = JSON.parse(r.artifacts.get(file)!);
  edit(written.properties);
  return {
    ...r,
    artifacts: new Map([...r.artifacts, [file, toJsonText(written)]]),
    contributions: r.contributions.map((c) =>
      c.dataFactory
        ? {
            ...c,
            dataFactory: c.dataFactory.map((o) => {
              if (o.kind !== 'pipeline' || o.name !== name) return o;
              const properties = toPlainJson<any>(o.properties);
              edit(properties);
              return { ...o, properties };
            }),
          }
        : c,
    ),
  };
}

/** The text at a diagnostic's line in the file it names. */
function lineOf(r: CompileResult, d: Diagnostic): string {
  return r.artifacts.get(d.file)!.split('\n')[d.start!.line - 1];
}

const FIXTURE = readFileSync(new URL('../fixtures/0.7/custom/hub.yaml', import.meta.url), 'utf8');

const variants: [string, string][] = [
  ['default hub (no Data Explorer, public access off)', hubYaml()],
  ['Data Explorer set, public access off', hubYaml({ dataExplorer: { name: 'finopsadx' } })],
  ['no Data Explorer, public access on', hubYaml({ networking: { publicAccess: true } })],
  ['fixture (Data Explorer, public access on, custom dataset)', FIXTURE],
  // every other release, with each optional component it has switched on, and its customised fixture
  ...RELEASE_VERSIONS.filter((v) => v !== compiled(hubYaml()).release).flatMap((v): [string, string][] => [
    [`release ${v}, every component it has`, fullHubYaml(v)],
    [`release ${v}, customised fixture`, readFileSync(new URL(`../fixtures/${v}/custom/hub.yaml`, import.meta.url), 'utf8')],
  ]),
];

/** The official ARM schemas for the variants (test/support/sharedData.ts); awaited inside the tests. */
const schemas = sharedArmSchemas(variants.map(([, text]) => templateOf(compiled(text))));
schemas.catch(() => undefined);

for (const [name, text] of variants) {
  test(`every validator is clean: ${name}`, async () => {
    const diagnostics = validateOutputFull(compiled(text), { schemasDir: await schemas });
    assert.equal(diagnostics.map(formatDiagnostic), []);
  });
}

test('azuredeploy.json validates against the official ARM schemas with only the two known gaps tolerated', async () => {
  const validator = loadArmSchemaValidator(await schemas);
  for (const [, text] of variants) {
    const all = validator.validateTemplateAll(templateOf(compiled(text)));
    const gaps = new Set(all.map((i) => i.allowedByGap));
    assert.ok(
      all.every((i) => i.allowedByGap),
      JSON.stringify(all.filter((i) => !i.allowedByGap)),
    );
    for (const gap of gaps) assert.ok(gap, 'tolerated issues name their gap');
  }
});

test('a broken template is caught: unknown storage kind and bad TLS version', async () => {
  const t = templateOf(compiled());
  const lake = Template.fromJSON(t).resource('Microsoft.Storage/storageAccounts', { props: { properties: { isHnsEnabled: true } } });
  lake.kind = 'StorageV3';
  lake.properties.minimumTlsVersion = 'TLS9';
  const issues = loadArmSchemaValidator(await schemas).validateTemplate(t);
  assert.ok(
    issues.some((i) => i.pointer.endsWith('/kind')),
    JSON.stringify(issues),
  );
  assert.ok(
    issues.some((i) => i.pointer.endsWith('/minimumTlsVersion')),
    JSON.stringify(issues),
  );
});

test('a renamed variable gives a positioned HUB321 in the pipeline file', () => {
  const r = compiled();
  const broken = withPipeline(r, 'rawexports_ExecuteETL', (p) => {
    const [first] = Object.keys(p.variables);
    p.variables[`${first}Renamed`] = p.variables[first];
    delete p.variables[first];
  });
  const first = Object.keys(JSON.parse(r.artifacts.get('datafactory/pipelines/rawexports_ExecuteETL.json')!).properties.variables)[0];
  const found = validateOutput(broken).filter((d) => d.code === 'HUB321');
  assert.ok(found.length > 0, 'HUB321 reported');
  for (const d of found) {
    assert.is(d.file, 'datafactory/pipelines/rawexports_ExecuteETL.json');
    assert.ok(d.start && d.start.line > 1 && d.start.col > 1, formatDiagnostic(d));
    assert.match(d.message, /rawexports_ExecuteETL/);
    assert.ok(lineOf(broken, d).includes(first), `${formatDiagnostic(d)}\n${lineOf(broken, d)}`);
  }
});

test('a dropped activity that others read gives a positioned HUB322 naming pipeline and activity', () => {
  const r = compiled();
  const name = 'Read Manifest';
  const broken = withPipeline(r, 'rawexports_ExecuteETL', (p) => {
    p.activities = p.activities.filter((a: any) => a.name !== name);
    for (const a of p.activities) a.dependsOn = a.dependsOn.filter((d: any) => d.activity !== name);
  });
  const found = validateOutput(broken).filter((d) => d.code === 'HUB322');
  assert.ok(found.length > 0, 'HUB322 reported');
  for (const d of found) {
    assert.is(d.file, 'datafactory/pipelines/rawexports_ExecuteETL.json');
    assert.match(d.message, /rawexports_ExecuteETL/);
    assert.match(d.path!, /activity /);
    assert.ok(lineOf(broken, d).includes(`activity('${name}')`), `${formatDiagnostic(d)}\n${lineOf(broken, d)}`);
  }
});

test('a Data Factory model error is positioned at the property in the pipeline file', async () => {
  const r = compiled();
  const broken = withPipeline(r, 'rawexports_ExecuteETL', (p) => {
    const forEach = p.activities.find((a: any) => a.type === 'ForEach');
    forEach.typeProperties.isSequential = 'yes';
  });
  const found = validateOutputFull(broken, { schemasDir: await schemas }).filter((d) => d.code === 'HUB302');
  assert.ok(found.length > 0, 'HUB302 reported');
  for (const d of found) {
    assert.is(d.file, 'datafactory/pipelines/rawexports_ExecuteETL.json');
    assert.ok(lineOf(broken, d).includes('"isSequential": "yes"'), `${formatDiagnostic(d)}\n${lineOf(broken, d)}`);
  }
});

test('a ForEach nested in a ForEach gives a positioned HUB326', () => {
  const r = compiled();
  const broken = withPipeline(r, 'rawexports_ExecuteETL', (p) => {
    const outer = p.activities.find((a: any) => a.type === 'ForEach');
    outer.typeProperties.activities.push({
      name: 'Inner Loop',
      type: 'ForEach',
      dependsOn: [],
      userProperties: [],
      typeProperties: { items: { value: '@createArray(1)', type: 'Expression' }, activities: [] },
    });
  });
  const found = validateOutput(broken).filter((d) => d.code === 'HUB326');
  assert.is(found.length, 1, found.map(formatDiagnostic).join('\n'));
  assert.match(found[0].message, /ForEach 'Inner Loop' is nested in ForEach/);
  assert.is(found[0].file, 'datafactory/pipelines/rawexports_ExecuteETL.json');
  assert.ok(lineOf(broken, found[0]).trim().startsWith('{'), lineOf(broken, found[0]));
});

test('an undeclared ARM variable is reported at its place in azuredeploy.json', () => {
  const r = compiled();
  const text = r.artifacts.get('azuredeploy.json')!.replace("[variables('keyVaultName')]", "[variables('keyVaultNam')]");
  const diags = validateOutput({ ...r, artifacts: new Map([...r.artifacts, ['azuredeploy.json', text]]) }).filter((d) => d.code === 'HUB304');
  assert.ok(diags.length > 0);
  for (const d of diags) {
    assert.is(d.file, 'azuredeploy.json');
    assert.ok(text.split('\n')[d.start!.line - 1].includes('keyVaultNam'), formatDiagnostic(d));
  }
});

test.run();
