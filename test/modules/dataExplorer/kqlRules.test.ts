/**
 * The data rules of releases 0.9, 0.10 and 0.11 in the Data Explorer transforms, as values: every example of
 * `../shared/reference/kql-0.9-14.md` §8.1-8.3 (numbered as there) run through the emitted function bodies by the test
 * KQL evaluator (test/support/kqlEval), on release rows built from the 0.8 row with the releases' behaviours
 * (test/support/kqlReleaseRows.ts). Where hubc departs from the public release on purpose the test says so and
 * docs/deviations.md has the row. The language service proof of the same text is in kqlReleases.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kqlDatasets, kqlScripts } from '../../../src/modules/dataExplorer/kql.js';
import { OPEN_DATA_TABLES } from '../../../src/modules/dataExplorer/kql/tables.js';
import type { HubModel } from '../../../src/model/hub.js';
import { getRelease } from '../../../src/model/releases.js';
import { hubModel } from '../../support/hubs.js';
import { kqlReleaseModel } from '../../support/kqlReleaseRows.js';
import { KDate, KDyn, KqlEvaluator, functionsOf, parseDate, table, toText, type Table } from '../../support/kqlEval/evaluate.js';

const m08 = hubModel({ release: getRelease('0.8') });
const m09 = kqlReleaseModel('0.9');
const m10 = kqlReleaseModel('0.10');
const m11 = kqlReleaseModel('0.11');

/** The functions of a model's Ingestion scripts (Common included), read from the emitted text. */
const functions = (m: HubModel) =>
  functionsOf(
    ...kqlScripts(m)
      .filter((s) => s.database === 'ingestion')
      .map((s) => s.text),
  );
const at = (iso: string): KDate => parseDate(iso)!;
const openData = new Map(OPEN_DATA_TABLES.map((t) => [t.name, t.columns]));
const layout = (m: HubModel, name: string) => kqlDatasets(m).find((d) => d.name === name)!;
const NOW = '2025-06-15T08:00:00Z';
const LOADED = at('2025-06-01T10:00:00Z');

/** An evaluator of a model's Ingestion functions over the given tables; the open-data tables empty unless given. */
function evaluator(m: HubModel, tables: Record<string, Table>, now = NOW) {
  const all = new Map<string, Table>(OPEN_DATA_TABLES.map((t) => [t.name, table(t.columns)]));
  for (const [name, t] of Object.entries(tables)) all.set(name, t);
  return new KqlEvaluator({ tables: all, functions: functions(m) }, { now: at(now) });
}

/** Runs a transform and checks it returns its target table's columns, in order. */
function run(m: HubModel, dataset: string, ev: KqlEvaluator): Table {
  const d = layout(m, dataset);
  const out = ev.query(`${d.transformFunction}()`) as Table;
  assert.equal(
    out.columns,
    d.final.map((c) => c.name),
    `${d.transformFunction}() returns the ${d.finalTable} columns`,
  );
  return out;
}
const pick = (t: Table, columns: string[]) => t.rows.map((r) => Object.fromEntries(columns.map((c) => [c, toText(r[c])])));

// ---------------------------------------------------------------------------------------------------------
// Costs

/** A Costs_raw row as §8 assumes: Microsoft, a billing profile, meter M1 (a zero price flags the row), no block size. */
const costRow = (r: Record<string, unknown>) => ({
  ProviderName: 'Microsoft',
  x_BillingProfileId: 'bp1',
  x_SkuMeterId: 'M1',
  ChargeCategory: 'Usage',
  ChargePeriodStart: new Date('2025-03-05T00:00:00Z'),
  ...r,
});

/** Costs_transform_v1_0() of a model over Costs_raw rows (and Prices_final_v1_0 rows); the named output columns. */
function costs(m: HubModel, rows: Record<string, unknown>[], columns: string[], prices: Record<string, unknown>[] = []) {
  const ev = evaluator(m, {
    Costs_raw: table(layout(m, 'Costs').raw, rows.map(costRow), LOADED),
    Prices_final_v1_0: table(layout(m, 'Prices').final, prices),
  });
  return pick(run(m, 'Costs', ev), columns);
}

/** The 9.4 row: list cost below the contracted cost. */
const ROW_9_4 = {
  ListCost: 8,
  ContractedCost: 10,
  EffectiveCost: 9,
  BilledCost: 9,
  ListUnitPrice: 0.8,
  ContractedUnitPrice: 1,
  x_EffectiveUnitPrice: 0.9,
  x_BilledUnitPrice: 0.9,
  ConsumedQuantity: 10,
  PublisherName: 'Microsoft',
  PricingCategory: 'Standard',
};

