/**
 * The values of the Data Explorer functions hubc emits, computed by the test KQL evaluator
 * (test/support/kqlEval) over the functions' documented examples (release-0.8.md §4.3-4.4), with `now()`
 * injected. The functions are read from the emitted scripts, so these tests check the text hubc writes.
 * kqlValidation.test.ts and validators/output.test.ts prove the same text parses and type-checks in the Kusto
 * language service; what neither can prove is listed in test/support/kqlEval/evaluate.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'csv-parse/sync';
import { kqlDatasets, kqlScripts } from '../../../src/modules/dataExplorer/kql.js';
import { OPEN_DATA_TABLES } from '../../../src/modules/dataExplorer/kql/tables.js';
import { getRelease } from '../../../src/model/releases.js';
import type { HubModel } from '../../../src/model/hub.js';
import { hubModel } from '../../support/hubs.js';
import { sharedText } from '../../support/sharedData.js';
import { KDate, KDyn, KqlEvaluator, functionsOf, parseDate, table, toText, type Table } from '../../support/kqlEval/evaluate.js';

const model = (release: string): HubModel => hubModel({ release: getRelease(release) });
const m08 = model('0.8');
const m07 = model('0.7');

/** The Common and IngestionSetup functions of a model's scripts. */
const functions = (m: HubModel) => {
  const [common, ingestion] = kqlScripts(m);
  return functionsOf(common.text, ingestion.text);
};
const F08 = functions(m08);
const F07 = functions(m07);

const at = (iso: string): KDate => parseDate(iso)!;
const openData = new Map(OPEN_DATA_TABLES.map((t) => [t.name, t.columns]));
const datasets = (m: HubModel) => new Map(kqlDatasets(m).map((d) => [d.name, d]));

/** An evaluator of the 0.8 (or 0.7) functions over the given tables, with now() = `now`. */
function evaluator(tables: Record<string, Table> = {}, { now = '2025-06-15T08:00:00Z', fns = F08 } = {}) {
  return new KqlEvaluator({ tables: new Map(Object.entries(tables)), functions: fns }, { now: at(now) });
}
const text = (ev: KqlEvaluator, query: string) => toText(ev.query(query) as never);

test('0.8 Common has monthstring and datestring before daterange, which calls datestring; 0.7 has neither', () => {
  const names = [...F08.keys()].slice(0, 4);
  assert.equal(names, ['monthstring', 'datestring', 'daterange', 'monthsago']);
  assert.not.ok(F07.has('monthstring') || F07.has('datestring'));
  assert.equal(F08.get('daterange')!.body.result, {
    k: 'call',
    name: 'datestring',
    args: [
      { k: 'name', name: 'start' },
      { k: 'name', name: 'end' },
    ],
  });
  const [common] = kqlScripts(m08);
  assert.match(common.text, /docstring = 'Deprecated: call datestring\(\)[^']*'[^\n]*\ndaterange\(/);
  assert.match(common.text, /docstring = 'Deprecated: call the built-in startofmonth\(now\(\), -months\)[^']*'[^\n]*\nmonthsago\(/);
});

