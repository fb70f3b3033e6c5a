/**
 * `queries_ETL_ingestion` (recommendations; started by `queries_ExecuteETL` once per query file): runs one
 * query file into the ingestion container and hands the result to Data Explorer.
 *
 * Path (releases-0.9-14.md §1.6): `ingestion/<outputDataset>/<scope>/<queryType>/<ingestionId>__<queryType>-<page>.parquet`,
 * where `<scope>` is `tenants/<tenant ID>` for the scope `Tenant` (so hubs of several tenants pushing to one
 * remote hub do not collide) and the scope ID without its leading `/` otherwise.
 *
 * Steps:
 * 1. a query file without dataset, type, query, scope or version, or with `/` in its type, fails the run
 *    (`InvalidQueryFile`);
 * 2. the dataset's schema file `config/schemas/<schemaFile>` gives the translator (`SchemaReadFailed`);
 * 3. the engine's pipeline runs the query: `ResourceGraph` is `queries_ResourceGraph_ExecuteQuery`, chosen
 *    by a Switch (the public 14.0 starts `queries_<engine>_ExecuteQuery` through the Data Factory REST API and
 *    polls it, which needs the factory's identity to be Data Factory Contributor on itself; hubc names the
 *    engines it has); another engine fails the run (`UnknownQueryEngine`);
 * 4. after success, the files of earlier ingestions in the folder are deleted, and with Data Explorer a
 *    `manifest.json` (a copy of settings.json, as the exports' manifests start the load) is written when this
 *    ingestion wrote files, which starts `ingestion_ExecuteETL`; after a failure, the files this ingestion wrote
 *    are deleted and the earlier ones kept (the public 14.0 deletes the earlier files before it runs the query),
 *    then the run fails with the query's error (`QueryFailed`). A failed clean-up ends the run with
 *    `CleanUpFailed`, a failed manifest with `ManifestWriteFailed`.
 * A query that finds nothing leaves an empty folder and no manifest: the Data Explorer rows of its last run stay.
 */
import * as adf from '../../../../expressions/adf/index.js';
import type { AdfObject } from '../../../types.js';
import { pipelineName, type DataFactoryContext } from '../../context.js';
import {
  copy,
  datasetRef,
  deleteActivity,
  executePipeline,
  fail,
  failed,
  fileSink,
  fileSource,
  filter,
  forEach,
  getMetadata,
  ifCondition,
  lookup,
  pipelineProperties,
  setVariable,
  succeeded,
  switchActivity,
  SHORT_POLICY,
  type Activity,
} from '../../activities.js';
import { datasetNames, DATASET_PARAMETERS } from '../../datasets.js';
import { INGESTION_ID_SEPARATOR, has } from '../../../../model/releases.js';
import { emptyArray, errorOf, scopeFolder, SETTINGS_FILE, variablesOf } from '../shared.js';
import { SCHEMAS_FOLDER } from '../rawexports_ETL_ingestion.js';
import { RESOURCE_GRAPH_QUERY_PARAMETERS } from './queries_ResourceGraph_ExecuteQuery.js';

/** Parameter names (those of the public 14.0's pipeline). */
export const QUERIES_ETL_PARAMETERS = {
  ingestionId: 'ingestionId',
  queryEngine: 'queryEngine',
  outputDataset: 'outputDataset',
  schemaFile: 'schemaFile',
  queryScope: 'queryScope',
  query: 'query',
  queryVersion: 'queryVersion',
  querySource: 'querySource',
  queryProvider: 'queryProvider',
  queryType: 'queryType',
} as const;

/** The query engines hubc has, by the lower-case `queryEngine` of a query file, and the pipeline role of each. */
export const QUERY_ENGINES = { resourcegraph: 'resourceGraphQuery' } as const;

const P = QUERIES_ETL_PARAMETERS;
const param = (k: keyof typeof P) => adf.pipelineParameter(P[k]);

const CHECK = 'Check Query File';
const SET_SCOPE = 'Set Scope Folder';
const SET_FOLDER = 'Set Folder';
const LOAD_SCHEMA = 'Load Schema';
const RUN = 'Run Query';

/** Variables: the tenant (deploy time), the scope's folder, the query's folder below the ingestion container. */
const V = { tenantId: 'tenantId', scopeFolder: 'scopeFolder', folder: 'folder' } as const;

const folder = () => adf.variables(V.folder);
/** `<ingestionId>__`: the start of the names of the files this ingestion writes. */
const ownPrefix = () => adf.concat(param('ingestionId'), INGESTION_ID_SEPARATOR);

