import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as adf from '../../src/expressions/adf/index.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { checkAdfReferences, type AdfFactoryObjects, type AdfJsonPath } from '../../src/validators/adfReferences.js';
import { activityGraph, findDependsOnCycles, upstreamActivities } from '../../src/validators/adfActivityGraph.js';
import { innerActivityLists } from '../../src/model/activities.js';

const FILE = 'datafactory';
const after = (...names: string[]) => names.map((activity) => ({ activity, dependencyConditions: ['Succeeded'] }));
const ds = (referenceName: string, parameters?: Record<string, unknown>) => ({ referenceName, type: 'DatasetReference', ...(parameters ? { parameters } : {}) });
const ls = (referenceName: string, parameters?: Record<string, unknown>) => ({ referenceName, type: 'LinkedServiceReference', ...(parameters ? { parameters } : {}) });
const str = (defaultValue?: string) => ({ type: 'String', ...(defaultValue === undefined ? {} : { defaultValue }) });

/** A small but realistic factory, built with the expression builders and serialized like the emitters do. */
function cleanFactory(): AdfFactoryObjects {
  const rm = adf.activity('Read Manifest').get('output').get('firstRow');
  const p = adf.pipelineParameter;
  const v = adf.variables;
  const setVar = (name: string, variableName: string, value: unknown, dependsOn: object[]) => ({
    name,
    type: 'SetVariable',
    dependsOn,
    typeProperties: { variableName, value },
  });
  const factory = {
    pipelines: [
      {
        name: 'rawexports_ExecuteETL',
        properties: {
          parameters: { folderPath: str(), fileName: str() },
          variables: { date: str(), scope: str(), hubDataset: str(), destinationFolder: str(), hasNoRows: { type: 'Boolean' } },
          annotations: ['New export'],
          activities: [
            { name: 'Wait', type: 'Wait', dependsOn: [], typeProperties: { waitTimeInSeconds: 60 } },
            {
              name: 'Read Manifest',
              type: 'Lookup',
              dependsOn: [{ activity: 'Wait', dependencyConditions: ['Completed'] }],
              policy: { timeout: '0.12:00:00', retry: 0 },
              typeProperties: {
                source: { type: 'JsonSource', storeSettings: { type: 'AzureBlobFSReadSettings', recursive: true } },
                dataset: ds('manifest', { fileName: p('fileName'), folderPath: p('folderPath') }),
              },
            },
            setVar('Set Has No Rows', 'hasNoRows', adf.or(adf.equals(rm.get('blobCount'), null), adf.equals(rm.get('blobCount'), 0)), after('Read Manifest')),
            setVar('Set Date', 'date', adf.replace(adf.substring(rm.get('runInfo').get('startDate'), 0, 7), '-', ''), after('Read Manifest')),
            setVar(
              'Set Scope',
              'scope',
              adf.split(adf.toLower(rm.get('exportConfig').get('resourceId')), '/providers/microsoft.costmanagement/exports/').at(0),
              after('Read Manifest'),
            ),
            setVar('Set Hub Dataset', 'hubDataset', adf.if_(adf.equals(adf.toLower(rm.get('exportConfig').get('type')), 'focuscost'), 'Costs', 'Other'), after('Read Manifest')),
            setVar(
              'Set Destination Folder',
              'destinationFolder',
              adf.replace(adf.concat(v('hubDataset'), '/', adf.substring(v('date'), 0, 4), '/', adf.substring(v('date'), 4, 2), '/', adf.toLower(v('scope'))), '//', '/'),
              after('Set Date', 'Set Scope', 'Set Hub Dataset'),
            ),
            {
              name: 'For Each Blob',
              type: 'ForEach',
              dependsOn: after('Set Destination Folder', 'Set Has No Rows'),
              typeProperties: {
                items: adf.expression(adf.if_(v('hasNoRows'), adf.createArray(), rm.get('blobs'))),
                isSequential: false,
                batchCount: "[if(parameters('enablePublicAccess'), 30, 4)]",
                activities: [
                  {
                    name: 'Execute',
                    type: 'ExecutePipeline',
                    dependsOn: [],
                    typeProperties: {
                      pipeline: { referenceName: 'rawexports_ETL_ingestion', type: 'PipelineReference' },
                      waitOnCompletion: true,
                      parameters: {
                        blobPath: adf.item().get('blobName'),
                        destinationFolder: v('destinationFolder'),
                        destinationFile: adf.replace(adf.replace(adf.last(adf.split(adf.item().get('blobName'), '/')), '.gz', ''), '.csv', '.parquet'),
                        ingestionId: rm.get('runInfo').get('runId'),
                      },
                    },
                  },
                ],
              },
            },
            {
              name: 'Copy Manifest',
              type: 'Copy',
              dependsOn: after('For Each Blob'),
              inputs: [ds('manifest', { fileName: p('fileName'), folderPath: p('folderPath') })],
              outputs: [ds('manifest', { fileName: 'manifest.json', folderPath: adf.interp`ingestion/${v('destinationFolder')}` })],
              typeProperties: { source: { type: 'JsonSource' }, sink: { type: 'JsonSink' }, enableStaging: false },
            },
          ],
        },
      },
      {
        name: 'rawexports_ETL_ingestion',
        properties: {
          parameters: { blobPath: str(), destinationFolder: str(), destinationFile: str(), ingestionId: str() },
          variables: { destinationPath: str(), files: { type: 'Array' } },
          activities: [
            {
              name: 'Get Existing Parquet Files',
              type: 'GetMetadata',
              dependsOn: [],
              typeProperties: { dataset: ds('ingestion_files', { folderPath: p('destinationFolder') }), fieldList: ['childItems'] },
            },
            {
              name: 'Filter Out Current Exports',
              type: 'Filter',
              dependsOn: [{ activity: 'Get Existing Parquet Files', dependencyConditions: ['Completed'] }],
              typeProperties: {
                items: adf.expression(adf.coalesce(adf.activity('Get Existing Parquet Files').get('output').get('childItems', true), adf.createArray())),
                condition: adf.expression(
                  adf.and(adf.endsWith(adf.item().get('name'), '.parquet'), adf.not(adf.startsWith(adf.item().get('name'), adf.concat(p('ingestionId'), '__')))),
                ),
              },
            },
            {
              name: 'Set Destination Path',
              type: 'SetVariable',
              dependsOn: [],
              typeProperties: { variableName: 'destinationPath', value: adf.interp`${p('destinationFolder')}/${p('ingestionId')}__${p('destinationFile')}` },
            },
            {
              name: 'Convert to Parquet',
              type: 'Switch',
              dependsOn: after('Set Destination Path'),
              typeProperties: {
                on: adf.expression(adf.last(adf.split(p('blobPath'), '.'))),
                cases: [
                  {
                    value: 'csv',
                    activities: [
                      {
                        name: 'Convert CSV File',
                        type: 'Copy',
                        dependsOn: [],
                        inputs: [ds('rawexports', { blobPath: p('blobPath') })],
                        outputs: [ds('ingestion', { blobPath: v('destinationPath') })],
                        typeProperties: { source: { type: 'DelimitedTextSource' }, sink: { type: 'ParquetSink' } },
                      },
                    ],
                  },
                ],
                defaultActivities: [
                  {
                    name: 'Unsupported File Type',
                    type: 'Fail',
                    dependsOn: [],
                    typeProperties: { message: adf.expression(adf.concat('Unsupported file: ', p('blobPath'))), errorCode: 'UnsupportedExportFileType' },
                  },
                ],
              },
            },
            {
              name: 'For Each Old File',
              type: 'ForEach',
              dependsOn: after('Convert to Parquet', 'Filter Out Current Exports'),
              typeProperties: {
                items: adf.expression(adf.activity('Filter Out Current Exports').get('output').get('Value')),
                activities: [
                  {
                    name: 'Delete Old Ingested File',
                    type: 'Delete',
                    dependsOn: [],
                    typeProperties: {
                      dataset: ds('ingestion', { blobPath: adf.concat(p('destinationFolder'), '/', adf.item().get('name')) }),
                      enableLogging: false,
                    },
                  },
                  {
                    name: 'Remember File',
                    type: 'AppendVariable',
                    dependsOn: after('Delete Old Ingested File'),
                    typeProperties: { variableName: 'files', value: adf.interp`${adf.item().get('name')} (${adf.activity('Delete Old Ingested File').get('output', true)})` },
                  },
                ],
              },
            },
            {
              name: 'Read Hub Config',
              type: 'Lookup',
              dependsOn: [],
              typeProperties: { dataset: ds('config') },
            },
            {
              name: 'Until Done',
              type: 'Until',
              dependsOn: after('Read Hub Config'),
              typeProperties: {
                // The loop condition may read the loop body.
                expression: adf.expression(adf.equals(adf.activity('Check Once').get('status'), 'Succeeded')),
                timeout: '0.02:00:00',
                activities: [
                  {
                    name: 'Check Once',
                    type: 'IfCondition',
                    dependsOn: [],
                    typeProperties: {
                      expression: adf.expression(
                        adf.lessOrEquals(adf.coalesce(adf.activity('Read Hub Config').get('output').get('firstRow').get('retention', true).get('days', true), 0), 0),
                      ),
                      ifTrueActivities: [
                        {
                          name: 'Delete Source File',
                          type: 'Delete',
                          dependsOn: [],
                          typeProperties: { dataset: ds('rawexports', { blobPath: p('blobPath') }) },
                        },
                      ],
                    },
                  },
                ],
              },
            },
          ],
        },
      },
    ],
    triggers: [
      {
        name: 'rawexports_ManifestAdded',
        properties: {
          annotations: [],
          pipelines: [
            {
              pipelineReference: { referenceName: 'rawexports_ExecuteETL', type: 'PipelineReference' },
              parameters: { folderPath: adf.triggerBody().get('folderPath'), fileName: adf.triggerBody().get('fileName') },
            },
          ],
          type: 'BlobEventsTrigger',
          typeProperties: {
            blobPathBeginsWith: '/rawexports/blobs/',
            blobPathEndsWith: 'manifest.json',
            ignoreEmptyBlobs: true,
            scope: "[resourceId('Microsoft.Storage/storageAccounts', variables('storageAccountName'))]",
            events: ['Microsoft.Storage.BlobCreated'],
          },
        },
      },
    ],
    datasets: [
      {
        name: 'manifest',
        properties: {
          parameters: { fileName: str('manifest.json'), folderPath: str('rawexports') },
          type: 'Json',
          linkedServiceName: ls('storage'),
          typeProperties: {
            location: { type: 'AzureBlobFSLocation', fileName: adf.interp`${adf.datasetParameter('fileName')}`, folderPath: adf.interp`${adf.datasetParameter('folderPath')}` },
          },
        },
      },
      {
        name: 'config',
        properties: {
          parameters: { fileName: str('settings.json'), folderPath: str('config') },
          type: 'Json',
          linkedServiceName: ls('storage'),
          typeProperties: { location: { type: 'AzureBlobFSLocation', fileName: adf.expression(adf.datasetParameter('fileName')), folderPath: '@dataset().folderPath' } },
        },
      },
      ...['rawexports', 'ingestion'].map((name) => ({
        name,
        properties: {
          parameters: { blobPath: str() },
          type: name === 'rawexports' ? 'DelimitedText' : 'Parquet',
          linkedServiceName: ls(name === 'ingestion' ? 'remoteHubStorage' : 'storage'),
          typeProperties: { location: { type: 'AzureBlobFSLocation', fileName: adf.interp`${adf.datasetParameter('blobPath')}`, fileSystem: name } },
        },
      })),
      {
        name: 'ingestion_files',
        properties: {
          parameters: { folderPath: str() },
          type: 'Parquet',
          linkedServiceName: ls('storage'),
          typeProperties: { location: { type: 'AzureBlobFSLocation', folderPath: adf.datasetParameter('folderPath'), fileSystem: 'ingestion' } },
        },
      },
      {
        name: 'hubDataExplorer',
        properties: {
          parameters: { database: str('Ingestion'), table: str() },
          type: 'AzureDataExplorerTable',
          linkedServiceName: ls('hubDataExplorer', { database: adf.datasetParameter('database') }),
          typeProperties: { table: adf.datasetParameter('table') },
        },
      },
    ],
    linkedServices: [
      { name: 'keyVault', properties: { type: 'AzureKeyVault', typeProperties: { baseUrl: "[reference(variables('kv')).vaultUri]" } } },
      {
        name: 'storage',
        properties: {
          type: 'AzureBlobFS',
          typeProperties: { url: "[reference(variables('sa'), '2021-08-01').primaryEndpoints.dfs]" },
          connectVia: "[if(parameters('p'), null(), createObject())]",
        },
      },
      {
        name: 'remoteHubStorage',
        properties: {
          type: 'AzureBlobFS',
          typeProperties: {
            url: 'https://remote.dfs.core.windows.net/',
            accountKey: { type: 'AzureKeyVaultSecret', store: ls('keyVault'), secretName: 'hub-storage-key' },
          },
        },
      },
      {
        name: 'hubDataExplorer',
        properties: {
          type: 'AzureDataExplorer',
          parameters: { database: str('Ingestion') },
          typeProperties: { endpoint: 'https://adx.kusto.windows.net', database: adf.interp`${adf.linkedServiceParameter('database')}` },
        },
      },
    ],
  };
  return JSON.parse(JSON.stringify(factory)) as AdfFactoryObjects;
}

