import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as SdkParameters from '@azure/arm-datafactory/dist-esm/src/models/parameters.js';
import { ADF_NAME_CONSTRAINTS, adfModelDiagnostics, checkAdfObject, type AdfObjectKind, type AdfModelIssue } from '../../src/validators/adfModel.js';
import { REQUIRED_COMPOSITES } from '../../src/validators/adfModel/knownGaps.js';
import { discriminatorValues, lineage, modelMapper } from '../../src/validators/adfModel/metadata.js';
import { parseIsoDateTime } from '../../src/validators/adfModel/values.js';

// ---------------------------------------------------------------------------------------------------------------
// Realistic wire objects (Data Factory Git/REST JSON), modelled on the FinOps hub 0.7 factory.

const expr = (value: string) => ({ value, type: 'Expression' });
const policy = { timeout: '0.00:05:00', retry: 2, retryIntervalInSeconds: 30, secureOutput: false, secureInput: false };
const adxPolicy = { timeout: '0.12:00:00', retry: 0, retryIntervalInSeconds: 30, secureOutput: false, secureInput: false };
const succeeded = (activity: string) => ({ activity, dependencyConditions: ['Succeeded'] });

function pipeline(): { name: string; properties: any } {
  return {
    name: 'config_ConfigureExports',
    properties: {
      activities: [
        {
          name: 'Get Config',
          type: 'Lookup',
          dependsOn: [],
          policy,
          userProperties: [],
          typeProperties: {
            source: {
              type: 'JsonSource',
              storeSettings: { type: 'AzureBlobFSReadSettings', recursive: true, enablePartitionDiscovery: false },
              formatSettings: { type: 'JsonReadSettings' },
            },
            dataset: {
              referenceName: 'config',
              type: 'DatasetReference',
              parameters: { fileName: expr("@variables('fileName')"), folderPath: expr("@variables('folderPath')") },
            },
          },
        },
        {
          name: 'Save Scopes',
          type: 'SetVariable',
          dependsOn: [succeeded('Get Config')],
          policy: { secureOutput: false, secureInput: false },
          userProperties: [],
          typeProperties: { variableName: 'scopesArray', value: expr("@activity('Get Config').output.firstRow.scopes") },
        },
        {
          name: 'Filter Invalid Scopes',
          type: 'Filter',
          dependsOn: [succeeded('Save Scopes')],
          userProperties: [],
          typeProperties: {
            items: expr("@variables('scopesArray')"),
            condition: expr("@and(not(empty(item().scope)), not(equals(item().scope, '/')))"),
          },
        },
        {
          name: 'ForEach Export Scope',
          type: 'ForEach',
          dependsOn: [succeeded('Filter Invalid Scopes')],
          userProperties: [],
          typeProperties: {
            items: expr("@activity('Filter Invalid Scopes').output.value"),
            isSequential: false,
            batchCount: 10,
            activities: [
              {
                name: 'Set export name',
                type: 'SetVariable',
                dependsOn: [],
                userProperties: [],
                typeProperties: { variableName: 'exportName', value: "@toLower(concat(variables('finOpsHub'), '-daily-costdetails'))" },
              },
              {
                name: 'Create or update export',
                type: 'WebActivity',
                dependsOn: [succeeded('Set export name')],
                policy,
                userProperties: [],
                typeProperties: {
                  method: 'PUT',
                  url: "@{variables('resourceManagementUri')}@{item().scope}/providers/Microsoft.CostManagement/exports/@{variables('exportName')}?api-version=2023-07-01-preview",
                  body: '{ "properties": { "definition": { "type": "FocusCost", "timeframe": "MonthToDate" } } }',
                  headers: { 'x-ms-command-name': 'FinOpsToolkit.Hubs.config_RunExportJobs@0.7' },
                  authentication: { type: 'MSI', resource: "@variables('resourceManagementUri')" },
                },
              },
            ],
          },
        },
        {
          name: 'Run exports',
          type: 'ExecutePipeline',
          dependsOn: [succeeded('ForEach Export Scope')],
          policy: { secureInput: false },
          userProperties: [],
          typeProperties: {
            pipeline: { referenceName: 'config_RunExportJobs', type: 'PipelineReference' },
            waitOnCompletion: true,
            parameters: { ExportScopes: expr("@activity('Filter Invalid Scopes').output.value"), Recurrence: 'Daily' },
          },
        },
        {
          name: 'Check Schema',
          type: 'Switch',
          dependsOn: [succeeded('Run exports')],
          userProperties: [],
          typeProperties: {
            on: expr('@pipeline().parameters.exportDatasetType'),
            cases: [
              {
                value: 'focuscost',
                activities: [{ name: 'Wait a bit', type: 'Wait', dependsOn: [], userProperties: [], typeProperties: { waitTimeInSeconds: 15 } }],
              },
            ],
            defaultActivities: [
              {
                name: 'Unsupported dataset',
                type: 'Fail',
                dependsOn: [],
                userProperties: [],
                typeProperties: { message: expr("@concat('Unsupported: ', pipeline().parameters.exportDatasetType)"), errorCode: 'SchemaNotFound' },
              },
            ],
          },
        },
        {
          name: 'Until Capacity Is Available',
          type: 'Until',
          dependsOn: [succeeded('Check Schema')],
          userProperties: [],
          typeProperties: {
            expression: expr("@equals(variables('tryAgain'), false)"),
            timeout: '0.02:00:00',
            activities: [
              {
                name: 'Confirm Ingestion Capacity',
                type: 'AzureDataExplorerCommand',
                dependsOn: [],
                policy: adxPolicy,
                userProperties: [],
                linkedServiceName: { referenceName: 'hubDataExplorer', type: 'LinkedServiceReference', parameters: { database: 'Ingestion' } },
                typeProperties: { command: '.show capacity | where Resource == "Ingestions" | project Remaining', commandTimeout: '00:20:00' },
              },
              {
                name: 'If Has Capacity',
                type: 'IfCondition',
                dependsOn: [succeeded('Confirm Ingestion Capacity')],
                userProperties: [],
                typeProperties: {
                  expression: expr(
                    "@or(equals(activity('Confirm Ingestion Capacity').output.count, 0), greater(activity('Confirm Ingestion Capacity').output.value[0].Remaining, 0))",
                  ),
                  ifTrueActivities: [
                    {
                      name: 'Ingestion Complete',
                      type: 'SetVariable',
                      dependsOn: [],
                      userProperties: [],
                      typeProperties: { variableName: 'tryAgain', value: false },
                    },
                  ],
                  ifFalseActivities: [{ name: 'Wait for Ingestion', type: 'Wait', dependsOn: [], userProperties: [], typeProperties: { waitTimeInSeconds: 15 } }],
                },
              },
            ],
          },
        },
        {
          name: 'Convert CSV File',
          type: 'Copy',
          dependsOn: [succeeded('Until Capacity Is Available')],
          policy,
          userProperties: [],
          typeProperties: {
            source: {
              type: 'DelimitedTextSource',
              storeSettings: { type: 'AzureBlobFSReadSettings', recursive: true, enablePartitionDiscovery: false },
              formatSettings: { type: 'DelimitedTextReadSettings' },
            },
            sink: {
              type: 'ParquetSink',
              storeSettings: { type: 'AzureBlobFSWriteSettings' },
              formatSettings: { type: 'ParquetWriteSettings', fileExtension: '.parquet' },
            },
            enableStaging: false,
            parallelCopies: 1,
            validateDataConsistency: false,
            translator: expr("@activity('Load Schema Mappings').output.firstRow.translator"),
          },
          inputs: [{ referenceName: 'rawexports', type: 'DatasetReference', parameters: { blobPath: '@pipeline().parameters.blobPath' } }],
          outputs: [{ referenceName: 'ingestion', type: 'DatasetReference', parameters: { blobPath: '@pipeline().parameters.destinationFile' } }],
        },
        {
          name: 'Read Hub Config',
          type: 'GetMetadata',
          dependsOn: [succeeded('Convert CSV File')],
          policy,
          userProperties: [],
          typeProperties: {
            dataset: { referenceName: 'ingestion_files', type: 'DatasetReference', parameters: { folderPath: '@pipeline().parameters.destinationFolder' } },
            fieldList: ['childItems'],
            storeSettings: { type: 'AzureBlobFSReadSettings', recursive: true, enablePartitionDiscovery: false },
            formatSettings: { type: 'ParquetReadSettings' },
          },
        },
        {
          name: 'Delete CSV',
          type: 'Delete',
          dependsOn: [succeeded('Read Hub Config')],
          policy,
          userProperties: [],
          typeProperties: {
            dataset: { referenceName: 'rawexports', type: 'DatasetReference', parameters: { blobPath: '@pipeline().parameters.blobPath' } },
            enableLogging: false,
            storeSettings: { type: 'AzureBlobFSReadSettings', recursive: true, enablePartitionDiscovery: false },
          },
        },
      ],
      parameters: { folderPath: { type: 'string' }, fileName: { type: 'string', defaultValue: 'manifest.json' } },
      variables: {
        scopesArray: { type: 'Array' },
        exportName: { type: 'String' },
        tryAgain: { type: 'Boolean', defaultValue: true },
        resourceManagementUri: { type: 'String', defaultValue: 'https://management.azure.com/' },
      },
      concurrency: 1,
      annotations: ['New export'],
    },
  };
}

