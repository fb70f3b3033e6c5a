/**
 * Writes the example exports of `examples/exports/` (run: `npx tsx scripts/simulate-fixtures.ts`).
 *
 * Each case is a storage folder holding one Cost Management export as the service writes it into
 * `rawexports`: a `manifest.json` (the spec's "Export manifest" fields) and its CSV files (gzip for the
 * `.csv.gz` case). Column names come from the schema files the build writes to `config/schemas/`
 * (read from `dist-templates/0.7/config/schemas/`); values are ours: a few rows per file, with the
 * columns that matter (ids, dates, costs, tags) set by hand and the rest filled per type.
 * The output is deterministic, so re-running it changes nothing unless the cases or schemas change.
 * The cases of releases 0.1-0.3 (a CSV at the path shape those releases read, no manifest) are listed in
 * `simulate-fixtures-csv-path.ts` and written here too.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { AMORTIZED_COST_COLUMNS, CSV_PATH_CASES } from './simulate-fixtures-csv-path.js';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT = join(ROOT, 'examples/exports');
const SCHEMAS = join(ROOT, 'dist-templates/0.7/config/schemas');

interface Case {
  /** Folder name under exports/. */
  name: string;
  scope: string;
  exportName: string;
  type: string;
  dataVersion: string;
  /** Schema file whose columns the CSV has; undefined for an export without files. */
  schema?: string;
  /** Files of the export: name and rows (partial; other columns filled per type). */
  files: { name: string; rows: Record<string, string>[]; gzip?: boolean }[];
  startDate?: string;
  runId: string;
  /** Columns to leave out of the file (to show a mapping column the file lacks). */
  omit?: string[];
  /** Extra manifest members, or members to drop (value null). */
  manifest?: Record<string, unknown>;
}

const SUB = '/subscriptions/00000000-0000-0000-0000-0000000000a1';
const EA = '/providers/Microsoft.Billing/billingAccounts/8611537';
const MCA = '/providers/Microsoft.Billing/billingAccounts/3c8cd1a2-0000-5a8e-0000-000000000000:1f2e3d4c-0000-4b5a-0000-000000000000_2019-05-31';

const focusRow = (i: number, extra: Record<string, string> = {}) => ({
  BilledCost: `${(12.5 * (i + 1)).toFixed(2)}`,
  EffectiveCost: `${(11.25 * (i + 1)).toFixed(4)}`,
  BillingCurrency: 'USD',
  ChargeCategory: 'Usage',
  ChargePeriodStart: `2024-05-0${i + 1}T00:00:00Z`,
  ChargePeriodEnd: `2024-05-0${i + 2}T00:00:00Z`,
  BillingPeriodStart: '2024-05-01T00:00:00Z',
  BillingPeriodEnd: '2024-06-01T00:00:00Z',
  ResourceId: `${SUB}/resourceGroups/App-RG/providers/Microsoft.Compute/virtualMachines/vm-${i}`,
  ResourceName: `VM-${i}`,
  ServiceName: 'Virtual Machines',
  Tags: '{"env":"prod","team":"finops, core"}',
  ...extra,
});

