/**
 * The command-level KQL reader: tables (merged over commands), functions, update policies, ingestion mappings
 * and other commands, and their comparison in a diff.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readKqlScript } from '../../src/diff/kqlReader.js';
import { compareKql } from '../../src/diff/kql.js';
import { fromFiles } from '../../src/build/index.js';

/** The Build of files in memory. */
const asBuild = (files: ReadonlyMap<string, string>) => fromFiles({ release: 'test', source: 'folder', files });

const SCRIPT_A = `// header
.create-merge table Sales (
    Id: string,
    ['Amount (USD)']: real
) with (docstring = 'Raw sales', folder = "Raw")

.alter-merge table Sales (Region: string)

.create-or-alter function with (docstring = 'Totals', folder = 'Reports')
SalesTotal(region: string = 'all')
{
    // sum it
    Sales
    | summarize sum(['Amount (USD)'])
}

.alter table SalesFinal policy update
\`\`\`
[{ "IsEnabled": true, "Source": "Sales", "Query": "SalesTotal()", "IsTransactional": true }]
\`\`\`

.create-or-alter table Sales ingestion parquet mapping "Sales_mapping"
'[{"Column":"Id","Properties":{"Path":"$.id"}},{"Column":"Amount (USD)","Properties":{"Path":"$.amount"}}]'

.alter-merge table Sales policy retention softdelete = 30d recoverability = disabled

.set-or-append Audit <| print x = 1
`;

test('reads tables, functions, policies, mappings and other commands', () => {
  const d = readKqlScript(SCRIPT_A);
  assert.equal(d.tables.get('Sales'), {
    columns: [
      { name: 'Id', type: 'string' },
      { name: 'Amount (USD)', type: 'real' },
      { name: 'Region', type: 'string' },
    ],
    properties: { docstring: 'Raw sales', folder: 'Raw' },
    policies: { retention: 'softdelete = 30d recoverability = disabled' },
  });
  const f = d.functions.get('SalesTotal')!;
  assert.is(f.parameters, "region: string = 'all'");
  assert.is(f.body, "{\nSales\n| summarize sum(['Amount (USD)'])\n}");
  assert.equal(f.properties, { docstring: 'Totals', folder: 'Reports' });
  assert.equal(d.updatePolicies.get('SalesFinal'), [{ IsEnabled: true, Source: 'Sales', Query: 'SalesTotal()', IsTransactional: true }]);
  const m = d.ingestionMappings.get('Sales/Sales_mapping (parquet)')!;
  assert.is(m.kind, 'parquet');
  assert.equal(
    (m.mapping as { Column: string }[]).map((x) => x.Column),
    ['Id', 'Amount (USD)'],
  );
  assert.equal([...d.commands], ['.set-or-append Audit <| print x = 1']);
});

test('a diff of two scripts reports objects, not text', () => {
  const b = SCRIPT_A.replace("['Amount (USD)']: real", "['Amount (USD)']: decimal")
    .replace('| summarize sum', '| where Region != ""\n    | summarize sum')
    .replace('"IsTransactional": true', '"IsTransactional": false')
    .replace(
      `{"Column":"Amount (USD)","Properties":{"Path":"$.amount"}}]`,
      `{"Column":"Amount (USD)","Properties":{"Path":"$.amount"}},{"Column":"Region","Properties":{"Path":"$.region"}}]`,
    )
    .replace('    // sum it\n', '    // a comment change alone is not a change\n');
  const sections = Object.fromEntries(compareKql(asBuild(new Map([['kql/SalesSetup.kql', SCRIPT_A]])), asBuild(new Map([['kql/SalesSetup.kql', b]]))).map((s) => [s.id, s.items]));
  assert.equal(sections.tables, [
    {
      name: 'Sales.Sales',
      change: 'changed',
      members: { kind: 'column', items: [{ name: 'Amount (USD)', change: 'changed', changes: [{ path: '', change: 'changed', from: 'real', to: 'decimal' }] }] },
    },
  ]);
  assert.equal(
    sections.functions.map((i) => [i.name, i.changes!.map((c) => c.path)]),
    [['Sales.SalesTotal', ['body']]],
  );
  assert.equal(sections.updatePolicies[0].changes, [{ path: '[0].IsTransactional', change: 'changed', from: true, to: false }]);
  assert.equal(sections.ingestionMappings[0].members!.items, [{ name: 'Region', change: 'added' }]);
  assert.equal(sections.commands, []);
  // Only a comment changed: nothing to report.
  const onlyComment = SCRIPT_A.replace('// sum it', '// total');
  assert.ok(compareKql(asBuild(new Map([['kql/X.kql', SCRIPT_A]])), asBuild(new Map([['kql/X.kql', onlyComment]]))).every((s) => !s.items.length));
});

test.run();
