/**
 * Type-level tests of the Data Factory wire types (src/modules/dataFactory/wire.ts, from the
 * `@azure/arm-datafactory` models) and the activity builders typed with them. Nothing here runs:
 * `npm run typecheck` (the first step of `npm test`) compiles this file, and fails both when a line marked
 * `@ts-expect-error` compiles and when an unmarked line does not.
 */
import * as adf from '../../src/expressions/adf/index.js';
import * as arm from '../../src/expressions/arm/index.js';
import { copy, datasetRef, fileSink, fileSource, forEach, pipelineProperties, succeeded, wait } from '../../src/modules/dataFactory/activities.js';
import type { AdfActivity, AdfActivityOf, AdfDatasetOf, AdfLinkedServiceOf, AdfPipelineProperties, AdfTriggerOf } from '../../src/modules/dataFactory/wire.js';

const envelope = { dependsOn: [], userProperties: [] as [] };

/** The builders' output is the SDK model in wire form: expressions where the wire takes strings. */
export const built: AdfPipelineProperties = pipelineProperties({
  activities: [
    forEach({
      name: 'For Each File',
      items: adf.pipelineParameter('files'),
      batchCount: arm.parameters('batchCount'),
      activities: [
        copy({
          name: 'Convert',
          input: datasetRef('ingestion', { fileName: adf.item().get('name') }),
          output: datasetRef('ingestion', { fileName: adf.interp`${adf.item().get('name')}.parquet` }),
          source: fileSource('DelimitedText'),
          sink: fileSink('Parquet'),
        }),
        wait({ name: 'Pause', seconds: 1, dependsOn: [succeeded('Convert')] }),
      ],
    }),
  ],
});

// @ts-expect-error a DelimitedText sink needs a fileExtension hubc does not write
fileSink('DelimitedText');

export const copyActivity: AdfActivityOf<'Copy'> = {
  name: 'Copy',
  type: 'Copy',
  ...envelope,
  inputs: [{ referenceName: arm.variables('dataset'), type: 'DatasetReference' }],
  // @ts-expect-error `source` misspelt (the SDK's required `source` is missing too)
  typeProperties: { sorce: fileSource('Json'), sink: fileSink('Json') },
};

export const wrongType: AdfActivity = {
  name: 'Copy',
  // @ts-expect-error no activity type `Cpy`
  type: 'Cpy',
  ...envelope,
};

export const missingItems: AdfActivityOf<'ForEach'> = {
  name: 'Loop',
  type: 'ForEach',
  ...envelope,
  // @ts-expect-error a ForEach needs its items
  typeProperties: { activities: [] },
};

export const nested: AdfActivityOf<'IfCondition'> = {
  name: 'If',
  type: 'IfCondition',
  ...envelope,
  typeProperties: {
    expression: adf.expression(adf.fn('equals', 1, 1)),
    // @ts-expect-error `waitTimeInSeconds` misspelt in a nested activity
    ifTrueActivities: [{ name: 'Wait', type: 'Wait', ...envelope, typeProperties: { waitTimeInSecond: 1 } }],
  },
};

// @ts-expect-error `concurrency` misspelt
export const pipeline: AdfPipelineProperties = { activities: [], concurency: 1 };

export const dataset: AdfDatasetOf<'Parquet'> = {
  type: 'Parquet',
  linkedServiceName: { referenceName: arm.if_(arm.variables('remote'), 'remote', 'storage'), type: 'LinkedServiceReference' },
  typeProperties: {
    location: { type: 'AzureBlobFSLocation', fileName: adf.expression(adf.datasetParameter('fileName')), fileSystem: 'ingestion' },
    // @ts-expect-error `compressionCodec` misspelt
    compresionCodec: 'snappy',
  },
};

export const linkedService: AdfLinkedServiceOf<'AzureBlobFS'> = {
  type: 'AzureBlobFS',
  annotations: [],
  // @ts-expect-error linked services connect through `connectVia`
  connectThrough: arm.variables('runtime'),
};

export const trigger: AdfTriggerOf<'ScheduleTrigger'> = {
  type: 'ScheduleTrigger',
  pipelines: [{ pipelineReference: { referenceName: 'start', type: 'PipelineReference' }, parameters: { recurrence: 'Daily' } }],
  typeProperties: {
    // @ts-expect-error `interval` misspelt
    recurrence: { frequency: 'Day', intervall: 1, startTime: '2023-01-01T01:00:00', timeZone: arm.variables('regionTimeZone') },
  },
};