function blobTrigger(): { name: string; properties: any } {
  return {
    name: 'rawexports_ManifestAdded',
    properties: {
      annotations: [],
      pipelines: [
        {
          pipelineReference: { referenceName: 'rawexports_ExecuteETL', type: 'PipelineReference' },
          parameters: { folderPath: '@triggerBody().folderPath', fileName: '@triggerBody().fileName' },
        },
      ],
      type: 'BlobEventsTrigger',
      typeProperties: {
        blobPathBeginsWith: '/rawexports/blobs/',
        blobPathEndsWith: 'manifest.json',
        ignoreEmptyBlobs: true,
        scope: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/finopshub',
        events: ['Microsoft.Storage.BlobCreated'],
      },
    },
  };
}

function scheduleTrigger(): { name: string; properties: any } {
  return {
    name: 'config_MonthlySchedule',
    properties: {
      pipelines: [{ pipelineReference: { referenceName: 'config_StartExportProcess', type: 'PipelineReference' }, parameters: { Recurrence: 'Monthly' } }],
      type: 'ScheduleTrigger',
      typeProperties: {
        recurrence: {
          frequency: 'Month',
          interval: 1,
          startTime: '2023-01-01T01:01:00',
          timeZone: 'W. Europe Standard Time',
          schedule: { minutes: [11], hours: [1], monthDays: [5, 19] },
        },
      },
    },
  };
}

