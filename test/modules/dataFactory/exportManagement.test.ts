import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { objectsOf, activityOf, allActivities, evaluate } from './support.js';
import { parseAdfValue, adfValueNodes, walkAdf, evaluateAdf, type AdfExprNode } from '../../../src/expressions/adf/index.js';

const { byName } = objectsOf();
const RM = 'https://management.azure.com';
const settings = (over: Record<string, unknown> = {}) => ({ activities: { 'Read Settings': { output: { firstRow: { version: '0.7', scopes: [], ...over } } } } });

test('the resource manager URL variable drops the trailing slash of environment().resourceManager', () => {
  for (const name of ['config_ConfigureExports', 'config_StartExportProcess', 'config_RunExportJobs', 'config_RunBackfillJob']) {
    const v = byName(name).properties.variables.resourceManagerUrl;
    assert.is(v.type, 'String');
    assert.is(
      v.defaultValue,
      "[if(endsWith(environment().resourceManager, '/'), substring(environment().resourceManager, 0, sub(length(environment().resourceManager), 1)), environment().resourceManager)]",
      name,
    );
  }
});

test('scopes: array or single object, empty and "/" dropped', () => {
  const f = activityOf(byName('config_ConfigureExports'), 'Filter Scopes');
  const keep = (scopes: unknown) => {
    const items = evaluate(f.typeProperties.items, settings({ scopes })) as any[];
    return items.filter((item) => evaluate(f.typeProperties.condition, { item })).map((i) => i.scope);
  };
  assert.equal(keep([{ scope: '/subscriptions/s1' }, { scope: '' }, { scope: '/' }, {}, { scope: '/providers/Microsoft.Billing/billingAccounts/1' }]), [
    '/subscriptions/s1',
    '/providers/Microsoft.Billing/billingAccounts/1',
  ]);
  assert.equal(keep({ scope: '/subscriptions/s2' }), ['/subscriptions/s2']);
  assert.equal(keep({ scope: '' }), []);
  assert.equal(evaluate(f.typeProperties.items, { activities: { 'Read Settings': { output: { firstRow: {} } } } }), []);
});

test('config_ConfigureExports PUTs the daily and monthly FOCUS exports of each scope', () => {
  const p = byName('config_ConfigureExports');
  assert.is(p.properties.variables.dailyExportName.defaultValue, "[concat(toLower(parameters('hubName')), '-daily-costdetails')]");
  assert.is(p.properties.variables.monthlyExportName.defaultValue, "[concat(toLower(parameters('hubName')), '-monthly-costdetails')]");
  const variables = {
    resourceManagerUrl: RM,
    dailyExportName: 'finops-hub-daily-costdetails',
    monthlyExportName: 'finops-hub-monthly-costdetails',
    storageAccountId: '/subscriptions/h/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/st',
  };
  const loop = activityOf(p, 'For Each Scope');
  assert.is(loop.typeProperties.isSequential, true);
  const expected = [
    ['Create Daily Export', 'finops-hub-daily-costdetails', 'MonthToDate', 'Daily'],
    ['Create Monthly Export', 'finops-hub-monthly-costdetails', 'TheLastMonth', 'Monthly'],
  ];
  for (const scope of ['/subscriptions/s1', 'subscriptions/s1']) {
    for (const [name, exportName, timeframe, recurrence] of expected) {
      const put = activityOf(p, name);
      assert.is(put.typeProperties.method, 'PUT');
      assert.equal(put.typeProperties.authentication, { type: 'MSI', resource: '[environment().resourceManager]' });
      const ctx = { item: { scope }, variables };
      assert.is(evaluate(put.typeProperties.url, ctx), `${RM}/subscriptions/s1/providers/Microsoft.CostManagement/exports/${exportName}?api-version=2023-07-01-preview`);
      const body = JSON.parse(evaluate(put.typeProperties.body, ctx) as string);
      assert.equal(body, {
        identity: { type: 'SystemAssigned' },
        location: 'global',
        properties: {
          definition: { type: 'FocusCost', timeframe, dataSet: { granularity: 'Daily', configuration: { dataVersion: '1.0', filters: [] } } },
          deliveryInfo: { destination: { type: 'AzureBlob', container: 'rawexports', rootFolderPath: 'subscriptions/s1', resourceId: variables.storageAccountId } },
          schedule: { recurrence, recurrencePeriod: { from: '2024-01-01T00:00:00.000Z', to: '2050-02-01T00:00:00.000Z' }, status: 'Inactive' },
          format: 'Parquet',
          partitionData: true,
          dataOverwriteBehavior: 'CreateNewReport',
          compressionMode: 'Snappy',
        },
      });
    }
  }
  assert.equal(activityOf(p, 'Create Monthly Export').dependsOn, [{ activity: 'Create Daily Export', dependencyConditions: ['Succeeded'] }]);
  const fail = activityOf(p, 'Daily Export Create Failed');
  assert.is(fail.typeProperties.errorCode, 'ExportCreateFailed');
  assert.match(
    evaluate(fail.typeProperties.message, {
      item: { scope: '/subscriptions/s1' },
      variables,
      activities: { 'Create Daily Export': { error: { message: 'Forbidden' } } },
    }) as string,
    /'finops-hub-daily-costdetails' on scope '\/subscriptions\/s1'.*Forbidden$/,
  );
});

