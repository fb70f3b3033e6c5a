/**
 * What each example export (test/fixtures/simulate/exports/<case>) must produce, per release, as data.
 * A release added later gets its own rows (its ingestion layout's paths, or the cases it cannot read);
 * the test code stays the same.
 */

/** A converted export: where its files land and what they hold. */
export interface IngestedExport {
  exportCase: string;
  /** Hub dataset folder (`{dataset}`), also the Data Explorer table prefix. */
  dataset: string;
  /** Ingestion folder, container first. */
  folder: string;
  /** Schema file of config/schemas whose mapping gives the parquet columns. */
  schemaFile: string;
  /** Parquet file names with their row counts. */
  files: Record<string, number>;
}

/** An export whose run must fail, with the Fail code of the pipeline run that reports it. */
export interface FailingExport {
  exportCase: string;
  pipeline: string;
  errorCode: string;
  /** Text the error message must contain. */
  message: RegExp;
}

const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';
const EA = 'providers/microsoft.billing/billingaccounts/8611537';
const MCA = 'providers/microsoft.billing/billingaccounts/3c8cd1a2-0000-5a8e-0000-000000000000:1f2e3d4c-0000-4b5a-0000-000000000000_2019-05-31';
const run = (n: string) => `3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a${n}`;

/** Release 0.7: `ingestion/{dataset}/{yyyy}/{mm}/{scope-id-path}/{ingestion-id}__{original-file-name}.parquet`. */
const INGESTED_0_7: IngestedExport[] = [
  {
    exportCase: 'focuscost-1.0r2-subscription',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/05/${SUB}`,
    schemaFile: 'focuscost_1.0r2.json',
    files: { [`${run('51')}__part_0_0001.parquet`]: 3, [`${run('51')}__part_1_0001.parquet`]: 2 },
  },
  {
    exportCase: 'focuscost-1.0-resourcegroup-gzip',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/05/${SUB}/resourcegroups/finops-rg`,
    schemaFile: 'focuscost_1.0.json',
    files: { [`${run('52')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'focuscost-1.0-preview-ea-billing-account',
    dataset: 'Costs',
    folder: `ingestion/Costs/2024/04/${EA}`,
    schemaFile: 'focuscost_1.0-preview(v1).json',
    files: { [`${run('53')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'pricesheet-ea-department',
    dataset: 'Prices',
    folder: `ingestion/Prices/2024/05/${EA}/departments/214`,
    schemaFile: 'pricesheet_2023-05-01_ea.json',
    files: { [`${run('54')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'pricesheet-mca-billing-profile',
    dataset: 'Prices',
    folder: `ingestion/Prices/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`,
    schemaFile: 'pricesheet_2023-05-01_mca.json',
    files: { [`${run('55')}__part_0_0001.parquet`]: 1 },
  },
  {
    exportCase: 'reservationdetails-mca-billing-account',
    dataset: 'CommitmentDiscountUsage',
    folder: `ingestion/CommitmentDiscountUsage/2024/05/${MCA}`,
    schemaFile: 'reservationdetails_2023-03-01.json',
    files: { [`${run('56')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'reservationrecommendations-ea-subscription',
    dataset: 'Recommendations',
    folder: `ingestion/Recommendations/2024/05/${SUB}`,
    schemaFile: 'reservationrecommendations_2023-05-01_ea.json',
    files: { [`${run('57')}__part_0_0001.parquet`]: 1 },
  },
  {
    exportCase: 'reservationrecommendations-mca-billing-profile',
    dataset: 'Recommendations',
    folder: `ingestion/Recommendations/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`,
    schemaFile: 'reservationrecommendations_2023-05-01_mca.json',
    files: { [`${run('58')}__part_0_0001.parquet`]: 2 },
  },
  {
    exportCase: 'reservationtransactions-ea-billing-account',
    dataset: 'Transactions',
    folder: `ingestion/Transactions/2024/05/${EA}`,
    schemaFile: 'reservationtransactions_2023-05-01_ea.json',
    files: { [`${run('59')}__part_0_0001.parquet`]: 1 },
  },
  {
    exportCase: 'reservationtransactions-mca-billing-profile',
    dataset: 'Transactions',
    folder: `ingestion/Transactions/2024/05/${MCA}/billingprofiles/ab12-cd34-ef5-gh6`,
    schemaFile: 'reservationtransactions_2023-05-01_mca.json',
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

/** Expectations by release. */
export const EXPORT_EXPECTATIONS: Record<string, { ingested: IngestedExport[]; failing: FailingExport[]; noRows: string[] }> = {
  '0.7': { ingested: INGESTED_0_7, failing: FAILING_0_7, noRows: ['focuscost-no-rows'] },
};
