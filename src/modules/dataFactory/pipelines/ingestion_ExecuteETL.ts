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
 * From 12 (`dataExplorerAutoStart`, #1371) it first reads the cluster's state with the factory's identity and,
 * when the cluster is stopped, starts it and waits (at most an hour) until it runs: a stopped cluster would
 * otherwise make every load wait for hours and fail. A state it cannot read (no permission) stops the run,
 * naming the role.
 *
 * Error codes: `IngestionFolderListFailed`, `IngestionFilesNotFound` (no parquet file in the folder),
 * `DataExplorerLoadFailed` (a file failed to load; its own run has the detailed error); from 12
 * `DataExplorerStateReadFailed`, `DataExplorerStartFailed`, `DataExplorerStartTimeout`.
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
  until,
  web,
  type Activity,
} from '../activities.js';
import type { ActivityDependency } from '../activities.js';
import { behaves } from '../../../model/releases.js';
import { ids } from '../../core/names.js';
import { apiVersion } from '../../core/apiVersions.js';
import { armResource, armUrl, resourceManagerUrlVariable, variablesOf, errorOf, emptyArray, type DeployVariable } from './shared.js';
import { datasetNames, DATASET_PARAMETERS } from '../datasets.js';
import { ETL_DATA_EXPLORER_PARAMETERS } from './ingestion_ETL_dataExplorer.js';
import { INGESTION_ID_SEPARATOR } from '../../../model/releases.js';

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
  const autoStart = behaves(ctx.model.release, 'dataExplorerAutoStart');
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'ingestionQueue'),
    properties: pipelineProperties({
      description: 'Queues the Data Explorer load of every parquet file in the folder of a new ingestion manifest.',
      activities: autoStart ? [...startCluster(ctx), ...listParquetFiles(ctx, [succeeded(CLUSTER_WAIT)]), ...loadFiles(ctx)] : [...listParquetFiles(ctx), ...loadFiles(ctx)],
      parameters: { [INGESTION_EXECUTE_ETL_PARAMETERS.folderPath]: { type: 'String' } },
      variables: autoStart
        ? variablesOf([resourceManagerUrlVariable(ctx), clusterIdVariable()], { folder: { type: 'String' }, timestamp: { type: 'String' }, [CLUSTER_STATE]: { type: 'String' } })
        : { folder: { type: 'String' }, timestamp: { type: 'String' } },
      concurrency: 1,
      annotations: ['New ingestion'],
    }),
  };
}

const CLUSTER_READ = 'Get Cluster State';
const CLUSTER_SET = 'Set Cluster State';
const CLUSTER_IF_STOPPED = 'If Cluster Stopped';
const CLUSTER_START = 'Start Cluster';
const CLUSTER_WAIT = 'Wait Until Cluster Runs';
const CLUSTER_CHECK = 'Check Cluster State';
/** Variable holding the cluster's last read state (`Running`, `Stopped`, `Starting`, ...; `Unknown` when the answer had none). */
const CLUSTER_STATE = 'clusterState';
/** States from which the cluster becomes `Running` by itself once started: waited for. */
const TRANSIENT_STATES = ['Stopped', 'Starting', 'Stopping'];

/** Variable holding the cluster's resource ID (deploy time). */
function clusterIdVariable(): DeployVariable {
  return { name: 'clusterId', type: 'String', defaultValue: ids.dataExplorerCluster };
}

/** `GET <resource manager>/<cluster>?api-version=...` as the factory's identity. */
function readCluster(ctx: DataFactoryContext, name: string, dependsOn: ActivityDependency[] = []): Activity {
  return web({ name, dependsOn, method: 'GET', url: armUrl(adf.variables('clusterId'), `?api-version=${apiVersion('Microsoft.Kusto/clusters')}`), resource: armResource(ctx) });
}

/** Sets {@link CLUSTER_STATE} from a read of the cluster. */
const setState = (name: string, read: string): Activity =>
  setVariable({
    name,
    dependsOn: [succeeded(read)],
    variable: CLUSTER_STATE,
    value: adf.coalesce(adf.activity(read).get('output').get('properties', true).get('state', true), 'Unknown'),
  });

/**
 * 12+: reads the cluster's state; a stopped cluster is started (Clusters - Start, an asynchronous POST), then
 * its state is read every 30 seconds, for at most an hour, until it is no longer stopped, starting or stopping.
 */
function startCluster(ctx: DataFactoryContext): Activity[] {
  const notDone = adf.contains(adf.json(JSON.stringify(TRANSIENT_STATES)), adf.variables(CLUSTER_STATE));
  return [
    readCluster(ctx, CLUSTER_READ),
    fail({
      name: 'Cluster State Read Failed',
      dependsOn: [failed(CLUSTER_READ)],
      errorCode: 'DataExplorerStateReadFailed',
      message: adf.interp`Could not read the state of Data Explorer cluster ${adf.variables('clusterId')}; the Data Factory identity needs Kusto Contributor on it: ${errorOf(CLUSTER_READ)}`,
    }),
    setState(CLUSTER_SET, CLUSTER_READ),
    ifCondition({
      name: CLUSTER_IF_STOPPED,
      dependsOn: [succeeded(CLUSTER_SET)],
      expression: adf.equals(adf.variables(CLUSTER_STATE), 'Stopped'),
      ifTrue: [
        web({
          name: CLUSTER_START,
          method: 'POST',
          url: armUrl(adf.concat(adf.variables('clusterId'), '/start'), `?api-version=${apiVersion('Microsoft.Kusto/clusters')}`),
          resource: armResource(ctx),
          body: ' ',
        }),
        fail({
          name: 'Cluster Start Failed',
          dependsOn: [failed(CLUSTER_START)],
          errorCode: 'DataExplorerStartFailed',
          message: adf.interp`Could not start Data Explorer cluster ${adf.variables('clusterId')}: ${errorOf(CLUSTER_START)}`,
        }),
      ],
    }),
    until({
      name: CLUSTER_WAIT,
      dependsOn: [succeeded(CLUSTER_IF_STOPPED)],
      expression: adf.not(notDone),
      timeout: '0.01:00:00',
      activities: [
        readCluster(ctx, CLUSTER_CHECK),
        setState('Set Checked State', CLUSTER_CHECK),
        ifCondition({ name: 'If Still Starting', dependsOn: [succeeded('Set Checked State')], expression: notDone, ifTrue: [wait({ name: 'Wait For Cluster', seconds: 30 })] }),
      ],
    }),
    fail({
      name: 'Cluster Start Timed Out',
      dependsOn: [failed(CLUSTER_WAIT)],
      errorCode: 'DataExplorerStartTimeout',
      message: adf.interp`Data Explorer cluster ${adf.variables('clusterId')} was still ${adf.variables(CLUSTER_STATE)} after an hour; see its activity log. Data Factory runs this pipeline again for the next manifest.`,
    }),
  ];
}

/** Sets the folder and the ingestion time, lists the folder's parquet files, and fails when it cannot be listed or holds none. */
function listParquetFiles(ctx: DataFactoryContext, after: ActivityDependency[] = []): Activity[] {
  const name = adf.item().get('name');
  return [
    wait({ name: WAIT, dependsOn: after, seconds: 60 }),
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