test('config_StartExportProcess lists the exports of each scope and hands them to config_RunExportJobs', () => {
  const p = byName('config_StartExportProcess');
  assert.equal(p.properties.parameters, { Recurrence: { type: 'String', defaultValue: 'Daily' } });
  const list = activityOf(p, 'List Exports');
  assert.is(list.typeProperties.method, 'GET');
  assert.is(
    evaluate(list.typeProperties.url, { item: { scope: '/providers/Microsoft.Billing/billingAccounts/1' }, variables: { resourceManagerUrl: RM } }),
    `${RM}/providers/Microsoft.Billing/billingAccounts/1/providers/Microsoft.CostManagement/exports?api-version=2023-07-01-preview`,
  );
  const run = activityOf(p, 'Run Exports');
  assert.is(run.typeProperties.pipeline.referenceName, 'config_RunExportJobs');
  const exportsList = [{ id: '/subscriptions/s1/providers/Microsoft.CostManagement/exports/x', name: 'x' }];
  assert.equal(evaluate(run.typeProperties.parameters.ExportScopes, { activities: { 'List Exports': { output: { value: exportsList } } } }), exportsList);
  assert.is(evaluate(run.typeProperties.parameters.Recurrence, { parameters: { Recurrence: 'Monthly' } }), 'Monthly');
});

test('config_RunExportJobs POSTs /run for hub exports whose recurrence matches', () => {
  const p = byName('config_RunExportJobs');
  assert.is(p.properties.variables.exportNamePrefix.defaultValue, "[concat(toLower(parameters('hubName')), '-')]");
  const cond = activityOf(p, 'If Scheduled Hub Export').typeProperties.expression;
  const exp = (name: string, recurrence: string) => ({
    id: `/subscriptions/s1/providers/Microsoft.CostManagement/exports/${name}`,
    name,
    properties: { schedule: { recurrence } },
  });
  const runs = (e: unknown, Recurrence: string) => evaluate(cond, { item: e, parameters: { Recurrence }, variables: { exportNamePrefix: 'finops-hub-' } });
  assert.is(runs(exp('finops-hub-daily-costdetails', 'Daily'), 'Daily'), true);
  assert.is(runs(exp('FinOps-Hub-daily-costdetails', 'daily'), 'Daily'), true);
  assert.is(runs(exp('finops-hub-monthly-costdetails', 'Monthly'), 'Daily'), false);
  assert.is(runs(exp('finops-hub2-daily-costdetails', 'Daily'), 'Daily'), false);
  assert.is(runs(exp('someone-else', 'Daily'), 'Daily'), false);
  assert.is(runs({ name: 'finops-hub-x' }, 'Daily'), false);
  const post = activityOf(p, 'Run Export');
  assert.is(post.typeProperties.method, 'POST');
  assert.is(
    evaluate(post.typeProperties.url, { item: exp('finops-hub-daily-costdetails', 'Daily'), variables: { resourceManagerUrl: RM } }),
    `${RM}/subscriptions/s1/providers/Microsoft.CostManagement/exports/finops-hub-daily-costdetails/run?api-version=2023-07-01-preview`,
  );
  assert.is(post.typeProperties.headers['x-ms-command-name'], 'FinOpsToolkit.Hubs.config_RunExportJobs@0.7');
  // Data Factory rejects a POST without a body; the run takes no payload, so the body is a single space.
  assert.is(post.typeProperties.body, ' ');
  assert.is(activityOf(p, 'Export Run Failed').typeProperties.errorCode, 'ExportRunFailed');
});