test('9.4, 9.5: the consistency codes ListCostLessThanContractedCost and ContractedCostLessThanEffectiveCost (C9-1)', () => {
  const codes = (m: HubModel, r: Record<string, unknown>) => costs(m, [r], ['x_SourceChanges'])[0].x_SourceChanges;
  assert.is(codes(m09, ROW_9_4), 'ListCostLessThanContractedCost');
  assert.is(codes(m08, ROW_9_4), '', '0.8 has no such code');
  assert.is(codes(m09, { ...ROW_9_4, ContractedCost: 9, EffectiveCost: 10, ListCost: 12 }), 'ContractedCostLessThanEffectiveCost');
  // In the code order: after MissingContractedUnitPrice, before MissingListCost.
  assert.is(
    codes(m09, { ...ROW_9_4, ContractedUnitPrice: 0, ListCost: 0, ContractedCost: 9, EffectiveCost: 10 }),
    'MissingContractedUnitPrice,ListCostLessThanContractedCost,ContractedCostLessThanEffectiveCost,MissingListCost',
  );
});

test('9.6: the price-sheet key ignores the case of the billing profile (C9-2)', () => {
  const row = {
    x_BillingProfileId: 'ABCD-EFG',
    x_SkuOfferId: 'MS-AZR-0017P',
    ListUnitPrice: 0,
    ContractedUnitPrice: 2,
    x_EffectiveUnitPrice: 2,
    PricingUnit: 'Hours',
    x_PricingBlockSize: 1,
    x_BillingExchangeRate: 1,
  };
  const price = {
    x_SkuPriceType: 'Consumption',
    x_BillingProfileId: 'abcd-efg',
    x_EffectivePeriodStart: new Date('2025-03-01T00:00:00Z'),
    x_SkuMeterId: 'M1',
    x_SkuOfferId: 'MS-AZR-0017P',
    ListUnitPrice: 2.5,
    ContractedUnitPrice: 2,
    PricingUnit: 'Hours',
    x_PricingBlockSize: 1,
  };
  assert.is(costs(m09, [row], ['ListUnitPrice'], [price])[0].ListUnitPrice, '2.5');
  assert.is(costs(m08, [row], ['ListUnitPrice'], [price])[0].ListUnitPrice, '2', '0.8: no match, the contracted price stands in');
});

test('9.7, 9.8: a missing contracted cost is the effective cost when the unit prices are equal; the list cost follows (C9-3, C9-4)', () => {
  const r97 = { ListUnitPrice: 0, ContractedUnitPrice: 2, x_EffectiveUnitPrice: 2, ContractedCost: 0, ListCost: 0, EffectiveCost: 10, PricingQuantity: 4.99 };
  const cols = ['ContractedCost', 'ListUnitPrice', 'ListCost', 'ContractedUnitPrice'];
  assert.equal(costs(m09, [r97], cols), [{ ContractedCost: '10', ListUnitPrice: '2', ListCost: '10', ContractedUnitPrice: '2' }]);
  assert.equal(costs(m08, [r97], cols)[0].ContractedCost, '9.98', '0.8: price x quantity, a rounding error');
  const r98 = { ListUnitPrice: 0, ContractedUnitPrice: 0, ContractedCost: 0, x_EffectiveUnitPrice: 3, EffectiveCost: 6, PricingQuantity: 2 };
  assert.equal(costs(m09, [r98], ['ContractedUnitPrice', 'ContractedCost']), [{ ContractedUnitPrice: '3', ContractedCost: '6' }]);
});

test('9.x: Costs BillingAccountId and CommitmentDiscountId in lower case (C9-5)', () => {
  const row = {
    BillingAccountId: '/providers/Microsoft.Billing/billingAccounts/AB:CD/billingProfiles/EF',
    CommitmentDiscountId: '/providers/Microsoft.Capacity/reservationOrders/O1/reservations/R1',
  };
  assert.equal(costs(m09, [row], ['BillingAccountId', 'CommitmentDiscountId']), [
    {
      BillingAccountId: '/providers/microsoft.billing/billingaccounts/ab:cd/billingprofiles/ef',
      CommitmentDiscountId: '/providers/microsoft.capacity/reservationorders/o1/reservations/r1',
    },
  ]);
  assert.is(costs(m08, [row], ['BillingAccountId'])[0].BillingAccountId, row.BillingAccountId, '0.8 keeps the case');
});

test('10.1: XEffectiveUnitPriceRoundingError only for prices that differ by rounding, not for equal prices (hubc; docs/deviations.md)', () => {
  // The public 0.10 also flags exactly equal prices, i.e. nearly every row: `ListCostLessThanContractedCost,XEffectiveUnitPriceRoundingError`.
  assert.is(costs(m10, [ROW_9_4], ['x_SourceChanges'])[0].x_SourceChanges, 'ListCostLessThanContractedCost');
  assert.is(costs(m10, [{ ...ROW_9_4, x_EffectiveUnitPrice: 0.90004 }], ['x_SourceChanges'])[0].x_SourceChanges, 'ListCostLessThanContractedCost,XEffectiveUnitPriceRoundingError');
});

