/**
 * Table layouts of the Data Explorer `Ingestion` database, as data: the settings log, the open-data tables,
 * and per built-in dataset the `{dataset}_raw` table (with its parquet ingestion mapping) and the
 * `{dataset}_final_v1_0` table; the layouts a release changes are chosen by its behaviours
 * ({@link builtInKqlDatasets}).
 *
 * Sources: the specification ("Dataset transforms", "Analytics cluster objects") and the facts references
 * `../shared/reference/kql-0.7.md` §4 (column names, Kusto types and order of the public 0.7 release) and
 * `kql-0.9-14.md` §2.3-2.5 (the raw tables of 0.9-0.11).
 * Raw tables hold the union of the columns of every conversion-schema file of their dataset
 * (`EXPORT_SCHEMAS` in `src/model/datasets.ts`) plus the columns other providers and the hub
 * add (`x_Source*`); column order equals mapping order. Final tables list the columns of the transform's
 * result in order (Data Explorer requires the update-policy query to produce exactly that schema).
 *
 * Spec strings are `Name:type` or `Name:type=Parquet field` when the parquet field differs from the
 * column name (the MCA reservation-recommendation fields contain spaces).
 *
 * Long because it is data: the column lists of every table, one constant each.
 */
import type { BuiltInDatasetName, ExportType } from '../../../model/datasets.js';
import type { KustoType } from '../../../model/hub.js';
import { behaves, type Release } from '../../../model/releases.js';

/** One column of a Kusto table; `field` is the parquet field it is loaded from (raw tables only). */
export interface KqlColumn {
  name: string;
  type: KustoType;
  /** Parquet field name the ingestion mapping reads; equals `name` unless stated. */
  field: string;
  /** Written bracket-quoted (`['name']`) in KQL: set for names the user chose, which may be KQL keywords. */
  quoted?: boolean;
}

const KUSTO_TYPES: readonly KustoType[] = ['string', 'long', 'int', 'real', 'decimal', 'bool', 'datetime', 'timespan', 'guid', 'dynamic'];

/**
 * Parses `Name:type[=field]` specs.
 * @throws Error on an unknown type (a typo in this file)
 */
export function cols(specs: string[]): KqlColumn[] {
  return specs.map((spec) => {
    const m = /^([A-Za-z_][A-Za-z0-9_]*):([a-z]+)(?:=(.+))?$/.exec(spec);
    if (!m || !KUSTO_TYPES.includes(m[2] as KustoType)) throw new Error(`bad column spec ${spec}`);
    return { name: m[1], type: m[2] as KustoType, field: m[3] ?? m[1] };
  });
}

/** Columns the hub adds to every raw table to record where a row came from. */
export const SOURCE_COLUMNS: readonly KqlColumn[] = cols(['x_SourceName:string', 'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string']);

/** `HubSettingsLog`: one row per `config_InitializeHub` run (settings.json version, scopes, retention). */
export const HUB_SETTINGS_LOG: readonly KqlColumn[] = cols(['version:string', 'scopes:dynamic', 'retention:dynamic']);

/** An open-data table, filled by Data Factory from the release's CSV assets. */
export interface OpenDataTable {
  name: 'PricingUnits' | 'Regions' | 'ResourceTypes' | 'Services';
  columns: readonly KqlColumn[];
}

/** The open-data mapping tables used for normalization, in creation order. */
export const OPEN_DATA_TABLES: readonly OpenDataTable[] = [
  { name: 'PricingUnits', columns: cols(['x_PricingUnitDescription:string', 'x_PricingBlockSize:decimal', 'PricingUnit:string']) },
  { name: 'Regions', columns: cols(['ResourceLocation:string', 'RegionId:string', 'RegionName:string']) },
  {
    name: 'ResourceTypes',
    // prettier-ignore
    columns: cols([
      'x_ResourceType:string', 'SingularDisplayName:string', 'PluralDisplayName:string', 'LowerSingularDisplayName:string',
      'LowerPluralDisplayName:string', 'IsPreview:bool', 'Description:string', 'IconUri:string',
    ]),
  },
  {
    name: 'Services',
    // prettier-ignore
    columns: cols([
      'x_ConsumedService:string', 'x_ResourceType:string', 'ServiceName:string', 'ServiceCategory:string',
      'ServiceSubcategory:string', 'PublisherName:string', 'x_PublisherCategory:string', 'x_Environment:string',
      'x_ServiceModel:string',
    ]),
  },
];

