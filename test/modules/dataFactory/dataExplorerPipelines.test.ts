import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { objectsOf, activityOf, allActivities, evaluate, FIXTURE_YAML } from './support.js';
import { TAG_FOLDERS_REGEX, TAG_DATE_FOLDER_REGEX } from '../../../src/modules/dataFactory/pipelines/ingestion_ETL_dataExplorer.js';

const { byName, ctx } = objectsOf();
const queue = byName('ingestion_ExecuteETL');
const load = byName('ingestion_ETL_dataExplorer');
const init = byName('config_InitializeHub');

test('ingestion_ExecuteETL derives folder, table, file names and ingestion id from the manifest path', () => {
  const folder = evaluate(activityOf(queue, 'Set Folder Path').typeProperties.value, { parameters: { folderPath: 'ingestion/Costs/2024/11/subscriptions/s1' } });
  assert.is(folder, 'Costs/2024/11/subscriptions/s1');
  const exec = activityOf(queue, 'Load File');
  assert.is(exec.typeProperties.pipeline.referenceName, 'ingestion_ETL_dataExplorer');
  const params = (name: string, f: string) =>
    Object.fromEntries(
      Object.entries(exec.typeProperties.parameters).map(([k, v]) => [
        k,
        evaluate(v, { item: { name, type: 'File' }, variables: { folder: f, timestamp: '2024-11-05T01:23:45.1234567Z' } }),
      ]),
    );
  assert.equal(params('af754a8e__part_0_0001.snappy.parquet', folder as string), {
    folderPath: 'Costs/2024/11/subscriptions/s1',
    fileName: 'af754a8e__part_0_0001.snappy.parquet',
    originalFileName: 'part_0_0001.snappy.parquet',
    ingestionId: 'af754a8e_2024-11-05T01:23:45.1234567Z',
    table: 'Costs_raw',
  });
  // A custom dataset: the table is the first folder under ingestion.
  assert.is(params('b1__budget.parquet', 'Budgets/2024/11/contoso/finance').table, 'Budgets_raw');
  assert.is(params('plain.parquet', 'Budgets/all/x').originalFileName, 'plain.parquet');
});

test('ingestion_ExecuteETL loads parquet files only, at the cluster capacity, and fails when there are none', () => {
  const f = activityOf(queue, 'Filter Parquet Files');
  const items = [
    { name: 'a__x.parquet', type: 'File' },
    { name: 'manifest.json', type: 'File' },
    { name: 'b__Y.PARQUET', type: 'File' },
    { name: 'sub.parquet', type: 'Folder' },
  ];
  assert.equal(
    items.filter((item) => evaluate(f.typeProperties.condition, { item })).map((i) => i.name),
    ['a__x.parquet', 'b__Y.PARQUET'],
  );
  assert.equal(evaluate(f.typeProperties.items, { activities: { 'List Files': { output: { exists: false } } } }), []);
  const loop = activityOf(queue, 'For Each File');
  assert.is(loop.typeProperties.isSequential, false);
  assert.is(loop.typeProperties.batchCount, "[variables('dataExplorerIngestionCapacity')]");
  const none = activityOf(queue, 'If No Files');
  assert.is(evaluate(none.typeProperties.expression, { activities: { 'Filter Parquet Files': { output: { value: [] } } } }), true);
  const fail = none.typeProperties.ifTrueActivities[0];
  assert.is(fail.typeProperties.errorCode, 'IngestionFilesNotFound');
  assert.match(evaluate(fail.typeProperties.message, { variables: { folder: 'Budgets/2024/11/x' } }) as string, 'ingestion/Budgets/2024/11/x');
  assert.equal(
    loop.dependsOn.map((d: any) => d.activity),
    ['If No Files', 'Set Ingestion Timestamp'],
  );
  assert.is(queue.properties.concurrency, 1);
});

