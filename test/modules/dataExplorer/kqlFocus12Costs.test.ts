/**
 * The values of `Costs_transform_v1_2()` (release 12 on, the table's rows): the examples of the
 * facts file for 12 and the Costs rules of 0.9-0.11 they inherit (../shared/reference/kql-0.9-14.md §8.1-8.5), each
 * as literal raw rows run through the emitted function body by the test KQL evaluator (test/support/kqlEval). Where
 * hubc does not copy a defect of the public release the expected value is hubc's and the test names the row of
 * docs/deviations.md "Release 12". The Kusto language service's view of the same text is in kqlFocus12Schema.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { at, evaluatorOf, finalV1_2Of, focus12Model, openData, rawOf } from '../../support/focus12.js';
import { KDyn, table, toText, type Row, type Table } from '../../support/kqlEval/evaluate.js';
import type { HubModel } from '../../../src/model/hub.js';

const m12 = focus12Model('12');
const m14 = focus12Model('14');

/** The facts' assumptions for Costs examples (§8): Microsoft, a billing profile, meter M1, a usage row. */
const BASE = {
  ProviderName: 'Microsoft',
  x_BillingProfileId: 'bp1',
  x_SkuMeterId: 'M1',
  ChargeCategory: 'Usage',
  ChargePeriodStart: new Date('2025-03-05T00:00:00Z'),
  PublisherName: 'Microsoft',
};

/** Runs Costs_transform_v1_2() over raw rows (BASE under each) with the given price sheet and open data. */
function costs(raw: Record<string, unknown>[], opts: { m?: HubModel; prices?: Record<string, unknown>[]; resourceTypes?: Record<string, unknown>[] } = {}): Row[] {
  const m = opts.m ?? m12;
  const ev = evaluatorOf(m, {
    // x_ChargeId (passed through) numbers the rows: the transform's union does not keep their order.
    Costs_raw: table(
      rawOf(m, 'Costs'),
      raw.map((r, i) => ({ ...BASE, x_ChargeId: String(i), ...r })),
      at('2025-04-01T10:00:00Z'),
    ),
    Prices_final_v1_2: table(finalV1_2Of('Prices'), opts.prices ?? []),
    ResourceTypes: openData('ResourceTypes', opts.resourceTypes ?? []),
  });
  const out = ev.query('Costs_transform_v1_2()') as Table;
  assert.equal(
    out.columns,
    finalV1_2Of('Costs').map((c) => c.name),
    'the transform returns the Costs_final_v1_2 columns',
  );
  assert.is(out.rows.length, raw.length, 'one row out per row in');
  return [...out.rows].sort((a, b) => Number(toText(a.x_ChargeId)) - Number(toText(b.x_ChargeId)));
}
const one = (raw: Record<string, unknown>, opts?: Parameters<typeof costs>[1]) => costs([raw], opts)[0];
const text = (r: Row, c: string) => toText(r[c]);
const bag = (r: Row, c: string) => (r[c] as KDyn).v as Record<string, unknown> | null;
const pick = (r: Row, cols: string[]) => Object.fromEntries(cols.map((c) => [c, text(r, c)]));

/** Purchase rows with every resource column, so only the code under test fires. */
const PURCHASE = {
  ChargeCategory: 'Purchase',
  CommitmentDiscountId: '/providers/microsoft.capacity/reservationorders/o1/reservations/r1',
  ResourceId: 'r',
  ResourceName: 'n',
  ResourceType: 't',
  x_ResourceType: 'x',
};