// prettier-ignore
const PRICES_RAW = cols([
  'BasePrice:decimal', 'BillingAccountId:string', 'BillingAccountName:string', 'BillingCurrency:string',
  'BillingProfileId:string', 'BillingProfileName:string', 'Currency:string', 'CurrencyCode:string',
  'EffectiveEndDate:datetime', 'EffectiveStartDate:datetime', 'EnrollmentNumber:string', 'IncludedQuantity:decimal',
  'MarketPrice:decimal', 'MeterCategory:string', 'MeterId:string', 'MeterID:string', 'MeterName:string',
  'MeterRegion:string', 'MeterSubCategory:string', 'MeterType:string', 'OfferID:string', 'PartNumber:string',
  'PriceType:string', 'Product:string', 'ProductId:string', 'ProductID:string', 'ServiceFamily:string', 'SkuId:string',
  'SkuID:string', 'Term:string', 'TierMinimumUnits:decimal', 'UnitOfMeasure:string', 'UnitPrice:decimal',
]);

// prettier-ignore
const PRICES_FINAL = cols([
  'BillingAccountId:string', 'BillingAccountName:string', 'BillingCurrency:string', 'ChargeCategory:string',
  'CommitmentDiscountCategory:string', 'CommitmentDiscountType:string', 'ContractedUnitPrice:decimal',
  'ListUnitPrice:decimal', 'PricingCategory:string', 'PricingUnit:string', 'SkuId:string', 'SkuPriceId:string',
  'SkuPriceIdv2:string', 'x_BaseUnitPrice:decimal', 'x_BillingAccountAgreement:string', 'x_BillingAccountId:string',
  'x_BillingProfileId:string', 'x_CommitmentDiscountSpendEligibility:string', 'x_CommitmentDiscountUsageEligibility:string',
  'x_ContractedUnitPriceDiscount:decimal', 'x_ContractedUnitPriceDiscountPercent:decimal', 'x_EffectivePeriodEnd:datetime',
  'x_EffectivePeriodStart:datetime', 'x_EffectiveUnitPrice:decimal', 'x_EffectiveUnitPriceDiscount:decimal',
  'x_EffectiveUnitPriceDiscountPercent:decimal', 'x_IngestionTime:datetime', 'x_PricingBlockSize:decimal',
  'x_PricingCurrency:string', 'x_PricingSubcategory:string', 'x_PricingUnitDescription:string', 'x_SkuDescription:string',
  'x_SkuId:string', 'x_SkuIncludedQuantity:decimal', 'x_SkuMeterCategory:string', 'x_SkuMeterId:string',
  'x_SkuMeterName:string', 'x_SkuMeterSubcategory:string', 'x_SkuMeterType:string', 'x_SkuPriceType:string',
  'x_SkuProductId:string', 'x_SkuRegion:string', 'x_SkuServiceFamily:string', 'x_SkuOfferId:string',
  'x_SkuPartNumber:string', 'x_SkuTerm:int', 'x_SkuTier:decimal', 'x_SourceName:string', 'x_SourceProvider:string',
  'x_SourceType:string', 'x_SourceVersion:string', 'x_TotalUnitPriceDiscount:decimal',
  'x_TotalUnitPriceDiscountPercent:decimal',
]);