/** Finds an activity by name anywhere in a pipeline. */
function findActivity(f: AdfFactoryObjects, pipeline: string, name: string): any {
  const search = (list: any[]): any => {
    for (const a of list) {
      if (a.name === name) return a;
      for (const inner of innerActivityLists(a)) {
        const hit = search(inner.activities);
        if (hit) return hit;
      }
    }
    return undefined;
  };
  const hit = search(f.pipelines.find((p) => p.name === pipeline)!.properties.activities);
  if (!hit) throw new Error(`no activity ${name}`);
  return hit;
}

function check(mutate: (f: AdfFactoryObjects) => void): Diagnostic[] {
  const f = cleanFactory();
  mutate(f);
  return checkAdfReferences(f, FILE);
}

const summary = (ds: Diagnostic[]) => ds.map((d) => `${d.code} ${d.path}: ${d.message}`).join('\n');

test('a clean factory gives no diagnostics', () => {
  assert.equal(checkAdfReferences(cleanFactory(), FILE), []);
});

test('HUB321: renamed variable and unknown parameters', () => {
  const ds = check((f) => {
    const vars = f.pipelines[0].properties.variables;
    vars.hubDatasetName = vars.hubDataset;
    delete vars.hubDataset;
  });
  assert.equal(
    ds.map((d) => [d.code, d.path]),
    [
      ['HUB321', 'pipeline rawexports_ExecuteETL > activity Set Hub Dataset > typeProperties.variableName'],
      ['HUB321', 'pipeline rawexports_ExecuteETL > activity Set Destination Folder > typeProperties.value'],
    ],
    summary(ds),
  );
  const d = ds[1];
  assert.is(d.severity, 'error');
  assert.is(d.file, FILE);
  assert.is(d.message, "pipeline 'rawexports_ExecuteETL', activity 'Set Destination Folder': variables('hubDataset') refers to a variable the pipeline does not declare");
  assert.match(d.hint!, /'hubDatasetName'/);
  assert.match(ds[0].message, /activity 'Set Hub Dataset': SetVariable sets variable 'hubDataset', which the pipeline does not declare/);

  const params = check((f) => {
    delete f.pipelines[1].properties.parameters.ingestionId;
    f.pipelines[1].properties.parameters.ingestionId = { type: 'String', defaultValue: '' }; // keep the call valid
    findActivity(f, 'rawexports_ETL_ingestion', 'Set Destination Path').typeProperties.value = '@{pipeline().parameters.destFolder}/x';
  });
  assert.equal(
    params.map((d) => [d.code, d.path]),
    [['HUB321', 'pipeline rawexports_ETL_ingestion > activity Set Destination Path > typeProperties.value']],
    summary(params),
  );
  assert.match(params[0].message, /pipeline\(\)\.parameters\.destFolder refers to a parameter the pipeline does not declare/);
});