test('x_SourceChanges: each data-quality code of §3.3.3 on a row of its own, judged on the exported values', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['InvalidChargeFrequency', { ...PURCHASE, ChargeFrequency: 'Usage-Based' }],
    ['InvalidEffectiveCost', { ...PURCHASE, EffectiveCost: 5, ContractedCost: 5, ListCost: 5 }],
    ['MissingContractedCost', { EffectiveCost: 5, ListCost: 5 }],
    ['MissingContractedUnitPrice', { x_EffectiveUnitPrice: 2, ListUnitPrice: 2 }],
    ['ListCostLessThanContractedCost', { ListCost: 8, ContractedCost: 10, EffectiveCost: 9 }],
    ['ContractedCostLessThanEffectiveCost', { ListCost: 12, ContractedCost: 9, EffectiveCost: 10 }],
    ['MissingListCost', { ContractedCost: 5, EffectiveCost: 5 }],
    ['MissingListUnitPrice', { ContractedUnitPrice: 2, x_EffectiveUnitPrice: 2 }],
    ['XEffectiveUnitPriceRoundingError', { x_BilledUnitPrice: 0.1, x_EffectiveUnitPrice: 0.10004, ListUnitPrice: 0.2, ContractedUnitPrice: 0.2 }],
    ['MissingConsumedQuantity', { ConsumedQuantity: 0, EffectiveCost: 5, ContractedCost: 5, ListCost: 5 }],
    ['MissingPricingQuantity', { PricingQuantity: 0, EffectiveCost: 5, ContractedCost: 5, ListCost: 5 }],
    ['MissingProviderName', { ProviderName: '' }],
    ['MissingPublisherName', { PublisherName: '' }],
    ['MissingResourceId', { ...PURCHASE, ResourceId: '' }],
    ['MissingResourceName', { ...PURCHASE, ResourceName: '' }],
    ['MissingResourceType', { ...PURCHASE, ResourceType: '' }],
    ['MissingXBilledUnitPrice', { BilledCost: 5, x_BilledUnitPrice: 0 }],
    ['MissingXResourceType', { ...PURCHASE, x_ResourceType: '' }],
    ['PricingCategoryShouldBeCommitted', { PricingCategory: 'Standard', CommitmentDiscountId: 'c1' }],
    ['', {}],
  ];
  const rows = costs(cases.map(([, raw]) => ({ x_SourceVersion: '1.2', ...raw })));
  assert.equal(
    rows.map((r) => text(r, 'x_SourceChanges')),
    cases.map(([code]) => code),
  );
});

test('x_SourceChanges: rounding errors are gaps below 0.0001, not equal prices (10.1, 10.8; docs/deviations.md "Release 12")', () => {
  const [equal, gap, contracted] = costs([
    // 9.4 / 10.1: the public 0.10+ flags equal prices too
    {
      x_SourceVersion: '1.2',
      ListCost: 8,
      ContractedCost: 10,
      EffectiveCost: 9,
      BilledCost: 9,
      ListUnitPrice: 0.8,
      ContractedUnitPrice: 1,
      x_EffectiveUnitPrice: 0.9,
      x_BilledUnitPrice: 0.9,
      ConsumedQuantity: 10,
      PricingCategory: 'Standard',
    },
    { x_SourceVersion: '1.2', ListUnitPrice: 0.2, ContractedUnitPrice: 0.2, x_BilledUnitPrice: 0.1, x_EffectiveUnitPrice: 0.10004 },
    { x_SourceVersion: '1.2', ListUnitPrice: 0.3, ContractedUnitPrice: 0.20003, x_BilledUnitPrice: 0.5, x_EffectiveUnitPrice: 0.2 },
  ]);
  assert.is(text(equal, 'x_SourceChanges'), 'ListCostLessThanContractedCost');
  assert.is(text(gap, 'x_SourceChanges'), 'XEffectiveUnitPriceRoundingError');
  assert.is(text(gap, 'x_EffectiveUnitPrice'), '0.10004', '10.8: an unflagged row keeps its effective price');
  assert.is(text(contracted, 'x_SourceChanges'), 'XEffectiveUnitPriceRoundingError');
});

test('FOCUS version: read from the exported columns before any is filled (12.4, 11.1-11.3; docs/deviations.md "Release 12")', () => {
  const [v10, v10Plain, v12, v12preview, preview, none] = costs([
    // 12.4: a Cost Management FOCUS 1.0 row; the public 12 fills PricingCurrency first and calls it 1.2-preview
    { x_PricingCurrency: 'USD', x_SkuDetails: '{"VCPUs":"2"}', ConsumedQuantity: 1 },
    { x_PricingCurrency: 'USD', ConsumedQuantity: 1 },
    { InvoiceId: 'G0123', SkuPriceDetails: '{"x_VCPUs":"2"}' },
    { InvoiceId: 'G0123', x_SkuDetails: '{"VCPUs":"2"}' },
    { ChargeSubcategory: 'On-Demand', Region: 'East US' },
    { ProviderName: 'Contoso', x_BillingProfileId: '', PublisherName: 'Contoso' },
  ]);
  const version = ['x_SourceVersion', 'x_SourceChanges', 'PricingCurrency', 'x_SourceName', 'x_SourceType', 'x_SourceProvider'];
  assert.equal(pick(v10, version), {
    x_SourceVersion: '1.0',
    x_SourceChanges: 'LegacyFocusVersion',
    PricingCurrency: 'USD',
    x_SourceName: 'Cost Management',
    x_SourceType: 'FocusCost',
    x_SourceProvider: 'Microsoft',
  });
  assert.equal(pick(v10Plain, version).x_SourceVersion, '1.0');
  assert.equal(
    pick(v12, version),
    { x_SourceVersion: '1.2', x_SourceChanges: '', PricingCurrency: '', x_SourceName: 'Cost Management', x_SourceType: 'FocusCost', x_SourceProvider: 'Microsoft' },
    '11.1: 1.2 is the target version (no LegacyFocusVersion)',
  );
  assert.equal(pick(v12preview, ['x_SourceVersion', 'x_SourceChanges']), { x_SourceVersion: '1.2-preview', x_SourceChanges: 'LegacyFocusVersion' });
  assert.is(text(preview, 'x_SourceVersion'), '1.0-preview(v1)');
  assert.equal(pick(none, version), {
    x_SourceVersion: '',
    x_SourceChanges: 'UnknownFocusVersion',
    PricingCurrency: '',
    x_SourceName: 'Contoso',
    x_SourceType: '',
    x_SourceProvider: 'Contoso',
  });
});

