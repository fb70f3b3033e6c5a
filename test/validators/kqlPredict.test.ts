/**
 * The schema effects of a KQL command read from its text (src/validators/kql/predict.ts), which the second
 * of two threads sharing a validation starts from: the shapes the language service gives (exact parameter
 * and body text, canonical column types, unquoted names), and nothing for what it does not understand.
 * Whether the predictions equal the language service's on real scripts is checked where those scripts are
 * analysed anyway (test/modules/dataExplorer/kqlValidation.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalScalarType, predictSchemaEffects } from '../../src/validators/kql/predict.js';
import { predictedCommandKeys } from '../../src/validators/kql.js';

test('tables: create, create-merge, alter-merge (merge) and alter (replace), with canonical column types', () => {
  const text = "// raw costs\n.create-merge table Costs_raw (\n    BilledCost: double,\n    ['x-Tag']: string,\n    Count: int64,\n    Ok: boolean\n) with (folder = 'Costs')\n";
  assert.equal(predictSchemaEffects(text), [
    {
      type: 'table',
      mode: 'merge',
      table: {
        name: 'Costs_raw',
        columns: [
          { name: 'BilledCost', type: 'real' },
          { name: 'x-Tag', type: 'string' },
          { name: 'Count', type: 'long' },
          { name: 'Ok', type: 'bool' },
        ],
      },
    },
  ]);
  assert.equal(predictSchemaEffects('.create table T (a: guid)')[0], { type: 'table', mode: 'create', table: { name: 'T', columns: [{ name: 'a', type: 'guid' }] } });
  assert.equal((predictSchemaEffects('.alter table T (a: timespan)')[0] as { mode: string }).mode, 'replace');
  assert.equal((predictSchemaEffects('.alter-merge table T (a: date)')[0] as { mode: string }).mode, 'merge');
});

test('table commands that change no schema, and drop and rename', () => {
  assert.equal(predictSchemaEffects('.alter table T policy update\n```\n[]\n```'), []);
  assert.equal(predictSchemaEffects('.create-or-alter table T ingestion parquet mapping "m"\n```\n[{"Column": "a"}]\n```'), []);
  assert.equal(predictSchemaEffects('.alter-merge table T policy retention softdelete = 0d'), []);
  assert.equal(predictSchemaEffects('.drop table T ingestion json mapping "m"'), []);
  assert.equal(predictSchemaEffects('.drop table T ifexists'), [{ type: 'dropTable', name: 'T' }]);
  assert.equal(predictSchemaEffects('.rename table A to B'), [{ type: 'renameTable', from: 'A', to: 'B' }]);
});

test('functions: the exact parameter list and body, past properties, strings, arrays and comments holding brackets', () => {
  const params = "(t: (Count: long), sep: string = ')')";
  const body = "{\n    // a } in a comment\n    let names = dynamic(['Jan', 'Feb']);\n    t | extend s = strcat(sep, '}', @'{', ```}```)\n}";
  const text = `.create-or-alter function with (docstring = 'Adds (a) column {x}', folder = 'Common')\npercent${params}\n${body}\n\n`;
  assert.equal(predictSchemaEffects(text), [{ type: 'function', def: { name: 'percent', parameters: params, body } }]);
  assert.equal(predictSchemaEffects(".create function ifnotexists ['my-fn']() { print 1 }"), [{ type: 'function', def: { name: 'my-fn', parameters: '()', body: '{ print 1 }' } }]);
  assert.equal(predictSchemaEffects('.alter function F docstring "text"'), []);
  assert.equal(predictSchemaEffects('.drop function F'), [{ type: 'dropFunction', name: 'F' }]);
});

test('what is not understood is predicted to change nothing: several tables at once, an unclosed body, other commands', () => {
  assert.equal(predictSchemaEffects('.create-merge tables A (x: long), B (y: string)'), []);
  assert.equal(predictSchemaEffects('.create-or-alter function F() { print 1'), []);
  assert.equal(predictSchemaEffects(".create-or-alter function F() { print 'unclosed }"), []);
  assert.equal(predictSchemaEffects('.show tables'), []);
  assert.equal(predictSchemaEffects('print 1'), []);
});

test('canonical scalar type names, as Kusto names them', () => {
  assert.equal(['double', 'Int64', 'int32', 'uniqueid', 'uuid', 'time', 'boolean', 'decimal', 'nope'].map(canonicalScalarType), [
    'real',
    'long',
    'int',
    'guid',
    'guid',
    'timespan',
    'bool',
    'decimal',
    undefined,
  ]);
});

test('predicted command keys follow the predicted schema: the same command after another table command has another key', () => {
  const keys = (first: string) => predictedCommandKeys([{ file: 'kql/a.kql', database: 'Ingestion', text: `${first}\n\n.show tables\n` }]);
  const [, afterA] = keys('.create-merge table A (a: long)');
  const [, afterB] = keys('.create-merge table B (a: long)');
  const [, afterRetention] = keys('.alter-merge table A policy retention softdelete = 0d');
  const [, afterRetention2] = keys('.alter-merge table B policy retention softdelete = 0d');
  assert.is.not(afterA, afterB);
  assert.is.not(afterA, afterRetention);
  assert.is(afterRetention, afterRetention2, 'a policy changes no schema');
});

test.run();
