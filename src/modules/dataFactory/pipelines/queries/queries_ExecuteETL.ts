/**
 * `queries_ExecuteETL` (recommendations; started daily by `queries_DailySchedule`): reads every query file of
 * `config/queries/` (`*.json`, sub-folders included: the recommendation files the deployment uploads and any a
 * hub owner adds) and runs each with `queries_ETL_ingestion`, two at a time, under one ingestion ID
 * (`yyyyMMdd-HHmmss_<8 hex>`, as the public 14.0 makes it).
 *
 * A query file is a JSON object (docs/recommendations.md): `dataset` (the folder under `ingestion/` and, lower
 * case with `_<version>.json`, the schema file), `type`, `version`, `scope` (`Tenant` or a scope ID), `query`,
 * `queryEngine` (`ResourceGraph`), `source`, `provider`, and an optional `group`. A missing member reaches
 * `queries_ETL_ingestion` as an empty string, which fails that file's run only (`InvalidQueryFile`).
 *
 * Error codes: `QueryFilesReadFailed`, `QueryFilesFailed` (a file failed: the ForEach runs every file first).
 */
import * as adf from '../../../../expressions/adf/index.js';
import type { AdfObject } from '../../../types.js';
import { pipelineName, type DataFactoryContext } from '../../context.js';
import { datasetRef, executePipeline, fail, failed, fileSource, forEach, lookup, pipelineProperties, setVariable, succeeded, SHORT_POLICY } from '../../activities.js';
import { datasetNames, DATASET_PARAMETERS } from '../../datasets.js';
import { errorOf } from '../shared.js';
import { QUERIES_ETL_PARAMETERS } from './queries_ETL_ingestion.js';

/** Folder of the query files inside the config container. */
export const QUERIES_FOLDER = 'queries';

/** Query files run at once (each one pages through Resource Graph, which throttles a caller's requests). */
export const QUERY_FILES_AT_ONCE = 2;

const LOAD = 'Load Query Files';
const SET_ID = 'Set Ingestion Id';
const LOOP = 'For Each Query File';

/** The pipeline. */
export function queriesExecuteEtl(ctx: DataFactoryContext): AdfObject {
  const E = QUERIES_ETL_PARAMETERS;
  const member = (name: string) => adf.coalesce(adf.item().get(name, true), '');
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'queriesQueue'),
    condition: ctx.recommendationsDeployed,
    properties: pipelineProperties({
      description: `Runs every query file of ${ctx.configContainer}/${QUERIES_FOLDER} into the ingestion container.`,
      activities: [
        lookup({
          name: LOAD,
          dataset: datasetRef(datasetNames(ctx).config, { [DATASET_PARAMETERS.fileName]: '*.json', [DATASET_PARAMETERS.folderPath]: `${ctx.configContainer}/${QUERIES_FOLDER}` }),
          source: fileSource('Json', { recursive: true, wildcardFileName: '*.json' }),
          firstRowOnly: false,
          policy: SHORT_POLICY,
        }),
        fail({
          name: 'Query Files Read Failed',
          dependsOn: [failed(LOAD)],
          errorCode: 'QueryFilesReadFailed',
          message: adf.interp`Could not read the query files of ${ctx.configContainer}/${QUERIES_FOLDER}: ${errorOf(LOAD)}`,
        }),
        setVariable({ name: SET_ID, variable: 'ingestionId', value: adf.concat(adf.utcNow('yyyyMMdd-HHmmss'), '_', adf.substring(adf.guid(), 0, 8)) }),
        forEach({
          name: LOOP,
          dependsOn: [succeeded(LOAD), succeeded(SET_ID)],
          items: adf.activity(LOAD).get('output').get('value'),
          batchCount: QUERY_FILES_AT_ONCE,
          activities: [
            executePipeline({
              name: 'Run Query File',
              pipeline: pipelineName(ctx, 'queriesEtl'),
              parameters: {
                [E.ingestionId]: adf.variables('ingestionId'),
                [E.queryEngine]: member('queryEngine'),
                [E.outputDataset]: member('dataset'),
                [E.schemaFile]: adf.concat(adf.toLower(member('dataset')), '_', member('version'), '.json'),
                [E.queryScope]: member('scope'),
                [E.query]: member('query'),
                [E.queryVersion]: member('version'),
                [E.querySource]: member('source'),
                [E.queryProvider]: member('provider'),
                [E.queryType]: member('type'),
              },
            }),
          ],
        }),
        fail({
          name: 'Query Files Failed',
          dependsOn: [failed(LOOP)],
          errorCode: 'QueryFilesFailed',
          message: adf.interp`A query file of ${ctx.configContainer}/${QUERIES_FOLDER} failed (every file was run); its ${pipelineName(ctx, 'queriesEtl')} run says why: ${errorOf(LOOP)}`,
        }),
      ],
      variables: { ingestionId: { type: 'String' } },
      // A run that takes longer than a day must not overlap the next one: they would replace each other's files.
      concurrency: 1,
      annotations: ['Recommendations'],
    }),
  };
}
