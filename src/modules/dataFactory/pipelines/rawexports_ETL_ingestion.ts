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
  return adf.if_(
    adf.equals(adf.toLower(adf.last(parts)), ext),
    adf.concat(adf.join(adf.take(parts, adf.sub(adf.length(parts), 1)), '.'), replacement),
    name,
  );
}

/** The pipeline. */
export function exportEtlIngestion(ctx: DataFactoryContext): AdfObject {
  const n = datasetNames(ctx);
  const P = EXPORT_ETL_PARAMETERS;
  const param = (k: keyof typeof P) => adf.pipelineParameter(P[k]);
  const blobPath = param('blobPath');
  const exportFile = adf.concat(`${ctx.exportContainer}/`, blobPath);
  const loadSchema = 'Load Schema';
  const setSource = 'Set Source File Name';
  const setDestination = 'Set Destination File Name';
  const convert = 'Convert To Parquet';
  const schemaFile = adf.toLower(param('schemaFile'));
  const schema = adf.activity(loadSchema).get('output').get('firstRow');
  const additionalColumns = adf.coalesce(schema.get('additionalColumns', true), emptyArray());
  const destination = datasetRef(n.ingestion, {
    [DATASET_PARAMETERS.folderPath]: param('destinationFolder'),
    [DATASET_PARAMETERS.fileName]: adf.variables('destinationFile'),
  });
  const target = adf.concat(`${ctx.ingestionContainer}/`, param('destinationFolder'), '/', adf.variables('destinationFile'));

  const convertCase = (value: string, label: string, dataset: string, format: 'DelimitedText' | 'Parquet', withTranslator: boolean): { value: string; activities: Activity[] } => {
    const name = `Convert ${label}`;
    return {
      value,
      activities: [
        copy({
          name,
          input: datasetRef(dataset, { [DATASET_PARAMETERS.blobPath]: blobPath }),
          output: destination,
          source: fileSource(format, { additionalColumns }),
          sink: fileSink('Parquet'),
          translator: withTranslator ? schema.get('translator') : undefined,
          policy: convertPolicy(ctx.model.release.exportConversionTimeout),
        }),
        fail({
          name: `${label} Conversion Failed`,
          dependsOn: [failed(name)],
          errorCode: 'ExportConversionFailed',
          message: adf.interp`Could not convert ${exportFile} to ${target} with ${ctx.configContainer}/${SCHEMAS_FOLDER}/${schemaFile}: ${errorOf(name)}`,
        }),
      ],
    };
  };

  const keep = 'If Not Retaining Exports';
  const del = 'Delete Export File';
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'exportEtl'),
    properties: pipelineProperties({
      description: `Converts one Cost Management export file in ${ctx.exportContainer} to parquet in ${ctx.ingestionContainer}.`,
      activities: [
        ...readSettings(ctx),
        lookup({
          name: loadSchema,
          dataset: datasetRef(n.config, {
            [DATASET_PARAMETERS.fileName]: schemaFile,
            [DATASET_PARAMETERS.folderPath]: `${ctx.configContainer}/${SCHEMAS_FOLDER}`,
          }),
          source: fileSource('Json'),
          policy: SHORT_POLICY,
        }),
        fail({
          name: 'Schema Load Failed',
          dependsOn: [failed(loadSchema)],
          errorCode: 'SchemaLoadFailed',
          message: adf.interp`Could not read the conversion schema ${ctx.configContainer}/${SCHEMAS_FOLDER}/${schemaFile} for ${param('exportDatasetType')} ${param('exportDatasetVersion')}; ${exportFile} was not converted and stays in ${ctx.exportContainer}: ${errorOf(loadSchema)}`,
        }),
        setVariable({ name: setSource, variable: 'sourceFileName', value: dropExtension(adf.last(adf.split(blobPath, '/')), 'gz', '') }),
        setVariable({
          name: setDestination,
          dependsOn: [succeeded(setSource)],
          variable: 'destinationFile',
          value: ingestionFileName(ctx.model.release.ingestionLayout, dropExtension(adf.variables('sourceFileName'), 'csv', '.parquet'), param('ingestionId')),
        }),
        switchActivity({
          name: convert,
          dependsOn: [succeeded(READ_SETTINGS), succeeded(loadSchema), succeeded(setDestination)],
          on: adf.toLower(adf.last(adf.split(blobPath, '.'))),
          cases: ctx.model.release.exportFileFormats.map((f) =>
            convertCase(f, FORMAT_LABELS[f], { csv: n.exportCsv, gz: n.exportGzip, parquet: n.exportParquet }[f], f === 'parquet' ? 'Parquet' : 'DelimitedText', f !== 'parquet'),
          ),
          defaultActivities: [
            fail({
              name: 'Unsupported File Type',
              errorCode: 'UnsupportedExportFileType',
              message: adf.interp`Cannot convert ${exportFile}: only ${supportedFiles(ctx.model.release.exportFileFormats)} export files are supported. The file stays in ${ctx.exportContainer}.`,
            }),
          ],
        }),
        ifCondition({
          name: keep,
          dependsOn: [succeeded(convert)],
          expression: adf.lessOrEquals(adf.int(retentionSetting(ctx.exportContainer, 'days', 0)), 0),
          ifTrue: [
            deleteActivity({ name: del, dataset: datasetRef(n.exportCsv, { [DATASET_PARAMETERS.blobPath]: blobPath }) }),
            fail({
              name: 'Export Delete Failed',
              dependsOn: [failed(del)],
              errorCode: 'ExportDeleteFailed',
              message: adf.interp`Converted ${exportFile}, but could not delete it (retention.${ctx.exportContainer}.days in ${ctx.configContainer}/settings.json is 0): ${errorOf(del)}`,
            }),
          ],
        }),
      ],
      parameters: Object.fromEntries(Object.values(P).map((k) => [k, { type: 'String' as const }])),
      variables: { sourceFileName: { type: 'String' }, destinationFile: { type: 'String' } },
    }),
  };
}