const storageRef = { referenceName: 'finopshubstorage', type: 'LinkedServiceReference' };

function jsonDataset(): { name: string; properties: any } {
  return {
    name: 'config',
    properties: {
      linkedServiceName: storageRef,
      parameters: { fileName: { type: 'String', defaultValue: 'settings.json' }, folderPath: { type: 'String', defaultValue: 'config' } },
      annotations: [],
      type: 'Json',
      typeProperties: {
        location: { type: 'AzureBlobFSLocation', fileName: expr('@{dataset().fileName}'), folderPath: expr('@{dataset().folderPath}') },
      },
    },
  };
}

function parquetDataset(): { name: string; properties: any } {
  return {
    name: 'ingestion',
    properties: {
      linkedServiceName: storageRef,
      parameters: { blobPath: { type: 'String' } },
      annotations: [],
      type: 'Parquet',
      typeProperties: { location: { type: 'AzureBlobFSLocation', fileName: expr('@{dataset().blobPath}'), fileSystem: 'ingestion' } },
    },
  };
}

function delimitedDataset(): { name: string; properties: any } {
  return {
    name: 'rawexports_gzip',
    properties: {
      linkedServiceName: storageRef,
      parameters: { blobPath: { type: 'String' } },
      annotations: [],
      type: 'DelimitedText',
      typeProperties: {
        location: { type: 'AzureBlobFSLocation', fileName: expr('@{dataset().blobPath}'), fileSystem: 'rawexports' },
        columnDelimiter: ',',
        compressionCodec: 'Gzip',
        escapeChar: '"',
        firstRowAsHeader: true,
        quoteChar: '"',
      },
      schema: [],
    },
  };
}

const connectVia = { referenceName: 'ManagedIntegrationRuntime', type: 'IntegrationRuntimeReference' };

function blobFsLinkedService(): { name: string; properties: any } {
  return {
    name: 'finopshubstorage',
    properties: { annotations: [], parameters: {}, type: 'AzureBlobFS', typeProperties: { url: 'https://finopshub.dfs.core.windows.net/' }, connectVia },
  };
}

function keyVaultLinkedService(): { name: string; properties: any } {
  return {
    name: 'finops-hub-vault',
    properties: { annotations: [], parameters: {}, type: 'AzureKeyVault', typeProperties: { baseUrl: 'https://finops-hub-vault.vault.azure.net/' }, connectVia },
  };
}

function adxLinkedService(): { name: string; properties: any } {
  return {
    name: 'hubDataExplorer',
    properties: {
      type: 'AzureDataExplorer',
      parameters: { database: { type: 'String', defaultValue: 'Ingestion' } },
      typeProperties: {
        endpoint: 'https://finopshub.westeurope.kusto.windows.net',
        database: '@{linkedService().database}',
        tenant: '00000000-0000-0000-0000-000000000001',
        servicePrincipalId: '00000000-0000-0000-0000-000000000002',
      },
      connectVia,
    },
  };
}

const GOOD: Array<[AdfObjectKind, () => { name: string; properties: any }]> = [
  ['pipeline', pipeline],
  ['trigger', blobTrigger],
  ['trigger', scheduleTrigger],
  ['dataset', jsonDataset],
  ['dataset', parquetDataset],
  ['dataset', delimitedDataset],
  ['linkedService', blobFsLinkedService],
  ['linkedService', keyVaultLinkedService],
  ['linkedService', adxLinkedService],
];

const show = (issues: AdfModelIssue[]) => issues.map((i) => `${i.severity} ${i.path} - ${i.message}`).join('\n');
const errors = (issues: AdfModelIssue[]) => issues.filter((i) => i.severity === 'error');

