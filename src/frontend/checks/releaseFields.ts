/**
 * Fields a release cannot express (issue: "Model fields a release cannot express get a diagnostic, never
 * silence"): hub.yaml sections that configure a component the release being built does not have.
 * - HUB220 (error): a value that would change the deployment, if the release had the component;
 * - HUB221 (warning): the section holds only default values, so leaving it out changes nothing (a hub.yaml
 *   written for a later release builds for an earlier one).
 * The hint names the first release that has the component (release table, `firstReleaseWith`). Datasets and
 * export versions are checked the same way in `datasets.ts`.
 */
import { isDeepStrictEqual } from 'node:util';
import { codes } from '../../diagnostics/index.js';
import { behaves, firstReleaseBehaving, firstReleaseWith, has, type Release, type ReleaseBehaviour, type ReleaseFeature } from '../../model/releases.js';
import { derivedDefault, FOLLOWING_FIELDS } from './fieldDefaults.js';
import type { Check, CheckContext, DataPath } from './types.js';
import { isObject } from '../../util/json.js';

/** A hub.yaml section and the capability (or change of behaviour) it configures. */
export type Section = {
  path: DataPath;
  /** The component, for messages. */
  what: string;
  /**
   * Values of the section's fields that say what a release without the component does anyway (a release
   * without private networking leaves the data lake open: `networking.publicAccess: true`): stating them
   * changes nothing for that release, and they carry over to a later one (`hubc import` writes them).
   */
  implied?: readonly { path: DataPath; value: unknown; why: string }[];
} & ({ feature: ReleaseFeature; behaviour?: undefined } | { behaviour: ReleaseBehaviour; feature?: undefined });

/**
 * True when a release has a hub.yaml field: no section of {@link RELEASE_SECTIONS} that holds it (or is
 * it) configures something the release lacks; and `datasets` only in a release that converts export
 * datasets (its `exportVersions`; the dataset checks report the datasets and versions it lacks).
 */
export function fieldApplies(release: Release, path: DataPath): boolean {
  if (path[0] === 'datasets' && !Object.keys(release.exportVersions).length) return false;
  return RELEASE_SECTIONS.every((s) => sectionApplies(release, s) || s.path.length > path.length || s.path.some((seg, i) => seg !== path[i]));
}

/** True when a release has what a section configures. */
export function sectionApplies(release: Release, s: Section): boolean {
  return s.feature ? has(release, s.feature) : behaves(release, s.behaviour!);
}

/** The first release that has what a section configures. */
function firstReleaseFor(s: Section): string | undefined {
  return s.feature ? firstReleaseWith(s.feature) : firstReleaseBehaving(s.behaviour!);
}

/** The hub.yaml sections that configure a component only some releases have. */
export const RELEASE_SECTIONS: readonly Section[] = [
  { path: ['hub', 'eventGridLocation'], feature: 'eventGridRegistration', what: 'the temporary Event Grid namespace' },
  { path: ['storage', 'infrastructureEncryption'], feature: 'infrastructureEncryption', what: "the data lake's infrastructure encryption" },
  { path: ['keyVault', 'sku'], behaviour: 'keyVaultSkuOption', what: "the Key Vault's SKU" },
  { path: ['keyVault', 'purgeProtection'], feature: 'keyVaultPurgeProtection', what: "the Key Vault's purge protection" },
  { path: ['managedExports'], feature: 'managedExportsOption', what: 'managed exports as an option' },
  { path: ['dataExplorer'], feature: 'dataExplorer', what: 'Data Explorer' },
  { path: ['dataExplorer', 'trustedExternalTenants'], behaviour: 'dataExplorerTrustedTenants', what: "the Data Explorer cluster's trusted tenants" },
  { path: ['fabric'], feature: 'fabric', what: 'a Microsoft Fabric eventhouse' },
  { path: ['retention', 'rawExportsDays'], feature: 'retentionSettings', what: 'retention settings' },
  { path: ['retention', 'ingestionMonths'], feature: 'retentionSettings', what: 'retention settings' },
  { path: ['retention', 'dataExplorerLogDays'], feature: 'dataExplorer', what: 'Data Explorer' },
  { path: ['retention', 'dataExplorerFinalMonths'], feature: 'dataExplorer', what: 'Data Explorer' },
  {
    path: ['networking'],
    feature: 'privateNetworking',
    what: 'private networking',
    implied: [{ path: ['networking', 'publicAccess'], value: true, why: 'a release without private networking leaves the data lake open to public access' }],
  },
  { path: ['remoteHub'], feature: 'remoteHub', what: 'a remote hub' },
  { path: ['recommendations'], feature: 'recommendations', what: 'recommendations from Azure Resource Graph' },
  { path: ['schedules'], feature: 'managedExports', what: 'managed exports' },
  { path: ['customDatasets'], feature: 'dataExplorer', what: 'custom datasets (Data Explorer loads them)' },
];

