import { test } from 'uvu';
import * as assert from 'uvu/assert';
import * as adf from '../../src/expressions/adf/index.js';
import { AdfEvalError, evaluateAdf, evaluateAdfValue, formatAdfTimestamp, type AdfEvalContext } from '../../src/expressions/adf/evaluate.js';
import { parseAdfExpression } from '../../src/expressions/adf/parser.js';

/** A manifest as Cost Management writes it (fields the hub reads). */
const manifest = {
  blobCount: 2,
  exportConfig: {
    type: 'FocusCost',
    dataVersion: '1.0',
    resourceId: '/subscriptions/S1/providers/Microsoft.CostManagement/exports/finops-hub-daily-costdetails',
  },
  runInfo: { startDate: '2024-11-01T00:00:00', runId: 'af754a8e-30fc-4ef3-bfc6-71bd1efb8598' },
  blobs: [
    { blobName: 'subscriptions/s1/finops-hub-daily-costdetails/20241101-20241130/202411051200/af754a8e/part_0_0001.snappy.parquet' },
    { blobName: 'subscriptions/s1/x/part_1.csv.gz' },
  ],
};

const ctx: AdfEvalContext = {
  utcNow: '2024-11-15T01:23:45.1234567Z',
  parameters: { folderPath: 'ingestion/Costs/2024/11/subscriptions/s1', fileName: 'manifest.json', ExportScopes: [{ id: 'x' }], myNumber: 42 },
  pipeline: { DataFactory: 'finops-hub-engine-abc', RunId: 'run-1' },
  variables: {
    hubDataset: 'Costs',
    date: '202411',
    scope: '/subscriptions/S1',
    hasNoRows: false,
    mcaColumnToCheck: null,
    exportDatasetType: 'FocusCost',
    exportDatasetVersion: '1.0',
    resourceManagementUri: 'https://management.azure.com/',
    containerFolderPath: 'Costs/2024/11/subscriptions/s1',
    timestamp: '2024-11-05T01:23:45.1234567Z',
  },
  activities: {
    'Read Manifest': { output: { firstRow: manifest } },
    'Check for MCA Column in CSV': { output: { firstRow: { 'Net Savings': '12.5', Scope: 'x' } } },
    'Get Existing Parquet Files': {
      output: {
        childItems: [
          { name: 'a.parquet', type: 'File' },
          { name: 'manifest.json', type: 'File' },
        ],
      },
    },
  },
  guid: 'C2ECC88D-88C8-4096-912C-D6F2E2B138CE',
};

const ev = (text: string, c: AdfEvalContext = ctx) => evaluateAdfValue(text, c);

function evalError(text: string, c: AdfEvalContext = ctx): AdfEvalError {
  try {
    ev(text, c);
  } catch (e) {
    if (e instanceof AdfEvalError) return e;
    throw e;
  }
  throw new Error(`expected an evaluation error for ${text}`);
}

test('destination folder of rawexports_ExecuteETL', () => {
  assert.is(
    ev("@replace(concat(variables('hubDataset'),'/',substring(variables('date'),0,4),'/',substring(variables('date'),4,2),'/',toLower(variables('scope'))),'//','/')"),
    'Costs/2024/11/subscriptions/s1',
  );
  // The same expression built with the typed builders.
  const built = adf.replace(
    adf.concat(
      adf.variables('hubDataset'),
      '/',
      adf.substring(adf.variables('date'), 0, 4),
      '/',
      adf.substring(adf.variables('date'), 4, 2),
      '/',
      adf.toLower(adf.variables('scope')),
    ),
    '//',
    '/',
  );
  assert.is(evaluateAdf(built.node, ctx), 'Costs/2024/11/subscriptions/s1');
});

