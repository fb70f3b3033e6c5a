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
 * Error codes: `IngestionFolderListFailed`, `IngestionFilesNotFound` (no parquet file in the folder),
 * `DataExplorerLoadFailed` (a file failed to load; its own run has the detailed error).
 */
import * as adf from '../../../expressions/adf/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { wait, setVariable, getMetadata, filter, ifCondition, forEach, executePipeline, fail, datasetRef, succeeded, failed, pipelineProperties } from '../activities.js';
import { datasetNames, DATASET_PARAMETERS } from '../datasets.js';
import { ETL_DATA_EXPLORER_PARAMETERS } from './ingestion_ETL_dataExplorer.js';
import { INGESTION_ID_SEPARATOR } from '../../../model/releases.js';
import { errorOf, emptyArray } from './shared.js';


/** Parameter names: the trigger's folder path, starting with the container name. */
export const INGESTION_EXECUTE_ETL_PARAMETERS = { folderPath: 'folderPath' } as const;

/** The pipeline. */
export function ingestionExecuteEtl(ctx: DataFactoryContext): AdfObject {
  const n = datasetNames(ctx);
  const folder = adf.variables('folder');
  const waitName = 'Wait For Files';
  const setFolder = 'Set Folder Path';
  const setTime = 'Set Ingestion Timestamp';
  const list = 'List Files';
  const filterFiles = 'Filter Parquet Files';
  const check = 'If No Files';
  const loop = 'For Each File';
  const files = adf.activity(filterFiles).get('output').get('value');
  const name = adf.item().get('name');
  const E = ETL_DATA_EXPLORER_PARAMETERS;
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'ingestionQueue'),
    properties: pipelineProperties({
      description: 'Queues the Data Explorer load of every parquet file in the folder of a new ingestion manifest.',
      activities: [
        wait({ name: waitName, seconds: 60 }),
        setVariable({
          name: setFolder,
          dependsOn: [succeeded(waitName)],
          variable: 'folder',
          value: adf.join(adf.skip(adf.split(adf.pipelineParameter(INGESTION_EXECUTE_ETL_PARAMETERS.folderPath), '/'), 1), '/'),
        }),
        setVariable({ name: setTime, dependsOn: [succeeded(waitName)], variable: 'timestamp', value: adf.utcNow() }),
        getMetadata({
          name: list,
          dependsOn: [succeeded(setFolder)],
          dataset: datasetRef(n.ingestionFiles, { [DATASET_PARAMETERS.folderPath]: folder }),
          fields: ['exists', 'childItems'],
          format: 'Parquet',
        }),
        fail({
          name: 'Folder List Failed',
          dependsOn: [failed(list)],
          errorCode: 'IngestionFolderListFailed',
          message: adf.interp`Could not list the files of ${ctx.ingestionContainer}/${folder}: ${errorOf(list)}`,
        }),
        filter({
          name: filterFiles,
          dependsOn: [succeeded(list)],
          items: adf.coalesce(adf.activity(list).get('output').get('childItems', true), emptyArray()),
          condition: adf.and(adf.equals(adf.item().get('type'), 'File'), adf.endsWith(adf.toLower(name), '.parquet')),
        }),
        ifCondition({
          name: check,
          dependsOn: [succeeded(filterFiles)],
          expression: adf.empty(files),
          ifTrue: [
            fail({
              name: 'Files Not Found',
              errorCode: 'IngestionFilesNotFound',
              message: adf.interp`No parquet files to load in ${ctx.ingestionContainer}/${folder}. Upload the files before adding manifest.json.`,
            }),
          ],
        }),
        forEach({
          name: loop,
          dependsOn: [succeeded(check), succeeded(setTime)],
          items: files,
          batchCount: ctx.dataExplorerIngestionCapacity,
          activities: [
            executePipeline({
              name: 'Load File',
              pipeline: pipelineName(ctx, 'ingestionEtl'),
              parameters: {
                [E.folderPath]: folder,
                [E.fileName]: name,
                [E.originalFileName]: adf.last(adf.split(name, INGESTION_ID_SEPARATOR)),
                [E.ingestionId]: adf.concat(adf.first(adf.split(name, INGESTION_ID_SEPARATOR)), '_', adf.variables('timestamp')),
                [E.table]: adf.concat(adf.first(adf.split(folder, '/')), '_raw'),
              },
            }),
          ],
        }),
        fail({
          name: 'Load Failed',
          dependsOn: [failed(loop)],
          errorCode: 'DataExplorerLoadFailed',
          message: adf.interp`Loading ${ctx.ingestionContainer}/${folder} into ${adf.first(adf.split(folder, '/'))}_raw failed; see the ${pipelineName(ctx, 'ingestionEtl')} runs of this run for the file at fault.`,
        }),
      ],
      parameters: { [INGESTION_EXECUTE_ETL_PARAMETERS.folderPath]: { type: 'String' } },
      variables: { folder: { type: 'String' }, timestamp: { type: 'String' } },
      concurrency: 1,
      annotations: ['New ingestion'],
    }),
  };
}
