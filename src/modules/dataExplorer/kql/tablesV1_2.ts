/**
 * Table layouts of the Data Explorer `Ingestion` database that release 12 brings (the FOCUS 1.2 schema version
 * `v1_2`), as data: the raw tables of 12 (behaviour `kqlRawTables12`) and the `*_final_v1_2` tables (release row
 * field `focusVersions` with `1_2`), and per built-in dataset what the Hub database's versioned functions convert
 * between the two versions.
 *
 * Sources: the facts reference `../shared/reference/kql-0.9-14.md` §2.5-2.7 (raw tables of 12: column names, Kusto
 * types and order), §3.2-3.7 (final tables) and §5.3 (Hub conversions); the column lists are checked against that
 * file by test/modules/dataExplorer/kqlV1_2Schema.test.ts. Every number is `real` (the release's "decimal to real").
 */
import type { BuiltInDatasetName } from '../../../model/datasets.js';
import { cols, type KqlColumn } from './tables.js';

/** `Prices_raw` in 12 (§2.7): the 0.8 columns, five of them `real`. */
const PRICES_RAW_12 = cols([
  'BasePrice:real', 'BillingAccountId:string', 'BillingAccountName:string', 'BillingCurrency:string',
  'BillingProfileId:string', 'BillingProfileName:string', 'Currency:string', 'CurrencyCode:string',
  'EffectiveEndDate:datetime', 'EffectiveStartDate:datetime', 'EnrollmentNumber:string', 'IncludedQuantity:real',
  'MarketPrice:real', 'MeterCategory:string', 'MeterId:string', 'MeterID:string', 'MeterName:string',
  'MeterRegion:string', 'MeterSubCategory:string', 'MeterType:string', 'OfferID:string', 'PartNumber:string',
  'PriceType:string', 'Product:string', 'ProductId:string', 'ProductID:string', 'ServiceFamily:string',
  'SkuId:string', 'SkuID:string', 'Term:string', 'TierMinimumUnits:real', 'UnitOfMeasure:string', 'UnitPrice:real',
  'x_SourceName:string', 'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string',
]);