test('10.2-10.6: missing pricing and consumed quantities (C10-1, C10-2)', () => {
  const q = (m: HubModel, r: Record<string, unknown>) => costs(m, [r], ['PricingQuantity', 'ConsumedQuantity', 'x_SourceChanges'])[0];
  assert.match(q(m10, { PricingQuantity: 0, EffectiveCost: 5, ConsumedQuantity: 1 }).x_SourceChanges, /(^|,)MissingPricingQuantity(,|$)/);
  assert.not.match(q(m10, { PricingQuantity: null, EffectiveCost: 5, ConsumedQuantity: 1 }).x_SourceChanges, /MissingPricingQuantity/, 'null is no missing quantity');
  assert.match(q(m10, { ConsumedQuantity: 0, BilledCost: 5 }).x_SourceChanges, /(^|,)MissingConsumedQuantity(,|$)/);
  assert.is(q(m10, { PricingQuantity: 0, BilledCost: 10, x_BilledUnitPrice: 2.5, ConsumedQuantity: 1 }).PricingQuantity, '4', '10.3');
  assert.is(q(m10, { PricingQuantity: 0, BilledCost: 0, EffectiveCost: 12, x_EffectiveUnitPrice: 3, ConsumedQuantity: 1 }).PricingQuantity, '4', '10.4');
  assert.is(q(m10, { ConsumedQuantity: 0, PricingQuantity: 4, x_PricingBlockSize: 100 }).ConsumedQuantity, '0.04', '10.5');
  assert.is(q(m10, { ConsumedQuantity: 0, PricingQuantity: 4 }).ConsumedQuantity, '4', '10.5 without a block size');
  assert.is(q(m10, { ChargeCategory: 'Purchase', ConsumedQuantity: 0 }).ConsumedQuantity, '', '10.6: not usage, no consumed quantity');
  assert.is(q(m09, { PricingQuantity: 0, BilledCost: 10, x_BilledUnitPrice: 2.5, ConsumedQuantity: 1 }).PricingQuantity, '0', '0.9 does not fill it');
});

test('10.7, 10.8: an effective unit price within 0.0001 of the billed price is set to it on rows with missing prices only (C10-3)', () => {
  const flagged = { ListUnitPrice: 0, x_BilledUnitPrice: 0.1, x_EffectiveUnitPrice: 0.10004, ContractedUnitPrice: 0.2 };
  assert.is(costs(m10, [flagged], ['x_EffectiveUnitPrice'])[0].x_EffectiveUnitPrice, '0.1');
  assert.is(costs(m09, [flagged], ['x_EffectiveUnitPrice'])[0].x_EffectiveUnitPrice, '0.10004', '0.9 keeps it');
  const unflagged = costs(m10, [{ ...flagged, ListUnitPrice: 0.3 }], ['x_EffectiveUnitPrice', 'x_SourceChanges'])[0];
  assert.is(unflagged.x_EffectiveUnitPrice, '0.10004');
  assert.match(unflagged.x_SourceChanges, /XEffectiveUnitPriceRoundingError/);
});

test('10.9, 10.10: the contracted cost from the billed cost; nothing billed, nothing filled (C10-4, C10-5)', () => {
  const r109 = {
    ContractedCost: 0,
    ContractedUnitPrice: 2,
    x_BilledUnitPrice: 2,
    x_EffectiveUnitPrice: 1.8,
    BilledCost: 10,
    EffectiveCost: 9,
    ListUnitPrice: 0,
    ListCost: 0,
    PricingQuantity: 5,
  };
  const cols = ['ContractedCost', 'ListUnitPrice', 'ListCost'];
  assert.equal(costs(m10, [r109], cols), [{ ContractedCost: '10', ListUnitPrice: '2', ListCost: '10' }]);
  assert.equal(costs(m09, [r109], cols)[0].ContractedCost, '10', '0.9: ContractedUnitPrice x PricingQuantity, the same here');
  const r1010 = { x_EffectiveUnitPrice: 1, EffectiveCost: 0, BilledCost: 0, ContractedUnitPrice: 0, ContractedCost: 0, ListUnitPrice: 0 };
  assert.equal(costs(m10, [r1010], ['ContractedUnitPrice', 'ContractedCost', 'ListUnitPrice']), [{ ContractedUnitPrice: '0', ContractedCost: '0', ListUnitPrice: '0' }]);
  assert.equal(costs(m09, [r1010], ['ContractedUnitPrice'])[0].ContractedUnitPrice, '1', '0.9 fills the price from the effective one');
});

