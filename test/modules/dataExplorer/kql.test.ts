/**
 * The KQL database scripts (src/modules/dataExplorer/kql.ts): order, placeholders, and the objects the
 * spec requires, read back from the generated text (no language service here; see kqlValidation.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { serializeArm } from '../../../src/expressions/arm/index.js';
import { BUILT_IN_DATASETS, EXPORT_SCHEMAS, type BuiltInDatasetName } from '../../../src/model/datasets.js';
import { hubModel } from '../../support/hubs.js';
import { kqlDatasets, kqlScripts, kqlString, RAW_RETENTION_PLACEHOLDER } from '../../../src/modules/dataExplorer/kql.js';

/** The default hub's model with top-level members replaced. */
const model = hubModel;

const BUDGETS = {
  name: 'Budgets',
  dateFolder: 'yyyy/mm' as const,
  columns: [
    { name: 'BudgetName', type: 'string' as const },
    { name: 'Amount', type: 'decimal' as const },
    { name: 'where', type: 'datetime' as const },
  ],
};

const scripts = kqlScripts(model());
const ingestion = scripts[1].text;
const hub = scripts[3].text;
const custom = kqlScripts(model({ customDatasets: [BUDGETS] }));

/** Columns of a `.create-merge table` command in the text, as `name: type`. */
function tableColumns(text: string, table: string): string[] {
  const m = new RegExp(`^\\.create-merge table ${table} \\(\\n([\\s\\S]*?)\\n\\)$`, 'm').exec(text);
  assert.ok(m, `no .create-merge table ${table}`);
  return m[1].split(',\n').map((l) => l.trim());
}
const columnNames = (text: string, table: string) => tableColumns(text, table).map((c) => c.slice(0, c.lastIndexOf(':')));

/** JSON argument (a ``` literal) of the first command starting with `head`. */
function jsonArgument(text: string, head: string): any {
  const i = text.indexOf(`${head}\n\`\`\`\n`);
  assert.ok(i >= 0, `no command ${head}`);
  const start = i + head.length + 5;
  return JSON.parse(text.slice(start, text.indexOf('\n```', start)));
}

/** FOCUS 1.0 columns, spelled as the standard spells them. */
const FOCUS_1_0 = [
  'AvailabilityZone',
  'BilledCost',
  'BillingAccountId',
  'BillingAccountName',
  'BillingCurrency',
  'BillingPeriodEnd',
  'BillingPeriodStart',
  'ChargeCategory',
  'ChargeClass',
  'ChargeDescription',
  'ChargeFrequency',
  'ChargePeriodEnd',
  'ChargePeriodStart',
  'CommitmentDiscountCategory',
  'CommitmentDiscountId',
  'CommitmentDiscountName',
  'CommitmentDiscountStatus',
  'CommitmentDiscountType',
  'ConsumedQuantity',
  'ConsumedUnit',
  'ContractedCost',
  'ContractedUnitPrice',
  'EffectiveCost',
  'InvoiceIssuerName',
  'ListCost',
  'ListUnitPrice',
  'PricingCategory',
  'PricingQuantity',
  'PricingUnit',
  'ProviderName',
  'PublisherName',
  'RegionId',
  'RegionName',
  'ResourceId',
  'ResourceName',
  'ResourceType',
  'ServiceCategory',
  'ServiceName',
  'SkuId',
  'SkuPriceId',
  'SubAccountId',
  'SubAccountName',
  'Tags',
];

const SOURCE = ['x_SourceName', 'x_SourceProvider', 'x_SourceType', 'x_SourceVersion'];