test('monthstring: the month name, cut to length characters (release-0.8.md §4.3 examples)', () => {
  const ev = evaluator();
  assert.is(text(ev, 'monthstring(datetime(2025-01-01))'), 'January');
  assert.is(text(ev, 'monthstring(datetime(2025-01-01), 3)'), 'Jan');
  assert.is(text(ev, 'monthstring(datetime(2025-01-01), 1)'), 'J');
  assert.is(text(ev, 'monthstring(datetime(2025-09-10), 3)'), 'Sep');
  const all = Array.from({ length: 12 }, (_, i) => text(ev, `monthstring(datetime(2025-${String(i + 1).padStart(2, '0')}-28))`));
  assert.equal(all, ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']);
});

test('datestring: the documented examples, seen from 2025 (now() injected)', () => {
  const ev = evaluator();
  const cases: [string, string][] = [
    ['datetime(2025-01-01)', 'Jan 1'],
    ['datetime(2024-01-01)', 'Jan 1, 2024'],
    ['datetime(2025-01-01), datetime(2025-01-15)', 'Jan 1-15'],
    ['datetime(2025-01-01), datetime(2025-01-31)', 'Jan 2025'],
    ['datetime(2025-01-01), datetime(2025-03-31)', 'Jan-Mar'],
    ['datetime(2024-12-16), datetime(2025-01-15)', 'Dec 16, 2024-Jan 15, 2025'],
    ['datetime(2025-01-01), datetime(2025-12-31)', '2025'],
    ['datetime(2024-01-01), datetime(2025-12-31)', '2024-2025'],
    ['datetime(2024-07-01), datetime(2025-06-30)', 'Jul 2024-Jun 2025'],
    ['datetime(2024-12-15), datetime(2025-01-14)', 'Dec 15, 2024-Jan 14, 2025'],
    // partial months within the current year, and the time of day ignored
    ['datetime(2025-01-30), datetime(2025-02-02)', 'Jan 30-Feb 2'],
    ['datetime(2025-03-04 17:45), datetime(2025-03-04 08:00)', 'Mar 4'],
  ];
  for (const [args, expected] of cases) assert.is(text(ev, `datestring(${args})`), expected, args);
});

test('datestring: the year is shown for ranges outside the current year, after a comma when a day precedes it', () => {
  const in2024 = evaluator({}, { now: '2024-03-01T00:00:00Z' });
  assert.is(text(in2024, 'datestring(datetime(2025-01-01), datetime(2025-03-31))'), 'Jan-Mar 2025');
  assert.is(text(in2024, 'datestring(datetime(2024-01-01), datetime(2024-03-31))'), 'Jan-Mar');
  const in2026 = evaluator({}, { now: '2026-01-10T00:00:00Z' });
  assert.is(text(in2026, 'datestring(datetime(2025-01-01), datetime(2025-02-28))'), 'Jan-Feb 2025', 'changelog example');
  assert.is(
    text(in2026, 'datestring(datetime(2025-01-01), datetime(2025-01-15))'),
    'Jan 1-15, 2025',
    'hubc: a comma before the year, as in the other day forms (docs/deviations.md)',
  );
  assert.is(text(in2026, 'datestring(datetime(2025-01-02), datetime(2025-03-15))'), 'Jan 2-Mar 15, 2025');
  assert.is(text(in2026, 'datestring(datetime(2025-06-01), datetime(2025-06-30))'), 'Jun 2025', 'a whole month always names its year');
});

test('daterange gives what datestring gives in 0.8; 0.7 keeps its own format (release-0.8.md §4.3)', () => {
  const ev = evaluator();
  for (const args of [
    'datetime(2025-01-01), datetime(2025-01-31)',
    'datetime(2025-01-01)',
    'datetime(2024-12-16), datetime(2025-01-15)',
    'datetime(2025-01-30), datetime(2025-02-02)',
  ]) {
    assert.is(text(ev, `daterange(${args})`), text(ev, `datestring(${args})`), args);
  }
  assert.is(text(ev, 'daterange(datetime(2025-01-01), datetime(2025-01-31))'), 'Jan 2025');
  assert.is(text(evaluator({}, { fns: F07 }), 'daterange(datetime(2025-01-01), datetime(2025-01-31))'), 'Jan 1-31');
});

test('monthsago(n) is startofmonth(now(), -n), the built-in it is deprecated for', () => {
  for (const now of ['2025-06-15T08:00:00Z', '2025-01-31T23:59:00Z', '2024-03-01T00:00:00Z']) {
    const ev = evaluator({}, { now });
    for (const n of [0, 1, 2, 5, 12, 13, 25]) assert.is(text(ev, `monthsago(${n})`), text(ev, `startofmonth(now(), -${n})`), `${now} ${n}`);
  }
  assert.is(text(evaluator(), 'monthsago(2)'), '2025-04-01T00:00:00Z');
});

test('numberstring takes decimals in 0.8: the documented examples, and no trailing .0', () => {
  const ev = evaluator();
  const cases: [string, string][] = [
    ['12345', '12.3K'],
    ['1234567', '1.23M'],
    ['1234567890', '1.23B'],
    ['12345678901234', '12.3T'],
    ['12345678', '12.3M'],
    ['1234', '1,234'],
    ['999', '999'],
    // decimals (the 0.8 change); a whole part of 1,000-9,999 gets its separator before the decimals
    ['1234.567', '1,234.567'],
    ['12.5', '12.5'],
    ['0.25', '0.25'],
    // whole results show no decimal part
    ['12000', '12K'],
    ['1000000', '1M'],
    ['2000000000000', '2T'],
    ['12.0', '12'],
    ['1234567, false', '1234567'],
  ];
  for (const [args, expected] of cases) assert.is(text(ev, `numberstring(${args})`), expected, args);
  assert.equal(
    F08.get('numberstring')!.parameters.map((p) => [p.name, p.type]),
    [
      ['num', 'double'],
      ['abbrev', 'bool'],
    ],
  );
  assert.equal(
    F07.get('numberstring')!.parameters.map((p) => [p.name, p.type]),
    [
      ['num', 'long'],
      ['abbrev', 'bool'],
    ],
  );
  assert.is(text(evaluator({}, { fns: F07 }), 'numberstring(12345)'), '12.3K', '0.7 unchanged');
});

const VM = '/subscriptions/00000000-0000-0000-0000-0000000000a1/resourceGroups/App-RG/providers/Microsoft.Compute/virtualMachines/VM1';

test('parse_resourceid in 0.8: ResourceType is the type ID, and the function reads no table', () => {
  // No ResourceTypes table in the database: reading it would fail with "unknown name ResourceTypes".
  const bag = evaluator().query(`parse_resourceid('${VM}/extensions/Agent')`) as KDyn;
  assert.equal(bag.v, {
    ResourceId: `${VM}/extensions/Agent`.toLowerCase(),
    ResourceName: 'vm1/agent',
    ResourceType: 'microsoft.compute/virtualmachines/extensions',
    SubAccountId: '/subscriptions/00000000-0000-0000-0000-0000000000a1',
    x_ResourceGroupName: 'app-rg',
    x_ResourceProvider: 'microsoft.compute',
    x_ResourceType: 'microsoft.compute/virtualmachines/extensions',
  });
  assert.equal(Object.keys(bag.v as object), ['ResourceId', 'ResourceName', 'ResourceType', 'SubAccountId', 'x_ResourceGroupName', 'x_ResourceProvider', 'x_ResourceType']);
  const reservation = evaluator().query(`parse_resourceid('/providers/Microsoft.Capacity/reservationOrders/o1/reservations/r1')`) as KDyn;
  assert.equal((reservation.v as Record<string, string>).ResourceType, 'microsoft.capacity/reservationorders/reservations');
  assert.equal((reservation.v as Record<string, string>).SubAccountId, '');
  assert.throws(() => evaluator({}, { fns: F07 }).query(`parse_resourceid('${VM}')`), /unknown name ResourceTypes/, '0.7 looks the display name up');
});

/** The public 0.7 release's ResourceTypes open data, as config_InitializeHub loads it (Links projected away). */
async function resourceTypes(): Promise<Table> {
  const rows: string[][] = parse(await sharedText('reference/data/open-data/ResourceTypes.csv'), { from_line: 2 });
  const columns = openData.get('ResourceTypes')!;
  return table(
    columns,
    rows.map((r) => Object.fromEntries(columns.map((c, i) => [c.name, c.type === 'bool' ? r[i] === 'true' : r[i]]))),
  );
}

test('resource_type: the documented examples, derived from the ResourceTypes open data table', async () => {
  const ev = evaluator({ ResourceTypes: await resourceTypes() });
  const name = (id: string) => ev.query(`resource_type('${id}')`) as KDyn;
  assert.equal(name('Microsoft.Compute/virtualMachines').v, { SingularDisplayName: 'Virtual machine' });
  assert.equal(name('microsoft.kusto/clusters').v, { SingularDisplayName: 'Azure Data Explorer Cluster' });
  assert.equal(name('microsoft.capacity/reservationorders').v, { SingularDisplayName: 'Reservation order' });
  assert.equal(name('Microsoft.Billing/billingAccounts').v, { SingularDisplayName: 'Microsoft.Billing billing account' });
  assert.is(name('unknown/type').v, null);
  assert.is(text(ev, "tostring(resource_type('MICROSOFT.COMPUTE/VIRTUALMACHINES').SingularDisplayName)"), 'Virtual machine');
  assert.not.ok(F07.has('resource_type'), 'a 0.8 function');
});

/** Costs_raw rows with the columns the resource clean-up reads; everything else empty. */
function costRows(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  return rows.map((r) => ({ ProviderName: 'Microsoft', x_BillingProfileId: 'bp1', ChargeCategory: 'Usage', ChargePeriodStart: new Date('2025-01-02T00:00:00Z'), ...r }));
}

const RESOURCE_TYPES = (_m: HubModel) =>
  table(openData.get('ResourceTypes')!, [
    { x_ResourceType: 'microsoft.compute/virtualmachines', SingularDisplayName: 'Virtual machine' },
    { x_ResourceType: 'microsoft.capacity/reservationorders', SingularDisplayName: 'Reservation order' },
  ]);

/** Runs a model's Costs transform over raw rows; returns the named columns of each output row. */
function costs(m: HubModel, raw: Record<string, unknown>[], columns: string[]): string[][] {
  const d = datasets(m);
  const ev = evaluator(
    {
      Costs_raw: table(d.get('Costs')!.raw, costRows(raw), at('2025-02-01T10:00:00Z')),
      Prices_final_v1_0: table(d.get('Prices')!.final),
      ResourceTypes: RESOURCE_TYPES(m),
    },
    { fns: functions(m) },
  );
  const out = ev.query('Costs_transform_v1_0()') as Table;
  assert.equal(
    out.columns,
    d.get('Costs')!.final.map((c) => c.name),
    'the transform returns the final table columns',
  );
  return out.rows.map((r) => columns.map((c) => toText(r[c])));
}

test('Costs in 0.8: x_ResourceType keeps the type ID, ResourceType becomes its display name (release-0.8.md §4.4 worked cases)', () => {
  const rows = costs(
    m08,
    [
      // the exported ResourceType is the type ID: replaced by the display name
      { ResourceId: VM, ResourceType: 'microsoft.compute/virtualmachines', x_ResourceType: 'microsoft.compute/virtualmachines' },
      // ... in any case
      { ResourceId: VM, ResourceType: 'Microsoft.Compute/virtualMachines', x_ResourceType: 'Microsoft.Compute/virtualMachines' },
      // a display name stays
      { ResourceId: VM, ResourceType: 'Virtual machine', x_ResourceType: 'microsoft.compute/virtualmachines' },
      // no type exported: parsed from ResourceId, then named
      { ResourceId: VM },
      // a reservation purchase without a resource type
      {
        ChargeCategory: 'Purchase',
        CommitmentDiscountId: '/providers/Microsoft.Capacity/reservationOrders/o1/reservations/r1',
        CommitmentDiscountType: 'Reservation',
        CommitmentDiscountName: 'RI one',
      },
      // a type the open data lacks keeps the exported text
      { ResourceId: '/subscriptions/s/resourceGroups/g/providers/Contoso.Widgets/gadgets/g1', ResourceType: 'contoso.widgets/gadgets', x_ResourceType: 'contoso.widgets/gadgets' },
      // nothing to go on
      {},
    ],
    ['ResourceType', 'x_ResourceType', 'ResourceName', 'x_IngestionTime'],
  );
  assert.equal(rows, [
    ['Virtual machine', 'microsoft.compute/virtualmachines', 'vm1', '2025-02-01T10:00:00Z'],
    ['Virtual machine', 'Microsoft.Compute/virtualMachines', 'vm1', '2025-02-01T10:00:00Z'],
    ['Virtual machine', 'microsoft.compute/virtualmachines', 'vm1', '2025-02-01T10:00:00Z'],
    ['Virtual machine', 'microsoft.compute/virtualmachines', 'vm1', '2025-02-01T10:00:00Z'],
    ['Reservation', 'microsoft.capacity/reservationorders/reservations', 'ri one', '2025-02-01T10:00:00Z'],
    ['contoso.widgets/gadgets', 'contoso.widgets/gadgets', 'g1', '2025-02-01T10:00:00Z'],
    ['', '', '', '2025-02-01T10:00:00Z'],
  ]);
});

test('Costs in 0.7 keeps an exported ResourceType as it is (the 0.8 clean-up is release data)', () => {
  const rows = costs(
    m07,
    [{ ResourceId: VM, ResourceType: 'microsoft.compute/virtualmachines', x_ResourceType: 'microsoft.compute/virtualmachines' }],
    ['ResourceType', 'x_ResourceType'],
  );
  assert.equal(rows, [['microsoft.compute/virtualmachines', 'microsoft.compute/virtualmachines']]);
});

test('CommitmentDiscountUsage reads its resource columns from parse_resourceid, display name and service from open data', () => {
  const d = datasets(m08).get('CommitmentDiscountUsage')!;
  const ev = evaluator({
    CommitmentDiscountUsage_raw: table(
      d.raw,
      [
        {
          InstanceId: VM,
          ReservationOrderId: 'O1',
          ReservationId: 'R1',
          UsedHours: 2,
          InstanceFlexibilityRatio: 0.5,
          UsageDate: new Date('2025-01-02T00:00:00Z'),
          InstanceFlexibilityGroup: 'NA',
          SkuName: 'Standard_D2s_v3',
        },
        {
          InstanceId: '/subscriptions/00000000-0000-0000-0000-0000000000a1/providers/Microsoft.Web/hostingEnvironments/ase1',
          ReservationOrderId: 'O1',
          ReservationId: 'R1',
          UsedHours: 1,
          InstanceFlexibilityRatio: 1,
          UsageDate: new Date('2025-01-02T00:00:00Z'),
        },
      ],
      at('2025-02-01T10:00:00Z'),
    ),
    ResourceTypes: RESOURCE_TYPES(m08),
    Services: table(openData.get('Services')!, [
      {
        x_ConsumedService: 'Microsoft.Compute',
        x_ResourceType: 'microsoft.compute/virtualmachines',
        ServiceName: 'Virtual Machines',
        ServiceCategory: 'Compute',
        x_ServiceModel: 'IaaS',
      },
    ]),
  });
  const out = ev.query('CommitmentDiscountUsage_transform_v1_0()') as Table;
  assert.equal(
    out.columns,
    d.final.map((c) => c.name),
  );
  const pick = [
    'ResourceId',
    'ResourceName',
    'ResourceType',
    'SubAccountId',
    'x_ResourceGroupName',
    'x_ResourceType',
    'ServiceName',
    'x_ServiceModel',
    'CommitmentDiscountId',
    'x_CommitmentDiscountQuantity',
    'x_CommitmentDiscountNormalizedGroup',
    'x_SourceVersion',
  ];
  assert.equal(
    out.rows.map((r) => pick.map((c) => toText(r[c]))),
    [
      [
        VM.toLowerCase(),
        'vm1',
        'Virtual machine',
        '/subscriptions/00000000-0000-0000-0000-0000000000a1',
        'app-rg',
        'microsoft.compute/virtualmachines',
        'Virtual Machines',
        'IaaS',
        '/providers/microsoft.capacity/reservationorders/o1/reservations/r1',
        '1',
        '',
        '2023-03-01',
      ],
      [
        '/subscriptions/00000000-0000-0000-0000-0000000000a1/providers/microsoft.web/hostingenvironments/ase1',
        'ase1',
        '',
        '/subscriptions/00000000-0000-0000-0000-0000000000a1',
        '',
        'microsoft.web/hostingenvironments',
        '',
        '',
        '/providers/microsoft.capacity/reservationorders/o1/reservations/r1',
        '1',
        '',
        '2023-03-01',
      ],
    ],
  );
});

test.run();