/** FOCUS cost columns of every source (Microsoft 1.0 and 1.0-preview(v1), AWS 1.0, GCP 2024 variants). */
// prettier-ignore
const COSTS_RAW = cols([
  'AvailabilityZone:string', 'BilledCost:decimal', 'BillingAccountId:string', 'BillingAccountName:string',
  'BillingAccountType:string', 'BillingCurrency:string', 'BillingPeriodEnd:datetime', 'BillingPeriodStart:datetime',
  'ChargeCategory:string', 'ChargeClass:string', 'ChargeDescription:string', 'ChargeFrequency:string',
  'ChargePeriodEnd:datetime', 'ChargePeriodStart:datetime', 'ChargeSubcategory:string',
  'CommitmentDiscountCategory:string', 'CommitmentDiscountId:string', 'CommitmentDiscountName:string',
  'CommitmentDiscountStatus:string', 'CommitmentDiscountType:string', 'ConsumedQuantity:decimal', 'ConsumedUnit:string',
  'ContractedCost:decimal', 'ContractedUnitPrice:decimal', 'EffectiveCost:decimal', 'InvoiceIssuerName:string',
  'ListCost:decimal', 'ListUnitPrice:decimal', 'PricingCategory:string', 'PricingQuantity:decimal', 'PricingUnit:string',
  'ProviderName:string', 'PublisherName:string', 'Region:string', 'RegionId:string', 'RegionName:string',
  'ResourceId:string', 'ResourceName:string', 'ResourceType:string', 'ServiceCategory:string', 'ServiceName:string',
  'SkuId:string', 'SkuPriceId:string', 'SubAccountId:string', 'SubAccountName:string', 'SubAccountType:string',
  'Tags:string', 'UsageAmount:decimal', 'UsageQuantity:decimal', 'UsageUnit:string', 'x_AccountId:string',
  'x_AccountName:string', 'x_AccountOwnerId:string', 'x_BilledCostInUsd:decimal', 'x_BilledUnitPrice:decimal',
  'x_BillingAccountId:string', 'x_BillingAccountName:string', 'x_BillingExchangeRate:decimal',
  'x_BillingExchangeRateDate:datetime', 'x_BillingProfileId:string', 'x_BillingProfileName:string', 'x_ChargeId:string',
  'x_ContractedCostInUsd:decimal', 'x_Cost:decimal', 'x_CostAllocationRuleName:string', 'x_CostCategories:string',
  'x_CostCenter:string', 'x_Credits:string', 'x_CostType:string', 'x_CurrencyConversionRate:decimal',
  'x_CustomerId:string', 'x_CustomerName:string', 'x_Discount:string', 'x_EffectiveCostInUsd:decimal',
  'x_EffectiveUnitPrice:decimal', 'x_ExportTime:datetime', 'x_InvoiceId:string', 'x_InvoiceIssuerId:string',
  'x_InvoiceSectionId:string', 'x_InvoiceSectionName:string', 'x_ListCostInUsd:decimal', 'x_Location:string',
  'x_OnDemandCost:decimal', 'x_OnDemandCostInUsd:decimal', 'x_OnDemandUnitPrice:decimal', 'x_Operation:string',
  'x_PartnerCreditApplied:string', 'x_PartnerCreditRate:string', 'x_PricingBlockSize:decimal',
  'x_PricingCurrency:string', 'x_PricingSubcategory:string', 'x_PricingUnitDescription:string', 'x_Project:string',
  'x_PublisherCategory:string', 'x_PublisherId:string', 'x_ResellerId:string', 'x_ResellerName:string',
  'x_ResourceGroupName:string', 'x_ResourceType:string', 'x_ServiceCode:string', 'x_ServiceId:string',
  'x_ServicePeriodEnd:datetime', 'x_ServicePeriodStart:datetime', 'x_SkuDescription:string', 'x_SkuDetails:string',
  'x_SkuIsCreditEligible:bool', 'x_SkuMeterCategory:string', 'x_SkuMeterId:string', 'x_SkuMeterName:string',
  'x_SkuMeterSubcategory:string', 'x_SkuOfferId:string', 'x_SkuOrderId:string', 'x_SkuOrderName:string',
  'x_SkuPartNumber:string', 'x_SkuRegion:string', 'x_SkuServiceFamily:string', 'x_SkuTerm:int', 'x_SkuTier:string',
]);

/** Costs columns the hub adds after the source columns (`x_SourceChanges` etc. are in the final table only). */
const COSTS_RAW_TAIL = cols(['x_UsageType:string']);

