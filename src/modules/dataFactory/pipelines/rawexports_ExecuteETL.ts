/**
 * `<exportContainer>_ExecuteETL` (spec, "Data ingestion flow" step 3; started by
 * `<exportContainer>_ManifestAdded` when Cost Management finishes an export): reads the export manifest and
 * queues one `<exportContainer>_ETL_ingestion` run per data file, at most `ctx.exportConversionBatchCount`
 * at a time. From the manifest (spec, "Export manifest"):
 *
 * - dataset folder from `exportConfig.type`: FocusCost → Costs, PriceSheet → Prices, ReservationDetails →
 *   CommitmentDiscountUsage, ReservationRecommendations → Recommendations, ReservationTransactions →
 *   Transactions (case-insensitive; any other type → the lower-cased type);
 * - schema file `<type>_<dataVersion>[_<channel>].json` (lower case); the channel (`ea`/`mca`) only for
 *   datasets with EA and MCA shapes, detected by the MCA marker column in the first row of the first file;
 * - scope from `exportConfig.resourceId` (lower case, cut before `/providers/Microsoft.CostManagement/exports/`);
 * - month `yyyy/mm` from `runInfo.startDate`; ingestion ID from `runInfo.runId`.
 *
 * Destination folder: `<dataset>/<yyyy>/<mm>/<scope>` with `//` collapsed, e.g.
 * `Costs/2024/11/subscriptions/s1` (from 0.9 `Recommendations/<yyyy>/<mm>/<scope>/<export name>`). Once every file is converted, parquet files of earlier ingestions in that
 * folder are deleted (new files are all written first), then the manifest is copied into the folder; that
 * copy starts the Data Explorer load (`ingestion_ManifestAdded`).
 *
 * An export with no rows (no blobs, `blobCount` 0 or `dataRowCount` 0) ingests nothing, deletes nothing,
 * copies no manifest and does not fail, whatever its type or version.
 *
 * Error codes: `ManifestReadFailed`, `ManifestInvalid`, `ExportFileReadFailed`, `UnsupportedExportFileType`,
 * `SchemaNotFound`, `ExportIngestionFailed`, `IngestionFolderListFailed`, `IngestionCleanupFailed`,
 * `ManifestCopyFailed`; messages name the manifest, file, schema file or folder.
 *
 * One file, as every pipeline of this folder is: the functions below are the pipeline's activity groups in
 * the order they run (read the manifest, its variables, find the schema, convert the files, delete earlier
 * ingestions, copy the manifest), sharing the expressions of `executeEtlExpressions`; split, one pipeline
 * would be read across files.
 *
 * One file, though past 400 lines: the activities of one pipeline, which refer to each other by name
 * (`dependsOn`, activity outputs) and share its variables; each step is its own function.
 */
import * as adf from '../../../expressions/adf/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import {
  wait,
  lookup,
  setVariable,
  ifCondition,
  switchActivity,
  getMetadata,
  forEach,
  executePipeline,
  filter,
  deleteActivity,
  copy,
  fail,
  datasetRef,
  fileSource,
  fileSink,
  succeeded,
  failed,
  completed,
  pipelineProperties,
  SHORT_POLICY,
  type Activity,
} from '../activities.js';
import { datasetNames, DATASET_PARAMETERS } from '../datasets.js';
import { BUILT_IN_DATASETS } from '../../../model/datasets.js';
import { INGESTION_ID_SEPARATOR } from '../../../model/releases.js';
import { errorOf, emptyArray, FORMAT_LABELS, supportedFiles } from './shared.js';
import { EXPORT_ETL_PARAMETERS, SCHEMAS_FOLDER } from './rawexports_ETL_ingestion.js';
import { ingestionFolder, replacesEarlierIngestions } from '../layout.js';
import { behaves, has, type Release } from '../../../model/releases.js';

/** Parameter names: the trigger's folder path (starting with the container) and file name. */
export const EXPORT_EXECUTE_ETL_PARAMETERS = { folderPath: 'folderPath', fileName: 'fileName' } as const;