/** Asserts exactly one error, at `path`, whose message contains `text`. */
function onlyError(issues: AdfModelIssue[], path: string, text: string): AdfModelIssue {
  const list = errors(issues);
  assert.is(list.length, 1, show(issues));
  assert.is(list[0].path, path, show(issues));
  assert.ok(list[0].message.includes(text), `${list[0].message} should contain ${text}`);
  return list[0];
}

// ---------------------------------------------------------------------------------------------------------------

test('realistic pipeline, triggers, datasets and linked services pass with no issues', () => {
  for (const [kind, make] of GOOD) {
    for (const armExpressions of [false, true]) {
      const issues = checkAdfObject(kind, make(), { armExpressions });
      assert.equal(issues, [], `${kind} ${make().name}:\n${show(issues)}`);
    }
  }
});

test('the pipeline fixture really uses the activity types under test', () => {
  const types = new Set<string>();
  const visit = (list: any[]) => {
    for (const a of list ?? []) {
      types.add(a.type);
      const tp = a.typeProperties ?? {};
      for (const key of ['activities', 'ifTrueActivities', 'ifFalseActivities', 'defaultActivities']) visit(tp[key]);
      for (const c of tp.cases ?? []) visit(c.activities);
    }
  };
  visit(pipeline().properties.activities);
  for (const t of [
    'Lookup',
    'SetVariable',
    'Filter',
    'ForEach',
    'ExecutePipeline',
    'Switch',
    'IfCondition',
    'Until',
    'Copy',
    'Delete',
    'GetMetadata',
    'WebActivity',
    'Fail',
    'Wait',
    'AzureDataExplorerCommand',
  ]) {
    assert.ok(types.has(t), t);
  }
});

test('broken: isSequential as a string', () => {
  const p = pipeline();
  p.properties.activities[3].typeProperties.isSequential = 'true';
  const e = onlyError(checkAdfObject('pipeline', p), 'properties.activities[3].typeProperties.isSequential', 'expected boolean, got string "true"');
  assert.is(e.activity, 'ForEach Export Scope');
});

test('broken: unknown activity type, with a suggestion, inside a ForEach', () => {
  const p = pipeline();
  p.properties.activities[3].typeProperties.activities[1].type = 'WebActivityy';
  const e = onlyError(checkAdfObject('pipeline', p), 'properties.activities[3].typeProperties.activities[1].type', "unknown Activity type 'WebActivityy'");
  assert.ok(e.message.includes("did you mean 'WebActivity'"), e.message);
  assert.is(e.activity, 'ForEach Export Scope / Create or update export');
  // its typeProperties are not reported one by one: the model is unknown
  assert.is(checkAdfObject('pipeline', p).length, 1);
});

test('broken: activity without name', () => {
  const p = pipeline();
  delete p.properties.activities[7].name;
  const e = onlyError(checkAdfObject('pipeline', p), 'properties.activities[7].name', 'required property missing (CopyActivity)');
  assert.is(e.activity, '?');
});

test('broken: concurrency 0', () => {
  const p = pipeline();
  p.properties.concurrency = 0;
  onlyError(checkAdfObject('pipeline', p), 'properties.concurrency', 'must be >= 1, got 0');
});

test('broken: batchCount above the maximum and as an ADF expression', () => {
  const p = pipeline();
  p.properties.activities[3].typeProperties.batchCount = 51;
  onlyError(checkAdfObject('pipeline', p), 'properties.activities[3].typeProperties.batchCount', 'must be <= 50, got 51');
  p.properties.activities[3].typeProperties.batchCount = '@pipeline().parameters.n';
  const e = onlyError(checkAdfObject('pipeline', p), 'properties.activities[3].typeProperties.batchCount', 'expected number, got a Data Factory expression string');
  assert.ok(e.hint?.includes('does not evaluate expressions'));
});

test('broken: pipeline reference constant mismatch (trigger and ExecutePipeline)', () => {
  const t = blobTrigger();
  t.properties.pipelines[0].pipelineReference.type = 'PipelineRef';
  onlyError(checkAdfObject('trigger', t), 'properties.pipelines[0].pipelineReference.type', 'must be the constant "PipelineReference", got string "PipelineRef"');
  const p = pipeline();
  delete p.properties.activities[4].typeProperties.pipeline.type;
  onlyError(checkAdfObject('pipeline', p), 'properties.activities[4].typeProperties.pipeline.type', 'required property missing (PipelineReference); must be "PipelineReference"');
});

test('broken: recurrence interval as a string and startTime "yesterday"', () => {
  const t = scheduleTrigger();
  t.properties.typeProperties.recurrence.interval = '1';
  onlyError(checkAdfObject('trigger', t), 'properties.typeProperties.recurrence.interval', 'expected number, got string "1"');
  const u = scheduleTrigger();
  u.properties.typeProperties.recurrence.startTime = 'yesterday';
  onlyError(checkAdfObject('trigger', u), 'properties.typeProperties.recurrence.startTime', 'expected ISO date-time string, got string "yesterday"');
});

