/**
 * The example exports end to end into FOCUS 1.2 (issue #35, "Proof beyond the language service"): `hubc simulate`
 * runs the pipelines of a hub with a Data Explorer cluster over each example export and records the `.ingest`
 * commands; this test plays Data Explorer's part: it loads each ingested parquet file into the raw table of release
 * 12 through the ingestion mapping the command names (the mapping of the emitted script), runs the FOCUS 1.2
 * transform with the test KQL evaluator, and for cost exports compares the result, read back through the Hub
 * database's `Costs_v1_0()`, with what the FOCUS 1.0 transform of 0.8 makes of the same files.
 *
 * The pipelines simulated are those of release 0.8 (their conversion of FOCUS 1.0, 1.0r2 and 1.0-preview exports is
 * the one release 12 keeps); the evaluator stands in for the engine (what only a cluster shows: the report of helper
 * kql-b and test/support/kqlEval/evaluate.ts). FOCUS 1.2 exports have no example export yet: the FOCUS 1.2 rows of
 * kqlFocus12Costs.test.ts stand in for them.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { compile, type CompileResult } from '../../../src/compiler/compile.js';
import { simulate } from '../../../src/simulate/index.js';
import { kqlDatasets, kqlScripts } from '../../../src/modules/dataExplorer/kql.js';
import { splitKqlCommands } from '../../../src/validators/kql.js';
import type { HubModel } from '../../../src/model/hub.js';
import { at, evaluatorOf, finalV1_0Of, finalV1_2Of, focus12Model, openData } from '../../support/focus12.js';
import { KNum, KqlEvaluator, functionsOf, real, table, toText, type Row, type Table } from '../../support/kqlEval/evaluate.js';
import { cleanStorages, decimal18, eventOf, readParquetFile, simulationHub, storageFrom } from '../../support/simulate.js';
import { hubModel } from '../../support/hubs.js';
import { getRelease } from '../../../src/model/releases.js';

const NOW = '2024-05-15T12:00:00Z';
const INGESTED = at('2024-05-15T12:05:00Z');
const m12 = focus12Model('12');
const m08 = hubModel({ release: getRelease('0.8') });
let build08: CompileResult | undefined;

/** The ingestion mappings of a model's Ingestion scripts: mapping name -> [column, parquet field][]. */
function mappings(m: HubModel): Map<string, [string, string][]> {
  const out = new Map<string, [string, string][]>();
  for (const s of kqlScripts(m).filter((x) => x.database === 'ingestion')) {
    for (const b of splitKqlCommands(s.text)) {
      const head = /^\.create-or-alter table \w+ ingestion parquet mapping "(\w+)"\n```\n([\s\S]*)\n```$/m.exec(b.text.trim());
      if (head)
        out.set(
          head[1],
          (JSON.parse(head[2]) as { Column: string; Properties: { Field: string } }[]).map((e) => [e.Column, e.Properties.Field]),
        );
    }
  }
  return out;
}

/** A parquet value as a plain value of the evaluator: DECIMAL(38,18) buffers as numbers, the rest as read. */
const plain = (v: unknown) => (v instanceof Uint8Array ? decimal18(v) : typeof v === 'bigint' ? Number(v) : v);

/**
 * Simulates an example export on the 0.8 pipelines and loads every file they ingest as Data Explorer would: into the
 * table the `.ingest` command names, column by column through the mapping it names, of the model `m`.
 * @returns raw table name -> rows
 */
