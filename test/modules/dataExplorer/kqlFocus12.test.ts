/**
 * The Data Explorer scripts of release 12 on besides the Costs transform (kqlFocus12Costs.test.ts): the values of the
 * other `*_transform_v1_2()` functions, of the Hub database's versioned, unversioned and open-data functions, of
 * `parse_resourceid()` in 14 and `resource_type()`, run by the test KQL evaluator over the facts' examples
 * (../shared/reference/kql-0.9-14.md §8.4-8.6); which scripts a release deploys, in which order, and the one-time
 * scripts that retype the raw tables (§2.2; docs/deviations.md "Release 12").
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'csv-parse/sync';
import { at, evaluatorOf, finalV1_0Of, finalV1_2Of, focus12Model, openData, rawOf } from '../../support/focus12.js';
import { KDyn, table, toText, type Row, type Table } from '../../support/kqlEval/evaluate.js';
import { kqlScripts } from '../../../src/modules/dataExplorer/kql.js';
import { OPEN_DATA_TABLES } from '../../../src/modules/dataExplorer/kql/tables.js';
import { getRelease } from '../../../src/model/releases.js';
import type { FinalDatasetName } from '../../../src/modules/dataExplorer/kqlV1_2.js';
import type { HubModel } from '../../../src/model/hub.js';
import { fullHubYaml, hubModel, modelOf } from '../../support/hubs.js';
import { fromCompile } from '../../../src/build/index.js';
import { CATALOGUE, runCatalogue } from '../../../src/catalogue/index.js';
import { formatDiagnostic } from '../../../src/diagnostics/diagnostic.js';
import { sharedText } from '../../support/sharedData.js';
import { compileModel } from '../../../src/compiler/compile.js';
import { walkJson } from '../../../src/util/json.js';

const m12 = focus12Model('12');
const m13 = focus12Model('13');
const m14 = focus12Model('14');
const text = (r: Row, c: string) => toText(r[c]);
const bag = (r: Row, c: string) => (r[c] as KDyn).v as Record<string, unknown> | null;
const pick = (r: Row, cols: string[]) => Object.fromEntries(cols.map((c) => [c, text(r, c)]));
const INGESTED = at('2025-04-01T10:00:00Z');

/** Runs a dataset's v1_2 transform over raw rows; asserts it returns the final table's columns. */
function transform(m: HubModel, name: FinalDatasetName, raw: Record<string, unknown>[], tables: Record<string, Table> = {}): Row[] {
  const ev = evaluatorOf(m, { [`${name}_raw`]: table(rawOf(m, name), raw, INGESTED), ...tables });
  const out = ev.query(`${name}_transform_v1_2()`) as Table;
  assert.equal(
    out.columns,
    finalV1_2Of(name).map((c) => c.name),
    `${name}_transform_v1_2() returns ${name}_final_v1_2's columns`,
  );
  return out.rows;
}

