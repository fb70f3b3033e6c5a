/**
 * What each example export (examples/exports/<case>) must produce, per release, as data:
 * the ingestion paths of the release's layout, the parquet columns and rows, the Fail codes of bad inputs,
 * the inputs no trigger of the release fires for, and the Cost Management requests of managed exports.
 * Releases 0.1-0.3 (exports found by path) are in `./csvPathCases.ts`. A release added later gets its own
 * rows; the test code stays the same.
 */
import { getRelease } from '../../src/model/releases.js';
import { alongTheLine } from '../support/releaseLine.js';
import { CSV_PATH_EXPECTATIONS } from './csvPathCases.js';

/** Where a parquet file's columns come from, in order. */
export type ParquetColumns =
  /** The mapping (sink names) of a schema file in the build's `config/schemas/` (0.4+). */
  | { schemaFile: string }
  /** A dataset version of the hub's catalog: the mapping 0.2-0.3 carry inline in the pipeline. */
  | { catalog: { exportType: string; version: string } }
  /** The CSV file's header as written, every column a UTF8 string (0.1). */
  | { asWritten: true };

/** A converted export: where its files land and what they hold. */
export interface IngestedExport {
  exportCase: string;
  /** Ingestion folder, container first. */
  folder: string;
  columns: ParquetColumns;
  /** Parquet file names with their row counts. */
  files: Record<string, number>;
  /** Hub dataset (`{dataset}` folder), the Data Explorer table prefix: releases with Data Explorer. */
  dataset?: string;
  /** Parquet types of some columns (`DECIMAL`, `TIMESTAMP_MILLIS`, `UTF8`, ...). */
  types?: Record<string, string>;
}

/** An export whose run must fail, with the Fail code of the pipeline run that reports it. */
export interface FailingExport {
  exportCase: string;
  pipeline: string;
  errorCode: string;
  /** Text the error message must contain. */
  message: RegExp;
}

/** What the example exports do in one release. */
export interface ReleaseExports {
  /** Top-level pipeline runs of a converted export: the trigger's, then those its writes fire. */
  runs: string[];
  /** True when the manifest is copied into the ingestion folder and Data Explorer loads the files (0.7). */
  dataExplorer: boolean;
  ingested: IngestedExport[];
  failing: FailingExport[];
  /** Exports with no rows: nothing happens, and the run succeeds. */
  noRows: string[];
  /** Cases whose blob fires no trigger of the release (the inputs of the other detection: manifest or path). */
  notFired: string[];
  /** True when `retention.rawexports.days` above 0 in settings.json keeps the export files (0.4+); else they are always deleted. */
  retention: boolean;
}

/** How a new ingestion treats the files already in its folder. */
export interface LayoutCleanup {
  release: string;
  exportCase: string;
  /** The export's ingestion folder, container first. */
  folder: string;
  /** Another month's folder of the same scope. */
  otherMonth: string;
  /** True when the layout prefixes files with the ingestion id and a new ingestion deletes the folder's earlier files (0.6+). */
  replaces: boolean;
}

export const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';
export const EA = 'providers/microsoft.billing/billingaccounts/8611537';
export const MCA = 'providers/microsoft.billing/billingaccounts/3c8cd1a2-0000-5a8e-0000-000000000000:1f2e3d4c-0000-4b5a-0000-000000000000_2019-05-31';
export const run = (n: string) => `3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a${n}`;

