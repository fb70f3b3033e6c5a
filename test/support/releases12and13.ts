/**
 * Release row 13 for tests, made as the table will make it (R13 = { ...R12, ... }) with the flags and fields of
 * docs/deviations.md "Releases 12 and 13", injected with `withReleaseRows` beside the table's row of 12. Where the
 * table already has a row of 13, the table's row is used and nothing is injected: then these tests run on the
 * real rows.
 */
import { getRelease, RELEASE_VERSIONS, withReleaseRows, type InjectedRelease, type ParameterKey, type ReleaseBehaviour, type ReleaseFeature } from '../../src/model/releases.js';

/** `list` with `key` inserted after `after` (or at the end). */
const insertAfter = (list: readonly ParameterKey[], after: ParameterKey, key: ParameterKey): ParameterKey[] => {
  const i = list.indexOf(after);
  return i < 0 ? [...list, key] : [...list.slice(0, i + 1), key, ...list.slice(i + 1)];
};

/** The flags of 13 on top of 12. */
export const R13_FEATURES: readonly ReleaseFeature[] = ['keyVaultPurgeProtection'];
export const R13_BEHAVIOURS: readonly ReleaseBehaviour[] = ['triggerStartRetries', 'manifestDatasetSplit'];

/** Release 13 on 12. */
export function row13(): InjectedRelease {
  const r12 = getRelease('12');
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
  if (!RELEASE_VERSIONS.includes('13' as never)) rows.push(row13());
  return withReleaseRows(rows, fn);
}
