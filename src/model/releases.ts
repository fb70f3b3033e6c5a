/**
 * What differs between FinOps hub releases, as data: one row per release ({@link RELEASE_VERSIONS}), each
 * written as the changes from the row before it. Modules ask capability questions of the {@link Release} they are
 * given ({@link has}, the names and layout fields) and never compare version strings.
 *
 * Sources: the specification's "Versioning" section and, for 0.1-0.6 interfaces, the public releases
 * (`../shared/reference/versions.md`, with the export container renamed `msexports` -> `rawexports` as
 * its "Spec renaming" note lists). Departures from the public releases: docs/deviations.md.
 *
 * One file on purpose, though long: it is the release table, the one place release differences live
 * (docs/architecture.md), and adding a release reads and extends all of it together: the keys and roles a
 * release may have, the tables of what each feature brings (parameters, outputs, Data Factory objects), and
 * one row written as the changes from the row before. It grows by that row per release; the functions at the
 * end are the questions modules ask of a row.
 */
import type { ExportType } from './datasets.js';
import { MANAGED_EXPORTS_BY_SCOPE, MANAGED_EXPORTS_FOCUS, type ManagedExportSets } from './managedExports.js';
import { REGION_TIME_ZONES, US_GOVERNMENT_REGION_TIME_ZONES } from './timeZones.js';
import { PUBLIC_NAMING, PUBLIC_NAMING_01, PUBLIC_NAMING_02, PUBLIC_NAMING_011, SPEC_NAMING, type NamingMode, type NamingRules } from './naming.js';

/**
 * Logical key of a template parameter. The release table (this file) says which keys a
 * release has, in which order, and under which name (e.g. `scopes` is `exportScopes` in 0.1-0.3 and
 * `scopesToMonitor` from 0.4).
 */
export type ParameterKey =
  | 'hubName'
  | 'location'
  | 'eventGridLocation'
  | 'storageSku'
  | 'enableInfrastructureEncryption'
  | 'dataExplorerName'
  | 'dataExplorerSkuName'
  | 'dataExplorerSkuTier'
  | 'dataExplorerSkuCapacity'
  | 'fabricQueryUri'
  | 'fabricCapacityUnits'
  | 'tags'
  | 'tagsByResource'
  | 'scopes'
  | 'exportRetentionInDays'
  | 'ingestionRetentionInMonths'
  | 'dataExplorerLogRetentionInDays'
  | 'dataExplorerFinalRetentionInMonths'
  | 'remoteHubStorageUri'
  | 'remoteHubStorageKey'
  | 'enablePublicAccess'
  | 'virtualNetworkAddressPrefix'
  | 'enableManagedExports'
  | 'enablePurgeProtection'
  | 'enableRecommendations'
  | 'enableAHBRecommendations'
  | 'enableSpotRecommendations';

/**
 * The hub.yaml field each template parameter's default comes from (docs/hub-yaml.md), as a path into the
 * document. Used to point findings about the emitted template back at the hub.yaml line that decided the
 * value. `remoteHubStorageKey` is a secret hub.yaml never holds; the remote hub's URI decides whether it
 * is used.
 */
export const PARAMETER_SOURCES: Readonly<Record<ParameterKey, readonly string[]>> = {
  hubName: ['hub', 'name'],
  location: ['hub', 'location'],
  eventGridLocation: ['hub', 'eventGridLocation'],
  storageSku: ['storage', 'sku'],
  enableInfrastructureEncryption: ['storage', 'infrastructureEncryption'],
  dataExplorerName: ['dataExplorer', 'name'],
  dataExplorerSkuName: ['dataExplorer', 'sku', 'name'],
  dataExplorerSkuTier: ['dataExplorer', 'sku', 'tier'],
  dataExplorerSkuCapacity: ['dataExplorer', 'sku', 'capacity'],
  fabricQueryUri: ['fabric', 'queryUri'],
  fabricCapacityUnits: ['fabric', 'capacityUnits'],
  tags: ['tags'],
  tagsByResource: ['tagsByResource'],
  scopes: ['scopes'],
  exportRetentionInDays: ['retention', 'rawExportsDays'],
  ingestionRetentionInMonths: ['retention', 'ingestionMonths'],
  dataExplorerLogRetentionInDays: ['retention', 'dataExplorerLogDays'],
  dataExplorerFinalRetentionInMonths: ['retention', 'dataExplorerFinalMonths'],
  remoteHubStorageUri: ['remoteHub', 'storageUri'],
  remoteHubStorageKey: ['remoteHub', 'storageUri'],
  enablePublicAccess: ['networking', 'publicAccess'],
  virtualNetworkAddressPrefix: ['networking', 'addressPrefix'],
  enableManagedExports: ['managedExports', 'enabled'],
  enablePurgeProtection: ['keyVault', 'purgeProtection'],
  enableRecommendations: ['recommendations', 'enabled'],
  enableAHBRecommendations: ['recommendations', 'ahb'],
  enableSpotRecommendations: ['recommendations', 'spot'],
};

/**
 * Logical key of a template output. The release table says which keys a release has, in which order, and
 * under which name (`dataFactoryName` is `dataFactorytName` in 0.1-0.7).
 */
export type OutputKey =
  | 'name'
  | 'location'
  | 'dataFactoryName'
  | 'storageAccountId'
  | 'storageAccountName'
  | 'storageUrlForPowerBI'
  | 'clusterId'
  | 'clusterUri'
  | 'ingestionDbName'
  | 'hubDbName'
  | 'managedIdentityId'
  | 'managedIdentityTenantId';

/**
 * Facts of the public release of a number that hubc needs to take over a hub deployed from it
 * (`hubc import`, `hubc diff`/`upgrade-plan` with a public template; `../shared/reference/versions.md`).
 */
export interface PublicRelease {
  /** Version of its compiled template, `finops-hub-<template>.json` (0.1 and 0.2 were published compiled as 0.1.1 and 0.2.1). */
  template: string;
  /** The `ftk-version` tag values its resources carry (0.1, 0.1.1 and 0.2 recorded `placeholder`). */
  ftkVersions: readonly string[];
  /**
   * Other files the same release was published as, each with the `ftk-version` its resources carry: release 12
   * was published both as `finops-hub-12.0.json` ({@link template}) and as `finops-hub-0.12.json`, which differ
   * only in that version string and a portal-form fix (releases-0.9-14.md §0 item 2, §1.4). `hubc diff
   * public:0.12` reads that file; `hubc import` and `upgrade-plan` take either file's hub for the release.
   */
  alsoPublishedAs?: readonly { template: string; ftkVersions: readonly string[] }[];
  /** Template parameters it names differently from hubc's row (logical key -> public name). */
  parameterNames?: Readonly<Partial<Record<ParameterKey, string>>>;
  /** hubc parameters it does not have (they take their defaults). */
  missingParameters?: readonly ParameterKey[];
  /** Its parameters hubc has no equivalent of (name -> what hubc does instead). */
  extraParameters?: Readonly<Record<string, string>>;
  /**
   * Its template's default of each parameter whose default is not hub.yaml's, in hub.yaml's terms
   * (`enablePublicAccess` a boolean): what a hub deployed without the parameter has, which `hubc import`
   * writes into hub.yaml. `test/public/defaults.test.ts` holds every other default to hub.yaml's.
   */
  defaults?: Readonly<Partial<Record<ParameterKey, unknown>>>;
}

/** A hub release hubc can build. */
export type ReleaseVersion = '0.1' | '0.2' | '0.3' | '0.4' | '0.5' | '0.6' | '0.7' | '0.8' | '0.9' | '0.10' | '0.11' | '12' | '13' | '14';