test('Prices: FOCUS 1.2 currency, meter and commitment unit; lower-case billing account IDs (12.1-12.3, 9.1-9.3)', () => {
  const units = openData('PricingUnits', [{ x_PricingUnitDescription: '1 Hour', x_PricingBlockSize: 1, PricingUnit: 'Hours' }]);
  const rows = transform(
    m12,
    'Prices',
    [
      { PriceType: 'SavingsPlan', Currency: 'EUR', MeterId: 'm1', UnitPrice: 0.5, UnitOfMeasure: '1 Hour', EnrollmentNumber: '8611234' },
      {
        PriceType: 'ReservedInstance',
        Currency: 'EUR',
        MeterId: 'm2',
        UnitPrice: 100,
        UnitOfMeasure: '1 Hour',
        BillingAccountId: 'AbC1:dEf2_2019-05-31',
        BillingProfileId: 'XYZ1-ABCD-BG7-PGB',
      },
      {
        PriceType: 'Consumption',
        CurrencyCode: 'USD',
        MeterID: 'm3',
        MeterName: 'D2 v3',
        UnitPrice: 1,
        MarketPrice: 2,
        UnitOfMeasure: '1 Hour',
        BillingProfileId: '/providers/Microsoft.Billing/billingAccounts/A/billingProfiles/B',
      },
    ],
    { PricingUnits: units },
  );
  const byMeter = new Map(rows.map((r) => [text(r, 'x_SkuMeterId'), r]));
  const cols = [
    'PricingCurrency',
    'CommitmentDiscountCategory',
    'CommitmentDiscountUnit',
    'x_CommitmentDiscountNormalizedRatio',
    'PricingUnit',
    'BillingAccountId',
    'x_BillingAccountAgreement',
  ];
  assert.equal(pick(byMeter.get('m1')!, cols), {
    PricingCurrency: 'EUR',
    CommitmentDiscountCategory: 'Spend',
    CommitmentDiscountUnit: 'EUR',
    x_CommitmentDiscountNormalizedRatio: '',
    PricingUnit: 'Hours',
    BillingAccountId: '/providers/microsoft.billing/billingaccounts/8611234',
    x_BillingAccountAgreement: 'EA',
  });
  // The price sheet does not tell a reservation's normalization ratio: its unit stays empty.
  assert.equal(pick(byMeter.get('m2')!, cols), {
    PricingCurrency: 'EUR',
    CommitmentDiscountCategory: 'Usage',
    CommitmentDiscountUnit: '',
    x_CommitmentDiscountNormalizedRatio: '',
    PricingUnit: 'Hours',
    BillingAccountId: '/providers/microsoft.billing/billingaccounts/abc1:def2_2019-05-31/billingprofiles/xyz1-abcd-bg7-pgb',
    x_BillingAccountAgreement: 'EA',
  });
  assert.equal(pick(byMeter.get('m3')!, [...cols, 'SkuMeter', 'x_PricingBlockSize', 'ListUnitPrice']), {
    PricingCurrency: 'USD',
    CommitmentDiscountCategory: '',
    CommitmentDiscountUnit: '',
    x_CommitmentDiscountNormalizedRatio: '',
    PricingUnit: 'Hours',
    BillingAccountId: '/providers/microsoft.billing/billingaccounts/a/billingprofiles/b',
    x_BillingAccountAgreement: 'EA',
    SkuMeter: 'D2 v3',
    x_PricingBlockSize: '1',
    ListUnitPrice: '2',
  });
  assert.not.ok(finalV1_2Of('Prices').some((c) => c.name === 'x_SkuMeterName' || c.name === 'x_PricingCurrency'));
  assert.ok(
    rows.every((r) => r.ListUnitPrice === null || (r.ListUnitPrice as { type: string }).type === 'real'),
    'real numbers',
  );
});

test('CommitmentDiscountUsage: quantity in normalized hours, its unit, the service subcategory (12.21)', () => {
  const services = openData('Services', [
    {
      x_ResourceType: 'microsoft.compute/virtualmachines',
      ServiceName: 'Virtual Machines',
      ServiceCategory: 'Compute',
      ServiceSubcategory: 'Virtual Machines',
      x_ServiceModel: 'IaaS',
    },
  ]);
  const vm = '/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm1';
  const rows = transform(
    m12,
    'CommitmentDiscountUsage',
    [2, 1, 0.5, null].map((ratio, i) => ({
      InstanceId: vm,
      ReservationOrderId: 'O1',
      ReservationId: `R${i}`,
      UsedHours: 10,
      InstanceFlexibilityRatio: ratio,
      UsageDate: new Date('2025-01-02T00:00:00Z'),
    })),
    { Services: services, ResourceTypes: openData('ResourceTypes') },
  );
  assert.equal(
    rows.map((r) => [text(r, 'CommitmentDiscountQuantity'), text(r, 'CommitmentDiscountUnit')]),
    [
      ['20', 'Normalized Hours'],
      ['10', 'Hours'],
      ['5', 'Normalized Hours'],
      ['', ''],
    ],
  );
  assert.equal(pick(rows[0], ['ServiceSubcategory', 'x_ServiceModel', 'SubAccountId', 'x_SourceVersion', 'CommitmentDiscountId']), {
    ServiceSubcategory: 'Virtual Machines',
    x_ServiceModel: 'IaaS',
    SubAccountId: '/subscriptions/s1',
    x_SourceVersion: '2023-03-01',
    CommitmentDiscountId: '/providers/microsoft.capacity/reservationorders/o1/reservations/r0',
  });
});

test('Transactions: InvoiceId of FOCUS 1.2, billing account IDs in lower case (12.23; docs/deviations.md "Release 12")', () => {
  const [r] = transform(m12, 'Transactions', [{ InvoiceId: 'INV1', Invoice: 'N1', CurrentEnrollmentId: 'E123', Amount: 10, EventType: 'Purchase', BillingMonth: '20250301' }]);
  assert.equal(pick(r, ['InvoiceId', 'x_InvoiceNumber', 'BillingAccountId', 'BilledCost', 'BillingPeriodStart', 'BillingPeriodEnd', 'ChargeCategory']), {
    InvoiceId: 'INV1',
    x_InvoiceNumber: 'N1',
    BillingAccountId: '/providers/microsoft.billing/billingaccounts/e123',
    BilledCost: '10',
    BillingPeriodStart: '2025-03-01T00:00:00Z',
    BillingPeriodEnd: '2025-04-01T00:00:00Z',
    ChargeCategory: 'Purchase',
  });
});