const CASES: Case[] = [
  {
    name: 'focuscost-1.0r2-subscription',
    scope: SUB,
    exportName: 'finops-hub-daily-costdetails',
    type: 'FocusCost',
    dataVersion: '1.0r2',
    schema: 'focuscost_1.0r2.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a51',
    files: [
      { name: 'part_0_0001.csv', rows: [focusRow(0), focusRow(1), focusRow(2)] },
      { name: 'part_1_0001.csv', rows: [focusRow(3), focusRow(4)] },
    ],
  },
  {
    name: 'focuscost-1.0-subscription',
    scope: SUB,
    exportName: 'focus-1-0-daily',
    type: 'FocusCost',
    dataVersion: '1.0',
    schema: 'focuscost_1.0.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a61',
    files: [
      { name: 'part_0_0001.csv', rows: [focusRow(0), focusRow(1), focusRow(2)] },
      { name: 'part_1_0001.csv', rows: [focusRow(3)] },
    ],
  },
  {
    name: 'focuscost-1.0-preview-resourcegroup',
    scope: `${SUB}/resourceGroups/FinOps-RG`,
    exportName: 'focus-preview-rg',
    type: 'FocusCost',
    dataVersion: '1.0-preview(v1)',
    schema: 'focuscost_1.0-preview(v1).json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a62',
    files: [{ name: 'part_0_0001.csv', rows: [focusRow(0), focusRow(1)] }],
  },
  {
    name: 'focuscost-1.0-mca-billing-profile',
    scope: `${MCA}/billingProfiles/AB12-CD34-EF5-GH6`,
    exportName: 'focus-mca',
    type: 'FocusCost',
    dataVersion: '1.0',
    schema: 'focuscost_1.0.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a63',
    files: [{ name: 'part_0_0001.csv', rows: [focusRow(0, { x_BillingProfileId: 'AB12-CD34-EF5-GH6' })] }],
  },
  {
    name: 'focuscost-1.0-resourcegroup-gzip',
    scope: `${SUB}/resourceGroups/FinOps-RG`,
    exportName: 'costs-rg',
    type: 'FocusCost',
    dataVersion: '1.0',
    schema: 'focuscost_1.0.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a52',
    files: [{ name: 'part_0_0001.csv.gz', gzip: true, rows: [focusRow(0), focusRow(1)] }],
  },
  {
    name: 'focuscost-1.0-preview-ea-billing-account',
    scope: EA,
    exportName: 'costs-ea',
    type: 'FocusCost',
    dataVersion: '1.0-preview(v1)',
    schema: 'focuscost_1.0-preview(v1).json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a53',
    startDate: '2024-04-01T00:00:00',
    files: [{ name: 'part_0_0001.csv', rows: [focusRow(0, { Region: 'westus' }), focusRow(1, { Region: 'eastus' })] }],
  },
  {
    name: 'pricesheet-ea-department',
    scope: `${EA}/departments/214`,
    exportName: 'prices-ea',
    type: 'PriceSheet',
    dataVersion: '2023-05-01',
    schema: 'pricesheet_2023-05-01_ea.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a54',
    files: [
      {
        name: 'part_0_0001.csv',
        rows: [
          { MeterName: 'D2 v3', UnitPrice: '0.096', CurrencyCode: 'USD' },
          { MeterName: 'E2a v4', UnitPrice: '0.126', CurrencyCode: 'USD' },
        ],
      },
    ],
  },
  {
    name: 'pricesheet-mca-billing-profile',
    scope: `${MCA}/billingProfiles/AB12-CD34-EF5-GH6`,
    exportName: 'prices-mca',
    type: 'PriceSheet',
    dataVersion: '2023-05-01',
    schema: 'pricesheet_2023-05-01_mca.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a55',
    files: [{ name: 'part_0_0001.csv', rows: [{ BillingProfileId: 'AB12-CD34-EF5-GH6', MeterName: 'D2 v3', UnitPrice: '0.096' }] }],
  },
  {
    name: 'reservationdetails-mca-billing-account',
    scope: MCA,
    exportName: 'ri-details',
    type: 'ReservationDetails',
    dataVersion: '2023-03-01',
    schema: 'reservationdetails_2023-03-01.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a56',
    files: [
      {
        name: 'part_0_0001.csv',
        rows: [
          { UsageDate: '2024-05-01T00:00:00Z', UsedHours: '24' },
          { UsageDate: '2024-05-02T00:00:00Z', UsedHours: '23.5' },
        ],
      },
    ],
  },
  {
    name: 'reservationrecommendations-ea-subscription',
    scope: SUB,
    exportName: 'ri-recs-ea',
    type: 'ReservationRecommendations',
    dataVersion: '2023-05-01',
    schema: 'reservationrecommendations_2023-05-01_ea.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a57',
    files: [{ name: 'part_0_0001.csv', rows: [{ SKU: 'Standard_D2_v3', NetSavings: '120.5' }] }],
  },
  {
    name: 'reservationrecommendations-mca-billing-profile',
    scope: `${MCA}/billingProfiles/AB12-CD34-EF5-GH6`,
    exportName: 'ri-recs-mca',
    type: 'ReservationRecommendations',
    dataVersion: '2023-05-01',
    schema: 'reservationrecommendations_2023-05-01_mca.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a58',
    files: [
      {
        name: 'part_0_0001.csv',
        rows: [
          { SkuName: 'Standard_D2_v3', 'Net Savings': '99.75' },
          { SkuName: 'Standard_E2_v4', 'Net Savings': '10' },
        ],
      },
    ],
  },
  {
    name: 'reservationtransactions-ea-billing-account',
    scope: EA,
    exportName: 'ri-tx-ea',
    type: 'ReservationTransactions',
    dataVersion: '2023-05-01',
    schema: 'reservationtransactions_2023-05-01_ea.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a59',
    files: [{ name: 'part_0_0001.csv', rows: [{ EventType: 'Purchase', Amount: '1000' }] }],
  },
  {
    name: 'reservationtransactions-mca-billing-profile',
    scope: `${MCA}/billingProfiles/AB12-CD34-EF5-GH6`,
    exportName: 'ri-tx-mca',
    type: 'ReservationTransactions',
    dataVersion: '2023-05-01',
    schema: 'reservationtransactions_2023-05-01_mca.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a5a',
    files: [{ name: 'part_0_0001.csv', rows: [{ EventType: 'Refund', Amount: '-250', BillingProfileId: 'AB12-CD34-EF5-GH6' }] }],
  },
  {
    name: 'focuscost-no-rows',
    scope: SUB,
    exportName: 'finops-hub-daily-costdetails',
    type: 'FocusCost',
    dataVersion: '1.0',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    files: [],
    manifest: { dataRowCount: 0 },
  },
  {
    name: 'focuscost-unsupported-version',
    scope: SUB,
    exportName: 'costs-v2',
    type: 'FocusCost',
    dataVersion: '1.2-preview',
    schema: 'focuscost_1.0r2.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a5c',
    files: [{ name: 'part_0_0001.csv', rows: [focusRow(0)] }],
  },
  {
    name: 'focuscost-missing-column',
    scope: SUB,
    exportName: 'costs-missing',
    type: 'FocusCost',
    dataVersion: '1.0r2',
    schema: 'focuscost_1.0r2.json',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a5d',
    omit: ['x_SkuDetails', 'ConsumedQuantity'],
    files: [{ name: 'part_0_0001.csv', rows: [focusRow(0)] }],
  },
  {
    name: 'manifest-invalid',
    scope: SUB,
    exportName: 'costs-broken',
    type: 'FocusCost',
    dataVersion: '1.0r2',
    runId: '3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a5e',
    files: [],
    manifest: { exportConfig: null },
  },
];

