/**
 * The export pipelines of the releases that find exports by their path (release table `exportDetection:
 * 'csvPath'`, 0.1-0.3): every `*.csv` blob in the export container starts the queue pipeline (0.1
 * `rawexports_extract`, 0.2-0.3 `rawexports_ExecuteETL`), which queues one run of the conversion pipeline
 * (0.1 `rawexports_transform`, 0.2-0.3 `rawexports_ETL_ingestion`) and returns, so the trigger is never held.
 *
 * The conversion reads scope and dates from the export path (spec, "Versioning", 0.2-0.3):
 * `rawexports/{scope-id}/{export-name}/{yyyyMMdd-yyyyMMdd}/{yyyyMMddHHmm}[/{guid}]/{file}.csv`. The date
 * range folder is the second-to-last folder when it reads `yyyyMMdd-yyyyMMdd` (no `{guid}` folder), else
 * the third-to-last; the export name folder comes before it and the scope fills the folders between the
 * container and the export name. A path of another shape fails with `UnexpectedExportPath` (the spec's
 * failure condition 2: such paths broke the public releases' pipelines) and the file stays in place.
 *
 * The file is converted to snappy parquet at the release's layout (`../layout.ts`): 0.1 keeps every column
 * as the export wrote it under `{scope}/{yyyyMMdd-yyyyMMdd}/amortizedcost`; 0.2-0.3 read the columns of a
 * FOCUS 1.0-preview(v1) cost export with the fixed column mapping those releases carry inline, under
 * `{scope}/{yyyyMM}/focuscost`. Then the export file is deleted (these releases keep no exports).
 *
 * Error codes: `ExportQueueFailed`, `UnexpectedExportPath`, `ExportConversionFailed`, `ExportDeleteFailed`.
 */
import * as adf from '../../../expressions/adf/index.js';
import type { AdfObject, ValueObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import {
  wait,
  setVariable,
  ifCondition,
  copy,
  deleteActivity,
  executePipeline,
  fail,
  datasetRef,
  fileSource,
  fileSink,
  succeeded,
  failed,
  pipelineProperties,
  type Activity,
} from '../activities.js';
import { datasetNames, DATASET_PARAMETERS } from '../datasets.js';
import { EXPORT_SCHEMAS } from '../../../model/datasets.js';
import { ingestionFolder, ingestionFileName } from '../layout.js';
import { EXPORT_EXECUTE_ETL_PARAMETERS } from './rawexports_ExecuteETL.js';
import { errorOf } from './shared.js';

/** The column mapping 0.2-0.3 apply to every export: the FOCUS 1.0-preview(v1) cost columns with their interim types. */
export function focusPreviewTranslator(): ValueObject {
  const schema = EXPORT_SCHEMAS.find((s) => s.exportType === 'FocusCost' && s.version === '1.0-preview(v1)');
  if (!schema) throw new Error('the catalog has no FocusCost 1.0-preview(v1) schema');
  return {
    type: 'TabularTranslator',
    mappings: schema.columns.map((c) => ({ source: { name: c.name, type: c.type }, sink: { name: c.name } })),
  };
}

/** The queue pipeline: starts one conversion run for the blob and returns. */
export function csvPathExportQueue(ctx: DataFactoryContext): AdfObject {
  const P = EXPORT_EXECUTE_ETL_PARAMETERS;
  const etl = pipelineName(ctx, 'exportEtl');
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'exportQueue'),
    properties: pipelineProperties({
      description: `Queues the conversion of a CSV export file added to ${ctx.exportContainer}.`,
      activities: [
        executePipeline({
          name: 'Queue Conversion',
          pipeline: etl,
          waitOnCompletion: false,
          parameters: { [P.folderPath]: adf.pipelineParameter(P.folderPath), [P.fileName]: adf.pipelineParameter(P.fileName) },
        }),
        fail({
          name: 'Queue Failed',
          dependsOn: [failed('Queue Conversion')],
          errorCode: 'ExportQueueFailed',
          message: adf.interp`Could not start ${etl} for ${adf.pipelineParameter(P.folderPath)}/${adf.pipelineParameter(P.fileName)}: ${errorOf('Queue Conversion')}`,
        }),
      ],
      parameters: { [P.folderPath]: { type: 'String' }, [P.fileName]: { type: 'String' } },
      annotations: ['New export'],
    }),
  };
}

/** True when a folder name reads `yyyyMMdd-yyyyMMdd` (17 characters with `-` in the middle). */
function isDateRange(folder: adf.Adf): adf.Adf {
  return adf.and(adf.equals(adf.length(folder), 17), adf.equals(adf.substring(folder, 8, 1), '-'));
}

/** The expressions the conversion's activity groups share: the path's folders, where the date range folder is, the export file and the target. */
function csvPathExpressions(ctx: DataFactoryContext) {
  const P = EXPORT_EXECUTE_ETL_PARAMETERS;
  const folderPath = adf.pipelineParameter(P.folderPath);
  const fileName = adf.pipelineParameter(P.fileName);
  const segments = adf.variables('segments');
  const index = adf.int(adf.variables('dateRangeIndex'));
  return {
    folderPath,
    fileName,
    segments,
    count: adf.length(segments),
    index,
    dateRange: segments.at(index),
    exportFile: adf.concat(folderPath, '/', fileName),
    /** The export file's path below its container. */
    blobPath: adf.concat(adf.join(adf.skip(segments, 1), '/'), '/', fileName),
    target: adf.concat(`${ctx.ingestionContainer}/`, adf.variables('destinationFolder'), '/', adf.variables('destinationFile')),
  };
}
type CsvPathExpressions = ReturnType<typeof csvPathExpressions>;