test('FOCUS 1.2 columns Cost Management exported as x_ columns before (13.1, 11.4): InvoiceId, PricingCurrency, SkuMeter', () => {
  const [old, now] = costs([
    { x_InvoiceId: 'I1', x_PricingCurrency: 'EUR', x_SkuMeterName: 'D4 v3' },
    { InvoiceId: 'I2', x_InvoiceId: 'I1', PricingCurrency: 'USD', x_PricingCurrency: 'EUR', SkuMeter: 'D2 v3', x_SkuMeterName: 'D4 v3' },
  ]);
  assert.equal(
    pick(old, ['InvoiceId', 'PricingCurrency', 'SkuMeter']),
    { InvoiceId: 'I1', PricingCurrency: 'EUR', SkuMeter: 'D4 v3' },
    'the public 12 leaves SkuMeter empty (fixed in 13)',
  );
  assert.equal(pick(now, ['InvoiceId', 'PricingCurrency', 'SkuMeter']), { InvoiceId: 'I2', PricingCurrency: 'USD', SkuMeter: 'D2 v3' });
});

test('commitment quantity, unit and ratio for exports that predate FOCUS 1.2 (12.5-12.7)', () => {
  const [spend, usage4, usage1, focus12] = costs([
    { CommitmentDiscountStatus: 'Used', CommitmentDiscountCategory: 'Spend', EffectiveCost: 20, x_BillingExchangeRate: 0.5, PricingCurrency: 'USD' },
    {
      CommitmentDiscountStatus: 'Used',
      CommitmentDiscountCategory: 'Usage',
      PricingQuantity: 10,
      x_PricingBlockSize: 1,
      x_SkuDetails: '{"RINormalizationRatio":"4"}',
      ConsumedUnit: 'Hours',
    },
    {
      CommitmentDiscountStatus: 'Used',
      CommitmentDiscountCategory: 'Usage',
      PricingQuantity: 10,
      x_PricingBlockSize: 1,
      x_SkuDetails: '{"RINormalizationRatio":"1"}',
      ConsumedUnit: 'Hours',
    },
    { CommitmentDiscountStatus: 'Used', CommitmentDiscountCategory: 'Usage', CommitmentDiscountQuantity: 20, PricingQuantity: 10 },
  ]);
  const cols = ['CommitmentDiscountQuantity', 'CommitmentDiscountUnit', 'x_CommitmentDiscountNormalizedRatio'];
  assert.equal(pick(spend, cols), { CommitmentDiscountQuantity: '40', CommitmentDiscountUnit: 'USD', x_CommitmentDiscountNormalizedRatio: '1' });
  assert.equal(pick(usage4, cols), { CommitmentDiscountQuantity: '40', CommitmentDiscountUnit: 'Normalized Hours', x_CommitmentDiscountNormalizedRatio: '4' });
  assert.equal(pick(usage1, cols), { CommitmentDiscountQuantity: '10', CommitmentDiscountUnit: 'Hours', x_CommitmentDiscountNormalizedRatio: '1' });
  assert.equal(pick(focus12, cols), { CommitmentDiscountQuantity: '20', CommitmentDiscountUnit: 'Normalized Units', x_CommitmentDiscountNormalizedRatio: '2' });
});

