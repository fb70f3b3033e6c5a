/**
 * The C360 datasets (ActualCosts from 0.10, AmortizedCosts from 0.11) in release 12 on, whose rows inherit them:
 * their raw tables retyped, `ActualCosts_transform_v1_2()` and `AmortizedCosts_transform_v1_2()` into the `Costs_raw`
 * of 12 with one enabled policy, the FOCUS 1.0 C360 transforms without one (../shared/reference/kql-0.9-14.md §2.4,
 * §3.1, §3.4; docs/deviations.md "KQL of releases 12-14"). Values by the test KQL evaluator, result schemas by the
 * Kusto language service.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { at, deployedScripts, evaluatorOf, finalV1_2Of, focus12Model, openData, rawOf } from '../../support/focus12.js';
import { C360_DATASETS } from '../../support/kqlReleaseRows.js';
import { hubModel } from '../../support/hubs.js';
import { kqlScripts } from '../../../src/modules/dataExplorer/kql.js';
import { RAW_TABLES_12 } from '../../../src/modules/dataExplorer/kqlV1_2.js';
import { validateKqlScripts } from '../../../src/validators/kql.js';
import { table, toText, type Table } from '../../support/kqlEval/evaluate.js';
import type { HubModel } from '../../../src/model/hub.js';

/** Release 12's default hub with both C360 datasets. */
const m12: HubModel = focus12Model('12', { datasets: [...hubModel().datasets, C360_DATASETS.ActualCosts, C360_DATASETS.AmortizedCosts] });
const LOADED = at('2025-06-01T10:00:00Z');
const text = (file: string) => kqlScripts(m12).find((s) => s.file === file)!.text;

/** A C360 file row: EA ids (the profile is the account), a subscription. */
const c360Row = (r: Record<string, unknown>) => ({
  BillingAccountId: '1234567',
  BillingProfileId: '1234567',
  BillingCurrency: 'EUR',
  SubscriptionId: 'sub1',
  SubscriptionName: 'Subscription one',
  Date: new Date('2025-04-10T00:00:00Z'),
  BillingPeriodStartDate: new Date('2025-04-01T00:00:00Z'),
  BillingPeriodEndDate: new Date('2025-04-30T00:00:00Z'),
  Frequency: 'UsageBased',
  PublisherType: 'Azure',
  MeterName: 'D2s v3',
  ...r,
});

/** A C360 FOCUS 1.2 transform over file rows: its output, whose columns must be those of 12's `Costs_raw`. */
function c360(dataset: 'ActualCosts' | 'AmortizedCosts', rows: Record<string, unknown>[]): Table {
  const tables = {
    [`${dataset}_raw`]: table(rawOf(m12, dataset), rows.map(c360Row), LOADED),
    ...Object.fromEntries((['PricingUnits', 'Regions', 'ResourceTypes', 'Services'] as const).map((n) => [n, openData(n)])),
  };
  const out = evaluatorOf(m12, tables).query(`${dataset}_transform_v1_2()`) as Table;
  assert.equal(
    out.columns,
    RAW_TABLES_12.Costs.map((c) => c.name),
    `${dataset}_transform_v1_2() returns the Costs_raw columns of 12, in order`,
  );
  return out;
}
const pick = (t: Table, cols: string[]) => t.rows.map((r) => Object.fromEntries(cols.map((c) => [c, toText(r[c])])));

test('12 with C360 datasets: their raw tables retyped once, one enabled Costs_raw policy in the FOCUS 1.2 script, none in the FOCUS 1.0 one', () => {
  const scripts = kqlScripts(m12).map((s) => s.scriptName);
  assert.ok(scripts.includes('Retype_ActualCosts_raw') && scripts.includes('Retype_AmortizedCosts_raw'), scripts.join(', '));
  assert.equal(rawOf(m12, 'ActualCosts'), RAW_TABLES_12.ActualCosts);
  const policies = (file: string) => text(file).match(/^\.alter table Costs_raw policy update\n```\n[^`]*```/gm) ?? [];
  assert.equal(policies('kql/IngestionSetup_v1_0.kql'), [], 'the FOCUS 1.0 C360 transforms feed nothing from 12');
  assert.ok(text('kql/IngestionSetup_v1_0.kql').includes('ActualCosts_transform_v1_0()'), 'the FOCUS 1.0 C360 transforms stay');
  const [policy, ...more] = policies('kql/IngestionSetup_v1_2.kql');
  assert.equal(more, []);
  assert.ok(policy, 'one Costs_raw policy in the FOCUS 1.2 script');
  const entries = JSON.parse(policy!.split('```')[1]) as { IsEnabled: boolean; Source: string; Query: string }[];
  assert.equal(
    entries.map((e) => [e.IsEnabled, e.Source, e.Query]),
    [
      [true, 'ActualCosts_raw', 'ActualCosts_transform_v1_2()'],
      [true, 'AmortizedCosts_raw', 'AmortizedCosts_transform_v1_2()'],
    ],
  );
});