/** `Costs_raw` in 12 (§2.5): 144 columns, 24 of them `real`. */
const COSTS_RAW_12 = cols([
  'AvailabilityZone:string', 'BilledCost:real', 'BillingAccountId:string', 'BillingAccountName:string',
  'BillingAccountType:string', 'BillingCurrency:string', 'BillingPeriodEnd:datetime', 'BillingPeriodStart:datetime',
  'CapacityReservationId:string', 'CapacityReservationStatus:string', 'ChargeCategory:string', 'ChargeClass:string',
  'ChargeDescription:string', 'ChargeFrequency:string', 'ChargePeriodEnd:datetime', 'ChargePeriodStart:datetime',
  'ChargeSubcategory:string', 'CommitmentDiscountCategory:string', 'CommitmentDiscountId:string',
  'CommitmentDiscountName:string', 'CommitmentDiscountQuantity:real', 'CommitmentDiscountStatus:string',
  'CommitmentDiscountType:string', 'CommitmentDiscountUnit:string', 'ConsumedQuantity:real', 'ConsumedUnit:string',
  'ContractedCost:real', 'ContractedUnitPrice:real', 'EffectiveCost:real', 'InvoiceId:string',
  'InvoiceIssuerName:string', 'ListCost:real', 'ListUnitPrice:real', 'PricingCategory:string',
  'PricingCurrency:string', 'PricingQuantity:real', 'PricingUnit:string', 'ProviderName:string',
  'PublisherName:string', 'Region:string', 'RegionId:string', 'RegionName:string', 'ResourceId:string',
  'ResourceName:string', 'ResourceType:string', 'ServiceCategory:string', 'ServiceName:string',
  'ServiceSubcategory:string', 'SkuId:string', 'SkuMeter:string', 'SkuPriceDetails:string', 'SkuPriceId:string',
  'SubAccountId:string', 'SubAccountName:string', 'SubAccountType:string', 'Tags:string', 'UsageAmount:real',
  'UsageQuantity:real', 'UsageUnit:string', 'x_AccountId:string', 'x_AccountName:string', 'x_AccountOwnerId:string',
  'x_AmortizationClass:string', 'x_BilledCostInUsd:real', 'x_BilledUnitPrice:real', 'x_BillingAccountId:string',
  'x_BillingAccountName:string', 'x_BillingExchangeRate:real', 'x_BillingExchangeRateDate:datetime',
  'x_BillingItemCode:string', 'x_BillingItemName:string', 'x_BillingProfileId:string', 'x_BillingProfileName:string',
  'x_ChargeId:string', 'x_CommodityCode:string', 'x_CommodityName:string', 'x_ComponentName:string',
  'x_ComponentType:string', 'x_ContractedCostInUsd:real', 'x_Cost:real', 'x_CostAllocationRuleName:string',
  'x_CostCategories:string', 'x_CostCenter:string', 'x_CostType:string', 'x_Credits:string',
  'x_CurrencyConversionRate:real', 'x_CustomerId:string', 'x_CustomerName:string', 'x_Discount:string',
  'x_EffectiveCostInUsd:real', 'x_EffectiveUnitPrice:real', 'x_ExportTime:datetime', 'x_InstanceID:string',
  'x_InvoiceId:string', 'x_InvoiceIssuerId:string', 'x_InvoiceSectionId:string', 'x_InvoiceSectionName:string',
  'x_ListCostInUsd:real', 'x_Location:string', 'x_OnDemandCost:real', 'x_OnDemandCostInUsd:real',
  'x_OnDemandUnitPrice:real', 'x_Operation:string', 'x_OwnerAccountID:string', 'x_PartnerCreditApplied:string',
  'x_PartnerCreditRate:string', 'x_PricingBlockSize:real', 'x_PricingCurrency:string', 'x_PricingSubcategory:string',
  'x_PricingUnitDescription:string', 'x_Project:string', 'x_PublisherCategory:string', 'x_PublisherId:string',
  'x_ResellerId:string', 'x_ResellerName:string', 'x_ResourceGroupName:string', 'x_ResourceType:string',
  'x_ServiceCode:string', 'x_ServiceId:string', 'x_ServiceModel:string', 'x_ServicePeriodEnd:datetime',
  'x_ServicePeriodStart:datetime', 'x_SkuDescription:string', 'x_SkuDetails:string', 'x_SkuIsCreditEligible:bool',
  'x_SkuMeterCategory:string', 'x_SkuMeterId:string', 'x_SkuMeterName:string', 'x_SkuMeterSubcategory:string',
  'x_SkuOfferId:string', 'x_SkuOrderId:string', 'x_SkuOrderName:string', 'x_SkuPartNumber:string',
  'x_SkuPlanName:string', 'x_SkuRegion:string', 'x_SkuServiceFamily:string', 'x_SkuTerm:int', 'x_SkuTier:string',
  'x_SourceName:string', 'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string',
  'x_SubproductName:string', 'x_UsageType:string',
]);

/** `CommitmentDiscountUsage_raw` in 12 (§2.7): the 0.8 columns, four of them `real`. */
const COMMITMENT_DISCOUNT_USAGE_RAW_12 = cols([
  'InstanceFlexibilityGroup:string', 'InstanceFlexibilityRatio:real', 'InstanceId:string', 'Kind:string',
  'ReservationId:string', 'ReservationOrderId:string', 'ReservedHours:real', 'SkuName:string',
  'TotalReservedQuantity:real', 'UsageDate:datetime', 'UsedHours:real', 'x_SourceName:string',
  'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string',
]);