/** Ingestion folder layout of a release (see `src/modules/dataFactory/layout.ts`). */
export type IngestionLayout =
  /** 0.1: `ingestion/{scope path}/{yyyyMMdd-yyyyMMdd}/amortizedcost/{file}.parquet`, scope and dates read from the export path. */
  | 'scope-range-amortizedcost'
  /** 0.2-0.3: `ingestion/{scope path}/{yyyyMM}/focuscost/{file}.parquet`, scope and month read from the export path. */
  | 'scope-month-focuscost'
  /** 0.4-0.5: `ingestion/{scope id}/{yyyyMM}/{export type, lower case}/{file}.parquet`, from the export manifest. */
  | 'scope-month-dataset'
  /** 0.6+: `ingestion/{dataset}/{yyyy}/{mm}/{scope id}/{ingestion id}__{file}.parquet`; a new ingestion replaces the folder's earlier ones. */
  | 'dataset-date-scope';

/** Separator between ingestion ID and original file name in ingested file names (spec, storage layout). */
export const INGESTION_ID_SEPARATOR = '__';

/** How the hub finds new exports in the export container. */
export type ExportDetection =
  /** 0.1-0.3: every `*.csv` blob starts processing; scope and dates come from its path. */
  | 'csvPath'
  /** 0.4+: the export's `manifest.json` starts processing; scope, dataset and month come from it. */
  | 'manifest';

/** Roles of the pipelines a release may have (names per release in {@link Release.pipelines}). */
export type PipelineRole =
  | 'exportQueue'
  | 'exportEtl'
  | 'configureExports'
  | 'startExports'
  | 'runExports'
  | 'startBackfill'
  | 'runBackfill'
  | 'ingestionQueue'
  | 'ingestionEtl'
  | 'initializeHub'
  /** Runs every query file of `config/queries/` (`queries_ExecuteETL`). */
  | 'queriesQueue'
  /** Runs one query file into `ingestion/` and writes its manifest (`queries_ETL_ingestion`). */
  | 'queriesEtl'
  /** Runs one Azure Resource Graph query, page by page (`queries_ResourceGraph_ExecuteQuery`). */
  | 'resourceGraphQuery';

/** Roles of the triggers a release may have (names per release in {@link Release.triggers}). */
export type TriggerRole = 'settingsUpdated' | 'dailySchedule' | 'monthlySchedule' | 'exportAdded' | 'ingestionManifestAdded' | 'queriesSchedule';

/** Roles of the datasets a release may have (names come from `src/modules/dataFactory/datasets.ts`). */
export type DatasetRole =
  | 'config'
  | 'manifest'
  | 'exportCsv'
  | 'exportGzip'
  | 'exportParquet'
  | 'ingestion'
  | 'ingestionFiles'
  | 'ingestionManifest'
  /** The Azure Resource Graph resources query (REST, `azureResourceGraph`). */
  | 'resourceGraph';

/** Named capabilities a module can ask about with {@link has}. */
export type ReleaseFeature =
  /** Optional Azure Data Explorer cluster with the Ingestion and Hub databases. */
  | 'dataExplorer'
  /** Virtual network, private endpoints, DNS zones, managed virtual network in Data Factory. */
  | 'privateNetworking'
  /** Temporary Event Grid namespace that registers the Microsoft.EventGrid provider. */
  | 'eventGridRegistration'
  /** Managed exports: the hub creates and runs Cost Management exports itself. */
  | 'managedExports'
  /** Separate storage account for deployment scripts. */
  | 'scriptStorage'
  /** Remote hub storage (push data to another hub). */
  | 'remoteHub'
  /** settings.json carries retention (export files, ingested months); parameters `exportRetentionInDays`, `ingestionRetentionInMonths`. */
  | 'retentionSettings'
  /**
   * The data lake's infrastructure encryption is a choice of the deployment (parameter
   * `enableInfrastructureEncryption`, hub.yaml `storage.infrastructureEncryption`): the public 0.7 and 0.8
   * templates have it (versions.md §0.7), and Azure fixes it when the account is created.
   */
  | 'infrastructureEncryption'
  /**
   * 0.10: a Microsoft Fabric Real-Time Intelligence eventhouse as the analytics engine instead of a Data
   * Explorer cluster (parameters `fabricQueryUri`, `fabricCapacityUnits`, hub.yaml `fabric`): Data Factory
   * loads and queries the eventhouse's Ingestion and Hub databases; the build carries their setup scripts
   * (`fabric/`), since the template deploys nothing in Fabric (releases-0.9-14.md §1.2).
   */
  | 'fabric'
  /**
   * 12: managed exports are the deployment's choice (parameter `enableManagedExports`, hub.yaml
   * `managedExports.enabled`): the export pipelines, the schedule and settings triggers and the storage role
   * Cost Management needs exist only when on (releases-0.9-14.md §1.4 "Managed exports optional", #1600).
   */
  | 'managedExportsOption'
  /**
   * 13: the Key Vault's purge protection is the deployment's choice (parameter `enablePurgeProtection`,
   * hub.yaml `keyVault.purgeProtection`; releases-0.9-14.md §1.5, #1067, #1861).
   */
  | 'keyVaultPurgeProtection'
  /**
   * Recommendations from Azure Resource Graph (the public 14.0's ingestion-queries engine,
   * releases-0.9-14.md §1.6): query files in `config/queries/`, run daily page by page into
   * `ingestion/Recommendations/`; parameters `enableRecommendations`, `enableAHBRecommendations`,
   * `enableSpotRecommendations` (docs/recommendations.md).
   */
  | 'recommendations';

/**
 * Changes of behaviour inside a component that earlier releases also have, named so modules ask
 * {@link behaves} instead of comparing versions. Each says the release that brought it.
 */
