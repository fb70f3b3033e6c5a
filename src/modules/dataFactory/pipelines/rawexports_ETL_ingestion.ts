/**
 * `<exportContainer>_ETL_ingestion` (spec, "Data ingestion flow" step 4; started by
 * `<exportContainer>_ExecuteETL` once per export file): converts one export file (CSV, gzip CSV or parquet)
 * to snappy parquet at `ingestion/<destinationFolder>/<ingestionId>__<file>.parquet`, where `<file>` is the
 * export file's name without `.gz` and with `.csv` replaced by `.parquet`.
 *
 * CSV files are read with the column mapping (`translator`) of `config/schemas/<schemaFile>`, which selects
 * the columns and fixes their types; parquet files keep their own columns and types. The schema file's
 * `additionalColumns` (`[{ name, value }]`, empty in the shipped files) are added to every row.
 * After a successful conversion the export file is deleted unless `retention.<exportContainer>.days` of
 * settings.json is above 0 (missing: 0). Parquet files of earlier ingestions in the destination folder are
 * removed by `<exportContainer>_ExecuteETL` once every file of the export is converted.
 *
 * Error codes: `SettingsReadFailed`, `SchemaLoadFailed`, `UnsupportedExportFileType`,
 * `ExportConversionFailed`, `ExportDeleteFailed`; messages name the export file and schema file.
 */
import * as adf from '../../../expressions/adf/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import {
  lookup,
  setVariable,
  switchActivity,
  ifCondition,
  copy,
  deleteActivity,
  fail,
  datasetRef,
  fileSource,
  fileSink,
  succeeded,
  failed,
  pipelineProperties,
  SHORT_POLICY,
  type Activity,
  type Policy,
} from '../activities.js';
import { datasetNames, DATASET_PARAMETERS } from '../datasets.js';
import { readSettings, READ_SETTINGS, retentionSetting, errorOf, emptyArray, FORMAT_LABELS, supportedFiles } from './shared.js';
import { ingestionFileName } from '../layout.js';

/** Parameter names. */
export const EXPORT_ETL_PARAMETERS = {
  blobPath: 'blobPath',
  destinationFolder: 'destinationFolder',
  ingestionId: 'ingestionId',
  schemaFile: 'schemaFile',
  exportDatasetType: 'exportDatasetType',
  exportDatasetVersion: 'exportDatasetVersion',
} as const;

/** Folder of the conversion schema files inside the config container. */
export const SCHEMAS_FOLDER = 'schemas';

/** Policy of the conversion Copy activities (timeout from the release table). */
const convertPolicy = (timeout: string): Policy => ({ timeout, retry: 0, retryIntervalInSeconds: 30 });

/**
 * File name without its last extension when that extension is `ext` (case-insensitive), else unchanged:
 * `split` on `.`, drop the last piece, `join` again (never fails, whatever the name).
 */
function dropExtension(name: adf.Adf, ext: string, replacement: string): adf.Adf {
  const parts = adf.split(name, '.');
  return adf.if_(adf.equals(adf.toLower(adf.last(parts)), ext), adf.concat(adf.join(adf.take(parts, adf.sub(adf.length(parts), 1)), '.'), replacement), name);
}

/** A parameter of the pipeline. */
const param = (k: keyof typeof EXPORT_ETL_PARAMETERS) => adf.pipelineParameter(EXPORT_ETL_PARAMETERS[k]);
/** The export file, `<exportContainer>/<blobPath>`, for messages. */
const exportFileOf = (ctx: DataFactoryContext) => adf.concat(`${ctx.exportContainer}/`, param('blobPath'));
/** The schema file's name, lower case. */
const schemaFileName = () => adf.toLower(param('schemaFile'));

const LOAD_SCHEMA = 'Load Schema';
const SET_SOURCE = 'Set Source File Name';
const SET_DESTINATION = 'Set Destination File Name';
const CONVERT = 'Convert To Parquet';

/** The pipeline: settings, the schema, the file names, the conversion by file type, then the export file deleted unless retained. */
export function exportEtlIngestion(ctx: DataFactoryContext): AdfObject {
  const blobPath = param('blobPath');
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'exportEtl'),
    properties: pipelineProperties({
      description: `Converts one Cost Management export file in ${ctx.exportContainer} to parquet in ${ctx.ingestionContainer}.`,
      activities: [
        ...readSettings(ctx),
        ...loadSchema(ctx),
        setVariable({ name: SET_SOURCE, variable: 'sourceFileName', value: dropExtension(adf.last(adf.split(blobPath, '/')), 'gz', '') }),
        setVariable({
          name: SET_DESTINATION,
          dependsOn: [succeeded(SET_SOURCE)],
          variable: 'destinationFile',
          value: ingestionFileName(ctx.model.release.ingestionLayout, dropExtension(adf.variables('sourceFileName'), 'csv', '.parquet'), param('ingestionId')),
        }),
        convertByFileType(ctx),
        deleteUnlessRetained(ctx),
      ],
      parameters: Object.fromEntries(Object.values(EXPORT_ETL_PARAMETERS).map((k) => [k, { type: 'String' as const }])),
      variables: { sourceFileName: { type: 'String' }, destinationFile: { type: 'String' } },
    }),
  };
}

