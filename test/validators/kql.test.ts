/**
 * KQL validator (src/validators/kql.ts) on small hand-written scripts in test/fixtures/kql-validator/:
 * a Common script deployed to both databases, an Ingestion setup (raw table, parquet mapping, retention,
 * transform, final table, update policy) and a Hub setup reading database('Ingestion'). Broken copies are made
 * by text replacement, and expected positions are computed from the replaced text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { positionAt, type Diagnostic, type Position } from '../../src/diagnostics/diagnostic.js';
import { splitKqlCommands, validateKqlScripts, compareSchemas, type KqlScript } from '../../src/validators/kql.js';

const FIXTURES = new URL('../fixtures/kql-validator/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const COMMON = read('Common.kql');
const INGESTION = read('IngestionSetup.kql');
const HUB = read('HubSetup.kql');

/** The deployment order of the FinOps hub: Common to both databases, then each database's setup. */
function scripts(p: { common?: string; ingestion?: string; hub?: string } = {}): KqlScript[] {
  const common = p.common ?? COMMON;
  return [
    { file: 'kql/Common.kql', database: 'Ingestion', text: common },
    { file: 'kql/IngestionSetup.kql', database: 'Ingestion', text: p.ingestion ?? INGESTION },
    { file: 'kql/Common.kql', database: 'Hub', text: common },
    { file: 'kql/HubSetup.kql', database: 'Hub', text: p.hub ?? HUB },
  ];
}

/** `text` with the first `from` replaced by `to`; fails when `from` is absent so fixture edits are noticed. */
function edit(text: string, from: string, to: string): string {
  assert.ok(text.includes(from), `fixture text not found: ${from}`);
  return text.replace(from, to);
}

/** 1-based position of `needle` (plus `delta` characters) in `text`. */
function posOf(text: string, needle: string, delta = 0): Position {
  const i = text.indexOf(needle);
  assert.ok(i >= 0, `not found: ${needle}`);
  return positionAt(text, i + delta);
}

const brief = (d: Diagnostic) => `${d.file}:${d.start?.line}:${d.start?.col} ${d.code} ${d.message}`;

test('splitKqlCommands: one block per command; blank lines in a command and ``` literals do not split', () => {
  const blocks = splitKqlCommands(INGESTION);
  for (const b of blocks) assert.is(INGESTION.slice(b.start, b.start + b.text.length), b.text);
  assert.equal(
    blocks.map((b) => b.text.split('\n')[0]),
    [
      '// Ingestion database setup for one dataset (test fixture for the KQL validator).',
      '.create-merge table Costs_raw (',
      '.create-or-alter table Costs_raw ingestion parquet mapping "Costs_raw_mapping"',
      '.alter-merge table Costs_raw policy retention softdelete = 0d recoverability = disabled',
      ".create-or-alter function with (docstring = 'Transforms Costs_raw into the final schema', folder = 'Costs')",
      '.create-merge table Costs_final_v1_0 (',
      '.alter table Costs_final_v1_0 policy update',
    ],
  );
  const transform = blocks[4].text;
  assert.ok(transform.includes('[-1])\n\n    // The blank line above') && transform.includes('        Tags\n}'));

  const text = 'T | count\r\n.show tables\r\n\r\n.set x <|\r\n```\r\n.not a command\r\n```\r\n.drop table T\r\n';
  const parts = splitKqlCommands(text);
  assert.equal(
    parts.map((p) => [p.start, p.text]),
    [
      [0, 'T | count\r\n'],
      [11, '.show tables\r\n\r\n'],
      [27, '.set x <|\r\n```\r\n.not a command\r\n```\r\n'],
      [64, '.drop table T\r\n'],
    ],
  );
  assert.equal(
    splitKqlCommands('// only a comment\n\n.create table T (a: int)').map((p) => p.start),
    [0, 19],
  );
  assert.equal(
    splitKqlCommands('\n\n.create table T (a: int)').map((p) => p.start),
    [2],
  );
});