test('10.11: the invoice section placeholders -2 and Unassigned become empty (C10-6)', () => {
  const cols = ['x_InvoiceSectionId', 'x_InvoiceSectionName'];
  assert.equal(
    costs(
      m10,
      [
        { x_InvoiceSectionId: '-2', x_InvoiceSectionName: 'Unassigned' },
        { x_InvoiceSectionId: '123', x_InvoiceSectionName: 'Default' },
      ],
      cols,
    ),
    [
      { x_InvoiceSectionId: '', x_InvoiceSectionName: '' },
      { x_InvoiceSectionId: '123', x_InvoiceSectionName: 'Default' },
    ],
  );
  assert.equal(costs(m09, [{ x_InvoiceSectionId: '-2', x_InvoiceSectionName: 'Unassigned' }], cols)[0], { x_InvoiceSectionId: '-2', x_InvoiceSectionName: 'Unassigned' });
});

test('11.1-11.3: FOCUS 1.2 and 1.2-preview rows are recognised; Cost Management 1.0 rows stay 1.0 (C11-1)', () => {
  const cols = ['x_SourceVersion', 'x_SourceChanges', 'x_InvoiceId'];
  const [r1, r2, r3] = costs(
    m11,
    [
      { InvoiceId: 'G0123', SkuPriceDetails: '{"x_VCPUs":"2"}' },
      { InvoiceId: 'G0123', SkuPriceDetails: '', x_SkuDetails: '{"VCPUs":"2"}' },
      { x_PricingCurrency: 'USD', ConsumedQuantity: 1, PublisherName: 'Microsoft' },
    ],
    cols,
  );
  assert.is(r1.x_SourceVersion, '1.2');
  assert.match(r1.x_SourceChanges, /(^|,)LegacyFocusVersion$/);
  assert.is(r1.x_InvoiceId, 'G0123');
  assert.is(r2.x_SourceVersion, '1.2-preview');
  assert.equal([r3.x_SourceVersion, r3.x_SourceChanges], ['1.0', '']);
});

test('11.4: PricingCurrency and SkuMeter of FOCUS 1.2 land in x_PricingCurrency and x_SkuMeterName (C11-2)', () => {
  assert.equal(costs(m11, [{ PricingCurrency: 'EUR', x_PricingCurrency: '', SkuMeter: 'D2 v3', x_SkuMeterName: '' }], ['x_PricingCurrency', 'x_SkuMeterName']), [
    { x_PricingCurrency: 'EUR', x_SkuMeterName: 'D2 v3' },
  ]);
  assert.equal(costs(m11, [{ PricingCurrency: '', x_PricingCurrency: 'USD' }], ['x_PricingCurrency'])[0].x_PricingCurrency, 'USD', 'the 1.0 value stays');
});

test('11.5: billing periods start and end on the first of a month; an inclusive end moves to the next first (C11-3, hubc)', () => {
  const cols = ['BillingPeriodStart', 'BillingPeriodEnd'];
  const rows = costs(
    m11,
    [
      { BillingPeriodStart: new Date('2025-01-15T00:00:00Z'), BillingPeriodEnd: new Date('2025-02-01T00:00:00Z') },
      // The public 0.11 turns this end into 2025-01-01, a period of no length (docs/deviations.md).
      { BillingPeriodStart: new Date('2025-01-01T00:00:00Z'), BillingPeriodEnd: new Date('2025-01-31T23:59:59Z') },
    ],
    cols,
  );
  assert.equal(rows, [
    { BillingPeriodStart: '2025-01-01T00:00:00Z', BillingPeriodEnd: '2025-02-01T00:00:00Z' },
    { BillingPeriodStart: '2025-01-01T00:00:00Z', BillingPeriodEnd: '2025-02-01T00:00:00Z' },
  ]);
  assert.is(costs(m10, [{ BillingPeriodStart: new Date('2025-01-15T00:00:00Z') }], cols)[0].BillingPeriodStart, '2025-01-15T00:00:00Z', '0.10 keeps it');
});

// ---------------------------------------------------------------------------------------------------------
// Prices

function prices(m: HubModel, rows: Record<string, unknown>[], columns: string[]) {
  const ev = evaluator(m, {
    Prices_raw: table(
      layout(m, 'Prices').raw,
      rows.map((r) => ({ PriceType: 'Consumption', ...r })),
      LOADED,
    ),
  });
  return pick(run(m, 'Prices', ev), columns);
}

test('9.1-9.3: Prices BillingAccountId in lower case, with the billing profile when it differs from the account (P9-1)', () => {
  const cols = ['BillingAccountId', 'x_BillingAccountAgreement'];
  assert.equal(prices(m09, [{ BillingAccountId: '', BillingProfileId: '', EnrollmentNumber: '8611234' }], cols), [
    { BillingAccountId: '/providers/microsoft.billing/billingaccounts/8611234', x_BillingAccountAgreement: 'EA' },
  ]);
  assert.is(prices(m08, [{ EnrollmentNumber: '8611234' }], cols)[0].BillingAccountId, '/providers/Microsoft.Billing/billingAccounts/8611234', '0.8: mixed case');
  assert.is(
    prices(m09, [{ BillingAccountId: 'AbC1:dEf2_2019-05-31', BillingProfileId: 'XYZ1-ABCD-BG7-PGB' }], cols)[0].BillingAccountId,
    '/providers/microsoft.billing/billingaccounts/abc1:def2_2019-05-31/billingprofiles/xyz1-abcd-bg7-pgb',
  );
  assert.is(
    prices(m09, [{ BillingProfileId: '/providers/Microsoft.Billing/billingAccounts/A/billingProfiles/B' }], cols)[0].BillingAccountId,
    '/providers/microsoft.billing/billingaccounts/a/billingprofiles/b',
  );
});

