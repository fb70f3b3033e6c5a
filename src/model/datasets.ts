/**
 * Column lists of the Cost Management export datasets that a hub converts to parquet, and the
 * built-in hub datasets they feed. These are our own definitions of public facts (dataset column names
 * and the Data Factory interim types used to read them); the `config/schemas/*.json` files are generated
 * from them by `src/emitters/config`.
 *
 * Each entry is `Name:T` where T is S = String, D = Decimal, T = DateTimeOffset, B = Boolean.
 * Order matters: it is the order of the mappings in the generated schema file.
 */

/** Data Factory interim data types used by the copy activity's TabularTranslator. */
export type AdfInterimType = 'String' | 'Decimal' | 'DateTimeOffset' | 'Boolean';

/** One column of an export file. */
export interface ExportColumn {
  /** Column name exactly as the export writes it (may contain spaces). */
  name: string;
  type: AdfInterimType;
  /** Name of the parquet column the conversion writes, when it is not `name`. */
  sink?: string;
}

const TYPE_CODES: Record<string, AdfInterimType> = { S: 'String', D: 'Decimal', T: 'DateTimeOffset', B: 'Boolean' };

/** Parses `Name:T` or `Name:T>Sink` (the parquet column named `Sink`). */
function columns(specs: string[]): ExportColumn[] {
  return specs.map((spec) => {
    const [column, sink] = spec.split('>');
    const i = column.lastIndexOf(':');
    const type = TYPE_CODES[column.slice(i + 1)];
    if (!type) throw new Error(`bad column spec ${spec}`);
    return { name: column.slice(0, i), type, ...(sink ? { sink } : {}) };
  });
}

/** Columns of `focuscost_1.0-preview(v1).json`, in file order. */
// prettier-ignore
const FOCUS_1_0_PREVIEW = columns([
    'AvailabilityZone:S', 'BilledCost:D', 'BillingAccountId:S', 'BillingAccountName:S', 'BillingAccountType:S',
    'BillingCurrency:S', 'BillingPeriodEnd:T', 'BillingPeriodStart:T', 'ChargeCategory:S', 'ChargeDescription:S',
    'ChargeFrequency:S', 'ChargePeriodEnd:T', 'ChargePeriodStart:T', 'ChargeSubcategory:S',
    'CommitmentDiscountCategory:S', 'CommitmentDiscountId:S', 'CommitmentDiscountName:S', 'CommitmentDiscountType:S',
    'EffectiveCost:D', 'InvoiceIssuerName:S', 'ListCost:D', 'ListUnitPrice:D', 'PricingCategory:S', 'PricingQuantity:D',
    'PricingUnit:S', 'ProviderName:S', 'PublisherName:S', 'Region:S', 'ResourceId:S', 'ResourceName:S',
    'ResourceType:S', 'ServiceCategory:S', 'ServiceName:S', 'SkuId:S', 'SkuPriceId:S', 'SubAccountId:S',
    'SubAccountName:S', 'SubAccountType:S', 'Tags:S', 'UsageQuantity:D', 'UsageUnit:S', 'x_AccountName:S',
    'x_AccountOwnerId:S', 'x_BilledCostInUsd:D', 'x_BilledUnitPrice:D', 'x_BillingAccountId:S',
    'x_BillingAccountName:S', 'x_BillingExchangeRate:D', 'x_BillingExchangeRateDate:T', 'x_BillingProfileId:S',
    'x_BillingProfileName:S', 'x_ChargeId:S', 'x_CostAllocationRuleName:S', 'x_CostCenter:S', 'x_CustomerId:S',
    'x_CustomerName:S', 'x_EffectiveCostInUsd:D', 'x_EffectiveUnitPrice:D', 'x_InvoiceId:S', 'x_InvoiceIssuerId:S',
    'x_InvoiceSectionId:S', 'x_InvoiceSectionName:S', 'x_OnDemandCost:D', 'x_OnDemandCostInUsd:D',
    'x_OnDemandUnitPrice:D', 'x_PartnerCreditApplied:B', 'x_PartnerCreditRate:D', 'x_PricingBlockSize:D',
    'x_PricingCurrency:S', 'x_PricingSubcategory:S', 'x_PricingUnitDescription:S', 'x_PublisherCategory:S',
    'x_PublisherId:S', 'x_ResellerId:S', 'x_ResellerName:S', 'x_ResourceGroupName:S', 'x_ResourceType:S',
    'x_ServicePeriodEnd:T', 'x_ServicePeriodStart:T', 'x_SkuDescription:S', 'x_SkuDetails:S', 'x_SkuIsCreditEligible:B',
    'x_SkuMeterCategory:S', 'x_SkuMeterId:S', 'x_SkuMeterName:S', 'x_SkuMeterSubcategory:S', 'x_SkuOfferId:S',
    'x_SkuOrderId:S', 'x_SkuOrderName:S', 'x_SkuPartNumber:S', 'x_SkuRegion:S', 'x_SkuServiceFamily:S', 'x_SkuTerm:S',
    'x_SkuTier:S',
  ]);