test('HUB322: dropped activity that is still referenced', () => {
  const ds = check((f) => {
    const acts = f.pipelines[0].properties.activities as any[];
    acts.splice(
      acts.findIndex((a) => a.name === 'Read Manifest'),
      1,
    );
  });
  assert.ok(ds.length > 0);
  assert.ok(
    ds.every((d) => d.code === 'HUB322'),
    summary(ds),
  );
  const setDate = ds.filter((d) => d.path!.includes('activity Set Date >'));
  assert.equal(
    setDate.map((d) => d.path),
    ['pipeline rawexports_ExecuteETL > activity Set Date > dependsOn[0].activity', 'pipeline rawexports_ExecuteETL > activity Set Date > typeProperties.value'],
  );
  assert.match(setDate[0].message, /dependsOn names activity 'Read Manifest', which does not exist in the pipeline/);
  assert.match(
    setDate[1].message,
    /^pipeline 'rawexports_ExecuteETL', activity 'Set Date': activity\('Read Manifest'\) refers to an activity that does not exist in the pipeline$/,
  );
  // The reference from inside the ForEach is reported with the full activity chain.
  assert.ok(
    ds.some((d) => d.path === 'pipeline rawexports_ExecuteETL > activity For Each Blob > activity Execute > typeProperties.parameters.ingestionId'),
    summary(ds),
  );
});