const params = {
  folderPath: 'Costs/2024/11/subscriptions/s1',
  fileName: 'af754a8e__part_0.parquet',
  originalFileName: 'part_0.parquet',
  ingestionId: 'af754a8e_2024-11-05T01:23:45Z',
  table: 'Costs_raw',
};

test('ingest command: abfss URI with the cluster identity, mapping and drop-by tags', () => {
  const cmd = evaluate(activityOf(load, 'Ingest Data').typeProperties.command, {
    parameters: params,
    variables: { storageHost: 'contosostore123.dfs.core.windows.net' },
  }) as string;
  assert.ok(
    cmd.startsWith(
      '.ingest into table Costs_raw ("abfss://ingestion@contosostore123.dfs.core.windows.net/Costs/2024/11/subscriptions/s1/af754a8e__part_0.parquet;managed_identity=system") with (format="parquet", ingestionMappingReference="Costs_raw_mapping", tags="[\\"drop-by:af754a8e_2024-11-05T01:23:45Z\\", \\"drop-by:Costs/2024/11/subscriptions/s1/part_0.parquet\\", \\"drop-by:ftk-version-0.7\\"]");',
    ),
    cmd,
  );
  assert.match(cmd, '$command_results');
  const ingest = activityOf(load, 'Ingest Data');
  assert.is(ingest.policy.retry, 3);
  assert.is(ingest.typeProperties.commandTimeout, '01:00:00');
  assert.equal(ingest.linkedServiceName, { referenceName: 'hubDataExplorer', type: 'LinkedServiceReference', parameters: { database: 'Ingestion' } });
  assert.is(
    load.properties.variables.storageHost.defaultValue,
    "[replace(replace(concat('https://', variables('storageAccountName'), '.dfs.', environment().suffixes.storage, '/'), 'https://', ''), '/', '')]",
  );
});

test('clean-up commands: earlier raw extents before, final extents of the folder and past retention after a successful ingest', () => {
  const pre = evaluate(activityOf(load, 'Pre-Ingest Cleanup').typeProperties.command, { parameters: params }) as string;
  assert.ok(pre.startsWith(".drop extents <| .show database ['Ingestion'] extents\n"), pre);
  assert.match(pre, "split(Tags, '\\r\\n')");
  assert.match(
    pre,
    "(TableName == 'Costs_raw' and not(set_has_element(TagList, 'drop-by:af754a8e_2024-11-05T01:23:45Z')) and set_has_element(TagFolders, 'Costs/2024/11/subscriptions/s1'))",
  );
  assert.match(pre, "(set_has_element(TagList, 'drop-by:af754a8e_2024-11-05T01:23:45Z') and set_has_element(TagList, 'drop-by:Costs/2024/11/subscriptions/s1/part_0.parquet'))");
  const post = evaluate(activityOf(load, 'Post-Ingest Cleanup').typeProperties.command, { parameters: params, variables: { finalRetentionMonths: '13' } }) as string;
  assert.ok(post.startsWith(".drop extents <| .show database ['Ingestion'] extents\n"), post);
  assert.match(post, "TableName startswith_cs 'Costs_final_v'");
  assert.match(post, "datetime_add('month', -13, startofmonth(now()))");
  assert.match(post, "IsOldFinalData = not(set_has_element(TagList, 'drop-by:af754a8e_2024-11-05T01:23:45Z')) and set_has_element(TagFolders, 'Costs/2024/11/subscriptions/s1')");
  // Post-ingest clean-up only after the ingestion succeeded (never after a failed one).
  assert.equal(activityOf(load, 'Post-Ingest Cleanup').dependsOn, [{ activity: 'Ingest Data', dependencyConditions: ['Succeeded'] }]);
  const months = activityOf(load, 'Set Final Retention').typeProperties.value;
  const m = (retention: unknown) => evaluate(months, { activities: { 'Read Settings': { output: { firstRow: { retention } } } } });
  assert.is(m({ final: { months: 36 } }), '36');
  assert.is(m({}), '999');
  assert.is(m({ final: { months: -1 } }), '0');
});