/** Columns of `focuscost_1.0.json`, in file order. */
// prettier-ignore
const FOCUS_1_0 = columns([
    'BilledCost:D', 'BillingAccountId:S', 'BillingAccountName:S', 'BillingAccountType:S', 'BillingCurrency:S',
    'BillingPeriodEnd:T', 'BillingPeriodStart:T', 'ChargeCategory:S', 'ChargeClass:S', 'ChargeDescription:S',
    'ChargeFrequency:S', 'ChargePeriodEnd:T', 'ChargePeriodStart:T', 'CommitmentDiscountCategory:S',
    'CommitmentDiscountId:S', 'CommitmentDiscountName:S', 'CommitmentDiscountStatus:S', 'CommitmentDiscountType:S',
    'ConsumedQuantity:D', 'ConsumedUnit:S', 'ContractedCost:D', 'ContractedUnitPrice:D', 'EffectiveCost:D',
    'InvoiceIssuerName:S', 'ListCost:D', 'ListUnitPrice:D', 'PricingCategory:S', 'PricingQuantity:D', 'PricingUnit:S',
    'ProviderName:S', 'PublisherName:S', 'RegionId:S', 'RegionName:S', 'ResourceId:S', 'ResourceName:S',
    'ResourceType:S', 'ServiceCategory:S', 'ServiceName:S', 'SkuId:S', 'SkuPriceId:S', 'SubAccountId:S',
    'SubAccountName:S', 'SubAccountType:S', 'Tags:S', 'x_AccountId:S', 'x_AccountName:S', 'x_AccountOwnerId:S',
    'x_BilledCostInUsd:D', 'x_BilledUnitPrice:D', 'x_BillingAccountId:S', 'x_BillingAccountName:S',
    'x_BillingExchangeRate:D', 'x_BillingExchangeRateDate:T', 'x_BillingProfileId:S', 'x_BillingProfileName:S',
    'x_ContractedCostInUsd:D', 'x_CostAllocationRuleName:S', 'x_CostCenter:S', 'x_CustomerId:S', 'x_CustomerName:S',
    'x_EffectiveCostInUsd:D', 'x_EffectiveUnitPrice:D', 'x_InvoiceId:S', 'x_InvoiceIssuerId:S', 'x_InvoiceSectionId:S',
    'x_InvoiceSectionName:S', 'x_ListCostInUsd:D', 'x_PartnerCreditApplied:S', 'x_PartnerCreditRate:S',
    'x_PricingBlockSize:D', 'x_PricingCurrency:S', 'x_PricingSubcategory:S', 'x_PricingUnitDescription:S',
    'x_PublisherCategory:S', 'x_PublisherId:S', 'x_ResellerId:S', 'x_ResellerName:S', 'x_ResourceGroupName:S',
    'x_ResourceType:S', 'x_ServicePeriodEnd:T', 'x_ServicePeriodStart:T', 'x_SkuDescription:S', 'x_SkuDetails:S',
    'x_SkuIsCreditEligible:B', 'x_SkuMeterCategory:S', 'x_SkuMeterId:S', 'x_SkuMeterName:S', 'x_SkuMeterSubcategory:S',
    'x_SkuOfferId:S', 'x_SkuOrderId:S', 'x_SkuOrderName:S', 'x_SkuPartNumber:S', 'x_SkuRegion:S',
    'x_SkuServiceFamily:S', 'x_SkuTerm:S', 'x_SkuTier:S',
  ]);