test('HUB322: activity referenced but not upstream', () => {
  const ds = check((f) => {
    findActivity(f, 'rawexports_ExecuteETL', 'Set Scope').dependsOn = after('Wait');
  });
  assert.equal(
    ds.map((d) => [d.code, d.path]),
    [['HUB322', 'pipeline rawexports_ExecuteETL > activity Set Scope > typeProperties.value']],
    summary(ds),
  );
  assert.is(ds[0].message, "pipeline 'rawexports_ExecuteETL', activity 'Set Scope': activity('Read Manifest') refers to an activity that does not run before this one");
  assert.match(ds[0].hint!, /upstream activities here: 'Wait'/);

  // Inside a container: an activity after the container is not upstream of the container's body.
  const inner = check((f) => {
    findActivity(f, 'rawexports_ExecuteETL', 'Execute').typeProperties.parameters.ingestionId = "@activity('Copy Manifest').output";
  });
  assert.equal(
    inner.map((d) => [d.code, d.path]),
    [['HUB322', 'pipeline rawexports_ExecuteETL > activity For Each Blob > activity Execute > typeProperties.parameters.ingestionId']],
  );
  assert.match(inner[0].message, /activity 'Execute': activity\('Copy Manifest'\)/);

  // A sibling in the same inner list must be upstream too.
  const sibling = check((f) => {
    findActivity(f, 'rawexports_ETL_ingestion', 'Remember File').dependsOn = [];
  });
  assert.equal(
    sibling.map((d) => d.code),
    ['HUB322'],
  );
  assert.match(sibling[0].path!, /activity For Each Old File > activity Remember File > typeProperties.value$/);

  // dependsOn may only name activities of the same list.
  const crossList = check((f) => {
    findActivity(f, 'rawexports_ETL_ingestion', 'Delete Old Ingested File').dependsOn = after('Read Hub Config');
  });
  assert.equal(
    crossList.map((d) => [d.code, d.path]),
    [['HUB322', 'pipeline rawexports_ETL_ingestion > activity For Each Old File > activity Delete Old Ingested File > dependsOn[0].activity']],
  );
  assert.match(crossList[0].message, /which is not in the same activity list/);
});