test('manifest-derived values: scope, date, schema file, channel, destination file', () => {
  const rm = "activity('Read Manifest').output.firstRow";
  assert.is(ev(`@split(toLower(${rm}.exportConfig.resourceId), '/providers/microsoft.costmanagement/exports/')[0]`), '/subscriptions/s1');
  assert.is(ev(`@replace(substring(${rm}.runInfo.startDate, 0, 7), '-', '')`), '202411');
  assert.is(ev(`@or(equals(${rm}.blobCount, null), equals(${rm}.blobCount, 0))`), false);
  assert.is(ev(`@if(or(empty(variables('mcaColumnToCheck')), variables('hasNoRows')), 'ignore', last(split(${rm}.blobs[0].blobName, '.')))`), 'ignore');
  assert.is(ev(`@if(or(empty('Net Savings'), variables('hasNoRows')), 'ignore', last(split(${rm}.blobs[0].blobName, '.')))`), 'parquet');
  assert.is(
    ev(
      "@toLower(concat(variables('exportDatasetType'), '_', variables('exportDatasetVersion'), if(contains(activity('Check for MCA Column in CSV').output?.firstRow, 'Net Savings'), '_mca', '_ea'), '.json'))",
    ),
    'focuscost_1.0_mca.json',
  );
  const destFile = "@replace(replace(last(split(item().blobName, '/')), '.gz', ''), '.csv', '.parquet')";
  assert.is(ev(destFile, { ...ctx, item: manifest.blobs[0] }), 'part_0_0001.snappy.parquet');
  assert.is(ev(destFile, { ...ctx, item: manifest.blobs[1] }), 'part_1.parquet');
  assert.equal(ev(`@if(variables('hasNoRows'), createArray(), ${rm}.blobs)`), manifest.blobs);
});

test('ingestion values: folder without container, ingestion id, table, file filter', () => {
  assert.is(ev("@join(skip(split(pipeline().parameters.folderPath, '/'), 1), '/')"), 'Costs/2024/11/subscriptions/s1');
  const item = { name: 'af754a8e-30fc-4ef3-bfc6-71bd1efb8598__part_0_0001.snappy.parquet' };
  assert.is(ev("@concat(first(split(item().name, '__')), '_', variables('timestamp'))", { ...ctx, item }), 'af754a8e-30fc-4ef3-bfc6-71bd1efb8598_2024-11-05T01:23:45.1234567Z');
  assert.is(ev("@last(split(item().name, '__'))", { ...ctx, item }), 'part_0_0001.snappy.parquet');
  assert.is(ev("@concat(first(split(variables('containerFolderPath'), '/')), '_raw')"), 'Costs_raw');
  const keep = "@and(equals(item().type, 'File'), not(contains(toLower(item().name), 'manifest.json')))";
  const files = (ctx.activities!['Get Existing Parquet Files'] as { output: { childItems: { name: string; type: string }[] } }).output.childItems;
  assert.equal(
    files.filter((f) => ev(keep, { ...ctx, item: f })).map((f) => f.name),
    ['a.parquet'],
  );
});

test('Cost Management URLs and interpolated request bodies', () => {
  const item = { id: '/subscriptions/s1/providers/Microsoft.CostManagement/exports/finops-hub-daily-costdetails', name: 'finops-hub-daily-costdetails' };
  assert.is(
    ev("@concat(replace(toLower(concat(variables('resourceManagementUri'), item().id)), 'com//', 'com/'), '/run?api-version=2023-07-01-preview')", { ...ctx, item }),
    'https://management.azure.com/subscriptions/s1/providers/microsoft.costmanagement/exports/finops-hub-daily-costdetails/run?api-version=2023-07-01-preview',
  );
  // Parameter and variable names resolve case-insensitively (0.7 reads `exportScopes` and `ResourceManagementUri`).
  assert.equal(ev('@pipeline().parameters.exportScopes'), [{ id: 'x' }]);
  assert.is(ev("@variables('ResourceManagementUri')"), 'https://management.azure.com/');
  assert.is(ev("@startsWith(toLower(item().name), toLower('FINOPS-hub'))", { ...ctx, item }), true);
  assert.is(
    ev('{"timePeriod": {"from": "@{pipeline().parameters.fileName}", "count": @{pipeline().parameters.myNumber}, "ok": @{equals(1, 1)}}}'),
    '{"timePeriod": {"from": "manifest.json", "count": 42, "ok": True}}',
  );
  assert.is(ev('@pipeline().parameters.myNumber'), 42);
  assert.is(ev('@{pipeline().parameters.myNumber}'), '42');
  assert.is(ev('@pipeline().DataFactory'), 'finops-hub-engine-abc');
  assert.is(ev('Answer is: @@{pipeline().parameters.myNumber}'), 'Answer is: @{pipeline().parameters.myNumber}');
  assert.is(ev('@@'), '@');
});

