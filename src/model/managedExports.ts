/**
 * The Cost Management exports a hub creates itself (managed exports, `config_ConfigureExports`), as release
 * data: which exports each kind of scope gets. 0.4-0.8 create the same two FOCUS cost exports on every
 * scope; 0.9 ("managed exports v2", releases-0.9-14.md §1.1) adds, on the billing scopes that offer them,
 * the price sheet, reservation details, reservation transactions and a reservation recommendations export.
 *
 * Which datasets a scope offers: "Cost and usage details (FOCUS)" on every scope an export accepts; the price
 * sheet, reservation details, reservation transactions and reservation recommendations on EA billing
 * accounts (enrollments) and MCA billing profiles ("Tutorial: Create and manage exported data", dataset
 * types and scopes, learn.microsoft.com/azure/cost-management-billing/costs/tutorial-improved-exports; the
 * FinOps toolkit's exports module: "Additional datasets are available for billing account and billing profile
 * scopes"). The public 0.9 sends the EA set to EA billing scopes, the FOCUS pair to subscriptions and fails
 * every MCA scope (`ExportTypeUnsupported`); hubc gives an MCA billing profile the billing-profile set and
 * every other MCA scope the FOCUS pair (docs/deviations.md "Release 0.9").
 */
import type { ExportType } from './datasets.js';

/** The kinds of scope that differ in the exports they get. */
export type ManagedExportScope =
  /** An EA billing account (enrollment): every dataset. */
  | 'eaBillingAccount'
  /** An MCA billing profile: every dataset. */
  | 'mcaBillingProfile'
  /** Any other scope (subscription, resource group, management group, EA department or enrollment account, MCA billing account or invoice section). */
  | 'other';

/** Every kind, in the order the pipeline tests for them (`other` last: the default). */
export const MANAGED_EXPORT_SCOPES: readonly ManagedExportScope[] = ['eaBillingAccount', 'mcaBillingProfile', 'other'];

/** One managed export (Cost Management "Exports - Create Or Update" body, learn.microsoft.com/rest/api/cost-management/exports/create-or-update). */
export interface ManagedExport {
  /** Export name after `<lower(hub name)>-`, e.g. `daily-costdetails` (the public names). */
  name: string;
  /** Words for activity names and messages, e.g. `Daily`, `Prices`. */
  label: string;
  exportType: ExportType;
  recurrence: 'Daily' | 'Monthly';
  timeframe: 'MonthToDate' | 'TheLastMonth' | 'TheCurrentMonth';
  /** Dataset version; absent: the release's `managedExportFocusVersion` (the FOCUS cost exports). */
  version?: string;
  /** File format; absent: the release's `managedExportFormat`. */
  format?: { format: 'Csv'; compressionMode: 'None' } | { format: 'Parquet'; compressionMode: 'Snappy' };
  /** `dataSet.granularity` (`Daily` for cost and reservation details; the other datasets take none). */
  granularity?: 'Daily';
  /** `dataSet.configuration.filters` (reservation recommendations: scope, resource type, look-back period). */
  filters?: readonly { name: string; value: string }[];
  /** Run once as soon as it is created (the public 0.9 runs the price sheet export at once, so a new hub has prices before the monthly run). */
  runOnCreate?: boolean;
}

/** The exports of each kind of scope. */
export type ManagedExportSets = Readonly<Record<ManagedExportScope, readonly ManagedExport[]>>;

/** The daily (open month) and monthly (closed month) FOCUS cost exports of every release with managed exports. */
export const FOCUS_COST_EXPORTS: readonly ManagedExport[] = [
  { name: 'daily-costdetails', label: 'Daily', exportType: 'FocusCost', recurrence: 'Daily', timeframe: 'MonthToDate', granularity: 'Daily' },
  { name: 'monthly-costdetails', label: 'Monthly', exportType: 'FocusCost', recurrence: 'Monthly', timeframe: 'TheLastMonth', granularity: 'Daily' },
];

const CSV = { format: 'Csv', compressionMode: 'None' } as const;

/**
 * The 0.9 billing-scope set after the FOCUS pair (the public 0.9's `config_ConfigureExports`: names, dataset
 * versions, timeframes, formats and the recommendation filters are its).
 */
const BILLING_EXPORTS_09: readonly ManagedExport[] = [
  ...FOCUS_COST_EXPORTS,
  {
    name: 'monthly-pricesheet',
    label: 'Prices',
    exportType: 'PriceSheet',
    recurrence: 'Monthly',
    timeframe: 'TheCurrentMonth',
    version: '2023-05-01',
    format: { format: 'Parquet', compressionMode: 'Snappy' },
    runOnCreate: true,
  },
  {
    name: 'daily-reservationdetails',
    label: 'Reservation Details',
    exportType: 'ReservationDetails',
    recurrence: 'Daily',
    timeframe: 'MonthToDate',
    version: '2023-03-01',
    format: CSV,
    granularity: 'Daily',
  },
  {
    name: 'daily-reservationtransactions',
    label: 'Reservation Transactions',
    exportType: 'ReservationTransactions',
    recurrence: 'Daily',
    timeframe: 'MonthToDate',
    version: '2023-05-01',
    format: CSV,
  },
  {
    name: 'daily-recommendations-shared-last30days-virtualmachines',
    label: 'Recommendations',
    exportType: 'ReservationRecommendations',
    recurrence: 'Daily',
    timeframe: 'MonthToDate',
    version: '2023-05-01',
    format: CSV,
    filters: [
      { name: 'reservationScope', value: 'Shared' },
      { name: 'resourceType', value: 'VirtualMachines' },
      { name: 'lookBackPeriod', value: 'Last30Days' },
    ],
  },
];

/** 0.4-0.8: the FOCUS pair on every scope. */
export const MANAGED_EXPORTS_FOCUS: ManagedExportSets = { eaBillingAccount: FOCUS_COST_EXPORTS, mcaBillingProfile: FOCUS_COST_EXPORTS, other: FOCUS_COST_EXPORTS };

/** 0.9+: every dataset on EA billing accounts and MCA billing profiles, the FOCUS pair elsewhere. */
export const MANAGED_EXPORTS_BY_SCOPE: ManagedExportSets = { eaBillingAccount: BILLING_EXPORTS_09, mcaBillingProfile: BILLING_EXPORTS_09, other: FOCUS_COST_EXPORTS };