/** `Recommendations_raw` in 12 (§2.6): the 0.9 columns (MCA files without spaces, JSON costs as text) and the 14 `Recommendations_final_v1_2` columns. */
const RECOMMENDATIONS_RAW_12 = cols([
  'CostWithNoReservedInstances:real', 'CostWithNoReservedInstancesJson:string', 'FirstUsageDate:datetime',
  'InstanceFlexibilityGroup:string', 'InstanceFlexibilityRatio:real', 'Location:string', 'LookBackPeriod:string',
  'MeterId:string', 'NetSavings:real', 'NetSavingsJson:string', 'NormalizedSize:string', 'ProviderName:string',
  'RecommendedQuantity:real', 'RecommendedQuantityNormalized:real', 'ResourceId:string', 'ResourceName:string',
  'ResourceType:string', 'Scope:string', 'SKU:string', 'SkuName:string', 'SkuProperties:string',
  'SubAccountId:string', 'SubAccountName:string', 'SubscriptionId:string', 'Term:string',
  'TotalCostWithReservedInstances:real', 'TotalCostWithReservedInstancesJson:string', 'x_EffectiveCostAfter:real',
  'x_EffectiveCostBefore:real', 'x_EffectiveCostSavings:real', 'x_RecommendationCategory:string',
  'x_RecommendationDate:datetime', 'x_RecommendationDescription:string', 'x_RecommendationDetails:dynamic',
  'x_RecommendationId:string', 'x_ResourceGroupName:string', 'x_SourceName:string', 'x_SourceProvider:string',
  'x_SourceType:string', 'x_SourceVersion:string',
]);

/** `Transactions_raw` in 12 (§2.7): the 0.8 columns, four of them `real`. */
const TRANSACTIONS_RAW_12 = cols([
  'AccountName:string', 'AccountOwnerEmail:string', 'Amount:real', 'ArmSkuName:string', 'BillingFrequency:string',
  'BillingMonth:string', 'BillingProfileId:string', 'BillingProfileName:string', 'CostCenter:string',
  'Currency:string', 'CurrentEnrollmentId:string', 'DepartmentName:string', 'Description:string',
  'EventDate:datetime', 'EventType:string', 'Invoice:string', 'InvoiceId:string', 'InvoiceSectionId:string',
  'InvoiceSectionName:string', 'MonetaryCommitment:real', 'Overage:real', 'PurchasingEnrollment:string',
  'PurchasingSubscriptionGuid:string', 'PurchasingSubscriptionName:string', 'Quantity:real', 'Region:string',
  'ReservationOrderId:string', 'ReservationOrderName:string', 'Term:string', 'x_SourceName:string',
  'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string',
]);

/** `Prices_final_v1_2` (§3.2): 55 columns. */
const PRICES_FINAL_V1_2 = cols([
  'BillingAccountId:string', 'BillingAccountName:string', 'BillingCurrency:string', 'ChargeCategory:string',
  'CommitmentDiscountCategory:string', 'CommitmentDiscountType:string', 'CommitmentDiscountUnit:string',
  'ContractedUnitPrice:real', 'ListUnitPrice:real', 'PricingCategory:string', 'PricingCurrency:string',
  'PricingUnit:string', 'SkuId:string', 'SkuMeter:string', 'SkuPriceId:string', 'SkuPriceIdv2:string',
  'x_BaseUnitPrice:real', 'x_BillingAccountAgreement:string', 'x_BillingAccountId:string',
  'x_BillingProfileId:string', 'x_CommitmentDiscountNormalizedRatio:real',
  'x_CommitmentDiscountSpendEligibility:string', 'x_CommitmentDiscountUsageEligibility:string',
  'x_ContractedUnitPriceDiscount:real', 'x_ContractedUnitPriceDiscountPercent:real', 'x_EffectivePeriodEnd:datetime',
  'x_EffectivePeriodStart:datetime', 'x_EffectiveUnitPrice:real', 'x_EffectiveUnitPriceDiscount:real',
  'x_EffectiveUnitPriceDiscountPercent:real', 'x_IngestionTime:datetime', 'x_PricingBlockSize:real',
  'x_PricingSubcategory:string', 'x_PricingUnitDescription:string', 'x_SkuDescription:string', 'x_SkuId:string',
  'x_SkuIncludedQuantity:real', 'x_SkuMeterCategory:string', 'x_SkuMeterId:string', 'x_SkuMeterSubcategory:string',
  'x_SkuMeterType:string', 'x_SkuPriceType:string', 'x_SkuProductId:string', 'x_SkuRegion:string',
  'x_SkuServiceFamily:string', 'x_SkuOfferId:string', 'x_SkuPartNumber:string', 'x_SkuTerm:int', 'x_SkuTier:real',
  'x_SourceName:string', 'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string',
  'x_TotalUnitPriceDiscount:real', 'x_TotalUnitPriceDiscountPercent:real',
]);