export type ReleaseBehaviour =
  /**
   * 0.8: the Common functions `monthstring()` and `datestring()`; `daterange()` calls `datestring()`, and it and
   * `monthsago()` are marked deprecated (release-0.8.md §4.2-4.3).
   */
  | 'kqlDateStrings'
  /** 0.8: `numberstring()` takes a real and formats decimals (release-0.8.md §4.4). */
  | 'kqlDecimalNumberString'
  /**
   * 0.8: `resource_type()` gives a resource type ID's display name; `parse_resourceid()` returns the type ID as
   * `ResourceType` without reading `ResourceTypes`; the Costs transform keeps `x_ResourceType` the type ID and
   * sets `ResourceType` to its display name (release-0.8.md §4.3-4.4).
   */
  | 'kqlResourceTypeIds'
  /**
   * 0.8: the virtual network, its security group, the private DNS zones and their links, the private endpoints
   * and the deployment-script storage account exist only while public access is off (`enablePublicAccess`
   * False); with it on, the Key Vault firewall lets public traffic in and the settings script runs outside
   * any network (release-0.8.md §1.1, §2.1-2.2, §2.5, §2.7).
   */
  | 'networkOnlyWhenPrivate'
  /**
   * 0.8: the Data Explorer cluster names its trusted external tenants: none but the hub's own unless hub.yaml
   * lists others (release-0.8.md §2.4; the service default of a cluster created without it is every tenant).
   */
  | 'dataExplorerTrustedTenants'
  /**
   * 0.9: the Key Vault, its private endpoint, Data Factory's Key Vault linked service and managed private
   * endpoint exist only for a remote hub (`remoteHubStorageUri` set), the one thing the vault holds
   * (releases-0.9-14.md §1.1: "only deploy Key Vault when configured as a remote hub").
   */
  | 'keyVaultOnlyForRemoteHub'
  /**
   * 0.9: converted reservation recommendations go into a folder of their own per export
   * (`Recommendations/<yyyy>/<mm>/<scope>/<export name>`), so the exports of one scope (shared and single
   * scope, each look-back period) no longer replace each other's files (releases-0.9-14.md §1.1, "Set
   * Destination Folder").
   */
  | 'recommendationsFolderPerExport'
  /**
   * 12: the Key Vault's SKU is hub.yaml's `keyVault.sku` (the public 12: the hub option `keyVaultSku`,
   * premium; releases-0.9-14.md §1.3-1.4).
   */
  | 'keyVaultSkuOption'
  /**
   * 12: `ingestion_ExecuteETL` starts a stopped Data Explorer cluster and waits until it runs before loading
   * (#1371: without it the pipeline runs about 8 hours and fails); the factory's identity may read and start
   * the cluster (releases-0.9-14.md §1.4 "ADX auto-start"). The public 13 removed it without a word; hubc keeps
   * it (docs/deviations.md).
   */
  | 'dataExplorerAutoStart'
  /**
   * 13: the start-triggers deployment script retries a trigger that cannot start yet (its Event Grid
   * subscription still provisioning, #1996) and reports what stayed stopped instead of failing the deployment
   * (the public 13's Init-DataFactory.ps1: releases-0.9-14.md §1.5; docs/deviations.md).
   */
  | 'triggerStartRetries'
  /**
   * 13: the export manifest dataset is `<export container>_manifest` and the ingestion one `ingestion_manifest`;
   * the `manifest` of earlier releases is deleted after deployment (releases-0.9-14.md §1.5, §1.9).
   */
  | 'manifestDatasetSplit'
  /**
   * 12: the factory's identity holds Role Based Access Control Administrator on the data lake, limited by a
   * condition to assigning and removing Storage Blob Data Contributor, so that Cost Management can let each
   * managed export's own identity write there (an export is created with a system-assigned identity, and its
   * creator must be able to give that identity the role). The public 12 granted User Access Administrator,
   * the public 13 RBAC Administrator without a condition (releases-0.9-14.md §1.4-1.5, #1946); hubc's 0.4-0.8
   * grant neither (docs/deviations.md).
   */
  | 'managedExportsRoleDelegation'
  /**
   * 0.9: Prices and Costs write `BillingAccountId` in lower case (`/providers/microsoft.billing/billingaccounts/...`),
   * Costs also `CommitmentDiscountId` (kql-0.9-14.md §4.1 P9-1, C9-5).
   */
  | 'kqlLowerCaseBillingIds'
  /** 0.9: Costs `x_SourceChanges` codes `ListCostLessThanContractedCost` and `ContractedCostLessThanEffectiveCost` (kql-0.9-14.md §4.1 C9-1, §3.3.3). */
  | 'kqlCostConsistencyCodes'
  /** 0.9: the Costs price-sheet lookup key is compared in lower case on both sides (kql-0.9-14.md §4.1 C9-2). */
  | 'kqlCaseInsensitivePriceKey'
  /**
   * 0.9: rows with missing prices fill `ContractedCost` before `ListCost`, from `EffectiveCost` (resp. `ContractedCost`)
   * when the unit prices are equal, so no rounding error is introduced (kql-0.9-14.md §4.1 C9-3, C9-4).
   */
  | 'kqlCostFillFromEffective'
  /**
   * 0.9: `Recommendations_raw` has the 26 columns of the space-free reservation recommendation files (the MCA
   * schema file writes `CostWithNoReservedInstancesJson`, `NetSavingsJson`, `TotalCostWithReservedInstancesJson`,
   * `SkuName`, ... instead of the names with spaces), read by an identity mapping; the transform takes the MCA cost
   * values from the JSON columns (kql-0.9-14.md §2.3, §4.1 R9-2, R9-4; schema `from-0.9/`).
   */
  | 'kqlRecommendationsJsonCosts'
  /**
   * 0.9: a recommendation's look-back period may be a bare number of days (`30`), and `x_RecommendationDate` never
   * lies after the start of the current day (kql-0.9-14.md §4.1 R9-5, R9-6).
   */
  | 'kqlRecommendationDateCapped'
  /**
   * 0.10: Costs computes a missing (zero) `PricingQuantity` from the billed or effective cost and unit price, and a
   * missing `ConsumedQuantity` of usage from it; codes `MissingConsumedQuantity`, `MissingPricingQuantity`
   * (kql-0.9-14.md §4.2 C10-1, C10-2, §3.3.2 steps 8-9).
   */
  | 'kqlCostQuantityFill'
  /**
   * 0.10: an `x_EffectiveUnitPrice` within 0.0001 of the billed or contracted unit price is set to it (rows with
   * missing prices); code `XEffectiveUnitPriceRoundingError` (kql-0.9-14.md §4.2 C10-1, C10-3, §3.3.2 step 10b).
   */
  | 'kqlEffectivePriceRounding'
  /**
   * 0.10: rows with missing prices keep their prices and costs when nothing was billed, and take `ContractedCost`
   * from `BilledCost` when the contracted and billed unit prices are equal (kql-0.9-14.md §4.2 C10-4, C10-5,
   * §3.3.2 steps 10c-10f).
   */
  | 'kqlCostFillFromBilled'
  /** 0.10: Costs blanks the invoice section `-2` / `Unassigned` placeholders (kql-0.9-14.md §4.2 C10-6). */
  | 'kqlBlankUnassignedInvoiceSection'
  /**
   * 0.10: streaming ingestion is disabled on every raw table, so the same scripts run in a Microsoft Fabric
   * eventhouse, where streaming ingestion is on by default (kql-0.9-14.md §2.2, §1.6).
   */
  | 'kqlStreamingIngestionOff'
  /**
   * 0.10: the database scripts are named by role, as the public 0.10's `hub-database` module names them
   * (`commonScript`, `setupScript`; kql-0.9-14.md §1.2).
   */
  | 'kqlScriptsByRole'
  /**
   * 0.11: the Ingestion setup is split into `IngestionSetup_HubInfra.kql`, `IngestionSetup_RawTables.kql` and
   * `IngestionSetup_v1_0.kql`, one database script each (`infra`, `rawTables`, `v1_0`; Common `common`) (kql-0.9-14.md
   * §1.3, §1.5).
   */
  | 'kqlScriptSplit'
  /**
   * 0.11: each raw table is redefined to exactly its column list (`.alter table`), which keeps the data of listed
   * columns and drops columns no release writes any more (kql-0.9-14.md §2.2; docs/deviations.md).
   */
  | 'kqlRawTablesRedefined'
  /**
   * 0.11: `Costs_raw` has 139 columns (the FOCUS 1.1/1.2, Tencent and Azure 1.2-preview columns); the v1_0 transform
   * recognises FOCUS 1.2 and 1.2-preview rows and back-ports `InvoiceId`, `PricingCurrency`, `SkuMeter` into
   * `x_InvoiceId`, `x_PricingCurrency`, `x_SkuMeterName` (kql-0.9-14.md §2.5, §4.3 C11-1, C11-2).
   */
  | 'kqlFocus12Backport'
  /** 0.11: Costs `BillingPeriodStart` and `BillingPeriodEnd` fall on the first of a month (kql-0.9-14.md §4.3 C11-3). */
  | 'kqlBillingPeriodMonthStart'
  /**
   * 12: the raw tables of release 12 (kql-0.9-14.md §2.1, §2.5-2.7; releases-0.9-14.md §1.4): every `decimal`
   * column is `real` (and `PricingUnits.x_PricingBlockSize`, in the table and in `config_InitializeHub`'s load),
   * `Costs_raw` has 144 columns (the Alibaba columns of 12), `Recommendations_raw` 40 (the
   * `Recommendations_final_v1_2` columns, so files already in that shape land as they are). The v1_0 transforms
   * convert the real columns back to decimal (§4.4 D12-1), and one script per retyped table, whose text never
   * changes, runs once per database to drop the earlier release's columns (docs/deviations.md "Release 12").
   */
  | 'kqlRawTables12'
  /**
   * 14: `parse_resourceid()` reads subscription and resource group IDs (`/subscriptions/<id>[/resourceGroups/<name>]`)
   * as resources of `microsoft.resources`, so their rows get an `x_ResourceType` and a display name
   * (kql-0.9-14.md §5.4, §8.6 14.1-14.3).
   */
  | 'kqlParseSubscriptionIds'
  /**
   * 14: `Recommendations_transform_v1_2()` takes the recommendations the Azure Resource Graph queries write
   * (kql-0.9-14.md §3.6 "14 changes" a-e): details given as JSON text are parsed, their keys get the `x_` prefix,
   * the resource type joins the details and gives `ResourceType` its display name, savings and descriptions fall
   * back to the details' values, IDs are lower-cased.
   */
  | 'kqlResourceGraphRecommendations'
  /**
   * 14: the hub sends its data to one analytics engine: none (storage only), Data Explorer, Fabric or a remote
   * hub. The portal form asks for it with one choice, each engine's elements shown and its outputs sent only
   * when it is chosen (the others send a valid value of their parameter: the public 14.0 form sends `''` for the
   * int `fabricCapacityUnits`); hub.yaml sets at most one (HUB270). Source: releases-0.9-14.md §1.6 "UI",
   * src/model/analyticsEngines.ts.
   */
  | 'oneAnalyticsEngine';

