/**
 * Test helpers for the `recommendations` release feature before a release row has it (issue #36: the 14 row
 * switches it on later): a row with the feature switched on, stood in for the table's through the model's seam
 * (`withReleaseRows`), and hub.yaml texts that use it.
 */
import { parse, stringify } from 'yaml';
import { getRelease, withReleaseRows, type Release } from '../../src/model/releases.js';
import { DEFAULT_HUB_YAML } from './hubs.js';

/** The release whose row the tests extend with the feature. */
export const BASE_RELEASE = '0.8';

/**
 * `base` with recommendations: the feature, its three parameters after the remote hub's (where the public 14.0
 * has them, after `enableManagedExports`, of which hubc has no parameter), its three pipelines, its trigger and
 * its dataset. What the 14 row is to add.
 */
export function recommendationsRow(base: Release = getRelease(BASE_RELEASE)): Release {
  const at = base.parameters.indexOf('remoteHubStorageKey') + 1;
  return {
    ...base,
    features: new Set([...base.features, 'recommendations']),
    parameters: [...base.parameters.slice(0, at), 'enableRecommendations', 'enableAHBRecommendations', 'enableSpotRecommendations', ...base.parameters.slice(at)],
    pipelines: { ...base.pipelines, queriesQueue: 'queries_ExecuteETL', queriesEtl: 'queries_ETL_ingestion', resourceGraphQuery: 'queries_ResourceGraph_ExecuteQuery' },
    triggers: { ...base.triggers, queriesSchedule: 'queries_DailySchedule' },
    datasets: [...base.datasets, 'resourceGraph'],
  };
}

/** Runs `fn` with {@link BASE_RELEASE} switched to {@link recommendationsRow} (awaited when it returns a promise). */
export function withRecommendations<T>(fn: () => T): T {
  return withReleaseRows([recommendationsRow()], fn);
}

/**
 * The repository's hub.yaml for {@link BASE_RELEASE} with `recommendations` and other top-level sections
 * replaced (`{ recommendations: { enabled: true } }`).
 */
export function recommendationsHubYaml(overrides: Record<string, unknown> = {}): string {
  const doc = parse(DEFAULT_HUB_YAML) as Record<string, unknown>;
  return stringify({ ...doc, release: BASE_RELEASE, ...overrides });
}

/** Scope IDs used by the tests: two subscriptions, a management group and a billing account (not an Azure RBAC scope). */
export const TEST_SCOPES = [
  '/subscriptions/00000000-0000-0000-0000-0000000000a1',
  '/subscriptions/00000000-0000-0000-0000-0000000000a2',
  '/providers/Microsoft.Management/managementGroups/finops-mg',
  '/providers/Microsoft.Billing/billingAccounts/1234567',
];