/** Checks the query file, then sets the scope folder and the query's folder. */
function prepare(): Activity[] {
  const missing = (k: keyof typeof P) => adf.empty(adf.coalesce(param(k), ''));
  return [
    ifCondition({
      name: CHECK,
      expression: adf.or(
        adf.or(adf.or(missing('outputDataset'), missing('queryType')), adf.or(missing('query'), missing('queryScope'))),
        adf.or(missing('queryVersion'), adf.contains(adf.coalesce(param('queryType'), ''), '/')),
      ),
      ifTrue: [
        fail({
          name: 'Invalid Query File',
          errorCode: 'InvalidQueryFile',
          message: adf.interp`The query file of type '${adf.coalesce(param('queryType'), '')}' lacks dataset, type, query, scope or version, or its type holds '/'; it was not run.`,
        }),
      ],
    }),
    setVariable({
      name: SET_SCOPE,
      dependsOn: [succeeded(CHECK)],
      variable: V.scopeFolder,
      value: adf.if_(adf.equals(adf.toLower(param('queryScope')), 'tenant'), adf.concat('tenants/', adf.variables(V.tenantId)), scopeFolder(param('queryScope'))),
    }),
    setVariable({
      name: SET_FOLDER,
      dependsOn: [succeeded(SET_SCOPE)],
      variable: V.folder,
      value: adf.concat(param('outputDataset'), '/', adf.variables(V.scopeFolder), '/', param('queryType')),
    }),
  ];
}

/** Reads the schema file's translator, then runs the query with the engine the file names. */
function runQuery(ctx: DataFactoryContext): Activity[] {
  const n = datasetNames(ctx);
  const R = RESOURCE_GRAPH_QUERY_PARAMETERS;
  return [
    lookup({
      name: LOAD_SCHEMA,
      dependsOn: [succeeded(CHECK)],
      dataset: datasetRef(n.config, {
        [DATASET_PARAMETERS.fileName]: adf.toLower(param('schemaFile')),
        [DATASET_PARAMETERS.folderPath]: `${ctx.configContainer}/${SCHEMAS_FOLDER}`,
      }),
      source: fileSource('Json'),
      policy: SHORT_POLICY,
    }),
    fail({
      name: 'Schema Read Failed',
      dependsOn: [failed(LOAD_SCHEMA)],
      errorCode: 'SchemaReadFailed',
      message: adf.interp`Could not read ${ctx.configContainer}/${SCHEMAS_FOLDER}/${param('schemaFile')} for the ${param('queryType')} query: ${errorOf(LOAD_SCHEMA)}`,
    }),
    switchActivity({
      name: RUN,
      dependsOn: [succeeded(SET_FOLDER), succeeded(LOAD_SCHEMA)],
      on: adf.toLower(param('queryEngine')),
      cases: Object.entries(QUERY_ENGINES).map(([engine, role]) => ({
        value: engine,
        activities: [
          executePipeline({
            name: 'Run Resource Graph Query',
            pipeline: pipelineName(ctx, role),
            parameters: {
              [R.query]: param('query'),
              [R.querySource]: adf.coalesce(param('querySource'), ''),
              [R.queryType]: param('queryType'),
              [R.queryProvider]: adf.coalesce(param('queryProvider'), ''),
              [R.queryVersion]: param('queryVersion'),
              [R.folder]: folder(),
              [R.filePrefix]: adf.concat(ownPrefix(), param('queryType')),
              [R.translator]: adf.activity(LOAD_SCHEMA).get('output').get('firstRow').get('translator'),
            },
          }),
        ],
      })),
      defaultActivities: [
        fail({
          name: 'Unknown Query Engine',
          errorCode: 'UnknownQueryEngine',
          message: adf.interp`The query file of type '${param('queryType')}' names the query engine '${param('queryEngine')}'; this hub runs ResourceGraph queries only.`,
        }),
      ],
    }),
  ];
}

/**
 * Lists the query's folder and deletes the files `remove` picks (by `item().name`), after `RUN` ended in
 * `outcome`; activity names end in `suffix`. A listing or deletion that fails ends the run with
 * `CleanUpFailed`.
 */
function deleteFiles(ctx: DataFactoryContext, outcome: 'Succeeded' | 'Failed', suffix: string, remove: (name: adf.Adf) => adf.Adf): Activity[] {
  const n = datasetNames(ctx);
  const list = `List Files ${suffix}`;
  const pick = `Filter Files ${suffix}`;
  return [
    getMetadata({
      name: list,
      dependsOn: [{ activity: RUN, dependencyConditions: [outcome] }],
      dataset: datasetRef(n.ingestionFiles, { [DATASET_PARAMETERS.folderPath]: folder() }),
      fields: ['exists', 'childItems'],
      format: 'Parquet',
    }),
    filter({
      name: pick,
      dependsOn: [succeeded(list)],
      items: adf.coalesce(adf.activity(list).get('output').get('childItems', true), emptyArray()),
      condition: adf.and(adf.equals(adf.item().get('type'), 'File'), remove(adf.item().get('name'))),
    }),
    forEach({
      name: `Delete Files ${suffix}`,
      dependsOn: [succeeded(pick)],
      items: adf.activity(pick).get('output').get('value'),
      activities: [
        deleteActivity({
          name: `Delete File ${suffix}`,
          dataset: datasetRef(n.ingestion, { [DATASET_PARAMETERS.folderPath]: folder(), [DATASET_PARAMETERS.fileName]: adf.item().get('name') }),
        }),
      ],
    }),
    ...[list, `Delete Files ${suffix}`].map((step) =>
      fail({
        name: `${step} Failed`,
        dependsOn: [failed(step)],
        errorCode: 'CleanUpFailed',
        message: adf.interp`Could not clean up the files ${suffix.toLowerCase()} in ${ctx.ingestionContainer}/${folder()}: ${errorOf(step)}`,
      }),
    ),
  ];
}

