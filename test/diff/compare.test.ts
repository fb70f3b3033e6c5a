/**
 * hubc diff results and upgrade notes for known pairs: two hub.yaml variants of one release, edited templates
 * (renamed, retyped and new parameters), the 0.6 -> 0.7 expectations, and every consecutive pair of releases
 * hubc builds. Results are checked against schemas/diff-result.schema.json with ajv.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { parse, stringify } from 'yaml';
import { toJsonText } from '../../src/model/json.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { diffBuilds } from '../../src/diff/compare.js';
import { elidePair } from '../../src/diff/format/common.js';
import { formatMarkdown } from '../../src/diff/format/markdown.js';
import { formatText } from '../../src/diff/format/text.js';
import { likelyRenames } from '../../src/diff/upgrade.js';
import type { DiffResult, ObjectChange } from '../../src/diff/types.js';
import type { LoadedBuild } from '../../src/load/index.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { DATA_EXPLORER_PARAMETERS, previousOf07, releaseInput } from '../support/releaseBuilds.js';
import { Template } from '../support/template.js';
import { fromFiles, TEMPLATE_FILE, withFile } from '../../src/build/index.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/diff-result.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);

function checkSchema(result: DiffResult) {
  const ok = validate(JSON.parse(toJsonText(result)));
  assert.ok(ok, JSON.stringify(validate.errors?.slice(0, 5)));
}

function section(result: DiffResult, group: string, id: string): ObjectChange[] {
  return result.groups.find((g) => g.id === group)!.sections.find((s) => s.id === id)!.items;
}
const names = (items: ObjectChange[], change: string) => items.filter((i) => i.change === change).map((i) => i.name);
const notes = (result: DiffResult, code: string) => result.upgradeNotes.filter((n) => n.code === code);

/** A variant of the default hub.yaml, changed by `edit`. */
function variant(edit: (doc: any) => void): LoadedBuild {
  const doc = parse(DEFAULT_HUB_YAML);
  edit(doc);
  return releaseInput('0.7', stringify(doc));
}
/** A build whose azuredeploy.json is changed by `edit`. */
function editedTemplate(base: LoadedBuild, label: string, edit: (t: any) => void): LoadedBuild {
  const t = structuredClone(base.build.template.json);
  edit(t);
  return { ...base, label, build: withFile(base.build, TEMPLATE_FILE, toJsonText(t)) };
}

const base = releaseInput('0.7');
const changed = variant((d) => {
  d.storage.sku = 'Premium_ZRS';
  d.storage.allowedSkus = ['Premium_ZRS'];
  d.schedules.daily.time = '02:30';
  d.datasets = d.datasets.filter((x: { name: string }) => x.name !== 'Transactions');
});

test('a build compared with itself is equal, with no notes and no changes', () => {
  const r = diffBuilds(base, { ...base, label: 'again' });
  assert.ok(r.equal);
  assert.equal(r.upgradeNotes, []);
  assert.equal(r.files, { added: [], removed: [], changed: [] });
  for (const g of r.groups) for (const s of g.sections) assert.equal(s.items, [], `${g.id}/${s.id}`);
  checkSchema(r);
  assert.match(formatText(r), /No differences/);
});

