/**
 * Release rows 12 and 13 for tests, made as the lead will make them (R12 = { ...R11, ... }) but on 0.8, the
 * newest row of the table today, with the flags and fields this branch adds (docs/deviations.md "Releases 12
 * and 13"), injected with `withReleaseRows`. Where the table already has a row of that id, the table's row is
 * used and nothing is injected: then these tests run on the real rows.
 */
import { getRelease, RELEASE_VERSIONS, withReleaseRows, type InjectedRelease, type ParameterKey, type ReleaseBehaviour, type ReleaseFeature } from '../../src/model/releases.js';

/** `list` with `key` inserted after `after` (or at the end). */
const insertAfter = (list: readonly ParameterKey[], after: ParameterKey, key: ParameterKey): ParameterKey[] => {
  const i = list.indexOf(after);
  return i < 0 ? [...list, key] : [...list.slice(0, i + 1), key, ...list.slice(i + 1)];
};

/** The flags of 12 on top of the row before it. */
export const R12_FEATURES: readonly ReleaseFeature[] = ['managedExportsOption'];
export const R12_BEHAVIOURS: readonly ReleaseBehaviour[] = ['keyVaultSkuOption', 'dataExplorerAutoStart', 'managedExportsRoleDelegation'];
/** The flags of 13 on top of 12. */
export const R13_FEATURES: readonly ReleaseFeature[] = ['keyVaultPurgeProtection'];
export const R13_BEHAVIOURS: readonly ReleaseBehaviour[] = ['triggerStartRetries', 'manifestDatasetSplit'];

/** Release 12 on the newest row before it. */
export function row12(): InjectedRelease {
  const base = getRelease('0.8');
  return {
    ...base,
    version: '12',
    ftkVersion: '12.0',
    publicRelease: { ...base.publicRelease, template: '12.0', ftkVersions: ['12.0'], alsoPublishedAs: [{ template: '0.12', ftkVersions: ['0.12'] }] },
    features: new Set([...base.features, ...R12_FEATURES]),
    behaviours: new Set([...base.behaviours, ...R12_BEHAVIOURS]),
    parameters: insertAfter(base.parameters, 'remoteHubStorageKey', 'enableManagedExports'),
  };
}

/** Release 13 on 12. */
export function row13(): InjectedRelease {
  const r12 = RELEASE_VERSIONS.includes('12' as never) ? (getRelease('12') as InjectedRelease) : row12();
  return {
    ...r12,
    version: '13',
    ftkVersion: '13.0',
    publicRelease: { ...r12.publicRelease, template: '13.0', ftkVersions: ['13.0'], alsoPublishedAs: undefined },
    features: new Set([...r12.features, ...R13_FEATURES]),
    behaviours: new Set([...r12.behaviours, ...R13_BEHAVIOURS]),
    parameters: insertAfter(r12.parameters, 'enableInfrastructureEncryption', 'enablePurgeProtection'),
  };
}

/** Runs `fn` with releases 12 and 13 in the table (injected where the table lacks them). */
export function withReleases12And13<T>(fn: () => T): T {
  const rows: InjectedRelease[] = [];
  if (!RELEASE_VERSIONS.includes('12' as never)) rows.push(row12());
  if (!RELEASE_VERSIONS.includes('13' as never)) rows.push(row13());
  return withReleaseRows(rows, fn);
}