// ---------------------------------------------------------------------------------------------------------
// Recommendations

const REGIONS = (rows: Record<string, unknown>[]) => table(openData.get('Regions')!, rows);

function recommendations(m: HubModel, rows: Record<string, unknown>[], columns: string[], regions: Record<string, unknown>[] = [], now = NOW) {
  const ev = evaluator(m, { Recommendations_raw: table(layout(m, 'Recommendations').raw, rows, LOADED), Regions: REGIONS(regions) }, now);
  return pick(run(m, 'Recommendations', ev), columns);
}
const details = (row: Record<string, string>) => JSON.parse(row.x_RecommendationDetails) as Record<string, unknown>;

test('9.9, 9.10: MCA cost values come from their JSON objects (R9-2; any JSON spacing and sign, hubc)', () => {
  const savings = (json: string) => recommendations(m09, [{ NetSavingsJson: json, LookBackPeriod: 'Last7Days' }], ['x_EffectiveCostSavings'])[0].x_EffectiveCostSavings;
  assert.is(savings('{"value":12.5,"currency":"USD"}'), '12.5');
  // The public 0.9 reads the number with a regular expression that takes neither a space after the colon nor a sign
  // (both give null there; docs/deviations.md).
  assert.is(savings('{"value": 12.5}'), '12.5');
  assert.is(savings('{"value":-3.2}'), '-3.2');
  assert.is(savings(''), '');
  const [r] = recommendations(
    m09,
    [{ NetSavings: 4, CostWithNoReservedInstancesJson: '{"value":20}', TotalCostWithReservedInstancesJson: '{"value":16}' }],
    ['x_EffectiveCostSavings', 'x_EffectiveCostBefore', 'x_EffectiveCostAfter'],
  );
  assert.equal(r, { x_EffectiveCostSavings: '4', x_EffectiveCostBefore: '20', x_EffectiveCostAfter: '16' }, 'an EA number wins; the other two from JSON');
});

test('9.11-9.13: the look-back period in days or LastNDays; the recommendation date at its end, never after today (R9-5, R9-6)', () => {
  const cols = ['x_RecommendationDate', 'x_RecommendationDetails'];
  const [r11] = recommendations(m09, [{ LookBackPeriod: '30', FirstUsageDate: new Date('2025-03-01T00:00:00Z') }], cols);
  assert.is(details(r11).LookbackPeriodDuration, 'P30D');
  assert.is(r11.x_RecommendationDate, '2025-03-31T00:00:00Z');
  const [r12] = recommendations(m09, [{ LookBackPeriod: 'Last7Days', FirstUsageDate: new Date('2025-06-13T00:00:00Z') }], cols);
  assert.is(r12.x_RecommendationDate, '2025-06-15T00:00:00Z', 'capped at the start of today');
  const [r13] = recommendations(m09, [{ LookBackPeriod: 'Monthly', FirstUsageDate: new Date('2025-03-01T00:00:00Z') }], cols);
  assert.equal([details(r13).LookbackPeriodDuration, r13.x_RecommendationDate], ['', '']);
  assert.is(recommendations(m08, [{ LookBackPeriod: '30', FirstUsageDate: new Date('2025-03-01T00:00:00Z') }], cols)[0].x_RecommendationDate, '', '0.8 reads only LastNDays');
});

test('10.12: 0.10 keeps the cap (the public 0.10 overwrites the capped date; docs/deviations.md)', () => {
  const [r] = recommendations(m10, [{ LookBackPeriod: 'Last7Days', FirstUsageDate: new Date('2025-06-13T00:00:00Z') }], ['x_RecommendationDate']);
  assert.is(r.x_RecommendationDate, '2025-06-15T00:00:00Z');
});

test('9.14, 9.15, R9-4: one row per recommendation whatever the region names; the ingestion time; scope and meter from Scope and MeterId', () => {
  const regions = [
    { ResourceLocation: 'canadacentral', RegionId: 'canadacentral', RegionName: 'Canada Central' },
    { ResourceLocation: 'canada central', RegionId: 'canadacentral', RegionName: 'Canada Central (Toronto)' },
  ];
  const rows = recommendations(
    m09,
    [{ Location: 'canadacentral', Scope: 'Shared', MeterId: 'm-1', SkuName: 'Standard_D2s_v3', LookBackPeriod: 'Last7Days' }],
    ['x_IngestionTime', 'x_RecommendationDetails'],
    regions,
  );
  assert.is(rows.length, 1);
  assert.is(rows[0].x_IngestionTime, '2025-06-01T10:00:00Z');
  const d = details(rows[0]);
  assert.equal([d.CommitmentDiscountScope, d.SkuMeterId, d.SkuSize, d.RegionId], ['Shared', 'm-1', 'Standard_D2s_v3', 'canadacentral']);
  assert.ok(['Canada Central', 'Canada Central (Toronto)'].includes(d.RegionName as string));
});

