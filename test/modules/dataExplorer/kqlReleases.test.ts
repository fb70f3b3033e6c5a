/**
 * The Data Explorer scripts of releases 0.9, 0.10 and 0.11 (issue #34) on release rows built from the 0.8 row with
 * their behaviours (test/support/kqlReleaseRows.ts): the script layout and names of each release, the tables and
 * policies they change, and the proof with the Kusto language service (src/validators/kql.ts) that every script
 * parses and analyses with no diagnostic, that each update policy's result is its target table column by column
 * and type by type (the C360 transforms' is Costs_raw), that the mappings read every column the schema files write,
 * and that a database set up by an earlier release ends, after the 0.11 scripts, with exactly the 0.11 tables
 * (as the validator applies the commands' effects).
 * The values of the rules are tested in kqlRules.test.ts. Costs about a minute (the language service, ~50 ms a
 * command, once per distinct command and schema).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { kqlDatasets, kqlScripts, RAW_RETENTION_PLACEHOLDER } from '../../../src/modules/dataExplorer/kql.js';
import { schemaFiles } from '../../../src/modules/config/index.js';
import { dataExplorerModule } from '../../../src/modules/dataExplorer/index.js';
import { serializeArm } from '../../../src/expressions/arm/index.js';
import { EXPORT_SCHEMAS } from '../../../src/model/datasets.js';
import { exportSchemasFor, sinkName } from '../../../src/model/exportSchemas.js';
import type { HubModel } from '../../../src/model/hub.js';
import { getRelease } from '../../../src/model/releases.js';
import { isCommentOnly, splitKqlCommands, validateKqlScripts, type KqlScript, type KqlValidationResult } from '../../../src/validators/kql.js';
import { ClusterState, applyEffects } from '../../../src/validators/kql/state.js';
import { predictSchemaEffects } from '../../../src/validators/kql/predict.js';
import { hubModel } from '../../support/hubs.js';
import { kqlReleaseModel } from '../../support/kqlReleaseRows.js';
import { sharedText } from '../../support/sharedData.js';
import { kqlDeclarations } from '../../../src/diff/kql.js';
import { fromFiles } from '../../../src/build/index.js';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.js';

const RELEASES = ['0.9', '0.10', '0.11'] as const;
const models = Object.fromEntries(RELEASES.map((r) => [r, kqlReleaseModel(r)])) as Record<(typeof RELEASES)[number], HubModel>;
const m08 = hubModel({ release: getRelease('0.8') });

/** A model's scripts as the template deploys them: placeholders replaced by their validation values. */
function deployed(m: HubModel): KqlScript[] {
  return kqlScripts(m).map((s) => {
    let text = s.text;
    for (const [placeholder, sub] of Object.entries(s.placeholders ?? {})) text = text.split(placeholder).join(sub.validationValue);
    return { file: s.file, database: m.dataExplorer.databases[s.database], text };
  });
}

/** Each raw table must read every parquet column the release's schema files of its dataset write. */
function requiredSources(m: HubModel) {
  return kqlDatasets(m)
    .filter((d) => !d.custom)
    .map((d) => ({
      database: 'Ingestion',
      table: d.rawTable,
      mapping: d.mappingName,
      sources: [
        ...new Set(
          exportSchemasFor(m.release)
            .filter((s) => m.datasets.some((x) => x.name === d.name && x.exportType === s.exportType))
            .flatMap((s) => s.columns.map(sinkName)),
        ),
      ],
    }))
    .filter((r) => r.sources.length);
}

const brief = (d: Diagnostic) => `${d.file}:${d.start?.line}:${d.start?.col} ${d.code} ${d.message}`;
const results = new Map<string, KqlValidationResult>();
const validated = (r: (typeof RELEASES)[number]) => {
  if (!results.has(r)) results.set(r, validateKqlScripts(deployed(models[r]), { requiredMappingSources: requiredSources(models[r]) }));
  return results.get(r)!;
};
const script = (m: HubModel, file: string) => kqlScripts(m).find((s) => s.file === file)!.text;