test('FOCUS 1.0-preview: the status comes from ChargeSubcategory before quantity and unit are derived (12.8; docs/deviations.md "Release 12")', () => {
  const r = one({
    ChargeSubcategory: 'Used Commitment',
    CommitmentDiscountStatus: '',
    CommitmentDiscountCategory: 'Usage',
    UsageQuantity: 5,
    UsageUnit: 'Hours',
    PricingQuantity: 5,
  });
  // The public 12 derives quantity and ratio before the status and leaves them null.
  assert.equal(
    pick(r, ['CommitmentDiscountStatus', 'x_CommitmentDiscountNormalizedRatio', 'CommitmentDiscountQuantity', 'CommitmentDiscountUnit', 'ConsumedQuantity', 'ConsumedUnit']),
    {
      CommitmentDiscountStatus: 'Used',
      x_CommitmentDiscountNormalizedRatio: '1',
      CommitmentDiscountQuantity: '5',
      CommitmentDiscountUnit: 'Hours',
      ConsumedQuantity: '5',
      ConsumedUnit: 'Hours',
    },
  );
  const values = bag(r, 'x_SourceValues')!;
  assert.is(values.ChargeSubcategory, 'Used Commitment');
  assert.is(values.CommitmentDiscountStatus, '');
  assert.is(values.ConsumedQuantity, null, 'the exported value was null');
});

test('x_AmortizationClass and capacity reservations (12.9, 12.10)', () => {
  const [principal, amortized, plain, vm, capacity, given] = costs([
    { ChargeCategory: 'Purchase', ResourceId: '/providers/Microsoft.Capacity/reservationOrders/o1' },
    { CommitmentDiscountId: '/providers/microsoft.capacity/reservationorders/o1/reservations/r1', CommitmentDiscountStatus: 'Used' },
    {},
    { x_SkuDetails: '{"VMCapacityReservationId":"crid1"}', x_ResourceType: 'microsoft.compute/virtualmachines' },
    { x_SkuDetails: '{"VMCapacityReservationId":"crid1"}', x_ResourceType: 'Microsoft.Compute/capacityReservationGroups/capacityReservations' },
    { CapacityReservationId: 'crid2', CapacityReservationStatus: 'Unused', x_AmortizationClass: 'Principal' },
  ]);
  assert.equal(
    [principal, amortized, plain].map((r) => text(r, 'x_AmortizationClass')),
    ['Principal', 'Amortized Charge', ''],
  );
  assert.equal(pick(vm, ['CapacityReservationId', 'CapacityReservationStatus']), { CapacityReservationId: 'crid1', CapacityReservationStatus: 'Used' });
  assert.equal(pick(capacity, ['CapacityReservationId', 'CapacityReservationStatus']), { CapacityReservationId: 'crid1', CapacityReservationStatus: 'Unused' });
  assert.equal(pick(given, ['CapacityReservationId', 'CapacityReservationStatus', 'x_AmortizationClass']), {
    CapacityReservationId: 'crid2',
    CapacityReservationStatus: 'Unused',
    x_AmortizationClass: 'Principal',
  });
  assert.equal(pick(plain, ['CapacityReservationId', 'CapacityReservationStatus']), { CapacityReservationId: '', CapacityReservationStatus: '' });
});

test('SKU properties and Azure Hybrid Benefit licences (12.11-12.13)', () => {
  const [windows, byol, sql, linux] = costs([
    { x_SkuMeterCategory: 'Virtual Machines', x_SkuMeterSubcategory: 'Dv3/DSv3 Series Windows', x_SkuDetails: '{"VCPUs":"4"}', ConsumedQuantity: 10, ConsumedUnit: 'Hours' },
    { x_SkuMeterCategory: 'Virtual Machines', x_SkuMeterSubcategory: 'Dv3/DSv3 Series', x_SkuDetails: '{"VCPUs":"16","ImageType":"Windows Server BYOL"}' },
    { x_SkuMeterCategory: 'SQL Database', x_SkuDetails: '{"AHB":"True","VCores":"2"}' },
    { x_SkuMeterCategory: 'Virtual Machines', x_SkuDetails: '{"VCPUs":"2","ImageType":"Canonical","ServiceType":"Standard_B2s"}', ConsumedQuantity: 3, ConsumedUnit: 'Hours' },
  ]);
  const cols = [
    'x_SkuCoreCount',
    'x_ConsumedCoreHours',
    'x_SkuOperatingSystem',
    'x_SkuLicenseType',
    'x_SkuLicenseStatus',
    'x_SkuLicenseQuantity',
    'x_SkuLicenseUnit',
    'x_SkuInstanceType',
  ];
  assert.equal(pick(windows, cols), {
    x_SkuCoreCount: '4',
    x_ConsumedCoreHours: '40',
    x_SkuOperatingSystem: 'Windows Server',
    x_SkuLicenseType: 'Windows Server',
    x_SkuLicenseStatus: 'Not Enabled',
    x_SkuLicenseQuantity: '8',
    x_SkuLicenseUnit: 'Cores',
    x_SkuInstanceType: '',
  });
  assert.equal(pick(byol, cols), {
    x_SkuCoreCount: '16',
    x_ConsumedCoreHours: '',
    x_SkuOperatingSystem: 'Windows Server',
    x_SkuLicenseType: 'Windows Server',
    x_SkuLicenseStatus: 'Enabled',
    x_SkuLicenseQuantity: '16',
    x_SkuLicenseUnit: 'Cores',
    x_SkuInstanceType: '',
  });
  assert.equal(pick(sql, cols), {
    x_SkuCoreCount: '2',
    x_ConsumedCoreHours: '',
    x_SkuOperatingSystem: '',
    x_SkuLicenseType: 'SQL Server',
    x_SkuLicenseStatus: 'Enabled',
    x_SkuLicenseQuantity: '8',
    x_SkuLicenseUnit: 'Cores',
    x_SkuInstanceType: '',
  });
  assert.equal(pick(linux, cols), {
    x_SkuCoreCount: '2',
    x_ConsumedCoreHours: '6',
    x_SkuOperatingSystem: 'Linux',
    x_SkuLicenseType: '',
    x_SkuLicenseStatus: '',
    x_SkuLicenseQuantity: '',
    x_SkuLicenseUnit: '',
    x_SkuInstanceType: 'Standard_B2s',
  });
});