// ---------------------------------------------------------------------------------------------------------
// C360: ActualCosts and AmortizedCosts into Costs_raw

/** A C360 file row: a reservation, a subscription, EA ids. */
const c360Row = (r: Record<string, unknown>) => ({
  BillingAccountId: '1234567',
  BillingProfileId: '1234567',
  BillingCurrency: 'USD',
  SubscriptionId: 'sub1',
  SubscriptionName: 'Subscription one',
  Date: new Date('2025-04-10T00:00:00Z'),
  BillingPeriodStartDate: new Date('2025-04-01T00:00:00Z'),
  BillingPeriodEndDate: new Date('2025-04-30T00:00:00Z'),
  Frequency: 'UsageBased',
  PublisherType: 'Azure',
  ...r,
});

/** A C360 transform over file rows (and open-data tables); the named Costs_raw columns of each output row. */
function c360(m: HubModel, dataset: 'ActualCosts' | 'AmortizedCosts', rows: Record<string, unknown>[], columns: string[], tables: Record<string, Table> = {}) {
  const ev = evaluator(m, { [`${dataset}_raw`]: table(layout(m, dataset).raw, rows.map(c360Row), LOADED), ...tables });
  return pick(run(m, dataset, ev), columns);
}

const PURCHASE = {
  ChargeType: 'Purchase',
  ReservationId: 'r1',
  ProductOrderId: 'o1',
  ResourceId: '/providers/Microsoft.Capacity/reservationOrders/o1',
  Cost: 1200,
  Frequency: 'OneTime',
  UnitPrice: 1200,
  Quantity: 1,
};

test('11.6: a reservation purchase in ActualCosts becomes a Costs_raw purchase row (§3.4)', () => {
  const cols = [
    'BilledCost',
    'EffectiveCost',
    'ChargeCategory',
    'ChargeClass',
    'ChargeFrequency',
    'CommitmentDiscountId',
    'CommitmentDiscountCategory',
    'CommitmentDiscountStatus',
    'CommitmentDiscountType',
    'PricingCategory',
    'x_PricingSubcategory',
    'x_AmortizationClass',
    'ResourceId',
    'x_SourceName',
    'x_SourceType',
    'x_SourceVersion',
  ];
  assert.equal(c360(m11, 'ActualCosts', [PURCHASE], cols), [
    {
      BilledCost: '1200',
      EffectiveCost: '0',
      ChargeCategory: 'Purchase',
      ChargeClass: '',
      ChargeFrequency: 'One-Time',
      CommitmentDiscountId: '/providers/microsoft.capacity/reservationorders/o1/reservations/r1',
      CommitmentDiscountCategory: 'Usage',
      CommitmentDiscountStatus: 'Unused',
      CommitmentDiscountType: 'Reservation',
      PricingCategory: 'Standard',
      x_PricingSubcategory: 'Standard',
      // The public release writes '' (the class is computed, then not output; docs/deviations.md).
      x_AmortizationClass: 'Principal',
      ResourceId: '/providers/microsoft.capacity/reservationorders/o1',
      x_SourceName: 'C360',
      x_SourceType: 'ActualCost',
      x_SourceVersion: 'C360-2025-04',
    },
  ]);
  // 0.10: the same transform into the 123 columns of its Costs_raw (the public 0.10's transform was a pass-through).
  assert.equal(c360(m10, 'ActualCosts', [PURCHASE], ['BilledCost', 'ChargeCategory', 'x_SourceType']), [
    { BilledCost: '1200', ChargeCategory: 'Purchase', x_SourceType: 'ActualCost' },
  ]);
});

test('11.7: reservation usage in AmortizedCosts is an amortized charge (§3.4; x_SourceType AmortizedCost, hubc)', () => {
  const usage = { ChargeType: 'Usage', ReservationId: 'r1', Cost: 3.5, UnitPrice: 0.2, EffectivePrice: 0.15, Quantity: 10 };
  const cols = [
    'BilledCost',
    'EffectiveCost',
    'PricingCategory',
    'x_PricingSubcategory',
    'CommitmentDiscountStatus',
    'x_BilledUnitPrice',
    'x_EffectiveUnitPrice',
    'ContractedUnitPrice',
    'ContractedCost',
    'x_AmortizationClass',
    'x_SourceType',
  ];
  assert.equal(c360(m11, 'AmortizedCosts', [usage], cols), [
    {
      BilledCost: '0',
      EffectiveCost: '3.5',
      PricingCategory: 'Committed',
      x_PricingSubcategory: 'Committed Usage',
      CommitmentDiscountStatus: 'Used',
      x_BilledUnitPrice: '0',
      x_EffectiveUnitPrice: '0',
      ContractedUnitPrice: '0.2',
      ContractedCost: '2',
      x_AmortizationClass: 'Amortized Charge',
      // The public release writes ActualCost for amortized files too (docs/deviations.md).
      x_SourceType: 'AmortizedCost',
    },
  ]);
});