/** `Costs_final_v1_2` (§3.3): 155 columns. */
const COSTS_FINAL_V1_2 = cols([
  'AvailabilityZone:string', 'BilledCost:real', 'BillingAccountId:string', 'BillingAccountName:string',
  'BillingAccountType:string', 'BillingCurrency:string', 'BillingPeriodEnd:datetime', 'BillingPeriodStart:datetime',
  'CapacityReservationId:string', 'CapacityReservationStatus:string', 'ChargeCategory:string', 'ChargeClass:string',
  'ChargeDescription:string', 'ChargeFrequency:string', 'ChargePeriodEnd:datetime', 'ChargePeriodStart:datetime',
  'CommitmentDiscountCategory:string', 'CommitmentDiscountId:string', 'CommitmentDiscountName:string',
  'CommitmentDiscountQuantity:real', 'CommitmentDiscountStatus:string', 'CommitmentDiscountType:string',
  'CommitmentDiscountUnit:string', 'ConsumedQuantity:real', 'ConsumedUnit:string', 'ContractedCost:real',
  'ContractedUnitPrice:real', 'EffectiveCost:real', 'InvoiceId:string', 'InvoiceIssuerName:string', 'ListCost:real',
  'ListUnitPrice:real', 'PricingCategory:string', 'PricingCurrency:string', 'PricingQuantity:real',
  'PricingUnit:string', 'ProviderName:string', 'PublisherName:string', 'RegionId:string', 'RegionName:string',
  'ResourceId:string', 'ResourceName:string', 'ResourceType:string', 'ServiceCategory:string', 'ServiceName:string',
  'ServiceSubcategory:string', 'SkuId:string', 'SkuMeter:string', 'SkuPriceDetails:dynamic', 'SkuPriceId:string',
  'SubAccountId:string', 'SubAccountName:string', 'SubAccountType:string', 'Tags:dynamic', 'x_AccountId:string',
  'x_AccountName:string', 'x_AccountOwnerId:string', 'x_AmortizationClass:string', 'x_BilledCostInUsd:real',
  'x_BilledUnitPrice:real', 'x_BillingAccountAgreement:string', 'x_BillingAccountId:string',
  'x_BillingAccountName:string', 'x_BillingExchangeRate:real', 'x_BillingExchangeRateDate:datetime',
  'x_BillingItemCode:string', 'x_BillingItemName:string', 'x_BillingProfileId:string', 'x_BillingProfileName:string',
  'x_ChargeId:string', 'x_CommitmentDiscountNormalizedRatio:real', 'x_CommitmentDiscountPercent:real',
  'x_CommitmentDiscountSavings:real', 'x_CommitmentDiscountSpendEligibility:string',
  'x_CommitmentDiscountUsageEligibility:string', 'x_CommitmentDiscountUtilizationAmount:real',
  'x_CommitmentDiscountUtilizationPotential:real', 'x_CommodityCode:string', 'x_CommodityName:string',
  'x_ComponentName:string', 'x_ComponentType:string', 'x_ConsumedCoreHours:real', 'x_ContractedCostInUsd:real',
  'x_CostAllocationRuleName:string', 'x_CostCategories:dynamic', 'x_CostCenter:string', 'x_CostType:string',
  'x_Credits:dynamic', 'x_CurrencyConversionRate:real', 'x_CustomerId:string', 'x_CustomerName:string',
  'x_Discount:dynamic', 'x_EffectiveCostInUsd:real', 'x_EffectiveUnitPrice:real', 'x_ExportTime:datetime',
  'x_IngestionTime:datetime', 'x_InstanceID:string', 'x_InvoiceIssuerId:string', 'x_InvoiceSectionId:string',
  'x_InvoiceSectionName:string', 'x_ListCostInUsd:real', 'x_Location:string', 'x_NegotiatedDiscountPercent:real',
  'x_NegotiatedDiscountSavings:real', 'x_Operation:string', 'x_OwnerAccountID:string',
  'x_PartnerCreditApplied:string', 'x_PartnerCreditRate:string', 'x_PricingBlockSize:real',
  'x_PricingSubcategory:string', 'x_PricingUnitDescription:string', 'x_Project:string', 'x_PublisherCategory:string',
  'x_PublisherId:string', 'x_ResellerId:string', 'x_ResellerName:string', 'x_ResourceGroupName:string',
  'x_ResourceType:string', 'x_ServiceCode:string', 'x_ServiceId:string', 'x_ServiceModel:string',
  'x_ServicePeriodEnd:datetime', 'x_ServicePeriodStart:datetime', 'x_SkuCoreCount:int', 'x_SkuDescription:string',
  'x_SkuDetails:dynamic', 'x_SkuInstanceType:string', 'x_SkuIsCreditEligible:bool', 'x_SkuLicenseQuantity:int',
  'x_SkuLicenseStatus:string', 'x_SkuLicenseType:string', 'x_SkuLicenseUnit:string', 'x_SkuMeterCategory:string',
  'x_SkuMeterId:string', 'x_SkuMeterSubcategory:string', 'x_SkuOfferId:string', 'x_SkuOperatingSystem:string',
  'x_SkuOrderId:string', 'x_SkuOrderName:string', 'x_SkuPartNumber:string', 'x_SkuPlanName:string',
  'x_SkuRegion:string', 'x_SkuServiceFamily:string', 'x_SkuTerm:int', 'x_SkuTier:string', 'x_SourceChanges:string',
  'x_SourceName:string', 'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceValues:dynamic',
  'x_SourceVersion:string', 'x_SubproductName:string', 'x_TotalDiscountPercent:real', 'x_TotalSavings:real',
  'x_UsageType:string',
]);