test('broken: the recipe example as one pipeline and one trigger', () => {
  const p = pipeline();
  const forEach = p.properties.activities[3];
  forEach.typeProperties.isSequential = 'yes';
  forEach.typeProperties.activities = [
    { name: 'Call', type: 'WebActivityy', typeProperties: { method: 'GET', url: 'https://example.com' } },
    { type: 'Copy', dependsOnn: [], typeProperties: { source: { type: 'ParquetSource' }, sink: { type: 'ParquetSink' } } },
    { name: 'Pause', type: 'Wait', policy: { timeout: '0.00:01:00' }, typeProperties: { waitTimeInSeconds: 1 } },
  ];
  p.properties.concurrency = 0;
  const got = checkAdfObject('pipeline', p).map((i) => `${i.severity} ${i.path} ${i.message.split(';')[0]}`);
  assert.equal(got, [
    'error properties.activities[3].typeProperties.isSequential expected boolean, got string "yes"',
    "error properties.activities[3].typeProperties.activities[0].type unknown Activity type 'WebActivityy'",
    'error properties.activities[3].typeProperties.activities[1].name required property missing (CopyActivity)',
    'warning properties.activities[3].typeProperties.activities[1].dependsOnn property not in CopyActivity model (accepted as additionalProperties)',
    'warning properties.activities[3].typeProperties.activities[2].policy property not in WaitActivity model (accepted as additionalProperties)',
    'error properties.concurrency must be >= 1, got 0',
  ]);
  const t = scheduleTrigger();
  t.properties.pipelines[0].pipelineReference.type = 'PipelineRef';
  t.properties.typeProperties.recurrence.interval = '1';
  t.properties.typeProperties.recurrence.startTime = 'yesterday';
  assert.equal(
    errors(checkAdfObject('trigger', t)).map((i) => i.path),
    ['properties.pipelines[0].pipelineReference.type', 'properties.typeProperties.recurrence.interval', 'properties.typeProperties.recurrence.startTime'],
  );
});

test('required composites the mapper forgets: ForEach items, Copy source/sink, dataset linkedServiceName', () => {
  const p = pipeline();
  delete p.properties.activities[3].typeProperties.items;
  delete p.properties.activities[7].typeProperties.sink;
  const list = errors(checkAdfObject('pipeline', p));
  assert.equal(
    list.map((i) => i.path),
    ['properties.activities[3].typeProperties.items', 'properties.activities[7].typeProperties.sink'],
  );
  assert.ok(list.every((i) => i.message.startsWith('required property missing')));
  const d = parquetDataset();
  delete d.properties.linkedServiceName;
  onlyError(checkAdfObject('dataset', d), 'properties.linkedServiceName', 'required property missing (ParquetDataset)');
  // a whole missing typeProperties reports the required leaves
  const w = pipeline();
  delete w.properties.activities[6].typeProperties;
  assert.equal(
    errors(checkAdfObject('pipeline', w)).map((i) => i.path),
    ['properties.activities[6].typeProperties.expression', 'properties.activities[6].typeProperties.activities'],
  );
});

test('missing or null basics: activity type, activity name, whole properties', () => {
  const p = pipeline();
  delete p.properties.activities[0].type;
  // the concrete model is unknown, so typeProperties/policy are not reported as unknown properties
  onlyError(checkAdfObject('pipeline', p), 'properties.activities[0].type', 'required property missing (Activity)');
  const q = pipeline();
  q.properties.activities[1].name = null;
  onlyError(checkAdfObject('pipeline', q), 'properties.activities[1].name', 'required property is null (SetVariableActivity)');
  onlyError(checkAdfObject('dataset', { name: 'd', properties: undefined }), 'properties', 'required property missing (DatasetResource)');
  const t = blobTrigger();
  t.properties.typeProperties.events = 'Microsoft.Storage.BlobCreated';
  onlyError(checkAdfObject('trigger', t), 'properties.typeProperties.events', 'expected array, got string');
  const u = scheduleTrigger();
  u.properties.typeProperties.recurrence.schedule.weekDays = ['Monday', 'Funday'];
  onlyError(checkAdfObject('trigger', u), 'properties.typeProperties.recurrence.schedule.weekDays[1]', 'expected one of ["Sunday",');
});