test('two hub.yaml variants of one release: parameter defaults, allowed values, trigger schedule, a dataset dropped', () => {
  const r = diffBuilds(base, changed);
  assert.not.ok(r.equal);
  checkSchema(r);
  const sku = section(r, 'template', 'parameters').find((i) => i.name === 'storageSku')!;
  assert.is(sku.change, 'changed');
  assert.equal(
    sku.changes!.find((c) => c.path === 'defaultValue'),
    { path: 'defaultValue', change: 'changed', from: 'Premium_LRS', to: 'Premium_ZRS' },
  );
  // Allowed values narrowed: a saved parameter file with Premium_LRS is now rejected.
  const narrowed = notes(r, 'HUB405');
  assert.equal(
    narrowed.map((n) => n.subject),
    ['storageSku'],
  );
  assert.match(narrowed[0].message, /no longer allows "Premium_LRS"/);
  // The daily schedule trigger changed: its recurrence hours and minutes, and it must be stopped first.
  const daily = section(r, 'dataFactory', 'triggers').find((i) => i.name === 'config_DailySchedule')!;
  assert.equal(
    daily.changes!.find((c) => c.path === 'recurrence.schedule.hours'),
    { path: 'recurrence.schedule.hours', change: 'changed', from: [1], to: [2] },
  );
  assert.equal(
    notes(r, 'HUB410').map((n) => n.subject),
    ['config_DailySchedule'],
  );
  // Transactions: its KQL objects and schema files are gone from the build.
  assert.equal(names(section(r, 'kql', 'tables'), 'removed'), ['Ingestion.Transactions_raw', 'Ingestion.Transactions_final_v1_0']);
  assert.equal(names(section(r, 'kql', 'ingestionMappings'), 'removed'), ['Ingestion.Transactions_raw/Transactions_raw_mapping (parquet)']);
  assert.equal(names(section(r, 'kql', 'functions'), 'removed').sort(), ['Hub.Transactions', 'Hub.Transactions_v1_0', 'Ingestion.Transactions_transform_v1_0']);
  assert.equal(r.files.removed, ['config/schemas/reservationtransactions_2023-05-01_ea.json', 'config/schemas/reservationtransactions_2023-05-01_mca.json']);
  assert.ok(r.files.changed.includes('azuredeploy.json'));
  // But the deployment removes none of the dataset (issue #21 item 2): one note says what stays. This hub has no
  // Data Explorer cluster, so no table holds data and none is named.
  assert.equal(
    notes(r, 'HUB416').map((n) => [n.kind, n.subject]),
    [['componentRemoved', 'Transactions']],
  );
  assert.is(
    notes(r, 'HUB416')[0].message,
    'Dataset Transactions (ReservationTransactions exports) is not ingested by the new build, but the deployment removes none of it: its schema files config/schemas/reservationtransactions_2023-05-01_ea.json and config/schemas/reservationtransactions_2023-05-01_mca.json stay in the config container, so its exports are still converted; the data already under ingestion/Transactions/ stays and is billed as storage. Delete or stop its Cost Management exports, then its schema files (hubc upgrade-plan lists the steps), or keep the dataset.',
  );
  assert.equal(notes(r, 'HUB408'), [], 'the schema files are in the dataset note, and tables of a hub without a cluster hold nothing');
  // Notes come first, most disruptive first.
  assert.equal([...new Set(r.upgradeNotes.map((n) => n.code))], ['HUB405', 'HUB410', 'HUB416']);
});

test('parameters: a likely rename, a removal, a type change and a new required parameter', () => {
  const a = editedTemplate(base, 'old', (t) => {
    // As releases 0.1-0.3 named it (versions.md §1.1): exportScopes, array, default [].
    t.parameters.exportScopes = { ...t.parameters.scopesToMonitor };
    delete t.parameters.scopesToMonitor;
    t.parameters.convertToParquet = { type: 'bool', defaultValue: true };
    t.parameters.exportRetentionInDays.type = 'string';
  });
  const b = editedTemplate(base, 'new', (t) => {
    t.parameters.costCenter = { type: 'string', metadata: { description: 'Cost center tag value.' } };
  });
  const r = diffBuilds(a, b);
  checkSchema(r);
  assert.equal(
    r.upgradeNotes.filter((n) => n.code <= 'HUB406').map((n) => [n.code, n.subject, n.to ?? '']),
    [
      ['HUB403', 'convertToParquet', ''],
      ['HUB404', 'exportScopes', 'scopesToMonitor'],
      ['HUB405', 'exportRetentionInDays', ''],
      ['HUB406', 'costCenter', ''],
    ],
  );
  const rename = notes(r, 'HUB404')[0];
  assert.ok(rename.likely);
  assert.match(rename.message, /likely renamed to scopesToMonitor/);
  assert.match(notes(r, 'HUB405')[0].message, /type changed from string to int/);
  assert.equal(names(section(r, 'template', 'parameters'), 'added'), ['scopesToMonitor', 'costCenter']);
  assert.is(section(r, 'template', 'parameters').find((i) => i.name === 'costCenter')!.summary, 'string, required');
});