/** Capabilities and fixed values of one hub release. */
export interface Release {
  version: ReleaseVersion;
  /** Version string the hub records in settings.json and resource tags (`ftk-version`). */
  ftkVersion: string;
  /** Name of the container Cost Management exports into (that of {@link Release.naming}). */
  exportContainer: string;
  /** The naming rules the hub uses (hub.yaml `naming`; see {@link withNaming}); the specification's unless chosen otherwise. */
  naming: NamingRules;
  /** The naming rules of each mode: the specification's, and those of the public release of this number. */
  namingRules: Readonly<Record<NamingMode, NamingRules>>;
  /**
   * The public release of this number: the version of its compiled template (`finops-hub-<template>.json`;
   * 0.1 and 0.2 were only published compiled as 0.1.1 and 0.2.1) and the `ftk-version` tag values its
   * resources carry (0.1, 0.1.1 and 0.2 recorded `placeholder`).
   */
  publicRelease: PublicRelease;
  /** Export dataset versions the release can convert, by export type (types it cannot convert are absent). */
  exportVersions: Readonly<Partial<Record<ExportType, readonly string[]>>>;
  exportDetection: ExportDetection;
  /**
   * Timeout of the Copy activity that converts one export file (`d.hh:mm:ss`): 12 hours in 0.1-0.3, as the
   * public releases (whose exports were single, unpartitioned CSV files); 2 hours from 0.4 (the public
   * releases: 5-10 minutes, see docs/deviations.md).
   */
  exportConversionTimeout: string;
  /** Export file formats the conversion reads, by file extension. */
  exportFileFormats: readonly ('csv' | 'gz' | 'parquet')[];
  ingestionLayout: IngestionLayout;
  /** Name of a dataset's folder under `ingestion/` (manifest layouts): the lower-case export type, or the hub dataset (`Costs`, ...). */
  datasetFolders: 'exportType' | 'hubDataset';
  /** Cost Management exports API version used by the managed-export pipelines. */
  costManagementApiVersion: string;
  /** FOCUS dataset version of the exports the hub creates itself. */
  managedExportFocusVersion: string;
  /** File format and compression of the exports the hub creates itself. */
  managedExportFormat: { format: 'Csv'; compressionMode: 'None' } | { format: 'Parquet'; compressionMode: 'Snappy' };
  /** Body of the POST that runs a Cost Management export: Data Factory requires a body, "Exports - Execute" reads none. */
  exportRunBody: string;
  /**
   * Days of the month the monthly schedule runs on when hub.yaml gives none (`schedules.monthly.daysOfMonth`):
   * the 5th and 19th to 0.8, the 2nd, 5th and 19th from 0.9 (the new month's price sheet early).
   */
  monthlyScheduleDays: readonly number[];
  /** The exports `config_ConfigureExports` creates, by kind of scope (`src/model/managedExports.ts`). */
  managedExports: ManagedExportSets;
  /** Windows time zone of the schedule triggers by region, when hub.yaml says `auto` (regions not listed: UTC). */
  regionTimeZones: Readonly<Record<string, string>>;
  /**
   * Data Explorer's DNS suffix by cloud (`environment().name`), for the private DNS zone of the cluster's
   * endpoint, `privatelink.<region>.<suffix>`: a cloud not listed (every cloud while the table is empty) takes
   * the storage suffix with `core` -> `kusto`, which is wrong in Azure China (`kusto.windows.cn`, see
   * {@link DATA_EXPLORER_DNS_SUFFIXES}). The cluster URI and the Data Factory linked service read the
   * cluster's own `uri` and need no suffix.
   */
  dataExplorerDnsSuffixes: Readonly<Record<string, string>>;
  /** Capabilities that switch whole components on. */
  features: ReadonlySet<ReleaseFeature>;
  /** Changes of behaviour inside components earlier releases have too. */
  behaviours: ReadonlySet<ReleaseBehaviour>;
  /**
   * FOCUS versions the Data Explorer final tables and Hub functions target, oldest first: `['1_0']` (0.7-0.11),
   * `['1_0', '1_2']` (12 on: the `*_final_v1_2` tables, `*_transform_v1_2()` functions and Hub `*_v1_2()`
   * functions, kql-0.9-14.md §3, §5.3). Only the last version's update policies are enabled (the earlier final
   * tables keep their history); each Hub `<dataset>_v<version>()` reads the final tables of every version, and
   * the unversioned `<dataset>()` returns the last version.
   */
  focusVersions: readonly string[];
  /** The template parameters, in template order (logical keys; see {@link parameterName}). */
  parameters: readonly ParameterKey[];
  /** Parameters whose template name differs from their key in this release. */
  parameterNames: Readonly<Partial<Record<ParameterKey, string>>>;
  /** The template outputs, in template order (logical keys; see {@link outputName}). */
  outputs: readonly OutputKey[];
  /** Outputs whose template name differs from their key in this release. */
  outputNames: Readonly<Partial<Record<OutputKey, string>>>;
  /** The pipelines, by role, in deployment order. */
  pipelines: Readonly<Partial<Record<PipelineRole, string>>>;
  /** The triggers, by role, in deployment order. */
  triggers: Readonly<Partial<Record<TriggerRole, string>>>;
  /** The datasets, in deployment order. */
  datasets: readonly DatasetRole[];
}

/**
 * The template parameters that exist only with a capability: a release has them exactly when it has the
 * capability (a test checks every row), and the module of that capability contributes them.
 */
export const FEATURE_PARAMETERS: Readonly<Record<ReleaseFeature, readonly ParameterKey[]>> = {
  dataExplorer: [
    'dataExplorerName',
    'dataExplorerSkuName',
    'dataExplorerSkuTier',
    'dataExplorerSkuCapacity',
    'dataExplorerLogRetentionInDays',
    'dataExplorerFinalRetentionInMonths',
  ],
  privateNetworking: ['enablePublicAccess', 'virtualNetworkAddressPrefix'],
  eventGridRegistration: ['eventGridLocation'],
  managedExports: [],
  scriptStorage: [],
  remoteHub: ['remoteHubStorageUri', 'remoteHubStorageKey'],
  retentionSettings: ['exportRetentionInDays', 'ingestionRetentionInMonths'],
  infrastructureEncryption: ['enableInfrastructureEncryption'],
  fabric: ['fabricQueryUri', 'fabricCapacityUnits'],
  managedExportsOption: ['enableManagedExports'],
  keyVaultPurgeProtection: ['enablePurgeProtection'],
  recommendations: ['enableRecommendations', 'enableAHBRecommendations', 'enableSpotRecommendations'],
};

/** The template outputs that exist only with a capability (the managed identity is needed to set up managed exports). */
export const FEATURE_OUTPUTS: Readonly<Record<ReleaseFeature, readonly OutputKey[]>> = {
  dataExplorer: ['clusterId', 'clusterUri', 'ingestionDbName', 'hubDbName'],
  privateNetworking: [],
  eventGridRegistration: [],
  managedExports: ['managedIdentityId', 'managedIdentityTenantId'],
  scriptStorage: [],
  remoteHub: [],
  retentionSettings: [],
  infrastructureEncryption: [],
  fabric: [],
  managedExportsOption: [],
  keyVaultPurgeProtection: [],
  recommendations: [],
};

