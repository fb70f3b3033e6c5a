/**
 * `ingestion_ETL_dataExplorer` (spec, "Data ingestion flow" step 5; Data Explorer only; started by
 * `ingestion_ExecuteETL` once per parquet file): loads one file of `ingestion/<folderPath>` into `<table>`
 * (`<dataset>_raw`) of the ingestion database, where the raw table's update policy fills
 * `<dataset>_final_v*`.
 *
 * Steps, after waiting for an ingestion slot (see `dataExplorer.ts`):
 * 1. Pre-ingest clean-up: drop raw extents of earlier ingestions of the same folder, and extents of an
 *    earlier attempt at this same file in this same ingestion (retry safety).
 * 2. Ingest the file from `abfss://ingestion@<account>.dfs.<suffix>/<folderPath>/<fileName>` with the
 *    cluster's own identity, mapping `<table>_mapping`, and the extent tags `drop-by:<ingestionId>`,
 *    `drop-by:<folderPath>/<originalFileName>`, `drop-by:ftk-version-<release>`.
 * 3. Only after a successful ingestion, post-ingest clean-up of `<dataset>_final_v*`: extents of earlier
 *    ingestions of the same folder, and extents whose date folder (`drop-by:<dataset>/<yyyy>/<mm>[/<dd>]`)
 *    lies before the start of the current month minus `retention.final.months` of settings.json (missing:
 *    999, i.e. keep; below 0: 0).
 *
 * Error codes: `SettingsReadFailed`, `DataExplorerCapacityCheckFailed`, `DataExplorerPreIngestionDropFailed`,
 * `DataExplorerIngestionFailed`, `DataExplorerPostIngestionDropFailed`, `DataExplorerIngestionTimeout`;
 * messages name the table, folder and file.
 */
import * as adf from '../../../expressions/adf/index.js';
import * as arm from '../../../expressions/arm/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { setVariable, dataExplorerCommand, succeeded, pipelineProperties, type Policy } from '../activities.js';
import { readSettings, READ_SETTINGS, retentionSetting, variablesOf, storageHostVariable, DEPLOY_VARIABLES, errorOf } from './shared.js';
import { capacityLoop, recordFailure, markSucceeded, failUnlessSucceeded, ingestionDatabaseRef, STATUS_VARIABLES } from './dataExplorer.js';

/** Parameter names. */
export const ETL_DATA_EXPLORER_PARAMETERS = {
  folderPath: 'folderPath',
  fileName: 'fileName',
  originalFileName: 'originalFileName',
  ingestionId: 'ingestionId',
  table: 'table',
} as const;

/** `retention.final.months` when settings.json has none: keep everything. */
export const DEFAULT_FINAL_RETENTION_MONTHS = 999;

const INGEST_POLICY: Policy = { timeout: '0.12:00:00', retry: 3, retryIntervalInSeconds: 120 };

/**
 * KQL regex (RE2, verbatim string) that captures the folder of every `drop-by:<folder>/<file>` tag in the
 * `Tags` column of `.show extents`, which lists an extent's tags one per line (`\r\n`-separated, as in the
 * `.drop extent tags` examples of the Kusto documentation). `<file>` holds no `/`, so the capture is
 * exactly the folder the file was loaded from.
 */
export const TAG_FOLDERS_REGEX = String.raw`(?:^|\n)drop-by:([^\r\n]*)/[^/\r\n]*(?:\r|$)`;

/**
 * KQL regex that captures the date folder (`yyyy/mm` or `yyyy/mm/dd`) of a `drop-by:<dataset>/<date>/<scope>/<file>`
 * tag; the date must be followed by `/`, so a `yyyy` folder followed by a scope segment starting with two
 * digits is not read as a month.
 */
export const TAG_DATE_FOLDER_REGEX = String.raw`(?:^|\n)drop-by:[A-Za-z0-9_]+/(\d{4}/\d{2}(?:/\d{2})?)/`;

/** Name of the variable (0.10+) whose deploy-time default says how the engine reads the data lake. */
export const INGEST_IDENTITY_VARIABLE = 'ingestIdentity';

/**
 * How the engine authenticates to the data lake in `.ingest` (Kusto "Storage connection strings"): the
 * cluster's own identity (`managed_identity=system`, allowed by config_InitializeHub's managed identity
 * policy), or from 0.10 with a Fabric eventhouse the caller's, Data Factory's (`impersonate`), as a variable
 * whose default ARM sets at deployment.
 */
function ingestIdentity(ctx: DataFactoryContext): string | adf.Adf {
  return ctx.useFabric ? adf.variables(INGEST_IDENTITY_VARIABLE) : 'managed_identity=system';
}

/**
 * KQL texts of the three commands, as interpolated strings over the pipeline parameters.
 *
 * Extents are matched by exact tags (`split(Tags, '\r\n')`, `set_has_element`), never with `has`: `has`
 * matches at any term boundary, so `drop-by:Costs/2024/11/subscriptions/s1/resourcegroups/app` would also
 * select the extents of `.../resourcegroups/app-dev` and of every folder below it, and loading one scope
 * would drop another scope's data.
 */