test('HUB323: ExecutePipeline parameters, missing pipeline, dataset and linked service', () => {
  const extra = check((f) => {
    findActivity(f, 'rawexports_ExecuteETL', 'Execute').typeProperties.parameters.schemaFile = "@variables('scope')";
  });
  assert.equal(
    extra.map((d) => [d.code, d.path]),
    [['HUB323', 'pipeline rawexports_ExecuteETL > activity For Each Blob > activity Execute > typeProperties.parameters.schemaFile']],
  );
  assert.is(
    extra[0].message,
    "pipeline 'rawexports_ExecuteETL', activity 'Execute': passes parameter 'schemaFile' to pipeline 'rawexports_ETL_ingestion', which does not declare it",
  );

  const missing = check((f) => {
    delete findActivity(f, 'rawexports_ExecuteETL', 'Execute').typeProperties.parameters.ingestionId;
  });
  assert.equal(
    missing.map((d) => d.code),
    ['HUB323'],
  );
  assert.match(missing[0].message, /does not pass parameter 'ingestionId', which pipeline 'rawexports_ETL_ingestion' requires/);

  const noPipeline = check((f) => {
    f.pipelines[1].name = 'rawexports_ETL_ingestion_v2';
  });
  assert.equal(
    noPipeline.map((d) => [d.code, d.path]),
    [['HUB323', 'pipeline rawexports_ExecuteETL > activity For Each Blob > activity Execute > typeProperties.pipeline.referenceName']],
  );
  assert.match(noPipeline[0].message, /references pipeline 'rawexports_ETL_ingestion', which does not exist/);

  const noDataset = check((f) => {
    f.datasets = f.datasets.filter((d) => d.name !== 'rawexports');
  });
  assert.equal(
    noDataset.map((d) => [d.code, d.path]),
    [
      ['HUB323', 'pipeline rawexports_ETL_ingestion > activity Convert to Parquet > activity Convert CSV File > inputs[0].referenceName'],
      ['HUB323', 'pipeline rawexports_ETL_ingestion > activity Until Done > activity Check Once > activity Delete Source File > typeProperties.dataset.referenceName'],
    ],
    summary(noDataset),
  );
  assert.match(noDataset[0].message, /^pipeline 'rawexports_ETL_ingestion', activity 'Convert CSV File': references dataset 'rawexports', which does not exist$/);

  const datasetParam = check((f) => {
    findActivity(f, 'rawexports_ETL_ingestion', 'Convert CSV File').inputs[0].parameters = { blobpath: 'x', fileName: 'y' };
  });
  assert.equal(
    datasetParam.map((d) => [d.code, d.path]),
    [['HUB323', 'pipeline rawexports_ETL_ingestion > activity Convert to Parquet > activity Convert CSV File > inputs[0].parameters.fileName']],
  );

  const datasetRequired = check((f) => {
    delete findActivity(f, 'rawexports_ETL_ingestion', 'Convert CSV File').inputs[0].parameters;
  });
  assert.equal(
    datasetRequired.map((d) => [d.code, d.path]),
    [['HUB323', 'pipeline rawexports_ETL_ingestion > activity Convert to Parquet > activity Convert CSV File > inputs[0]']],
  );
  assert.match(datasetRequired[0].message, /does not pass parameter 'blobPath', which dataset 'rawexports' requires \(it has no default value\)/);

  // Linked service parameters without default may be left out (as 0.7 does for ftkReleaseFile -> ftkRepo).
  const lsRequired = check((f) => {
    f.linkedServices.push({
      name: 'ftkRepo',
      properties: {
        type: 'HttpServer',
        parameters: { filePath: { type: 'string' } },
        typeProperties: { url: "@concat('https://github.com/microsoft/finops-toolkit/', linkedService().filePath)" },
      },
    });
    f.datasets.push({
      name: 'ftkReleaseFile',
      properties: {
        type: 'DelimitedText',
        linkedServiceName: ls('ftkRepo'),
        parameters: { fileName: { type: 'string' }, version: { type: 'string', defaultValue: '0.7' } },
        typeProperties: {
          location: { type: 'HttpServerLocation', relativeUrl: { value: "@concat('releases/download/v', dataset().version, '/', dataset().fileName)", type: 'Expression' } },
        },
      },
    });
  });
  assert.equal(lsRequired, []);

  const noLinkedService = check((f) => {
    f.linkedServices = f.linkedServices.filter((l) => l.name !== 'keyVault');
  });
  assert.equal(
    noLinkedService.map((d) => [d.code, d.path]),
    [['HUB323', 'linked service remoteHubStorage > typeProperties.accountKey.store.referenceName']],
  );
  assert.is(noLinkedService[0].message, "linked service 'remoteHubStorage': references linked service 'keyVault', which does not exist");

  const lsParam = check((f) => {
    f.datasets.find((d) => d.name === 'hubDataExplorer')!.properties.linkedServiceName.parameters = { db: 'x' };
  });
  assert.equal(
    lsParam.map((d) => [d.code, d.path]),
    [['HUB323', 'dataset hubDataExplorer > linkedServiceName.parameters.db']],
  );
});

