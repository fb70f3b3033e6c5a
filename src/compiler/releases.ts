/**
 * What differs between FinOps hub releases, as data. Modules ask capability questions of the
 * {@link Release} they are given and never compare version strings.
 *
 * Sources: the specification's "Versioning" section and, for 0.1-0.6 interfaces, the public releases
 * (../shared/reference/versions.md).
 */
import type { ExportType } from '../modules/datasets/catalog.js';
import type { OutputKey, ParameterKey } from '../modules/types.js';

/** A hub release hubc can build. */
export type ReleaseVersion = '0.7';

/** Ingestion folder layout of a release. */
export type IngestionLayout =
  /** `ingestion/{dataset}/{date-folder-path}/{scope-id-path}/{ingestion-id}__{original-file-name}.parquet` (0.6+). */
  | 'dataset-date-scope';

/** Capabilities and fixed values of one hub release. */
export interface Release {
  version: ReleaseVersion;
  /** Version string the hub records in settings.json and resource tags (`ftk-version`). */
  ftkVersion: string;
  /** Name of the container Cost Management exports into. */
  exportContainer: string;
  /** Export dataset versions the release can convert, by export type. */
  exportVersions: Readonly<Record<ExportType, readonly string[]>>;
  /** Cost Management exports API version used by the managed-export pipelines. */
  costManagementApiVersion: string;
  /** FOCUS dataset version of the exports the hub creates itself. */
  managedExportFocusVersion: string;
  ingestionLayout: IngestionLayout;
  /** Capabilities that switch whole components on. */
  features: ReadonlySet<ReleaseFeature>;
  /** FOCUS versions the Data Explorer final tables and Hub functions target, e.g. `['1_0']`. */
  focusVersions: readonly string[];
  /** The template parameters, in template order (logical keys; see {@link parameterName}). */
  parameters: readonly ParameterKey[];
  /** Parameters whose template name differs from their key in this release. */
  parameterNames: Readonly<Partial<Record<ParameterKey, string>>>;
  /** The template outputs, in template order. */
  outputs: readonly OutputKey[];
}

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
  | 'retentionSettings';

/**
 * The template parameters that exist only with a capability: a release has them exactly when it has the
 * capability (a test checks every row), and the module of that capability contributes them.
 */
export const FEATURE_PARAMETERS: Readonly<Record<ReleaseFeature, readonly ParameterKey[]>> = {
  dataExplorer: ['dataExplorerName', 'dataExplorerSkuName', 'dataExplorerSkuTier', 'dataExplorerSkuCapacity', 'dataExplorerLogRetentionInDays', 'dataExplorerFinalRetentionInMonths'],
  privateNetworking: ['enablePublicAccess', 'virtualNetworkAddressPrefix'],
  eventGridRegistration: ['eventGridLocation'],
  managedExports: [],
  scriptStorage: [],
  remoteHub: ['remoteHubStorageUri', 'remoteHubStorageKey'],
  retentionSettings: ['exportRetentionInDays', 'ingestionRetentionInMonths'],
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
};

const RELEASES: Record<ReleaseVersion, Release> = {
  '0.7': {
    version: '0.7',
    ftkVersion: '0.7',
    exportContainer: 'rawexports',
    exportVersions: {
      FocusCost: ['1.0r2', '1.0', '1.0-preview(v1)'],
      PriceSheet: ['2023-05-01'],
      ReservationDetails: ['2023-03-01'],
      ReservationRecommendations: ['2023-05-01'],
      ReservationTransactions: ['2023-05-01'],
    },
    costManagementApiVersion: '2023-07-01-preview',
    managedExportFocusVersion: '1.0',
    ingestionLayout: 'dataset-date-scope',
    features: new Set<ReleaseFeature>([
      'dataExplorer',
      'privateNetworking',
      'eventGridRegistration',
      'managedExports',
      'scriptStorage',
      'remoteHub',
      'retentionSettings',
    ]),
    focusVersions: ['1_0'],
    // The spec's "Template parameters" and "Template outputs" tables, in their order.
    parameters: [
      'hubName',
      'location',
      'eventGridLocation',
      'storageSku',
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
    outputs: [
      'name',
      'location',
      'dataFactorytName',
      'storageAccountId',
      'storageAccountName',
      'storageUrlForPowerBI',
      'clusterId',
      'clusterUri',
      'ingestionDbName',
      'hubDbName',
      'managedIdentityId',
      'managedIdentityTenantId',
    ],
  },
};

/** Every release hubc can build, oldest first. */
export const RELEASE_VERSIONS: readonly ReleaseVersion[] = Object.keys(RELEASES) as ReleaseVersion[];

/**
 * Returns the capability row of a release.
 * @throws Error for a version hubc does not know (the JSON Schema rejects those earlier)
 */
export function getRelease(version: string): Release {
  const r = RELEASES[version as ReleaseVersion];
  if (!r) throw new Error(`unknown hub release ${version}`);
  return r;
}

/** True when the release has the capability. */
export function has(release: Release, feature: ReleaseFeature): boolean {
  return release.features.has(feature);
}

/** The template name of a parameter in a release (its key unless the release renames it). */
export function parameterName(release: Release, key: ParameterKey): string {
  return release.parameterNames[key] ?? key;
}

/**
 * A release row with one capability removed, and with it the parameters and outputs that belong to it.
 * For tests that prove every module copes with a component being absent.
 */
export function withoutFeature(release: Release, feature: ReleaseFeature): Release {
  const features = new Set(release.features);
  features.delete(feature);
  return {
    ...release,
    features,
    parameters: release.parameters.filter((k) => !FEATURE_PARAMETERS[feature].includes(k)),
    outputs: release.outputs.filter((k) => !FEATURE_OUTPUTS[feature].includes(k)),
  };
}