/** A value for a column nobody set: by type, the same for every row. */
function filler(type: string, column: string): string {
  switch (type) {
    case 'Decimal':
      return '0';
    case 'DateTimeOffset':
      return '2024-05-01T00:00:00Z';
    case 'Boolean':
      return 'false';
    default:
      return column.endsWith('Id') ? `${column.toLowerCase()}-1` : '';
  }
}

function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

function write(path: string, data: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

rmSync(OUT, { recursive: true, force: true });
for (const c of CASES) {
  const start = c.startDate ?? '2024-05-01T00:00:00';
  const lastDay = new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 0)).getUTCDate();
  const end = `${start.slice(0, 8)}${lastDay}`;
  const range = `${start.slice(0, 10).replace(/-/g, '')}-${end.replace(/-/g, '')}`;
  const folder = `${c.scope
    .replace(/^\//, '')
    .toLowerCase()
    .replace(/[^a-z0-9/._-]/g, '_')}/${c.exportName}/${range}/202405151026/${c.runId}`;
  const mappings: { source: { name: string; type: string } }[] = c.schema ? JSON.parse(readFileSync(join(SCHEMAS, c.schema), 'utf8')).translator.mappings : [];
  const columns = mappings.filter((m) => !(c.omit ?? []).includes(m.source.name));
  const blobs: { blobName: string; byteCount: number; dataRowCount: number }[] = [];
  for (const f of c.files) {
    const lines = [columns.map((m) => csvField(m.source.name)).join(',')];
    for (const row of f.rows) lines.push(columns.map((m) => csvField(row[m.source.name] ?? filler(m.source.type, m.source.name))).join(','));
    const text = `${lines.join('\r\n')}\r\n`;
    const data = f.gzip ? gzipSync(Buffer.from(text, 'utf8'), { level: 9 }) : Buffer.from(text, 'utf8');
    write(join(OUT, c.name, 'rawexports', folder, f.name), data);
    blobs.push({ blobName: `${folder}/${f.name}`, byteCount: data.length, dataRowCount: f.rows.length });
  }
  const manifest: Record<string, unknown> = {
    manifestVersion: '2024-04-01',
    byteCount: blobs.reduce((n, b) => n + b.byteCount, 0),
    blobCount: blobs.length,
    dataRowCount: blobs.reduce((n, b) => n + b.dataRowCount, 0),
    exportConfig: {
      exportName: c.exportName,
      resourceId: `${c.scope}/providers/Microsoft.CostManagement/exports/${c.exportName}`,
      dataVersion: c.dataVersion,
      apiVersion: '2023-07-01-preview',
      type: c.type,
      timeFrame: 'MonthToDate',
      granularity: 'Daily',
    },
    deliveryConfig: {
      partitionData: true,
      dataOverwriteBehavior: 'OverwritePreviousReport',
      fileFormat: 'Csv',
      containerUri: '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/finops-hub-simulated/providers/Microsoft.Storage/storageAccounts/finopsstore',
      rootFolderPath: c.scope.replace(/^\//, '').toLowerCase(),
    },
    runInfo: {
      executionType: 'Scheduled',
      submittedTime: '2024-05-15T10:26:56.6497863Z',
      runId: c.runId,
      startDate: start,
      endDate: `${end}T00:00:00`,
    },
    blobs: blobs.map(({ blobName, byteCount }) => ({ blobName, byteCount })),
  };
  for (const [k, v] of Object.entries(c.manifest ?? {})) {
    if (v === null) delete manifest[k];
    else manifest[k] = v;
  }
  write(join(OUT, c.name, 'rawexports', folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

// Releases 0.1-0.3: one CSV at the path shape, no manifest.
const focusPreview: { source: { name: string; type: string } }[] = JSON.parse(readFileSync(join(SCHEMAS, 'focuscost_1.0-preview(v1).json'), 'utf8')).translator.mappings;
for (const c of CSV_PATH_CASES) {
  const columns = c.columns === 'amortizedcost' ? AMORTIZED_COST_COLUMNS.map((name) => ({ source: { name, type: 'String' } })) : focusPreview;
  const lines = [columns.map((m) => csvField(m.source.name)).join(',')];
  for (const row of c.rows) lines.push(columns.map((m) => csvField(row[m.source.name] ?? filler(m.source.type, m.source.name))).join(','));
  write(join(OUT, c.name, 'rawexports', c.path), `${lines.join('\r\n')}\r\n`);
}
console.log(`wrote ${CASES.length + CSV_PATH_CASES.length} export cases to ${OUT}`);