/** `CommitmentDiscountUsage_final_v1_2` (§3.5): 30 columns. */
const COMMITMENT_DISCOUNT_USAGE_FINAL_V1_2 = cols([
  'ChargePeriodEnd:datetime', 'ChargePeriodStart:datetime', 'CommitmentDiscountCategory:string',
  'CommitmentDiscountId:string', 'CommitmentDiscountQuantity:real', 'CommitmentDiscountType:string',
  'CommitmentDiscountUnit:string', 'ConsumedQuantity:real', 'ProviderName:string', 'ResourceId:string',
  'ResourceName:string', 'ResourceType:string', 'ServiceCategory:string', 'ServiceName:string',
  'ServiceSubcategory:string', 'SubAccountId:string', 'x_CommitmentDiscountCommittedCount:real',
  'x_CommitmentDiscountCommittedAmount:real', 'x_CommitmentDiscountNormalizedGroup:string',
  'x_CommitmentDiscountNormalizedRatio:real', 'x_IngestionTime:datetime', 'x_ResourceGroupName:string',
  'x_ResourceType:string', 'x_ServiceModel:string', 'x_SkuOrderId:string', 'x_SkuSize:string', 'x_SourceName:string',
  'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string',
]);

/** `Recommendations_final_v1_2` (§3.6): 20 columns. */
const RECOMMENDATIONS_FINAL_V1_2 = cols([
  'ProviderName:string', 'ResourceId:string', 'ResourceName:string', 'ResourceType:string', 'SubAccountId:string',
  'SubAccountName:string', 'x_EffectiveCostAfter:real', 'x_EffectiveCostBefore:real', 'x_EffectiveCostSavings:real',
  'x_IngestionTime:datetime', 'x_RecommendationCategory:string', 'x_RecommendationDate:datetime',
  'x_RecommendationDescription:string', 'x_RecommendationDetails:dynamic', 'x_RecommendationId:string',
  'x_ResourceGroupName:string', 'x_SourceName:string', 'x_SourceProvider:string', 'x_SourceType:string',
  'x_SourceVersion:string',
]);