test('11.8-11.10: ActualCosts reads purchases and refunds only; unused reservations and refunds (§3.4)', () => {
  assert.equal(
    c360(
      m11,
      'ActualCosts',
      [
        { ChargeType: 'Usage', ReservationId: 'r1', Cost: 1 },
        { ChargeType: 'Purchase', Cost: 1 },
      ],
      ['ChargeCategory'],
    ),
    [],
    '11.8, and a purchase without a reservation',
  );
  const cols = ['ChargeCategory', 'ChargeClass', 'CommitmentDiscountStatus', 'PricingCategory', 'x_PricingSubcategory', 'BilledCost', 'EffectiveCost'];
  assert.equal(
    c360(
      m11,
      'AmortizedCosts',
      [
        { ChargeType: 'UnusedReservation', ReservationId: 'r1', Cost: 7 },
        { ChargeType: 'Refund', ReservationId: '', ResourceId: '/subscriptions/sub1/resourceGroups/g/providers/Microsoft.Compute/virtualMachines/vm1', Cost: -5 },
      ],
      cols,
    ),
    [
      { ChargeCategory: 'Usage', ChargeClass: '', CommitmentDiscountStatus: 'Unused', PricingCategory: '', x_PricingSubcategory: '', BilledCost: '7', EffectiveCost: '7' },
      { ChargeCategory: 'Purchase', ChargeClass: 'Correction', CommitmentDiscountStatus: '', PricingCategory: '', x_PricingSubcategory: '', BilledCost: '-5', EffectiveCost: '-5' },
    ],
  );
});

test('11.11, 11.12: billing account of an EA enrollment and of an MCA billing profile (§3.4; BillingAccountType as FOCUS exports name it, hubc)', () => {
  const cols = ['BillingAccountId', 'BillingAccountType', 'x_PricingCurrency', 'x_BillingAccountId', 'x_BillingProfileId'];
  const [ea, mca] = c360(m11, 'AmortizedCosts', [{ ChargeType: 'Usage' }, { ChargeType: 'Usage', BillingAccountId: 'AB:CD', BillingProfileId: 'EF' }], cols);
  // The public release calls an enrollment a Billing Profile and an MCA profile a Billing Account (docs/deviations.md).
  assert.equal(ea, {
    BillingAccountId: '/providers/microsoft.billing/billingaccounts/1234567',
    BillingAccountType: 'Billing Account',
    x_PricingCurrency: 'USD',
    x_BillingAccountId: '1234567',
    x_BillingProfileId: '1234567',
  });
  assert.equal(mca, {
    BillingAccountId: '/providers/microsoft.billing/billingaccounts/AB:CD/billingprofiles/EF',
    BillingAccountType: 'Billing Profile',
    x_PricingCurrency: '',
    x_BillingAccountId: 'AB:CD',
    x_BillingProfileId: 'EF',
  });
});

test('11.13, 11.14: periods, tags and additional information in braces (§3.4)', () => {
  const [r] = c360(
    m11,
    'AmortizedCosts',
    [{ ChargeType: 'Usage', Tags: '"env": "prod"', AdditionalInfo: '{"a":1}' }],
    ['BillingPeriodStart', 'BillingPeriodEnd', 'ChargePeriodStart', 'ChargePeriodEnd', 'Tags', 'x_SkuDetails'],
  );
  assert.equal(r, {
    BillingPeriodStart: '2025-04-01T00:00:00Z',
    BillingPeriodEnd: '2025-05-01T00:00:00Z',
    ChargePeriodStart: '2025-04-10T00:00:00Z',
    ChargePeriodEnd: '2025-04-11T00:00:00Z',
    Tags: '{"env": "prod"}',
    x_SkuDetails: '{"a":1}',
  });
});