test('HUB323: triggers name existing pipelines and declared parameters', () => {
  const ds = check((f) => {
    f.triggers[0].properties.pipelines[0].parameters.container = 'rawexports';
    f.triggers.push({
      name: 'daily',
      properties: { type: 'ScheduleTrigger', pipelines: [{ pipelineReference: { referenceName: 'config_StartExportProcess', type: 'PipelineReference' } }] },
    });
  });
  assert.equal(
    ds.map((d) => [d.code, d.path]),
    [
      ['HUB323', 'trigger rawexports_ManifestAdded > pipelines[0].parameters.container'],
      ['HUB323', 'trigger daily > pipelines[0].pipelineReference.referenceName'],
    ],
    summary(ds),
  );
  assert.match(ds[0].message, /^trigger 'rawexports_ManifestAdded': passes parameter 'container' to pipeline 'rawexports_ExecuteETL'/);
});

test('HUB324: dependsOn cycles and duplicate names', () => {
  const cycle = check((f) => {
    findActivity(f, 'rawexports_ExecuteETL', 'Wait').dependsOn = after('Copy Manifest');
  });
  const cycles = cycle.filter((d) => d.code === 'HUB324');
  assert.is(cycles.length, 1, summary(cycle));
  assert.is(cycles[0].path, 'pipeline rawexports_ExecuteETL > activity Wait > dependsOn');
  assert.match(cycles[0].message, /dependsOn forms a cycle: 'Wait' -> 'Copy Manifest' -> 'For Each Blob' -> 'Set Destination Folder' -> 'Set Date' -> 'Read Manifest' -> 'Wait'/);

  const self = check((f) => {
    findActivity(f, 'rawexports_ETL_ingestion', 'Remember File').dependsOn = after('Remember File');
  });
  assert.ok(
    self.some((d) => d.code === 'HUB324' && /'Remember File' -> 'Remember File'/.test(d.message)),
    summary(self),
  );

  const dup = check((f) => {
    findActivity(f, 'rawexports_ETL_ingestion', 'Delete Source File').name = 'Read Hub Config';
  });
  assert.equal(
    dup.map((d) => [d.code, d.path]),
    [['HUB324', 'pipeline rawexports_ETL_ingestion > activity Until Done > activity Check Once > activity Read Hub Config > name']],
    summary(dup),
  );
  assert.match(dup[0].message, /activity name 'Read Hub Config' is used more than once/);

  const dupObject = check((f) => {
    f.datasets.push({ ...f.datasets[0] });
  });
  assert.equal(
    dupObject.map((d) => [d.code, d.message]),
    [['HUB324', "dataset 'manifest': dataset name 'manifest' is used by more than one dataset"]],
  );
});