/** Activity names other code and tests refer to. */
export const EXECUTE_ETL_ACTIVITIES = {
  readManifest: 'Read Manifest',
  checkManifest: 'Check Manifest',
  setType: 'Set Export Type',
  setVersion: 'Set Export Version',
  setScope: 'Set Scope',
  setMonth: 'Set Month',
  setIngestionId: 'Set Ingestion Id',
  setHasRows: 'Set Has Rows',
  setMcaColumn: 'Set MCA Column',
  setHubDataset: 'Set Hub Dataset',
  detectChannel: 'Detect Channel',
  checkSchema: 'Check Schema',
  ifSchemaMissing: 'If Schema Missing',
  setDestination: 'Set Destination Folder',
  forEachFile: 'For Each Export File',
  listIngested: 'List Ingested Files',
  filterEarlier: 'Filter Earlier Ingestions',
  forEachEarlier: 'For Each Earlier File',
  ifHasRows: 'If Export Has Rows',
  copyManifest: 'Copy Manifest',
} as const;

/** Case value of the channel switch when no channel applies (no marker column, or no rows). */
export const NO_CHANNEL = 'none';

/**
 * `<type lower-cased>` → hub dataset, as nested `if`s over the built-in datasets the release knows (the
 * opt-in ones only where it converts their export type, 0.10+); other types map to the lower-cased type.
 */
export function hubDatasetExpression(type: adf.Adf, release: Release): adf.Adf {
  const t = adf.toLower(type);
  return BUILT_IN_DATASETS.filter((d) => !d.optIn || release.exportVersions[d.exportType]).reduceRight<adf.Adf>(
    (rest, d) => adf.if_(adf.equals(t, d.exportType.toLowerCase()), d.name, rest),
    t,
  );
}

/** `<type lower-cased>` → MCA marker column, or `''` for datasets with a single shape. */
export function mcaColumnExpression(type: adf.Adf): adf.Adf | string {
  const t = adf.toLower(type);
  return BUILT_IN_DATASETS.filter((d) => d.mcaMarkerColumn).reduceRight<adf.Adf | string>(
    (rest, d) => adf.if_(adf.equals(t, d.exportType.toLowerCase()), d.mcaMarkerColumn!, rest),
    '',
  );
}

/** The pipeline: its activity groups in order (read the manifest, set its fields, find the schema, convert, clean up, hand over to Data Explorer). */
export function exportExecuteEtl(ctx: DataFactoryContext): AdfObject {
  const r = ctx.model.release;
  const e = executeEtlExpressions(ctx);
  const P = EXPORT_EXECUTE_ETL_PARAMETERS;
  const activities: Activity[] = [
    ...readManifest(e),
    ...manifestVariables(e),
    ...findSchema(e),
    ...convertFiles(e),
    ...(replacesEarlierIngestions(r.ingestionLayout) ? deleteEarlierIngestions(e) : []),
    // The copy starts the Data Explorer load (`ingestion_ManifestAdded`); releases without Data Explorer have none.
    ...(has(r, 'dataExplorer') ? [copyManifest(e)] : []),
  ];
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'exportQueue'),
    properties: pipelineProperties({
      description: `Queues the conversion of every file of a finished Cost Management export in ${ctx.exportContainer}.`,
      activities,
      parameters: { [P.folderPath]: { type: 'String' }, [P.fileName]: { type: 'String' } },
      variables: {
        exportType: { type: 'String' },
        exportVersion: { type: 'String' },
        scope: { type: 'String' },
        month: { type: 'String' },
        ingestionId: { type: 'String' },
        hasRows: { type: 'Bool' },
        mcaColumn: { type: 'String' },
        hubDataset: { type: 'String' },
        schemaFile: { type: 'String' },
        destinationFolder: { type: 'String' },
      },
      annotations: ['New export'],
    }),
  };
}