/** The pipelines, triggers and datasets that exist only with a capability (absent from rows without it). */
export const FEATURE_OBJECTS: Readonly<Record<ReleaseFeature, { pipelines: readonly PipelineRole[]; triggers: readonly TriggerRole[]; datasets: readonly DatasetRole[] }>> = {
  dataExplorer: { pipelines: ['ingestionQueue', 'ingestionEtl', 'initializeHub'], triggers: ['ingestionManifestAdded'], datasets: ['ingestionManifest'] },
  privateNetworking: { pipelines: [], triggers: [], datasets: [] },
  eventGridRegistration: { pipelines: [], triggers: [], datasets: [] },
  managedExports: {
    pipelines: ['configureExports', 'startExports', 'runExports', 'startBackfill', 'runBackfill'],
    triggers: ['settingsUpdated', 'dailySchedule', 'monthlySchedule'],
    datasets: [],
  },
  scriptStorage: { pipelines: [], triggers: [], datasets: [] },
  remoteHub: { pipelines: [], triggers: [], datasets: [] },
  retentionSettings: { pipelines: [], triggers: [], datasets: [] },
  infrastructureEncryption: { pipelines: [], triggers: [], datasets: [] },
  fabric: { pipelines: [], triggers: [], datasets: [] },
  managedExportsOption: { pipelines: [], triggers: [], datasets: [] },
  keyVaultPurgeProtection: { pipelines: [], triggers: [], datasets: [] },
  recommendations: { pipelines: ['queriesQueue', 'queriesEtl', 'resourceGraphQuery'], triggers: ['queriesSchedule'], datasets: ['resourceGraph'] },
};

/**
 * Data Explorer's DNS suffix in each Azure cloud (the row field {@link Release.dataExplorerDnsSuffixes} of the
 * releases that use it; public 14.0, #2081): the private DNS zone of a cluster is `privatelink.<region>.<suffix>`
 * ("Azure Private Endpoint private DNS zone values", https://learn.microsoft.com/azure/private-link/private-endpoint-dns,
 * Analytics, Azure Data Explorer, in its Commercial, Government and China tables; the China page
 * https://docs.azure.cn/private-link/private-endpoint-dns: `privatelink.{regionName}.kusto.windows.cn`).
 */
export const DATA_EXPLORER_DNS_SUFFIXES: Readonly<Record<string, string>> = {
  AzureCloud: 'kusto.windows.net',
  AzureUSGovernment: 'kusto.usgovcloudapi.net',
  AzureChinaCloud: 'kusto.windows.cn',
};

const CONTAINER = SPEC_NAMING.exportContainer;
const FOCUS_PREVIEW = '1.0-preview(v1)';

/** 0.1: amortized cost CSV exports converted to parquet, scope and dates read from the export path. */
const R01: Release = {
  version: '0.1',
  ftkVersion: '0.1',
  exportContainer: CONTAINER,
  naming: SPEC_NAMING,
  namingRules: { spec: SPEC_NAMING, public: PUBLIC_NAMING_01 },
  publicRelease: { template: '0.1.1', ftkVersions: ['placeholder'] },
  exportVersions: {},
  exportDetection: 'csvPath',
  exportConversionTimeout: '0.12:00:00',
  exportFileFormats: ['csv'],
  ingestionLayout: 'scope-range-amortizedcost',
  datasetFolders: 'exportType',
  costManagementApiVersion: '2023-07-01-preview',
  managedExportFocusVersion: '1.0',
  managedExportFormat: { format: 'Csv', compressionMode: 'None' },
  exportRunBody: ' ',
  monthlyScheduleDays: [5, 19],
  managedExports: MANAGED_EXPORTS_FOCUS,
  regionTimeZones: REGION_TIME_ZONES,
  dataExplorerDnsSuffixes: {},
  features: new Set<ReleaseFeature>(),
  behaviours: new Set<ReleaseBehaviour>(),
  focusVersions: [],
  parameters: ['hubName', 'location', 'storageSku', 'tags', 'tagsByResource', 'scopes'],
  parameterNames: { scopes: 'exportScopes' },
  outputs: ['name', 'location', 'dataFactoryName', 'storageAccountId', 'storageAccountName', 'storageUrlForPowerBI'],
  // The public releases 0.1-0.7 (and the spec for 0.7) misspell it; 0.8 fixed the name.
  outputNames: { dataFactoryName: 'dataFactorytName' },
  pipelines: { exportQueue: `${CONTAINER}_extract`, exportEtl: `${CONTAINER}_transform` },
  triggers: { exportAdded: CONTAINER },
  datasets: ['exportCsv', 'ingestion'],
};

/** 0.2: FOCUS 1.0-preview cost exports with a fixed column mapping, scope and month read from the export path. */
const R02: Release = {
  ...R01,
  version: '0.2',
  ftkVersion: '0.2',
  namingRules: { spec: SPEC_NAMING, public: PUBLIC_NAMING_02 },
  publicRelease: { template: '0.2.1', ftkVersions: ['placeholder', '0.2.1'] },
  exportVersions: { FocusCost: [FOCUS_PREVIEW] },
  ingestionLayout: 'scope-month-focuscost',
  pipelines: { exportQueue: `${CONTAINER}_ExecuteETL`, exportEtl: `${CONTAINER}_ETL_ingestion` },
  triggers: { exportAdded: `${CONTAINER}_FileAdded` },
};

/** 0.3: the 0.2.1 code (versions.md §3: the same commit as 0.2.1, only the version string differs). */
const R03: Release = { ...R02, version: '0.3', ftkVersion: '0.3', publicRelease: { template: '0.3', ftkVersions: ['0.3'] } };

/**
 * 0.4: managed exports, manifest-driven conversion with schema files, FOCUS 1.0, retention settings, remote
 * hub, temporary Event Grid namespace.
 */
const R04: Release = {
  ...R03,
  version: '0.4',
  ftkVersion: '0.4',
  namingRules: { spec: SPEC_NAMING, public: PUBLIC_NAMING },
  publicRelease: { template: '0.4', ftkVersions: ['0.4'] },
  exportVersions: { FocusCost: ['1.0', FOCUS_PREVIEW] },
  exportDetection: 'manifest',
  exportConversionTimeout: '0.02:00:00',
  ingestionLayout: 'scope-month-dataset',
  features: new Set<ReleaseFeature>(['managedExports', 'remoteHub', 'retentionSettings', 'eventGridRegistration']),
  parameters: [
    'hubName',
    'location',
    'eventGridLocation',
    'storageSku',
    'tags',
    'tagsByResource',
    'scopes',
    'exportRetentionInDays',
    'ingestionRetentionInMonths',
    'remoteHubStorageUri',
    'remoteHubStorageKey',
  ],
  parameterNames: { scopes: 'scopesToMonitor', eventGridLocation: 'fallbackEventGridLocation' },
  outputs: [...R03.outputs, 'managedIdentityId', 'managedIdentityTenantId'],
  pipelines: {
    exportQueue: `${CONTAINER}_ExecuteETL`,
    exportEtl: `${CONTAINER}_ETL_ingestion`,
    configureExports: 'config_ConfigureExports',
    startExports: 'config_ExportData',
    runExports: 'config_RunExports',
    startBackfill: 'config_BackfillData',
    runBackfill: 'config_RunBackfill',
  },
  triggers: { settingsUpdated: 'config_SettingsUpdated', dailySchedule: 'config_DailySchedule', monthlySchedule: 'config_MonthlySchedule', exportAdded: `${CONTAINER}_FileAdded` },
  datasets: ['config', 'manifest', 'exportCsv', 'ingestion'],
};

