/**
 * Test helpers for the `recommendations` release feature, on the release table's own rows: the newest release
 * with the feature (14 when it came) and the newest without it, both looked up from the table, and hub.yaml
 * texts for them.
 */
import { parse, stringify } from 'yaml';
import { getRelease, has, RELEASE_VERSIONS, type Release, type ReleaseVersion } from '../../src/model/releases.js';
import { DEFAULT_HUB_YAML } from './hubs.js';

/** The newest release of the table for which `pick` holds. */
function newest(pick: (r: Release) => boolean, what: string): ReleaseVersion {
  const v = [...RELEASE_VERSIONS].reverse().find((x) => pick(getRelease(x)));
  if (!v) throw new Error(`the release table has no release ${what}`);
  return v;
}

/** The newest release with recommendations from Azure Resource Graph (the tests' release). */
export const RECOMMENDATIONS_RELEASE: ReleaseVersion = newest((r) => has(r, 'recommendations'), 'with recommendations');

/** The newest release before {@link RECOMMENDATIONS_RELEASE} without the feature (what a hub upgrades from). */
export const RELEASE_WITHOUT_RECOMMENDATIONS: ReleaseVersion = newest(
  (r) => !has(r, 'recommendations') && RELEASE_VERSIONS.indexOf(r.version) < RELEASE_VERSIONS.indexOf(RECOMMENDATIONS_RELEASE),
  'without recommendations before one with them',
);

/** The row of {@link RECOMMENDATIONS_RELEASE}. */
export const recommendationsRow = (): Release => getRelease(RECOMMENDATIONS_RELEASE);

/**
 * The repository's hub.yaml for `release` (by default {@link RECOMMENDATIONS_RELEASE}) with `recommendations` and
 * other top-level sections replaced (`{ recommendations: { enabled: true } }`).
 */
export function recommendationsHubYaml(overrides: Record<string, unknown> = {}, release: ReleaseVersion = RECOMMENDATIONS_RELEASE): string {
  const doc = parse(DEFAULT_HUB_YAML) as Record<string, unknown>;
  return stringify({ ...doc, release, ...overrides });
}

/** Scope IDs used by the tests: two subscriptions, a management group and a billing account (not an Azure RBAC scope). */
export const TEST_SCOPES = [
  '/subscriptions/00000000-0000-0000-0000-0000000000a1',
  '/subscriptions/00000000-0000-0000-0000-0000000000a2',
  '/providers/Microsoft.Management/managementGroups/finops-mg',
  '/providers/Microsoft.Billing/billingAccounts/1234567',
];
