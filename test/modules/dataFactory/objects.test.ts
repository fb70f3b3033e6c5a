import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkAdfObject } from '../../../src/validators/adfModel.js';
import { checkAdfReferences } from '../../../src/validators/adfReferences.js';
import { loadArmSchemaValidator } from '../../../src/validators/armSchema.js';
import { adfObjectResource } from '../../../src/modules/dataFactory/index.js';
import { sharedArmSchemas } from '../../support/sharedData.js';
import { objectsOf, allActivities, evaluate, withSections, FIXTURE_YAML, type Wire } from './support.js';
import { innerActivityLists } from '../../../src/model/activities.js';

/** The activities directly inside a container activity. */
const innerActivities = (a: unknown) => innerActivityLists(a).flatMap((l) => l.activities as any[]);
import { nestingViolations } from '../../../src/validators/adfNesting.js';
import { parseAdfValue, adfValueNodes, walkAdf } from '../../../src/expressions/adf/index.js';

const def = objectsOf();
const fixture = objectsOf(FIXTURE_YAML);
const utcHub = objectsOf(
  withSections({ schedules: { daily: { time: '23:05', timeZone: 'UTC' }, monthly: { time: '00:00', daysOfMonth: [1, 15, 28], timeZone: 'Tokyo Standard Time' } } }),
);

const ADX = "[variables('deployDataExplorer')]";