// prettier-ignore
const COSTS_FINAL = cols([
  'AvailabilityZone:string', 'BilledCost:decimal', 'BillingAccountId:string', 'BillingAccountName:string',
  'BillingAccountType:string', 'BillingCurrency:string', 'BillingPeriodEnd:datetime', 'BillingPeriodStart:datetime',
  'ChargeCategory:string', 'ChargeClass:string', 'ChargeDescription:string', 'ChargeFrequency:string',
  'ChargePeriodEnd:datetime', 'ChargePeriodStart:datetime', 'CommitmentDiscountCategory:string',
  'CommitmentDiscountId:string', 'CommitmentDiscountName:string', 'CommitmentDiscountStatus:string',
  'CommitmentDiscountType:string', 'ConsumedQuantity:decimal', 'ConsumedUnit:string', 'ContractedCost:decimal',
  'ContractedUnitPrice:decimal', 'EffectiveCost:decimal', 'InvoiceIssuerName:string', 'ListCost:decimal',
  'ListUnitPrice:decimal', 'PricingCategory:string', 'PricingQuantity:decimal', 'PricingUnit:string',
  'ProviderName:string', 'PublisherName:string', 'RegionId:string', 'RegionName:string', 'ResourceId:string',
  'ResourceName:string', 'ResourceType:string', 'ServiceCategory:string', 'ServiceName:string', 'SkuId:string',
  'SkuPriceId:string', 'SubAccountId:string', 'SubAccountName:string', 'SubAccountType:string', 'Tags:dynamic',
  'x_AccountId:string', 'x_AccountName:string', 'x_AccountOwnerId:string', 'x_BilledCostInUsd:decimal',
  'x_BilledUnitPrice:decimal', 'x_BillingAccountAgreement:string', 'x_BillingAccountId:string',
  'x_BillingAccountName:string', 'x_BillingExchangeRate:decimal', 'x_BillingExchangeRateDate:datetime',
  'x_BillingProfileId:string', 'x_BillingProfileName:string', 'x_ChargeId:string', 'x_ContractedCostInUsd:decimal',
  'x_CostAllocationRuleName:string', 'x_CostCategories:dynamic', 'x_CostCenter:string', 'x_Credits:dynamic',
  'x_CostType:string', 'x_CurrencyConversionRate:decimal', 'x_CustomerId:string', 'x_CustomerName:string',
  'x_Discount:dynamic', 'x_EffectiveCostInUsd:decimal', 'x_EffectiveUnitPrice:decimal', 'x_ExportTime:datetime',
  'x_IngestionTime:datetime', 'x_InvoiceId:string', 'x_InvoiceIssuerId:string', 'x_InvoiceSectionId:string',
  'x_InvoiceSectionName:string', 'x_ListCostInUsd:decimal', 'x_Location:string', 'x_Operation:string',
  'x_PartnerCreditApplied:string', 'x_PartnerCreditRate:string', 'x_PricingBlockSize:decimal',
  'x_PricingCurrency:string', 'x_PricingSubcategory:string', 'x_PricingUnitDescription:string', 'x_Project:string',
  'x_PublisherCategory:string', 'x_PublisherId:string', 'x_ResellerId:string', 'x_ResellerName:string',
  'x_ResourceGroupName:string', 'x_ResourceType:string', 'x_ServiceCode:string', 'x_ServiceId:string',
  'x_ServicePeriodEnd:datetime', 'x_ServicePeriodStart:datetime', 'x_SkuDescription:string', 'x_SkuDetails:dynamic',
  'x_SkuIsCreditEligible:bool', 'x_SkuMeterCategory:string', 'x_SkuMeterId:string', 'x_SkuMeterName:string',
  'x_SkuMeterSubcategory:string', 'x_SkuOfferId:string', 'x_SkuOrderId:string', 'x_SkuOrderName:string',
  'x_SkuPartNumber:string', 'x_SkuRegion:string', 'x_SkuServiceFamily:string', 'x_SkuTerm:int', 'x_SkuTier:string',
  'x_SourceChanges:string', 'x_SourceName:string', 'x_SourceProvider:string', 'x_SourceType:string',
  'x_SourceVersion:string', 'x_UsageType:string',
]);

// prettier-ignore
const COMMITMENT_DISCOUNT_USAGE_RAW = cols([
  'InstanceFlexibilityGroup:string', 'InstanceFlexibilityRatio:decimal', 'InstanceId:string', 'Kind:string',
  'ReservationId:string', 'ReservationOrderId:string', 'ReservedHours:decimal', 'SkuName:string',
  'TotalReservedQuantity:decimal', 'UsageDate:datetime', 'UsedHours:decimal',
]);