test('renames pair by type and default or description, each parameter once', () => {
  const p = (type: string, extra: object = {}) => ({ type, ...extra });
  assert.equal(likelyRenames([['a', p('string', { defaultValue: 'x' })]], [['b', p('int', { defaultValue: 'x' })]]), []);
  assert.equal(likelyRenames([['a', p('string', { defaultValue: 'x' })]], [['b', p('string', { defaultValue: 'y' })]]), []);
  assert.equal(
    likelyRenames(
      [['old', p('string', { metadata: { description: 'Name of the Data Explorer cluster to use.' } })]],
      [
        ['other', p('string', { metadata: { description: 'Something unrelated.' } })],
        ['clusterName', p('string', { metadata: { description: 'Name of the Data Explorer cluster.' } })],
      ],
    ),
    [['old', 'clusterName']],
  );
  // Two removed with the same default: the better-scored pair wins, the other stays unpaired.
  assert.equal(
    likelyRenames(
      [
        ['a', p('array', { defaultValue: [] })],
        ['b', p('array', { defaultValue: [], metadata: { description: 'scopes to monitor' } })],
      ],
      [['c', p('array', { defaultValue: [], metadata: { description: 'scopes to monitor' } })]],
    ),
    [['b', 'c']],
  );
});

test('0.6 -> 0.7: the Data Explorer parameters, the two ingestion pipelines and the new trigger', () => {
  const prev = previousOf07();
  const r = diffBuilds(prev, base);
  checkSchema(r);
  const params = section(r, 'template', 'parameters');
  for (const p of DATA_EXPLORER_PARAMETERS) assert.ok(names(params, 'added').includes(p), `${p} added`);
  assert.match(params.find((i) => i.name === 'dataExplorerName')!.summary!, /^string, default ""/);
  const pipelines = names(section(r, 'dataFactory', 'pipelines'), 'added');
  assert.ok(pipelines.includes('ingestion_ExecuteETL') && pipelines.includes('ingestion_ETL_dataExplorer'), pipelines.join());
  const trigger = section(r, 'dataFactory', 'triggers').find((i) => i.name === 'ingestion_ManifestAdded')!;
  assert.is(trigger.change, 'added');
  assert.match(trigger.summary!, /BlobEventsTrigger, starts ingestion_ExecuteETL/);
  assert.ok(names(section(r, 'kql', 'tables'), 'added').includes('Ingestion.Costs_final_v1_0'));
  // The Data Explorer parameters have defaults: a saved 0.6 parameter file still deploys.
  for (const n of r.upgradeNotes) assert.not.ok(DATA_EXPLORER_PARAMETERS.includes(n.subject), n.message);
  const md = formatMarkdown(r);
  for (const name of ['dataExplorerName', 'ingestion_ExecuteETL', 'ingestion_ETL_dataExplorer', 'ingestion_ManifestAdded']) assert.match(md, `Added \`${name}\``);
  assert.match(md, /^# Changes from 0\.6 to 0\.7$/m);
  // 0.6 wrote focuscost/..., 0.7 writes Costs/...: converted data stays in folders 0.7 does not read.
  assert.ok(
    r.upgradeNotes.some((n) => n.code === 'HUB408' && /focuscost, pricesheet/.test(n.message) && /Costs, Prices/.test(n.message)),
    JSON.stringify(r.upgradeNotes),
  );
  // the export trigger of 0.6 is replaced: it must be stopped and deleted
  assert.ok(r.upgradeNotes.some((n) => n.code === 'HUB410' && n.subject === 'rawexports_FileAdded'));
});

test('0.7 -> 0.6 (a downgrade): what 0.7 deployed and 0.6 does not stays behind; a cluster only when 0.7 deployed one', () => {
  const r = diffBuilds(base, previousOf07());
  checkSchema(r);
  // The default hub deploys no cluster (dataExplorer.name is empty): none of its resources or objects is left behind.
  assert.not.ok(
    r.upgradeNotes.some((n) => /Kusto|ingestion_ExecuteETL|hubDataExplorer|ingestion_ManifestAdded/.test(n.subject)),
    JSON.stringify(r.upgradeNotes.map((n) => n.subject)),
  );
  // 0.7's network (unconditional) and the factory's managed network (private networking is on by default) stay.
  assert.ok(notes(r, 'HUB407').some((n) => n.subject === "Microsoft.Network/virtualNetworks [variables('virtualNetworkName')]"));
  assert.equal(
    notes(r, 'HUB416').map((n) => n.subject),
    ['privateNetworking'],
  );
  assert.equal(
    notes(r, 'HUB409').map((n) => n.subject),
    ['ingestion_manifest'],
  );
  assert.match(notes(r, 'HUB410').find((n) => n.subject === 'rawexports_ManifestAdded')!.message, /stop and delete it/);
  for (const p of DATA_EXPLORER_PARAMETERS)
    assert.ok(
      notes(r, 'HUB403').some((n) => n.subject === p),
      p,
    );
  // With a cluster: the cluster, its objects and its trigger stay, and the Data Explorer note says what it costs.
  const withCluster = diffBuilds(
    variant((d) => (d.dataExplorer.name = 'myadx')),
    previousOf07(),
  );
  assert.ok(notes(withCluster, 'HUB407').some((n) => n.subject === "Microsoft.Kusto/clusters [variables('dataExplorerClusterName')]"));
  for (const p of ['ingestion_ExecuteETL', 'ingestion_ETL_dataExplorer', 'hubDataExplorer'])
    assert.ok(
      notes(withCluster, 'HUB409').some((n) => n.subject === p),
      p,
    );
  assert.match(notes(withCluster, 'HUB416').find((n) => n.subject === 'dataExplorer')!.message, 'cluster myadx keeps running and billing');
});

test('long values are cut around their first difference, the same window on both sides (issue #21 item 7)', () => {
  // The exact case: resourceTags of 0.6 and 0.7 differ only in ftk-version, 150 characters in.
  const r = diffBuilds(previousOf07(), base);
  const tags = section(r, 'template', 'variables').find((i) => i.name === 'resourceTags')!.changes![0];
  const text = formatText(r)
    .split('\n')
    .find((l) => l.includes('(whole value)') && l.includes('ftk-version'))!;
  assert.ok(text, 'the resourceTags change is shown');
  assert.match(text, "'ftk-version', '0.6', 'ftk-tool', 'FinOps hubs'))]\" (201 chars) -> ");
  assert.match(text, "'ftk-version', '0.7', 'ftk-tool', 'FinOps hubs'))]\" (201 chars)");
  assert.not.match(text, "'/providers/Microsoft.Cloud/h… (201 chars)");
  const md = formatMarkdown(r)
    .split('\n')
    .find((l) => l.includes('(whole value)') && l.includes('ftk-version'))!;
  assert.match(md, "'ftk-version', '0.6', 'ftk-tool', 'FinOps hubs'))]\" (201 chars)` → `\"[union(parameters('tags'), createOb…");
  assert.match(md, "'ftk-version', '0.7', 'ftk-tool', 'FinOps hubs'))]\" (201 chars)`");
  assert.is(JSON.stringify(tags.from).length, 201, 'the JSON result keeps the whole value');
  // Each side at most 120 characters of value, the differing character inside both windows.
  const [a, b] = elidePair(JSON.stringify(tags.from), JSON.stringify(tags.to));
  for (const side of [a, b]) assert.ok(side.replace(/ \(\d+ chars\)$/, '').length <= 120, side);
  // Each side keeps its beginning (issue #30 item 13: a value cut from the front does not say what it is).
  assert.ok(a.startsWith('"[union(parameters(') && b.startsWith('"[union(parameters('), `${a} | ${b}`);
  assert.ok(a.includes('…') && b.includes('…'));
  // Short values are shown whole; a difference at the start keeps the start; one side may fit and the other not.
  assert.equal(elidePair('"a"', '"b"'), ['"a"', '"b"']);
  const long = 'x'.repeat(300);
  assert.equal(elidePair(`A${long}`, `B${long}`), [`A${'x'.repeat(117)}… (301 chars)`, `B${'x'.repeat(117)}… (301 chars)`]);
  const [tailA, tailB] = elidePair(`${long}A`, `${long}B`);
  assert.ok(tailA.endsWith('xA (301 chars)') && tailB.endsWith('xB (301 chars)'), `${tailA} | ${tailB}`);
  // Two multi-line texts: their line counts and the first line that differs.
  const lines = diffBuilds(
    base,
    editedTemplate(base, 'kql', (t) => {
      t.variables.kqlCommon = String(t.variables.kqlCommon).replace('\n', '\n// edited\n');
    }),
  );
  const kql = formatText(lines)
    .split('\n')
    .find((l) => l.includes('(text of'))!;
  assert.match(kql, /\(text of (\d+) lines; line 2: .*\) -> \(text of \d+ lines; line 2: "\/\/ edited"\)/);
});

test('pipelines are compared activity by activity', () => {
  const b = editedTemplate(base, 'edited', (t) => {
    const etl = Template.fromJSON(t).resource('Microsoft.DataFactory/factories/pipelines', { name: 'rawexports_ExecuteETL' });
    const acts = etl.properties.activities;
    acts[0].typeProperties.waitTimeInSeconds = 30;
    acts.push({ name: 'Extra Wait', type: 'Wait', dependsOn: [], typeProperties: { waitTimeInSeconds: 5 } });
    etl.properties.activities = acts.filter((x: any) => x.name !== 'Set Scope');
  });
  const r = diffBuilds(base, b);
  const etl = section(r, 'dataFactory', 'pipelines').find((i) => i.name === 'rawexports_ExecuteETL')!;
  assert.is(etl.change, 'changed');
  const acts = etl.members!.items;
  assert.equal(
    acts.map((a) => [a.change, a.name]),
    [
      ['removed', 'Set Scope'],
      ['changed', acts[1].name],
      ['added', 'Extra Wait'],
    ],
  );
  assert.equal(acts[1].changes, [{ path: 'typeProperties.waitTimeInSeconds', change: 'changed', from: 60, to: 30 }]);
  assert.equal(acts[2].summary, 'Wait');
});

test("nested activities are visited as the activity tree orders them: a Switch's cases in order, then its default activities (issue #32: the one walker)", () => {
  const wait = (name: string, seconds: number) => ({ name, type: 'Wait', dependsOn: [], typeProperties: { waitTimeInSeconds: seconds } });
  const pipeline = (s: number) => ({
    type: 'Microsoft.DataFactory/factories/pipelines',
    apiVersion: '2018-06-01',
    name: 'factory/route',
    properties: {
      activities: [
        {
          name: 'Route',
          type: 'Switch',
          dependsOn: [],
          typeProperties: {
            on: '@pipeline().parameters.kind',
            defaultActivities: [wait('Otherwise', s)],
            cases: [
              { value: 'a', activities: [wait('When A', s)] },
              { value: 'b', activities: [wait('When B', s)] },
            ],
          },
        },
      ],
    },
  });
  const side = (label: string, s: number): LoadedBuild => ({
    label,
    source: 'folder',
    build: fromFiles({ release: 'test', source: 'folder', files: new Map([[TEMPLATE_FILE, JSON.stringify({ resources: [pipeline(s)] })]]) }),
  });
  const r = diffBuilds(side('a', 1), side('b', 2));
  const route = section(r, 'dataFactory', 'pipelines').find((i) => i.name === 'route')!;
  assert.equal(
    route.members!.items.map((i) => i.name),
    ['When A', 'When B', 'Otherwise'],
  );
  const whole = diffBuilds(side('a', 1), {
    ...side('b', 1),
    build: fromFiles({ release: 'test', source: 'folder', files: new Map([[TEMPLATE_FILE, JSON.stringify({ resources: [] })]]) }),
  });
  assert.equal(section(whole, 'dataFactory', 'pipelines'), [{ name: 'route', change: 'removed' }]);
  const added = diffBuilds(
    { ...side('a', 1), build: fromFiles({ release: 'test', source: 'folder', files: new Map([[TEMPLATE_FILE, JSON.stringify({ resources: [] })]]) }) },
    side('b', 1),
  );
  assert.equal(section(added, 'dataFactory', 'pipelines'), [{ name: 'route', change: 'added', summary: '4 activities' }]);
});

test('every release compared with itself is equal; consecutive releases differ and explain their parameter changes', () => {
  assert.ok(RELEASE_VERSIONS.length >= 1);
  for (const v of RELEASE_VERSIONS) assert.ok(diffBuilds(releaseInput(v), releaseInput(v)).equal, v);
  for (let i = 1; i < RELEASE_VERSIONS.length; i++) {
    const a = releaseInput(RELEASE_VERSIONS[i - 1]);
    const b = releaseInput(RELEASE_VERSIONS[i]);
    const r = diffBuilds(a, b);
    checkSchema(r);
    assert.not.ok(r.equal, `${a.label} -> ${b.label}`);
    // Every parameter of A missing from B is explained by a removal or a likely rename.
    const gone = names(section(r, 'template', 'parameters'), 'removed');
    const explained = r.upgradeNotes.filter((n) => n.code === 'HUB403' || n.code === 'HUB404').map((n) => n.subject);
    assert.equal(explained.sort(), [...gone].sort(), `${a.label} -> ${b.label}`);
    assert.match(formatMarkdown(r), new RegExp(`^# Changes from ${a.label.replace('.', '\\.')} to`, 'm'));
  }
});

test.run();