test('C360 open data: pricing unit, region in any case, resource type name, service by type else by consumed service, one row per key', () => {
  const vm = '/subscriptions/sub1/resourceGroups/G/providers/Microsoft.Compute/virtualMachines/VM1';
  const tables = {
    PricingUnits: table(openData.get('PricingUnits')!, [{ x_PricingUnitDescription: '100 Hours', x_PricingBlockSize: 100, PricingUnit: 'Hours' }]),
    Regions: REGIONS([{ ResourceLocation: 'eastus', RegionId: 'eastus', RegionName: 'East US' }]),
    ResourceTypes: table(openData.get('ResourceTypes')!, [{ x_ResourceType: 'microsoft.compute/virtualmachines', SingularDisplayName: 'Virtual machine' }]),
    Services: table(openData.get('Services')!, [
      {
        x_ConsumedService: 'Microsoft.Compute',
        x_ResourceType: 'microsoft.compute/virtualmachines',
        ServiceName: 'Virtual Machines',
        ServiceCategory: 'Compute',
        x_ServiceModel: 'IaaS',
      },
      {
        x_ConsumedService: 'Microsoft.Compute',
        x_ResourceType: 'microsoft.compute/virtualmachines',
        ServiceName: 'Virtual Machines',
        ServiceCategory: 'Compute',
        x_ServiceModel: 'IaaS',
      },
      { x_ConsumedService: 'Microsoft.Storage', x_ResourceType: '', ServiceName: 'Storage Accounts', ServiceCategory: 'Storage' },
    ]),
  };
  const cols = [
    'PricingQuantity',
    'PricingUnit',
    'ConsumedQuantity',
    'ConsumedUnit',
    'x_PricingBlockSize',
    'RegionId',
    'RegionName',
    'ResourceType',
    'x_ResourceType',
    'ServiceName',
    'ServiceCategory',
    'x_ServiceModel',
    'SubAccountId',
  ];
  const rows = c360(
    m11,
    'AmortizedCosts',
    [
      { ChargeType: 'Usage', ResourceId: vm, ResourceLocation: 'EastUS', UnitOfMeasure: '100 Hours', Quantity: 2, ConsumedService: 'Microsoft.Compute' },
      { ChargeType: 'Usage', ResourceId: '', ConsumedService: 'microsoft.storage', SubscriptionId: '' },
    ],
    cols,
    tables,
  );
  assert.equal(rows, [
    {
      PricingQuantity: '2',
      PricingUnit: 'Hours',
      ConsumedQuantity: '200',
      ConsumedUnit: 'Hours',
      x_PricingBlockSize: '100',
      RegionId: 'eastus',
      RegionName: 'East US',
      ResourceType: 'Virtual machine',
      x_ResourceType: 'microsoft.compute/virtualmachines',
      ServiceName: 'Virtual Machines',
      ServiceCategory: 'Compute',
      x_ServiceModel: 'IaaS',
      SubAccountId: '/subscriptions/sub1',
    },
    // No resource: the service of the consumed service; no subscription: no SubAccountId (the public release writes `/subscriptions/`).
    {
      PricingQuantity: '',
      PricingUnit: '',
      ConsumedQuantity: '',
      ConsumedUnit: '',
      x_PricingBlockSize: '',
      RegionId: '',
      RegionName: '',
      ResourceType: '',
      x_ResourceType: '',
      ServiceName: 'Storage Accounts',
      ServiceCategory: 'Storage',
      x_ServiceModel: '',
      SubAccountId: '',
    },
  ]);
});

test('C360 rows through the Costs transform: a FOCUS 1.0 purchase in Costs_final_v1_0 (the update policies chain)', () => {
  const d = layout(m11, 'ActualCosts');
  const c360Rows = evaluator(m11, { ActualCosts_raw: table(d.raw, [c360Row({ ...PURCHASE, BillingAccountId: 'AB:CD', BillingProfileId: 'EF' })], LOADED) }).query(
    'ActualCosts_transform_v1_0()',
  ) as Table;
  // The rows the policy writes into Costs_raw, then Costs_transform_v1_0() over them.
  const costsRaw: Table = { columns: c360Rows.columns, rows: c360Rows.rows.map((r) => ({ ...r, $ingestionTime: at('2025-06-01T11:00:00Z') })) };
  const out = run(m11, 'Costs', evaluator(m11, { Costs_raw: costsRaw, Prices_final_v1_0: table(layout(m11, 'Prices').final) }));
  assert.equal(
    pick(out, [
      'BillingAccountId',
      'ChargeCategory',
      'EffectiveCost',
      'CommitmentDiscountId',
      'ResourceId',
      'x_SourceName',
      'x_SourceVersion',
      'x_IngestionTime',
      'x_BillingAccountAgreement',
    ]),
    [
      {
        BillingAccountId: '/providers/microsoft.billing/billingaccounts/ab:cd/billingprofiles/ef',
        ChargeCategory: 'Purchase',
        EffectiveCost: '0',
        CommitmentDiscountId: '/providers/microsoft.capacity/reservationorders/o1/reservations/r1',
        ResourceId: '/providers/microsoft.capacity/reservationorders/o1',
        x_SourceName: 'C360',
        x_SourceVersion: 'C360-2025-04',
        x_IngestionTime: '2025-06-01T11:00:00Z',
        x_BillingAccountAgreement: 'MCA',
      },
    ],
  );
  assert.ok(out.rows[0].Tags instanceof KDyn, 'Tags parsed');
});

test.run();
