/**
 * `ingestion_ExecuteETL` (spec, "Data ingestion flow" step 5 and "Custom datasets"; Data Explorer only;
 * started by `ingestion_ManifestAdded` when a `manifest.json` lands in the `ingestion` container): queues one
 * `ingestion_ETL_dataExplorer` run per parquet file of the manifest's folder, at most
 * `ctx.dataExplorerIngestionCapacity` at a time.
 *
 * The target table is `<first folder under ingestion>_raw`, so custom datasets (`ingestion/<Name>/...` with
 * a `<Name>_raw` table and `<Name>_raw_mapping` mapping) load like the built-in ones. For a file named
 * `<ingestion-id>__<original-file-name>` the extent tags use `<ingestion-id>_<run time>` as ingestion ID
 * (so a re-run replaces the earlier load) and `<original-file-name>`.
 *
 * Only files whose name ends in `.parquet` are loaded (the ingestion mapping is a parquet mapping; writers'
 * marker files such as `_SUCCESS` are left alone; the public release loads every file but `manifest.json`:
 * docs/deviations.md).
 *
 * Error codes: `IngestionFolderListFailed`, `IngestionFilesNotFound` (no parquet file in the folder),
 * `DataExplorerLoadFailed` (a file failed to load; its own run has the detailed error).
 */
import * as adf from '../../../expressions/adf/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import {
  wait,
  setVariable,
  getMetadata,
  filter,
  ifCondition,
  forEach,
  executePipeline,
  fail,
  datasetRef,
  succeeded,
  failed,
  pipelineProperties,
  type Activity,
} from '../activities.js';
import { datasetNames, DATASET_PARAMETERS } from '../datasets.js';
import { ETL_DATA_EXPLORER_PARAMETERS } from './ingestion_ETL_dataExplorer.js';
import { INGESTION_ID_SEPARATOR } from '../../../model/releases.js';
import { errorOf, emptyArray } from './shared.js';

/** Parameter names: the trigger's folder path, starting with the container name. */
export const INGESTION_EXECUTE_ETL_PARAMETERS = { folderPath: 'folderPath' } as const;

const WAIT = 'Wait For Files';
const SET_FOLDER = 'Set Folder Path';
const SET_TIME = 'Set Ingestion Timestamp';
const LIST = 'List Files';
const FILTER_FILES = 'Filter Parquet Files';
const CHECK = 'If No Files';
const LOOP = 'For Each File';
/** The folder of the manifest, below the container. */
const folder = () => adf.variables('folder');
/** The parquet files of the folder. */
const parquetFiles = () => adf.activity(FILTER_FILES).get('output').get('value');

/** The pipeline: list the folder's parquet files, then load each. */
export function ingestionExecuteEtl(ctx: DataFactoryContext): AdfObject {
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'ingestionQueue'),
    properties: pipelineProperties({
      description: 'Queues the Data Explorer load of every parquet file in the folder of a new ingestion manifest.',
      activities: [...listParquetFiles(ctx), ...loadFiles(ctx)],
      parameters: { [INGESTION_EXECUTE_ETL_PARAMETERS.folderPath]: { type: 'String' } },
      variables: { folder: { type: 'String' }, timestamp: { type: 'String' } },
      concurrency: 1,
      annotations: ['New ingestion'],
    }),
  };
}

/** Sets the folder and the ingestion time, lists the folder's parquet files, and fails when it cannot be listed or holds none. */
function listParquetFiles(ctx: DataFactoryContext): Activity[] {
  const name = adf.item().get('name');
  return [
    wait({ name: WAIT, seconds: 60 }),
    setVariable({
      name: SET_FOLDER,
      dependsOn: [succeeded(WAIT)],
      variable: 'folder',
      value: adf.join(adf.skip(adf.split(adf.pipelineParameter(INGESTION_EXECUTE_ETL_PARAMETERS.folderPath), '/'), 1), '/'),
    }),
    setVariable({ name: SET_TIME, dependsOn: [succeeded(WAIT)], variable: 'timestamp', value: adf.utcNow() }),
    getMetadata({
      name: LIST,
      dependsOn: [succeeded(SET_FOLDER)],
      dataset: datasetRef(datasetNames(ctx).ingestionFiles, { [DATASET_PARAMETERS.folderPath]: folder() }),
      fields: ['exists', 'childItems'],
      format: 'Parquet',
    }),
    fail({
      name: 'Folder List Failed',
      dependsOn: [failed(LIST)],
      errorCode: 'IngestionFolderListFailed',
      message: adf.interp`Could not list the files of ${ctx.ingestionContainer}/${folder()}: ${errorOf(LIST)}`,
    }),
    filter({
      name: FILTER_FILES,
      dependsOn: [succeeded(LIST)],
      items: adf.coalesce(adf.activity(LIST).get('output').get('childItems', true), emptyArray()),
      condition: adf.and(adf.equals(adf.item().get('type'), 'File'), adf.endsWith(adf.toLower(name), '.parquet')),
    }),
    ifCondition({
      name: CHECK,
      dependsOn: [succeeded(FILTER_FILES)],
      expression: adf.empty(parquetFiles()),
      ifTrue: [
        fail({
          name: 'Files Not Found',
          errorCode: 'IngestionFilesNotFound',
          message: adf.interp`No parquet files to load in ${ctx.ingestionContainer}/${folder()}: only files whose name ends in .parquet are loaded. Upload them before adding manifest.json.`,
        }),
      ],
    }),
  ];
}

/** Loads each file into `<first folder>_raw` (`ingestion_ETL_dataExplorer`, tagged with its ingestion ID and run time), at most the cluster's capacity at a time. */
function loadFiles(ctx: DataFactoryContext): Activity[] {
  const name = adf.item().get('name');
  const E = ETL_DATA_EXPLORER_PARAMETERS;
  return [
    forEach({
      name: LOOP,
      dependsOn: [succeeded(CHECK), succeeded(SET_TIME)],
      items: parquetFiles(),
      batchCount: ctx.dataExplorerIngestionCapacity,
      activities: [
        executePipeline({
          name: 'Load File',
          pipeline: pipelineName(ctx, 'ingestionEtl'),
          parameters: {
            [E.folderPath]: folder(),
            [E.fileName]: name,
            [E.originalFileName]: adf.last(adf.split(name, INGESTION_ID_SEPARATOR)),
            [E.ingestionId]: adf.concat(adf.first(adf.split(name, INGESTION_ID_SEPARATOR)), '_', adf.variables('timestamp')),
            [E.table]: adf.concat(adf.first(adf.split(folder(), '/')), '_raw'),
          },
        }),
      ],
    }),
    fail({
      name: 'Load Failed',
      dependsOn: [failed(LOOP)],
      errorCode: 'DataExplorerLoadFailed',
      message: adf.interp`Loading ${ctx.ingestionContainer}/${folder()} into ${adf.first(adf.split(folder(), '/'))}_raw failed; see the ${pipelineName(ctx, 'ingestionEtl')} runs of this run for the file at fault.`,
    }),
  ];
}