/** What the activity groups share: the manifest's path and fields (each `''` when missing), its blobs, and the variables read across groups. */
function executeEtlExpressions(ctx: DataFactoryContext) {
  const P = EXPORT_EXECUTE_ETL_PARAMETERS;
  const folderParam = adf.pipelineParameter(P.folderPath);
  const m = adf.activity(EXECUTE_ETL_ACTIVITIES.readManifest).get('output').get('firstRow');
  const config = m.get('exportConfig', true);
  const run = m.get('runInfo', true);
  const field = (e: adf.Adf) => adf.coalesce(e, '');
  const blobs = adf.coalesce(m.get('blobs', true), emptyArray());
  return {
    ctx,
    n: datasetNames(ctx),
    folderParam,
    manifestFile: adf.concat(folderParam, '/', adf.pipelineParameter(P.fileName)),
    manifest: m,
    type: field(config.get('type', true)),
    version: field(config.get('dataVersion', true)),
    resourceId: field(config.get('resourceId', true)),
    startDate: field(run.get('startDate', true)),
    runId: field(run.get('runId', true)),
    blobs,
    firstBlob: field(adf.first(blobs).get('blobName', true)),
    hasRows: adf.variables('hasRows'),
    destination: adf.variables('destinationFolder'),
  };
}
type ExecuteEtlExpressions = ReturnType<typeof executeEtlExpressions>;

/** Waits for the export's files, reads the manifest and fails on one that cannot be read or lacks a field the pipeline needs. */
function readManifest(e: ExecuteEtlExpressions): Activity[] {
  const A = EXECUTE_ETL_ACTIVITIES;
  const { type, version, resourceId, runId, startDate, manifestFile } = e;
  const invalid = adf.or(adf.or(adf.empty(type), adf.empty(version)), adf.or(adf.or(adf.empty(resourceId), adf.empty(runId)), adf.less(adf.length(startDate), 7)));
  return [
    wait({ name: 'Wait For Export Files', seconds: 60 }),
    lookup({
      name: A.readManifest,
      dependsOn: [succeeded('Wait For Export Files')],
      dataset: datasetRef(e.n.manifest, {
        [DATASET_PARAMETERS.folderPath]: e.folderParam,
        [DATASET_PARAMETERS.fileName]: adf.pipelineParameter(EXPORT_EXECUTE_ETL_PARAMETERS.fileName),
      }),
      source: fileSource('Json'),
      policy: SHORT_POLICY,
    }),
    fail({
      name: 'Manifest Read Failed',
      dependsOn: [failed(A.readManifest)],
      errorCode: 'ManifestReadFailed',
      message: adf.interp`Could not read the export manifest ${manifestFile}: ${errorOf(A.readManifest)}`,
    }),
    ifCondition({
      name: A.checkManifest,
      dependsOn: [succeeded(A.readManifest)],
      expression: invalid,
      ifTrue: [
        fail({
          name: 'Manifest Invalid',
          errorCode: 'ManifestInvalid',
          message: adf.interp`The export manifest ${manifestFile} lacks exportConfig.type, exportConfig.dataVersion, exportConfig.resourceId, runInfo.runId or runInfo.startDate (yyyy-MM-dd...).`,
        }),
      ],
    }),
  ];
}

/** The variables of the manifest's fields: type, version, scope, month, ingestion ID, whether it has rows, the MCA marker column and the hub dataset. */
function manifestVariables(e: ExecuteEtlExpressions): Activity[] {
  const A = EXECUTE_ETL_ACTIVITIES;
  const v = adf.variables;
  const afterCheck = [succeeded(A.checkManifest)];
  const noRows = adf.or(
    adf.empty(e.blobs),
    adf.or(adf.equals(adf.coalesce(e.manifest.get('blobCount', true), -1), 0), adf.equals(adf.coalesce(e.manifest.get('dataRowCount', true), -1), 0)),
  );
  return [
    setVariable({ name: A.setType, dependsOn: afterCheck, variable: 'exportType', value: e.type }),
    setVariable({ name: A.setVersion, dependsOn: afterCheck, variable: 'exportVersion', value: e.version }),
    setVariable({
      name: A.setScope,
      dependsOn: afterCheck,
      variable: 'scope',
      value: adf.first(adf.split(adf.toLower(e.resourceId), '/providers/microsoft.costmanagement/exports/')),
    }),
    setVariable({
      name: A.setMonth,
      dependsOn: afterCheck,
      variable: 'month',
      value: adf.concat(adf.substring(e.startDate, 0, 4), '/', adf.substring(e.startDate, 5, 2)),
    }),
    setVariable({ name: A.setIngestionId, dependsOn: afterCheck, variable: 'ingestionId', value: e.runId }),
    setVariable({ name: A.setHasRows, dependsOn: afterCheck, variable: 'hasRows', value: adf.not(noRows) }),
    setVariable({ name: A.setMcaColumn, dependsOn: [succeeded(A.setType)], variable: 'mcaColumn', value: mcaColumnExpression(v('exportType')) }),
    setVariable({
      name: A.setHubDataset,
      dependsOn: [succeeded(A.setType)],
      variable: 'hubDataset',
      value: e.ctx.model.release.datasetFolders === 'hubDataset' ? hubDatasetExpression(v('exportType'), e.ctx.model.release) : adf.toLower(v('exportType')),
    }),
  ];
}