/** Release 0.7: `ingestion/{dataset}/{yyyy}/{mm}/{scope-id-path}/{ingestion-id}__{original-file-name}.parquet`. */
const INGESTED_0_7: IngestedExport[] = [
  {
    exportCase: 'focuscost-1.0r2-subscription',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/05/${SUB}`,
    columns: { schemaFile: 'focuscost_1.0r2.json' },
    files: { [`${run('51')}__part_0_0001.parquet`]: 3, [`${run('51')}__part_1_0001.parquet`]: 2 },
  },
  {
    exportCase: 'focuscost-1.0-resourcegroup-gzip',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/05/${SUB}/resourcegroups/finops-rg`,
    columns: { schemaFile: 'focuscost_1.0.json' },
    files: { [`${run('52')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'focuscost-1.0-subscription',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/05/${SUB}`,
    columns: { schemaFile: 'focuscost_1.0.json' },
    files: { [`${run('61')}__part_0_0001.parquet`]: 3, [`${run('61')}__part_1_0001.parquet`]: 1 },
  },
  {
    exportCase: 'focuscost-1.0-preview-resourcegroup',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/05/${SUB}/resourcegroups/finops-rg`,
    columns: { schemaFile: 'focuscost_1.0-preview(v1).json' },
    files: { [`${run('62')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'focuscost-1.0-mca-billing-profile',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`,
    columns: { schemaFile: 'focuscost_1.0.json' },
    files: { [`${run('63')}__part_0_0001.parquet`]: 1 },
  },
  {
    exportCase: 'focuscost-1.0-preview-ea-billing-account',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/04/${EA}`,
    columns: { schemaFile: 'focuscost_1.0-preview(v1).json' },
    files: { [`${run('53')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'pricesheet-ea-department',
    dataset: 'Prices',
    folder: `ingestion/Prices/2024/05/${EA}/departments/214`,
    columns: { schemaFile: 'pricesheet_2023-05-01_ea.json' },
    files: { [`${run('54')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'pricesheet-mca-billing-profile',
    dataset: 'Prices',
    folder: `ingestion/Prices/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`,
    columns: { schemaFile: 'pricesheet_2023-05-01_mca.json' },
    files: { [`${run('55')}__part_0_0001.parquet`]: 1 },
  },
  {
    exportCase: 'reservationdetails-mca-billing-account',
    dataset: 'CommitmentDiscountUsage',
    folder: `ingestion/CommitmentDiscountUsage/2024/05/${MCA}`,
    columns: { schemaFile: 'reservationdetails_2023-03-01.json' },
    files: { [`${run('56')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'reservationrecommendations-ea-subscription',
    dataset: 'Recommendations',
    folder: `ingestion/Recommendations/2024/05/${SUB}`,
    columns: { schemaFile: 'reservationrecommendations_2023-05-01_ea.json' },
    files: { [`${run('57')}__part_0_0001.parquet`]: 1 },
  },
  {
    exportCase: 'reservationrecommendations-mca-billing-profile',
    dataset: 'Recommendations',
    folder: `ingestion/Recommendations/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`,
    columns: { schemaFile: 'reservationrecommendations_2023-05-01_mca.json' },
    files: { [`${run('58')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'reservationtransactions-ea-billing-account',
    dataset: 'Transactions',
    folder: `ingestion/Transactions/2024/05/${EA}`,
    columns: { schemaFile: 'reservationtransactions_2023-05-01_ea.json' },
    files: { [`${run('59')}__part_0_0001.parquet`]: 1 },
  },
  {
    exportCase: 'reservationtransactions-mca-billing-profile',
    dataset: 'Transactions',
    folder: `ingestion/Transactions/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`,
    columns: { schemaFile: 'reservationtransactions_2023-05-01_mca.json' },
    files: { [`${run('5a')}__part_0_0001.parquet`]: 1 },
  },
];

const FAILING_0_7: FailingExport[] = [
  {
    exportCase: 'focuscost-unsupported-version',
    pipeline: 'rawexports_ExecuteETL',
    errorCode: 'SchemaNotFound',
    message: /No conversion schema config\/schemas\/focuscost_1\.2-preview\.json for export type FocusCost version 1\.2-preview/,
  },
  {
    exportCase: 'focuscost-missing-column',
    pipeline: 'rawexports_ETL_ingestion',
    errorCode: 'ExportConversionFailed',
    message: /Column 'ConsumedQuantity', 'x_SkuDetails' specified in column mapping cannot be found in '.*part_0_0001\.csv' source file/,
  },
  {
    exportCase: 'manifest-invalid',
    pipeline: 'rawexports_ExecuteETL',
    errorCode: 'ManifestInvalid',
    message: /lacks exportConfig\.type, exportConfig\.dataVersion, exportConfig\.resourceId/,
  },
];

/** Releases 0.4-0.5: `ingestion/{scope id, lower case}/{yyyyMM}/{export type, lower case}/{file}.parquet`, FocusCost CSV only. */
const INGESTED_0_4: IngestedExport[] = [
  {
    exportCase: 'focuscost-1.0-subscription',
    folder: `ingestion/${SUB}/202405/focuscost`,
    columns: { schemaFile: 'focuscost_1.0.json' },
    files: { 'part_0_0001.parquet': 3, 'part_1_0001.parquet': 1 },
    types: { BilledCost: 'DECIMAL', ChargePeriodStart: 'TIMESTAMP_MILLIS', ResourceName: 'UTF8' },
  },
  {
    exportCase: 'focuscost-1.0-preview-resourcegroup',
    folder: `ingestion/${SUB}/resourcegroups/finops-rg/202405/focuscost`,
    columns: { schemaFile: 'focuscost_1.0-preview(v1).json' },
    files: { 'part_0_0001.parquet': 2 },
  },
  {
    exportCase: 'focuscost-1.0-preview-ea-billing-account',
    folder: `ingestion/${EA}/202404/focuscost`,
    columns: { schemaFile: 'focuscost_1.0-preview(v1).json' },
    files: { 'part_0_0001.parquet': 2 },
  },
  {
    exportCase: 'focuscost-1.0-mca-billing-profile',
    folder: `ingestion/${MCA}/billingprofiles/ab12-cd34-ef5-gh6/202405/focuscost`,
    columns: { schemaFile: 'focuscost_1.0.json' },
    files: { 'part_0_0001.parquet': 1 },
  },
];

const FAILING_0_4: FailingExport[] = [
  {
    exportCase: 'focuscost-1.0-resourcegroup-gzip',
    pipeline: 'rawexports_ETL_ingestion',
    errorCode: 'UnsupportedExportFileType',
    message: /^Cannot convert rawexports\/.*\/part_0_0001\.csv\.gz: only \.csv export files are supported\. The file stays in rawexports\.$/,
  },
  {
    exportCase: 'focuscost-1.0r2-subscription',
    pipeline: 'rawexports_ExecuteETL',
    errorCode: 'SchemaNotFound',
    message: /No conversion schema config\/schemas\/focuscost_1\.0r2\.json for export type FocusCost version 1\.0r2/,
  },
  {
    exportCase: 'pricesheet-ea-department',
    pipeline: 'rawexports_ExecuteETL',
    errorCode: 'SchemaNotFound',
    message: /^No conversion schema config\/schemas\/pricesheet_2023-05-01_ea\.json for export type PriceSheet version 2023-05-01/,
  },
  FAILING_0_7[2],
];

/**
 * A 0.6 row: folder under `ingestion/`, schema file, files as `{run id ending}__{file}` with their rows.
 * Release 0.6 writes `ingestion/{export type, lower case}/{yyyy}/{mm}/{scope id}/{ingestion id}__{file}.parquet`.
 */
const at06 = (exportCase: string, folder: string, schemaFile: string, files: Record<string, number>): IngestedExport => ({
  exportCase,
  folder: `ingestion/${folder}`,
  columns: { schemaFile },
  files: Object.fromEntries(Object.entries(files).map(([f, rows]) => [`${run(f.slice(0, 2))}${f.slice(2)}.parquet`, rows])),
});

/** Release 0.6: `ingestion/{export type, lower case}/{yyyy}/{mm}/{scope id}/{ingestion id}__{file}.parquet`. */
const INGESTED_0_6: IngestedExport[] = [
  at06('focuscost-1.0-subscription', `focuscost/2024/05/${SUB}`, 'focuscost_1.0.json', { '61__part_0_0001': 3, '61__part_1_0001': 1 }),
  at06('focuscost-1.0-resourcegroup-gzip', `focuscost/2024/05/${SUB}/resourcegroups/finops-rg`, 'focuscost_1.0.json', { '52__part_0_0001': 2 }),
  at06('focuscost-1.0-preview-ea-billing-account', `focuscost/2024/04/${EA}`, 'focuscost_1.0-preview(v1).json', { '53__part_0_0001': 2 }),
  at06('focuscost-1.0-mca-billing-profile', `focuscost/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`, 'focuscost_1.0.json', { '63__part_0_0001': 1 }),
  at06('pricesheet-ea-department', `pricesheet/2024/05/${EA}/departments/214`, 'pricesheet_2023-05-01_ea.json', { '54__part_0_0001': 2 }),
  at06('pricesheet-mca-billing-profile', `pricesheet/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`, 'pricesheet_2023-05-01_mca.json', { '55__part_0_0001': 1 }),
  at06('reservationdetails-mca-billing-account', `reservationdetails/2024/05/${MCA}`, 'reservationdetails_2023-03-01.json', { '56__part_0_0001': 2 }),
  at06('reservationrecommendations-ea-subscription', `reservationrecommendations/2024/05/${SUB}`, 'reservationrecommendations_2023-05-01_ea.json', { '57__part_0_0001': 1 }),
  at06(
    'reservationrecommendations-mca-billing-profile',
    `reservationrecommendations/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`,
    'reservationrecommendations_2023-05-01_mca.json',
    { '58__part_0_0001': 2 },
  ),
  at06('reservationtransactions-ea-billing-account', `reservationtransactions/2024/05/${EA}`, 'reservationtransactions_2023-05-01_ea.json', { '59__part_0_0001': 1 }),
  at06('reservationtransactions-mca-billing-profile', `reservationtransactions/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`, 'reservationtransactions_2023-05-01_mca.json', {
    '5a__part_0_0001': 1,
  }),
];

/** 0.6 converts no FocusCost 1.0r2 (nor any unknown version); a bad manifest fails as in 0.7. */
const FAILING_0_6: FailingExport[] = [FAILING_0_4[1], FAILING_0_7[0], FAILING_0_7[2]];

const MANIFEST_RELEASE = {
  runs: ['rawexports_ExecuteETL'],
  dataExplorer: false,
  retention: true,
  noRows: ['focuscost-no-rows'],
  notFired: ['csv-path-focuscost-1.0-preview-subscription', 'csv-path-too-short'],
};

/**
 * 0.11 has a FOCUS 1.2-preview schema: the export of an unsupported version in 0.10 is now converted, and its file,
 * which has the FOCUS 1.0 columns, lacks the columns 1.2 added.
 */
const FAILING_0_11: FailingExport[] = FAILING_0_7.map((c) =>
  c.exportCase === 'focuscost-unsupported-version'
    ? {
        ...c,
        pipeline: 'rawexports_ETL_ingestion',
        errorCode: 'ExportConversionFailed',
        message: /Column 'CapacityReservationId', .* specified in column mapping cannot be found in '.*part_0_0001\.csv' source file/,
      }
    : c,
);

/** 0.9: as 0.7, reservation recommendations one folder deeper, named after the export (manifest `exportConfig.exportName`). */
const INGESTED_0_9: IngestedExport[] = INGESTED_0_7.map((x) =>
  x.dataset === 'Recommendations' ? { ...x, folder: `${x.folder}/${x.exportCase.includes('-mca-') ? 'ri-recs-mca' : 'ri-recs-ea'}` } : x,
);

/**
 * The FOCUS 1.2 and 1.2-preview example exports (one file of two rows each), ingested as Costs by the releases whose
 * row converts their dataset version (`exportVersions.FocusCost` of the release table: 0.11 on), in the layout of 0.7 on.
 */
const INGESTED_FOCUS_1_2: { version: string; ingested: IngestedExport }[] = ['1.2', '1.2-preview'].map((version, i) => ({
  version,
  ingested: {
    exportCase: `focuscost-${version}-subscription`,
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/05/${SUB}`,
    columns: { schemaFile: `focuscost_${version}.json` },
    files: { [`${run(String(64 + i))}__part_0_0001.parquet`]: 2 },
    types: { BilledCost: 'DECIMAL', InvoiceId: 'UTF8', PricingCurrency: 'UTF8' },
  },
}));

/** Each release's expectations with the FOCUS 1.2 exports its row converts (releases with Data Explorer: the layout of 0.7 on). */
function withFocus12Exports(line: Record<string, ReleaseExports>): Record<string, ReleaseExports> {
  const converted = (release: string) => INGESTED_FOCUS_1_2.filter((x) => getRelease(release).exportVersions.FocusCost?.includes(x.version)).map((x) => x.ingested);
  return Object.fromEntries(Object.entries(line).map(([release, c]) => [release, c.dataExplorer ? { ...c, ingested: [...c.ingested, ...converted(release)] } : c]));
}

/** 0.7 on: the manifest releases whose ingestion pipeline also loads Data Explorer. */
const DATA_EXPLORER_RELEASE = { ...MANIFEST_RELEASE, runs: ['rawexports_ExecuteETL', 'ingestion_ExecuteETL'], dataExplorer: true };

/**
 * Expectations by release: each entry holds from its release until the next entry (test/support/releaseLine.ts). 0.8
 * reads and converts exports as 0.7 (release-0.8.md §3: the pipelines are unchanged); 0.10 as 0.9 (the actual cost
 * dataset is opt-in: test/modules/release10.test.ts); 12 as 0.11 (releases-0.9-14.md §1.4: the export pipelines are
 * unchanged; the cluster start is test/simulate/clusterStart.test.ts); 13 as 12 (its export manifest dataset is
 * renamed: §1.5); 14 as 13 (its manifest copy and empty-export rule: test/simulate/manifestRows.test.ts).
 */
export const EXPORT_EXPECTATIONS: Record<string, ReleaseExports> = withFocus12Exports(
  alongTheLine({
    ...CSV_PATH_EXPECTATIONS,
    '0.4': { ...MANIFEST_RELEASE, ingested: INGESTED_0_4, failing: FAILING_0_4 },
    '0.6': { ...MANIFEST_RELEASE, ingested: INGESTED_0_6, failing: FAILING_0_6 },
    '0.7': { ...DATA_EXPLORER_RELEASE, ingested: INGESTED_0_7, failing: FAILING_0_7 },
    // 0.9 converts reservation recommendations into a folder per export (releases-0.9-14.md §1.1).
    '0.9': { ...DATA_EXPLORER_RELEASE, ingested: INGESTED_0_9, failing: FAILING_0_7 },
    // 0.11 keeps 0.10's pipelines (releases-0.9-14.md §1.3: no pipeline changes); its conversion fails otherwise.
    '0.11': { ...DATA_EXPLORER_RELEASE, ingested: INGESTED_0_9, failing: FAILING_0_11 },
  }),
);

/** Earlier files in an ingestion folder, by layout: each entry holds from its release until the next one. */
export const LAYOUT_CLEANUP: LayoutCleanup[] = Object.entries(
  alongTheLine<Omit<LayoutCleanup, 'release'>>(
    {
      '0.2': {
        exportCase: 'csv-path-focuscost-1.0-preview-subscription',
        folder: `ingestion/${SUB}/202405/focuscost`,
        otherMonth: `ingestion/${SUB}/202404/focuscost`,
        replaces: false,
      },
      '0.4': { exportCase: 'focuscost-1.0-subscription', folder: `ingestion/${SUB}/202405/focuscost`, otherMonth: `ingestion/${SUB}/202404/focuscost`, replaces: false },
      '0.6': { exportCase: 'focuscost-1.0-subscription', folder: `ingestion/focuscost/2024/05/${SUB}`, otherMonth: `ingestion/focuscost/2024/04/${SUB}`, replaces: true },
      '0.7': { exportCase: 'focuscost-1.0r2-subscription', folder: `ingestion/Costs/2024/05/${SUB}`, otherMonth: `ingestion/Costs/2024/04/${SUB}`, replaces: true },
    },
    '0.2',
  ),
).map(([release, c]) => ({ release, ...c }));

/** The exports a release with managed exports creates and runs, for a settings.json with two scopes. */
export interface ManagedExports {
  /** Pipelines of the settings trigger, and of the schedule triggers (start, then one run per scope). */
  configure: string;
  start: string;
  runExports: string;
  /** Export body fields of the PUT requests. */
  format: 'Csv' | 'Parquet';
  compressionMode: 'None' | 'Snappy';
  dataVersion: string;
  apiVersion: string;
  /** Body of the POST that runs an export. */
  runBody: string;
  /**
   * The exports PUT (and run at once) on the EA billing account of the two-scope settings.json, in order,
   * when not the FOCUS pair (0.9: every dataset on billing accounts; the subscription keeps the pair).
   */
  eaBillingAccount?: { name: string; type: string; run?: true }[];
}

/** 0.4 and 0.5: CSV exports, created and run by the 0.4 pipeline names. */
const MANAGED_04: ManagedExports = {
  configure: 'config_ConfigureExports',
  start: 'config_ExportData',
  runExports: 'config_RunExports',
  format: 'Csv',
  compressionMode: 'None',
  dataVersion: '1.0',
  apiVersion: '2023-07-01-preview',
  runBody: ' ',
};

/** 0.6: parquet exports, the pipelines renamed. */
const MANAGED_06: ManagedExports = { ...MANAGED_04, start: 'config_StartExportProcess', runExports: 'config_RunExportJobs', format: 'Parquet', compressionMode: 'Snappy' };

/**
 * 0.9 goes back to a blank body (#1365) and creates prices, reservation and recommendation exports on billing
 * accounts, running the price sheet export at once (releases-0.9-14.md §1.1).
 */
const MANAGED_09: ManagedExports = {
  ...MANAGED_06,
  eaBillingAccount: [
    { name: 'daily-costdetails', type: 'FocusCost' },
    { name: 'monthly-costdetails', type: 'FocusCost' },
    { name: 'monthly-pricesheet', type: 'PriceSheet', run: true },
    { name: 'daily-reservationdetails', type: 'ReservationDetails' },
    { name: 'daily-reservationtransactions', type: 'ReservationTransactions' },
    { name: 'daily-recommendations-shared-last30days-virtualmachines', type: 'ReservationRecommendations' },
  ],
};

/**
 * Managed exports by release, each entry holding from its release until the next one (0.7 also in managed.test.ts):
 * 0.10 to 12 manage exports as 0.9 (12: when on), 13 and 14 as 0.9 but in FOCUS 1.2-preview.
 */
export const MANAGED_EXPECTATIONS: Record<string, ManagedExports> = alongTheLine<ManagedExports>(
  {
    '0.4': MANAGED_04,
    '0.6': MANAGED_06,
    // 0.8 sends {} to run an export (release-0.8.md §3.2).
    '0.8': { ...MANAGED_06, runBody: '{}' },
    '0.9': MANAGED_09,
    // 13 creates its FOCUS exports as FOCUS 1.2-preview (the public 13.0's exportDataVersions.focuscost).
    '13': { ...MANAGED_09, dataVersion: '1.2-preview' },
  },
  '0.4',
);