/** The value at a path, or undefined. */
export function valueAt(data: unknown, path: DataPath): unknown {
  let v = data;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[String(seg)];
  }
  return v;
}

/** Paths of the leaves (non-object values; arrays count as leaves) under `path` in `value`. */
function leaves(value: unknown, path: DataPath): DataPath[] {
  if (!isObject(value)) return [path];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
}

/** The default of a leaf: the schema default, the release's (`fieldDefaults.ts`), or for the Data Explorer tier and capacity what the SKU implies. */
function defaultAt(ctx: CheckContext, path: DataPath): unknown {
  if (FOLLOWING_FIELDS[path.join('.')]) return derivedDefault(path, ctx.release, { dataExplorer: { sku: { name: ctx.data.dataExplorer?.sku?.name } } });
  return valueAt(ctx.defaults, path) ?? derivedDefault(path, ctx.release, ctx.data);
}

/** True when a leaf holds the value a release without the section's component has anyway (`implied`). */
function isImplied(s: Section, leaf: DataPath, value: unknown): boolean {
  const implied = s.implied?.find((i) => i.path.join('.') === leaf.join('.'));
  return implied !== undefined && isDeepStrictEqual(value, implied.value);
}

export const releaseFieldsCheck: Check = {
  codes: [codes.HUB220, codes.HUB221],
  run(ctx) {
    const r = ctx.release;
    for (const s of RELEASE_SECTIONS) {
      if (sectionApplies(r, s) || !ctx.written(s.path) || !ctx.valid(s.path)) continue;
      // A section inside one the release lacks altogether is reported with it.
      if (RELEASE_SECTIONS.some((p) => p !== s && p.path.length < s.path.length && p.path.every((seg, i) => s.path[i] === seg) && !sectionApplies(r, p))) continue;
      const first = firstReleaseFor(s);
      const hint = first ? `The first release with ${s.what} is ${first}; build that release or later, or remove this section.` : 'Remove this section.';
      const changed = leaves(valueAt(ctx.original, s.path), s.path).filter((leaf) => {
        const value = valueAt(ctx.data, leaf);
        // A list without a schema default defaults to empty (customDatasets). A default that follows the release
        // counts in the file's own release too (hubc init of 0.9 writes the 0.9 monthly days).
        const fallbacks = [defaultAt(ctx, leaf), defaultAt({ ...ctx, release: ctx.fileRelease }, leaf)].map((d) => d ?? (Array.isArray(value) ? [] : undefined));
        return fallbacks.every((f) => !isDeepStrictEqual(value, f)) && !isImplied(s, leaf, value);
      });
      // A section that states what the release does anyway (and defaults) is a fact of the release: nothing to say.
      if (!changed.length && leaves(valueAt(ctx.original, s.path), s.path).some((leaf) => isImplied(s, leaf, valueAt(ctx.data, leaf)))) continue;
      if (!changed.length) {
        ctx.report(codes.HUB221.section({ path: s.path.join('.'), what: s.what, release: r.version, hint }), s.path, { key: true });
        continue;
      }
      for (const leaf of changed) {
        ctx.report(codes.HUB220.section({ path: leaf.join('.'), what: s.what, release: r.version, hint }), leaf);
      }
    }
  },
};