/** `Transactions_final_v1_2` (§3.7): 39 columns. */
const TRANSACTIONS_FINAL_V1_2 = cols([
  'BilledCost:real', 'BillingAccountId:string', 'BillingAccountName:string', 'BillingCurrency:string',
  'BillingPeriodEnd:datetime', 'BillingPeriodStart:datetime', 'ChargeCategory:string', 'ChargeClass:string',
  'ChargeDescription:string', 'ChargeFrequency:string', 'ChargePeriodStart:datetime', 'InvoiceId:string',
  'PricingQuantity:real', 'PricingUnit:string', 'ProviderName:string', 'RegionId:string', 'RegionName:string',
  'SubAccountId:string', 'SubAccountName:string', 'x_AccountName:string', 'x_AccountOwnerId:string',
  'x_CostCenter:string', 'x_InvoiceNumber:string', 'x_InvoiceSectionId:string', 'x_InvoiceSectionName:string',
  'x_IngestionTime:datetime', 'x_MonetaryCommitment:real', 'x_Overage:real', 'x_PurchasingBillingAccountId:string',
  'x_SkuOrderId:string', 'x_SkuOrderName:string', 'x_SkuSize:string', 'x_SkuTerm:int', 'x_SourceName:string',
  'x_SourceProvider:string', 'x_SourceType:string', 'x_SourceVersion:string', 'x_SubscriptionId:string',
  'x_TransactionType:string',
]);

/** `PricingUnits` in 12 (§2.7): `x_PricingBlockSize` is `real`. */
export const PRICING_UNITS_12: readonly KqlColumn[] = cols(['x_PricingUnitDescription:string', 'x_PricingBlockSize:real', 'PricingUnit:string']);

/** The raw table of each built-in dataset in release 12 (`kqlRawTables12`), in mapping order. */
export const RAW_TABLES_12: Readonly<Record<BuiltInDatasetName, readonly KqlColumn[]>> = {
  Prices: PRICES_RAW_12,
  Costs: COSTS_RAW_12,
  CommitmentDiscountUsage: COMMITMENT_DISCOUNT_USAGE_RAW_12,
  Recommendations: RECOMMENDATIONS_RAW_12,
  Transactions: TRANSACTIONS_RAW_12,
};

/** FOCUS 1.2 objects of one built-in dataset and how the Hub database converts its rows from and to v1_0. */
export interface V1_2Dataset {
  /** `{dataset}_final_v1_2` columns in transform-output order. */
  final: readonly KqlColumn[];
  /** Folder of the Ingestion transform function (that of its v1_0 transform). */
  transformFolder: string;
  /** Docstrings: `{dataset}_transform_v1_2()`, Hub `{dataset}_v1_2()`, Hub `{dataset}_v1_0()` from 12 on. */
  docs: { transform: string; versioned: string; versionedV1_0: string };
  /** Columns of the same value named differently: v1_0 name -> v1_2 name. */
  renames: Readonly<Record<string, string>>;
  /**
   * Partial (`kql/partials/<name>.kql.hbs`) run over a v1_0 row before it is projected to the v1_2 columns, and the
   * columns it adds (they then pass by name).
   */
  fromV1_0?: { partial: string; adds: readonly KqlColumn[] };
  /** Partial run over a v1_2 row before it is projected to the v1_0 columns (it changes columns in place). */
  toV1_0?: { partial: string };
  /** v1_2 columns the Hub's `{dataset}_v1_2()` looks up in the open data `Services()` for v1_0 rows, by `x_ResourceType`. */
  services?: readonly string[];
  /** True when v1_0 rows get the FOCUS 1.2 columns the Costs transform derives (partial `Costs_v1_2_derived`). */
  derivesCosts?: boolean;
}