/** Runs Recommendations_transform_v1_2 of a model with now() = 2025-06-15T08:00. */
function recommendations(m: HubModel, raw: Record<string, unknown>[], extra: Record<string, Table> = {}): Row[] {
  return transform(m, 'Recommendations', raw, { Regions: openData('Regions'), ResourceTypes: openData('ResourceTypes'), ...extra });
}

test('Recommendations: rows already in the FOCUS 1.2 shape keep their values (12.22); JSON costs of MCA files (9.9, 9.10)', () => {
  const [custom, mca, spaced, negative] = recommendations(m12, [
    {
      x_RecommendationDate: new Date('2025-01-10T00:00:00Z'),
      x_EffectiveCostSavings: 5,
      SubAccountId: '/subscriptions/s',
      x_RecommendationDetails: { a: 1 },
      x_SourceType: 'Custom',
      ProviderName: 'Contoso',
      ResourceId: '/x',
      x_RecommendationId: 'ID1',
    },
    { NetSavingsJson: '{"value":12.5,"currency":"USD"}', SubscriptionId: 's2' },
    { NetSavingsJson: '{"value": 12.5}' },
    { NetSavingsJson: '{"value":-3.2}' },
  ]);
  assert.equal(pick(custom, ['x_RecommendationDate', 'x_EffectiveCostSavings', 'SubAccountId', 'ProviderName', 'ResourceId', 'x_RecommendationId']), {
    x_RecommendationDate: '2025-01-10T00:00:00Z',
    x_EffectiveCostSavings: '5',
    SubAccountId: '/subscriptions/s',
    ProviderName: 'Contoso',
    ResourceId: '/x',
    x_RecommendationId: 'ID1',
  });
  assert.equal(bag(custom, 'x_RecommendationDetails'), { a: 1 });
  assert.equal(pick(mca, ['x_EffectiveCostSavings', 'SubAccountId', 'ProviderName']), {
    x_EffectiveCostSavings: '12.5',
    SubAccountId: '/subscriptions/s2',
    ProviderName: 'Microsoft',
  });
  // The public releases read the number with a regex that takes neither a space nor a sign.
  assert.is(text(spaced, 'x_EffectiveCostSavings'), '12.5');
  assert.is(text(negative, 'x_EffectiveCostSavings'), '-3.2');
});

test('Recommendations: look-back period and recommendation date, one region name per ID (9.11-9.14)', () => {
  const regions = openData('Regions', [
    { ResourceLocation: 'canadacentral', RegionId: 'canadacentral', RegionName: 'Canada Central' },
    { ResourceLocation: 'Canada Central', RegionId: 'canadacentral', RegionName: 'Canada Central (2)' },
  ]);
  const rows = recommendations(
    m12,
    [
      { LookBackPeriod: '30', FirstUsageDate: new Date('2025-03-01T00:00:00Z'), Location: 'canadacentral' },
      { LookBackPeriod: 'Last7Days', FirstUsageDate: new Date('2025-06-13T00:00:00Z') },
      { LookBackPeriod: 'Monthly', FirstUsageDate: new Date('2025-03-01T00:00:00Z') },
    ],
    { Regions: regions },
  );
  assert.is(rows.length, 3, 'one row per recommendation');
  assert.equal(
    rows.map((r) => [text(r, 'x_RecommendationDate'), (bag(r, 'x_RecommendationDetails') ?? {}).LookbackPeriodDuration]),
    [
      ['2025-03-31T00:00:00Z', 'P30D'],
      ['2025-06-15T00:00:00Z', 'P7D'],
      ['', ''],
    ],
  );
  assert.is((bag(rows[0], 'x_RecommendationDetails') ?? {}).RegionName, 'Canada Central');
  assert.ok(
    rows.every((r) => r.x_IngestionTime !== null),
    '9.15',
  );
});