/** Columns of `focuscost_1.2.json`, in file order (public 0.11). */
// prettier-ignore
const FOCUS_1_2 = columns([
    'BilledCost:D', 'BillingAccountId:S', 'BillingAccountName:S', 'BillingAccountType:S', 'BillingCurrency:S',
    'BillingPeriodEnd:T', 'BillingPeriodStart:T', 'CapacityReservationId:S', 'CapacityReservationStatus:S',
    'ChargeCategory:S', 'ChargeClass:S', 'ChargeDescription:S', 'ChargeFrequency:S', 'ChargePeriodEnd:T',
    'ChargePeriodStart:T', 'CommitmentDiscountCategory:S', 'CommitmentDiscountId:S', 'CommitmentDiscountName:S',
    'CommitmentDiscountQuantity:D', 'CommitmentDiscountStatus:S', 'CommitmentDiscountType:S',
    'CommitmentDiscountUnit:S', 'ConsumedQuantity:D', 'ConsumedUnit:S', 'ContractedCost:D', 'ContractedUnitPrice:D',
    'EffectiveCost:D', 'InvoiceId:S', 'InvoiceIssuerName:S', 'ListCost:D', 'ListUnitPrice:D', 'PricingCategory:S',
    'PricingCurrency:S', 'PricingQuantity:D', 'PricingUnit:S', 'ProviderName:S', 'PublisherName:S', 'RegionId:S',
    'RegionName:S', 'ResourceId:S', 'ResourceName:S', 'ResourceType:S', 'ServiceCategory:S', 'ServiceName:S',
    'ServiceSubcategory:S', 'SkuId:S', 'SkuMeter:S', 'SkuPriceDetails:S', 'SkuPriceId:S', 'SubAccountId:S',
    'SubAccountName:S', 'SubAccountType:S', 'Tags:S', 'x_AccountId:S', 'x_AccountName:S', 'x_AccountOwnerId:S',
    'x_AmortizationClass:S', 'x_BilledCostInUsd:D', 'x_BilledUnitPrice:D', 'x_BillingAccountId:S',
    'x_BillingAccountName:S', 'x_BillingExchangeRate:D', 'x_BillingExchangeRateDate:T', 'x_BillingProfileId:S',
    'x_BillingProfileName:S', 'x_ContractedCostInUsd:D', 'x_CostAllocationRuleName:S', 'x_CostCenter:S',
    'x_CustomerId:S', 'x_CustomerName:S', 'x_EffectiveCostInUsd:D', 'x_EffectiveUnitPrice:D', 'x_InvoiceIssuerId:S',
    'x_InvoiceSectionId:S', 'x_InvoiceSectionName:S', 'x_ListCostInUsd:D', 'x_PartnerCreditApplied:S',
    'x_PartnerCreditRate:S', 'x_PricingBlockSize:D', 'x_PricingSubcategory:S', 'x_PricingUnitDescription:S',
    'x_PublisherCategory:S', 'x_PublisherId:S', 'x_ResellerId:S', 'x_ResellerName:S', 'x_ResourceGroupName:S',
    'x_ResourceType:S', 'x_ServiceModel:S', 'x_ServicePeriodEnd:T', 'x_ServicePeriodStart:T', 'x_SkuDescription:S',
    'x_SkuIsCreditEligible:B', 'x_SkuMeterCategory:S', 'x_SkuMeterId:S', 'x_SkuMeterSubcategory:S', 'x_SkuOfferId:S',
    'x_SkuOrderId:S', 'x_SkuOrderName:S', 'x_SkuPartNumber:S', 'x_SkuPlanName:S', 'x_SkuRegion:S',
    'x_SkuServiceFamily:S', 'x_SkuTerm:S', 'x_SkuTier:S',
  ]);

/** Columns of `focuscost_1.2-preview.json`, in file order (public 0.11): those of 1.2 and `x_SkuDetails` after `x_SkuDescription`. */
const AFTER_SKU_DESCRIPTION = FOCUS_1_2.findIndex((c) => c.name === 'x_SkuDescription') + 1;
const FOCUS_1_2_PREVIEW = [...FOCUS_1_2.slice(0, AFTER_SKU_DESCRIPTION), ...columns(['x_SkuDetails:S']), ...FOCUS_1_2.slice(AFTER_SKU_DESCRIPTION)];

/** Columns of `pricesheet_2023-05-01_ea.json`, in file order. */
// prettier-ignore
const PRICESHEET_EA = columns([
    'EnrollmentNumber:S', 'MeterID:S', 'MeterName:S', 'MeterType:S', 'MeterCategory:S', 'MeterSubCategory:S',
    'ServiceFamily:S', 'Product:S', 'SkuID:S', 'ProductID:S', 'MeterRegion:S', 'UnitOfMeasure:S', 'PartNumber:S',
    'EffectiveStartDate:T', 'EffectiveEndDate:T', 'UnitPrice:D', 'BasePrice:D', 'MarketPrice:D', 'CurrencyCode:S',
    'IncludedQuantity:D', 'OfferID:S', 'Term:S', 'PriceType:S',
  ]);