test('objects in deployment order: linked services, datasets, pipelines, triggers', () => {
  const kinds = def.wire.map((o) => o.kind);
  const order = ['linkedService', 'dataset', 'pipeline', 'trigger'];
  assert.equal(
    [...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    kinds,
  );
  assert.equal(
    def.wire.filter((o) => o.kind === 'pipeline').map((o) => o.name),
    [
      'rawexports_ExecuteETL',
      'rawexports_ETL_ingestion',
      'ingestion_ExecuteETL',
      'ingestion_ETL_dataExplorer',
      'config_InitializeHub',
      'config_ConfigureExports',
      'config_StartExportProcess',
      'config_RunExportJobs',
      'config_StartBackfillProcess',
      'config_RunBackfillJob',
    ],
  );
  assert.equal(
    def.wire.filter((o) => o.kind === 'trigger').map((o) => o.name),
    ['config_SettingsUpdated', 'config_DailySchedule', 'config_MonthlySchedule', 'rawexports_ManifestAdded', 'ingestion_ManifestAdded'],
  );
  assert.equal(
    def.wire.filter((o) => o.kind === 'linkedService').map((o) => o.name),
    ['storage', 'keyVault', 'remoteHubStorage', 'hubDataExplorer'],
  );
  assert.equal(
    def.wire.filter((o) => o.kind === 'dataset').map((o) => o.name),
    ['config', 'manifest', 'rawexports', 'rawexports_gzip', 'rawexports_parquet', 'ingestion', 'ingestion_files', 'ingestion_manifest'],
  );
});

test('Data Explorer and remote hub objects are conditional; the rest are always deployed', () => {
  const conditional = Object.fromEntries(def.wire.filter((o) => o.condition).map((o) => [o.name, o.condition]));
  assert.equal(conditional, {
    remoteHubStorage: "[variables('deployRemoteHub')]",
    hubDataExplorer: ADX,
    ingestion_ExecuteETL: ADX,
    ingestion_ETL_dataExplorer: ADX,
    config_InitializeHub: ADX,
    ingestion_ManifestAdded: ADX,
  });
  // Whether hub.yaml names a cluster or not, the same objects are emitted: the template parameter decides.
  assert.equal(
    fixture.wire.map((o) => [o.name, o.condition ?? null]),
    def.wire.map((o) => [o.name, o.condition ?? null]),
  );
  // Nothing unconditional references a conditional object.
  const conditionalNames = new Set(Object.keys(conditional));
  for (const o of def.wire.filter((w) => !w.condition)) {
    const text = JSON.stringify(o.properties);
    for (const name of conditionalNames) {
      if (name === 'remoteHubStorage' && o.kind === 'dataset') continue; // chosen by an ARM expression
      assert.not.match(text, `"referenceName":"${name}"`, `${o.name} references ${name}`);
    }
  }
});

test('linked services: data lake, vault, remote hub key from Key Vault, Data Explorer; all connectVia the managed runtime when private', () => {
  const ls = (n: string) => def.byName(n).properties;
  const connectVia = "[if(variables('enablePublicAccess'), null(), createObject('referenceName', 'ManagedIntegrationRuntime', 'type', 'IntegrationRuntimeReference'))]";
  for (const n of ['storage', 'keyVault', 'remoteHubStorage', 'hubDataExplorer']) {
    const cv = ls(n).connectVia;
    assert.ok(cv === connectVia || cv.startsWith("[if(variables('enablePublicAccess'), null"), `${n}: ${cv}`);
  }
  assert.is(ls('storage').type, 'AzureBlobFS');
  assert.is(ls('storage').typeProperties.url, "[concat('https://', variables('storageAccountName'), '.dfs.', environment().suffixes.storage, '/')]");
  assert.is(ls('keyVault').type, 'AzureKeyVault');
  assert.equal(ls('remoteHubStorage').typeProperties, {
    url: "[parameters('remoteHubStorageUri')]",
    accountKey: {
      type: 'AzureKeyVaultSecret',
      store: { referenceName: 'keyVault', type: 'LinkedServiceReference' },
      secretName: "[concat(replace(toLower(parameters('hubName')), '_', '-'), '-storage-key')]",
    },
  });
  assert.is(ls('hubDataExplorer').type, 'AzureDataExplorer');
  assert.is(ls('hubDataExplorer').typeProperties.database, '@{linkedService().database}');
  assert.is(ls('hubDataExplorer').typeProperties.servicePrincipalId, undefined, 'managed identity, no service principal');
});

test('datasets: containers, formats, parameters; ingestion datasets follow the remote hub', () => {
  const ds = (n: string) => def.byName(n);
  assert.is(ds('rawexports').properties.typeProperties.location.fileSystem, 'rawexports');
  assert.is(ds('rawexports').properties.type, 'DelimitedText');
  assert.is(ds('rawexports').properties.typeProperties.firstRowAsHeader, true);
  assert.is(ds('rawexports_gzip').properties.typeProperties.compressionCodec, 'gzip');
  assert.is(ds('rawexports_parquet').properties.type, 'Parquet');
  assert.equal(ds('config').properties.parameters, { fileName: { type: 'String', defaultValue: 'settings.json' }, folderPath: { type: 'String', defaultValue: 'config' } });
  for (const n of ['ingestion', 'ingestion_files', 'ingestion_manifest']) {
    const o = ds(n);
    assert.is(o.properties.linkedServiceName.referenceName, "[if(variables('deployRemoteHub'), 'remoteHubStorage', 'storage')]", n);
    assert.is(o.properties.typeProperties.location.fileSystem, 'ingestion');
    assert.equal(o.dependsOn, [
      "[resourceId('Microsoft.DataFactory/factories/linkedservices', variables('dataFactoryName'), 'storage')]",
      "[resourceId('Microsoft.DataFactory/factories/linkedservices', variables('dataFactoryName'), 'remoteHubStorage')]",
    ]);
  }
  for (const n of ['config', 'manifest', 'rawexports', 'rawexports_gzip', 'rawexports_parquet']) assert.is(ds(n).properties.linkedServiceName.referenceName, 'storage');
  assert.is(evaluate(ds('ingestion').properties.typeProperties.location.fileName, { dataset: { fileName: 'a.parquet' } }), 'a.parquet');
});

test('blob triggers: paths, events, empty manifests of custom datasets', () => {
  const tp = (n: string) => def.byName(n).properties.typeProperties;
  assert.equal(tp('rawexports_ManifestAdded'), {
    blobPathBeginsWith: '/rawexports/blobs/',
    blobPathEndsWith: '/manifest.json',
    ignoreEmptyBlobs: true,
    scope: "[resourceId('Microsoft.Storage/storageAccounts', variables('storageAccountName'))]",
    events: ['Microsoft.Storage.BlobCreated'],
  });
  assert.is(tp('ingestion_ManifestAdded').blobPathBeginsWith, '/ingestion/blobs/');
  assert.is(tp('ingestion_ManifestAdded').ignoreEmptyBlobs, false);
  assert.is(tp('config_SettingsUpdated').blobPathBeginsWith, '/config/blobs/settings.json');
  assert.is(tp('config_SettingsUpdated').blobPathEndsWith, 'settings.json');
  const pipes = (n: string) => def.byName(n).properties.pipelines;
  assert.equal(pipes('rawexports_ManifestAdded'), [
    {
      pipelineReference: { referenceName: 'rawexports_ExecuteETL', type: 'PipelineReference' },
      parameters: { folderPath: '@triggerBody().folderPath', fileName: '@triggerBody().fileName' },
    },
  ]);
  assert.equal(pipes('ingestion_ManifestAdded'), [
    { pipelineReference: { referenceName: 'ingestion_ExecuteETL', type: 'PipelineReference' }, parameters: { folderPath: '@triggerBody().folderPath' } },
  ]);
  assert.equal(pipes('config_SettingsUpdated'), [{ pipelineReference: { referenceName: 'config_ConfigureExports', type: 'PipelineReference' } }]);
});

test('schedule triggers: time and days from hub.yaml, zone per region or as given, startTime form per zone', () => {
  const rec = (w: ReturnType<typeof objectsOf>, n: string) => w.byName(n).properties.typeProperties.recurrence;
  // Default hub.yaml: 01:01 daily, 01:11 on the 5th and 19th, time zone of the region.
  assert.equal(rec(def, 'config_DailySchedule'), {
    frequency: 'Day',
    interval: 1,
    startTime: "[if(equals(variables('regionTimeZone'), 'UTC'), '2023-01-01T01:01:00Z', '2023-01-01T01:01:00')]",
    timeZone: "[variables('regionTimeZone')]",
    schedule: { minutes: [1], hours: [1] },
  });
  assert.equal(rec(def, 'config_MonthlySchedule').schedule, { minutes: [11], hours: [1], monthDays: [5, 19] });
  assert.is(rec(def, 'config_MonthlySchedule').frequency, 'Month');
  // Fixture: explicit zone for daily, auto for monthly.
  assert.is(rec(fixture, 'config_DailySchedule').timeZone, 'W. Europe Standard Time');
  assert.is(rec(fixture, 'config_DailySchedule').startTime, '2023-01-01T03:30:00');
  assert.equal(rec(fixture, 'config_DailySchedule').schedule, { minutes: [30], hours: [3] });
  assert.equal(rec(fixture, 'config_MonthlySchedule').schedule, { minutes: [0], hours: [4], monthDays: [2, 16] });
  // UTC needs the Z form; other zones local time without offset.
  assert.is(rec(utcHub, 'config_DailySchedule').startTime, '2023-01-01T23:05:00Z');
  assert.is(rec(utcHub, 'config_DailySchedule').timeZone, 'UTC');
  assert.is(rec(utcHub, 'config_MonthlySchedule').startTime, '2023-01-01T00:00:00');
  assert.equal(rec(utcHub, 'config_MonthlySchedule').schedule.monthDays, [1, 15, 28]);
  assert.equal(def.byName('config_DailySchedule').properties.pipelines[0].parameters, { Recurrence: 'Daily' });
  assert.equal(def.byName('config_MonthlySchedule').properties.pipelines[0].parameters, { Recurrence: 'Monthly' });
});

test('parallelism: export conversion 30/4 by public access, Data Explorer loads at cluster capacity, config loops sequential', () => {
  const loops = Object.fromEntries(
    def.wire
      .filter((o) => o.kind === 'pipeline')
      .flatMap((p) =>
        allActivities(p)
          .filter((a) => a.type === 'ForEach')
          .map((a) => [`${p.name}/${a.name}`, a.typeProperties.isSequential ? 'sequential' : (a.typeProperties.batchCount ?? 'default')]),
      ),
  );
  assert.equal(loops, {
    'rawexports_ExecuteETL/For Each Export File': "[if(variables('enablePublicAccess'), 30, 4)]",
    'rawexports_ExecuteETL/For Each Earlier File': 'default',
    'ingestion_ExecuteETL/For Each File': "[variables('dataExplorerIngestionCapacity')]",
    'config_InitializeHub/For Each Scope': 'sequential',
    'config_ConfigureExports/For Each Scope': 'sequential',
    'config_StartExportProcess/For Each Scope': 'sequential',
    'config_RunExportJobs/For Each Export': 'sequential',
    'config_StartBackfillProcess/For Each Month': 'sequential',
    'config_RunBackfillJob/For Each Scope': 'sequential',
  });
});

/** Activities whose failure must be handled by a Fail (directly, or by recording it for one). */
const RISKY = new Set(['Lookup', 'Copy', 'Delete', 'GetMetadata', 'WebActivity', 'AzureDataExplorerCommand', 'ExecutePipeline']);

test('every failure path ends in a Fail activity with a stable error code', () => {
  const problems: string[] = [];
  const codes = new Set<string>();
  for (const p of def.wire.filter((o) => o.kind === 'pipeline')) {
    const check = (list: any[], handledByParent: boolean) => {
      for (const a of list) {
        const handlers = list.filter((b) =>
          b.dependsOn.some((d: any) => d.activity === a.name && (d.dependencyConditions.includes('Failed') || d.dependencyConditions.includes('Completed'))),
        );
        const handled = handlers.length > 0;
        if (RISKY.has(a.type) && !handled && !handledByParent) problems.push(`${p.name}/${a.name}`);
        // A ForEach whose failure is handled covers its body (a failure inside fails the loop); otherwise the
        // body must handle its own failures.
        check(innerActivities(a), handledByParent || (a.type === 'ForEach' && handled));
      }
    };
    check(p.properties.activities, false);
    for (const a of allActivities(p).filter((x) => x.type === 'Fail')) {
      const code = a.typeProperties.errorCode;
      if (typeof code === 'string') codes.add(code);
      assert.ok(typeof a.typeProperties.message === 'string' || a.typeProperties.message.type === 'Expression');
    }
    for (const a of allActivities(p).filter((x) => x.type === 'SetVariable' && x.typeProperties.variableName === 'status' && x.typeProperties.value !== 'Succeeded')) {
      codes.add(a.typeProperties.value);
    }
  }
  assert.equal(problems, []);
  assert.equal([...codes].sort(), [
    'BackfillExportRunFailed',
    'BackfillMonthFailed',
    'DataExplorerCapacityCheckFailed',
    'DataExplorerIngestionFailed',
    'DataExplorerLoadFailed',
    'DataExplorerPolicyUpdateFailed',
    'DataExplorerPostIngestionDropFailed',
    'DataExplorerPreIngestionDropFailed',
    'ExportConversionFailed',
    'ExportCreateFailed',
    'ExportDeleteFailed',
    'ExportFileReadFailed',
    'ExportIngestionFailed',
    'ExportListFailed',
    'ExportRunFailed',
    'HubSettingsLogFailed',
    'IngestionCleanupFailed',
    'IngestionFilesNotFound',
    'IngestionFolderListFailed',
    'ManifestCopyFailed',
    'ManifestInvalid',
    'ManifestReadFailed',
    'OpenDataLoadFailed',
    'SchemaLoadFailed',
    'SchemaNotFound',
    'SettingsReadFailed',
    'UnsupportedExportFileType',
  ]);
});

test('no Fail waits on several failures at once (it could never run)', () => {
  for (const p of def.wire.filter((o) => o.kind === 'pipeline')) {
    for (const a of allActivities(p).filter((x) => x.type === 'Fail')) assert.ok(a.dependsOn.length <= 1, `${p.name}/${a.name}`);
  }
});

test('Data Factory nesting rules hold and every expression parses', () => {
  const strings = (v: unknown, out: string[] = []): string[] => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
    else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, out));
    return out;
  };
  for (const o of def.wire) {
    if (o.kind === 'pipeline') assert.equal(nestingViolations(o.properties.activities), [], o.name);
    for (const s of strings(o.properties)) {
      if (/^\[(?!\[)/.test(s)) continue; // ARM expression
      assert.not.match(s, '@@{', `${o.name}: an @ before an expression reads as an escape: ${s.slice(0, 80)}`);
      parseAdfValue(s);
    }
  }
});