// prettier-ignore
const COMMITMENT_DISCOUNT_USAGE_FINAL = cols([
  'ChargePeriodEnd:datetime', 'ChargePeriodStart:datetime', 'CommitmentDiscountCategory:string',
  'CommitmentDiscountId:string', 'CommitmentDiscountType:string', 'ConsumedQuantity:decimal', 'ProviderName:string',
  'ResourceId:string', 'ResourceName:string', 'ResourceType:string', 'ServiceCategory:string', 'ServiceName:string',
  'SubAccountId:string', 'x_CommitmentDiscountCommittedCount:decimal', 'x_CommitmentDiscountCommittedAmount:decimal',
  'x_CommitmentDiscountNormalizedGroup:string', 'x_CommitmentDiscountNormalizedRatio:decimal',
  'x_CommitmentDiscountQuantity:decimal', 'x_IngestionTime:datetime', 'x_ResourceGroupName:string',
  'x_ResourceType:string', 'x_ServiceModel:string', 'x_SkuOrderId:string', 'x_SkuSize:string', 'x_SourceName:string',
  'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string',
]);

/** EA names first; each MCA name with spaces lands in a `…2` column. */
// prettier-ignore
const RECOMMENDATIONS_RAW = cols([
  'CostWithNoReservedInstances:decimal', 'CostWithNoReservedInstances2:decimal=Cost With No ReservedInstances',
  'FirstUsageDate:datetime', 'FirstUsageDate2:datetime=First UsageDate', 'InstanceFlexibilityGroup:string',
  'InstanceFlexibilityGroup2:string=Instance Flexibility Group', 'InstanceFlexibilityRatio:decimal',
  'InstanceFlexibilityRatio2:decimal=Instance Flexibility Ratio', 'Location:string', 'LookBackPeriod:string',
  'MeterId:string', 'MeterID:string', 'NetSavings:decimal', 'NetSavings2:decimal=Net Savings', 'NormalizedSize:string',
  'NormalizedSize2:string=Normalized Size', 'RecommendedQuantity:decimal', 'RecommendedQuantity2:decimal=Recommended Quantity',
  'RecommendedQuantityNormalized:decimal', 'RecommendedQuantityNormalized2:decimal=Recommended Quantity Normalized',
  'ResourceType:string', 'Scope:string', 'scope:string', 'SKU:string', 'SkuName:string', 'SkuProperties:string',
  'SkuProperties2:string=Sku Properties', 'SubscriptionId:string', 'Term:string', 'TotalCostWithReservedInstances:decimal',
  'TotalCostWithReservedInstances2:decimal=Total Cost With ReservedInstances',
]);

// prettier-ignore
const RECOMMENDATIONS_FINAL = cols([
  'ProviderName:string', 'SubAccountId:string', 'x_IngestionTime:datetime', 'x_EffectiveCostAfter:decimal',
  'x_EffectiveCostBefore:decimal', 'x_EffectiveCostSavings:decimal', 'x_RecommendationDate:datetime',
  'x_RecommendationDetails:dynamic', 'x_SourceName:string', 'x_SourceProvider:string', 'x_SourceType:string',
  'x_SourceVersion:string',
]);

// prettier-ignore
const TRANSACTIONS_RAW = cols([
  'AccountName:string', 'AccountOwnerEmail:string', 'Amount:decimal', 'ArmSkuName:string', 'BillingFrequency:string',
  'BillingMonth:string', 'BillingProfileId:string', 'BillingProfileName:string', 'CostCenter:string', 'Currency:string',
  'CurrentEnrollmentId:string', 'DepartmentName:string', 'Description:string', 'EventDate:datetime', 'EventType:string',
  'Invoice:string', 'InvoiceId:string', 'InvoiceSectionId:string', 'InvoiceSectionName:string',
  'MonetaryCommitment:decimal', 'Overage:decimal', 'PurchasingEnrollment:string', 'PurchasingSubscriptionGuid:string',
  'PurchasingSubscriptionName:string', 'Quantity:decimal', 'Region:string', 'ReservationOrderId:string',
  'ReservationOrderName:string', 'Term:string',
]);

