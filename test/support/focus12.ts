/**
 * Test helpers for the Data Explorer scripts of release 12 on: models of the table's rows, their scripts' functions for the test KQL evaluator (./kqlEval), and tables of their layouts.
 */
import { getRelease } from '../../src/model/releases.js';
import type { HubModel } from '../../src/model/hub.js';
import { kqlDatasets, kqlScripts } from '../../src/modules/dataExplorer/kql.js';
import { OPEN_DATA_TABLES } from '../../src/modules/dataExplorer/kql/tables.js';
import { PRICING_UNITS_12, V1_2_DATASETS, type FinalDatasetName } from '../../src/modules/dataExplorer/kqlV1_2.js';
import type { BuiltInDatasetName } from '../../src/model/datasets.js';
import { hubModel } from './hubs.js';
import * as assert from 'uvu/assert';
import type { KqlValidationResult } from '../../src/validators/kql.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { RAW_TABLES_12 } from '../../src/modules/dataExplorer/kqlV1_2.js';
import { KqlEvaluator, functionsOf, parseDate, table, type KDate, type KqlFunction, type Table } from './kqlEval/evaluate.js';

/** The default hub's model for release 12, 13 or 14 (the table's row). */
export function focus12Model(version: '12' | '13' | '14', patch: Partial<HubModel> = {}): HubModel {
  return hubModel({ release: getRelease(version), ...patch });
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
export const finalV1_2Of = (name: FinalDatasetName) => V1_2_DATASETS[name].final;

/** An open data table of release 12 (PricingUnits with real block sizes) with rows. */
export function openData(name: 'PricingUnits' | 'Regions' | 'ResourceTypes' | 'Services', rows: Record<string, unknown>[] = []): Table {
  const columns = name === 'PricingUnits' ? PRICING_UNITS_12 : OPEN_DATA_TABLES.find((t) => t.name === name)!.columns;
  return table(columns, rows);
}

/** A model's scripts as the template deploys them (placeholders replaced by their validation values), for the validator. */
export function deployedScripts(m: HubModel): { file: string; database: string; text: string }[] {
  return kqlScripts(m).map((s) => {
    let text = s.text;
    for (const [placeholder, sub] of Object.entries(s.placeholders ?? {})) text = text.split(placeholder).join(sub.validationValue);
    return { file: s.file, database: m.dataExplorer.databases[s.database], text };
  });
}

/** A column as the facts file lists it. */
export interface FactColumn {
  name: string;
  type: string;
}

/**
 * The column tables of the facts file (../shared/reference/kql-0.9-14.md): the raw tables of 12 (§2.5-2.7) and the
 * `*_final_v1_2` tables (§3.2-3.7), by dataset, names and types in order, read from its markdown tables.
 */
export function factTables(markdown: string): { raw12: Record<BuiltInDatasetName, FactColumn[]>; finalV1_2: Record<FinalDatasetName, FactColumn[]> } {
  const section = (from: string, to: string) => markdown.slice(markdown.indexOf(from), markdown.indexOf(to, markdown.indexOf(from) + from.length));
  const rows = (text: string, name: number, type: number): FactColumn[] =>
    text
      .split('\n')
      .map((l) =>
        l
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => c.trim()),
      )
      .filter((cells) => /^\d+$/.test(cells[0] ?? ''))
      .map((cells) => ({ name: cells[name].replace(/`/g, ''), type: cells[type].replace(/`/g, '').split(' ')[0] }));
  const s27 = section('### 2.7', '## 3.');
  const part = (table: string) =>
    s27.slice(s27.indexOf(`\`${table}\` (`), s27.indexOf('\n`', s27.indexOf(`\`${table}\` (`) + 1) >= 0 ? s27.indexOf('\n`', s27.indexOf(`\`${table}\` (`) + 1) : undefined);
  return {
    raw12: {
      Costs: rows(section('### 2.5', '### 2.6'), 3, 5),
      ActualCosts: rows(section('### 2.4', '### 2.5'), 1, 4),
      AmortizedCosts: rows(section('### 2.4', '### 2.5'), 1, 4),
      Recommendations: rows(section('### 2.6', '### 2.7'), 1, 3),
      Prices: rows(part('Prices_raw'), 1, 3),
      CommitmentDiscountUsage: rows(part('CommitmentDiscountUsage_raw'), 1, 3),
      Transactions: rows(part('Transactions_raw'), 1, 3),
    },
    finalV1_2: {
      Prices: rows(section('### 3.2', 'Rules (differences'), 1, 2),
      Costs: rows(section('### 3.3 ', '#### 3.3.1'), 1, 2),
      CommitmentDiscountUsage: rows(section('### 3.5', 'Rules (same as v1_0'), 1, 2),
      Recommendations: rows(section('### 3.6', 'Rules in 12 and 13'), 1, 2),
      Transactions: rows(section('### 3.7', 'Rules: identical'), 1, 2),
    },
  };
}