/** Columns the spec's "Dataset transforms" section names for each final table (the spec's five datasets; the C360 datasets feed Costs_raw). */
const SPEC_COLUMNS: Record<Exclude<BuiltInDatasetName, 'ActualCosts' | 'AmortizedCosts'>, string[]> = {
  Costs: [...FOCUS_1_0, 'x_IngestionTime', 'x_SourceChanges', ...SOURCE, 'x_ResourceGroupName', 'x_BillingAccountAgreement'],
  Prices: [
    'x_SkuTerm',
    'ContractedUnitPrice',
    'ListUnitPrice',
    'SkuPriceIdv2',
    'x_IngestionTime',
    'x_CommitmentDiscountSpendEligibility',
    'x_CommitmentDiscountUsageEligibility',
    'x_PricingUnitDescription',
    'PricingUnit',
    'x_PricingBlockSize',
    'x_BillingAccountAgreement',
    'x_EffectivePeriodEnd',
    'x_EffectiveUnitPriceDiscount',
    'x_ContractedUnitPriceDiscount',
    'x_TotalUnitPriceDiscount',
    'x_EffectiveUnitPriceDiscountPercent',
    'x_ContractedUnitPriceDiscountPercent',
    'x_TotalUnitPriceDiscountPercent',
    ...SOURCE,
  ],
  Recommendations: [...SOURCE],
  Transactions: [...SOURCE],
  CommitmentDiscountUsage: ['ResourceType', 'ServiceName', 'ServiceCategory', 'x_ServiceModel', 'x_CommitmentDiscountNormalizedGroup', 'x_CommitmentDiscountQuantity', ...SOURCE],
};

test('four scripts in deployment order; Common is the same file and text for both databases', () => {
  assert.equal(
    scripts.map((s) => [s.database, s.scriptName, s.file]),
    [
      ['ingestion', 'CommonFunctions', 'kql/Common.kql'],
      ['ingestion', 'SetupScript', 'kql/IngestionSetup.kql'],
      ['hub', 'CommonFunctions', 'kql/Common.kql'],
      ['hub', 'SetupScript', 'kql/HubSetup.kql'],
    ],
  );
  assert.is(scripts[0].text, scripts[2].text);
  for (const s of scripts) {
    assert.ok(s.text.endsWith('\n') && !s.text.endsWith('\n\n'), `${s.file} ends with one newline`);
    assert.not.match(s.text, /\r|[ \t]\n|\{\{|\}\}/, `${s.file} has no CR, trailing space or handlebars left`);
  }
  assert.equal(kqlScripts(model()), scripts, 'deterministic');
});