// prettier-ignore
const TRANSACTIONS_FINAL = cols([
  'BilledCost:decimal', 'BillingAccountId:string', 'BillingAccountName:string', 'BillingCurrency:string',
  'BillingPeriodEnd:datetime', 'BillingPeriodStart:datetime', 'ChargeCategory:string', 'ChargeClass:string',
  'ChargeDescription:string', 'ChargeFrequency:string', 'ChargePeriodStart:datetime', 'PricingQuantity:decimal',
  'PricingUnit:string', 'ProviderName:string', 'RegionId:string', 'RegionName:string', 'SubAccountId:string',
  'SubAccountName:string', 'x_AccountName:string', 'x_AccountOwnerId:string', 'x_CostCenter:string',
  'x_InvoiceId:string', 'x_InvoiceNumber:string', 'x_InvoiceSectionId:string', 'x_InvoiceSectionName:string',
  'x_IngestionTime:datetime', 'x_MonetaryCommitment:decimal', 'x_Overage:decimal', 'x_PurchasingBillingAccountId:string',
  'x_SkuOrderId:string', 'x_SkuOrderName:string', 'x_SkuSize:string', 'x_SkuTerm:int', 'x_SourceName:string',
  'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string', 'x_SubscriptionId:string',
  'x_TransactionType:string',
]);

/**
 * `columns` with each group of `insert` placed after the column it names (the columns a later release adds at
 * their alphabetical place).
 * @throws Error when a named column is missing (a typo in this file)
 */
function insertAfter(columns: readonly KqlColumn[], insert: Record<string, string[]>): KqlColumn[] {
  const out = [...columns];
  for (const [after, specs] of Object.entries(insert)) {
    const i = out.findIndex((c) => c.name === after);
    if (i < 0) throw new Error(`no column ${after}`);
    out.splice(i + 1, 0, ...cols(specs));
  }
  return out;
}

/** `Costs_raw` of 0.7-0.10: the FOCUS cost columns of every source, the source columns, `x_UsageType`. */
const COSTS_RAW_ALL = [...COSTS_RAW, ...SOURCE_COLUMNS, ...COSTS_RAW_TAIL];

/**
 * `Costs_raw` with `kqlFocus12Backport` (0.11): the 123 columns and the 16 of FOCUS 1.1 and 1.2, Azure 1.2-preview
 * and Tencent 1.0, each at its place in the public 0.11 table (kql-0.9-14.md §2.5).
 */
const COSTS_RAW_FOCUS_1_2 = insertAfter(COSTS_RAW_ALL, {
  BillingPeriodStart: ['CapacityReservationId:string', 'CapacityReservationStatus:string'],
  CommitmentDiscountName: ['CommitmentDiscountQuantity:decimal'],
  CommitmentDiscountType: ['CommitmentDiscountUnit:string'],
  EffectiveCost: ['InvoiceId:string'],
  PricingCategory: ['PricingCurrency:string'],
  ServiceName: ['ServiceSubcategory:string'],
  SkuId: ['SkuMeter:string', 'SkuPriceDetails:string'],
  x_AccountOwnerId: ['x_AmortizationClass:string'],
  x_ChargeId: ['x_ComponentName:string', 'x_ComponentType:string'],
  x_Operation: ['x_OwnerAccountID:string'],
  x_ServiceId: ['x_ServiceModel:string'],
  x_SkuPartNumber: ['x_SkuPlanName:string'],
  x_SourceVersion: ['x_SubproductName:string'],
});

/**
 * `Recommendations_raw` with `kqlRecommendationsJsonCosts` (0.9): the EA columns and the space-free MCA columns,
 * whose cost values are JSON objects kept as text in the `...Json` columns (kql-0.9-14.md §2.3).
 */
