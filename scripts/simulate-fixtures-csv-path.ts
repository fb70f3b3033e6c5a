/**
 * The example exports of releases 0.1-0.3, which find exports by their path (no manifest): one CSV file
 * per case at `rawexports/{scope-id}/{export-name}/{yyyyMMdd-yyyyMMdd}/{yyyyMMddHHmm}[/{guid}]/{file}.csv`,
 * as the Cost Management exports of that time wrote them (a `{guid}` folder holding `part_*.csv` files when
 * the export was partitioned, else one `{export-name}_{guid}.csv` in the run's time folder), plus two paths
 * of other shapes. Written by `simulate-fixtures.ts`; data only here.
 *
 * Folder names keep the case the export's root folder was given (these releases read the scope as
 * written), and an MCA billing account's `:` is written `_` (a `:` cannot be in a Windows checkout).
 */

/** Which columns a case's CSV has. */
export type CsvPathColumns =
  /** The FOCUS 1.0-preview(v1) cost columns (the schema file's mapping), which 0.2-0.3 read. */
  | 'focuscost-1.0-preview'
  /** The amortized cost columns of {@link AMORTIZED_COST_COLUMNS}, which 0.1 keeps as written. */
  | 'amortizedcost';

/** One case: a storage folder with one CSV export file. */
export interface CsvPathCase {
  name: string;
  /** Path of the file inside `rawexports`. */
  path: string;
  columns: CsvPathColumns;
  /** Rows (partial; other columns filled per type). */
  rows: Record<string, string>[];
}

/**
 * Columns of a Cost Management amortized cost export (cost details, EA and MCA field names as the "Understand
 * cost details fields" page lists them), a subset: 0.1 copies whatever columns the file has.
 */
export const AMORTIZED_COST_COLUMNS = [
  'BillingAccountId',
  'BillingAccountName',
  'BillingPeriodStartDate',
  'BillingPeriodEndDate',
  'BillingProfileId',
  'BillingProfileName',
  'AccountName',
  'SubscriptionId',
  'SubscriptionName',
  'Date',
  'ProductName',
  'MeterId',
  'MeterName',
  'MeterCategory',
  'MeterSubCategory',
  'MeterRegion',
  'Quantity',
  'EffectivePrice',
  'CostInBillingCurrency',
  'BillingCurrencyCode',
  'UnitPrice',
  'PayGPrice',
  'CostCenter',
  'ConsumedService',
  'ResourceId',
  'ResourceGroup',
  'ResourceName',
  'ResourceLocation',
  'Tags',
  'AdditionalInfo',
  'ReservationId',
  'ReservationName',
  'ChargeType',
  'Frequency',
  'PricingModel',
  'benefitId',
  'benefitName',
] as const;

const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';
const EA = 'providers/Microsoft.Billing/billingAccounts/8611537';
const MCA_PROFILE =
  'providers/Microsoft.Billing/billingAccounts/3c8cd1a2-0000-5a8e-0000-000000000000_1f2e3d4c-0000-4b5a-0000-000000000000_2019-05-31/billingProfiles/AB12-CD34-EF5-GH6';
const RG = `${SUB}/resourceGroups/FinOps-RG`;
const guid = (n: string) => `7c1a9e00-5b2d-4c3e-9f10-0000000000${n}`;

/** An amortized cost row: day `i` of May 2024 (dates as these exports wrote them, `MM/dd/yyyy`). */
const amortizedRow = (i: number, extra: Record<string, string> = {}): Record<string, string> => ({
  BillingAccountId: '8611537',
  BillingAccountName: 'Contoso',
  BillingPeriodStartDate: '05/01/2024',
  BillingPeriodEndDate: '05/31/2024',
  SubscriptionId: '00000000-0000-0000-0000-0000000000a1',
  SubscriptionName: 'Contoso Production',
  Date: `05/0${i + 1}/2024`,
  ProductName: 'Virtual Machines Dv3 Series - D2 v3 - US West',
  MeterName: 'D2 v3',
  MeterCategory: 'Virtual Machines',
  Quantity: `${24 - i}`,
  EffectivePrice: '0.096',
  CostInBillingCurrency: `${(0.096 * (24 - i)).toFixed(4)}`,
  BillingCurrencyCode: 'USD',
  ResourceId: `/${SUB}/resourceGroups/App-RG/providers/Microsoft.Compute/virtualMachines/vm-${i}`,
  ResourceGroup: 'App-RG',
  ResourceName: `vm-${i}`,
  ResourceLocation: 'westus',
  Tags: '"env": "prod","team": "finops, core"',
  AdditionalInfo: '{"ServiceType":"Standard_D2_v3","VCPUs":2}',
  ChargeType: 'Usage',
  Frequency: 'UsageBased',
  PricingModel: 'OnDemand',
  ...extra,
});