test('script layout: 0.9 as 0.8; 0.10 names the scripts by role; 0.11 splits the Ingestion setup in three', () => {
  const layout = (m: HubModel) => kqlScripts(m).map((s) => `${s.database} ${s.scriptName} ${s.file}`);
  assert.equal(layout(models['0.9']), layout(m08));
  assert.equal(layout(models['0.10']), [
    'ingestion commonScript kql/Common.kql',
    'ingestion setupScript kql/IngestionSetup.kql',
    'hub commonScript kql/Common.kql',
    'hub setupScript kql/HubSetup.kql',
  ]);
  assert.equal(layout(models['0.11']), [
    'ingestion common kql/Common.kql',
    'ingestion infra kql/IngestionSetup_HubInfra.kql',
    'ingestion rawTables kql/IngestionSetup_RawTables.kql',
    'ingestion v1_0 kql/IngestionSetup_v1_0.kql',
    'hub commonScript kql/Common.kql',
    'hub setupScript kql/HubSetup.kql',
  ]);
  // The retention placeholder only where the raw tables are, named in that script's header.
  assert.equal(
    kqlScripts(models['0.11']).map((s) => Object.keys(s.placeholders ?? {})),
    [[], [], [RAW_RETENTION_PLACEHOLDER], [], [], []],
  );
  const raw = script(models['0.11'], 'kql/IngestionSetup_RawTables.kql');
  assert.match(raw, `${RAW_RETENTION_PLACEHOLDER} with the value of the template parameter dataExplorerLogRetentionInDays`);
  assert.is(raw.split(RAW_RETENTION_PLACEHOLDER).length - 1, 1 + kqlDatasets(models['0.11']).length, 'the header and one retention per raw table');
});

test('0.11 ARM: one database script per file, each after the one before, the retention substituted in rawTables only', () => {
  const c = dataExplorerModule(models['0.11']);
  const scripts = c.resources!.filter((r) => r.type === 'Microsoft.Kusto/clusters/databases/scripts') as unknown as {
    name: unknown;
    dependsOn: unknown[];
    properties: { scriptContent: unknown };
  }[];
  const text = (v: unknown) => (typeof v === 'string' ? v : `[${serializeArm((v as { expr: Parameters<typeof serializeArm>[0] }).expr)}]`);
  assert.equal(
    scripts.map((r) => text(r.name)),
    ['common', 'infra', 'rawTables', 'v1_0', 'commonScript', 'setupScript'].map(
      (n, i) => `[format('{0}/{1}/{2}', variables('dataExplorerClusterName'), '${i < 4 ? 'Ingestion' : 'Hub'}', '${n}')]`,
    ),
  );
  scripts.slice(1).forEach((r, i) => assert.match(text(r.dependsOn.at(-1)), `'${['common', 'infra', 'rawTables', 'v1_0', 'commonScript'][i]}')]`, 'after the one before'));
  assert.equal(
    scripts.map((r) => text(r.properties.scriptContent)),
    [
      "[variables('kqlCommon')]",
      "[variables('kqlIngestionSetup_HubInfra')]",
      "[replace(variables('kqlIngestionSetup_RawTables'), '$$rawRetentionInDays$$', string(parameters('dataExplorerLogRetentionInDays')))]",
      "[variables('kqlIngestionSetup_v1_0')]",
      "[variables('kqlCommon')]",
      "[variables('kqlHubSetup')]",
    ],
  );
  assert.equal(
    Object.keys(c.variables!).filter((v) => v.startsWith('kql')),
    ['kqlCommon', 'kqlIngestionSetup_HubInfra', 'kqlIngestionSetup_RawTables', 'kqlIngestionSetup_v1_0', 'kqlHubSetup'],
  );
});