/** 0.5: the Event Grid location parameter renamed `eventGridLocation`. */
const R05: Release = {
  ...R04,
  version: '0.5',
  ftkVersion: '0.5',
  publicRelease: { template: '0.5', ftkVersions: ['0.5'] },
  parameterNames: { ...R04.parameterNames, eventGridLocation: 'eventGridLocation' },
};

/**
 * 0.6: five export types with EA/MCA detection, CSV, gzip CSV and parquet exports, the dataset-first
 * layout, parquet managed exports, renamed config pipelines, no Event Grid namespace.
 */
const R06: Release = {
  ...R05,
  version: '0.6',
  ftkVersion: '0.6',
  publicRelease: { template: '0.6', ftkVersions: ['0.6'] },
  exportVersions: {
    FocusCost: ['1.0', FOCUS_PREVIEW],
    PriceSheet: ['2023-05-01'],
    ReservationDetails: ['2023-03-01'],
    ReservationRecommendations: ['2023-05-01'],
    ReservationTransactions: ['2023-05-01'],
  },
  exportFileFormats: ['csv', 'gz', 'parquet'],
  ingestionLayout: 'dataset-date-scope',
  managedExportFormat: { format: 'Parquet', compressionMode: 'Snappy' },
  features: new Set<ReleaseFeature>(['managedExports', 'remoteHub', 'retentionSettings']),
  parameters: R05.parameters.filter((p) => p !== 'eventGridLocation'),
  parameterNames: { scopes: 'scopesToMonitor' },
  pipelines: {
    exportQueue: `${CONTAINER}_ExecuteETL`,
    exportEtl: `${CONTAINER}_ETL_ingestion`,
    configureExports: 'config_ConfigureExports',
    startExports: 'config_StartExportProcess',
    runExports: 'config_RunExportJobs',
    startBackfill: 'config_StartBackfillProcess',
    runBackfill: 'config_RunBackfillJob',
  },
  datasets: ['config', 'manifest', 'exportCsv', 'exportGzip', 'exportParquet', 'ingestion', 'ingestionFiles'],
};

/**
 * 0.7 (the specification): Data Explorer, private networking, script storage, FOCUS 1.0r2, hub dataset
 * folder names, the manifest copied into `ingestion`, the spec's 19 parameters and 12 outputs.
 */
const R07: Release = {
  ...R06,
  version: '0.7',
  ftkVersion: '0.7',
  publicRelease: {
    template: '0.7',
    ftkVersions: ['0.7'],
    parameterNames: { dataExplorerSkuName: 'dataExplorerSku', dataExplorerSkuCapacity: 'dataExplorerCapacity', dataExplorerLogRetentionInDays: 'dataExplorerRawRetentionInDays' },
    missingParameters: ['eventGridLocation', 'dataExplorerSkuTier'],
    defaults: { dataExplorerSkuName: 'Dev(No SLA)_Standard_D11_v2', enablePublicAccess: true },
  },
  exportVersions: { ...R06.exportVersions, FocusCost: ['1.0r2', '1.0', FOCUS_PREVIEW] },
  datasetFolders: 'hubDataset',
  features: new Set<ReleaseFeature>([
    'dataExplorer',
    'privateNetworking',
    'eventGridRegistration',
    'managedExports',
    'scriptStorage',
    'remoteHub',
    'retentionSettings',
    'infrastructureEncryption',
  ]),
  focusVersions: ['1_0'],
  // The spec's "Template parameters" and "Template outputs" tables, in their order, and the public 0.7's
  // enableInfrastructureEncryption after storageSku, where the public template has it.
  parameters: [
    'hubName',
    'location',
    'eventGridLocation',
    'storageSku',
    'enableInfrastructureEncryption',
    'dataExplorerName',
    'dataExplorerSkuName',
    'dataExplorerSkuTier',
    'dataExplorerSkuCapacity',
    'tags',
    'tagsByResource',
    'scopes',
    'exportRetentionInDays',
    'ingestionRetentionInMonths',
    'dataExplorerLogRetentionInDays',
    'dataExplorerFinalRetentionInMonths',
    'remoteHubStorageUri',
    'remoteHubStorageKey',
    'enablePublicAccess',
    'virtualNetworkAddressPrefix',
  ],
  parameterNames: { eventGridLocation: 'EventGridLocation', scopes: 'scopesToMonitor' },
  outputs: [...R06.outputs.slice(0, 6), 'clusterId', 'clusterUri', 'ingestionDbName', 'hubDbName', 'managedIdentityId', 'managedIdentityTenantId'],
  pipelines: {
    exportQueue: `${CONTAINER}_ExecuteETL`,
    exportEtl: `${CONTAINER}_ETL_ingestion`,
    ingestionQueue: 'ingestion_ExecuteETL',
    ingestionEtl: 'ingestion_ETL_dataExplorer',
    initializeHub: 'config_InitializeHub',
    ...R06.pipelines,
  },
  triggers: { ...R06.triggers, exportAdded: `${CONTAINER}_ManifestAdded`, ingestionManifestAdded: 'ingestion_ManifestAdded' },
  datasets: [...R06.datasets, 'ingestionManifest'],
};

/**
 * A region table (`regionTimeZones`) with regions added, in name order: how a release row adds regions to the
 * one before it (0.8: the Australia Central regions; 14: `US_GOVERNMENT_REGION_TIME_ZONES` of ./timeZones.ts).
 */
export const withRegions = (table: Readonly<Record<string, string>>, added: Record<string, string>) =>
  Object.fromEntries(Object.entries({ ...table, ...added }).sort(([a], [b]) => a.localeCompare(b)));

/**
 * 0.8 (no specification: the public release 0.8, `../shared/reference/release-0.8.md`, on top of hubc's 0.7,
 * whose parameters it keeps; docs/deviations.md "Release 0.8"): network components only without public
 * access, the cluster's trusted tenants, new and changed Data Explorer functions, a JSON body for the export
 * run request, the two Australia Central regions in the schedule time-zone table, the output name spelt right.
 */
const R08: Release = {
  ...R07,
  version: '0.8',
  ftkVersion: '0.8',
  // The public 0.8 keeps the public 0.7 parameters and names (release-0.8.md §1.1, §2.1).
  publicRelease: { ...R07.publicRelease, template: '0.8', ftkVersions: ['0.8'] },
  exportRunBody: '{}',
  regionTimeZones: withRegions(R07.regionTimeZones, { australiacentral: 'AUS Eastern Standard Time', australiacentral2: 'AUS Eastern Standard Time' }),
  behaviours: new Set<ReleaseBehaviour>([
    ...R07.behaviours,
    'networkOnlyWhenPrivate',
    'dataExplorerTrustedTenants',
    'kqlDateStrings',
    'kqlDecimalNumberString',
    'kqlResourceTypeIds',
  ]),
  // The output keeps its position; the public 0.8 fixed the misspelt name (release-0.8.md §1.3).
  outputNames: {},
};

/**
 * 0.9 (the public release 0.9 as published, "Update 1": releases-0.9-14.md §1.1, §1.7; docs/deviations.md
 * "Release 0.9"): the Key Vault only for a remote hub, managed exports by kind of scope (prices, reservation
 * details, transactions and recommendations on billing scopes), the export run request with a blank body
 * again, the monthly schedule also on the 2nd, reservation recommendations in a folder per export, the MCA
 * recommendations schema without spaces. hubc keeps the cluster's trusted tenants (the public 0.9 dropped the
 * setting) and its settings.json merge (the public 0.9 merges scopes too, never removing one).
 */