test('Expression-typed properties need Expression objects; Expression objects are checked where they appear', () => {
  const p = pipeline();
  p.properties.activities[3].typeProperties.items = "@activity('Filter Invalid Scopes').output.value";
  onlyError(checkAdfObject('pipeline', p), 'properties.activities[3].typeProperties.items', 'expected object (Expression), got a Data Factory expression string');
  const q = pipeline();
  q.properties.activities[2].typeProperties.condition = { value: '@true', type: 'Expr' };
  onlyError(checkAdfObject('pipeline', q), 'properties.activities[2].typeProperties.condition.type', 'must be the constant "Expression"');
  const r = pipeline();
  r.properties.activities[7].typeProperties.translator = { value: 42, type: 'Expression' };
  onlyError(checkAdfObject('pipeline', r), 'properties.activities[7].typeProperties.translator.value', 'expected string, got number 42');
  // Expression objects in `any` properties, also nested in parameter values, are fine
  const s = pipeline();
  s.properties.activities[4].typeProperties.parameters.Nested = { list: [expr('@item()')] };
  s.properties.activities[3].typeProperties.activities[1].typeProperties.body = expr("@string(variables('body'))");
  assert.equal(checkAdfObject('pipeline', s), []);
});

test('read-only, unknown properties and the known gap list', () => {
  const t = blobTrigger();
  t.properties.runtimeState = 'Started';
  assert.equal(checkAdfObject('trigger', t), [
    { severity: 'warning', path: 'properties.runtimeState', message: 'read-only property of BlobEventsTrigger; the service ignores it' },
  ]);
  // an unknown property in a model without additionalProperties is an error, with a suggestion
  const p = pipeline();
  p.properties.activities[3].typeProperties.activities[1].typeProperties.authentication.resourse = 'x';
  const e = onlyError(
    checkAdfObject('pipeline', p),
    'properties.activities[3].typeProperties.activities[1].typeProperties.authentication.resourse',
    'property not in WebActivityAuthentication model',
  );
  assert.is(e.hint, "Did you mean 'resource'?");
  // fileExtension on ParquetWriteSettings is silent, but not on another format
  const q = pipeline();
  q.properties.activities[7].typeProperties.sink.formatSettings.fileExtensionn = '.parquet';
  assert.equal(
    checkAdfObject('pipeline', q).map((i) => `${i.severity} ${i.path}`),
    ['warning properties.activities[7].typeProperties.sink.formatSettings.fileExtensionn'],
  );
});

test('polymorphic resolution: nested types, wrong family, secrets in any-typed properties', () => {
  const p = pipeline();
  p.properties.activities[7].typeProperties.sink.formatSettings.type = 'DelimitedTextWriteSettings';
  const list = errors(checkAdfObject('pipeline', p));
  // DelimitedTextWriteSettings is a FormatWriteSettings, but the ParquetSink model wants ParquetWriteSettings
  assert.equal(
    list.map((i) => i.message),
    ["type 'DelimitedTextWriteSettings' (DelimitedTextWriteSettings) is not a ParquetWriteSettings"],
  );
  const q = pipeline();
  q.properties.activities[7].typeProperties.source.storeSettings.type = 'AzureBlobFSReadSetting';
  onlyError(
    checkAdfObject('pipeline', q),
    'properties.activities[7].typeProperties.source.storeSettings.type',
    "unknown StoreReadSettings type 'AzureBlobFSReadSetting'; did you mean 'AzureBlobFSReadSettings'?",
  );
  const ls = blobFsLinkedService();
  ls.properties.typeProperties.accountKey = {
    type: 'AzureKeyVaultSecret',
    store: { referenceName: 'finops-hub-vault', type: 'LinkedServiceReference' },
    secretName: 'finops-hub-storage-key',
  };
  assert.equal(checkAdfObject('linkedService', ls), []);
  delete ls.properties.typeProperties.accountKey.store;
  onlyError(checkAdfObject('linkedService', ls), 'properties.typeProperties.accountKey.store', 'required property missing (AzureKeyVaultSecretReference)');
  const bad = blobFsLinkedService();
  bad.properties.type = 'AzureBlobFs';
  onlyError(checkAdfObject('linkedService', bad), 'properties.type', "unknown LinkedService type 'AzureBlobFs'; did you mean 'AzureBlobFS'?");
  const ds = jsonDataset();
  ds.properties.type = 'JSON';
  onlyError(checkAdfObject('dataset', ds), 'properties.type', "unknown Dataset type 'JSON'; did you mean 'Json'?");
  const t = scheduleTrigger();
  t.properties.type = 'ScheduleTriger';
  onlyError(checkAdfObject('trigger', t), 'properties.type', "unknown Trigger type 'ScheduleTriger'; did you mean 'ScheduleTrigger'?");
});