const brief = (d: Diagnostic) => `${d.file}:${d.start?.line}:${d.start?.col} ${d.code} ${d.message}`;
const DATASETS = Object.keys(V1_2_DATASETS) as FinalDatasetName[];

/**
 * Asserts the language service's view of a model's scripts: no diagnostics, each policy's result its table's columns,
 * v1_0 policies disabled and v1_2 enabled, Hub functions of each version returning that version's final table.
 */
export function assertFocus12Proven(m: HubModel, r: KqlValidationResult): void {
  assert.equal(r.diagnostics.map(brief), []);
  const tables = new Map(r.databases.Ingestion.tables.map((t) => [t.name, t.columns]));
  assert.equal(
    r.updatePolicies.map((p) => [p.table, p.source, p.query, p.isEnabled, p.isTransactional, p.propagateIngestionProperties]),
    [
      ...kqlDatasets(m).map((d) => [d.finalTable, d.rawTable, `${d.transformFunction}()`, false, true, true]),
      ...DATASETS.map((d) => [`${d}_final_v1_2`, `${d}_raw`, `${d}_transform_v1_2()`, true, true, true]),
    ],
  );
  for (const p of r.updatePolicies) assert.equal(p.resultColumns, tables.get(p.table), `${p.query} returns ${p.table}, column by column and type by type`);
  const hub = new Map(r.databases.Hub.functions.map((f) => [f.name, f.resultColumns]));
  for (const d of DATASETS) {
    assert.equal(
      tables.get(`${d}_final_v1_2`),
      V1_2_DATASETS[d].final.map((c) => ({ name: c.name, type: c.type })),
      `${d}_final_v1_2 as declared in hubc`,
    );
    assert.equal(
      tables.get(`${d}_raw`),
      RAW_TABLES_12[d].map((c) => ({ name: c.name, type: c.type })),
      `${d}_raw of 12`,
    );
    assert.equal(hub.get(`${d}_v1_2`), tables.get(`${d}_final_v1_2`), `Hub ${d}_v1_2()`);
    assert.equal(hub.get(d), tables.get(`${d}_final_v1_2`), `Hub ${d}() is FOCUS 1.2`);
    assert.equal(hub.get(`${d}_v1_0`), tables.get(`${d}_final_v1_0`), `Hub ${d}_v1_0() keeps the FOCUS 1.0 schema`);
  }
  for (const [fn, table] of [
    ['PricingUnits', 'PricingUnits'],
    ['Region', 'Regions'],
    ['ResourceType', 'ResourceTypes'],
    ['Services', 'Services'],
  ]) {
    assert.equal(hub.get(fn), tables.get(table), `Hub ${fn}() reads Ingestion's ${table}`);
  }
  assert.equal(tables.get('PricingUnits')?.find((c) => c.name === 'x_PricingBlockSize')?.type, 'real');
}