test('14: Resource Graph recommendations — details as JSON text, x_ keys, savings and description from them (14.4, 14.5, 14.9)', () => {
  const raw = [
    { x_RecommendationDetails: '{"savingsAmount":12,"annualSavingsAmount":144,"recommendationSolution":"Right-size"}', x_SourceType: 'AdvisorCost' },
    { x_RecommendationDetails: { annualSavingsAmount: 144, recommendationSubCategory: 'Disks' }, x_SourceType: 'AdvisorCost' },
    { x_RecommendationDetails: { x_Foo: 1, bar: 'b' }, x_SourceType: 'Custom' },
  ];
  const [details, annual, prefixed] = recommendations(m14, raw);
  assert.equal(bag(details, 'x_RecommendationDetails'), { x_SavingsAmount: 12, x_AnnualSavingsAmount: 144, x_RecommendationSolution: 'Right-size' });
  assert.equal(pick(details, ['x_EffectiveCostSavings', 'x_RecommendationDescription']), { x_EffectiveCostSavings: '12', x_RecommendationDescription: 'Right-size' });
  assert.equal(pick(annual, ['x_EffectiveCostSavings', 'x_RecommendationDescription']), { x_EffectiveCostSavings: '12', x_RecommendationDescription: 'Disks' });
  assert.equal(bag(prefixed, 'x_RecommendationDetails'), { x_Foo: 1, x_Bar: 'b' });
  // 12 and 13 take the details as they come.
  const [in13] = recommendations(m13, [{ x_RecommendationDetails: { savingsAmount: 12 }, x_SourceType: 'AdvisorCost' }]);
  assert.equal(bag(in13, 'x_RecommendationDetails'), { savingsAmount: 12 });
  assert.is(text(in13, 'x_EffectiveCostSavings'), '');
});

test('14: resource columns of Resource Graph recommendations (14.6, 14.7)', () => {
  const resourceTypes = openData('ResourceTypes', [
    { x_ResourceType: 'microsoft.resources/subscriptions', SingularDisplayName: 'Subscription' },
    { x_ResourceType: 'microsoft.compute/disks', SingularDisplayName: 'Disk' },
  ]);
  const [subscription, disk] = recommendations(
    m14,
    [
      { ResourceId: '/subscriptions/ABC', SubAccountName: 'Prod Sub', ResourceName: '', x_SourceType: 'AdvisorCost' },
      {
        ResourceId: '/subscriptions/s/resourceGroups/RG/providers/Microsoft.Compute/disks/D1',
        ResourceName: 'D1',
        ResourceType: '',
        x_ResourceGroupName: 'RG',
        x_RecommendationId: 'ABC',
        x_SourceType: 'UnattachedDisks',
      },
    ],
    { ResourceTypes: resourceTypes },
  );
  assert.equal(pick(subscription, ['ResourceId', 'ResourceName', 'ResourceType']), { ResourceId: '/subscriptions/abc', ResourceName: 'prod sub', ResourceType: 'Subscription' });
  assert.equal(bag(subscription, 'x_RecommendationDetails'), { x_ResourceType: 'microsoft.resources/subscriptions' });
  assert.equal(pick(disk, ['ResourceId', 'ResourceName', 'ResourceType', 'x_ResourceGroupName', 'x_RecommendationId']), {
    ResourceId: '/subscriptions/s/resourcegroups/rg/providers/microsoft.compute/disks/d1',
    ResourceName: 'd1',
    ResourceType: 'Disk',
    x_ResourceGroupName: 'rg',
    x_RecommendationId: 'abc',
  });
});

test('14: Cost Management reservation recommendations still get their details and date (14.8; docs/deviations.md "Release 12")', () => {
  const raw = [{ LookBackPeriod: 'Last7Days', FirstUsageDate: new Date('2025-03-01T00:00:00Z'), Scope: 'Single', SKU: 'Standard_D2s_v3', Term: 'P1Y' }];
  for (const m of [m12, m14]) {
    const [r] = recommendations(m, raw);
    const details = bag(r, 'x_RecommendationDetails')!;
    // The public 14 turns the missing details into an empty bag, which counts as present: no details, no date.
    assert.equal([details.CommitmentDiscountScope, details.LookbackPeriodDuration, details.SkuSize, details.SkuTerm], ['Single', 'P7D', 'Standard_D2s_v3', 12], m.release.version);
    assert.is(text(r, 'x_RecommendationDate'), '2025-03-08T00:00:00Z', m.release.version);
  }
});