test('valid scripts: no diagnostics; final schema, functions, mapping and update policy are reported', () => {
  const r = validateKqlScripts(scripts());
  assert.equal(r.diagnostics.map(brief), []);
  assert.equal(Object.keys(r.databases), ['Ingestion', 'Hub']);
  const ing = r.databases.Ingestion;
  assert.equal(
    ing.tables.map((t) => t.name),
    ['Costs_raw', 'Costs_final_v1_0'],
  );
  const final = [
    { name: 'ChargePeriodStart', type: 'datetime' },
    { name: 'BilledCost', type: 'decimal' },
    { name: 'BillingCurrency', type: 'string' },
    { name: 'ResourceId', type: 'string' },
    { name: 'ResourceName', type: 'string' },
    { name: 'Tags', type: 'dynamic' },
  ];
  assert.equal(ing.tables[1].columns, final);
  assert.equal(
    ing.functions.map((f) => f.name + f.parameters),
    ['resource_segments(resourceId: string)', 'ifblank(val: string, defaultVal: string)', 'Costs_transform_v1_0()'],
  );
  assert.is(ing.functions[0].resultColumns, undefined); // scalar function
  assert.equal(ing.functions[2].resultColumns, final);
  assert.equal(r.databases.Hub.tables, []);
  assert.equal(
    r.databases.Hub.functions.map((f) => f.name),
    ['resource_segments', 'ifblank', 'Costs_v1_0', 'Costs'],
  );
  assert.equal(r.databases.Hub.functions[3].resultColumns, final);

  assert.is(r.mappings.length, 1);
  const m = r.mappings[0];
  assert.equal([m.table, m.name, m.kind, m.database, m.file, m.start], ['Costs_raw', 'Costs_raw_mapping', 'parquet', 'Ingestion', 'kql/IngestionSetup.kql', { line: 11, col: 1 }]);
  assert.equal(m.entries[2], { column: 'ChargePeriodStart', source: 'ChargePeriodStart' });
  assert.equal(
    m.entries.map((e) => e.column),
    ['BilledCost', 'BillingCurrency', 'ChargePeriodStart', 'ResourceId', 'Tags'],
  );

  assert.is(r.updatePolicies.length, 1);
  const p = r.updatePolicies[0];
  assert.equal(
    [p.table, p.source, p.query, p.isTransactional, p.propagateIngestionProperties, p.isEnabled],
    ['Costs_final_v1_0', 'Costs_raw', 'Costs_transform_v1_0()', true, true, true],
  );
  assert.equal(p.resultColumns, final);
});

test('repeated validation is served from the cache and returns an independent copy', () => {
  const first = validateKqlScripts(scripts());
  first.databases.Ingestion.tables.length = 0;
  const t = process.cpuUsage();
  const again = validateKqlScripts(scripts());
  const used = process.cpuUsage(t);
  // Processor time, so a busy machine's waiting does not count; an analysis by the language service takes seconds.
  assert.ok((used.user + used.system) / 1000 < 100, 'cached validation should be instant');
  assert.is(again.databases.Ingestion.tables.length, 2);
});

test('transform reading a missing column: KS142 at the exact line:col of the name', () => {
  const ingestion = edit(INGESTION, 'resource_segments(ResourceId)', 'resource_segments(ResourceIdX)');
  const r = validateKqlScripts(scripts({ ingestion }));
  assert.equal(r.diagnostics.map(brief), ["kql/IngestionSetup.kql:27:56 HUB310 KS142: The name 'ResourceIdX' does not refer to any known column, table, variable or function."]);
  const d = r.diagnostics[0];
  assert.equal(d.start, posOf(ingestion, 'ResourceIdX'));
  assert.equal(d.end, posOf(ingestion, 'ResourceIdX', 'ResourceIdX'.length));
  assert.is(d.severity, 'error');
  assert.is(d.path, 'database Ingestion, CreateOrAlterFunction Costs_transform_v1_0');
});

test('the same error in a CRLF script is reported at the same line:col', () => {
  const ingestion = edit(INGESTION, 'resource_segments(ResourceId)', 'resource_segments(ResourceIdX)').replace(/\n/g, '\r\n');
  const r = validateKqlScripts(scripts({ ingestion, common: COMMON.replace(/\n/g, '\r\n') }).slice(0, 2));
  assert.equal(
    r.diagnostics.map((d) => [d.file, d.start, d.message.slice(0, 5)]),
    [['kql/IngestionSetup.kql', { line: 27, col: 56 }, 'KS142']],
  );
  assert.is(r.updatePolicies.length, 1);
});