/** The schema file's name for the export's type and version, with a channel suffix (`_ea`, `_mca` or `''`). */
const schemaName = (channel: adf.Adf | string) => adf.toLower(adf.concat(adf.variables('exportType'), '_', adf.variables('exportVersion'), channel, '.json'));

/**
 * Tells EA from MCA data by the marker column in the first row of the first file (for datasets with both
 * shapes), sets the schema file's name, and fails when the schema file is missing for an export with rows.
 */
function findSchema(e: ExecuteEtlExpressions): Activity[] {
  const { ctx, n, firstBlob, manifestFile } = e;
  const A = EXECUTE_ETL_ACTIVITIES;
  const v = adf.variables;
  const formats = ctx.model.release.exportFileFormats;
  return [
    switchActivity({
      name: A.detectChannel,
      dependsOn: [succeeded(A.setMcaColumn), succeeded(A.setHasRows), succeeded(A.setVersion)],
      on: adf.if_(adf.or(adf.empty(v('mcaColumn')), adf.not(e.hasRows)), NO_CHANNEL, adf.toLower(adf.last(adf.split(firstBlob, '.')))),
      cases: [
        ...formats.map((f) =>
          channelCase(e, f, FORMAT_LABELS[f], { csv: n.exportCsv, gz: n.exportGzip, parquet: n.exportParquet }[f], f === 'parquet' ? 'Parquet' : 'DelimitedText'),
        ),
        { value: NO_CHANNEL, activities: [setVariable({ name: 'Set Schema File', variable: 'schemaFile', value: schemaName('') })] },
      ],
      defaultActivities: [
        fail({
          name: 'Unsupported Export File Type',
          errorCode: 'UnsupportedExportFileType',
          message: adf.interp`Cannot read ${ctx.exportContainer}/${firstBlob} (listed in ${manifestFile}): only ${supportedFiles(formats)} export files are supported.`,
        }),
      ],
    }),
    getMetadata({
      name: A.checkSchema,
      dependsOn: [succeeded(A.detectChannel)],
      dataset: datasetRef(n.config, { [DATASET_PARAMETERS.fileName]: v('schemaFile'), [DATASET_PARAMETERS.folderPath]: `${ctx.configContainer}/${SCHEMAS_FOLDER}` }),
      fields: ['exists'],
      format: 'Json',
      policy: SHORT_POLICY,
    }),
    ifCondition({
      name: A.ifSchemaMissing,
      dependsOn: [completed(A.checkSchema)],
      expression: adf.and(e.hasRows, adf.not(adf.equals(adf.coalesce(adf.activity(A.checkSchema).get('output', true).get('exists', true), false), true))),
      ifTrue: [
        fail({
          name: 'Schema Not Found',
          errorCode: 'SchemaNotFound',
          message: adf.interp`No conversion schema ${ctx.configContainer}/${SCHEMAS_FOLDER}/${v('schemaFile')} for export type ${v('exportType')} version ${v('exportVersion')} (manifest ${manifestFile}). Add the schema file to convert this export.`,
        }),
      ],
    }),
  ];
}