test('14: parse_resourceid reads subscription and resource group IDs (14.1, 14.2); other IDs as before, and 13 as before', () => {
  const parsed = (m: HubModel, id: string) => (evaluatorOf(m, {}).query(`parse_resourceid('${id}')`) as KDyn).v as Record<string, string>;
  const keys = (b: Record<string, string>) => [b.ResourceName, b.x_ResourceProvider, b.x_ResourceType, b.ResourceType];
  assert.equal(keys(parsed(m14, '/subscriptions/SUB1/resourceGroups/RG1')), [
    'sub1/rg1',
    'microsoft.resources',
    'microsoft.resources/subscriptions/resourcegroups',
    'microsoft.resources/subscriptions/resourcegroups',
  ]);
  assert.equal(keys(parsed(m14, '/subscriptions/SUB1')), ['sub1', 'microsoft.resources', 'microsoft.resources/subscriptions', 'microsoft.resources/subscriptions']);
  assert.equal(parsed(m14, '/subscriptions/SUB1/resourceGroups/RG1').ResourceId, '/subscriptions/sub1/resourcegroups/rg1', 'the ID itself is not rewritten');
  assert.equal(parsed(m14, '/subscriptions/SUB1/resourceGroups/RG1').x_ResourceGroupName, 'rg1');
  const vm = '/subscriptions/s/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm1';
  const reservation = '/providers/Microsoft.Capacity/reservationOrders/O1/reservations/R1';
  for (const m of [m13, m14]) {
    assert.equal(keys(parsed(m, vm)), ['vm1', 'microsoft.compute', 'microsoft.compute/virtualmachines', 'microsoft.compute/virtualmachines']);
    assert.equal(keys(parsed(m, reservation)), [
      'o1/r1',
      'microsoft.capacity',
      'microsoft.capacity/reservationorders/reservations',
      'microsoft.capacity/reservationorders/reservations',
    ]);
  }
  assert.equal(keys(parsed(m13, '/subscriptions/SUB1/resourceGroups/RG1')), ['', '', '', '']);
  assert.equal(keys(parsed(m13, '/subscriptions/SUB1')), ['', '', '', '']);
});

test('resource_type(): the release 12 example over the ResourceTypes open data (12.29)', async () => {
  const rows: string[][] = parse(await sharedText('reference/data/open-data/ResourceTypes.csv'), { from_line: 2 });
  const columns = OPEN_DATA_TABLES.find((t) => t.name === 'ResourceTypes')!.columns;
  const types = table(
    columns,
    rows.map((r) => Object.fromEntries(columns.map((c, i) => [c.name, c.type === 'bool' ? r[i] === 'true' : r[i]]))),
  );
  const ev = evaluatorOf(m12, { ResourceTypes: types });
  assert.equal((ev.query("resource_type('Qumulo.QaaS/storages')") as KDyn).v, { SingularDisplayName: 'Qumulo.QaaS storage' });
  assert.equal((ev.query("resource_type('microsoft.resources/subscriptions/resourcegroups')") as KDyn).v, { SingularDisplayName: 'Resource group' });
});

/** A Hub evaluator over final tables of both versions (and the open data the Hub reads through its wrappers). */
function hub(m: HubModel, name: FinalDatasetName, v1_0: Record<string, unknown>[], v1_2: Record<string, unknown>[], extra: Record<string, Table> = {}) {
  return evaluatorOf(m, {
    [`${name}_final_v1_0`]: table(finalV1_0Of(m, name), v1_0),
    [`${name}_final_v1_2`]: table(finalV1_2Of(name), v1_2),
    Services: openData('Services'),
    ...extra,
  });
}

test('Hub v1_0 functions return the FOCUS 1.2 rows converted back (12.24, 12.25; docs/deviations.md "Release 12")', () => {
  const costs = hub(
    m12,
    'Costs',
    [{ x_InvoiceId: 'OLD', BilledCost: 1 }],
    [{ InvoiceId: 'G1', SkuPriceDetails: { x_ImageType: 'Canonical', CoreCount: '2' }, BilledCost: 1.5, PricingCurrency: 'EUR', SkuMeter: 'D2' }],
  ).query('Costs_v1_0()') as Table;
  assert.equal(
    costs.columns,
    finalV1_0Of(m12, 'Costs').map((c) => c.name),
  );
  assert.equal(
    costs.rows.map((r) => pick(r, ['x_InvoiceId', 'BilledCost', 'x_PricingCurrency', 'x_SkuMeterName'])),
    [
      { x_InvoiceId: 'OLD', BilledCost: '1', x_PricingCurrency: '', x_SkuMeterName: '' },
      { x_InvoiceId: 'G1', BilledCost: '1.5', x_PricingCurrency: 'EUR', x_SkuMeterName: 'D2' },
    ],
  );
  assert.equal(bag(costs.rows[1], 'x_SkuDetails'), { ImageType: 'Canonical', CoreCount: '2' });
  assert.is((costs.rows[1].BilledCost as { type: string }).type, 'decimal');
  // 12.25: the public 12 leaves x_CommitmentDiscountQuantity null for these rows.
  const usage = hub(m12, 'CommitmentDiscountUsage', [], [{ CommitmentDiscountQuantity: 20, ConsumedQuantity: 10 }]).query('CommitmentDiscountUsage_v1_0()') as Table;
  assert.equal(pick(usage.rows[0], ['x_CommitmentDiscountQuantity', 'ConsumedQuantity']), { x_CommitmentDiscountQuantity: '20', ConsumedQuantity: '10' });
  const tx = hub(m12, 'Transactions', [], [{ InvoiceId: 'INV1', BilledCost: 3 }]).query('Transactions_v1_0()') as Table;
  assert.equal(pick(tx.rows[0], ['x_InvoiceId', 'BilledCost']), { x_InvoiceId: 'INV1', BilledCost: '3' });
});

