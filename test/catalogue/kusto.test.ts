/**
 * Kusto script order in the failure catalogue (HUB730, HUB731) on templates made here: a script that calls a
 * function another script creates without depending on it, one that depends on it (directly, through the
 * nested deployments around them, or as a later instance of a serial copy loop), a policy on a table no
 * script creates, and `continueOnErrors`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findings, summary, template } from '../support/catalogue.js';

const script = (name: string, content: string, extra: object = {}) => ({
  type: 'Microsoft.Kusto/clusters/databases/scripts',
  apiVersion: '2023-08-15',
  name: `adx/Ingestion/${name}`,
  properties: { scriptContent: content, continueOnErrors: false },
  ...extra,
});
const COMMON = '.create-or-alter function parse_id(id: string) { tolower(id) }\n';
const SETUP = '.create-merge table Costs_raw (Id: string)\n\n.create-or-alter function Costs_transform() { Costs_raw | extend Id = parse_id(Id) }\n';
const order = (t: object) => findings(t, { entries: ['kusto/script-order'] });
const id = (name: string) => `[resourceId('Microsoft.Kusto/clusters/databases/scripts', 'adx', 'Ingestion', '${name}')]`;

test('HUB730: a script that calls a function only an unordered script creates fails; with dependsOn it passes', () => {
  const d = order(template({ resources: [script('common', COMMON), script('setup', SETUP)] }));
  assert.equal(summary(d), [
    'HUB730 Kusto script adx/Ingestion/setup uses the function parse_id, which only script adx/Ingestion/common creates, and nothing makes ARM run adx/Ingestion/common first: the script can run before it and fail ("Failed to execute script"), failing the deployment',
  ]);
  assert.is(d[0].file, 'azuredeploy.json');
  assert.equal(order(template({ resources: [script('common', COMMON), script('setup', SETUP, { dependsOn: [id('common')] })] })), []);
});

test('the order through nested deployments and a serial copy loop', () => {
  const module = (name: string, resources: object[], dependsOn: string[] = []) => ({
    type: 'Microsoft.Resources/deployments',
    apiVersion: '2022-09-01',
    name,
    dependsOn,
    properties: { mode: 'Incremental', expressionEvaluationOptions: { scope: 'inner' }, template: template({ resources }) },
  });
  const nested = (dependsOn: string[]) => template({ resources: [module('init', [script('common', COMMON)]), module('versioned', [script('setup', SETUP)], dependsOn)] });
  assert.equal(order(nested(["[resourceId('Microsoft.Resources/deployments', 'init')]"])), []);
  assert.equal(
    order(nested([])).map((d) => d.code),
    ['HUB730'],
  );
  const loop = (mode: string) =>
    template({
      variables: {
        scripts: [
          { key: 'common', value: COMMON },
          { key: 'setup', value: SETUP },
        ],
      },
      resources: [
        {
          type: 'Microsoft.Kusto/clusters/databases/scripts',
          apiVersion: '2023-08-15',
          name: "[format('adx/Ingestion/{0}', variables('scripts')[copyIndex()].key)]",
          copy: { name: 'scripts', count: 2, mode, batchSize: 1 },
          properties: { scriptContent: "[variables('scripts')[copyIndex()].value]" },
        },
      ],
    });
  assert.equal(order(loop('serial')), []);
  assert.equal(
    order(loop('parallel')).map((d) => d.code),
    ['HUB730'],
  );
});

test('HUB731: a policy on a table no script creates fails; continueOnErrors fails nothing', () => {
  const policy = '.alter table Costs_final policy update @\'[{"Source": "Costs_raw", "Query": "Costs_transform()"}]\'\n';
  const d = order(template({ resources: [script('setup', SETUP + policy)] }));
  assert.equal(summary(d), [
    'HUB731 Kusto script adx/Ingestion/setup uses the table Costs_final, which neither it nor any script before it creates: ADX rejects the command ("Failed to execute script") and the deployment fails',
  ]);
  assert.equal(order(template({ resources: [script('setup', `.create-merge table Costs_final (Id: string)\n${SETUP}${policy}`)] })), []);
  const lenient = script('setup', SETUP, { properties: { scriptContent: SETUP, continueOnErrors: true } });
  assert.equal(order(template({ resources: [script('common', COMMON), lenient] })), []);
});

test('names in comments and string literals are not uses', () => {
  const setup = ".create-or-alter function f() { print 'parse_id(x)' // parse_id(y)\n}\n";
  assert.equal(order(template({ resources: [script('common', COMMON), script('setup', setup)] })), []);
});

test("an update policy's query calls a function: one an earlier script creates is found (a script cut into parts, issue #36)", () => {
  const policy = '.alter table Costs_final policy update @\'[{"Source": "Costs_raw", "Query": "Costs_transform()"}]\'\n';
  const final = '.create-merge table Costs_final (Id: string)\n';
  // The function and the tables in one script, the policy in the next one, which waits for it.
  const parts = template({
    resources: [script('common', COMMON), script('setup', `${SETUP}${final}`, { dependsOn: [id('common')] }), script('setup_2', policy, { dependsOn: [id('setup')] })],
  });
  assert.equal(order(parts), []);
  // Nothing creates the function the query calls: the policy is refused.
  const missing = template({ resources: [script('setup', `.create-merge table Costs_raw (Id: string)\n${final}`), script('setup_2', policy, { dependsOn: [id('setup')] })] });
  assert.equal(summary(order(missing)), [
    'HUB731 Kusto script adx/Ingestion/setup_2 uses the function Costs_transform, which neither it nor any script before it creates: ADX rejects the command ("Failed to execute script") and the deployment fails',
  ]);
});

test.run();