test('config_StartBackfillProcess runs one backfill per retained month, newest first', () => {
  const p = byName('config_StartBackfillProcess');
  const loop = activityOf(p, 'For Each Month');
  assert.is(loop.typeProperties.isSequential, true);
  const months = (retention: unknown) => evaluate(loop.typeProperties.items, settings({ retention }));
  assert.equal(months({ ingestion: { months: 3 } }), [1, 2, 3]);
  assert.equal(months({ ingestion: { months: 0 } }), []);
  assert.equal(months({ ingestion: { months: -2 } }), []);
  assert.is((months({}) as number[]).length, 13);
  // `range` is never asked for fewer than one item, whatever the setting (if() may evaluate both branches).
  const ranges: AdfExprNode[] = [];
  for (const node of adfValueNodes(parseAdfValue(loop.typeProperties.items.value))) walkAdf(node, (n) => void (n.kind === 'call' && n.name === 'range' && ranges.push(n)));
  assert.is(ranges.length, 1);
  for (const value of [13, 1, 0, -2, '0', null]) {
    const count = evaluateAdf((ranges[0] as Extract<AdfExprNode, { kind: 'call' }>).args[1], {
      utcNow: '2024-11-15T10:20:30Z',
      ...settings({ retention: { ingestion: { months: value } } }),
    });
    assert.ok((count as number) >= 1, `months ${value}: range count ${count}`);
  }
  const currentMonth = evaluate(activityOf(p, 'Set Current Month').typeProperties.value, { utcNow: '2024-11-15T10:20:30.0000000Z' });
  const exec = activityOf(p, 'Backfill Month');
  assert.is(exec.typeProperties.pipeline.referenceName, 'config_RunBackfillJob');
  const at = (item: number) => ({
    start: evaluate(exec.typeProperties.parameters.StartDate, { item, variables: { currentMonth } }),
    end: evaluate(exec.typeProperties.parameters.EndDate, { item, variables: { currentMonth } }),
  });
  assert.equal(at(1), { start: '2024-10-01T00:00:00.0000000Z', end: '2024-10-31T00:00:00.0000000Z' });
  assert.equal(at(13), { start: '2023-10-01T00:00:00.0000000Z', end: '2023-10-31T00:00:00.0000000Z' });
  assert.equal(at(9), { start: '2024-02-01T00:00:00.0000000Z', end: '2024-02-29T00:00:00.0000000Z' });
});

test('config_RunBackfillJob POSTs /run of the monthly export with the period', () => {
  const p = byName('config_RunBackfillJob');
  const post = activityOf(p, 'Run Backfill Export');
  const ctx = {
    item: { scope: '/subscriptions/s1' },
    parameters: { StartDate: '2024-10-01T00:00:00.0000000Z', EndDate: '2024-10-31T00:00:00.0000000Z' },
    variables: { resourceManagerUrl: RM, monthlyExportName: 'finops-hub-monthly-costdetails' },
  };
  assert.is(
    evaluate(post.typeProperties.url, ctx),
    `${RM}/subscriptions/s1/providers/Microsoft.CostManagement/exports/finops-hub-monthly-costdetails/run?api-version=2023-07-01-preview`,
  );
  assert.equal(JSON.parse(evaluate(post.typeProperties.body, ctx) as string), { timePeriod: { from: '2024-10-01T00:00:00.0000000Z', to: '2024-10-31T00:00:00.0000000Z' } });
  assert.is(post.typeProperties.headers['Content-Type'], 'application/json');
  assert.is(post.policy.retry, 1);
  assert.is(activityOf(p, 'Backfill Export Run Failed').typeProperties.errorCode, 'BackfillExportRunFailed');
});

test('every config pipeline reads settings.json and fails with SettingsReadFailed when it cannot', () => {
  for (const name of ['config_ConfigureExports', 'config_StartExportProcess', 'config_StartBackfillProcess', 'config_RunBackfillJob', 'config_InitializeHub']) {
    const p = byName(name);
    const read = activityOf(p, 'Read Settings');
    assert.equal(read.typeProperties.dataset, { referenceName: 'config', type: 'DatasetReference', parameters: { fileName: 'settings.json', folderPath: 'config' } });
    const f = allActivities(p).find((a) => a.type === 'Fail' && a.dependsOn.some((d: any) => d.activity === 'Read Settings' && d.dependencyConditions.includes('Failed')));
    assert.is(f?.typeProperties.errorCode, 'SettingsReadFailed', name);
    assert.is(p.properties.concurrency, 1, name);
  }
});

test.run();