test('Hub Costs_v1_2 over FOCUS 1.0 rows: one row each, FOCUS 1.2 columns derived as the transform does (12.26, 12.27, 13.2)', () => {
  const services = openData(
    'Services',
    ['Web Apps', 'Web Apps', 'Functions', 'App Service'].map((s, i) => ({
      x_ConsumedService: `c${i}`,
      x_ResourceType: 'microsoft.web/sites',
      ServiceName: 'App Service',
      ServiceSubcategory: s,
      x_ServiceModel: 'PaaS',
    })),
  );
  const v1_0 = [
    { x_ResourceType: 'microsoft.web/sites', ChargeCategory: 'Usage', EffectiveCost: 3, ContractedCost: 4, ListCost: 5 },
    {
      ChargeCategory: 'Usage',
      x_SkuMeterCategory: 'Virtual Machines',
      x_SkuMeterSubcategory: 'Dv3/DSv3 Series Windows',
      x_SkuDetails: { VCPUs: '4', VMCapacityReservationId: 'cr1', RINormalizationRatio: '2' },
      CommitmentDiscountStatus: 'Used',
      CommitmentDiscountCategory: 'Usage',
      PricingQuantity: 3,
      ConsumedUnit: 'Hours',
      ConsumedQuantity: 3,
    },
  ];
  for (const m of [m12, m13]) {
    const out = hub(m, 'Costs', v1_0, [{ x_ResourceType: 'microsoft.compute/virtualmachines' }], { Services: services }).query('Costs_v1_2()') as Table;
    assert.equal(
      out.columns,
      finalV1_2Of('Costs').map((c) => c.name),
    );
    // The public 12 joins every Services row of the type: 4 rows for the first (fixed in 13).
    assert.is(out.rows.length, 3, m.release.version);
  }
  const out = hub(m12, 'Costs', v1_0, [], { Services: services }).query('Costs_v1_2()') as Table;
  const [web, vm] = out.rows;
  assert.equal(pick(web, ['ServiceName', 'x_ServiceModel', 'x_CommitmentDiscountSavings', 'x_NegotiatedDiscountSavings', 'x_TotalSavings']), {
    ServiceName: '',
    x_ServiceModel: 'PaaS',
    x_CommitmentDiscountSavings: '1',
    x_NegotiatedDiscountSavings: '1',
    x_TotalSavings: '2',
  });
  assert.ok(['Web Apps', 'Functions', 'App Service'].includes(text(web, 'ServiceSubcategory')));
  // 12.27: the public 12 writes "Not enabled" here, and "Not Enabled" in the transform.
  assert.equal(
    pick(vm, [
      'x_SkuLicenseType',
      'x_SkuLicenseStatus',
      'x_SkuLicenseQuantity',
      'x_SkuCoreCount',
      'CapacityReservationId',
      'CapacityReservationStatus',
      'x_CommitmentDiscountNormalizedRatio',
      'CommitmentDiscountQuantity',
      'CommitmentDiscountUnit',
      'x_AmortizationClass',
    ]),
    {
      x_SkuLicenseType: 'Windows Server',
      x_SkuLicenseStatus: 'Not Enabled',
      x_SkuLicenseQuantity: '8',
      x_SkuCoreCount: '4',
      CapacityReservationId: 'cr1',
      CapacityReservationStatus: 'Used',
      x_CommitmentDiscountNormalizedRatio: '2',
      CommitmentDiscountQuantity: '6',
      CommitmentDiscountUnit: 'Normalized Hours',
      x_AmortizationClass: '',
    },
  );
  assert.equal(bag(vm, 'SkuPriceDetails'), { x_VMCapacityReservationId: 'cr1', x_RINormalizationRatio: '2', CoreCount: '4', OperatingSystem: 'Windows Server' });
});