/** The channel switch's case of one file format: read the first row, pick the `_mca` or `_ea` schema by the marker column, fail when the row cannot be read. */
function channelCase(e: ExecuteEtlExpressions, value: string, label: string, dataset: string, format: 'DelimitedText' | 'Parquet'): { value: string; activities: Activity[] } {
  const read = `Read First Row Of ${label}`;
  const row = adf.coalesce(adf.activity(read).get('output').get('firstRow', true), adf.json('{}'));
  return {
    value,
    activities: [
      lookup({ name: read, dataset: datasetRef(dataset, { [DATASET_PARAMETERS.blobPath]: e.firstBlob }), source: fileSource(format) }),
      setVariable({
        name: `Set Schema File From ${label}`,
        dependsOn: [succeeded(read)],
        variable: 'schemaFile',
        value: schemaName(adf.if_(adf.contains(row, adf.variables('mcaColumn')), '_mca', '_ea')),
      }),
      fail({
        name: `${label} Read Failed`,
        dependsOn: [failed(read)],
        errorCode: 'ExportFileReadFailed',
        message: adf.interp`Could not read the first row of ${e.ctx.exportContainer}/${e.firstBlob} (listed in ${e.manifestFile}) to tell EA from MCA data: ${errorOf(read)}`,
      }),
    ],
  };
}

/**
 * The ingestion folder of the export: the release's layout; from 0.9 (`recommendationsFolderPerExport`)
 * reservation recommendations one folder deeper, named after the export (`exportConfig.exportName`, lower
 * case), so each recommendation export of a scope replaces only its own earlier files. A trailing `/` (an
 * export without a name) is cut.
 */
function destinationFolder(e: ExecuteEtlExpressions): adf.Adf {
  const v = adf.variables;
  const r = e.ctx.model.release;
  const parts = { dataset: v('hubDataset'), month: v('month'), scope: v('scope') };
  if (!behaves(r, 'recommendationsFolderPerExport')) return ingestionFolder(r.ingestionLayout, parts);
  const exportName = adf.toLower(adf.coalesce(e.manifest.get('exportConfig', true).get('exportName', true), ''));
  const below = adf.if_(adf.equals(v('hubDataset'), 'Recommendations'), exportName, '');
  const folder = ingestionFolder(r.ingestionLayout, { ...parts, below });
  return adf.if_(adf.endsWith(folder, '/'), adf.substring(folder, 0, adf.sub(adf.length(folder), 1)), folder);
}

/** Sets the destination folder and converts each file of an export with rows (`<exportContainer>_ETL_ingestion`), failing when one does not convert. */
function convertFiles(e: ExecuteEtlExpressions): Activity[] {
  const { ctx, destination } = e;
  const A = EXECUTE_ETL_ACTIVITIES;
  const v = adf.variables;
  return [
    setVariable({
      name: A.setDestination,
      dependsOn: [succeeded(A.ifSchemaMissing), succeeded(A.setHubDataset), succeeded(A.setScope), succeeded(A.setMonth)],
      variable: 'destinationFolder',
      value: destinationFolder(e),
    }),
    forEach({
      name: A.forEachFile,
      dependsOn: [succeeded(A.setDestination), succeeded(A.setIngestionId)],
      items: adf.if_(e.hasRows, e.blobs, emptyArray()),
      batchCount: ctx.exportConversionBatchCount,
      activities: [
        executePipeline({
          name: 'Convert File',
          pipeline: pipelineName(ctx, 'exportEtl'),
          parameters: {
            [EXPORT_ETL_PARAMETERS.blobPath]: adf.item().get('blobName'),
            [EXPORT_ETL_PARAMETERS.destinationFolder]: destination,
            [EXPORT_ETL_PARAMETERS.ingestionId]: v('ingestionId'),
            [EXPORT_ETL_PARAMETERS.schemaFile]: v('schemaFile'),
            [EXPORT_ETL_PARAMETERS.exportDatasetType]: v('exportType'),
            [EXPORT_ETL_PARAMETERS.exportDatasetVersion]: v('exportVersion'),
          },
        }),
      ],
    }),
    fail({
      name: 'Export Ingestion Failed',
      dependsOn: [failed(A.forEachFile)],
      errorCode: 'ExportIngestionFailed',
      message: adf.interp`Converting the files of ${e.manifestFile} to ${ctx.ingestionContainer}/${destination} failed; see the ${pipelineName(ctx, 'exportEtl')} runs of this run for the file at fault. Earlier data in the folder was kept.`,
    }),
  ];
}

