/**
 * FOCUS 1.2 and 1.2-preview example exports end to end in a hub of a release with FOCUS 1.2 final tables (issue #35):
 * `hubc simulate` runs the release's own pipelines over the export (`examples/exports/focuscost-1.2*-subscription`)
 * and records the `.ingest` commands; this test plays Data Explorer's part as kqlFocus12Exports.test.ts does: it loads
 * each ingested parquet file into the raw table through the ingestion mapping the command names, and runs the query
 * of the update policy that feeds `Costs_final_v1_2` with the test KQL evaluator. The releases and the export versions
 * come from the release table: each release whose `focusVersions` has `1_2`, with each FOCUS 1.2 version its row
 * converts. What only a cluster shows (the real engine) is in test/support/kqlEval/evaluate.ts's report.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { compile } from '../../src/compiler/compile.js';
import { simulate } from '../../src/simulate/index.js';
import { kqlDatasets, kqlScripts } from '../../src/modules/dataExplorer/kql.js';
import { splitKqlCommands } from '../../src/validators/kql.js';
import { getRelease, RELEASE_VERSIONS } from '../../src/model/releases.js';
import type { HubModel } from '../../src/model/hub.js';
import { at, evaluatorOf, finalV1_0Of, finalV1_2Of, openData } from '../support/focus12.js';
import { table, toText, type Table } from '../support/kqlEval/evaluate.js';
import { cleanStorages, decimal18, eventOf, readParquetFile, simulationHub, storageFrom } from '../support/simulate.js';
import { hubModel } from '../support/hubs.js';

const NOW = '2024-05-15T12:00:00Z';

/** The releases with FOCUS 1.2 final tables, each with the FOCUS 1.2 export versions its row converts. */
const CASES = RELEASE_VERSIONS.filter((v) => getRelease(v).focusVersions.includes('1_2')).flatMap((v) =>
  (getRelease(v).exportVersions.FocusCost ?? []).filter((x) => x.startsWith('1.2')).map((version) => [v, version] as const),
);

/** The update policies of a model's Ingestion scripts: target table -> query. */
function updatePolicies(m: HubModel): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of kqlScripts(m).filter((x) => x.database === 'ingestion'))
    for (const b of splitKqlCommands(s.text)) {
      const p = /^\.alter table (\w+) policy update\s*```\s*([\s\S]*?)\s*```/m.exec(b.text.trim());
      if (p) for (const e of JSON.parse(p[2]) as { Query: string; IsEnabled: boolean }[]) if (e.IsEnabled) out.set(p[1], e.Query);
    }
  return out;
}

/** Parquet values as the evaluator's plain values. */
const plain = (v: unknown) => (v instanceof Uint8Array ? decimal18(v) : typeof v === 'bigint' ? Number(v) : v);

/** Simulates an export on a release's pipelines and loads what they ingest into `Costs_raw` as Data Explorer would. */
async function loaded(release: string, exportCase: string, m: HubModel): Promise<Table> {
  const build = compile(simulationHub(release), { release });
  const storage = storageFrom(exportCase);
  const result = await simulate({ artifacts: build.artifacts, release, storage, start: { kind: 'event', path: eventOf(storage) }, now: NOW });
  assert.is(result.outcome, 'succeeded');
  const ingests = result.commands.filter((c) => c.command.startsWith('.ingest'));
  assert.is(ingests.length, 1, 'one file ingested');
  const [, tableName, path, mapping] =
    /^\.ingest into table (\w+) \("abfss:\/\/ingestion@[^/]+\/([^;]+);managed_identity=system"\) with \(format="parquet", ingestionMappingReference="(\w+)"/.exec(
      ingests[0].command,
    )!;
  assert.is(tableName, 'Costs_raw');
  const script = kqlScripts(m).find((s) => s.text.includes(`ingestion parquet mapping "${mapping}"`))!;
  const body = new RegExp(`ingestion parquet mapping "${mapping}"\\n\`\`\`\\n([\\s\\S]*?)\\n\`\`\``).exec(script.text)![1];
  const fields = (JSON.parse(body) as { Column: string; Properties: { Field: string } }[]).map((e) => [e.Column, e.Properties.Field] as const);
  const file = await readParquetFile(join(storage, 'ingestion', path));
  const rows = file.rows.map((r) => Object.fromEntries(fields.filter(([, f]) => f in r).map(([c, f]) => [c, plain(r[f])])));
  return table(kqlDatasets(m).find((d) => d.rawTable === 'Costs_raw')!.raw, rows, at('2024-05-15T12:05:00Z'));
}

test.after.each(() => cleanStorages());

test('the releases and versions come from the table: 12 on, FOCUS 1.2 and 1.2-preview', () => {
  assert.equal(CASES.slice(0, 2), [
    ['12', '1.2'],
    ['12', '1.2-preview'],
  ]);
  assert.ok(CASES.length >= 2);
});

for (const [release, version] of CASES) {
  test(`${release} focuscost-${version}-subscription: simulated, loaded into Costs_raw, Costs_final_v1_2 rows and values`, async () => {
    const m = hubModel({ release: getRelease(release) });
    const raw = await loaded(release, `focuscost-${version}-subscription`, m);
    assert.is(raw.rows.length, 2);
    const policy = updatePolicies(m).get('Costs_final_v1_2');
    assert.is(policy, 'Costs_transform_v1_2()', 'the enabled policy of the FOCUS 1.2 final table');
    const tables = {
      Costs_raw: raw,
      PricingUnits: openData('PricingUnits'),
      Regions: openData('Regions'),
      ResourceTypes: openData('ResourceTypes'),
      Services: openData('Services'),
      Prices_final_v1_0: table(finalV1_0Of(m, 'Prices')),
      Prices_final_v1_2: table(finalV1_2Of('Prices')),
    };
    const final = evaluatorOf(m, tables, NOW).query(policy!) as Table;
    assert.equal(
      final.columns,
      finalV1_2Of('Costs').map((c) => c.name),
    );
    const by = (c: string) => final.rows.map((r) => toText(r[c])).sort();
    assert.equal(by('InvoiceId'), ['G012345670', 'G012345671']);
    assert.equal(by('PricingCurrency'), ['EUR', 'EUR']);
    assert.equal(by('SkuMeter'), version === '1.2' ? ['D2s v3', 'D4s v3'] : ['E2s v5', 'E4s v5']);
    assert.equal(by('ServiceSubcategory'), ['Virtual Machines', 'Virtual Machines']);
    assert.equal(by('x_SourceVersion'), [version, version]);
    assert.equal(by('BilledCost'), ['12.5', '25']);
    assert.equal(by('EffectiveCost'), ['11.25', '22.5']);
    assert.ok(
      final.rows.every((r) => (r.BilledCost as { type: string }).type === 'real'),
      'real numbers in FOCUS 1.2',
    );
    // Read back as FOCUS 1.0 through the Hub database: the 1.2 columns in their FOCUS 1.0 extension columns.
    const back = evaluatorOf(m, { Costs_final_v1_0: table(finalV1_0Of(m, 'Costs')), Costs_final_v1_2: final }, NOW).query('Costs_v1_0()') as Table;
    assert.equal(back.rows.map((r) => toText(r.x_InvoiceId)).sort(), ['G012345670', 'G012345671']);
  });
}

test.run();