const R09: Release = {
  ...R08,
  version: '0.9',
  ftkVersion: '0.9',
  // The public 0.9 keeps the 0.8 parameters (releases-0.9-14.md §1.1).
  publicRelease: { ...R08.publicRelease, template: '0.9', ftkVersions: ['0.9'] },
  // The public 0.9 went back to a blank body: 0.8's `{}` made Cost Management refuse the run of FOCUS exports
  // of pay-as-you-go subscriptions (#1365, #1367).
  exportRunBody: ' ',
  monthlyScheduleDays: [2, 5, 19],
  managedExports: MANAGED_EXPORTS_BY_SCOPE,
  behaviours: new Set<ReleaseBehaviour>([
    ...R08.behaviours,
    'keyVaultOnlyForRemoteHub',
    'recommendationsFolderPerExport',
    // The KQL data-quality rules and the rewritten MCA recommendations schema (kql-0.9-14.md §4.1).
    'kqlLowerCaseBillingIds',
    'kqlCostConsistencyCodes',
    'kqlCaseInsensitivePriceKey',
    'kqlCostFillFromEffective',
    'kqlRecommendationsJsonCosts',
    'kqlRecommendationDateCapped',
  ]),
};

/**
 * 0.10 (the public release 0.10 as published: releases-0.9-14.md §1.2; docs/deviations.md "Release 0.10"): a
 * Microsoft Fabric eventhouse as the analytics engine (parameters `fabricQueryUri` and `fabricCapacityUnits`
 * after the Data Explorer SKU, as the public template has them), the Microsoft-internal actual cost dataset
 * (`ActualCost` exports of version `c360-2025-04`, ingested as `ActualCosts`). The public 0.10 also supports
 * Azure Government and Azure operated by 21Vianet, which hubc builds for in every release.
 */
const R10: Release = {
  ...R09,
  version: '0.10',
  ftkVersion: '0.10',
  publicRelease: { ...R09.publicRelease, template: '0.10', ftkVersions: ['0.10'] },
  exportVersions: { ...R09.exportVersions, ActualCost: ['c360-2025-04'] },
  features: new Set<ReleaseFeature>([...R09.features, 'fabric']),
  parameters: R09.parameters.flatMap((p): ParameterKey[] => (p === 'dataExplorerSkuCapacity' ? [p, 'fabricQueryUri', 'fabricCapacityUnits'] : [p])),
  // The KQL fixes (kql-0.9-14.md §4.2), scripts an eventhouse can run, named as the public 0.10 names them.
  behaviours: new Set<ReleaseBehaviour>([
    ...R09.behaviours,
    'kqlCostQuantityFill',
    'kqlEffectivePriceRounding',
    'kqlCostFillFromBilled',
    'kqlBlankUnassignedInvoiceSection',
    'kqlStreamingIngestionOff',
    'kqlScriptsByRole',
  ]),
};

/**
 * 0.11 (the public release 0.11 as published, with its post-tag patches 36821457 and f9993f16: releases-0.9-14.md
 * §1.3, §1.7; docs/deviations.md "Release 0.11"): the parameters, outputs and Data Factory objects of 0.10; the
 * Microsoft-internal amortized cost dataset (`AmortizedCost` exports of version `c360-2025-04`, ingested as
 * `AmortizedCosts`); FOCUS 1.2 and 1.2-preview cost exports (the release's new schema files); the Ingestion database setup split into the files the release uses, the raw tables redefined
 * on every deployment, `Costs_raw` with the FOCUS 1.2 columns back-ported into the v1_0 transform, billing periods
 * on month starts. Its identity per deployment script is hubc's since 0.1 (blob manager, trigger manager).
 */
const R11: Release = {
  ...R10,
  version: '0.11',
  ftkVersion: '0.11',
  publicRelease: { ...R10.publicRelease, template: '0.11', ftkVersions: ['0.11'] },
  namingRules: { ...R10.namingRules, public: PUBLIC_NAMING_011 },
  exportVersions: { ...R10.exportVersions, FocusCost: ['1.2', '1.2-preview', ...(R10.exportVersions.FocusCost ?? [])], AmortizedCost: ['c360-2025-04'] },
  behaviours: new Set<ReleaseBehaviour>([...R10.behaviours, 'kqlScriptSplit', 'kqlRawTablesRedefined', 'kqlFocus12Backport', 'kqlBillingPeriodMonthStart']),
};

/**
 * 12 (the public release 12, published as `finops-hub-12.0.json` and `finops-hub-0.12.json`: releases-0.9-14.md
 * §1.4; docs/deviations.md "Releases 12 and 13", "Release identity"): FOCUS 1.2 in the Ingestion and Hub databases
 * (the `*_v1_2` tables and functions beside v1_0, the unversioned functions returning 1.2, the raw tables of 12),
 * managed exports the deployment's choice (parameter `enableManagedExports` after the remote hub's, where the
 * public template has it) with the role they need, the cluster started when ingestion needs it, the Key Vault SKU
 * option. Its export dataset versions are 0.11's (FOCUS 1.2 and 1.2-preview: the same 14 schema files).
 */
const R12: Release = {
  ...R11,
  version: '12',
  ftkVersion: '12.0',
  publicRelease: {
    ...R11.publicRelease,
    template: '12.0',
    ftkVersions: ['12.0'],
    alsoPublishedAs: [{ template: '0.12', ftkVersions: ['0.12'] }],
    // The public template deploys managed exports unless told otherwise; hubc only with a scope (docs/deviations.md).
    defaults: { ...R11.publicRelease.defaults, enableManagedExports: true },
  },
  features: new Set<ReleaseFeature>([...R11.features, 'managedExportsOption']),
  behaviours: new Set<ReleaseBehaviour>([...R11.behaviours, 'keyVaultSkuOption', 'dataExplorerAutoStart', 'managedExportsRoleDelegation', 'kqlRawTables12']),
  focusVersions: ['1_0', '1_2'],
  parameters: R11.parameters.flatMap((p): ParameterKey[] => (p === 'remoteHubStorageKey' ? [p, 'enableManagedExports'] : [p])),
};

/**
 * 13 (the public release 13 as published, "Update 1": releases-0.9-14.md §1.5, §1.7; docs/deviations.md "Releases 12
 * and 13"): the Key Vault's purge protection the deployment's choice (parameter `enablePurgeProtection` after
 * `enableInfrastructureEncryption`, where the public template has it), the triggers started after deployment with
 * waits while their Event Grid subscription provisions, the export manifest dataset named after its container
 * (`manifest` deleted by the upgrade plan). hubc keeps 12's cluster start (the public 13 dropped it) and grants RBAC
 * Administrator limited to the export role from 12 on. Its price-sheet export version (Update 1) is hubc's since 0.9.
 */
const R13: Release = {
  ...R12,
  version: '13',
  ftkVersion: '13.0',
  publicRelease: { ...R12.publicRelease, template: '13.0', ftkVersions: ['13.0'], alsoPublishedAs: undefined },
  features: new Set<ReleaseFeature>([...R12.features, 'keyVaultPurgeProtection']),
  behaviours: new Set<ReleaseBehaviour>([...R12.behaviours, 'triggerStartRetries', 'manifestDatasetSplit']),
  parameters: R12.parameters.flatMap((p): ParameterKey[] => (p === 'enableInfrastructureEncryption' ? [p, 'enablePurgeProtection'] : [p])),
};

/**
 * 14 (the public release 14.0 as published, with the post-tag #2081: releases-0.9-14.md §1.6, §1.7; docs/deviations.md
 * "Release 14", "Recommendations"): recommendations from Azure Resource Graph (parameters `enableRecommendations`,
 * `enableAHBRecommendations`, `enableSpotRecommendations` after `enableManagedExports`, where the public template has
 * them; the `queries_*` pipelines, their trigger and the `azureResourceGraph` dataset), one analytics engine in the
 * portal form, Data Explorer's DNS suffix by cloud, the US Government regions' time zones, subscription and resource
 * group IDs parsed as resources and the recommendations of the queries in the FOCUS 1.2 transform.
 */
