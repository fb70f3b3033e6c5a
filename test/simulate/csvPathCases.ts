/**
 * What the example exports do in releases 0.1-0.3, which find exports by their path: every `*.csv` blob in
 * `rawexports` starts the queue pipeline, which starts the conversion without waiting; scope and dates come
 * from `rawexports/{scope-id}/{export-name}/{yyyyMMdd-yyyyMMdd}/{yyyyMMddHHmm}[/{guid}]/{file}.csv`, the
 * scope keeping the case the path has. The export file is always deleted after conversion; a path of
 * another shape fails with `UnexpectedExportPath` and the file stays. No manifest is read or copied.
 */
import type { FailingExport, IngestedExport, ReleaseExports } from './cases.js';

const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';
const RG = `${SUB}/resourceGroups/FinOps-RG`;
const EA = 'providers/Microsoft.Billing/billingAccounts/8611537';
const MCA_PROFILE =
  'providers/Microsoft.Billing/billingAccounts/3c8cd1a2-0000-5a8e-0000-000000000000_1f2e3d4c-0000-4b5a-0000-000000000000_2019-05-31/billingProfiles/AB12-CD34-EF5-GH6';
const guid = (n: string) => `7c1a9e00-5b2d-4c3e-9f10-0000000000${n}`;

const AS_WRITTEN = { asWritten: true } as const;
const FOCUS_PREVIEW = { catalog: { exportType: 'FocusCost', version: '1.0-preview(v1)' } };

/** 0.1: `ingestion/{scope}/{yyyyMMdd-yyyyMMdd}/amortizedcost/{file}.parquet`, columns as the file has them. */
const INGESTED_0_1: IngestedExport[] = [
  {
    exportCase: 'csv-path-amortizedcost-subscription',
    folder: `ingestion/${SUB}/20240501-20240531/amortizedcost`,
    columns: AS_WRITTEN,
    files: { 'part_0_0001.parquet': 3 },
  },
  {
    exportCase: 'csv-path-amortizedcost-resourcegroup',
    folder: `ingestion/${RG}/20240501-20240531/amortizedcost`,
    columns: AS_WRITTEN,
    files: { [`amortized-rg_${guid('02')}.parquet`]: 2 },
  },
  {
    exportCase: 'csv-path-amortizedcost-ea-billing-account',
    folder: `ingestion/${EA}/20240401-20240430/amortizedcost`,
    columns: AS_WRITTEN,
    files: { 'part_0_0001.parquet': 1 },
  },
  {
    exportCase: 'csv-path-amortizedcost-mca-billing-profile',
    folder: `ingestion/${MCA_PROFILE}/20240501-20240531/amortizedcost`,
    columns: AS_WRITTEN,
    files: { [`amortized-mca_${guid('04')}.parquet`]: 2 },
  },
  // Any CSV converts: a FOCUS file keeps its columns, as text.
  {
    exportCase: 'csv-path-focuscost-1.0-preview-subscription',
    folder: `ingestion/${SUB}/20240501-20240531/amortizedcost`,
    columns: AS_WRITTEN,
    files: { [`focus-daily_${guid('11')}.parquet`]: 3 },
    types: { BilledCost: 'UTF8', ChargePeriodStart: 'UTF8' },
  },
];

/** 0.2-0.3: `ingestion/{scope}/{yyyyMM}/focuscost/{file}.parquet`, the FOCUS 1.0-preview(v1) mapping. */
const INGESTED_0_2: IngestedExport[] = [
  {
    exportCase: 'csv-path-focuscost-1.0-preview-subscription',
    folder: `ingestion/${SUB}/202405/focuscost`,
    columns: FOCUS_PREVIEW,
    files: { [`focus-daily_${guid('11')}.parquet`]: 3 },
    types: { BilledCost: 'DECIMAL', ChargePeriodStart: 'TIMESTAMP_MILLIS', x_SkuIsCreditEligible: 'BOOLEAN', ResourceName: 'UTF8' },
  },
  {
    exportCase: 'csv-path-focuscost-1.0-preview-resourcegroup',
    folder: `ingestion/${RG}/202405/focuscost`,
    columns: FOCUS_PREVIEW,
    files: { 'part_1_0001.parquet': 2 },
  },
  {
    exportCase: 'csv-path-focuscost-1.0-preview-ea-billing-account',
    folder: `ingestion/${EA}/202404/focuscost`,
    columns: FOCUS_PREVIEW,
    files: { [`focus-ea_${guid('13')}.parquet`]: 2 },
  },
  {
    exportCase: 'csv-path-focuscost-1.0-preview-mca-billing-profile',
    folder: `ingestion/${MCA_PROFILE}/202405/focuscost`,
    columns: FOCUS_PREVIEW,
    files: { 'part_0_0001.parquet': 1 },
  },
];

/** Paths of other shapes, in the conversion pipeline of a release. */
const unexpectedPaths = (pipeline: string): FailingExport[] => [
  {
    exportCase: 'csv-path-too-short',
    pipeline,
    errorCode: 'UnexpectedExportPath',
    message:
      /^Cannot read scope and dates from rawexports\/costs\/focus-daily\.csv: export files must be at rawexports\/\{scope-id\}\/\{export-name\}\/\{yyyyMMdd-yyyyMMdd\}\/\{yyyyMMddHHmm\}\[\/\{guid\}\]\/\{file\}\.csv\. The file was not converted and stays in place\.$/,
  },
  {
    exportCase: 'csv-path-no-date-range',
    pipeline,
    errorCode: 'UnexpectedExportPath',
    message: /^Cannot read scope and dates from rawexports\/subscriptions\/.*\/focus-daily\/2024-05\/202405151026\/.*\/part_0_0001\.csv: export files must be at /,
  },
];

const FAILING_0_2: FailingExport[] = [
  ...unexpectedPaths('rawexports_ETL_ingestion'),
  // An amortized cost file lacks the FOCUS columns the fixed mapping reads.
  {
    exportCase: 'csv-path-amortizedcost-subscription',
    pipeline: 'rawexports_ETL_ingestion',
    errorCode: 'ExportConversionFailed',
    message:
      /^Could not convert rawexports\/.*\/part_0_0001\.csv to ingestion\/.*\/202405\/focuscost\/part_0_0001\.parquet; the export file stays in place: Column 'AvailabilityZone', 'BilledCost', .* specified in column mapping cannot be found/,
  },
];

/** The manifest-driven exports fire nothing in these releases (they watch `*.csv` only). */
const NOT_FIRED = ['focuscost-1.0-subscription', 'focuscost-no-rows'];

const CSV_PATH_RELEASE = { dataExplorer: false, retention: false, noRows: [], notFired: NOT_FIRED };

/** Expectations of releases 0.1-0.3 (merged into `EXPORT_EXPECTATIONS`). */
export const CSV_PATH_EXPECTATIONS: Record<string, ReleaseExports> = {
  '0.1': { ...CSV_PATH_RELEASE, runs: ['rawexports_extract'], ingested: INGESTED_0_1, failing: unexpectedPaths('rawexports_transform') },
  '0.2': { ...CSV_PATH_RELEASE, runs: ['rawexports_ExecuteETL'], ingested: INGESTED_0_2, failing: FAILING_0_2 },
  '0.3': { ...CSV_PATH_RELEASE, runs: ['rawexports_ExecuteETL'], ingested: INGESTED_0_2, failing: FAILING_0_2 },
};