async function ingested(exportCase: string, models: HubModel[]): Promise<Map<HubModel, Map<string, Table>>> {
  build08 ??= compile(simulationHub('0.8'), { release: '0.8' });
  const storage = storageFrom(exportCase);
  const result = await simulate({ artifacts: build08.artifacts, release: '0.8', storage, start: { kind: 'event', path: eventOf(storage) }, now: NOW });
  assert.is(result.outcome, 'succeeded');
  const ingests = result.commands.filter((c) => c.command.startsWith('.ingest'));
  assert.ok(ingests.length > 0, 'the pipelines ingest the export');
  const out = new Map<HubModel, Map<string, Table>>();
  for (const m of models) {
    const maps = mappings(m);
    const tables = new Map<string, Table>();
    for (const k of ingests) {
      const [, tableName, path, mapping] =
        /^\.ingest into table (\w+) \("abfss:\/\/ingestion@[^/]+\/([^;]+);managed_identity=system"\) with \(format="parquet", ingestionMappingReference="(\w+)"/.exec(k.command)!;
      const file = await readParquetFile(join(storage, 'ingestion', path));
      const columns = kqlDatasets(m).find((d) => d.rawTable === tableName)!.raw;
      const rows = file.rows.map((r) =>
        Object.fromEntries(
          maps
            .get(mapping)!
            .filter(([, field]) => field in r)
            .map(([column, field]) => [column, plain(r[field])]),
        ),
      );
      const t = table(columns, rows, INGESTED);
      const before = tables.get(tableName);
      tables.set(tableName, before ? { columns: before.columns, rows: [...before.rows, ...t.rows] } : t);
    }
    out.set(m, tables);
  }
  return out;
}

/** Runs a model's transform of a dataset over loaded raw tables (and empty open data / prices). */
function run(m: HubModel, fn: string, raw: Map<string, Table>, extra: Record<string, Table> = {}): Table {
  const tables: Record<string, Table> = {
    PricingUnits: openData('PricingUnits'),
    Regions: openData('Regions'),
    ResourceTypes: openData('ResourceTypes'),
    Services: openData('Services'),
    Prices_final_v1_0: table(finalV1_0Of(m08, 'Prices')),
    Prices_final_v1_2: table(finalV1_2Of('Prices')),
    ...Object.fromEntries(raw),
    ...extra,
  };
  const ev =
    m === m08
      ? new KqlEvaluator({ tables: new Map(Object.entries(tables)), functions: functionsOf(...kqlScripts(m).map((s) => s.text)) }, { now: at(NOW) })
      : evaluatorOf(m, tables, NOW);
  return ev.query(`${fn}()`) as Table;
}

/**
 * Columns where hubc's FOCUS 1.0 transform of 0.8 and the FOCUS 1.2 transform read back as FOCUS 1.0 differ on
 * purpose: the rules 0.9-0.11 added to the Costs transform, which hubc's 0.8 does not have (lower-case billing
 * account IDs, the data-quality codes of 0.9 and 0.10 and the version code of a FOCUS 1.0 row in FOCUS 1.2).
 */
const DIFFERS_SINCE_0_8 = new Set(['BillingAccountId', 'x_SourceChanges', 'x_IngestionTime']);

test.after.each(() => cleanStorages());

for (const exportCase of [
  'focuscost-1.0-subscription',
  'focuscost-1.0r2-subscription',
  'focuscost-1.0-mca-billing-profile',
  'focuscost-1.0-preview-ea-billing-account',
  'focuscost-1.0-resourcegroup-gzip',
]) {
  test(`${exportCase}: simulated, loaded into Costs_raw of 12, Costs_transform_v1_2, read back by Costs_v1_0() as the FOCUS 1.0 transform gives it`, async () => {
    const loaded = await ingested(exportCase, [m12, m08]);
    const raw12 = loaded.get(m12)!;
    const v1_2 = run(m12, 'Costs_transform_v1_2', raw12);
    assert.equal(
      v1_2.columns,
      finalV1_2Of('Costs').map((c) => c.name),
    );
    assert.is(v1_2.rows.length, raw12.get('Costs_raw')!.rows.length, 'one FOCUS 1.2 row per exported row');
    const preview = exportCase.includes('preview');
    const exported = raw12.get('Costs_raw')!.rows;
    assert.equal(
      v1_2.rows.map((r) => toText(r.PricingCurrency)).sort(),
      exported.map((r) => toText(r.PricingCurrency) || toText(r.x_PricingCurrency)).sort(),
      'PricingCurrency: FOCUS 1.2, else x_PricingCurrency',
    );
    for (const r of v1_2.rows) {
      assert.is(toText(r.x_SourceVersion), preview ? '1.0-preview(v1)' : '1.0');
      assert.match(toText(r.x_SourceChanges), /LegacyFocusVersion$/);
      assert.is(toText(r.x_SourceType), 'FocusCost');
      assert.ok(r.BilledCost === null || (r.BilledCost as { type: string }).type === 'real');
    }
    // Back to FOCUS 1.0 through the Hub, against the FOCUS 1.0 transform of the same files.
    const v1_0 = run(m08, 'Costs_transform_v1_0', loaded.get(m08)!);
    const back = evaluatorOf(m12, { Costs_final_v1_0: table(finalV1_0Of(m12, 'Costs')), Costs_final_v1_2: { columns: v1_2.columns, rows: v1_2.rows } }).query(
      'Costs_v1_0()',
    ) as Table;
    assert.equal(back.columns, v1_0.columns);
    const key = (r: Row) => `${toText(r.x_ChargeId)}|${toText(r.ChargePeriodStart)}|${toText(r.ResourceId)}|${toText(r.EffectiveCost)}|${toText(r.x_SkuMeterId)}`;
    const sorted = (t: Table) => [...t.rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const [a, b] = [sorted(v1_0), sorted(back)];
    assert.is(b.length, a.length);
    const compared = v1_0.columns.filter((c) => !DIFFERS_SINCE_0_8.has(c));
    for (let i = 0; i < a.length; i++) {
      for (const c of compared) assert.is(toText(b[i][c]), toText(a[i][c]), `row ${i} ${c}`);
      assert.is(toText(b[i].BillingAccountId), toText(a[i].BillingAccountId).toLowerCase(), `row ${i} BillingAccountId in lower case`);
    }
  });
}

test('price sheets, reservation details, recommendations and transactions: simulated, loaded into the raw tables of 12, transformed to FOCUS 1.2', async () => {
  const values = (rows: Row[], f: (r: Row) => string) => rows.map(f).sort();
  /** Export case, dataset, and per pair of (raw rows, FOCUS 1.2 rows) the values that must correspond. */
  const cases: [string, string, (raw: Row[], out: Row[]) => void][] = [
    [
      'pricesheet-mca-billing-profile',
      'Prices',
      (raw, out) => {
        assert.equal(
          values(out, (r) => toText(r.SkuMeter)),
          values(raw, (r) => toText(r.MeterName)),
        );
        assert.equal(
          values(out, (r) => toText(r.PricingCurrency)),
          values(raw, (r) => toText(r.Currency) || toText(r.CurrencyCode)),
        );
      },
    ],
    ['pricesheet-ea-department', 'Prices', (_raw, out) => assert.ok(out.every((r) => toText(r.BillingAccountId).startsWith('/providers/microsoft.billing/billingaccounts/')))],
    [
      'reservationdetails-mca-billing-account',
      'CommitmentDiscountUsage',
      (raw, out) => {
        const product = (r: Row) =>
          r.UsedHours === null || r.InstanceFlexibilityRatio === null ? '' : toText(real((r.UsedHours as KNum).v * (r.InstanceFlexibilityRatio as KNum).v));
        assert.equal(
          values(out, (r) => toText(r.CommitmentDiscountQuantity)),
          values(raw, product),
        );
        assert.ok(out.every((r) => toText(r.CommitmentDiscountId).startsWith('/providers/microsoft.capacity/reservationorders/')));
      },
    ],
    [
      'reservationrecommendations-ea-subscription',
      'Recommendations',
      (raw, out) =>
        assert.equal(
          values(out, (r) => toText(r.x_EffectiveCostSavings)),
          values(raw, (r) => toText(r.NetSavings)),
        ),
    ],
    [
      'reservationtransactions-ea-billing-account',
      'Transactions',
      (_raw, out) => assert.ok(out.every((r) => toText(r.BillingAccountId) === toText(r.BillingAccountId).toLowerCase())),
    ],
    [
      'reservationtransactions-mca-billing-profile',
      'Transactions',
      (raw, out) =>
        assert.equal(
          values(out, (r) => toText(r.InvoiceId)),
          values(raw, (r) => toText(r.InvoiceId)),
        ),
    ],
  ];
  for (const [exportCase, dataset, check] of cases) {
    const raw = (await ingested(exportCase, [m12])).get(m12)!;
    const out = run(m12, `${dataset}_transform_v1_2`, raw);
    assert.equal(
      out.columns,
      finalV1_2Of(dataset as 'Prices').map((c) => c.name),
      exportCase,
    );
    const exported = raw.get(`${dataset}_raw`)!.rows;
    assert.ok(exported.length > 0, exportCase);
    assert.is(out.rows.length, exported.length, `${exportCase}: one row per exported row`);
    check(exported, out.rows);
  }
});

test.run();
