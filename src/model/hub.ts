/**
 * The resolved hub model: what `hub.yaml` says, typed, with every default applied and the release's
 * capabilities attached. Modules read only this; nothing downstream sees YAML.
 */
import type { BuiltInDatasetName, ExportType } from './datasets.js';
import type { Release } from './releases.js';

/** Kusto column types a custom dataset may declare. */
export type KustoType = 'string' | 'long' | 'int' | 'real' | 'decimal' | 'bool' | 'datetime' | 'timespan' | 'guid' | 'dynamic';

/** Date-folder forms of the ingestion layout (spec, "Storage layout of the ingestion container"). */
export type DateFolderForm = 'all' | 'yyyy' | 'yyyy/mm' | 'yyyy/mm/dd';

/** A built-in dataset the hub ingests. */
export interface DatasetModel {
  name: BuiltInDatasetName;
  exportType: ExportType;
  /** Export dataset versions accepted, in the order given. */
  versions: string[];
}

/** A dataset the user uploads as parquet. */
export interface CustomDatasetModel {
  name: string;
  dateFolder: DateFolderForm;
  columns: { name: string; type: KustoType }[];
}

/** Schedule of one managed-export trigger. */
export interface ScheduleModel {
  /** Hour of day, 0-23. */
  hour: number;
  /** Minute, 0-59. */
  minute: number;
  /** Windows time zone id, or `auto` for the zone of the hub's region. */
  timeZone: string;
}

/** Everything a hub.yaml configures, with defaults applied. */
export interface HubModel {
  release: Release;
  hub: { name: string; location: string; eventGridLocation: string };
  storage: { sku: string; allowedSkus: string[]; infrastructureEncryption: boolean };
  /** The Key Vault: its SKU (12+) and purge protection (13+). */
  keyVault: { sku: 'standard' | 'premium'; purgeProtection: boolean };
  /** Managed exports on or off (12+; earlier releases always have them with the `managedExports` feature). Default: on when `scopes` lists one. */
  managedExports: { enabled: boolean };
  dataExplorer: {
    name: string;
    sku: { name: string; tier: 'Basic' | 'Standard'; capacity: number };
    allowedSkuNames: string[];
    databases: { ingestion: string; hub: string };
    /** Tenant IDs (or `*`, every tenant) whose principals the cluster accepts besides the hub's tenant (0.8+). */
    trustedExternalTenants: string[];
  };
  /**
   * The Microsoft Fabric eventhouse used instead of a Data Explorer cluster (0.10+): its query URI (empty: none)
   * and the capacity units of its Fabric capacity (F2 = 2 ... F2048 = 2048), which set how many files Data
   * Factory loads at once (at most 50, Data Factory's ForEach limit).
   */
  fabric: { queryUri: string; capacityUnits: number };
  scopes: string[];
  retention: { rawExportsDays: number; ingestionMonths: number; dataExplorerLogDays: number; dataExplorerFinalMonths: number };
  networking: { publicAccess: boolean; addressPrefix: string };
  remoteHub: { storageUri: string };
  /**
   * Recommendations from Azure Resource Graph (release feature `recommendations`): the defaults of
   * `enableRecommendations` and of its optional groups `enableAHBRecommendations` (group `ahb`) and
   * `enableSpotRecommendations` (group `spot`); docs/recommendations.md.
   */
  recommendations: { enabled: boolean; ahb: boolean; spot: boolean };
  tags: Record<string, string>;
  tagsByResource: Record<string, Record<string, string>>;
  datasets: DatasetModel[];
  schedules: { daily: ScheduleModel; monthly: ScheduleModel & { daysOfMonth: number[] } };
  customDatasets: CustomDatasetModel[];
  /** `hubc lint` settings: rules whose findings this hub accepts, with the reason (docs/lint.md). */
  lint: { suppress: { rule: string; reason: string }[] };
}
