/**
 * The defaults of hub.yaml fields that the JSON Schema cannot state, since its `default` is one value for
 * every hub: computed from the release (`datasets`: every dataset the release converts, with every export
 * version it accepts; `schedules.monthly.daysOfMonth`: the release's `monthlyScheduleDays`), or from another field of the same hub.yaml (the Data Explorer SKU's `tier` from its
 * `name`, `capacity` from the tier). `resolve.ts`, the release-field and dataset checks and `hubc init`
 * take them from here.
 */
import { BUILT_IN_DATASETS, type BuiltInDatasetName, type ExportType } from '../../model/datasets.js';
import type { Release } from '../../model/releases.js';
import { tierOfSku } from './skus.js';
import type { DataPath } from '../paths.js';

/** One entry of hub.yaml's `datasets`. */
export interface DatasetEntry {
  name: BuiltInDatasetName;
  exportType: ExportType;
  versions: string[];
}

/**
 * The `datasets` a release converts when hub.yaml names none: the catalog's, in catalog order, each with every
 * version the release accepts; not the opt-in ones (the Microsoft-internal cost datasets, 0.10+), which a hub
 * ingests only when hub.yaml lists them.
 */
export function releaseDatasets(release: Release): DatasetEntry[] {
  return BUILT_IN_DATASETS.filter((b) => !b.optIn && release.exportVersions[b.exportType]).map((b) => ({
    name: b.name,
    exportType: b.exportType,
    versions: [...release.exportVersions[b.exportType]!],
  }));
}

/** The node count a Data Explorer tier starts with: 1 for Basic, 2 for Standard (the smallest each allows). */
export const capacityOfTier = (tier: 'Basic' | 'Standard'): number => (tier === 'Basic' ? 1 : 2);

/** Fields whose default follows from another field, by dotted path: the field it follows. */
export const FOLLOWING_FIELDS: Readonly<Record<string, string>> = {
  'dataExplorer.sku.tier': 'dataExplorer.sku.name',
  'dataExplorer.sku.capacity': 'dataExplorer.sku.tier',
  'managedExports.enabled': 'scopes',
};

/**
 * The default of a field the schema gives none, for a release and the rest of a hub.yaml's data (schema
 * defaults applied).
 * @returns undefined for a field whose default the schema gives (or that has none)
 */
export function derivedDefault(path: DataPath, release: Release, data: Record<string, any>): unknown {
  switch (path.join('.')) {
    case 'datasets':
      return releaseDatasets(release);
    case 'schedules.monthly.daysOfMonth':
      return [...release.monthlyScheduleDays];
    case 'dataExplorer.sku.tier':
      return tierOfSku(String(data.dataExplorer?.sku?.name));
    case 'managedExports.enabled':
      // One default for hub.yaml, the template parameter and the form: on exactly when there are scopes to export.
      return Array.isArray(data.scopes) && data.scopes.length > 0;
    case 'dataExplorer.sku.capacity':
      return capacityOfTier(data.dataExplorer?.sku?.tier ?? tierOfSku(String(data.dataExplorer?.sku?.name)));
    default:
      return undefined;
  }
}