// prettier-ignore
const RECOMMENDATIONS_RAW_JSON_COSTS = cols([
  'CostWithNoReservedInstances:decimal', 'CostWithNoReservedInstancesJson:string', 'FirstUsageDate:datetime',
  'InstanceFlexibilityGroup:string', 'InstanceFlexibilityRatio:decimal', 'Location:string', 'LookBackPeriod:string',
  'MeterId:string', 'NetSavings:decimal', 'NetSavingsJson:string', 'NormalizedSize:string', 'RecommendedQuantity:decimal',
  'RecommendedQuantityNormalized:decimal', 'ResourceType:string', 'Scope:string', 'SKU:string', 'SkuName:string',
  'SkuProperties:string', 'SubscriptionId:string', 'Term:string', 'TotalCostWithReservedInstances:decimal',
  'TotalCostWithReservedInstancesJson:string',
]);

/**
 * The Microsoft-internal C360 actual and amortized cost files (`ActualCosts_raw`, `AmortizedCosts_raw`),
 * alphabetical. The file's cost column is `Cost` (the public 0.10 named the table column `Costs`, which its schema
 * file never filled: kql-0.9-14.md §2.4, docs/deviations.md).
 */
// prettier-ignore
export const C360_RAW = cols([
  'AccountName:string', 'AccountOwnerId:string', 'AdditionalInfo:string', 'AvailabilityZone:string',
  'BillingAccountId:string', 'BillingAccountName:string', 'BillingCurrency:string', 'BillingPeriodEndDate:datetime',
  'BillingPeriodStartDate:datetime', 'BillingProfileId:string', 'BillingProfileName:string', 'ChargeType:string',
  'ConsumedService:string', 'CostCenter:string', 'Cost:decimal', 'Date:datetime', 'EffectivePrice:decimal',
  'Frequency:string', 'InvoiceSection:string', 'InvoiceSectionId:string', 'IsAzureCreditEligible:bool',
  'MeterCategory:string', 'MeterId:string', 'MeterName:string', 'MeterRegion:string', 'MeterSubCategory:string',
  'OfferId:string', 'PartNumber:string', 'PlanName:string', 'Product:string', 'ProductOrderId:string',
  'ProductOrderName:string', 'PublisherName:string', 'PublisherType:string', 'Quantity:decimal', 'ReservationId:string',
  'ReservationName:string', 'ResourceGroup:string', 'ResourceId:string', 'ResourceLocation:string',
  'ResourceName:string', 'ServiceFamily:string', 'ServiceInfo1:string', 'ServiceInfo2:string', 'SubscriptionId:string',
  'SubscriptionName:string', 'Tags:string', 'Term:string', 'UnitOfMeasure:string', 'UnitPrice:decimal',
]);

/** Data Explorer objects of one built-in dataset (FOCUS 1.0 target). */
export interface BuiltInKqlDataset {
  name: BuiltInDatasetName;
  /** The export type whose files land in the raw table. */
  exportType: ExportType;
  /** `{dataset}_raw` columns in mapping order. */
  raw: readonly KqlColumn[];
  /**
   * Columns of the table the transform's update policy writes, in transform-output order: `{dataset}_final_v1_0`,
   * or the raw table of the dataset it {@link BuiltInKqlDataset.feeds}.
   */
  final: readonly KqlColumn[];
  /**
   * The dataset whose raw table this dataset's transform writes: the C360 datasets feed `Costs_raw`, whose own update
   * policy then fills `Costs_final_v1_0`. Absent for a dataset with a final table and Hub functions of its own.
   */
  feeds?: 'Costs';
  /** Folder of the Ingestion transform function. */
  transformFolder: string;
  /** Docstrings: transform, Hub `{dataset}_v1_0()`, Hub `{dataset}()` (the Hub ones unused for a dataset that feeds another). */
  docs: { transform: string; versioned: string; latest: string };
}

/** A C360 dataset: its raw table, and a transform into `Costs_raw` (kql-0.9-14.md §3.4). */
function c360(name: 'ActualCosts' | 'AmortizedCosts', exportType: 'ActualCost' | 'AmortizedCost', costsRaw: readonly KqlColumn[], what: string): BuiltInKqlDataset {
  return {
    name,
    exportType,
    raw: C360_RAW,
    final: costsRaw,
    feeds: 'Costs',
    transformFolder: 'Costs',
    docs: {
      transform: `Converts ${name}_raw (Microsoft-internal C360 ${what} files, C360-2025-04) to Costs_raw rows, which the Costs transform normalizes to FOCUS 1.0.`,
      versioned: '',
      latest: '',
    },
  };
}