test('SkuPriceDetails from x_SkuDetails: provider keys with x_, FOCUS names for cores, instance type and OS, each once (12.18; docs/deviations.md "Release 12")', () => {
  const [converted, canonical, kept] = costs([
    { x_SkuDetails: '{"VCPUs":"4","ServiceType":"Standard_D4s_v3"}', SkuPriceDetails: '' },
    { x_SkuDetails: '{"ImageType":"Canonical","VCPUs":"2","UsageType":"ComputeHR"}' },
    { SkuPriceDetails: '{"CoreCount":8,"x_Custom":"a"}', x_SkuDetails: '{"VCPUs":"2"}' },
  ]);
  assert.equal(bag(converted, 'SkuPriceDetails'), { CoreCount: '4', InstanceType: 'Standard_D4s_v3' });
  assert.is(text(converted, 'x_SkuInstanceType'), 'Standard_D4s_v3');
  // The public 12 writes OperatingSystem twice here (its regex steps 4-6).
  assert.equal(bag(canonical, 'SkuPriceDetails'), { x_ImageType: 'Canonical', x_UsageType: 'ComputeHR', CoreCount: '2', OperatingSystem: 'Linux' });
  assert.equal(bag(kept, 'SkuPriceDetails'), { CoreCount: 8, x_Custom: 'a' }, 'FOCUS 1.2 exports keep their own');
  assert.is(text(kept, 'x_SkuCoreCount'), '8', 'SkuPriceDetails first');
});

test('savings: never negative, gaps under 0.0001 are none, percents are fractions (12.14, 12.15)', () => {
  const [all, negative, rounding, missing] = costs([
    { ListUnitPrice: 10, ContractedUnitPrice: 8, x_EffectiveUnitPrice: 6, PricingQuantity: 10, ListCost: 100, ContractedCost: 80, EffectiveCost: 60 },
    { ListCost: 100, ContractedCost: 60, EffectiveCost: 80, ListUnitPrice: 10, ContractedUnitPrice: 6, x_EffectiveUnitPrice: 8 },
    { ListCost: 100.00005, ContractedCost: 100, EffectiveCost: 100, ListUnitPrice: 1, ContractedUnitPrice: 1, x_EffectiveUnitPrice: 1 },
    { ContractedCost: 5, ListCost: 0 },
  ]);
  const cols = [
    'x_NegotiatedDiscountSavings',
    'x_CommitmentDiscountSavings',
    'x_TotalSavings',
    'x_NegotiatedDiscountPercent',
    'x_CommitmentDiscountPercent',
    'x_TotalDiscountPercent',
  ];
  assert.equal(pick(all, cols), {
    x_NegotiatedDiscountSavings: '20',
    x_CommitmentDiscountSavings: '20',
    x_TotalSavings: '40',
    x_NegotiatedDiscountPercent: '0.2',
    x_CommitmentDiscountPercent: '0.25',
    x_TotalDiscountPercent: '0.4',
  });
  assert.equal(pick(negative, cols), {
    x_NegotiatedDiscountSavings: '40',
    x_CommitmentDiscountSavings: '0',
    x_TotalSavings: '20',
    x_NegotiatedDiscountPercent: '0.4',
    x_CommitmentDiscountPercent: '0',
    x_TotalDiscountPercent: '0.2',
  });
  assert.equal(pick(rounding, cols), {
    x_NegotiatedDiscountSavings: '0',
    x_CommitmentDiscountSavings: '0',
    x_TotalSavings: '0',
    x_NegotiatedDiscountPercent: '0',
    x_CommitmentDiscountPercent: '0',
    x_TotalDiscountPercent: '0',
  });
  // No effective cost: the difference is unknown (null), not 0.
  assert.is(text(missing, 'x_CommitmentDiscountSavings'), '');
  assert.is(text(missing, 'x_NegotiatedDiscountSavings'), '0', 'no list cost');
});