test('connectVia needs an IntegrationRuntimeReference; names follow the SDK path-parameter pattern', () => {
  const ls = keyVaultLinkedService();
  ls.properties.connectVia = { referenceName: 'ManagedIntegrationRuntime', type: 'IntegrationRuntime' };
  onlyError(checkAdfObject('linkedService', ls), 'properties.connectVia.type', 'must be the constant "IntegrationRuntimeReference"');
  const p = pipeline();
  p.name = 'bad/name';
  onlyError(checkAdfObject('pipeline', p), 'name', 'pipeline name must match');
  const q = pipeline();
  q.name = '';
  onlyError(checkAdfObject('pipeline', q), 'name', 'object name missing');
  const long = blobTrigger();
  long.name = 'x'.repeat(261);
  onlyError(checkAdfObject('trigger', long), 'name', 'trigger name must be at most 260 characters long');
  // the copied constraints are the SDK's
  for (const param of [SdkParameters.pipelineName, SdkParameters.triggerName, SdkParameters.datasetName, SdkParameters.linkedServiceName]) {
    const c = param.mapper.constraints!;
    assert.is(String(c.Pattern), String(ADF_NAME_CONSTRAINTS.Pattern));
    assert.equal([c.MinLength, c.MaxLength], [ADF_NAME_CONSTRAINTS.MinLength, ADF_NAME_CONSTRAINTS.MaxLength]);
  }
});

test('armExpressions: ARM expressions are opaque when on, checked when off', () => {
  const p = pipeline();
  p.properties.concurrency = "[parameters('concurrency')]";
  p.properties.activities[3].typeProperties.batchCount = "[parameters('batch')]";
  p.properties.activities[7].typeProperties.sink = "[variables('sink')]";
  const ls = adxLinkedService();
  ls.properties.connectVia = "[if(parameters('enablePublicAccess'), null(), variables('managedVnet'))]";
  ls.properties.typeProperties.endpoint = "[reference(resourceId('Microsoft.Kusto/clusters', 'x'), '2023-08-15').uri]";
  const d = parquetDataset();
  d.properties.typeProperties = "[variables('ingestionTypeProperties')]";
  const t = scheduleTrigger();
  t.properties.typeProperties.recurrence.timeZone = "[variables('timeZone')]";
  t.properties.typeProperties.recurrence.startTime = "[variables('startTime')]";
  const cases: Array<[AdfObjectKind, { name: string; properties: any }, string[]]> = [
    ['pipeline', p, ['properties.activities[3].typeProperties.batchCount', 'properties.activities[7].typeProperties.sink', 'properties.concurrency']],
    ['linkedService', ls, ['properties.connectVia']],
    ['dataset', d, ['properties.typeProperties']],
    ['trigger', t, ['properties.typeProperties.recurrence.startTime']],
  ];
  for (const [kind, wire, offErrors] of cases) {
    assert.equal(checkAdfObject(kind, wire, { armExpressions: true }), [], kind);
    assert.equal(
      errors(checkAdfObject(kind, wire, { armExpressions: false })).map((i) => i.path),
      offErrors,
      kind,
    );
  }
  // an escaped literal `[[` is not an expression
  const q = pipeline();
  q.properties.concurrency = "[[parameters('x')]";
  onlyError(checkAdfObject('pipeline', q, { armExpressions: true }), 'properties.concurrency', 'expected number');
  // an ARM expression as a discriminator: type unknown until deployment, so no property warnings
  const r = pipeline();
  r.properties.activities[0].type = "[variables('activityType')]";
  r.properties.activities[0].whatever = 1;
  assert.equal(checkAdfObject('pipeline', r, { armExpressions: true }), []);
});

test('schedule times: ISO parsing without Date, and no UTC offset with a non-UTC time zone', () => {
  assert.equal(parseIsoDateTime('2023-01-01T01:01:00'), { year: 2023, month: 1, day: 1, hour: 1, minute: 1, second: 0, offset: undefined });
  assert.is(parseIsoDateTime('2024-02-29T00:00:00Z')?.offset, 'Z');
  for (const bad of ['2023-02-29T00:00:00', '2023-13-01T00:00:00', '2023-01-01T24:00:00', 'yesterday', '2023-01-01T01:01:00+15:00']) {
    assert.is(parseIsoDateTime(bad), undefined, bad);
  }
  const t = scheduleTrigger();
  t.properties.typeProperties.recurrence.startTime = '2023-01-01T01:01:00Z';
  const e = onlyError(checkAdfObject('trigger', t), 'properties.typeProperties.recurrence.startTime', "has a UTC offset, but timeZone is 'W. Europe Standard Time'");
  assert.ok(e.hint);
  t.properties.typeProperties.recurrence.timeZone = 'UTC';
  assert.equal(checkAdfObject('trigger', t), []);
});