test('0.11 split: settings, open data and shared functions; raw tables; transforms, final tables and policies', () => {
  const m = models['0.11'];
  const commands = (file: string) =>
    script(m, file)
      .split('\n')
      .filter((l) => /^\.[a-z]/.test(l))
      .map((l) => l.replace(/ \($| with \(.*$/, ''));
  assert.equal(commands('kql/IngestionSetup_HubInfra.kql'), [
    '.create-merge table HubSettingsLog',
    '.create-or-alter function',
    '.create-or-alter function',
    '.create-merge table PricingUnits',
    '.create-merge table Regions',
    '.create-merge table ResourceTypes',
    '.create-merge table Services',
    '.create-or-alter function',
    '.create-or-alter function',
  ]);
  const datasets = kqlDatasets(m);
  assert.equal(
    commands('kql/IngestionSetup_RawTables.kql'),
    datasets.flatMap((d) => [
      `.create-merge table ${d.rawTable}`,
      `.alter table ${d.rawTable}`,
      `.create-or-alter table ${d.rawTable} ingestion parquet mapping "${d.mappingName}"`,
      `.alter-merge table ${d.rawTable} policy retention softdelete = ${RAW_RETENTION_PLACEHOLDER}d recoverability = disabled`,
      `.alter table ${d.rawTable} policy streamingingestion disable`,
    ]),
  );
  assert.equal(
    commands('kql/IngestionSetup_v1_0.kql'),
    datasets.flatMap((d) => [
      '.create-or-alter function',
      ...(d.feeds ? [] : [`.create-merge table ${d.finalTable}`]),
      ...(d.name === 'ActualCosts' ? [] : [`.alter table ${d.finalTable} policy update`]),
    ]),
  );
  // The same objects as the one-file script of a release without the split.
  const joined = ['kql/IngestionSetup_HubInfra.kql', 'kql/IngestionSetup_RawTables.kql', 'kql/IngestionSetup_v1_0.kql'].flatMap(commands).sort();
  const single = kqlScripts(kqlReleaseModel('0.11', { release: { ...m.release, behaviours: new Set([...m.release.behaviours].filter((b) => b !== 'kqlScriptSplit')) } }));
  assert.equal(
    joined,
    single[1].text
      .split('\n')
      .filter((l) => /^\.[a-z]/.test(l))
      .map((l) => l.replace(/ \($| with \(.*$/, ''))
      .sort(),
  );
});

test('raw tables: Recommendations_raw has 26 columns from 0.9; ActualCosts_raw 50 from 0.10; Costs_raw 139 in 0.11', () => {
  const names = (m: HubModel, d: string) =>
    kqlDatasets(m)
      .find((x) => x.name === d)
      ?.raw.map((c) => c.name);
  const reco = names(models['0.9'], 'Recommendations')!;
  assert.is(reco.length, 26);
  assert.ok(['CostWithNoReservedInstancesJson', 'NetSavingsJson', 'TotalCostWithReservedInstancesJson', 'SkuName'].every((c) => reco.includes(c)));
  assert.not.ok(
    reco.some((c) => c.endsWith('2') || c === 'scope' || c === 'MeterID'),
    'no MCA columns with spaces, no lower-case duplicates',
  );
  assert.is(names(m08, 'Recommendations')!.length, 35);
  assert.is(names(models['0.9'], 'ActualCosts'), undefined, '0.9 has no C360 dataset');
  const c360 = names(models['0.10'], 'ActualCosts')!;
  assert.equal(
    [...c360].sort(),
    EXPORT_SCHEMAS.find((s) => s.exportType === 'ActualCost')!
      .columns.map((c) => c.name)
      .sort(),
  );
  assert.equal(names(models['0.11'], 'AmortizedCosts'), c360);
  assert.is(names(models['0.10'], 'Costs')!.length, 123);
  const costs = names(models['0.11'], 'Costs')!;
  assert.is(costs.length, 139);
  // Positions in the public 0.11 table (kql-0.9-14.md §2.5), 1-based.
  const at = Object.fromEntries(costs.map((c, i) => [c, i + 1]));
  assert.equal(
    [
      at.CapacityReservationId,
      at.CommitmentDiscountQuantity,
      at.InvoiceId,
      at.PricingCurrency,
      at.SkuPriceDetails,
      at.x_AmortizationClass,
      at.x_ComponentType,
      at.x_ContractedCostInUsd,
      at.x_OwnerAccountID,
      at.x_SkuPlanName,
      at.x_SubproductName,
      at.x_UsageType,
    ],
    [9, 21, 30, 35, 51, 63, 74, 75, 99, 129, 138, 139],
  );
});

test('streaming ingestion is disabled on every raw table from 0.10 (Fabric), none before', () => {
  const disabled = (m: HubModel) => kqlScripts(m).flatMap((s) => [...s.text.matchAll(/^\.alter table (\w+) policy streamingingestion disable$/gm)].map((x) => x[1]));
  assert.equal(disabled(models['0.9']), []);
  for (const r of ['0.10', '0.11'] as const)
    assert.equal(
      disabled(models[r]),
      kqlDatasets(models[r]).map((d) => d.rawTable),
      r,
    );
  const custom = kqlReleaseModel('0.10', { customDatasets: [{ name: 'Budgets', dateFolder: 'yyyy/mm', columns: [{ name: 'Amount', type: 'decimal' }] }] });
  assert.ok(disabled(custom).includes('Budgets_raw'), 'custom datasets too');
});

test('every script: one command per blank-line block, no handlebars left, one final newline; Common the same text in both databases', () => {
  for (const r of RELEASES) {
    const scripts = kqlScripts(models[r]);
    for (const s of scripts) {
      const blocks = s.text.split(/\n\n+/).filter((b) => !b.split('\n').every((l) => l.startsWith('//')));
      assert.ok(
        blocks.every((b) => /^(\/\/.*\n)*\.[a-z]/.test(b)),
        `${r} ${s.file}: every block starts with a command`,
      );
      assert.is(blocks.length, s.text.split('\n').filter((l) => /^\.[a-z]/.test(l)).length, `${r} ${s.file}: one command per block`);
      assert.ok(s.text.endsWith('\n') && !s.text.endsWith('\n\n'), `${r} ${s.file}`);
      assert.not.match(s.text, /\r|[ \t]\n|\{\{|\}\}/, `${r} ${s.file}`);
    }
    const common = scripts.filter((s) => s.file === 'kql/Common.kql');
    assert.is(common.length, 2);
    assert.is(common[0].text, common[1].text);
  }
});

test('the Ingestion scripts name no database, so they run in an eventhouse database of any name', () => {
  for (const r of RELEASES) {
    for (const s of kqlScripts(models[r]).filter((x) => x.database === 'ingestion')) assert.not.match(s.text, /\bdatabase\(/, `${r} ${s.file}`);
  }
});

test('C360 datasets write Costs_raw through one update policy command listing every C360 transform; Costs and Prices come with them', () => {
  const policies = (m: HubModel) =>
    [
      ...kqlScripts(m)
        .map((s) => s.text)
        .join('\n')
        .matchAll(/^\.alter table Costs_raw policy update\n```\n([\s\S]*?)\n```/gm),
    ].map((x) => JSON.parse(x[1]).map((p: { Source: string; Query: string }) => `${p.Source} ${p.Query}`));
  assert.equal(policies(models['0.10']), [['ActualCosts_raw ActualCosts_transform_v1_0()']]);
  assert.equal(policies(models['0.11']), [['ActualCosts_raw ActualCosts_transform_v1_0()', 'AmortizedCosts_raw AmortizedCosts_transform_v1_0()']]);
  assert.equal(policies(models['0.9']), []);
  const only = kqlReleaseModel('0.11', { datasets: models['0.11'].datasets.filter((d) => d.name === 'AmortizedCosts') });
  assert.equal(
    kqlDatasets(only).map((d) => d.name),
    ['Prices', 'Costs', 'AmortizedCosts'],
  );
  assert.equal(
    kqlDatasets(only).map((d) => d.finalTable),
    ['Prices_final_v1_0', 'Costs_final_v1_0', 'Costs_raw'],
  );
  const hub = script(models['0.11'], 'kql/HubSetup.kql');
  assert.not.match(hub, /ActualCosts|AmortizedCosts/, 'no Hub functions: their rows are Costs rows');
});

for (const r of RELEASES) {
  test(`${r}: zero diagnostics; every update policy's result is its target table; mappings read every column the schema files write`, () => {
    const result = validated(r);
    const m = models[r];
    assert.equal(result.diagnostics.map(brief), []);
    const datasets = kqlDatasets(m);
    const tables = new Map(result.databases.Ingestion.tables.map((t) => [t.name, t.columns]));
    assert.equal(
      result.updatePolicies.map((p) => `${p.table} ${p.source} ${p.query} ${p.isEnabled} ${p.isTransactional} ${p.propagateIngestionProperties}`).sort(),
      datasets.map((d) => `${d.finalTable} ${d.rawTable} ${d.transformFunction}() true true true`).sort(),
    );
    for (const p of result.updatePolicies) assert.equal(p.resultColumns, tables.get(p.table), `${p.query} returns ${p.table}, column by column and type by type`);
    for (const d of datasets) {
      assert.equal(
        tables.get(d.rawTable),
        d.raw.map((c) => ({ name: c.name, type: c.type })),
        `${d.rawTable} as declared`,
      );
      assert.equal(
        tables.get(d.finalTable),
        d.final.map((c) => ({ name: c.name, type: c.type })),
        `${d.finalTable} as declared`,
      );
    }
    for (const d of datasets.filter((x) => !x.feeds)) {
      for (const f of [`${d.name}_v1_0`, d.name]) assert.equal(result.databases.Hub.functions.find((x) => x.name === f)?.resultColumns, tables.get(d.finalTable), `Hub ${f}()`);
    }
    assert.equal(
      result.mappings.map((x) => x.table),
      datasets.map((d) => d.rawTable),
    );
  });
}

test('a C360 transform whose result is out of Costs_raw order is caught (HUB311 on Costs_raw)', () => {
  const m = models['0.11'];
  const scripts = deployed(m).filter((s) => s.database === 'Ingestion');
  const v10 = scripts.find((s) => s.file === 'kql/IngestionSetup_v1_0.kql')!;
  const swapped = '        ChargePeriodEnd = Date + 1d,\n        ChargePeriodStart = Date,\n';
  assert.ok(v10.text.includes(swapped));
  const edited = scripts.map((s) => (s === v10 ? { ...s, text: s.text.replace(swapped, '        ChargePeriodStart = Date,\n        ChargePeriodEnd = Date + 1d,\n') } : s));
  const errors = validateKqlScripts(edited, { databases: ['Ingestion', 'Hub'] }).diagnostics.filter((d) => d.severity === 'error');
  assert.equal(
    errors.map((d) => d.code),
    ['HUB311'],
  );
  assert.match(errors[0].message, /Costs_raw/);
  assert.match(errors[0].message, /ChargePeriod/);
});

/**
 * The Ingestion tables after the scripts run one after another on one database, as the validator applies each
 * command's effect (src/validators/kql/predict.ts: table commands read from their text; `.alter table` replaces
 * the columns, `.create-merge` adds missing ones). No language service: the tables follow from the commands alone.
 */
function tablesAfter(...scripts: KqlScript[][]): Map<string, string[]> {
  const state = new ClusterState('cluster');
  const collected = { mappings: new Map(), policies: new Map() };
  for (const s of scripts.flat().filter((x) => x.database === 'Ingestion')) {
    for (const block of splitKqlCommands(s.text)) {
      if (isCommentOnly(block.text)) continue;
      applyEffects({ label: '', diagnostics: [], effects: predictSchemaEffects(block.text) }, s.database, state, collected, { file: s.file, pos: () => ({ line: 1, col: 1 }) });
    }
  }
  return new Map([...state.db('Ingestion').tables.values()].map((t) => [t.name, t.columns.map((c) => `${c.name}:${c.type}`)]));
}

test('upgrade: a database set up by 0.8 (or 0.10) and then by the 0.11 scripts has exactly the 0.11 raw tables', () => {
  const m = models['0.11'];
  const expected = (x: HubModel) => kqlDatasets(x).map((d) => [d.rawTable, d.raw.map((c) => `${c.name}:${c.type}`)]);
  const fresh = tablesAfter(deployed(m));
  for (const [from, before] of [
    ['0.8', hubModel({ release: getRelease('0.8'), datasets: m.datasets })],
    ['0.10', models['0.10']],
  ] as const) {
    const upgraded = tablesAfter(deployed(before), deployed(m));
    assert.equal(
      kqlDatasets(m).map((d) => [d.rawTable, upgraded.get(d.rawTable)]),
      expected(m),
      `from ${from}`,
    );
    assert.equal(upgraded, fresh, `from ${from}: every table as on a new database`);
  }
  // Without the redefinition a table only gains columns, at its end: Costs_raw would no longer have the order the
  // C360 transforms write it in, and their update policy would be refused.
  const merged = tablesAfter(
    deployed(models['0.10']),
    deployed(kqlReleaseModel('0.11', { release: { ...m.release, behaviours: new Set([...m.release.behaviours].filter((b) => b !== 'kqlRawTablesRedefined')) } })),
  );
  assert.not.equal(merged.get('Costs_raw'), fresh.get('Costs_raw'));
  assert.equal([...merged.get('Costs_raw')!].sort(), [...fresh.get('Costs_raw')!].sort());
  // Without the redefinition (0.9, 0.10) a table only gains columns: an upgraded Recommendations_raw keeps the 0.8
  // MCA columns next to the 0.9 ones (Data Explorer's .create-merge never drops a column).
  for (const r of ['0.9', '0.10'] as const) {
    const text = kqlScripts(models[r])
      .map((s) => s.text)
      .join('\n');
    assert.not.match(text, /^\.alter table \w+_raw \(/m, r);
    assert.ok(
      kqlDatasets(models[r]).every((d) => text.includes(`.create-merge table ${d.rawTable} (\n`)),
      r,
    );
  }
});

test('diff reads the split scripts as the Ingestion database: 0.10 -> 0.11 changes tables, not databases', () => {
  const files = (m: HubModel) => fromFiles({ release: m.release.version, source: 'compile', files: new Map(kqlScripts(m).map((s) => [s.file, s.text])) });
  const [a, b] = [kqlDeclarations(files(models['0.10'])), kqlDeclarations(files(models['0.11']))];
  assert.equal([...b.keys()], [...a.keys()]);
  assert.equal([...b.keys()], ['Common', 'Ingestion', 'Hub']);
  assert.equal([...b.get('Ingestion')!.tables.keys()].sort(), [...a.get('Ingestion')!.tables.keys(), 'AmortizedCosts_raw'].sort());
  assert.is(b.get('Ingestion')!.tables.get('Costs_raw')!.columns.length, 139, 'the first-column create-merge, then the full .alter');
  assert.equal(b.get('Ingestion')!.tables.get('Costs_raw')!.policies, {
    streamingingestion: 'disable',
    retention: 'softdelete = $$rawRetentionInDays$$d recoverability = disabled',
  });
});

test('0.9 MCA recommendations schema file: space-free sinks, as the public 0.9 file; C360 schema files as the public ones', async () => {
  const files = new Map(schemaFiles(models['0.11']).map((f) => [f.name, JSON.parse(f.text)]));
  assert.equal(
    files.get('reservationrecommendations_2023-05-01_mca'),
    JSON.parse(await sharedText('reference/data/schemas/from-0.9/reservationrecommendations_2023-05-01_mca.json')),
  );
  for (const name of ['actualcost_c360-2025-04', 'amortizedcost_c360-2025-04']) {
    assert.equal(files.get(name), JSON.parse(await sharedText(`reference/data/schemas/${name}.json`)), name);
  }
  const files08 = new Map(schemaFiles(m08).map((f) => [f.name, JSON.parse(f.text)]));
  const sinks08 = files08.get('reservationrecommendations_2023-05-01_mca').translator.mappings.map((x: { sink: { name: string } }) => x.sink.name);
  assert.ok(sinks08.includes('Net Savings'), '0.8 keeps the names with spaces');
});

test.run();
