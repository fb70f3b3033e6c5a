/**
 * Release rows with the Data Explorer behaviours of the releases after 0.8 (issue #34), built from the 0.8 row with
 * `withBehaviours` until the release table has rows of their own, and hub models with the C360 datasets those
 * releases ingest. What each behaviour is: `ReleaseBehaviour` in src/model/releases.ts.
 */
import { getRelease, withBehaviours, type Release, type ReleaseBehaviour } from '../../src/model/releases.js';
import type { DatasetModel, HubModel } from '../../src/model/hub.js';
import { hubModel } from './hubs.js';

/** The KQL behaviours 0.9 brings. */
export const KQL_09: readonly ReleaseBehaviour[] = [
  'kqlLowerCaseBillingIds',
  'kqlCostConsistencyCodes',
  'kqlCaseInsensitivePriceKey',
  'kqlCostFillFromEffective',
  'kqlRecommendationsJsonCosts',
  'kqlRecommendationDateCapped',
];

/** The KQL behaviours 0.10 brings. */
export const KQL_010: readonly ReleaseBehaviour[] = [
  'kqlCostQuantityFill',
  'kqlEffectivePriceRounding',
  'kqlCostFillFromBilled',
  'kqlBlankUnassignedInvoiceSection',
  'kqlStreamingIngestionOff',
  'kqlScriptsByRole',
];

/** The KQL behaviours 0.11 brings. */
export const KQL_011: readonly ReleaseBehaviour[] = ['kqlScriptSplit', 'kqlRawTablesRedefined', 'kqlFocus12Backport', 'kqlBillingPeriodMonthStart'];

/** The 0.8 row with the KQL behaviours up to and including the release named. */
export function kqlRow(release: '0.9' | '0.10' | '0.11'): Release {
  const behaviours = release === '0.9' ? KQL_09 : release === '0.10' ? [...KQL_09, ...KQL_010] : [...KQL_09, ...KQL_010, ...KQL_011];
  return withBehaviours(getRelease('0.8'), behaviours);
}

/** The C360 datasets as hub.yaml lists them (export versions of 0.10/0.11). */
export const C360_DATASETS: Readonly<Record<'ActualCosts' | 'AmortizedCosts', DatasetModel>> = {
  ActualCosts: { name: 'ActualCosts', exportType: 'ActualCost', versions: ['c360-2025-04'] },
  AmortizedCosts: { name: 'AmortizedCosts', exportType: 'AmortizedCost', versions: ['c360-2025-04'] },
};

/**
 * The default hub's model on the release's KQL row, with the C360 datasets the release ingests (ActualCosts from
 * 0.10, AmortizedCosts from 0.11) after the default datasets.
 */
export function kqlReleaseModel(release: '0.9' | '0.10' | '0.11', patch: Partial<HubModel> = {}): HubModel {
  const base = hubModel();
  const c360 = release === '0.9' ? [] : release === '0.10' ? [C360_DATASETS.ActualCosts] : [C360_DATASETS.ActualCosts, C360_DATASETS.AmortizedCosts];
  return hubModel({ release: kqlRow(release), datasets: [...base.datasets, ...c360], ...patch });
}