test('date functions: defaults, .NET formats, month arithmetic (backfill example)', () => {
  assert.is(ev('@utcNow()'), '2024-11-15T01:23:45.1234567Z');
  assert.is(ev("@utcNow('yyyy-MM-ddTHH:mm:ss.fffffffZ')"), '2024-11-15T01:23:45.1234567Z');
  assert.is(ev("@utcNow('yyyyMMdd')"), '20241115');
  assert.is(ev("@utcNow('D')"), 'Friday, November 15, 2024');
  assert.is(ev("@utcNow('s')"), '2024-11-15T01:23:45');
  assert.is(ev("@utcNow('u')"), '2024-11-15 01:23:45Z');
  assert.is(ev("@utcNow('R')"), 'Fri, 15 Nov 2024 01:23:45 GMT');
  assert.is(ev("@utcNow('dd MMM yy, h:mm tt, \\''q\\'' %d')"), "15 Nov 24, 1:23 AM, 'q' 15");
  assert.is(ev("@formatDateTime('2024-11-15T01:23:45.1200000Z', 'HH:mm:ss.FFFFFFF')"), '01:23:45.12');
  assert.is(ev("@formatDateTime('2024-11-15T01:23:45Z', 'HH:mm:ss.FFF')"), '01:23:45');
  assert.is(ev("@formatDateTime('03/15/2018 12:00:00', 'yyyy-MM-ddTHH:mm:ss')"), '2018-03-15T12:00:00');
  assert.is(ev("@formatDateTime('2024-11-15T01:00:00+02:00')"), '2024-11-14T23:00:00.0000000Z');
  assert.is(ev("@formatDateTime('2024-11-01')"), '2024-11-01T00:00:00.0000000Z');
  assert.is(ev('@startOfMonth(utcNow())'), '2024-11-01T00:00:00.0000000Z');
  assert.is(ev("@startOfMonth(utcNow(), 'yyyy-MM-dd')"), '2024-11-01');
  // config_StartBackfillProcess run on 2024-11-15 with 13 months of ingestion retention.
  assert.is(ev("@addDays(startOfMonth(utcNow()), -1, 'yyyy-MM-dd')"), '2024-10-31');
  assert.is(ev("@subtractFromTime(startOfMonth(utcNow()), 13, 'Month', 'yyyy-MM-dd')"), '2023-10-01');
  assert.is(ev("@addToTime('2024-01-31T00:00:00Z', 1, 'Month')"), '2024-02-29T00:00:00.0000000Z');
  assert.is(ev("@addToTime('2023-01-31T00:00:00Z', 1, 'Month', 'yyyy-MM-dd')"), '2023-02-28');
  assert.is(ev("@addToTime('2024-10-01T00:00:00.0000000Z', -1, 'Year')"), '2023-10-01T00:00:00.0000000Z');
  assert.is(ev("@addToTime('2024-10-01T00:00:00.9999999Z', 1, 'Second', 'ss.fffffff')"), '01.9999999');
  assert.is(ev("@addToTime('2024-10-01', 2, 'Week', 'yyyy-MM-dd')"), '2024-10-15');
  assert.is(ev("@getPastTime(1, 'Month', 'yyyyMM')"), '202410');
  assert.is(ev("@addDays('2018-03-15T13:00:00Z', 10)"), '2018-03-25T13:00:00.0000000Z');
  assert.is(ev("@dayOfMonth('2018-03-15T13:27:36Z')"), 15);
  assert.is(ev("@dayOfWeek('2018-03-15T13:27:36Z')"), 4);
  assert.is(formatAdfTimestamp({ ms: Date.UTC(2024, 0, 2, 15, 4, 5), ticks: 0 }, 'G'), '1/2/2024 3:04:05 PM');
  assert.is(evalError("@formatDateTime('2024-13-01')").message, "formatDateTime: '2024-13-01' is not a valid timestamp");
  assert.match(evalError("@utcNow('Q')").message, /not a valid standard date format/);
  assert.match(evalError("@addToTime(utcNow(), 1, 'Fortnight')").message, /unknown time unit/);
});