/** The conversion pipeline: read scope and dates from the path, set where the parquet file goes, convert, delete the export file. */
export function csvPathExportEtl(ctx: DataFactoryContext): AdfObject {
  const P = EXPORT_EXECUTE_ETL_PARAMETERS;
  const e = csvPathExpressions(ctx);
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'exportEtl'),
    properties: pipelineProperties({
      description: `Converts one CSV export file in ${ctx.exportContainer} to parquet in ${ctx.ingestionContainer}, reading scope and dates from its path.`,
      activities: [...readExportPath(ctx, e), ...destinationVariables(ctx, e), ...convertAndDelete(ctx, e)],
      parameters: { [P.folderPath]: { type: 'String' }, [P.fileName]: { type: 'String' } },
      variables: {
        segments: { type: 'Array' },
        dateRangeIndex: { type: 'String' },
        destinationFolder: { type: 'String' },
        destinationFile: { type: 'String' },
      },
    }),
  };
}

/** Splits the path into folders, finds the date range folder, and fails on a path of another shape (the file stays). */
function readExportPath(ctx: DataFactoryContext, e: CsvPathExpressions): Activity[] {
  const { count, index } = e;
  const at = (fromEnd: number) => e.segments.at(adf.sub(count, fromEnd));
  const pathShape = `${ctx.exportContainer}/{scope-id}/{export-name}/{yyyyMMdd-yyyyMMdd}/{yyyyMMddHHmm}[/{guid}]/{file}.csv`;
  return [
    wait({ name: 'Wait For Export Files', seconds: 60 }),
    setVariable({ name: 'Set Folder Segments', dependsOn: [succeeded('Wait For Export Files')], variable: 'segments', value: adf.split(e.folderPath, '/') }),
    setVariable({
      name: 'Set Date Range Index',
      dependsOn: [succeeded('Set Folder Segments')],
      variable: 'dateRangeIndex',
      // {container}/{scope...}/{export}/{range}/{time}[/{guid}]: at least five folders.
      value: adf.string(adf.if_(adf.less(count, 5), -1, adf.if_(isDateRange(at(2)), adf.sub(count, 2), adf.sub(count, 3)))),
    }),
    ifCondition({
      name: 'Check Export Path',
      dependsOn: [succeeded('Set Date Range Index')],
      expression: adf.or(adf.less(index, 3), adf.not(isDateRange(adf.if_(adf.less(index, 0), '', e.dateRange)))),
      ifTrue: [
        fail({
          name: 'Unexpected Export Path',
          errorCode: 'UnexpectedExportPath',
          message: adf.interp`Cannot read scope and dates from ${e.exportFile}: export files must be at ${pathShape}. The file was not converted and stays in place.`,
        }),
      ],
    }),
  ];
}

/** The destination folder (scope and month or date range from the path, in the release's layout) and file name (`.csv` replaced by `.parquet`). */
function destinationVariables(ctx: DataFactoryContext, e: CsvPathExpressions): Activity[] {
  const r = ctx.model.release;
  const { fileName, dateRange } = e;
  return [
    setVariable({
      name: 'Set Destination Folder',
      dependsOn: [succeeded('Check Export Path')],
      variable: 'destinationFolder',
      value: ingestionFolder(r.ingestionLayout, {
        // the folders between the container and the export name folder
        scope: adf.concat('/', adf.join(adf.take(adf.skip(e.segments, 1), adf.sub(e.index, 2)), '/')),
        month: adf.concat(adf.substring(dateRange, 0, 4), '/', adf.substring(dateRange, 4, 2)),
        dateRange,
      }),
    }),
    setVariable({
      name: 'Set Destination File Name',
      variable: 'destinationFile',
      value: ingestionFileName(
        r.ingestionLayout,
        adf.concat(adf.if_(adf.endsWith(adf.toLower(fileName), '.csv'), adf.substring(fileName, 0, adf.sub(adf.length(fileName), 4)), fileName), '.parquet'),
      ),
    }),
  ];
}

/** Converts the CSV file to parquet (0.2-0.3 through the FOCUS preview column mapping), then deletes it. */
function convertAndDelete(ctx: DataFactoryContext, e: CsvPathExpressions): Activity[] {
  const r = ctx.model.release;
  const n = datasetNames(ctx);
  const convert = 'Convert CSV';
  const del = 'Delete Export File';
  return [
    copy({
      name: convert,
      dependsOn: [succeeded('Set Destination Folder'), succeeded('Set Destination File Name')],
      input: datasetRef(n.exportCsv, { [DATASET_PARAMETERS.blobPath]: e.blobPath }),
      output: datasetRef(n.ingestion, { [DATASET_PARAMETERS.folderPath]: adf.variables('destinationFolder'), [DATASET_PARAMETERS.fileName]: adf.variables('destinationFile') }),
      source: fileSource('DelimitedText'),
      sink: fileSink('Parquet'),
      translator: r.exportVersions.FocusCost ? focusPreviewTranslator() : undefined,
      policy: { timeout: r.exportConversionTimeout, retry: 0, retryIntervalInSeconds: 30 },
    }),
    fail({
      name: 'Conversion Failed',
      dependsOn: [failed(convert)],
      errorCode: 'ExportConversionFailed',
      message: adf.interp`Could not convert ${e.exportFile} to ${e.target}; the export file stays in place: ${errorOf(convert)}`,
    }),
    deleteActivity({ name: del, dependsOn: [succeeded(convert)], dataset: datasetRef(n.exportCsv, { [DATASET_PARAMETERS.blobPath]: e.blobPath }) }),
    fail({
      name: 'Export Delete Failed',
      dependsOn: [failed(del)],
      errorCode: 'ExportDeleteFailed',
      message: adf.interp`Converted ${e.exportFile} to ${e.target}, but could not delete the export file: ${errorOf(del)}`,
    }),
  ];
}