/** Reads the conversion schema file, failing (the export file kept) when it cannot be read. */
function loadSchema(ctx: DataFactoryContext): Activity[] {
  const schemaFile = schemaFileName();
  return [
    lookup({
      name: LOAD_SCHEMA,
      dataset: datasetRef(datasetNames(ctx).config, {
        [DATASET_PARAMETERS.fileName]: schemaFile,
        [DATASET_PARAMETERS.folderPath]: `${ctx.configContainer}/${SCHEMAS_FOLDER}`,
      }),
      source: fileSource('Json'),
      policy: SHORT_POLICY,
    }),
    fail({
      name: 'Schema Load Failed',
      dependsOn: [failed(LOAD_SCHEMA)],
      errorCode: 'SchemaLoadFailed',
      message: adf.interp`Could not read the conversion schema ${ctx.configContainer}/${SCHEMAS_FOLDER}/${schemaFile} for ${param('exportDatasetType')} ${param('exportDatasetVersion')}; ${exportFileOf(ctx)} was not converted and stays in ${ctx.exportContainer}: ${errorOf(LOAD_SCHEMA)}`,
    }),
  ];
}

/** The conversion to parquet, one case per file type the release reads, failing for any other. */
function convertByFileType(ctx: DataFactoryContext): Activity {
  const n = datasetNames(ctx);
  return switchActivity({
    name: CONVERT,
    dependsOn: [succeeded(READ_SETTINGS), succeeded(LOAD_SCHEMA), succeeded(SET_DESTINATION)],
    on: adf.toLower(adf.last(adf.split(param('blobPath'), '.'))),
    cases: ctx.model.release.exportFileFormats.map((f) =>
      convertCase(ctx, f, FORMAT_LABELS[f], { csv: n.exportCsv, gz: n.exportGzip, parquet: n.exportParquet }[f], f === 'parquet' ? 'Parquet' : 'DelimitedText', f !== 'parquet'),
    ),
    defaultActivities: [
      fail({
        name: 'Unsupported File Type',
        errorCode: 'UnsupportedExportFileType',
        message: adf.interp`Cannot convert ${exportFileOf(ctx)}: only ${supportedFiles(ctx.model.release.exportFileFormats)} export files are supported. The file stays in ${ctx.exportContainer}.`,
      }),
    ],
  });
}

/** One file type's case: copy to parquet (CSV through the schema's column mapping, with its additional columns), failing with both files named. */
function convertCase(
  ctx: DataFactoryContext,
  value: string,
  label: string,
  dataset: string,
  format: 'DelimitedText' | 'Parquet',
  withTranslator: boolean,
): { value: string; activities: Activity[] } {
  const name = `Convert ${label}`;
  const schema = adf.activity(LOAD_SCHEMA).get('output').get('firstRow');
  const target = adf.concat(`${ctx.ingestionContainer}/`, param('destinationFolder'), '/', adf.variables('destinationFile'));
  return {
    value,
    activities: [
      copy({
        name,
        input: datasetRef(dataset, { [DATASET_PARAMETERS.blobPath]: param('blobPath') }),
        output: datasetRef(datasetNames(ctx).ingestion, {
          [DATASET_PARAMETERS.folderPath]: param('destinationFolder'),
          [DATASET_PARAMETERS.fileName]: adf.variables('destinationFile'),
        }),
        source: fileSource(format, { additionalColumns: adf.coalesce(schema.get('additionalColumns', true), emptyArray()) }),
        sink: fileSink('Parquet'),
        translator: withTranslator ? schema.get('translator') : undefined,
        policy: convertPolicy(ctx.model.release.exportConversionTimeout),
      }),
      fail({
        name: `${label} Conversion Failed`,
        dependsOn: [failed(name)],
        errorCode: 'ExportConversionFailed',
        message: adf.interp`Could not convert ${exportFileOf(ctx)} to ${target} with ${ctx.configContainer}/${SCHEMAS_FOLDER}/${schemaFileName()}: ${errorOf(name)}`,
      }),
    ],
  };
}

/** After the conversion, deletes the export file unless settings.json retains exports (`retention.<exportContainer>.days` above 0). */
function deleteUnlessRetained(ctx: DataFactoryContext): Activity {
  const del = 'Delete Export File';
  return ifCondition({
    name: 'If Not Retaining Exports',
    dependsOn: [succeeded(CONVERT)],
    expression: adf.lessOrEquals(adf.int(retentionSetting(ctx.exportContainer, 'days', 0)), 0),
    ifTrue: [
      deleteActivity({ name: del, dataset: datasetRef(datasetNames(ctx).exportCsv, { [DATASET_PARAMETERS.blobPath]: param('blobPath') }) }),
      fail({
        name: 'Export Delete Failed',
        dependsOn: [failed(del)],
        errorCode: 'ExportDeleteFailed',
        message: adf.interp`Converted ${exportFileOf(ctx)}, but could not delete it (retention.${ctx.exportContainer}.days in ${ctx.configContainer}/settings.json is 0): ${errorOf(del)}`,
      }),
    ],
  });
}
