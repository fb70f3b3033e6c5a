/**
 * Offline proof of the KQL scripts with the Kusto language service (src/validators/kql.ts): every command
 * of the default hub's scripts, and of a hub with a custom dataset, parses and analyses with zero errors,
 * each update policy's transform returns exactly its final table's schema, each mapping reads every
 * column of its schema files, and broken transforms are caught. Costs ~10 s (the language service takes
 * ~50 ms per command); each script set is validated once, later runs reuse the validator's cache.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../../../src/diagnostics/diagnostic.js';
import { BUILT_IN_DATASETS, EXPORT_SCHEMAS } from '../../../src/model/datasets.js';
import { kqlDatasets, kqlScripts } from '../../../src/modules/dataExplorer/kql.js';
import { hubModel } from '../../support/hubs.js';
import type { HubModel } from '../../../src/model/hub.js';
import { predictedCommandKeys, validateKqlScripts, type KqlScript, type KqlValidationResult } from '../../../src/validators/kql.js';

/** The default hub's model with top-level members replaced. */
const model = hubModel;

/** The model's scripts as the template deploys them: placeholders replaced by their validation values. */
function deployed(m: HubModel): KqlScript[] {
  return kqlScripts(m).map((s) => {
    let text = s.text;
    for (const [placeholder, sub] of Object.entries(s.placeholders ?? {})) text = text.split(placeholder).join(sub.validationValue);
    return { file: s.file, database: m.dataExplorer.databases[s.database], text };
  });
}

/** Every built-in raw table must read every column of every conversion schema file of its dataset. */
const REQUIRED_SOURCES = BUILT_IN_DATASETS.filter((d) => !d.optIn).map((d) => ({
  database: 'Ingestion',
  table: `${d.name}_raw`,
  mapping: `${d.name}_raw_mapping`,
  sources: [...new Set(EXPORT_SCHEMAS.filter((s) => s.exportType === d.exportType).flatMap((s) => s.columns.map((c) => c.name)))],
}));

const brief = (d: Diagnostic) => `${d.file}:${d.start?.line}:${d.start?.col} ${d.code} ${d.message}`;

const defaultModel = model();
const customModel = model({
  customDatasets: [
    {
      name: 'Budgets',
      dateFolder: 'yyyy/mm',
      columns: [
        { name: 'BudgetName', type: 'string' },
        { name: 'Amount', type: 'decimal' },
        { name: 'PeriodStart', type: 'datetime' },
        { name: 'by', type: 'long' },
      ],
    },
  ],
});
const defaultScripts = deployed(defaultModel);
const defaultResult = validateKqlScripts(defaultScripts, { requiredMappingSources: REQUIRED_SOURCES });
const customResult = validateKqlScripts(deployed(customModel), { requiredMappingSources: REQUIRED_SOURCES });

/** Asserts: no diagnostics at all, and each dataset's update policy returns its final table's columns. */
function assertProven(m: HubModel, r: KqlValidationResult) {
  assert.equal(r.diagnostics.map(brief), []);
  const tables = new Map(r.databases.Ingestion.tables.map((t) => [t.name, t.columns]));
  const datasets = kqlDatasets(m);
  assert.equal(
    r.updatePolicies.map((p) => [p.table, p.source, p.query, p.isTransactional, p.propagateIngestionProperties]),
    datasets.map((d) => [d.finalTable, d.rawTable, `${d.transformFunction}()`, true, true]),
  );
  for (const d of datasets) {
    const p = r.updatePolicies.find((x) => x.table === d.finalTable)!;
    assert.ok(p.resultColumns, `${d.transformFunction}() analyses to a table`);
    assert.equal(p.resultColumns, tables.get(d.finalTable), `${d.transformFunction}() result = ${d.finalTable}`);
    assert.equal(
      tables.get(d.finalTable),
      d.final.map((c) => ({ name: c.name, type: c.type })),
      `${d.finalTable} as declared in hubc`,
    );
    assert.equal(
      tables.get(d.rawTable),
      d.raw.map((c) => ({ name: c.name, type: c.type })),
      `${d.rawTable} as declared in hubc`,
    );
  }
  const hub = r.databases.Hub.functions;
  for (const d of datasets) {
    for (const f of [`${d.name}_v1_0`, d.name]) {
      const fn = hub.find((x) => x.name === f);
      assert.ok(fn, `Hub function ${f}()`);
      assert.equal(fn.resultColumns, tables.get(d.finalTable), `${f}() returns the ${d.finalTable} schema`);
    }
  }
}