test('publisher, region, pricing category, placeholders and names (12.16, 12.17, 12.19, 12.20, 10.11, 11.5)', () => {
  const [r, placeholders, kept] = costs([
    {
      PublisherName: 'Microsoft Corporation',
      Region: 'East US',
      RegionId: '',
      PricingCategory: 'On-Demand',
      BillingPeriodStart: new Date('2025-01-15T00:00:00Z'),
      BillingPeriodEnd: new Date('2025-01-31T23:59:59Z'),
    },
    {
      x_AccountId: '-2',
      x_AccountName: 'n/a',
      x_AccountOwnerId: 'o',
      x_PricingUnitDescription: 'Unassigned',
      x_ResourceGroupName: 'RG1',
      x_InvoiceSectionId: '-2',
      x_InvoiceSectionName: 'Unassigned',
      SubAccountName: 'sub',
    },
    { x_AccountId: '12', x_AccountName: 'a', x_InvoiceSectionId: '123', x_InvoiceSectionName: 'Default', SubAccountId: '/subscriptions/s', SubAccountName: 'sub' },
  ]);
  assert.equal(pick(r, ['PublisherName', 'RegionId', 'RegionName', 'PricingCategory', 'BillingPeriodStart', 'BillingPeriodEnd']), {
    PublisherName: 'Microsoft',
    RegionId: 'eastus',
    RegionName: 'East US',
    // 12.17: the public 12 keeps On-Demand (its mapping is unreachable); hubc maps it as v1_0 does.
    PricingCategory: 'Standard',
    BillingPeriodStart: '2025-01-01T00:00:00Z',
    BillingPeriodEnd: '2025-01-01T00:00:00Z',
  });
  assert.equal(bag(r, 'x_SourceValues'), {
    BillingPeriodEnd: '2025-01-31T23:59:59Z',
    BillingPeriodStart: '2025-01-15T00:00:00Z',
    PricingCategory: 'On-Demand',
    PublisherName: 'Microsoft Corporation',
    Region: 'East US',
    RegionId: '',
  });
  // 12.19: the public 12 may keep the name (it tests the already blanked x_AccountId); hubc blanks all three.
  assert.equal(
    pick(placeholders, [
      'x_AccountId',
      'x_AccountName',
      'x_AccountOwnerId',
      'x_PricingUnitDescription',
      'x_ResourceGroupName',
      'x_InvoiceSectionId',
      'x_InvoiceSectionName',
      'SubAccountName',
    ]),
    {
      x_AccountId: '',
      x_AccountName: '',
      x_AccountOwnerId: '',
      x_PricingUnitDescription: '',
      x_ResourceGroupName: 'rg1',
      x_InvoiceSectionId: '',
      x_InvoiceSectionName: '',
      SubAccountName: '',
    },
  );
  assert.equal(pick(kept, ['x_AccountId', 'x_AccountName', 'x_InvoiceSectionId', 'x_InvoiceSectionName', 'SubAccountName']), {
    x_AccountId: '12',
    x_AccountName: 'a',
    x_InvoiceSectionId: '123',
    x_InvoiceSectionName: 'Default',
    SubAccountName: 'sub',
  });
});

test('x_SourceValues: only columns whose value changed, with the exported value (§3.3.4; null to null is no change)', () => {
  const [same, changed] = costs([
    { x_SourceVersion: '1.2', ChargeCategory: 'Purchase', ListCost: 1, ContractedCost: 1, EffectiveCost: 1, BilledCost: 1 },
    { ChargeSubcategory: 'Refund', ChargeCategory: 'Usage', EffectiveCost: 3, ContractedCost: 3, ListCost: 3 },
  ]);
  assert.equal(bag(same, 'x_SourceValues'), {}, 'the public 12 records the real columns that are null before and after');
  assert.equal(bag(changed, 'x_SourceValues'), { ChargeCategory: 'Usage', ChargeClass: '', ChargeSubcategory: 'Refund' });
  assert.equal(pick(changed, ['ChargeCategory', 'ChargeClass']), { ChargeCategory: 'Purchase', ChargeClass: 'Correction' });
});