test('HUB325: item() outside a ForEach', () => {
  const ds = check((f) => {
    findActivity(f, 'rawexports_ExecuteETL', 'Set Date').typeProperties.value = '@item().blobName';
    // A ForEach's own items are evaluated outside the loop.
    findActivity(f, 'rawexports_ETL_ingestion', 'For Each Old File').typeProperties.items = { value: '@item().children', type: 'Expression' };
  });
  assert.equal(
    ds.map((d) => [d.code, d.path]),
    [
      ['HUB325', 'pipeline rawexports_ExecuteETL > activity Set Date > typeProperties.value'],
      ['HUB325', 'pipeline rawexports_ETL_ingestion > activity For Each Old File > typeProperties.items.value'],
    ],
    summary(ds),
  );
  assert.match(ds[0].message, /^pipeline 'rawexports_ExecuteETL', activity 'Set Date': item\(\) is used outside a ForEach/);
});

test('HUB320: parse errors; ARM expressions and literals are ignored', () => {
  const ds = check((f) => {
    findActivity(f, 'rawexports_ExecuteETL', 'Set Date').typeProperties.value = "@concat('a', ";
    f.datasets[0].properties.typeProperties.location.container = "[concat('@{', parameters('x'))]";
    f.datasets[0].properties.description = 'Uses @{things} in prose';
  });
  assert.equal(
    ds.map((d) => [d.code, d.path]),
    [['HUB320', 'pipeline rawexports_ExecuteETL > activity Set Date > typeProperties.value']],
    summary(ds),
  );
  assert.match(ds[0].message, /expression does not parse: expected an expression, found end of text \(at offset 13 of "@concat\('a', "\)/);
});