test('Hub v1_2 functions of the other datasets: the FOCUS 1.2 schema over both versions (12.28, 14.10)', () => {
  for (const m of [m12, m13, m14]) {
    const recs = hub(
      m,
      'Recommendations',
      [{ x_EffectiveCostSavings: 2, SubAccountId: '/subscriptions/a' }],
      [{ x_EffectiveCostSavings: 3, ResourceId: '/r', x_RecommendationId: 'id' }],
    ).query('Recommendations_v1_2()') as Table;
    // The public 12 and 13 return the 12 FOCUS 1.0 columns only.
    assert.equal(
      recs.columns,
      finalV1_2Of('Recommendations').map((c) => c.name),
      m.release.version,
    );
    assert.equal(
      recs.rows.map((r) => pick(r, ['x_EffectiveCostSavings', 'SubAccountId', 'ResourceId', 'x_RecommendationId'])),
      [
        { x_EffectiveCostSavings: '3', SubAccountId: '', ResourceId: '/r', x_RecommendationId: 'id' },
        { x_EffectiveCostSavings: '2', SubAccountId: '/subscriptions/a', ResourceId: '', x_RecommendationId: '' },
      ],
    );
  }
  const prices = hub(m12, 'Prices', [{ x_PricingCurrency: 'EUR', x_SkuMeterName: 'D2', ListUnitPrice: 2 }], []).query('Prices_v1_2()') as Table;
  assert.equal(pick(prices.rows[0], ['PricingCurrency', 'SkuMeter', 'ListUnitPrice', 'CommitmentDiscountUnit']), {
    PricingCurrency: 'EUR',
    SkuMeter: 'D2',
    ListUnitPrice: '2',
    CommitmentDiscountUnit: '',
  });
  const usage = hub(
    m12,
    'CommitmentDiscountUsage',
    [{ ConsumedQuantity: 10, x_CommitmentDiscountNormalizedRatio: 0.5, x_CommitmentDiscountQuantity: 5, x_ResourceType: 'microsoft.compute/virtualmachines' }],
    [],
    {
      Services: openData('Services', [{ x_ResourceType: 'microsoft.compute/virtualmachines', ServiceSubcategory: 'Virtual Machines' }]),
    },
  ).query('CommitmentDiscountUsage_v1_2()') as Table;
  // The unit as the transform gives it (the public Hub function leaves ratios under 1 without one).
  assert.equal(pick(usage.rows[0], ['CommitmentDiscountQuantity', 'CommitmentDiscountUnit', 'ServiceSubcategory']), {
    CommitmentDiscountQuantity: '5',
    CommitmentDiscountUnit: 'Normalized Hours',
    ServiceSubcategory: 'Virtual Machines',
  });
  const tx = hub(m12, 'Transactions', [{ x_InvoiceId: 'I0', BilledCost: 1 }], []).query('Transactions_v1_2()') as Table;
  assert.equal(pick(tx.rows[0], ['InvoiceId', 'BilledCost']), { InvoiceId: 'I0', BilledCost: '1' });
});

test('Hub: unversioned functions return FOCUS 1.2 (custom datasets their one version); open data wrappers read the Ingestion tables', () => {
  const ev = hub(m12, 'Costs', [{ BilledCost: 1 }], [{ BilledCost: 2 }]);
  assert.equal(
    (ev.query('Costs()') as Table).rows.map((r) => text(r, 'BilledCost')),
    ['2', '1'],
  );
  assert.equal(
    evaluatorOf(m12, { PricingUnits: openData('PricingUnits', [{ x_PricingUnitDescription: '1 Hour', x_PricingBlockSize: 1, PricingUnit: 'Hours' }]) }).query('PricingUnits()'),
    openData('PricingUnits', [{ x_PricingUnitDescription: '1 Hour', x_PricingBlockSize: 1, PricingUnit: 'Hours' }]),
  );
  const scripts = kqlScripts(focus12Model('12', { customDatasets: [{ name: 'Budgets', dateFolder: 'yyyy/mm', columns: [{ name: 'Amount', type: 'decimal' }] }] }));
  const latest = scripts.find((s) => s.file === 'kql/HubSetup_Latest.kql')!.text;
  assert.match(latest, /\nCosts\(\)\n\{\n    Costs_v1_2\(\)\n\}/);
  assert.match(latest, /\nBudgets\(\)\n\{\n    Budgets_v1_0\(\)\n\}/);
  assert.match(scripts.find((s) => s.file === 'kql/HubSetup_v1_0.kql')!.text, /\nBudgets_v1_0\(\)\n\{\n    database\('Ingestion'\)\.Budgets_final_v1_0\n\}/);
  assert.not.match(scripts.find((s) => s.file === 'kql/HubSetup_v1_2.kql')!.text, /Budgets/);
});