/** A FOCUS 1.0-preview(v1) row: day `i` of the month `yyyy-mm`. */
const focusRow = (i: number, month = '2024-05', extra: Record<string, string> = {}): Record<string, string> => ({
  BilledCost: `${(12.5 * (i + 1)).toFixed(2)}`,
  EffectiveCost: `${(11.25 * (i + 1)).toFixed(4)}`,
  BillingCurrency: 'USD',
  ChargeCategory: 'Usage',
  ChargePeriodStart: `${month}-0${i + 1}T00:00:00Z`,
  ChargePeriodEnd: `${month}-0${i + 2}T00:00:00Z`,
  BillingPeriodStart: `${month}-01T00:00:00Z`,
  ResourceId: `/${SUB}/resourceGroups/App-RG/providers/Microsoft.Compute/virtualMachines/vm-${i}`,
  ResourceName: `VM-${i}`,
  Region: 'westus',
  Tags: '{"env":"prod","team":"finops, core"}',
  x_SkuIsCreditEligible: i % 2 === 0 ? 'true' : 'false',
  ...extra,
});

export const CSV_PATH_CASES: CsvPathCase[] = [
  // 0.1: amortized cost exports, every scope kind, with and without the {guid} folder.
  {
    name: 'csv-path-amortizedcost-subscription',
    path: `${SUB}/finops-hub-amortized/20240501-20240531/202405151026/${guid('01')}/part_0_0001.csv`,
    columns: 'amortizedcost',
    rows: [amortizedRow(0), amortizedRow(1), amortizedRow(2)],
  },
  {
    name: 'csv-path-amortizedcost-resourcegroup',
    path: `${RG}/amortized-rg/20240501-20240531/202405151026/amortized-rg_${guid('02')}.csv`,
    columns: 'amortizedcost',
    rows: [amortizedRow(0, { ResourceGroup: 'FinOps-RG' }), amortizedRow(1, { ResourceGroup: 'FinOps-RG' })],
  },
  {
    name: 'csv-path-amortizedcost-ea-billing-account',
    path: `${EA}/amortized-ea/20240401-20240430/202405020800/${guid('03')}/part_0_0001.csv`,
    columns: 'amortizedcost',
    rows: [amortizedRow(0, { Date: '04/29/2024', BillingPeriodStartDate: '04/01/2024', BillingPeriodEndDate: '04/30/2024' })],
  },
  {
    name: 'csv-path-amortizedcost-mca-billing-profile',
    path: `${MCA_PROFILE}/amortized-mca/20240501-20240531/202405151026/amortized-mca_${guid('04')}.csv`,
    columns: 'amortizedcost',
    rows: [amortizedRow(0, { BillingProfileId: 'AB12-CD34-EF5-GH6', BillingProfileName: 'Contoso US' }), amortizedRow(1, { BillingProfileId: 'AB12-CD34-EF5-GH6' })],
  },
  // 0.2-0.3: FOCUS 1.0-preview(v1) cost exports, every scope kind, with and without the {guid} folder.
  {
    name: 'csv-path-focuscost-1.0-preview-subscription',
    path: `${SUB}/focus-daily/20240501-20240531/202405151026/focus-daily_${guid('11')}.csv`,
    columns: 'focuscost-1.0-preview',
    rows: [focusRow(0), focusRow(1), focusRow(2)],
  },
  {
    name: 'csv-path-focuscost-1.0-preview-resourcegroup',
    path: `${RG}/focus-rg/20240501-20240531/202405151026/${guid('12')}/part_1_0001.csv`,
    columns: 'focuscost-1.0-preview',
    rows: [focusRow(0), focusRow(1)],
  },
  {
    name: 'csv-path-focuscost-1.0-preview-ea-billing-account',
    path: `${EA}/focus-ea/20240401-20240430/202405020800/focus-ea_${guid('13')}.csv`,
    columns: 'focuscost-1.0-preview',
    rows: [focusRow(0, '2024-04'), focusRow(1, '2024-04')],
  },
  {
    name: 'csv-path-focuscost-1.0-preview-mca-billing-profile',
    path: `${MCA_PROFILE}/focus-mca/20240501-20240531/202405151026/${guid('14')}/part_0_0001.csv`,
    columns: 'focuscost-1.0-preview',
    rows: [focusRow(0, '2024-05', { x_BillingProfileId: 'AB12-CD34-EF5-GH6' })],
  },
  // Paths of other shapes: too few folders to hold scope, export, dates and time; no date range folder.
  {
    name: 'csv-path-too-short',
    path: 'costs/focus-daily.csv',
    columns: 'focuscost-1.0-preview',
    rows: [focusRow(0)],
  },
  {
    name: 'csv-path-no-date-range',
    path: `${SUB}/focus-daily/2024-05/202405151026/${guid('21')}/part_0_0001.csv`,
    columns: 'focuscost-1.0-preview',
    rows: [focusRow(0)],
  },
];