const R14: Release = {
  ...R13,
  version: '14',
  ftkVersion: '14.0',
  publicRelease: { ...R13.publicRelease, template: '14.0', ftkVersions: ['14.0'] },
  regionTimeZones: withRegions(R13.regionTimeZones, US_GOVERNMENT_REGION_TIME_ZONES),
  dataExplorerDnsSuffixes: DATA_EXPLORER_DNS_SUFFIXES,
  features: new Set<ReleaseFeature>([...R13.features, 'recommendations']),
  behaviours: new Set<ReleaseBehaviour>([...R13.behaviours, 'oneAnalyticsEngine', 'kqlParseSubscriptionIds', 'kqlResourceGraphRecommendations']),
  parameters: R13.parameters.flatMap((p): ParameterKey[] =>
    p === 'enableManagedExports' ? [p, 'enableRecommendations', 'enableAHBRecommendations', 'enableSpotRecommendations'] : [p],
  ),
  pipelines: { ...R13.pipelines, queriesQueue: 'queries_ExecuteETL', queriesEtl: 'queries_ETL_ingestion', resourceGraphQuery: 'queries_ResourceGraph_ExecuteQuery' },
  triggers: { ...R13.triggers, queriesSchedule: 'queries_DailySchedule' },
  datasets: [...R13.datasets, 'resourceGraph'],
};

/**
 * The rows, oldest first. A list, not an object's keys: JavaScript orders integer-like keys (`'12'`) before every
 * other key, so an object would put release 12 before 0.1.
 */
const ROWS: readonly Release[] = [R01, R02, R03, R04, R05, R06, R07, R08, R09, R10, R11, R12, R13, R14];

const RELEASES = Object.fromEntries(ROWS.map((r) => [r.version, r])) as Record<ReleaseVersion, Release>;

/** The table's order, oldest first, with the rows a test injected ({@link withReleaseRows}) after them. */
const ORDER: ReleaseVersion[] = ROWS.map((r) => r.version);

/**
 * Every release hubc can build, oldest first: the release table's order, which is the one order of releases
 * (`src/model/releaseNames.ts` sorts and compares by it; a version string is never compared as a number).
 */
export const RELEASE_VERSIONS: readonly ReleaseVersion[] = ORDER;

/** The newest release hubc builds. */
export const LATEST_RELEASE: ReleaseVersion = RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1];

/**
 * Returns the capability row of a release.
 * @throws Error for a version hubc does not know (the JSON Schema rejects those earlier)
 */
export function getRelease(version: string): Release {
  const r = INJECTED.get(version) ?? (Object.hasOwn(RELEASES, version) ? RELEASES[version as ReleaseVersion] : undefined);
  if (!r) throw new Error(`unknown hub release ${version}`);
  return r;
}

/** A release row a test puts in the table: any version id, not only those of {@link ReleaseVersion}. */
export type InjectedRelease = Omit<Release, 'version'> & { version: string };

/** Rows a test put in the table with {@link withReleaseRows}, by version. */
const INJECTED = new Map<string, Release>();

/**
 * The one test seam of the release table: runs `fn` with `rows` in the table, then puts the table back when `fn`
 * returns, throws, or (for a promise) settles. A row of a version the table has stands in for the table's row (a
 * capability tried on a release that lacks it: `{ ...getRelease('0.8'), features: new Set([...r.features,
 * 'recommendations']) }`); a row of any other version is added after the newest row, in the order given (a future
 * release: `{ ...getRelease(LATEST_RELEASE), version: '15', ... }`). Inside, every layer sees them as it sees the
 * table's rows: {@link getRelease}, {@link RELEASE_VERSIONS} and so the release order, hub.yaml's `release:`,
 * `--release`. Never used outside tests; not reentrant across concurrent promises (a test file runs its tests one
 * at a time).
 */
export function withReleaseRows<T>(rows: readonly InjectedRelease[], fn: () => T): T {
  const injected = new Map(INJECTED);
  const order = [...ORDER];
  for (const row of rows) {
    INJECTED.set(row.version, row as Release);
    if (!ORDER.includes(row.version as ReleaseVersion)) ORDER.push(row.version as ReleaseVersion);
  }
  const restore = () => {
    INJECTED.clear();
    for (const [version, row] of injected) INJECTED.set(version, row);
    ORDER.splice(0, ORDER.length, ...order);
  };
  let result: T;
  try {
    result = fn();
  } catch (e) {
    restore();
    throw e;
  }
  if (result instanceof Promise) return result.finally(restore) as T;
  restore();
  return result;
}

/**
 * The release row of a hub that uses the naming rules of `mode`: the export container, and the pipelines
 * and triggers named after it, follow the mode (`rawexports_ExecuteETL` or the public `msexports_ExecuteETL`).
 */
export function withNaming(release: Release, mode: NamingMode): Release {
  const rules = release.namingRules[mode];
  if (rules === release.naming) return release;
  const from = release.exportContainer;
  const rename = (name: string) => (name === from || name.startsWith(`${from}_`) ? rules.exportContainer + name.slice(from.length) : name);
  const renamed = <K extends string>(record: Readonly<Partial<Record<K, string>>>) =>
    Object.fromEntries(Object.entries(record).map(([k, n]) => [k, rename(n as string)])) as Partial<Record<K, string>>;
  return { ...release, naming: rules, exportContainer: rules.exportContainer, pipelines: renamed(release.pipelines), triggers: renamed(release.triggers) };
}

/** True when the release has the capability. */
export function has(release: Release, feature: ReleaseFeature): boolean {
  return release.features.has(feature);
}

/** True when the release has the change of behaviour. */
export function behaves(release: Release, behaviour: ReleaseBehaviour): boolean {
  return release.behaviours.has(behaviour);
}

/** The first release (oldest first) with a change of behaviour, for hints. */
export function firstReleaseBehaving(behaviour: ReleaseBehaviour): ReleaseVersion | undefined {
  return RELEASE_VERSIONS.find((v) => getRelease(v).behaviours.has(behaviour));
}

/** The name the public release of this number gives a parameter (undefined when it has no such parameter). */
export function publicParameterName(release: Release, key: ParameterKey): string | undefined {
  if (!release.parameters.includes(key) || release.publicRelease.missingParameters?.includes(key)) return undefined;
  return release.publicRelease.parameterNames?.[key] ?? parameterName(release, key);
}

/** The template name of a parameter in a release (its key unless the release renames it). */
export function parameterName(release: Release, key: ParameterKey): string {
  return release.parameterNames[key] ?? key;
}

/** The template name of an output in a release (its key unless the release renames it). */
export function outputName(release: Release, key: OutputKey): string {
  return release.outputNames[key] ?? key;
}

/** The releases before `release`, oldest first. */
export function earlierReleases(release: Release): Release[] {
  return RELEASE_VERSIONS.slice(0, RELEASE_VERSIONS.indexOf(release.version)).map(getRelease);
}

/** The first release (oldest first) that has a capability, for hints such as "first release with private networking: 0.7". */
export function firstReleaseWith(feature: ReleaseFeature): ReleaseVersion | undefined {
  return RELEASE_VERSIONS.find((v) => getRelease(v).features.has(feature));
}

/**
 * A release row with one capability removed, and with it the parameters, outputs, pipelines, triggers and
 * datasets that belong to it.
 * For tests that prove every module copes with a component being absent.
 */
export function withoutFeature(release: Release, feature: ReleaseFeature): Release {
  const features = new Set(release.features);
  features.delete(feature);
  const objects = FEATURE_OBJECTS[feature];
  const without = <K extends string>(record: Readonly<Partial<Record<K, string>>>, keys: readonly K[]) =>
    Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k as K))) as Partial<Record<K, string>>;
  return {
    ...release,
    features,
    parameters: release.parameters.filter((k) => !FEATURE_PARAMETERS[feature].includes(k)),
    outputs: release.outputs.filter((k) => !FEATURE_OUTPUTS[feature].includes(k)),
    pipelines: without(release.pipelines, objects.pipelines),
    triggers: without(release.triggers, objects.triggers),
    datasets: release.datasets.filter((d) => !objects.datasets.includes(d)),
  };
}