test('clean-up matches folders by exact tag: sibling and nested scope folders keep their extents', () => {
  // `.show extents` lists an extent's tags one per line; these are the tags `Ingest Data` writes.
  const tagsOf = (folder: string, file: string, id = 'run1_2024-11-05T01:23:45Z') => [`drop-by:${id}`, `drop-by:${folder}/${file}`, 'drop-by:ftk-version-0.7'].join('\r\n');
  const folders = (tags: string) => [...tags.matchAll(new RegExp(TAG_FOLDERS_REGEX, 'g'))].map((x) => x[1]);
  const app = 'Costs/2024/11/subscriptions/s1/resourcegroups/app';
  assert.equal(folders(tagsOf(app, 'part_0.parquet')), [app]);
  assert.equal(folders(tagsOf(`${app}-dev`, 'part_0.parquet')), [`${app}-dev`]);
  assert.equal(folders(tagsOf(`${app}/nested`, 'part_0.parquet')), [`${app}/nested`]);
  assert.equal(folders(tagsOf('Costs/2024/11/providers/microsoft.billing/billingaccounts/1234:abcd_2019-05-31', 'a.snappy.parquet')), [
    'Costs/2024/11/providers/microsoft.billing/billingaccounts/1234:abcd_2019-05-31',
  ]);
  // Merged extents carry the tags of every part, still one folder per file tag.
  assert.equal(folders([tagsOf(app, 'a.parquet'), tagsOf(app, 'b.parquet')].join('\r\n')), [app, app]);
  // The commands compare whole tags and folders, never with `has` (which matches `.../app` inside `.../app-dev/...`).
  for (const name of ['Pre-Ingest Cleanup', 'Post-Ingest Cleanup']) {
    const cmd = evaluate(activityOf(load, name).typeProperties.command, { parameters: { ...params, folderPath: app }, variables: { finalRetentionMonths: '13' } }) as string;
    assert.not.match(cmd, / !?has /, name);
    assert.match(cmd, `set_has_element(TagFolders, '${app}')`, name);
  }
  // Retention reads the date folder of the tag, and only a whole yyyy/mm[/dd] folder.
  const date = (tags: string) => new RegExp(TAG_DATE_FOLDER_REGEX).exec(tags)?.[1];
  assert.is(date(tagsOf('Costs/2024/11/subscriptions/s1', 'p.parquet')), '2024/11');
  assert.is(date(tagsOf('Budgets/2024/11/05/contoso/acct1', 'p.parquet')), '2024/11/05');
  assert.is(date(tagsOf('Budgets/2024/11/12345/acct1', 'p.parquet')), '2024/11');
  assert.is(date(tagsOf('Budgets/2024/01abc/acct1', 'p.parquet')), undefined);
  assert.is(date(tagsOf('Budgets/all/contoso', 'p.parquet')), undefined);
});

test('every KQL command of the Data Explorer pipelines parses and resolves in the Kusto language service', async () => {
  const { validateKqlScripts } = await import('../../../src/validators/kql.js');
  const context = {
    parameters: { ...params, folderPath: 'Costs/2024/11/providers/microsoft.billing/billingaccounts/1234:abcd_2019-05-31' },
    variables: {
      storageHost: 'contosostore123.dfs.core.windows.net',
      finalRetentionMonths: '13',
      dataExplorerPrincipalId: '00000000-0000-0000-0000-000000000001',
      scopeIds: ['/subscriptions/s1'],
    },
    activities: { 'Read Settings': { output: { firstRow: { version: '0.7', retention: { final: { months: 13 } } } } } },
  };
  const commands = [load, init].flatMap((p) =>
    allActivities(p)
      .filter((a) => a.type === 'AzureDataExplorerCommand')
      .map((a) => {
        const c = a.typeProperties.command;
        return typeof c === 'string' ? c : (evaluate(c, context) as string);
      }),
  );
  assert.ok(commands.length >= 9);
  const column = (name: string, type = 'string') => ({ name, type });
  const { diagnostics } = validateKqlScripts([{ file: 'pipelines.kql', database: 'Ingestion', text: commands.join('\n\n') + '\n' }], {
    initialSchema: {
      Ingestion: [
        { name: 'Costs_raw', columns: [column('BilledCost', 'decimal')] },
        { name: 'HubSettingsLog', columns: [column('version'), column('scopes', 'dynamic'), column('retention', 'dynamic')] },
      ],
    },
  });
  assert.equal(
    diagnostics.map((d) => `${d.start?.line}:${d.start?.col} ${d.message}`),
    [],
  );
});