test("empty arrays are json('[]'), never createArray() without arguments", () => {
  const strings = (v: unknown, out: string[] = []): string[] => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
    else if (v && typeof v === 'object') Object.values(v).forEach((x) => strings(x, out));
    return out;
  };
  const bare: string[] = [];
  for (const set of [def, fixture]) {
    for (const o of set.wire) {
      for (const s of strings(o.properties)) {
        if (/^\[(?!\[)/.test(s)) continue; // ARM expression
        for (const node of adfValueNodes(parseAdfValue(s)))
          walkAdf(node, (n) => void (n.kind === 'call' && n.name.toLowerCase() === 'createarray' && n.args.length === 0 && bare.push(o.name)));
      }
    }
  }
  assert.equal(bare, []);
});

test('Web activities: POST and PUT carry a body, GET none (Data Factory rejects the other combinations)', () => {
  const seen = new Set<string>();
  for (const p of fixture.wire.filter((o) => o.kind === 'pipeline')) {
    for (const a of allActivities(p).filter((x) => x.type === 'WebActivity')) {
      const { method, body } = a.typeProperties;
      seen.add(method);
      if (method === 'POST' || method === 'PUT') assert.ok(body !== undefined && body !== '', `${p.name}/${a.name}: ${method} without body`);
      else assert.is(body, undefined, `${p.name}/${a.name}: ${method} with body`);
    }
  }
  assert.equal([...seen].sort(), ['GET', 'POST', 'PUT']);
});

test('public access, remote hub and custom datasets change parameters, not the object set', () => {
  const variants = [
    objectsOf(withSections({ networking: { publicAccess: true, addressPrefix: '10.20.30.0/26' } })),
    objectsOf(withSections({ remoteHub: { storageUri: 'https://remote.dfs.core.windows.net/' } })),
  ];
  for (const v of variants)
    assert.equal(
      v.wire.map((o) => o.name),
      def.wire.map((o) => o.name),
    );
  assert.equal(JSON.stringify(variants[0].wire), JSON.stringify(def.wire));
});

test('the Data Factory SDK model check and the reference checker find nothing', () => {
  for (const set of [def, fixture]) {
    const issues = set.wire.flatMap((o) =>
      checkAdfObject(o.kind, { name: o.name, properties: o.properties }, { armExpressions: true }).map((i) => `${o.name} ${i.severity} ${i.path} ${i.message}`),
    );
    assert.equal(issues, []);
    const group = (k: Wire['kind']) => set.wire.filter((o) => o.kind === k).map((o) => ({ name: o.name, properties: o.properties }));
    const refs = checkAdfReferences(
      { pipelines: group('pipeline'), triggers: group('trigger'), datasets: group('dataset'), linkedServices: group('linkedService') },
      'azuredeploy.json',
    );
    assert.equal(
      refs.map((d) => `${d.code} ${d.message}`),
      [],
    );
  }
});

test('every object passes the official ARM schema as a factory child resource', async () => {
  const resources = fixture.objects.map((o) => JSON.parse(JSON.stringify(adfObjectResource(o, fixture.objects))));
  const validator = loadArmSchemaValidator(await sharedArmSchemas([{ resources }]));
  const issues = fixture.objects.flatMap((o, n) => validator.validateResource(resources[n]).map((i) => `${o.name} ${i.pointer} ${i.message}`));
  assert.equal(issues, []);
});

test('a broken reference is caught by the reference checker', () => {
  const pipelines = def.wire.filter((o) => o.kind === 'pipeline').map((o) => ({ name: o.name, properties: JSON.parse(JSON.stringify(o.properties)) }));
  const etl = pipelines.find((p) => p.name === 'rawexports_ExecuteETL')!;
  etl.properties = JSON.parse(JSON.stringify(etl.properties).replace("variables('hubDataset')", "variables('hubDataSet2')"));
  const group = (k: Wire['kind']) => def.wire.filter((o) => o.kind === k).map((o) => ({ name: o.name, properties: o.properties }));
  const refs = checkAdfReferences({ pipelines, triggers: group('trigger'), datasets: group('dataset'), linkedServices: group('linkedService') }, 'azuredeploy.json');
  assert.is(refs.length, 1);
  assert.match(refs[0].message, 'hubDataSet2');
});

test.run();