/** Columns of `pricesheet_2023-05-01_mca.json`, in file order. */
// prettier-ignore
const PRICESHEET_MCA = columns([
    'BillingAccountId:S', 'BillingAccountName:S', 'BillingProfileId:S', 'BillingProfileName:S', 'ServiceFamily:S',
    'Product:S', 'ProductId:S', 'SkuId:S', 'UnitOfMeasure:S', 'MeterId:S', 'MeterName:S', 'MeterType:S',
    'MeterCategory:S', 'MeterSubCategory:S', 'MeterRegion:S', 'TierMinimumUnits:S', 'EffectiveStartDate:T',
    'EffectiveEndDate:T', 'UnitPrice:D', 'BasePrice:D', 'MarketPrice:D', 'Currency:S', 'BillingCurrency:S', 'Term:S',
    'PriceType:S',
  ]);

/** Columns of `reservationdetails_2023-03-01.json`, in file order. */
// prettier-ignore
const RESERVATION_DETAILS = columns([
    'InstanceFlexibilityGroup:S', 'InstanceFlexibilityRatio:D', 'InstanceId:S', 'Kind:S', 'ReservationOrderId:S',
    'ReservationId:S', 'ReservedHours:D', 'SkuName:S', 'TotalReservedQuantity:D', 'UsageDate:T', 'UsedHours:D',
  ]);

/** Columns of `reservationrecommendations_2023-05-01_ea.json`, in file order. */
// prettier-ignore
const RESERVATION_RECOMMENDATIONS_EA = columns([
    'SKU:S', 'Location:S', 'CostWithNoReservedInstances:S', 'FirstUsageDate:T', 'InstanceFlexibilityRatio:D',
    'InstanceFlexibilityGroup:S', 'LookBackPeriod:S', 'MeterId:S', 'NetSavings:D', 'NormalizedSize:S',
    'RecommendedQuantity:D', 'RecommendedQuantityNormalized:D', 'ResourceType:S', 'Scope:S', 'SkuProperties:S',
    'Term:S', 'TotalCostWithReservedInstances:S',
  ]);

/** Columns of `reservationrecommendations_2023-05-01_mca.json`, in file order. */
// prettier-ignore
const RESERVATION_RECOMMENDATIONS_MCA = columns([
    'Cost With No ReservedInstances:S', 'First UsageDate:T', 'Instance Flexibility Ratio:D',
    'Instance Flexibility Group:S', 'Location:S', 'LookBackPeriod:S', 'MeterID:S', 'Net Savings:D', 'Normalized Size:S',
    'Recommended Quantity:D', 'Recommended Quantity Normalized:D', 'ResourceType:S', 'scope:S', 'SkuName:S',
    'Sku Properties:S', 'Term:S', 'Total Cost With ReservedInstances:S',
  ]);

/**
 * Columns of `reservationrecommendations_2023-05-01_mca.json` as the public 0.9 rewrote it (#1317;
 * `../shared/reference/data/schemas/from-0.9/`): the same export columns written to parquet under space-free names,
 * the three cost values (JSON objects in MCA files) as text into `...Json` columns. Used by releases with
 * `kqlRecommendationsJsonCosts` (src/model/exportSchemas.ts).
 */
export const RESERVATION_RECOMMENDATIONS_MCA_SPACE_FREE = columns([
  'Cost With No ReservedInstances:S>CostWithNoReservedInstancesJson',
  'First UsageDate:T>FirstUsageDate',
  'Instance Flexibility Ratio:D>InstanceFlexibilityRatio',
  'Instance Flexibility Group:S>InstanceFlexibilityGroup',
  'Location:S',
  'LookBackPeriod:S',
  'MeterID:S>MeterId',
  'Net Savings:S>NetSavingsJson',
  'Normalized Size:S>NormalizedSize',
  'Recommended Quantity:D>RecommendedQuantity',
  'Recommended Quantity Normalized:D>RecommendedQuantityNormalized',
  'ResourceType:S',
  'scope:S>Scope',
  'SkuName:S',
  'Sku Properties:S>SkuProperties',
  'Term:S',
  'Total Cost With ReservedInstances:S>TotalCostWithReservedInstancesJson',
]);