test('capacity loop and failure reporting of ingestion_ETL_dataExplorer', () => {
  const loop = activityOf(load, 'Until Ingested');
  assert.is(loop.typeProperties.timeout, '0.02:00:00');
  assert.is(evaluate(loop.typeProperties.expression, { variables: { status: '' } }), false);
  assert.is(evaluate(loop.typeProperties.expression, { variables: { status: 'Succeeded' } }), true);
  const cap = activityOf(load, 'Check Ingestion Capacity');
  assert.is(cap.typeProperties.command, ".show capacity | where Resource == 'Ingestions' | project Remaining");
  const has = activityOf(load, 'If Capacity Available').typeProperties.expression;
  const free = (value: unknown[]) => evaluate(has, { activities: { 'Check Ingestion Capacity': { output: { value } } } });
  assert.is(free([]), true);
  assert.is(free([{ Remaining: 2 }]), true);
  assert.is(free([{ Remaining: 0 }]), false);
  // Recorded codes.
  const codes = allActivities(load)
    .filter((a) => a.type === 'SetVariable' && a.typeProperties.variableName === 'status')
    .map((a) => a.typeProperties.value);
  assert.equal(codes.sort(), [
    'DataExplorerCapacityCheckFailed',
    'DataExplorerIngestionFailed',
    'DataExplorerPostIngestionDropFailed',
    'DataExplorerPreIngestionDropFailed',
    'Succeeded',
  ]);
  const fail = activityOf(load, 'Data Explorer Step Failed');
  const parameters = params;
  assert.is(evaluate(fail.typeProperties.errorCode, { variables: { status: '' } }), 'DataExplorerIngestionTimeout');
  assert.is(evaluate(fail.typeProperties.errorCode, { variables: { status: 'DataExplorerIngestionFailed' } }), 'DataExplorerIngestionFailed');
  assert.match(
    evaluate(fail.typeProperties.message, { parameters, variables: { status: '' } }) as string,
    'ingestion/Costs/2024/11/subscriptions/s1/af754a8e__part_0.parquet into Costs_raw',
  );
  const msg = evaluate(activityOf(load, 'Record Ingest Data Error').typeProperties.value, {
    parameters,
    activities: { 'Ingest Data': { error: { message: 'mapping not found' } } },
  }) as string;
  assert.match(msg, 'ingestion/Costs/2024/11/subscriptions/s1/af754a8e__part_0.parquet into Costs_raw');
  assert.match(msg, 'Costs_raw_mapping: mapping not found');
  assert.equal(activityOf(load, 'If Not Succeeded').dependsOn, [{ activity: 'Until Ingested', dependencyConditions: ['Completed'] }]);
});

