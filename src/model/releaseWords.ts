/**
 * What changes between two hub releases, in words an operator reads: the release table's differences
 * (src/model/releases.ts) said as sentences, for the release notes of a feed (`hubc publish`). Every
 * capability and change of behaviour has its sentence here (the records are typed over the unions, so a new
 * one fails the type check until it has words).
 */
import type { ExportType } from './datasets.js';
import type { Release, ReleaseBehaviour, ReleaseFeature } from './releases.js';

/** What a capability gives a hub, as the end of "The hub can now ..." / "The hub no longer ...". */
export const FEATURE_WORDS: Readonly<Record<ReleaseFeature, string>> = {
  dataExplorer: 'deploy an Azure Data Explorer cluster (hub.yaml dataExplorer.name) with the Ingestion and Hub databases, loaded from every new ingestion',
  privateNetworking: 'keep its storage, Key Vault and Data Explorer off public networks (hub.yaml networking: a virtual network, private endpoints and DNS zones)',
  eventGridRegistration: 'register the Microsoft.EventGrid resource provider with a temporary Event Grid namespace',
  managedExports: 'create and run Cost Management exports itself, daily and monthly (hub.yaml scopes and schedules)',
  scriptStorage: 'run its deployment scripts with a storage account of their own',
  remoteHub: "push converted data to another hub's storage (hub.yaml remoteHub)",
  retentionSettings: 'delete old raw exports and ingested months by its retention settings (hub.yaml retention)',
  fabric:
    'use a Microsoft Fabric Real-Time Intelligence eventhouse instead of a Data Explorer cluster (hub.yaml fabric.queryUri), with the setup scripts of its Ingestion and Hub databases in the build (fabric/)',
  infrastructureEncryption: 'encrypt its data lake a second time at the infrastructure level (hub.yaml storage.infrastructureEncryption; fixed when the account is created)',
  managedExportsOption: 'leave managed exports out (hub.yaml managedExports.enabled; template parameter enableManagedExports): no export pipelines, schedules or storage role then',
  keyVaultPurgeProtection: 'turn on purge protection for its Key Vault (hub.yaml keyVault.purgeProtection; it cannot be turned off again)',
  recommendations:
    "find cost recommendations daily with Azure Resource Graph, Azure Advisor's included (hub.yaml recommendations; the Data Factory identity needs Reader on the scopes to analyze, granted by hand)",
};