/** Columns of `reservationtransactions_2023-05-01_ea.json`, in file order. */
// prettier-ignore
const RESERVATION_TRANSACTIONS_EA = columns([
    'AccountName:S', 'AccountOwnerEmail:S', 'Amount:D', 'ArmSkuName:S', 'BillingFrequency:S', 'BillingMonth:S',
    'CostCenter:S', 'Currency:S', 'CurrentEnrollmentId:S', 'DepartmentName:S', 'Description:S', 'EventDate:T',
    'EventType:S', 'MonetaryCommitment:D', 'Overage:D', 'PurchasingSubscriptionGuid:S', 'PurchasingSubscriptionName:S',
    'PurchasingEnrollment:S', 'Quantity:D', 'Region:S', 'ReservationOrderId:S', 'ReservationOrderName:S', 'Term:S',
  ]);

/** Columns of `reservationtransactions_2023-05-01_mca.json`, in file order. */
// prettier-ignore
const RESERVATION_TRANSACTIONS_MCA = columns([
    'Amount:D', 'ArmSkuName:S', 'BillingFrequency:S', 'BillingProfileId:S', 'BillingProfileName:S', 'Currency:S',
    'Description:S', 'EventDate:T', 'EventType:S', 'Invoice:S', 'InvoiceId:S', 'InvoiceSectionId:S',
    'InvoiceSectionName:S', 'PurchasingSubscriptionGuid:S', 'PurchasingSubscriptionName:S', 'Quantity:D', 'Region:S',
    'ReservationOrderId:S', 'ReservationOrderName:S', 'Term:S',
  ]);

/**
 * Columns of `actualcost_c360-2025-04.json` and `amortizedcost_c360-2025-04.json` (the same list), in file order:
 * the Microsoft-internal "C360" actual and amortized cost files the public 0.10 and 0.11 hubs ingest
 * (`../shared/reference/kql-0.9-14.md` §2.4; schema files in `../shared/reference/data/schemas/`).
 */
const C360_COSTS = columns([
  'BillingAccountId:S',
  'BillingAccountName:S',
  'BillingPeriodStartDate:T',
  'BillingPeriodEndDate:T',
  'BillingProfileId:S',
  'BillingProfileName:S',
  'AccountOwnerId:S',
  'AccountName:S',
  'SubscriptionId:S',
  'SubscriptionName:S',
  'Date:T',
  'Product:S',
  'PartNumber:S',
  'MeterId:S',
  'ServiceFamily:S',
  'MeterCategory:S',
  'MeterSubCategory:S',
  'MeterRegion:S',
  'MeterName:S',
  'Quantity:D',
  'EffectivePrice:D',
  'Cost:D',
  'UnitPrice:D',
  'BillingCurrency:S',
  'ResourceLocation:S',
  'AvailabilityZone:S',
  'ConsumedService:S',
  'ResourceId:S',
  'ResourceName:S',
  'ServiceInfo1:S',
  'ServiceInfo2:S',
  'AdditionalInfo:S',
  'Tags:S',
  'InvoiceSectionId:S',
  'InvoiceSection:S',
  'CostCenter:S',
  'UnitOfMeasure:S',
  'ResourceGroup:S',
  'ReservationId:S',
  'ReservationName:S',
  'ProductOrderId:S',
  'ProductOrderName:S',
  'OfferId:S',
  'IsAzureCreditEligible:B',
  'Term:S',
  'PublisherName:S',
  'PlanName:S',
  'ChargeType:S',
  'Frequency:S',
  'PublisherType:S',
]);

/**
 * The Cost Management export dataset types a hub understands (manifest `exportConfig.type`); `ActualCost` and
 * `AmortizedCost` are the Microsoft-internal "C360" cost exports of version `c360-2025-04` (0.10, 0.11).
 */
export type ExportType = 'FocusCost' | 'PriceSheet' | 'ReservationDetails' | 'ReservationRecommendations' | 'ReservationTransactions' | 'ActualCost' | 'AmortizedCost';

/** Billing channel of an export file, for datasets whose EA and MCA files differ. */
export type Channel = 'ea' | 'mca';

/** One parquet-conversion schema: the columns of one export type, version and (optionally) channel. */
export interface ExportSchema {
  exportType: ExportType;
  version: string;
  channel?: Channel;
  columns: ExportColumn[];
}