/** The FOCUS 1.2 objects of the built-in datasets. */
export const V1_2_DATASETS: Readonly<Record<BuiltInDatasetName, V1_2Dataset>> = {
  Prices: {
    final: PRICES_FINAL_V1_2,
    transformFolder: 'Prices',
    docs: {
      transform: 'Normalizes Prices_raw (EA and MCA price sheets 2023-05-01) to FOCUS 1.2.',
      versioned: 'Prices aligned to FOCUS 1.2 (those ingested before release 12 converted).',
      versionedV1_0: 'Prices aligned to FOCUS 1.0 (those ingested from release 12 on converted back).',
    },
    renames: { x_PricingCurrency: 'PricingCurrency', x_SkuMeterName: 'SkuMeter' },
  },
  Costs: {
    final: COSTS_FINAL_V1_2,
    transformFolder: 'Costs',
    docs: {
      transform: 'Normalizes Costs_raw (FOCUS 1.2, 1.2-preview, 1.0r2, 1.0 and 1.0-preview exports) to FOCUS 1.2.',
      versioned: 'Cost and usage records aligned to FOCUS 1.2 (those ingested before release 12 converted).',
      versionedV1_0: 'Cost and usage records aligned to FOCUS 1.0 (those ingested from release 12 on converted back).',
    },
    renames: { x_InvoiceId: 'InvoiceId', x_PricingCurrency: 'PricingCurrency', x_SkuMeterName: 'SkuMeter' },
    toV1_0: { partial: 'HubCosts_toV1_0' },
    services: ['ServiceSubcategory', 'x_ServiceModel'],
    derivesCosts: true,
  },
  CommitmentDiscountUsage: {
    final: COMMITMENT_DISCOUNT_USAGE_FINAL_V1_2,
    transformFolder: 'Commitment discounts',
    docs: {
      transform: 'Normalizes CommitmentDiscountUsage_raw (reservation details 2023-03-01) to FOCUS 1.2.',
      versioned: 'Commitment discount usage records aligned to FOCUS 1.2 (those ingested before release 12 converted).',
      versionedV1_0: 'Commitment discount usage records aligned to FOCUS 1.0 (those ingested from release 12 on converted back).',
    },
    renames: { x_CommitmentDiscountQuantity: 'CommitmentDiscountQuantity' },
    fromV1_0: { partial: 'HubCommitmentDiscountUsage_fromV1_0', adds: cols(['CommitmentDiscountUnit:string']) },
    services: ['ServiceSubcategory'],
  },
  Recommendations: {
    final: RECOMMENDATIONS_FINAL_V1_2,
    transformFolder: 'Recommendations',
    docs: {
      transform: 'Normalizes Recommendations_raw (reservation recommendations 2023-05-01, and files already in the Recommendations_final_v1_2 shape) to FOCUS 1.2.',
      versioned: 'Recommendations aligned to FOCUS 1.2 (those ingested before release 12 converted).',
      versionedV1_0: 'Commitment discount recommendations aligned to FOCUS 1.0 (those ingested from release 12 on converted back).',
    },
    renames: {},
  },
  Transactions: {
    final: TRANSACTIONS_FINAL_V1_2,
    transformFolder: 'Transactions',
    docs: {
      transform: 'Normalizes Transactions_raw (EA and MCA reservation transactions 2023-05-01) to FOCUS 1.2.',
      versioned: 'Commitment discount purchases, refunds and other transactions aligned to FOCUS 1.2 (those ingested before release 12 converted).',
      versionedV1_0: 'Commitment discount purchases, refunds and other transactions aligned to FOCUS 1.0 (those ingested from release 12 on converted back).',
    },
    renames: { x_InvoiceId: 'InvoiceId' },
  },
};