test('config_InitializeHub: identity policy, settings log and the four open data tables', () => {
  const policy = evaluate(activityOf(init, 'Set Managed Identity Policy').typeProperties.command, { variables: { dataExplorerPrincipalId: 'p-1' } });
  assert.is(policy, `.alter-merge database Ingestion policy managed_identity '[{"ObjectId":"p-1","AllowedUsages":"NativeIngestion"}]'`);
  // The cluster identity, as ARM resolves it at deployment.
  assert.is(init.properties.variables.dataExplorerPrincipalId.defaultValue, JSON.parse(JSON.stringify(ctx.dataExplorerPrincipalId)));
  assert.match(init.properties.variables.dataExplorerPrincipalId.defaultValue, /^\[reference\(resourceId\('Microsoft\.Kusto\/clusters', .*'Full'\)\.identity\.principalId\]$/);
  const log = evaluate(activityOf(init, 'Log Hub Settings').typeProperties.command, {
    variables: { scopeIds: ['/subscriptions/s1', '/subscriptions/s1', '/subscriptions/s2'] },
    activities: { 'Read Settings': { output: { firstRow: { version: '0.7', retention: { rawexports: { days: 0 } } } } } },
  });
  assert.is(log, `.append HubSettingsLog <| print version='0.7', scopes=dynamic(["/subscriptions/s1","/subscriptions/s2"]), retention=dynamic({"rawexports":{"days":0}})`);
  const loads = allActivities(init).filter((a) => a.name.startsWith('Load '));
  assert.equal(
    loads.map((a) => a.name),
    ['Load PricingUnits', 'Load Regions', 'Load ResourceTypes', 'Load Services'],
  );
  assert.is(
    loads[0].typeProperties.command,
    '.set-or-replace PricingUnits <| externaldata(x_PricingUnitDescription: string, AccountTypes: string, x_PricingBlockSize: decimal, PricingUnit: string)[@"https://github.com/microsoft/finops-toolkit/releases/download/v0.7/PricingUnits.csv"] with (format="csv", ignoreFirstRecord=true) | project-away AccountTypes',
  );
  assert.match(loads[2].typeProperties.command, 'IsPreview: bool, Description: string, IconUri: string, Links: string)');
  assert.match(loads[2].typeProperties.command, '| project-away Links');
  assert.ok(!/project-away/.test(loads[1].typeProperties.command));
  // Each step waits for the previous one.
  assert.equal(loads[0].dependsOn, [{ activity: 'Log Hub Settings', dependencyConditions: ['Succeeded'] }]);
  assert.equal(loads[3].dependsOn, [{ activity: 'Load ResourceTypes', dependencyConditions: ['Succeeded'] }]);
  const codes = allActivities(init)
    .filter((a) => a.type === 'SetVariable' && a.typeProperties.variableName === 'status')
    .map((a) => a.typeProperties.value);
  assert.equal([...new Set(codes)].sort(), ['DataExplorerCapacityCheckFailed', 'DataExplorerPolicyUpdateFailed', 'HubSettingsLogFailed', 'OpenDataLoadFailed', 'Succeeded']);
});

test('open data columns bind to the CSV files of the release by position', async () => {
  const { sharedText } = await import('../../support/sharedData.js');
  for (const load of allActivities(init).filter((a) => a.name.startsWith('Load '))) {
    const table = load.name.slice(5);
    const header = (await sharedText(`reference/data/open-data/${table}.csv`)).split(/\r?\n/)[0].split(',');
    const cols = /externaldata\(([^)]*)\)/.exec(load.typeProperties.command)![1].split(', ');
    assert.is(cols.length, header.length, table);
  }
});

test('database names come from hub.yaml', () => {
  const custom = objectsOf(FIXTURE_YAML.replace('  allowedSkuNames:', '  databases: { ingestion: Staging, hub: Reports }\n  allowedSkuNames:'));
  const p = custom.byName('config_InitializeHub');
  assert.match(activityOf(p, 'Set Managed Identity Policy').typeProperties.command.value, '.alter-merge database Staging policy');
  assert.equal(activityOf(custom.byName('ingestion_ETL_dataExplorer'), 'Ingest Data').linkedServiceName.parameters, { database: 'Staging' });
  assert.equal(custom.byName('hubDataExplorer').properties.parameters.database, { type: 'String', defaultValue: 'Staging' });
});

test.run();