/**
 * File name of a conversion schema in the `config` container's `schemas/` folder: the lower-cased
 * `<type>_<version>[_<channel>].json`, which is how the ETL pipeline looks it up.
 */
export function schemaFileName(s: Pick<ExportSchema, 'exportType' | 'version' | 'channel'>): string {
  return `${s.exportType}_${s.version}${s.channel ? `_${s.channel}` : ''}.json`.toLowerCase();
}

/** Every conversion schema we know, by export type and version. */
export const EXPORT_SCHEMAS: readonly ExportSchema[] = [
  { exportType: 'FocusCost', version: '1.0r2', columns: FOCUS_1_0 },
  { exportType: 'FocusCost', version: '1.0', columns: FOCUS_1_0 },
  { exportType: 'FocusCost', version: '1.0-preview(v1)', columns: FOCUS_1_0_PREVIEW },
  { exportType: 'PriceSheet', version: '2023-05-01', channel: 'ea', columns: PRICESHEET_EA },
  { exportType: 'PriceSheet', version: '2023-05-01', channel: 'mca', columns: PRICESHEET_MCA },
  { exportType: 'ReservationDetails', version: '2023-03-01', columns: RESERVATION_DETAILS },
  { exportType: 'ReservationRecommendations', version: '2023-05-01', channel: 'ea', columns: RESERVATION_RECOMMENDATIONS_EA },
  { exportType: 'ReservationRecommendations', version: '2023-05-01', channel: 'mca', columns: RESERVATION_RECOMMENDATIONS_MCA },
  { exportType: 'ReservationTransactions', version: '2023-05-01', channel: 'ea', columns: RESERVATION_TRANSACTIONS_EA },
  { exportType: 'ReservationTransactions', version: '2023-05-01', channel: 'mca', columns: RESERVATION_TRANSACTIONS_MCA },
  { exportType: 'ActualCost', version: 'c360-2025-04', columns: C360_COSTS },
  { exportType: 'AmortizedCost', version: 'c360-2025-04', columns: C360_COSTS },
];

/**
 * The FOCUS 1.2 conversion schemas (public 0.11, `../shared/reference/data/schemas/`), newest first: not in
 * {@link EXPORT_SCHEMAS} but added by the releases whose `Costs_raw` has the FOCUS 1.2 columns
 * (`kqlFocus12Backport`, src/model/exportSchemas.ts).
 */
export const FOCUS_1_2_SCHEMAS: readonly ExportSchema[] = [
  { exportType: 'FocusCost', version: '1.2', columns: FOCUS_1_2 },
  { exportType: 'FocusCost', version: '1.2-preview', columns: FOCUS_1_2_PREVIEW },
];

/** The names of the built-in hub datasets (folders under `ingestion/`). */
export type BuiltInDatasetName = 'Costs' | 'Prices' | 'CommitmentDiscountUsage' | 'Recommendations' | 'Transactions' | 'ActualCosts' | 'AmortizedCosts';

/** A built-in hub dataset and the export that feeds it (spec, "Datasets" and "Supported export dataset types"). */
export interface BuiltInDataset {
  name: BuiltInDatasetName;
  exportType: ExportType;
  /**
   * Column whose presence in the first row of an export file marks the MCA shape of a dataset that
   * has EA and MCA files; absent when the dataset has a single shape.
   */
  mcaMarkerColumn?: string;
  /**
   * True for a dataset a hub ingests only when hub.yaml lists it, and that only the releases converting its
   * export type (their `exportVersions`) name in their Data Factory objects: the Microsoft-internal cost
   * datasets, whose exports only Microsoft's own billing accounts have.
   */
  optIn?: true;
}

/** Built-in datasets in the order the spec lists their export types. */
export const BUILT_IN_DATASETS: readonly BuiltInDataset[] = [
  { name: 'Costs', exportType: 'FocusCost' },
  { name: 'Prices', exportType: 'PriceSheet', mcaMarkerColumn: 'BillingProfileId' },
  { name: 'CommitmentDiscountUsage', exportType: 'ReservationDetails' },
  { name: 'Recommendations', exportType: 'ReservationRecommendations', mcaMarkerColumn: 'Net Savings' },
  { name: 'Transactions', exportType: 'ReservationTransactions', mcaMarkerColumn: 'BillingProfileId' },
  { name: 'ActualCosts', exportType: 'ActualCost', optIn: true },
  { name: 'AmortizedCosts', exportType: 'AmortizedCost', optIn: true },
];