test('quantities from cost and unit price (10.2-10.6)', () => {
  const [billed, effective, block, noBlock, purchase, nullQuantity] = costs([
    { PricingQuantity: 0, BilledCost: 10, x_BilledUnitPrice: 2.5, EffectiveCost: 10, x_SourceVersion: '1.2' },
    { PricingQuantity: 0, BilledCost: 0, EffectiveCost: 12, x_EffectiveUnitPrice: 3 },
    { ConsumedQuantity: 0, PricingQuantity: 4, x_PricingBlockSize: 100 },
    { ConsumedQuantity: 0, PricingQuantity: 4 },
    { ChargeCategory: 'Purchase', ConsumedQuantity: 0, PricingQuantity: 1 },
    { PricingQuantity: null, EffectiveCost: 5 },
  ]);
  assert.is(text(billed, 'PricingQuantity'), '4');
  assert.match(text(billed, 'x_SourceChanges'), /MissingPricingQuantity/);
  assert.is(text(effective, 'PricingQuantity'), '4');
  assert.is(text(block, 'ConsumedQuantity'), '0.04');
  assert.is(text(noBlock, 'ConsumedQuantity'), '4');
  assert.is(text(purchase, 'ConsumedQuantity'), '', 'only usage rows have a consumed quantity');
  assert.is(text(purchase, 'ConsumedUnit'), '');
  assert.is(text(nullQuantity, 'PricingQuantity'), '');
  assert.not.match(text(nullQuantity, 'x_SourceChanges'), /MissingPricingQuantity/, 'a null quantity is not a zero one');
});

test('missing prices from the price sheet, any case of the billing profile (9.6-9.8, 10.7, 10.9, 10.10)', () => {
  const sheet = [
    {
      x_SkuPriceType: 'Consumption',
      x_BillingProfileId: 'abcd-efg',
      x_EffectivePeriodStart: new Date('2025-03-01T00:00:00Z'),
      x_SkuMeterId: 'M1',
      x_SkuOfferId: 'MS-AZR-0017P',
      ListUnitPrice: 2.5,
      ContractedUnitPrice: 2.2,
      PricingUnit: 'Hours',
      x_PricingBlockSize: 1,
    },
  ];
  const rows = costs(
    [
      // 9.6: the key matches whatever the case of the billing profile
      {
        x_BillingProfileId: 'ABCD-EFG',
        x_SkuOfferId: 'MS-AZR-0017P',
        ListUnitPrice: 0,
        ContractedUnitPrice: 2.2,
        x_EffectiveUnitPrice: 2,
        PricingUnit: 'Hours',
        x_PricingBlockSize: 1,
        x_BillingExchangeRate: 1,
        EffectiveCost: 20,
        PricingQuantity: 10,
      },
      // 9.7: no price found
      { ListUnitPrice: 0, ContractedUnitPrice: 2, x_EffectiveUnitPrice: 2, ContractedCost: 0, ListCost: 0, EffectiveCost: 10, PricingQuantity: 4.99 },
      // 9.8
      { ContractedUnitPrice: 0, ContractedCost: 0, x_EffectiveUnitPrice: 3, EffectiveCost: 6, PricingQuantity: 2 },
      // 10.7: an effective price within 0.0001 of the billed one is the billed one
      { ListUnitPrice: 0, x_BilledUnitPrice: 0.1, x_EffectiveUnitPrice: 0.10004, ContractedUnitPrice: 0.2 },
      // 10.9
      {
        ContractedCost: 0,
        ContractedUnitPrice: 2,
        x_BilledUnitPrice: 2,
        x_EffectiveUnitPrice: 1.8,
        BilledCost: 10,
        EffectiveCost: 9,
        ListUnitPrice: 0,
        ListCost: 0,
        PricingQuantity: 5,
      },
      // 10.10: no cost, nothing to fill
      { x_EffectiveUnitPrice: 1, EffectiveCost: 0, BilledCost: 0, ContractedUnitPrice: 0, ContractedCost: 7 },
    ],
    { prices: sheet },
  );
  const cols = ['ListUnitPrice', 'ContractedUnitPrice', 'x_EffectiveUnitPrice', 'ContractedCost', 'ListCost'];
  assert.equal(pick(rows[0], cols), { ListUnitPrice: '2.5', ContractedUnitPrice: '2.2', x_EffectiveUnitPrice: '2', ContractedCost: '22', ListCost: '25' });
  assert.equal(pick(rows[1], cols), { ListUnitPrice: '2', ContractedUnitPrice: '2', x_EffectiveUnitPrice: '2', ContractedCost: '10', ListCost: '10' });
  assert.equal(pick(rows[2], ['ContractedUnitPrice', 'ContractedCost']), { ContractedUnitPrice: '3', ContractedCost: '6' });
  assert.is(text(rows[3], 'x_EffectiveUnitPrice'), '0.1');
  assert.equal(pick(rows[4], ['ContractedCost', 'ListUnitPrice', 'ListCost']), { ContractedCost: '10', ListUnitPrice: '2', ListCost: '10' });
  assert.equal(pick(rows[5], ['ContractedUnitPrice', 'ContractedCost']), { ContractedUnitPrice: '0', ContractedCost: '7' });
});

