/**
 * The key a command's outcome is cached under (src/validators/kql/state.ts `scopeHash`, `commandKey`): the
 * same for a command whose tables and functions are the same, however the rest of the schema differs (so a
 * command that several releases share is analysed once), and different as soon as anything the command can
 * read differs: a table it names, a table a function it calls reads, or any table for a command that reads
 * tables without naming them. The last test shows a cached outcome is never reused where it would be wrong.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ClusterState } from '../../src/validators/kql/state.js';
import { validateKqlScripts } from '../../src/validators/kql.js';

/** A cluster with database `Db` holding the tables (name -> column type of `a`) and functions (name -> body). */
function cluster(tables: Record<string, string>, functions: Record<string, string> = {}): ClusterState {
  const state = new ClusterState('cluster');
  const db = state.db('Db');
  for (const [name, type] of Object.entries(tables)) db.tables.set(name, { name, columns: [{ name: 'a', type }] });
  for (const [name, body] of Object.entries(functions)) db.functions.set(name, { name, parameters: '()', body });
  state.touch();
  return state;
}

test('a command keeps its key when only tables and functions it does not read differ', () => {
  const text = 'T | project a';
  assert.is(cluster({ T: 'string', U: 'long' }).scopeHash(text), cluster({ T: 'string', U: 'string', V: 'int' }, { G: '{ U }' }).scopeHash(text));
  assert.is.not(cluster({ T: 'string' }).scopeHash(text), cluster({ T: 'long' }).scopeHash(text), 'a table it names');
  assert.is.not(cluster({ T: 'string' }).scopeHash(text), cluster({}).scopeHash(text), 'whether a table it names exists');
  assert.is.not(cluster({ T: 'string' }).scopeHash("database('Db').['T']"), cluster({ T: 'long' }).scopeHash("database('Db').['T']"), 'quoted names');
});

test('a function a command calls brings in what its body reads, transitively', () => {
  const text = '.alter table Y policy update ```[{"Source": "S", "Query": "F()"}]```';
  const a = cluster({ S: 'string', T: 'string', U: 'string' }, { F: '{ G() }', G: '{ T }' });
  assert.is.not(a.scopeHash(text), cluster({ S: 'string', T: 'long', U: 'string' }, { F: '{ G() }', G: '{ T }' }).scopeHash(text));
  assert.is(a.scopeHash(text), cluster({ S: 'string', T: 'string', U: 'long' }, { F: '{ G() }', G: '{ T }' }).scopeHash(text));
});

test('a command that can read tables it does not name is keyed by the whole schema', () => {
  for (const text of ['.show tables', 'union * | count', 'union Cost* | count', 'search "x"', "table(strcat('T', '1'))"]) {
    assert.is(cluster({ T1: 'string' }).scopeHash(text), cluster({ T1: 'string' }).schemaHash(), text);
    assert.is.not(cluster({ T1: 'string' }).scopeHash(text), cluster({ T1: 'long' }).scopeHash(text), text);
  }
  assert.is.not(cluster({ T: 'string' }).scopeHash('T | extend b = a * 2'), cluster({ T: 'string' }).schemaHash(), 'a product is no wildcard');
});

test('validation: a cached outcome is not reused when a table read through two functions has changed', () => {
  const scripts = (type: string) => [
    {
      file: 'a.kql',
      database: 'Db',
      text: [
        '.create table Src (a: string)',
        `.create table Lookup (a: ${type})`,
        '.create table Final (a: string)',
        '.create-or-alter function Inner() { Lookup | project a }',
        '.create-or-alter function Outer() { Inner() }',
        '.alter table Final policy update @\'[{"Source": "Src", "Query": "Outer()", "IsEnabled": true}]\'',
      ].join('\n\n'),
    },
  ];
  assert.equal(validateKqlScripts(scripts('string')).diagnostics, []);
  const changed = validateKqlScripts(scripts('long')).diagnostics.map((d) => d.code);
  assert.equal(changed, ['HUB311'], 'the policy command is analysed again: its query reads Lookup through two functions');
});

test.run();