test('dataset() and linkedService() must name declared parameters of their own object', () => {
  const ds = check((f) => {
    f.datasets[0].properties.typeProperties.location.fileName = '@{dataset().fileNam}';
    f.linkedServices[3].properties.typeProperties.database = '@linkedService().db';
    findActivity(f, 'rawexports_ExecuteETL', 'Set Date').typeProperties.value = '@dataset().x';
  });
  assert.equal(
    ds.map((d) => [d.code, d.path]),
    [
      ['HUB321', 'pipeline rawexports_ExecuteETL > activity Set Date > typeProperties.value'],
      ['HUB321', 'dataset manifest > typeProperties.location.fileName'],
      ['HUB321', 'linked service hubDataExplorer > typeProperties.database'],
    ],
    summary(ds),
  );
  assert.is(ds[1].message, "dataset 'manifest': dataset().fileNam refers to a parameter the dataset does not declare");
  assert.match(ds[0].message, /dataset\(\) is only available inside a dataset definition/);
});

test('positions: the lookup receives the JSON path and may redirect to another file', () => {
  const calls: [string, string, AdfJsonPath][] = [];
  const f = cleanFactory();
  findActivity(f, 'rawexports_ExecuteETL', 'Set Scope').dependsOn = after('Wait');
  f.triggers[0].properties.pipelines[0].parameters.extra = 'x';
  const ds = checkAdfReferences(f, FILE, (kind, name, path) => {
    calls.push([kind, name, path]);
    return kind === 'trigger' ? { file: `datafactory/triggers/${name}.json`, start: { line: 9, col: 11 } } : { line: 3, col: 7 };
  });
  assert.equal(calls, [
    ['pipeline', 'rawexports_ExecuteETL', ['properties', 'activities', 4, 'typeProperties', 'value']],
    ['trigger', 'rawexports_ManifestAdded', ['properties', 'pipelines', 0, 'parameters', 'extra']],
  ]);
  assert.equal(
    ds.map((d) => [d.file, d.start]),
    [
      [FILE, { line: 3, col: 7 }],
      ['datafactory/triggers/rawexports_ManifestAdded.json', { line: 9, col: 11 }],
    ],
  );
});

test('activity graph utilities', () => {
  const list = [
    { name: 'A', dependsOn: [] },
    { name: 'B', dependsOn: after('A') },
    { name: 'C', dependsOn: after('b', 'Missing') },
    { name: 'D', dependsOn: after('E') },
    { name: 'E', dependsOn: after('D') },
  ];
  const g = activityGraph(list);
  assert.equal(g.names, ['A', 'B', 'C', 'D', 'E']);
  assert.equal([...upstreamActivities(g, 'C')].sort(), ['A', 'B']);
  assert.equal([...upstreamActivities(g, 'A')], []);
  assert.equal(findDependsOnCycles(g), [['D', 'E']]);
  const container = { name: 'S', type: 'Switch', typeProperties: { cases: [{ value: 'x', activities: [{ name: 'X' }] }], defaultActivities: [{ name: 'Y' }] } };
  assert.equal(
    innerActivityLists(container).map((l) => l.path),
    [
      ['typeProperties', 'cases', 0, 'activities'],
      ['typeProperties', 'defaultActivities'],
    ],
  );
});

test.run();