test('hub function reading a table the Ingestion database does not have: KS204', () => {
  const hub = edit(HUB, "database('Ingestion').Costs_final_v1_0", "database('Ingestion').Costs_final_v2_0");
  const r = validateKqlScripts(scripts({ hub }));
  assert.equal(r.diagnostics.map(brief), [
    `kql/HubSetup.kql:${posOf(hub, 'Costs_final_v2_0').line}:${posOf(hub, 'Costs_final_v2_0').col} HUB310 KS204: The name 'Costs_final_v2_0' does not refer to any known table, tabular variable or function.`,
  ]);
  assert.is(r.diagnostics[0].path, 'database Hub, CreateOrAlterFunction Costs_v1_0');
});

test('syntax error: KS005 where the parser stopped', () => {
  const hub = edit(HUB, '    Costs_v1_0()\n}', '    Costs_v1_0(\n}');
  const r = validateKqlScripts(scripts({ hub }));
  assert.equal(r.diagnostics.map(brief), ['kql/HubSetup.kql:11:16 HUB310 KS005: Expected: )']);
});

test('update policy: result column type differs from the final table (HUB311 names the column)', () => {
  const ingestion = edit(INGESTION, '    BilledCost: decimal,', '    BilledCost: real,');
  const r = validateKqlScripts(scripts({ ingestion }));
  const query = posOf(ingestion, '"Query": "', '"Query": "'.length);
  assert.equal(r.diagnostics.map(brief), [
    `kql/IngestionSetup.kql:${query.line}:${query.col} HUB311 update policy of Costs_final_v1_0: column 'BilledCost' is decimal in the query result but real in table Costs_final_v1_0`,
  ]);
});

test('update policy: result column order differs from the final table (HUB311 names the position)', () => {
  const ingestion = edit(INGESTION, '        BillingCurrency,\n        ResourceId,', '        ResourceId,\n        BillingCurrency,');
  const r = validateKqlScripts(scripts({ ingestion }));
  assert.equal(
    r.diagnostics.map((d) => `${d.code} ${d.message}`),
    [
      "HUB311 update policy of Costs_final_v1_0: column order differs from table Costs_final_v1_0: query result column 3 is 'ResourceId' where the table has 'BillingCurrency' (column 3)",
    ],
  );
});

test('update policy: missing and extra columns, unknown source table, query errors, bad JSON', () => {
  let ingestion = edit(INGESTION, '        ResourceName,\n', '        ResourceNam = ResourceName,\n');
  let r = validateKqlScripts(scripts({ ingestion }));
  assert.equal(
    r.diagnostics.map((d) => `${d.code} ${d.message}`),
    [
      "HUB311 update policy of Costs_final_v1_0: query result column 'ResourceNam: string' is not in table Costs_final_v1_0",
      "HUB311 update policy of Costs_final_v1_0: table Costs_final_v1_0 column 'ResourceName: string' is not produced by the query",
    ],
  );

  ingestion = edit(INGESTION, '"Source": "Costs_raw"', '"Source": "Costs_rawX"');
  r = validateKqlScripts(scripts({ ingestion }));
  assert.equal(r.diagnostics.map(brief), [
    `kql/IngestionSetup.kql:${posOf(ingestion, 'Costs_rawX').line}:${posOf(ingestion, 'Costs_rawX').col} HUB313 update policy of Costs_final_v1_0 reads source table 'Costs_rawX', which does not exist in database Ingestion`,
  ]);

  ingestion = edit(INGESTION, '"Query": "Costs_transform_v1_0()"', '"Query": "Costs_transform_v1_0() | where Nope > 1"');
  r = validateKqlScripts(scripts({ ingestion }));
  assert.equal(r.diagnostics.map(brief), [
    `kql/IngestionSetup.kql:${posOf(ingestion, 'Nope').line}:${posOf(ingestion, 'Nope').col} HUB313 update policy query of Costs_final_v1_0: KS142: The name 'Nope' does not refer to any known column, table, variable or function.`,
  ]);

  ingestion = edit(INGESTION, '"IsTransactional": true,', '"IsTransactional": true');
  r = validateKqlScripts(scripts({ ingestion }));
  assert.equal(
    r.diagnostics.map((d) => `${d.code} ${d.start?.line}:${d.start?.col} ${d.message}`),
    [`HUB313 ${posOf(ingestion, '"PropagateIngestionProperties"').line}:5 update policy of Costs_final_v1_0 is not valid JSON: expected ',' or '}'`],
  );
});