/** What a change of behaviour means for a hub deployed from the release before it. */
export const BEHAVIOUR_WORDS: Readonly<Record<ReleaseBehaviour, string>> = {
  kqlDateStrings: 'Data Explorer gains the functions monthstring() and datestring(); daterange() and monthsago() are deprecated.',
  kqlDecimalNumberString: "Data Explorer's numberstring() takes a real number and formats its decimals.",
  kqlResourceTypeIds:
    "Data Explorer's Costs data keeps the resource type ID in x_ResourceType and gives its display name in ResourceType; resource_type() and parse_resourceid() change accordingly.",
  networkOnlyWhenPrivate:
    'With public access on, the virtual network, private endpoints, private DNS zones and the deployment-script storage account are no longer deployed (those of an earlier deployment stay until deleted).',
  dataExplorerTrustedTenants:
    "The Data Explorer cluster trusts only the hub's own tenant unless hub.yaml dataExplorer.trustedExternalTenants lists others (a cluster created without the setting trusted every tenant).",
  keyVaultOnlyForRemoteHub:
    "The Key Vault, its private endpoint and Data Factory's Key Vault linked service and managed private endpoint are deployed only for a remote hub (those of an earlier deployment stay until deleted).",
  recommendationsFolderPerExport:
    'Reservation recommendations are converted into a folder per export (Recommendations/{year}/{month}/{scope}/{export name}/), so several recommendation exports of one scope no longer replace each other.',
  keyVaultSkuOption: "The Key Vault's pricing tier is hub.yaml keyVault.sku (standard unless chosen).",
  dataExplorerAutoStart:
    "A stopped Data Explorer cluster is started when new data arrives, and ingestion waits until it runs; the factory's identity may read and start the cluster.",
  triggerStartRetries: 'After a deployment the triggers are started with retries; one that still cannot start is reported, and the deployment does not fail for it.',
  manifestDatasetSplit: 'The Data Factory dataset manifest is replaced by two, one per container; the old one is deleted after deployment.',
  managedExportsRoleDelegation:
    "With managed exports on, the Data Factory identity may give each managed export's identity Storage Blob Data Contributor on the data lake (RBAC Administrator limited to that role), which Cost Management needs to write the export.",
  kqlLowerCaseBillingIds: "Data Explorer's Prices and Costs data writes BillingAccountId (and Costs CommitmentDiscountId) in lower case.",
  kqlCostConsistencyCodes:
    "Data Explorer's Costs data flags rows whose list cost is below the contracted cost, or the contracted cost below the effective cost, in x_SourceChanges.",
  kqlCaseInsensitivePriceKey: "Data Explorer's Costs data finds the price-sheet prices of a billing profile whatever the case of its ID.",
  kqlCostFillFromEffective:
    "Data Explorer's Costs data fills a missing contracted cost from the effective cost (and a missing list cost from the contracted cost) when the unit prices are equal, without rounding errors.",
  kqlRecommendationsJsonCosts:
    'Reservation recommendations of Microsoft Customer Agreement accounts are converted with space-free column names; Data Explorer reads their costs and savings from the JSON values (Recommendations_raw has 26 columns).',
  kqlRecommendationDateCapped: "Data Explorer's Recommendations data accepts a look-back period in days (30) and never dates a recommendation after today.",
  kqlCostQuantityFill:
    "Data Explorer's Costs data computes a missing pricing quantity from the cost and unit price, and a missing consumed quantity of usage from it (flagged MissingPricingQuantity, MissingConsumedQuantity).",
  kqlEffectivePriceRounding:
    "Data Explorer's Costs data corrects an effective unit price within 0.0001 of the billed or contracted price when it fills missing prices (flagged XEffectiveUnitPriceRoundingError).",
  kqlCostFillFromBilled:
    "Data Explorer's Costs data keeps prices and costs of rows nothing was billed for, and fills a missing contracted cost from the billed cost when the unit prices are equal.",
  kqlBlankUnassignedInvoiceSection: "Data Explorer's Costs data leaves the invoice section empty instead of -2 / Unassigned.",
  kqlStreamingIngestionOff: 'Streaming ingestion is disabled on the Data Explorer raw tables, so the same database scripts also set up a Microsoft Fabric eventhouse.',
  kqlScriptsByRole: 'The Data Explorer database scripts are named by role (commonScript, setupScript); the scripts of the earlier names are no longer deployed.',
  kqlScriptSplit: 'The Ingestion database setup is split into IngestionSetup_HubInfra.kql, IngestionSetup_RawTables.kql and IngestionSetup_v1_0.kql, each its own database script.',
  kqlRawTablesRedefined:
    "Each deployment gives the Data Explorer raw tables exactly the release's columns: data of kept columns stays, columns no release writes any more are dropped.",
  kqlFocus12Backport:
    "Data Explorer's Costs_raw takes FOCUS 1.2 exports (139 columns); their InvoiceId, PricingCurrency and SkuMeter land in x_InvoiceId, x_PricingCurrency and x_SkuMeterName of the FOCUS 1.0 data.",
  kqlBillingPeriodMonthStart: "Data Explorer's Costs data starts and ends each billing period on the first of a month.",
  kqlRawTables12:
    "Data Explorer's raw tables (*_raw) and PricingUnits take real numbers instead of decimal, and Costs_raw and Recommendations_raw gain columns. Data Explorer cannot change a column's type, so the first deployment of this release over a database an earlier release created drops each raw table's columns and their data once (a script of its own, which later deployments do not run again): the raw rows loaded before stay, empty in every column, until the raw retention removes them; the final tables keep every row ingested before, and config_InitializeHub reloads PricingUnits. Later redeployments keep the raw tables' rows.",
  kqlParseSubscriptionIds:
    "Data Explorer's parse_resourceid() reads subscription and resource group IDs as resources of microsoft.resources, so cost rows of such IDs get an x_ResourceType and a ResourceType display name.",
  kqlResourceGraphRecommendations:
    "Data Explorer's Recommendations_transform_v1_2() takes the recommendations of Azure Resource Graph queries: details given as JSON text are parsed, their keys get the x_ prefix, and the resource type, savings and description are read from them.",
  oneAnalyticsEngine:
    'The hub sends its data to one analytics engine: the portal form asks for none (storage only), Data Explorer, Fabric or a remote hub, and hub.yaml may set only one of dataExplorer.name and remoteHub.storageUri.',
};