export function ingestionCommands(ctx: DataFactoryContext) {
  const p = (n: keyof typeof ETL_DATA_EXPLORER_PARAMETERS) => adf.pipelineParameter(ETL_DATA_EXPLORER_PARAMETERS[n]);
  const table = p('table');
  const folder = p('folderPath');
  const id = p('ingestionId');
  const original = p('originalFileName');
  const dataset = adf.first(adf.split(folder, '/'));
  const version = ctx.model.release.ftkVersion;
  const extents = `.drop extents <| .show database ['${ctx.ingestionDatabase}'] extents`;
  const tagColumns = `| extend TagList = split(Tags, '\\r\\n'), TagFolders = extract_all(@'${TAG_FOLDERS_REGEX}', Tags)`;
  // `<container>@<host>` as one expression: literal text ending in `@` right before `@{` would read as the
  // escape `@@{` (a literal `@{`), so the `@` must not be the last character of a text part.
  const abfssAuthority = adf.concat(`${ctx.ingestionContainer}@`, adf.variables(DEPLOY_VARIABLES.storageHost));
  return {
    preIngest: adf.interp`${extents}
${tagColumns}
| where (TableName == '${table}' and not(set_has_element(TagList, 'drop-by:${id}')) and set_has_element(TagFolders, '${folder}'))
    or (set_has_element(TagList, 'drop-by:${id}') and set_has_element(TagList, 'drop-by:${folder}/${original}'))`,
    ingest: adf.interp`.ingest into table ${table} ("abfss://${abfssAuthority}/${folder}/${p('fileName')};${ingestIdentity(ctx)}") with (format="parquet", ingestionMappingReference="${table}_mapping", tags="[\\"drop-by:${id}\\", \\"drop-by:${folder}/${original}\\", \\"drop-by:ftk-version-${version}\\"]");
print Success = assert(toscalar($command_results | summarize HasErrors = countif(HasErrors == true)) == 0, "Ingestion Failed")`,
    postIngest: adf.interp`${extents}
| where TableName startswith_cs '${dataset}_final_v'
${tagColumns}
| extend DateFolder = extract(@'${TAG_DATE_FOLDER_REGEX}', 1, Tags)
| extend DataMonth = todatetime(substring(strcat(replace_string(DateFolder, '/', '-'), '-01'), 0, 10))
| extend IsOldFinalData = not(set_has_element(TagList, 'drop-by:${id}')) and set_has_element(TagFolders, '${folder}')
| extend IsPastFinalRetention = isnotempty(DateFolder) and DataMonth < datetime_add('month', -${adf.variables('finalRetentionMonths')}, startofmonth(now()))
| where IsOldFinalData or IsPastFinalRetention`,
  };
}

/** The pipeline. */
export function ingestionEtlDataExplorer(ctx: DataFactoryContext): AdfObject {
  const P = ETL_DATA_EXPLORER_PARAMETERS;
  const param = (n: keyof typeof P) => adf.pipelineParameter(P[n]);
  const cmd = ingestionCommands(ctx);
  const db = ctx.ingestionDatabase;
  const setRetention = 'Set Final Retention';
  const pre = 'Pre-Ingest Cleanup';
  const ingest = 'Ingest Data';
  const post = 'Post-Ingest Cleanup';
  const where = adf.concat(param('folderPath'), '/', param('fileName'));
  const loop = 'Until Ingested';
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'ingestionEtl'),
    properties: pipelineProperties({
      description: 'Loads one parquet file of the ingestion container into its Data Explorer raw table and cleans up earlier and expired data.',
      activities: [
        ...readSettings(ctx),
        setVariable({
          name: setRetention,
          dependsOn: [succeeded(READ_SETTINGS)],
          variable: 'finalRetentionMonths',
          value: adf.string(adf.fn('max', adf.int(retentionSetting('final', 'months', DEFAULT_FINAL_RETENTION_MONTHS)), 0)),
        }),
        capacityLoop(ctx, {
          name: loop,
          dependsOn: [succeeded(setRetention)],
          work: [
            dataExplorerCommand({ name: pre, linkedService: ingestionDatabaseRef(ctx), command: cmd.preIngest }),
            ...recordFailure(
              pre,
              'DataExplorerPreIngestionDropFailed',
              adf.interp`Could not drop earlier extents of ${param('table')} for ingestion/${param('folderPath')} in database ${db} before loading ingestion/${where}: ${errorOf(pre)}`,
            ),
            dataExplorerCommand({
              name: ingest,
              dependsOn: [succeeded(pre)],
              linkedService: ingestionDatabaseRef(ctx),
              command: cmd.ingest,
              commandTimeout: '01:00:00',
              policy: INGEST_POLICY,
            }),
            ...recordFailure(
              ingest,
              'DataExplorerIngestionFailed',
              adf.interp`Could not load ingestion/${where} into ${param('table')} of database ${db} with mapping ${param('table')}_mapping: ${errorOf(ingest)}`,
            ),
            dataExplorerCommand({ name: post, dependsOn: [succeeded(ingest)], linkedService: ingestionDatabaseRef(ctx), command: cmd.postIngest }),
            ...recordFailure(
              post,
              'DataExplorerPostIngestionDropFailed',
              adf.interp`Loaded ingestion/${where}, but could not drop earlier or expired extents of the ${adf.first(adf.split(param('folderPath'), '/'))}_final_v* tables in database ${db}: ${errorOf(post)}`,
            ),
            markSucceeded('Mark Ingested', post),
          ],
        }),
        failUnlessSucceeded(loop, adf.interp`No Data Explorer ingestion capacity became free within 2 hours to load ingestion/${where} into ${param('table')}.`),
      ],
      parameters: Object.fromEntries(Object.values(P).map((n) => [n, { type: 'String' as const }])),
      variables: variablesOf(
        [
          storageHostVariable(ctx),
          ...(ctx.useFabric ? [{ name: INGEST_IDENTITY_VARIABLE, type: 'String' as const, defaultValue: arm.if_(ctx.useFabric, 'impersonate', 'managed_identity=system') }] : []),
        ],
        { ...STATUS_VARIABLES, finalRetentionMonths: { type: 'String', defaultValue: String(DEFAULT_FINAL_RETENTION_MONTHS) } },
      ),
    }),
  };
}
