/**
 * Test helpers for the Data Explorer scripts of release 12 on, whose rows the release table does not have yet: models
 * built from the 0.8 row with the behaviours and FOCUS versions of 12, 13 and 14 (`releaseRowForTests`), their
 * scripts' functions for the test KQL evaluator (./kqlEval), and tables of their layouts.
 */
import { getRelease, releaseRowForTests, type ReleaseBehaviour } from '../../src/model/releases.js';
import type { HubModel } from '../../src/model/hub.js';
import { kqlDatasets, kqlScripts } from '../../src/modules/dataExplorer/kql.js';
import { OPEN_DATA_TABLES } from '../../src/modules/dataExplorer/kql/tables.js';
import { PRICING_UNITS_12, V1_2_DATASETS } from '../../src/modules/dataExplorer/kqlV1_2.js';
import type { BuiltInDatasetName } from '../../src/model/datasets.js';
import { hubModel } from './hubs.js';
import { KqlEvaluator, functionsOf, parseDate, table, type KDate, type KqlFunction, type Table } from './kqlEval/evaluate.js';

/** The KQL behaviours of each release from 12 on (docs: the report of helper kql-b; the lead wires them into the rows). */
export const KQL_BEHAVIOURS: Readonly<Record<'12' | '13' | '14', readonly ReleaseBehaviour[]>> = {
  '12': ['kqlRawTables12'],
  '13': ['kqlRawTables12'],
  '14': ['kqlRawTables12', 'kqlParseSubscriptionIds', 'kqlResourceGraphRecommendations'],
};

/** The default hub's model for release 12, 13 or 14 as the row of that release will have it. */
export function focus12Model(version: '12' | '13' | '14', patch: Partial<HubModel> = {}): HubModel {
  const release = releaseRowForTests(getRelease('0.8'), { version, behaviours: KQL_BEHAVIOURS[version], focusVersions: ['1_0', '1_2'] });
  return hubModel({ release, ...patch });
}

const functionCache = new WeakMap<HubModel, Map<string, KqlFunction>>();

/** Every function of a model's scripts, both databases (the evaluator has one namespace). */
export function functionsOfModel(m: HubModel): Map<string, KqlFunction> {
  let f = functionCache.get(m);
  if (!f) functionCache.set(m, (f = functionsOf(...kqlScripts(m).map((s) => s.text))));
  return f;
}

export const at = (iso: string): KDate => parseDate(iso)!;

/** An evaluator of a model's functions over tables, with now() fixed. */
export function evaluatorOf(m: HubModel, tables: Record<string, Table>, now = '2025-06-15T08:00:00Z'): KqlEvaluator {
  return new KqlEvaluator({ tables: new Map(Object.entries(tables)), functions: functionsOfModel(m) }, { now: at(now) });
}

/** Columns of a model's raw table of a dataset. */
export function rawOf(m: HubModel, name: BuiltInDatasetName) {
  return kqlDatasets(m).find((d) => d.name === name)!.raw;
}

/** Columns of a dataset's FOCUS 1.0 final table. */
export function finalV1_0Of(m: HubModel, name: BuiltInDatasetName) {
  return kqlDatasets(m).find((d) => d.name === name)!.final;
}

/** Columns of a dataset's FOCUS 1.2 final table. */
export const finalV1_2Of = (name: BuiltInDatasetName) => V1_2_DATASETS[name].final;

/** An open data table of release 12 (PricingUnits with real block sizes) with rows. */
export function openData(name: 'PricingUnits' | 'Regions' | 'ResourceTypes' | 'Services', rows: Record<string, unknown>[] = []): Table {
  const columns = name === 'PricingUnits' ? PRICING_UNITS_12 : OPEN_DATA_TABLES.find((t) => t.name === name)!.columns;
  return table(columns, rows);
}