test('the result does not depend on the TZ environment variable', () => {
  const before = process.env.TZ;
  try {
    const results = ['UTC', 'America/New_York', 'Asia/Kolkata'].map((tz) => {
      process.env.TZ = tz;
      const t = scheduleTrigger();
      t.properties.typeProperties.recurrence.endTime = '2023-03-12T02:30:00'; // a local time that does not exist in New York
      return JSON.stringify(checkAdfObject('trigger', t));
    });
    assert.equal(results, ['[]', '[]', '[]']);
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
});

test('adfModelDiagnostics: HUB302 errors, HUB303 warnings, path with kind, object, activity and JSON path', () => {
  const p = pipeline();
  p.properties.activities[3].typeProperties.isSequential = 'yes';
  p.properties.activities[3].typeProperties.activities[0].dependsOnn = [];
  const diags = adfModelDiagnostics('pipeline', p.name, 'datafactory/pipeline/config_ConfigureExports.json', checkAdfObject('pipeline', p));
  assert.equal(diags, [
    {
      code: 'HUB302',
      severity: 'error',
      message: 'Data Factory model: isSequential: expected boolean, got string "yes"',
      file: 'datafactory/pipeline/config_ConfigureExports.json',
      path: 'pipeline config_ConfigureExports, activity ForEach Export Scope, properties.activities[3].typeProperties.isSequential',
    },
    {
      code: 'HUB303',
      severity: 'warning',
      message: 'Data Factory model: dependsOnn: property not in SetVariableActivity model (accepted as additionalProperties)',
      hint: "Did you mean 'dependsOn'?",
      file: 'datafactory/pipeline/config_ConfigureExports.json',
      path: 'pipeline config_ConfigureExports, activity ForEach Export Scope / Set export name, properties.activities[3].typeProperties.activities[0].dependsOnn',
    },
  ]);
  const ls = adfModelDiagnostics('linkedService', 'x', 'azuredeploy.json', [
    { severity: 'error', path: 'name', message: 'm' },
    { severity: 'error', path: "properties.parameters['a b'][2]", message: 'm' },
  ]);
  assert.equal(
    ls.map((d) => [d.path, d.message]),
    [
      ['linked service x, name', 'Data Factory model: name: m'],
      ["linked service x, properties.parameters['a b'][2]", "Data Factory model: ['a b'][2]: m"],
    ],
  );
});

test('metadata: discriminator values and hierarchy as core-client sees them', () => {
  const activities = discriminatorValues('Activity');
  assert.is(activities.size, 41);
  assert.is(activities.get('ForEach'), 'ForEachActivity');
  assert.is(activities.get('Copy'), 'CopyActivity');
  assert.is(discriminatorValues('Trigger').size, 8);
  assert.is(discriminatorValues('Dataset').size, 97);
  assert.is(discriminatorValues('LinkedService').size, 114);
  assert.equal(lineage('ScheduleTrigger'), ['ScheduleTrigger', 'MultiplePipelineTrigger', 'Trigger']);
  assert.ok(modelMapper('PipelineResource'));
});

test('REQUIRED_COMPOSITES matches the SDK TypeScript types', () => {
  // Re-derive: members that are non-optional in types/arm-datafactory.d.ts but not `required` in the mapper.
  const require = createRequire(import.meta.url);
  const pkg = dirname(require.resolve('@azure/arm-datafactory/package.json'));
  const dts = readFileSync(join(pkg, 'types', 'arm-datafactory.d.ts'), 'utf8');
  const interfaces = new Map<string, { bases: string[]; members: Map<string, boolean> }>();
  for (const m of dts.matchAll(/export declare interface (\w+)(?: extends ([\w, ]+))? \{([\s\S]*?)\n\}/g)) {
    const members = new Map<string, boolean>();
    for (const line of m[3].split('\n')) {
      const mm = /^ {4}(\w+)(\??): /.exec(line);
      if (mm) members.set(mm[1], mm[2] !== '?');
    }
    interfaces.set(m[1], { bases: m[2] ? m[2].split(',').map((s) => s.trim()) : [], members });
  }
  const requiredInTypes = (name: string, member: string): boolean | undefined => {
    const i = interfaces.get(name);
    if (!i) return undefined;
    if (i.members.has(member)) return i.members.get(member);
    for (const b of i.bases) {
      const r = requiredInTypes(b, member);
      if (r !== undefined) return r;
    }
    return undefined;
  };
  const listed = (cls: string, member: string) => lineage(cls).some((c) => REQUIRED_COMPOSITES[c]?.includes(member));
  const missing: string[] = [];
  for (const m of dts.matchAll(/export declare interface (\w+)/g)) {
    const mapper = modelMapper(m[1]);
    for (const [member, prop] of Object.entries(mapper?.type.modelProperties ?? {})) {
      if (prop.required || prop.readOnly || prop.isConstant) continue;
      if (requiredInTypes(m[1], member) && !listed(m[1], member)) missing.push(`${m[1]}.${member}`);
    }
  }
  assert.equal(missing, []);
});

test('performance: the good objects 20 times in well under a second', () => {
  const start = process.cpuUsage();
  for (let i = 0; i < 20; i++) for (const [kind, make] of GOOD) checkAdfObject(kind, make());
  const used = process.cpuUsage(start); // processor time: a busy machine's waiting does not count
  assert.ok((used.user + used.system) / 1000 < 1000);
});

test.run();