test('string functions follow Data Factory case rules', () => {
  assert.is(ev("@indexOf('Hello World', 'WORLD')"), 6);
  assert.is(ev("@lastIndexOf('a/b/c', '/')"), 3);
  assert.is(ev("@startsWith('Hello', 'hE')"), true);
  assert.is(ev("@endsWith('file.CSV', '.csv')"), true);
  assert.is(ev("@contains('Hello', 'hello')"), false);
  assert.is(ev("@equals('a', 'A')"), false);
  assert.is(ev("@replace('aAa', 'a', 'b')"), 'bAb');
  assert.is(ev("@toUpper('abc')"), 'ABC');
  assert.is(ev("@trim('  x ')"), 'x');
  assert.is(ev("@substring('hello world', 6)"), 'world');
  assert.equal(ev("@split('a_b_c', '_')"), ['a', 'b', 'c']);
  assert.is(ev("@concat('a', 1, true, null)"), 'a1True');
  assert.is(ev('@guid()'), 'c2ecc88d-88c8-4096-912c-d6f2e2b138ce');
  assert.is(ev("@guid('N')"), 'c2ecc88d88c84096912cd6f2e2b138ce');
  assert.is(ev("@guid('P')"), '(c2ecc88d-88c8-4096-912c-d6f2e2b138ce)');
  assert.match(evalError("@substring('abc', 2, 5)").message, /outside the string of length 3/);
  assert.match(evalError('@toLower(1)').message, /must be a string, got integer/);
});

test('collections, logic, conversion and math', () => {
  assert.equal(ev('@createArray(1, 2, 3)'), [1, 2, 3]);
  assert.equal(ev("@array('hello')"), ['hello']);
  assert.equal(ev('@union(createArray(1, 2, 3), createArray(1, 2, 10, 101))'), [1, 2, 3, 10, 101]);
  assert.equal(ev('@intersection(createArray(1, 2, 3), createArray(101, 2, 1, 10), createArray(6, 8, 1, 2))'), [1, 2]);
  assert.equal(ev('@union(json(\'{"a":1,"b":2}\'), json(\'{"b":3}\'))'), { a: 1, b: 3 });
  assert.equal(ev('@intersection(json(\'{"a":1,"b":2}\'), json(\'{"a":1,"b":3}\'))'), { a: 1 });
  assert.equal(ev('@skip(createArray(0, 1, 2, 3), 1)'), [1, 2, 3]);
  assert.equal(ev('@take(createArray(0, 1, 2, 3), 2)'), [0, 1]);
  assert.is(ev("@take('abcde', 3)"), 'abc');
  assert.is(ev("@join(createArray('a', 'b', 'c'), '.')"), 'a.b.c');
  assert.is(ev("@first('hello')"), 'h');
  assert.is(ev('@last(createArray(0, 1, 2, 3))'), 3);
  assert.is(ev('@first(createArray())'), null);
  assert.is(ev("@length('abcd')"), 4);
  assert.is(ev("@contains(createArray('a', 'b'), 'b')"), true);
  assert.is(ev("@contains(json('{\"k\": 1}'), 'k')"), true);
  assert.is(ev("@empty('')"), true);
  assert.is(ev('@empty(createArray(1))'), false);
  assert.is(ev('@empty(null)'), true);
  assert.is(ev("@coalesce(null, 'hello', 'world')"), 'hello');
  assert.is(ev('@coalesce(null, null)'), null);
  assert.is(ev("@if(equals(1, 2), 'Blob', 'Table')"), 'Table');
  // Lazy branches: the unused branch may fail.
  assert.is(ev("@if(true, 'ok', variables('missing'))"), 'ok');
  assert.is(ev("@or(true, variables('missing'))"), true);
  assert.is(ev('@equals(true, 1)'), true);
  assert.is(ev('@equals(json(\'{"a":[1,2]}\'), json(\'{"a":[1,2]}\'))'), true);
  assert.is(ev('@not(and(true, false))'), true);
  assert.is(ev("@greater('apple', 'banana')"), false);
  assert.is(ev('@greaterOrEquals(5, 5)'), true);
  assert.is(ev('@less(5, 10)'), true);
  assert.is(ev('@lessOrEquals(coalesce(null, 0), 0)'), true);
  assert.is(ev("@int('10')"), 10);
  assert.is(ev("@float('10.333')"), 10.333);
  assert.is(ev("@bool('True')"), true);
  assert.is(ev('@bool(0)'), false);
  assert.is(ev('@string(10)'), '10');
  assert.is(ev('@string(json(\'{"name": "Sophie Owen"}\'))'), '{"name":"Sophie Owen"}');
  assert.equal(ev("@json('[1, 2, 3]')"), [1, 2, 3]);
  assert.is(ev('@add(1, 1.5)'), 2.5);
  assert.is(ev('@sub(10, 3)'), 7);
  assert.is(ev('@mul(1.5, 2)'), 3);
  assert.is(ev('@div(11, 5)'), 2);
  assert.is(ev('@div(7.5, 2.5)'), 3);
  assert.is(ev('@mod(3, 2)'), 1);
  assert.is(ev('@max(createArray(1, 3, 2))'), 3);
  assert.equal(ev('@range(1, 4)'), [1, 2, 3, 4]);
  assert.match(evalError("@int('1.5')").message, /cannot convert '1.5' to an integer/);
  assert.match(evalError('@div(1, 0)').message, /division by zero/);
  assert.match(evalError("@not('x')").message, /expected a boolean/);
});

