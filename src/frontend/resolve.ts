/**
 * Stage 3: turn validated hub.yaml data (schema defaults already applied) into the typed {@link HubModel}.
 */
import type { HubModel, ScheduleModel, KustoType, DateFolderForm } from '../model/hub.js';
import { getRelease, withNaming } from '../model/releases.js';
import type { NamingMode } from '../model/naming.js';
import { BUILT_IN_DATASETS, type BuiltInDatasetName } from '../model/datasets.js';
import { tierOfSku } from './checks/skus.js';
import { capacityOfTier, derivedDefault } from './checks/fieldDefaults.js';

function schedule(raw: { time: string; timeZone: string }): ScheduleModel {
  const [hour, minute] = raw.time.split(':').map(Number);
  return { hour, minute, timeZone: raw.timeZone };
}

/**
 * The Data Explorer SKU with tier and capacity derived where hub.yaml leaves them out: the tier the SKU runs
 * in, and the smallest node count that tier allows (1 for Basic, 2 for Standard).
 */
function dataExplorerSku(raw: { name: string; tier?: 'Basic' | 'Standard'; capacity?: number }): HubModel['dataExplorer']['sku'] {
  const tier = raw.tier ?? tierOfSku(raw.name);
  return { name: raw.name, tier, capacity: raw.capacity ?? capacityOfTier(tier) };
}

/** The list with each text kept once, ignoring case: its first spelling, in list order. */
function firstSpellings(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((s) => !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

/**
 * Builds the model. `data` must have passed {@link validateHub}; `skuNames` is the SKU enum of the
 * schema (the default list offered by the deploy form).
 */
export function resolveHub(data: Record<string, any>, skuNames: readonly string[]): HubModel {
  const release = withNaming(getRelease(data.release), (data.naming ?? 'spec') as NamingMode);
  const datasetsRaw: { name: BuiltInDatasetName; versions?: string[] }[] | undefined = data.datasets;
  // Datasets and versions the release cannot convert were reported by the checks (an error unless the
  // value is a default, which only warns) and are left out here.
  const datasets = (datasetsRaw ?? BUILT_IN_DATASETS.filter((d) => !d.optIn).map((d) => ({ name: d.name, versions: undefined }))).flatMap((d) => {
    const builtIn = BUILT_IN_DATASETS.find((b) => b.name === d.name)!;
    const supported = release.exportVersions[builtIn.exportType];
    if (!supported) return [];
    return [{ name: builtIn.name, exportType: builtIn.exportType, versions: (d.versions ?? supported).filter((v) => supported.includes(v)) }];
  });
  return {
    release,
    hub: { name: data.hub.name, location: data.hub.location, eventGridLocation: data.hub.eventGridLocation },
    storage: { sku: data.storage.sku, allowedSkus: [...data.storage.allowedSkus], infrastructureEncryption: data.storage.infrastructureEncryption },
    keyVault: { sku: data.keyVault?.sku ?? 'standard', purgeProtection: data.keyVault?.purgeProtection ?? false },
    managedExports: { enabled: data.managedExports?.enabled ?? (derivedDefault(['managedExports', 'enabled'], release, data) as boolean) },
    dataExplorer: {
      name: data.dataExplorer.name,
      sku: dataExplorerSku(data.dataExplorer.sku),
      allowedSkuNames: data.dataExplorer.allowedSkuNames ? [...data.dataExplorer.allowedSkuNames] : [...skuNames],
      databases: { ...data.dataExplorer.databases },
      trustedExternalTenants: [...data.dataExplorer.trustedExternalTenants],
    },
    fabric: { queryUri: data.fabric.queryUri, capacityUnits: data.fabric.capacityUnits },
    // Scope IDs are case-insensitive: the first spelling of each is kept (HUB219 warns about the others).
    scopes: firstSpellings(data.scopes),
    retention: { ...data.retention },
    networking: { ...data.networking },
    remoteHub: { ...data.remoteHub },
    recommendations: { enabled: data.recommendations.enabled, ahb: data.recommendations.ahb, spot: data.recommendations.spot },
    tags: { ...data.tags },
    tagsByResource: structuredClone(data.tagsByResource),
    datasets,
    schedules: {
      daily: schedule(data.schedules.daily),
      monthly: { ...schedule(data.schedules.monthly), daysOfMonth: [...(data.schedules.monthly.daysOfMonth ?? release.monthlyScheduleDays)] },
    },
    customDatasets: (data.customDatasets ?? []).map((c: any) => ({
      name: c.name,
      dateFolder: (c.dateFolder ?? 'yyyy/mm') as DateFolderForm,
      columns: c.columns.map((col: any) => ({ name: col.name, type: col.type as KustoType })),
    })),
    lint: { suppress: (data.lint?.suppress ?? []).map((s: { rule: string; reason: string }) => ({ rule: s.rule, reason: s.reason })) },
  };
}