test('Common: the thirteen helper functions, folder Common', () => {
  const names = [...scripts[0].text.matchAll(/^\.create-or-alter function with \(docstring = '[^']*', folder = 'Common'\)\n(\w+)\(/gm)].map((m) => m[1]);
  assert.equal(names, [
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
  ]);
});

test('raw retention is the only placeholder: in IngestionSetup, once per raw table, from dataExplorerLogRetentionInDays', () => {
  assert.equal(
    scripts.map((s) => Object.keys(s.placeholders ?? {})),
    [[], [RAW_RETENTION_PLACEHOLDER], [], []],
  );
  const p = scripts[1].placeholders![RAW_RETENTION_PLACEHOLDER];
  assert.is(serializeArm(p.arm.expr), "string(parameters('dataExplorerLogRetentionInDays'))");
  assert.is(p.validationValue, '0');
  assert.is(kqlScripts(model({ retention: { ...model().retention, dataExplorerLogDays: 9 } }))[1].placeholders![RAW_RETENTION_PLACEHOLDER].validationValue, '9');
  const retention = [...ingestion.matchAll(/^\.alter-merge table (\w+) policy retention (.*)$/gm)].map((m) => [m[1], m[2]]);
  assert.equal(
    retention,
    ['Prices', 'Costs', 'CommitmentDiscountUsage', 'Recommendations', 'Transactions'].map((d) => [`${d}_raw`, 'softdelete = $$rawRetentionInDays$$d recoverability = disabled']),
  );
  assert.is(ingestion.split(RAW_RETENTION_PLACEHOLDER).length - 1, 6, 'no other occurrence than the five tables and the header line naming it');
  assert.not.match(ingestion, /_final_v1_0 policy retention/, 'final tables are purged by the ingestion pipeline, not a Kusto policy');
});

test('Ingestion: settings, open-data tables and, per dataset, raw table -> mapping -> retention -> transform -> final table -> update policy', () => {
  const commands = ingestion.split('\n').filter((l) => /^\.[a-z]/.test(l));
  const next = (l: string) => ingestion.split('\n')[ingestion.split('\n').indexOf(l) + 1];
  const summary = commands.map((c) => {
    let m: RegExpExecArray | null;
    if ((m = /^\.create-merge table (\w+)/.exec(c))) return `table ${m[1]}`;
    if ((m = /^\.create-or-alter table (\w+) ingestion parquet mapping "(\w+)"$/.exec(c))) return `mapping ${m[1]} ${m[2]}`;
    if ((m = /^\.alter-merge table (\w+) policy retention/.exec(c))) return `retention ${m[1]}`;
    if ((m = /^\.alter table (\w+) policy update$/.exec(c))) return `update ${m[1]}`;
    if (c.startsWith('.create-or-alter function')) return `function ${/^(\w+)\(/.exec(next(c))![1]}`;
    return c;
  });
  const chain = (d: string) => [
    `table ${d}_raw`,
    `mapping ${d}_raw ${d}_raw_mapping`,
    `retention ${d}_raw`,
    `function ${d}_transform_v1_0`,
    `table ${d}_final_v1_0`,
    `update ${d}_final_v1_0`,
  ];
  assert.equal(summary, [
    'table HubSettingsLog',
    'function HubSettings',
    'function HubScopes',
    'table PricingUnits',
    'table Regions',
    'table ResourceTypes',
    'table Services',
    'function parse_resourceid',
    ...chain('Prices'),
    ...chain('Costs'),
    ...chain('CommitmentDiscountUsage'),
    ...chain('Recommendations'),
    ...chain('Transactions'),
  ]);
  assert.equal(tableColumns(ingestion, 'HubSettingsLog'), ['version: string', 'scopes: dynamic', 'retention: dynamic']);
  assert.equal(columnNames(ingestion, 'PricingUnits'), ['x_PricingUnitDescription', 'x_PricingBlockSize', 'PricingUnit']);
  assert.equal(columnNames(ingestion, 'Regions'), ['ResourceLocation', 'RegionId', 'RegionName']);
  assert.equal(columnNames(ingestion, 'Services').length, 9);
  assert.equal(columnNames(ingestion, 'ResourceTypes').length, 8);
});

test('update policies: transform of the raw table, transactional, propagating ingestion properties', () => {
  for (const d of kqlDatasets(model({ customDatasets: [BUDGETS] }))) {
    const text = d.custom ? custom[1].text : ingestion;
    assert.equal(jsonArgument(text, `.alter table ${d.finalTable} policy update`), [
      { IsEnabled: true, Source: `${d.rawTable}`, Query: `${d.transformFunction}()`, IsTransactional: true, PropagateIngestionProperties: true },
    ]);
  }
});

test('each final table carries every column the spec names for it, once', () => {
  for (const [dataset, required] of Object.entries(SPEC_COLUMNS)) {
    const cols = columnNames(ingestion, `${dataset}_final_v1_0`);
    for (const c of required) assert.ok(cols.includes(c), `${dataset}_final_v1_0 lacks ${c}`);
    assert.is(new Set(cols).size, cols.length, `${dataset}_final_v1_0 has duplicate columns`);
  }
  assert.equal(
    tableColumns(ingestion, 'Prices_final_v1_0').filter((c) => /^x_SkuTerm|^x_EffectivePeriodEnd|^Tags/.test(c)),
    ['x_EffectivePeriodEnd: datetime', 'x_SkuTerm: int'],
  );
  assert.ok(tableColumns(ingestion, 'Costs_final_v1_0').includes('Tags: dynamic'), 'Tags is parsed JSON');
});

test('FOCUS 1.0 column names are spelled as the standard spells them', () => {
  const focus = new Map(FOCUS_1_0.map((c) => [c.toLowerCase(), c]));
  // Non-FOCUS columns without the x_ prefix that the spec or the Cost Management export define.
  const allowed = new Set(['SkuPriceIdv2', 'BillingAccountType', 'SubAccountType']);
  for (const d of kqlDatasets(model())) {
    for (const c of columnNames(ingestion, d.finalTable)) {
      const standard = focus.get(c.toLowerCase());
      if (standard) assert.is(c, standard, `${d.finalTable}.${c}`);
      else assert.ok(c.startsWith('x_') || allowed.has(c), `${d.finalTable}.${c} is neither a FOCUS 1.0 column nor an x_ extension`);
    }
  }
  assert.equal(
    FOCUS_1_0.filter((c) => !columnNames(ingestion, 'Costs_final_v1_0').includes(c)),
    [],
    'Costs has all FOCUS 1.0 columns',
  );
});

test('each raw mapping covers every column of every schema file of its dataset, in raw-table order', () => {
  for (const d of BUILT_IN_DATASETS.filter((x) => !x.optIn)) {
    const mapping: { Column: string; Properties: { Field: string } }[] = jsonArgument(
      ingestion,
      `.create-or-alter table ${d.name}_raw ingestion parquet mapping "${d.name}_raw_mapping"`,
    );
    assert.equal(
      mapping.map((e) => e.Column),
      columnNames(ingestion, `${d.name}_raw`),
      `${d.name}: mapping order = table order`,
    );
    const fields = new Set(mapping.map((e) => e.Properties.Field));
    const schemas = EXPORT_SCHEMAS.filter((s) => s.exportType === d.exportType);
    assert.ok(schemas.length > 0);
    for (const s of schemas) {
      const missing = s.columns.filter((c) => !fields.has(c.name)).map((c) => c.name);
      assert.equal(missing, [], `${d.name}_raw_mapping misses columns of ${s.exportType} ${s.version} ${s.channel ?? ''}`);
    }
    for (const c of SOURCE) assert.ok(fields.has(c), `${d.name}_raw_mapping reads ${c}`);
  }
  const reco = jsonArgument(ingestion, '.create-or-alter table Recommendations_raw ingestion parquet mapping "Recommendations_raw_mapping"');
  assert.equal(
    reco.find((e: any) => e.Column === 'NetSavings2'),
    { Column: 'NetSavings2', Properties: { Field: 'Net Savings' } },
  );
});

test('Hub: {dataset}_v1_0() reads the Ingestion final table, {dataset}() the latest version, for the five datasets', () => {
  const fns = [...hub.matchAll(/^\.create-or-alter function with \(docstring = '[^']*', folder = '(\w+)'\)\n(\w+)\(\)\n\{\n    (.*)\n\}$/gm)].map((m) => [m[1], m[2], m[3]]);
  const names = ['Prices', 'Costs', 'CommitmentDiscountUsage', 'Recommendations', 'Transactions'];
  assert.equal(fns, [...names.map((d) => [d, `${d}_v1_0`, `database('Ingestion').${d}_final_v1_0`]), ...names.map((d) => [d, d, `${d}_v1_0()`])]);
  const renamed = kqlScripts(model({ dataExplorer: { ...model().dataExplorer, databases: { ingestion: 'Staging', hub: 'Reports' } } }));
  assert.match(renamed[3].text, "database('Staging').Costs_final_v1_0");
  assert.match(renamed[0].text, 'deployed to both the Staging and the Reports database');
});

test('custom dataset: raw table, mapping, retention, identity transform with x_Source* and x_IngestionTime, final table, policy, Hub functions', () => {
  const text = custom[1].text;
  assert.equal(tableColumns(text, 'Budgets_raw'), [
    "['BudgetName']: string",
    "['Amount']: decimal",
    "['where']: datetime",
    'x_SourceName: string',
    'x_SourceProvider: string',
    'x_SourceType: string',
    'x_SourceVersion: string',
  ]);
  assert.equal(tableColumns(text, 'Budgets_final_v1_0'), [...tableColumns(text, 'Budgets_raw'), 'x_IngestionTime: datetime']);
  assert.equal(
    jsonArgument(text, '.create-or-alter table Budgets_raw ingestion parquet mapping "Budgets_raw_mapping"').map((e: any) => [e.Column, e.Properties.Field]),
    ['BudgetName', 'Amount', 'where', ...SOURCE].map((c) => [c, c]),
  );
  assert.match(text, '.alter-merge table Budgets_raw policy retention softdelete = $$rawRetentionInDays$$d recoverability = disabled');
  assert.match(
    text,
    /\nBudgets_transform_v1_0\(\)\n\{\n    Budgets_raw\n    \| extend\n        x_SourceType = coalesce\(x_SourceType, 'Budgets'\),\n        x_IngestionTime = ingestion_time\(\)\n    \| project\n        \['BudgetName'\], \['Amount'\], \['where'\], x_SourceName, /,
  );
  assert.ok(text.indexOf('Budgets_raw (') > text.indexOf('.alter table Transactions_final_v1_0 policy update'), 'after the built-in datasets');
  assert.match(custom[3].text, "Budgets_v1_0()\n{\n    database('Ingestion').Budgets_final_v1_0\n}");
  assert.match(custom[3].text, 'Budgets()\n{\n    Budgets_v1_0()\n}');
  // A model that declares x_IngestionTime itself keeps it as a plain column.
  const declared = kqlScripts(model({ customDatasets: [{ ...BUDGETS, columns: [...BUDGETS.columns, { name: 'x_IngestionTime', type: 'datetime' }] }] }))[1].text;
  assert.equal(
    columnNames(declared, 'Budgets_final_v1_0').filter((c) => c.includes('IngestionTime')),
    ["['x_IngestionTime']"],
  );
  assert.not.match(declared, "x_IngestionTime = ingestion_time()\n    | project\n        ['BudgetName']");
});

test('dataset selection: only the datasets the model ingests, with Prices whenever Costs (its transform reads Prices_final_v1_0)', () => {
  const only = (names: BuiltInDatasetName[]) => kqlDatasets(model({ datasets: model().datasets.filter((d) => names.includes(d.name)) })).map((d) => d.name);
  assert.equal(only(['Costs']), ['Prices', 'Costs']);
  assert.equal(only(['Transactions']), ['Transactions']);
  const text = kqlScripts(model({ datasets: model().datasets.filter((d) => d.name === 'Transactions') }));
  assert.not.match(text[1].text, 'Costs_raw');
  assert.not.match(text[3].text, 'Costs');
});

/** Body of `name()` (between its `{` and `}` lines) in the text, without `//` comment lines. */
function functionBody(text: string, name: string): string {
  const m = new RegExp(`\\n${name}\\(\\)\\n\\{\\n([\\s\\S]*?)\\n\\}\\n`).exec(text);
  assert.ok(m, `no function ${name}()`);
  return m[1].replace(/^\s*\/\/.*\n/gm, '');
}

test('transforms read ingestion_time() on the raw rows, before any lookup, summarize or union', () => {
  // ingestion_time() reads the hidden ingestion-time column of rows read from a table (Data Explorer docs: used
  // outside the context of a table it gives null); rows produced by a lookup or join are not table rows.
  const all = kqlDatasets(model({ customDatasets: [BUDGETS] }));
  assert.is(all.length, 6);
  for (const d of all) {
    const body = functionBody(d.custom ? custom[1].text : ingestion, d.transformFunction);
    const raw = body.indexOf(d.rawTable);
    const at = body.indexOf('x_IngestionTime = ingestion_time()');
    assert.ok(raw >= 0 && at > raw, `${d.transformFunction}() sets x_IngestionTime from ${d.rawTable}`);
    assert.is(body.split('ingestion_time()').length, 2, `${d.transformFunction}() calls ingestion_time() once`);
    assert.not.match(
      body.slice(raw, at),
      /\b(lookup|join|summarize|union|mv-expand|mv-apply)\b/,
      `${d.transformFunction}(): nothing between ${d.rawTable} and ingestion_time() changes rows`,
    );
  }
});

test('transform lookups never multiply rows: the right side has one row per key', () => {
  let lookups = 0;
  for (const d of kqlDatasets(model())) {
    const body = functionBody(ingestion, d.transformFunction);
    assert.not.match(body, /\|\s*join\b/, `${d.transformFunction}() uses lookup, not join`);
    const found = [...body.matchAll(/\| lookup kind=leftouter (\((?:[^()]|\([^()]*\))*\)|\w+) on (\w+)/g)];
    assert.is(found.length, body.split('| lookup').length - 1, `${d.transformFunction}(): every lookup is a left-outer lookup on one key`);
    for (const [, right, key] of found) {
      const source = right.startsWith('(') ? right : new RegExp(`let ${right} = ([\\s\\S]*?);\\n`).exec(body)?.[1];
      assert.ok(source, `${d.transformFunction}(): lookup of ${right}, a table read as is`);
      const summarize = new RegExp(`\\| summarize [^|]* by ${key}\\b([\\s\\S]*)$`).exec(source);
      assert.ok(summarize, `${d.transformFunction}(): lookup on ${key} of ${right} is not summarized by ${key}`);
      assert.not.match(summarize[1], /\b(lookup|join|mv-expand|mv-apply|union)\b/, `${d.transformFunction}(): nothing after the summarize adds rows`);
      lookups++;
    }
  }
  assert.is(lookups, 6, 'Prices: on-demand prices, PricingUnits; Costs: prices; CommitmentDiscountUsage: ResourceTypes, Services; Recommendations: Regions');
});

test('commands never contain a blank line (Data Explorer scripts separate commands by blank lines)', () => {
  for (const s of [...scripts, ...custom]) {
    const byBlankLine = s.text.split(/\n\n+/).filter((b) => !b.split('\n').every((l) => l.startsWith('//')));
    assert.ok(
      byBlankLine.every((b) => /^(\/\/.*\n)*\.[a-z]/.test(b)),
      `${s.file}: every blank-line block starts with a command`,
    );
    assert.is(byBlankLine.length, s.text.split('\n').filter((l) => /^\.[a-z]/.test(l)).length, `${s.file}: one command per block`);
  }
});

test('kqlString quotes and escapes KQL string literals', () => {
  assert.is(kqlString("it's a \\ test"), "'it\\'s a \\\\ test'");
});

test('each script header names its deploy-time placeholders and their template parameters', () => {
  for (const s of scripts) {
    const header = s.text
      .split('\n')
      .filter((l, i, all) => all.slice(0, i + 1).every((x) => x.startsWith('//')))
      .join('\n');
    const used = [...new Set(s.text.match(/\$\$\w+\$\$/g) ?? [])];
    assert.equal(Object.keys(s.placeholders ?? {}), used, s.file);
    for (const [name, p] of Object.entries(s.placeholders ?? {})) {
      assert.ok(header.includes(`${name} with the value of the template parameter ${p.parameter}`), `${s.file}: ${name}`);
      assert.ok(serializeArm(p.arm.expr).includes(`parameters('${p.parameter}')`), `${s.file}: ${name} comes from ${p.parameter}`);
    }
    if (!used.length) assert.match(header, /No deploy-time placeholders/, s.file);
  }
  assert.equal(Object.keys(scripts[1].placeholders!), [RAW_RETENTION_PLACEHOLDER]);
});

test.run();