test('export path values (0.1-0.3): a computed array index, negative integers, take/skip/join, suffix tests', () => {
  const segments = ['rawexports', 'subscriptions', 's1', 'costs', '20240501-20240531', '202405151026', 'af754a8e'];
  const c: AdfEvalContext = { ...ctx, variables: { segments, index: '4', none: '-1' } };
  assert.is(ev("@variables('segments')[int(variables('index'))]", c), '20240501-20240531');
  assert.is(ev("@variables('segments')[sub(length(variables('segments')), 3)]", c), '20240501-20240531');
  assert.is(ev("@int(variables('none'))", c), -1);
  assert.is(ev("@string(if(less(length(variables('segments')), 5), -1, sub(length(variables('segments')), 3)))", c), '4');
  assert.is(ev("@concat('/', join(take(skip(variables('segments'), 1), sub(int(variables('index')), 2)), '/'))", c), '/subscriptions/s1');
  assert.equal(ev('@take(createArray(1, 2), 5)'), [1, 2], 'take beyond the end gives the whole array');
  assert.equal(ev('@skip(createArray(1, 2), 5)'), [], 'skip beyond the end gives an empty array');
  assert.is(ev("@and(equals(length('20240501-20240531'), 17), equals(substring('20240501-20240531', 8, 1), '-'))"), true);
  assert.is(ev("@endsWith(toLower('Part_0.CSV'), '.csv')"), true);
  assert.is(ev("@substring('part_0.csv', 0, sub(length('part_0.csv'), 4))"), 'part_0');
  assert.match(evalError("@variables('segments')[int(variables('none'))]", c).message, /index -1 is outside the array/);
});

test('property access, safe navigation and scope errors', () => {
  const rm = "activity('Read Manifest').output.firstRow";
  assert.is(ev(`@${rm}.exportConfig.dataVersion`), '1.0');
  assert.is(ev(`@${rm}.exportconfig.DATAVERSION`), '1.0');
  assert.is(ev(`@${rm}?.nothing?.deeper`), null);
  assert.is(ev(`@${rm}.blobs?[5]`), null);
  assert.is(ev("@activity('Check for MCA Column in CSV').output.firstRow['Net Savings']"), '12.5');
  assert.match(evalError(`@${rm}.nothing`).message, /the property 'nothing' does not exist/);
  assert.match(evalError(`@${rm}.blobs[5]`).message, /index 5 is outside the array of length 2/);
  assert.match(evalError("@variables('nope')").message, /the variable 'nope' does not exist/);
  assert.match(evalError("@activity('Nope').output").message, /activity 'Nope'/);
  assert.match(evalError('@item()').message, /not inside a ForEach/);
  assert.match(evalError('@noSuchFunction()').message, /unknown function 'noSuchFunction'/);
  assert.match(evalError('@concat()').message, /concat: expected at least 1 argument/);
  assert.match(evalError("@substring('a')").message, /substring: expected 2 to 3 argument/);
  assert.is(evalError('@toLower()').message, 'toLower: expected 1 argument(s), got 0');
  // Function names are case-insensitive; dataset()/linkedService() read their own parameters.
  assert.is(evaluateAdf(parseAdfExpression("TOLOWER('A')"), ctx), 'a');
  assert.is(ev('@{dataset().folderPath}/@{dataset().fileName}', { ...ctx, dataset: { folderPath: 'config', fileName: 'settings.json' } }), 'config/settings.json');
  assert.is(ev('@{linkedService().database}', { ...ctx, linkedService: { database: 'Ingestion' } }), 'Ingestion');
  assert.is(ev('@triggerBody().folderPath', { ...ctx, triggerBody: { folderPath: 'msexports/subscriptions/s1', fileName: 'manifest.json' } }), 'msexports/subscriptions/s1');
});

test.run();
