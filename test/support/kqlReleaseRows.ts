/**
 * Hub models of the releases after 0.8 (issue #34) with the C360 datasets those releases ingest, for the tests of
 * their Data Explorer scripts. What each behaviour is: `ReleaseBehaviour` in src/model/releases.ts.
 */
import { getRelease } from '../../src/model/releases.js';
import type { DatasetModel, HubModel } from '../../src/model/hub.js';
import { hubModel } from './hubs.js';

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
  return hubModel({ release: getRelease(release), datasets: [...base.datasets, ...c360], ...patch });
}