test('ingestion mapping naming a column the table lacks: HUB312 at the column name', () => {
  const ingestion = edit(INGESTION, '"Column": "BillingCurrency"', '"Column": "BillingCurrencyX"');
  const r = validateKqlScripts(scripts({ ingestion }));
  assert.equal(r.diagnostics.map(brief), [
    "kql/IngestionSetup.kql:15:18 HUB312 ingestion mapping Costs_raw_mapping maps to column 'BillingCurrencyX', which table Costs_raw does not have",
  ]);
  assert.equal(r.diagnostics[0].start, posOf(ingestion, 'BillingCurrencyX'));
  assert.is(r.diagnostics[0].hint, 'Table Costs_raw has: BilledCost, BillingCurrency, ChargePeriodStart, ResourceId, Tags.');
});

test('mapping coverage: a required source column no entry reads is HUB312', () => {
  const r = validateKqlScripts(scripts(), {
    requiredMappingSources: [
      { table: 'Costs_raw', mapping: 'Costs_raw_mapping', sources: ['BilledCost', '$.Tags', 'EffectiveCost'] },
      { database: 'Hub', table: 'Costs_raw', sources: ['BilledCost'] },
    ],
  });
  assert.equal(r.diagnostics.map(brief), [
    'kql/HubSetup.kql:undefined:undefined HUB312 no ingestion mapping for table Costs_raw in database Hub',
    "kql/IngestionSetup.kql:11:1 HUB312 ingestion mapping Costs_raw_mapping of table Costs_raw does not read source column 'EffectiveCost'",
  ]);
});

test('create-merge cannot change the type of an existing column', () => {
  const ingestion = edit(INGESTION, '.alter-merge table Costs_raw policy', '.create-merge table Costs_raw (Tags: string, Extra: long)\n\n.alter-merge table Costs_raw policy');
  const r = validateKqlScripts(scripts({ ingestion }).slice(0, 2));
  assert.equal(r.diagnostics.map(brief), [
    `kql/IngestionSetup.kql:${posOf(ingestion, 'Tags: string').line}:${posOf(ingestion, 'Tags: string').col} HUB310 column 'Tags' of table Costs_raw is already dynamic; CreateMergeTable cannot change it to string`,
  ]);
  // merge keeps the old columns first and appends the new one
  assert.equal(
    r.databases.Ingestion.tables[0].columns.map((c) => `${c.name}:${c.type}`),
    ['BilledCost:real', 'BillingCurrency:string', 'ChargePeriodStart:datetime', 'ResourceId:string', 'Tags:dynamic', 'Extra:long'],
  );
});

test('initial schema and extra databases: pre-declared tables resolve across databases', () => {
  const text = ".create-or-alter function Latest() {\n    database('Ingestion').Prices | project Price, Missing\n}\n";
  const r = validateKqlScripts([{ file: 'q.kql', database: 'Hub', text }], {
    databases: ['Ingestion'],
    initialSchema: { Ingestion: [{ name: 'Prices', columns: [{ name: 'Price', type: 'double' }] }] },
  });
  assert.equal(r.diagnostics.map(brief), ["q.kql:2:51 HUB310 KS142: The name 'Missing' does not refer to any known column, table, variable or function."]);
  assert.equal(Object.keys(r.databases), ['Ingestion', 'Hub']);
  assert.equal(r.databases.Ingestion.tables, [{ name: 'Prices', columns: [{ name: 'Price', type: 'real' }] }]);
});

test('compareSchemas reports each kind of difference once', () => {
  const table = {
    name: 'T',
    columns: [
      { name: 'a', type: 'long' },
      { name: 'b', type: 'string' },
      { name: 'c', type: 'real' },
    ],
  };
  assert.equal(compareSchemas(table.columns, table), []);
  assert.equal(
    compareSchemas(
      [
        { name: 'b', type: 'string' },
        { name: 'a', type: 'int' },
        { name: 'd', type: 'real' },
      ],
      table,
    ),
    [
      "table T column 'c: real' is not produced by the query",
      "query result column 'd: real' is not in table T",
      "column 'a' is int in the query result but long in table T",
      "column order differs from table T: query result column 1 is 'b' where the table has 'a' (column 1)",
    ],
  );
});

test.run();