test('the scripts of each release, in deployment order; only the FOCUS 1.2 update policies are enabled from 12 (12.32)', () => {
  const files = (m: HubModel) => kqlScripts(m).map((s) => `${s.database}:${s.scriptName}:${s.file}`);
  assert.equal(files(hubModel({ release: getRelease('0.8') })), [
    'ingestion:CommonFunctions:kql/Common.kql',
    'ingestion:SetupScript:kql/IngestionSetup.kql',
    'hub:CommonFunctions:kql/Common.kql',
    'hub:SetupScript:kql/HubSetup.kql',
  ]);
  // The scripts of 0.11 (kqlScriptSplit) with the retype scripts before them and those of FOCUS 1.2 after them.
  assert.equal(files(m12), [
    'ingestion:common:kql/Common.kql',
    ...['PricingUnits', 'Prices_raw', 'Costs_raw', 'CommitmentDiscountUsage_raw', 'Recommendations_raw', 'Transactions_raw'].map(
      (t) => `ingestion:Retype_${t}:kql/IngestionRetype_${t}.kql`,
    ),
    'ingestion:infra:kql/IngestionSetup_HubInfra.kql',
    'ingestion:rawTables:kql/IngestionSetup_RawTables.kql',
    'ingestion:v1_0:kql/IngestionSetup_v1_0.kql',
    'ingestion:v1_2:kql/IngestionSetup_v1_2.kql',
    'hub:common:kql/Common.kql',
    'hub:openData:kql/HubSetup_OpenData.kql',
    'hub:v1_0:kql/HubSetup_v1_0.kql',
    'hub:v1_2:kql/HubSetup_v1_2.kql',
    'hub:latest:kql/HubSetup_Latest.kql',
  ]);
  const text = (m: HubModel, file: string) => kqlScripts(m).find((s) => s.file === file)!.text;
  assert.equal(text(m12, 'kql/IngestionSetup_v1_0.kql').match(/"IsEnabled": \w+/g), Array(5).fill('"IsEnabled": false'));
  assert.equal(text(m12, 'kql/IngestionSetup_v1_2.kql').match(/"IsEnabled": \w+/g), Array(5).fill('"IsEnabled": true'));
  assert.equal(text(hubModel({ release: getRelease('0.8') }), 'kql/IngestionSetup.kql').match(/"IsEnabled": \w+/g), Array(5).fill('"IsEnabled": true'));
});

test('the retype scripts: the same text in 12, 13, 14 and whatever hub.yaml says, so each runs once per database (12.30)', () => {
  const retype = (m: HubModel) =>
    kqlScripts(m)
      .filter((s) => s.scriptName.startsWith('Retype_'))
      .map((s) => [s.file, s.text]);
  const base = retype(m12);
  assert.is(base.length, 6);
  const other = focus12Model('14', {
    retention: { ...m12.retention, dataExplorerLogDays: 30 },
    dataExplorer: { ...m12.dataExplorer, databases: { ingestion: 'Staging', hub: 'Reports' } },
  });
  assert.equal(retype(m13), base);
  assert.equal(retype(other), base);
  assert.equal(
    retype(focus12Model('12', { datasets: m12.datasets.filter((d) => d.name === 'Transactions') })),
    base.filter(([f]) => /PricingUnits|Transactions/.test(f)),
  );
  const costs = base.find(([f]) => f.includes('Costs_raw'))![1];
  assert.match(
    costs,
    /\.create-merge table Costs_raw \(ignore: string\)\n\n(?:\/\/.*\n)*\.alter table Costs_raw \(ignore: string\)\n\n\.alter table Costs_raw \(\n    AvailabilityZone: string,\n    BilledCost: real,/,
  );
  assert.not.match(costs, /for FinOps hub/, 'its header names no release');
  assert.equal(retype(hubModel({ release: getRelease('0.8') })), []);
});

test('config_InitializeHub loads PricingUnits with the block size type of the table: real from 12 (12.31)', () => {
  const command = (m: HubModel) => {
    const withCluster = { ...m, dataExplorer: { ...m.dataExplorer, name: 'hubadx' } };
    const pipeline = JSON.parse(compileModel(withCluster).artifacts.get('datafactory/pipelines/config_InitializeHub.json')!);
    const texts: string[] = [];
    walkJson(pipeline, (v) => {
      if (typeof v === 'string' && v.includes('.set-or-replace PricingUnits')) texts.push(v);
    });
    return texts.join('\n');
  };
  assert.match(command(m12), /externaldata\(x_PricingUnitDescription: string, AccountTypes: string, x_PricingBlockSize: real, PricingUnit: string\)/);
  assert.match(command(hubModel({ release: getRelease('0.8') })), /x_PricingBlockSize: decimal, PricingUnit: string\)/);
});

test('builds of 12 and 14 with every component pass the catalogue of deploy-time failures (Kusto script order and content included)', () => {
  for (const version of ['12', '14'] as const) {
    const model = { ...modelOf(fullHubYaml(version)), release: focus12Model(version).release };
    const result = compileModel(model);
    const build = fromCompile({ model, release: version, artifacts: result.artifacts });
    // kusto/script-content runs the language service when given one; kqlFocus12Schema.test.ts does that once.
    assert.equal(runCatalogue({ written: build }, CATALOGUE).map(formatDiagnostic), [], version);
  }
});

test.run();