test('12 with C360 datasets: the language service finds no error, and the Costs_raw policy returns the Costs_raw columns of 12', () => {
  const r = validateKqlScripts(deployedScripts(m12));
  assert.equal(
    r.diagnostics.map((d) => `${d.file}:${d.start?.line} ${d.code} ${d.message}`),
    [],
  );
  const tables = new Map(r.databases.Ingestion.tables.map((t) => [t.name, t.columns]));
  assert.equal(
    tables.get('ActualCosts_raw'),
    RAW_TABLES_12.ActualCosts.map((c) => ({ name: c.name, type: c.type })),
  );
  const c360Policies = r.updatePolicies.filter((p) => p.table === 'Costs_raw');
  assert.equal(
    c360Policies.map((p) => [p.source, p.query, p.isEnabled]),
    [
      ['ActualCosts_raw', 'ActualCosts_transform_v1_2()', true],
      ['AmortizedCosts_raw', 'AmortizedCosts_transform_v1_2()', true],
    ],
  );
  for (const p of c360Policies) assert.equal(p.resultColumns, tables.get('Costs_raw'), `${p.query} returns Costs_raw, column by column and type by type`);
});

test('§3.4 in FOCUS 1.2: a reservation purchase; PricingCurrency (not x_PricingCurrency) and SkuMeter filled, the Alibaba columns empty', () => {
  const purchase = {
    ChargeType: 'Purchase',
    ReservationId: 'r1',
    ProductOrderId: 'o1',
    ResourceId: '/providers/Microsoft.Capacity/reservationOrders/o1',
    Cost: 1200,
    Frequency: 'OneTime',
    UnitPrice: 1200,
    Quantity: 1,
  };
  const out = c360('ActualCosts', [purchase, { ...purchase, ChargeType: 'Usage' }]);
  assert.equal(
    pick(out, [
      'BilledCost',
      'EffectiveCost',
      'ChargeCategory',
      'ChargeFrequency',
      'CommitmentDiscountId',
      'PricingCurrency',
      'x_PricingCurrency',
      'SkuMeter',
      'x_SkuMeterName',
      'x_CommodityCode',
      'x_AmortizationClass',
      'x_SourceType',
      'x_SourceVersion',
    ]),
    [
      {
        BilledCost: '1200',
        EffectiveCost: '0',
        ChargeCategory: 'Purchase',
        ChargeFrequency: 'One-Time',
        CommitmentDiscountId: '/providers/microsoft.capacity/reservationorders/o1/reservations/r1',
        PricingCurrency: 'EUR',
        x_PricingCurrency: '',
        SkuMeter: 'D2s v3',
        x_SkuMeterName: 'D2s v3',
        x_CommodityCode: '',
        x_AmortizationClass: 'Principal',
        x_SourceType: 'ActualCost',
        x_SourceVersion: 'C360-2025-04',
      },
    ],
  );
  // Real numbers, as Costs_raw of 12 has them.
  assert.is(out.rows[0].BilledCost?.constructor.name, 'KNum');
  assert.is((out.rows[0].BilledCost as { type: string }).type, 'real');
});

test('§3.4 in FOCUS 1.2: reservation usage in AmortizedCosts is an amortized charge; an MCA profile has no pricing currency', () => {
  const usage = { ChargeType: 'Usage', ReservationId: 'r1', Cost: 3.5, UnitPrice: 0.2, EffectivePrice: 0.15, Quantity: 10, BillingProfileId: 'bp1' };
  assert.equal(
    pick(c360('AmortizedCosts', [usage]), [
      'BilledCost',
      'EffectiveCost',
      'PricingCategory',
      'x_PricingSubcategory',
      'ContractedCost',
      'x_EffectiveUnitPrice',
      'PricingCurrency',
      'BillingAccountType',
      'x_SourceType',
    ]),
    [
      {
        BilledCost: '0',
        EffectiveCost: '3.5',
        PricingCategory: 'Committed',
        x_PricingSubcategory: 'Committed Usage',
        ContractedCost: '2',
        x_EffectiveUnitPrice: '0',
        PricingCurrency: '',
        BillingAccountType: 'Billing Profile',
        x_SourceType: 'AmortizedCost',
      },
    ],
  );
});

test('C360 rows through the FOCUS 1.2 Costs transform: the policies chain into Costs_final_v1_2', () => {
  const purchase = {
    ChargeType: 'Purchase',
    ReservationId: 'r1',
    ProductOrderId: 'o1',
    ResourceId: '/providers/Microsoft.Capacity/reservationOrders/o1',
    Cost: 1200,
    Frequency: 'OneTime',
    UnitPrice: 1200,
    Quantity: 1,
  };
  const rows = c360('ActualCosts', [purchase]);
  const costsRaw: Table = { columns: rows.columns, rows: rows.rows.map((r) => ({ ...r, $ingestionTime: at('2025-06-01T11:00:00Z') })) };
  const out = evaluatorOf(m12, { Costs_raw: costsRaw, Prices_final_v1_2: table(finalV1_2Of('Prices'), []), ResourceTypes: openData('ResourceTypes') }).query(
    'Costs_transform_v1_2()',
  ) as Table;
  assert.equal(
    out.columns,
    finalV1_2Of('Costs').map((c) => c.name),
  );
  assert.equal(pick(out, ['ChargeCategory', 'BilledCost', 'PricingCurrency', 'x_SourceName', 'x_SourceVersion', 'x_IngestionTime']), [
    { ChargeCategory: 'Purchase', BilledCost: '1200', PricingCurrency: 'EUR', x_SourceName: 'C360', x_SourceVersion: 'C360-2025-04', x_IngestionTime: '2025-06-01T11:00:00Z' },
  ]);
});

test.run();