test('default hub: zero diagnostics, update-policy schemas match the final tables, mappings cover the schema files', () => {
  assertProven(defaultModel, defaultResult);
  assert.equal(
    defaultResult.mappings.map((m) => [m.table, m.name, m.kind]),
    kqlDatasets(defaultModel).map((d) => [d.rawTable, d.mappingName, 'parquet']),
  );
  const common = [
    'daterange',
    'monthsago',
    'delta',
    'percentOfTotal',
    'percent',
    'plusminus',
    'updown',
    'percentstring',
    'arraystring',
    'deltastring',
    'diffstring',
    'numberstring',
    'ifempty',
  ];
  assert.equal(defaultResult.databases.Hub.functions.map((f) => f.name).slice(0, 13), common);
  assert.equal(defaultResult.databases.Ingestion.functions.map((f) => f.name).slice(0, 13), common);
});

test('hub with a custom dataset: zero diagnostics and its update policy matches its final table', () => {
  assertProven(customModel, customResult);
  const budgets = customResult.databases.Ingestion.tables.find((t) => t.name === 'Budgets_final_v1_0')!;
  assert.equal(
    budgets.columns.map((c) => `${c.name}:${c.type}`),
    [
      'BudgetName:string',
      'Amount:decimal',
      'PeriodStart:datetime',
      'by:long',
      'x_SourceName:string',
      'x_SourceProvider:string',
      'x_SourceType:string',
      'x_SourceVersion:string',
      'x_IngestionTime:datetime',
    ],
  );
});

test('the schema each command is predicted to leave (src/validators/kql/predict.ts) is the one the language service found, command by command', () => {
  // Every command is in the validator's memory by now: this run analyses nothing.
  for (const scripts of [defaultScripts, deployed(customModel)]) {
    const asked: string[] = [];
    validateKqlScripts(scripts, { requiredMappingSources: REQUIRED_SOURCES, blockStore: { get: () => undefined, set: (key) => asked.push(key) } });
    assert.ok(asked.length > 70);
    assert.equal(predictedCommandKeys(scripts), asked);
  }
});

/**
 * The default Ingestion scripts (Common, IngestionSetup) with one edit in IngestionSetup; the Hub scripts are
 * left out because the edits only concern Ingestion (and commands before the edit come from the cache).
 * Fails when `from` is absent so template edits are noticed.
 */
function withIngestionEdit(from: string, to: string): { scripts: KqlScript[]; text: string } {
  const text = defaultScripts[1].text;
  assert.ok(text.includes(from), `not in IngestionSetup: ${from}`);
  const edited = text.replace(from, to);
  return { scripts: [defaultScripts[0], { ...defaultScripts[1], text: edited }], text: edited };
}

test('a transform reading a column no raw table has is caught (HUB310 at its position in kql/IngestionSetup.kql)', () => {
  const { scripts, text } = withIngestionEdit('x_SkuSize = ArmSkuName,', 'x_SkuSize = ArmSkuNameTypo,');
  const at = text.indexOf('ArmSkuNameTypo');
  const line = text.slice(0, at).split('\n').length;
  const col = at - text.lastIndexOf('\n', at - 1);
  const errors = validateKqlScripts(scripts, { databases: ['Ingestion', 'Hub'] }).diagnostics.filter((d) => d.severity === 'error');
  assert.ok(errors.length > 0);
  assert.equal(
    errors.filter((d) => d.code === 'HUB310' && d.message.includes('ArmSkuNameTypo')).map((d) => [d.file, d.start]),
    [['kql/IngestionSetup.kql', { line, col }]],
  );
});

test('a transform whose result type differs from its final table is caught (HUB311)', () => {
  const { scripts } = withIngestionEdit('x_SkuTerm = isoMonths(Term),\n        x_SubscriptionId', 'x_SkuTerm = tostring(isoMonths(Term)),\n        x_SubscriptionId');
  const errors = validateKqlScripts(scripts, { databases: ['Ingestion', 'Hub'] }).diagnostics.filter((d) => d.severity === 'error');
  assert.equal(
    errors.map((d) => d.code),
    ['HUB311'],
  );
  assert.match(errors[0].message, /x_SkuTerm/);
  assert.match(errors[0].message, /Transactions_final_v1_0/);
});

test('a mapping that misses a schema-file column is caught (HUB312)', () => {
  const { scripts } = withIngestionEdit('    { "Column": "ArmSkuName", "Properties": { "Field": "ArmSkuName" } },\n', '');
  const errors = validateKqlScripts(scripts, { databases: ['Ingestion', 'Hub'], requiredMappingSources: REQUIRED_SOURCES }).diagnostics.filter((d) => d.severity === 'error');
  assert.equal(
    errors.map((d) => d.code),
    ['HUB312'],
  );
  assert.match(errors[0].message, /Transactions_raw_mapping.*'ArmSkuName'/);
});

test.run();