/** Once every file is converted, deletes the parquet files of earlier ingestions in the destination folder (layouts that replace them). */
function deleteEarlierIngestions(e: ExecuteEtlExpressions): Activity[] {
  const { ctx, n, destination } = e;
  const A = EXECUTE_ETL_ACTIVITIES;
  return [
    getMetadata({
      name: A.listIngested,
      dependsOn: [succeeded(A.forEachFile)],
      dataset: datasetRef(n.ingestionFiles, { [DATASET_PARAMETERS.folderPath]: destination }),
      fields: ['exists', 'childItems'],
      format: 'Parquet',
    }),
    fail({
      name: 'Ingestion Folder List Failed',
      dependsOn: [failed(A.listIngested)],
      errorCode: 'IngestionFolderListFailed',
      message: adf.interp`Could not list ${ctx.ingestionContainer}/${destination} to remove earlier ingestions: ${errorOf(A.listIngested)}`,
    }),
    filter({
      name: A.filterEarlier,
      dependsOn: [succeeded(A.listIngested)],
      items: adf.if_(e.hasRows, adf.coalesce(adf.activity(A.listIngested).get('output').get('childItems', true), emptyArray()), emptyArray()),
      condition: adf.and(
        adf.and(adf.equals(adf.item().get('type'), 'File'), adf.endsWith(adf.item().get('name'), '.parquet')),
        adf.not(adf.startsWith(adf.item().get('name'), adf.concat(adf.variables('ingestionId'), INGESTION_ID_SEPARATOR))),
      ),
    }),
    forEach({
      name: A.forEachEarlier,
      dependsOn: [succeeded(A.filterEarlier)],
      items: adf.activity(A.filterEarlier).get('output').get('value'),
      activities: [
        deleteActivity({
          name: 'Delete Earlier File',
          dataset: datasetRef(n.ingestion, { [DATASET_PARAMETERS.folderPath]: destination, [DATASET_PARAMETERS.fileName]: adf.item().get('name') }),
        }),
      ],
    }),
    fail({
      name: 'Ingestion Cleanup Failed',
      dependsOn: [failed(A.forEachEarlier)],
      errorCode: 'IngestionCleanupFailed',
      message: adf.interp`Converted ${e.manifestFile}, but could not delete the parquet files of earlier ingestions in ${ctx.ingestionContainer}/${destination}; the folder holds both until the export runs again.`,
    }),
  ];
}

/** For an export with rows, copies the manifest into the destination folder, which starts the Data Explorer load. */
function copyManifest(e: ExecuteEtlExpressions): Activity {
  const { ctx, n, destination } = e;
  const A = EXECUTE_ETL_ACTIVITIES;
  return ifCondition({
    name: A.ifHasRows,
    dependsOn: [succeeded(replacesEarlierIngestions(ctx.model.release.ingestionLayout) ? A.forEachEarlier : A.forEachFile)],
    expression: e.hasRows,
    ifTrue: [
      copy({
        name: A.copyManifest,
        input: datasetRef(n.manifest, {
          [DATASET_PARAMETERS.folderPath]: e.folderParam,
          [DATASET_PARAMETERS.fileName]: adf.pipelineParameter(EXPORT_EXECUTE_ETL_PARAMETERS.fileName),
        }),
        output: datasetRef(n.ingestionManifest, { [DATASET_PARAMETERS.folderPath]: destination }),
        source: fileSource('Json'),
        sink: fileSink('Json'),
      }),
      fail({
        name: 'Manifest Copy Failed',
        dependsOn: [failed(A.copyManifest)],
        errorCode: 'ManifestCopyFailed',
        message: adf.interp`Converted ${e.manifestFile}, but could not copy it to ${ctx.ingestionContainer}/${destination}/manifest.json, so Data Explorer was not told to load the folder: ${errorOf(A.copyManifest)}`,
      }),
    ],
  });
}