test('savings plan purchases of FOCUS 1.0 exports are recurring; commitment purchases have no effective cost', () => {
  const [v10, v12] = costs([
    {
      ChargeCategory: 'Purchase',
      CommitmentDiscountId: '/providers/Microsoft.BillingBenefits/savingsPlanOrders/s1/savingsPlans/p1',
      ChargeFrequency: 'Usage-Based',
      ConsumedQuantity: 1,
      EffectiveCost: 5,
      x_EffectiveCostInUsd: 5,
    },
    {
      ChargeCategory: 'Purchase',
      CommitmentDiscountId: '/providers/Microsoft.BillingBenefits/savingsPlanOrders/s1/savingsPlans/p1',
      ChargeFrequency: 'Usage-Based',
      InvoiceId: 'I',
      EffectiveCost: 5,
    },
  ]);
  // The public 12 labels Cost Management 1.0 rows 1.2 (see the version test), so its fix never fires for them.
  assert.equal(pick(v10, ['x_SourceVersion', 'ChargeFrequency', 'EffectiveCost', 'x_EffectiveCostInUsd', 'CommitmentDiscountId', 'ResourceId', 'x_AmortizationClass']), {
    x_SourceVersion: '1.0',
    ChargeFrequency: 'Recurring',
    EffectiveCost: '0',
    x_EffectiveCostInUsd: '0',
    CommitmentDiscountId: '/providers/microsoft.billingbenefits/savingsplanorders/s1/savingsplans/p1',
    ResourceId: '/providers/microsoft.billingbenefits/savingsplanorders/s1/savingsplans/p1',
    x_AmortizationClass: 'Principal',
  });
  assert.is(text(v12, 'ChargeFrequency'), 'Usage-Based', 'FOCUS 1.2 exports are taken as they are');
});

test('14: rows of subscription and resource group IDs get their type and display name (14.3); 12 and 13 do not', () => {
  const raw = { ResourceId: '/subscriptions/sub1/resourceGroups/rg1', ResourceName: '', ResourceType: '', x_ResourceType: '' };
  const resourceTypes = [{ x_ResourceType: 'microsoft.resources/subscriptions/resourcegroups', SingularDisplayName: 'Resource group' }];
  const cols = ['x_ResourceType', 'ResourceType', 'ResourceName'];
  assert.equal(pick(one(raw, { m: m14, resourceTypes }), cols), {
    x_ResourceType: 'microsoft.resources/subscriptions/resourcegroups',
    ResourceType: 'Resource group',
    ResourceName: 'sub1/rg1',
  });
  assert.equal(pick(one(raw, { m: m12, resourceTypes }), cols), { x_ResourceType: '', ResourceType: '', ResourceName: '' });
  assert.equal(pick(one(raw, { m: focus12Model('13'), resourceTypes }), cols), { x_ResourceType: '', ResourceType: '', ResourceName: '' });
});

test('ingestion time, dropped raw columns and parsed JSON columns', () => {
  const r = one({ Tags: '{"env":"prod"}', x_CostCategories: '{"a":1}', x_Credits: '[]', x_Discount: '{}', UsageAmount: 3, x_Cost: 2 });
  assert.is(text(r, 'x_IngestionTime'), '2025-04-01T10:00:00Z');
  assert.equal(bag(r, 'Tags'), { env: 'prod' });
  assert.equal(bag(r, 'x_CostCategories'), { a: 1 });
  assert.is(text(r, 'x_ChargeId'), '0', 'passed through (docs/deviations.md "KQL (0.7)")');
  assert.is(text(r, 'ContractedCost'), '2', 'GCP x_Cost is the contracted cost');
  assert.is(text(r, 'ProviderName'), 'Microsoft');
  for (const c of ['ChargeSubcategory', 'Region', 'UsageAmount', 'UsageQuantity', 'UsageUnit', 'x_Cost', 'x_InvoiceId', 'x_OnDemandCost', 'x_PricingCurrency', 'x_SkuMeterName'])
    assert.not.ok(c in r, `${c} is not a Costs_final_v1_2 column`);
});

test.run();