/** Ingestion layouts as an operator sees them in storage. */
const LAYOUT_WORDS: Readonly<Record<Release['ingestionLayout'], string>> = {
  'scope-range-amortizedcost': 'ingestion/{scope}/{date range}/amortizedcost/',
  'scope-month-focuscost': 'ingestion/{scope}/{month}/focuscost/',
  'scope-month-dataset': 'ingestion/{scope}/{month}/{export type}/',
  'dataset-date-scope': 'ingestion/{dataset}/{year}/{month}/{scope}/',
};

/** The managed exports of a release by kind of scope, in words (`every scope: daily-costdetails, ...`). */
function managedExportNames(r: Release): string {
  const scopes = { eaBillingAccount: 'EA billing accounts', mcaBillingProfile: 'MCA billing profiles', other: 'other scopes' } as const;
  const sets = Object.entries(r.managedExports).map(([k, list]) => [scopes[k as keyof typeof scopes], list.map((e) => e.name).join(', ')] as const);
  if (sets.every(([, names]) => names === sets[0][1])) return `on every scope ${sets[0][1]}`;
  return sets.map(([who, names]) => `on ${who} ${names}`).join('; ');
}

/** `a`, `a and b`, `a, b and c`. */
function list(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The export versions `b` converts and `a` does not, as `FocusCost 1.0r2`. */
function newExportVersions(a: Release, b: Release): string[] {
  return (Object.keys(b.exportVersions) as ExportType[]).flatMap((type) =>
    (b.exportVersions[type] ?? []).filter((v) => !(a.exportVersions[type] ?? []).includes(v)).map((v) => `${type} ${v}`),
  );
}

/** The unversioned Hub functions of the built-in datasets, as the Hub database names them (kql-0.9-14.md §5.3). */
export const UNVERSIONED_HUB_FUNCTIONS: readonly string[] = ['Costs', 'Prices', 'CommitmentDiscountUsage', 'Recommendations', 'Transactions'];

/** A FOCUS version of the release table (`1_2`) as people write it (`1.2`). */
export const focusLabel = (version: string): string => version.replace('_', '.');

/** The Hub function of a dataset for one FOCUS version: `Costs`, `1_0` -> `Costs_v1_0`. */
export const versionedFunction = (name: string, version: string): string => `${name}_v${version}`;

/**
 * The FOCUS version the unversioned Hub functions (`Costs()`, ...) return in `a` and in `b` (the last of each
 * row's `focusVersions`), when it changes: `{ from: '1_0', to: '1_2' }` from any release of 0.7-0.11 to 12 on.
 * The one source of this fact for the release notes (`releaseChangeWords`), `hubc diff`'s note (HUB442) and
 * `hubc upgrade-plan`'s step. Undefined when either release has no Data Explorer functions.
 */
export function unversionedFocusChange(a: Release, b: Release): { from: string; to: string } | undefined {
  const [from, to] = [a.focusVersions.at(-1), b.focusVersions.at(-1)];
  return from && to && from !== to ? { from, to } : undefined;
}

/**
 * The release table's differences from release `a` to release `b`, one sentence each: capabilities gained
 * and lost, changes of behaviour, the ingestion layout and folders, the export container, the export file
 * formats and versions converted, the managed exports' format, the time zones of schedule triggers, Data
 * Explorer's DNS suffix by cloud.
 */
export function releaseChangeWords(a: Release, b: Release): string[] {
  const out: string[] = [];
  for (const f of b.features) if (!a.features.has(f)) out.push(`The hub can now ${FEATURE_WORDS[f]}.`);
  for (const f of a.features) if (!b.features.has(f)) out.push(`The hub can no longer ${FEATURE_WORDS[f]}.`);
  for (const x of b.behaviours) if (!a.behaviours.has(x)) out.push(BEHAVIOUR_WORDS[x]);
  if (a.exportDetection !== b.exportDetection)
    out.push(
      b.exportDetection === 'manifest' ? 'An export is processed when its manifest.json arrives, not file by file.' : 'Every CSV file an export writes is processed as it arrives.',
    );
  if (a.ingestionLayout !== b.ingestionLayout) out.push(`Converted data is written to ${LAYOUT_WORDS[b.ingestionLayout]} instead of ${LAYOUT_WORDS[a.ingestionLayout]}.`);
  else if (a.datasetFolders !== b.datasetFolders)
    out.push(
      `Dataset folders under ingestion/ are named ${b.datasetFolders === 'hubDataset' ? 'after the hub datasets (Costs, Prices, ...)' : 'after the export type in lower case'} instead of ${a.datasetFolders === 'hubDataset' ? 'the hub datasets' : 'the export type'}.`,
    );
  if (a.exportContainer !== b.exportContainer) out.push(`Exports are read from the ${b.exportContainer} container instead of ${a.exportContainer}.`);
  const formats = b.exportFileFormats.filter((f) => !a.exportFileFormats.includes(f));
  if (formats.length) out.push(`Exports may also be ${list(formats.map((f) => (f === 'gz' ? 'gzip-compressed CSV' : f === 'csv' ? 'CSV' : 'Parquet')))} files.`);
  const versions = newExportVersions(a, b);
  if (versions.length) out.push(`New export datasets converted: ${list(versions)}.`);
  if (a.features.has('managedExports') && b.features.has('managedExports') && a.managedExportFormat.format !== b.managedExportFormat.format)
    out.push(
      `The exports the hub creates itself write ${b.managedExportFormat.format === 'Csv' ? 'CSV' : b.managedExportFormat.format} files instead of ${a.managedExportFormat.format === 'Csv' ? 'CSV' : a.managedExportFormat.format}.`,
    );
  if (a.features.has('managedExports') && b.features.has('managedExports') && a.managedExportFocusVersion !== b.managedExportFocusVersion)
    out.push(`The FOCUS cost exports the hub creates itself deliver FOCUS ${b.managedExportFocusVersion} instead of ${a.managedExportFocusVersion}.`);
  if (a.features.has('managedExports') && b.features.has('managedExports') && managedExportNames(a) !== managedExportNames(b))
    out.push(`The hub creates these exports itself: ${managedExportNames(b)}.`);
  if (a.features.has('managedExports') && b.features.has('managedExports') && a.monthlyScheduleDays.join() !== b.monthlyScheduleDays.join())
    out.push(`The monthly exports run on days ${list(b.monthlyScheduleDays.map(String))} of the month unless hub.yaml schedules.monthly.daysOfMonth says otherwise.`);
  const focus = unversionedFocusChange(a, b);
  if (focus)
    out.push(
      `Data Explorer's unversioned Hub functions (${UNVERSIONED_HUB_FUNCTIONS.map((f) => `${f}()`).join(', ')}) return FOCUS ${focusLabel(focus.to)} instead of ${focusLabel(focus.from)}: a query or report that needs the ${focusLabel(focus.from)} columns calls the versioned function instead, e.g. ${versionedFunction(UNVERSIONED_HUB_FUNCTIONS[0], focus.from)}().`,
    );
  const zones = Object.keys(b.regionTimeZones).filter((r) => !(r in a.regionTimeZones));
  if (zones.length) out.push(`Schedules in ${list(zones)} run on the region's time zone (timeZone: auto) instead of UTC.`);
  const clouds = Object.keys(b.dataExplorerDnsSuffixes).filter((c) => a.dataExplorerDnsSuffixes[c] !== b.dataExplorerDnsSuffixes[c]);
  if (clouds.length)
    out.push(
      `The Data Explorer private DNS zone takes the Kusto DNS suffix of the cloud (${list(clouds.map((c) => `${c}: ${b.dataExplorerDnsSuffixes[c]}`))}) instead of the storage suffix with core replaced by kusto.`,
    );
  return out;
}