/**
 * The built-in datasets of a release in Ingestion-script order, with the layouts its behaviours choose. Prices comes
 * first because the Costs transform reads `Prices_final_v1_0` (spec: prices must be exported before costs); the
 * C360 datasets follow Costs, whose raw table they write.
 */
export function builtInKqlDatasets(release: Release): readonly BuiltInKqlDataset[] {
  const costsRaw = behaves(release, 'kqlFocus12Backport') ? COSTS_RAW_FOCUS_1_2 : COSTS_RAW_ALL;
  return [
    {
      name: 'Prices',
      exportType: 'PriceSheet',
      raw: [...PRICES_RAW, ...SOURCE_COLUMNS],
      final: PRICES_FINAL,
      transformFolder: 'Prices',
      docs: {
        transform: 'Normalizes Prices_raw (EA and MCA price sheets 2023-05-01) to FOCUS 1.0.',
        versioned: 'Prices aligned to FOCUS 1.0.',
        latest: 'Prices in the latest FOCUS version the hub supports.',
      },
    },
    {
      name: 'Costs',
      exportType: 'FocusCost',
      raw: costsRaw,
      final: COSTS_FINAL,
      transformFolder: 'Costs',
      docs: {
        transform: behaves(release, 'kqlFocus12Backport')
          ? 'Normalizes Costs_raw (FOCUS 1.2, 1.2-preview, 1.0r2, 1.0 and 1.0-preview exports, C360 rows) to FOCUS 1.0.'
          : 'Normalizes Costs_raw (FOCUS 1.0r2, 1.0 and 1.0-preview exports) to FOCUS 1.0.',
        versioned: 'Cost and usage records aligned to FOCUS 1.0.',
        latest: 'Cost and usage records in the latest FOCUS version the hub supports.',
      },
    },
    c360('ActualCosts', 'ActualCost', costsRaw, 'actual cost'),
    c360('AmortizedCosts', 'AmortizedCost', costsRaw, 'amortized cost'),
    {
      name: 'CommitmentDiscountUsage',
      exportType: 'ReservationDetails',
      raw: [...COMMITMENT_DISCOUNT_USAGE_RAW, ...SOURCE_COLUMNS],
      final: COMMITMENT_DISCOUNT_USAGE_FINAL,
      transformFolder: 'Commitment discounts',
      docs: {
        transform: 'Normalizes CommitmentDiscountUsage_raw (reservation details 2023-03-01) to FOCUS 1.0.',
        versioned: 'Commitment discount usage records aligned to FOCUS 1.0.',
        latest: 'Commitment discount usage records in the latest FOCUS version the hub supports.',
      },
    },
    {
      name: 'Recommendations',
      exportType: 'ReservationRecommendations',
      raw: [...(behaves(release, 'kqlRecommendationsJsonCosts') ? RECOMMENDATIONS_RAW_JSON_COSTS : RECOMMENDATIONS_RAW), ...SOURCE_COLUMNS],
      final: RECOMMENDATIONS_FINAL,
      transformFolder: 'Recommendations',
      docs: {
        transform: 'Normalizes Recommendations_raw (EA and MCA reservation recommendations 2023-05-01) to FOCUS 1.0.',
        versioned: 'Commitment discount recommendations aligned to FOCUS 1.0.',
        latest: 'Commitment discount recommendations in the latest FOCUS version the hub supports.',
      },
    },
    {
      name: 'Transactions',
      exportType: 'ReservationTransactions',
      raw: [...TRANSACTIONS_RAW, ...SOURCE_COLUMNS],
      final: TRANSACTIONS_FINAL,
      transformFolder: 'Transactions',
      docs: {
        transform: 'Normalizes Transactions_raw (EA and MCA reservation transactions 2023-05-01) to FOCUS 1.0.',
        versioned: 'Commitment discount purchases, refunds and other transactions aligned to FOCUS 1.0.',
        latest: 'Commitment discount purchases, refunds and other transactions in the latest FOCUS version the hub supports.',
      },
    },
  ];
}