/** After success: the earlier ingestions' files go, and (with Data Explorer) a manifest starts the load when files were written. */
function afterSuccess(ctx: DataFactoryContext): Activity[] {
  return [...deleteFiles(ctx, 'Succeeded', EARLIER, (name) => adf.not(adf.startsWith(name, ownPrefix()))), ...writeManifest(ctx)];
}

/** Suffix of the activities that delete the files of earlier ingestions. */
const EARLIER = 'Of Earlier Ingestions';

/**
 * With Data Explorer: `manifest.json` in the query's folder when this ingestion wrote a parquet file (it
 * starts `ingestion_ExecuteETL`, which loads the folder's parquet files into `<outputDataset>_raw`).
 */
function writeManifest(ctx: DataFactoryContext): Activity[] {
  if (!has(ctx.model.release, 'dataExplorer')) return [];
  const n = datasetNames(ctx);
  const written = 'Filter Files Written';
  const name = adf.item().get('name');
  return [
    filter({
      name: written,
      dependsOn: [succeeded(`List Files ${EARLIER}`)],
      items: adf.coalesce(adf.activity(`List Files ${EARLIER}`).get('output').get('childItems', true), emptyArray()),
      condition: adf.and(adf.equals(adf.item().get('type'), 'File'), adf.and(adf.startsWith(name, ownPrefix()), adf.endsWith(adf.toLower(name), '.parquet'))),
    }),
    ifCondition({
      name: 'If Files Written',
      dependsOn: [succeeded(`Delete Files ${EARLIER}`), succeeded(written)],
      expression: adf.greater(adf.length(adf.activity(written).get('output').get('value')), 0),
      ifTrue: [
        copy({
          name: 'Write Manifest',
          input: datasetRef(n.config, { [DATASET_PARAMETERS.fileName]: SETTINGS_FILE, [DATASET_PARAMETERS.folderPath]: ctx.configContainer }),
          output: datasetRef(n.ingestionManifest, { [DATASET_PARAMETERS.folderPath]: folder() }),
          source: fileSource('Json'),
          sink: fileSink('Json'),
          policy: SHORT_POLICY,
        }),
      ],
    }),
    fail({
      name: 'Manifest Write Failed',
      dependsOn: [failed('If Files Written')],
      errorCode: 'ManifestWriteFailed',
      message: adf.interp`Could not write ${ctx.ingestionContainer}/${folder()}/manifest.json, which starts the Data Explorer load: ${errorOf('If Files Written')}`,
    }),
  ];
}

/** After a failure: the files this ingestion wrote go, then the run fails with the query's error. */
function afterFailure(ctx: DataFactoryContext): Activity[] {
  return [
    ...deleteFiles(ctx, 'Failed', 'Of This Ingestion', (name) => adf.startsWith(name, ownPrefix())),
    fail({
      name: 'Query Failed',
      dependsOn: [succeeded('Delete Files Of This Ingestion')],
      errorCode: 'QueryFailed',
      message: adf.interp`The ${param('queryType')} query failed; its partial files were deleted and the earlier ones kept: ${errorOf(RUN)}`,
    }),
  ];
}

/** The pipeline. */
export function queriesEtlIngestion(ctx: DataFactoryContext): AdfObject {
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'queriesEtl'),
    condition: ctx.recommendationsDeployed,
    properties: pipelineProperties({
      description: 'Runs one query file into the ingestion container, replaces the earlier ingestion of its folder and starts the Data Explorer load.',
      activities: [...prepare(), ...runQuery(ctx), ...afterSuccess(ctx), ...afterFailure(ctx)],
      parameters: Object.fromEntries(Object.values(P).map((name) => [name, { type: 'String' as const }])),
      variables: variablesOf([{ name: V.tenantId, type: 'String', defaultValue: ctx.tenantId }], { [V.scopeFolder]: { type: 'String' }, [V.folder]: { type: 'String' } }),
    }),
  };
}
