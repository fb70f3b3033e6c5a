import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { objectsOf, activityOf, allActivities, evaluate } from './support.js';
import { fullHubYaml } from '../../support/hubs.js';
import { EXPORT_SCHEMAS, schemaFileName, BUILT_IN_DATASETS } from '../../../src/model/datasets.js';
import { EXECUTE_ETL_ACTIVITIES as A } from '../../../src/modules/dataFactory/pipelines/rawexports_ExecuteETL.js';

const { byName } = objectsOf();
const queue = byName('rawexports_ExecuteETL');
const etl = byName('rawexports_ETL_ingestion');
const value = (p: typeof queue, name: string) => activityOf(p, name).typeProperties.value;

/** A manifest as Cost Management writes it (spec, "Export manifest"). */
function manifest(over: { type?: string; version?: string; resourceId?: string; startDate?: string; blobs?: string[]; blobCount?: number } = {}) {
  const blobs = (over.blobs ?? ['subscriptions/s1/finops-hub-daily-costdetails/20241101-20241130/202411051200/af75/part_0_0001.snappy.parquet']).map((b) => ({
    blobName: b,
    byteCount: 10,
  }));
  return {
    exportConfig: {
      exportName: 'finops-hub-daily-costdetails',
      resourceId: over.resourceId ?? '/subscriptions/S1/providers/Microsoft.CostManagement/exports/finops-hub-daily-costdetails',
      dataVersion: over.version ?? '1.0',
      apiVersion: '2023-07-01-preview',
      type: over.type ?? 'FocusCost',
      timeFrame: 'MonthToDate',
      granularity: 'Daily',
    },
    runInfo: { runId: 'af754a8e-30fc-4ef3-bfc6-71bd1efb8598', startDate: over.startDate ?? '2024-11-01T00:00:00', endDate: '2024-11-30T00:00:00' },
    blobCount: over.blobCount ?? blobs.length,
    blobs,
  };
}
const withManifest = (m: unknown, variables: Record<string, unknown> = {}) => ({ activities: { 'Read Manifest': { output: { firstRow: m } } }, variables });

test('dataset folder from the export type (case-insensitive), lower-cased type for anything else', () => {
  const expected: Record<string, string> = {
    FocusCost: 'Costs',
    PriceSheet: 'Prices',
    ReservationDetails: 'CommitmentDiscountUsage',
    ReservationRecommendations: 'Recommendations',
    ReservationTransactions: 'Transactions',
    FOCUSCOST: 'Costs',
    MyExport: 'myexport',
  };
  for (const [type, dataset] of Object.entries(expected)) {
    assert.is(evaluate(value(queue, A.setHubDataset), { variables: { exportType: type } }), dataset, type);
  }
  // The table covers every built-in dataset of the catalog but the opt-in ones, which 0.7 does not convert.
  for (const d of BUILT_IN_DATASETS.filter((x) => !x.optIn)) assert.is(evaluate(value(queue, A.setHubDataset), { variables: { exportType: d.exportType } }), d.name);
  assert.is(evaluate(value(queue, A.setHubDataset), { variables: { exportType: 'ActualCost' } }), 'actualcost');
  // 0.10 converts the Microsoft-internal actual cost exports into their own dataset.
  const q10 = objectsOf(fullHubYaml('0.10')).byName('rawexports_ExecuteETL');
  assert.is(evaluate(value(q10, A.setHubDataset), { variables: { exportType: 'actualcost' } }), 'ActualCosts');
});

test('MCA marker column per export type', () => {
  const col = (t: string) => evaluate(value(queue, A.setMcaColumn), { variables: { exportType: t } });
  assert.is(col('PriceSheet'), 'BillingProfileId');
  assert.is(col('ReservationTransactions'), 'BillingProfileId');
  assert.is(col('reservationrecommendations'), 'Net Savings');
  assert.is(col('FocusCost'), '');
  assert.is(col('ReservationDetails'), '');
});

test('schema file: lower-cased type_version[_channel].json, reaching every schema file the hub uploads', () => {
  const sw = activityOf(queue, A.detectChannel);
  const csvCase = sw.typeProperties.cases.find((c: any) => c.value === 'csv');
  const setFromCsv = csvCase.activities.find((a: any) => a.type === 'SetVariable');
  const readName = csvCase.activities.find((a: any) => a.type === 'Lookup').name;
  const noneCase = sw.typeProperties.cases.find((c: any) => c.value === 'none');
  // The schemas of the catalog's datasets (the C360 schemas join when their datasets do).
  for (const s of EXPORT_SCHEMAS.filter((x) => BUILT_IN_DATASETS.some((d) => d.exportType === x.exportType))) {
    const marker = BUILT_IN_DATASETS.find((d) => d.exportType === s.exportType)!.mcaMarkerColumn;
    const variables = { exportType: s.exportType, exportVersion: s.version, mcaColumn: marker ?? '' };
    const got = s.channel
      ? evaluate(setFromCsv.typeProperties.value, {
          variables,
          activities: { [readName]: { output: { firstRow: s.channel === 'mca' ? { [marker!]: 'x', Other: 1 } : { Other: 1 } } } },
        })
      : evaluate(noneCase.activities[0].typeProperties.value, { variables });
    assert.is(got, schemaFileName(s));
  }
  assert.is(evaluate(noneCase.activities[0].typeProperties.value, { variables: { exportType: 'FocusCost', exportVersion: '1.0r2' } }), 'focuscost_1.0r2.json');
});

test('channel detection reads the first file by its extension, and only when there is a marker and rows', () => {
  const on = activityOf(queue, A.detectChannel).typeProperties.on;
  const run = (type: string, blobs: string[], hasRows = true) =>
    evaluate(on, withManifest(manifest({ type, blobs }), { mcaColumn: evaluate(value(queue, A.setMcaColumn), { variables: { exportType: type } }), hasRows }));
  assert.is(run('PriceSheet', ['a/b/part_1.csv.gz']), 'gz');
  assert.is(run('PriceSheet', ['a/b/part_1.csv']), 'csv');
  assert.is(run('ReservationRecommendations', ['a/b/x.PARQUET']), 'parquet');
  assert.is(run('FocusCost', ['a/b/part_1.csv']), 'none');
  assert.is(run('PriceSheet', [], false), 'none');
  const cases = activityOf(queue, A.detectChannel).typeProperties.cases.map((c: any) => c.value);
  assert.equal(cases, ['csv', 'gz', 'parquet', 'none']);
  const dflt = activityOf(queue, A.detectChannel).typeProperties.defaultActivities[0];
  assert.is(dflt.typeProperties.errorCode, 'UnsupportedExportFileType');
});

test('scope, month and destination folder of the worked examples', () => {
  const dest = (m: ReturnType<typeof manifest>) => {
    const ctx = withManifest(m);
    const scope = evaluate(value(queue, A.setScope), ctx);
    const month = evaluate(value(queue, A.setMonth), ctx);
    const hubDataset = evaluate(value(queue, A.setHubDataset), { variables: { exportType: m.exportConfig.type } });
    return evaluate(value(queue, A.setDestination), { variables: { scope, month, hubDataset } });
  };
  assert.is(dest(manifest()), 'Costs/2024/11/subscriptions/s1');
  assert.is(
    dest(manifest({ resourceId: '/providers/Microsoft.Billing/billingAccounts/1234:abcd_2019-05-31/providers/Microsoft.CostManagement/exports/x' })),
    'Costs/2024/11/providers/microsoft.billing/billingaccounts/1234:abcd_2019-05-31',
  );
  assert.is(dest(manifest({ type: 'PriceSheet', startDate: '2024-01-01T00:00:00' })), 'Prices/2024/01/subscriptions/s1');
  assert.is(evaluate(value(queue, A.setIngestionId), withManifest(manifest())), 'af754a8e-30fc-4ef3-bfc6-71bd1efb8598');
});

test('an export with no rows converts, deletes and copies nothing and fails nothing', () => {
  const hasRows = (m: unknown) => evaluate(value(queue, A.setHasRows), withManifest(m));
  assert.is(hasRows(manifest()), true);
  assert.is(hasRows(manifest({ blobs: [] })), false);
  assert.is(hasRows({ ...manifest(), blobCount: 0 }), false);
  assert.is(hasRows({ ...manifest(), dataRowCount: 0 }), false);
  const { blobCount, ...noCount } = manifest();
  assert.is(hasRows(noCount), true, String(blobCount));
  const vars = { hasRows: false };
  assert.equal(evaluate(activityOf(queue, A.forEachFile).typeProperties.items, { ...withManifest(manifest()), variables: vars }), []);
  // Missing schema file does not fail an empty export.
  const missing = activityOf(queue, A.ifSchemaMissing).typeProperties.expression;
  assert.is(evaluate(missing, { variables: vars, activities: { 'Check Schema': { output: { exists: false } } } }), false);
  assert.is(evaluate(missing, { variables: { hasRows: true }, activities: { 'Check Schema': { output: { exists: false } } } }), true);
  assert.is(evaluate(missing, { variables: { hasRows: true }, activities: { 'Check Schema': { output: { exists: true } } } }), false);
  assert.is(activityOf(queue, A.ifSchemaMissing).typeProperties.ifTrueActivities[0].typeProperties.errorCode, 'SchemaNotFound');
  // No cleanup of earlier files and no manifest copy.
  assert.equal(
    evaluate(activityOf(queue, A.filterEarlier).typeProperties.items, {
      variables: vars,
      activities: { [A.listIngested]: { output: { childItems: [{ name: 'x.parquet', type: 'File' }] } } },
    }),
    [],
  );
  assert.is(evaluate(activityOf(queue, A.ifHasRows).typeProperties.expression, { variables: vars }), false);
});

test('a manifest without the fields the hub needs fails with ManifestInvalid', () => {
  const check = activityOf(queue, A.checkManifest);
  assert.is(evaluate(check.typeProperties.expression, withManifest(manifest())), false);
  assert.is(evaluate(check.typeProperties.expression, withManifest({ ...manifest(), exportConfig: { type: 'FocusCost' } })), true);
  assert.is(evaluate(check.typeProperties.expression, withManifest({})), true);
  assert.is(check.typeProperties.ifTrueActivities[0].typeProperties.errorCode, 'ManifestInvalid');
  const readFail = allActivities(queue).find((a) => a.type === 'Fail' && a.dependsOn[0]?.activity === 'Read Manifest');
  assert.is(readFail.typeProperties.errorCode, 'ManifestReadFailed');
  assert.is(
    evaluate(readFail.typeProperties.message, {
      parameters: { folderPath: 'rawexports/a/b', fileName: 'manifest.json' },
      activities: { 'Read Manifest': { error: { message: 'boom' } } },
    }),
    'Could not read the export manifest rawexports/a/b/manifest.json: boom',
  );
});

test('one conversion per blob, with bounded parallelism, passing the ETL parameters', () => {
  const loop = activityOf(queue, A.forEachFile);
  assert.is(loop.typeProperties.isSequential, false);
  assert.is(loop.typeProperties.batchCount, "[if(variables('enablePublicAccess'), 30, 4)]");
  const exec = loop.typeProperties.activities[0];
  assert.is(exec.typeProperties.pipeline.referenceName, 'rawexports_ETL_ingestion');
  assert.is(exec.typeProperties.waitOnCompletion, true);
  const m = manifest({ blobs: ['p/a.csv', 'p/b.csv'] });
  assert.equal(evaluate(loop.typeProperties.items, { ...withManifest(m), variables: { hasRows: true } }), m.blobs);
  const params = Object.fromEntries(
    Object.entries(exec.typeProperties.parameters).map(([k, v]) => [
      k,
      evaluate(v, {
        item: m.blobs[0],
        variables: { destinationFolder: 'Costs/2024/11/subscriptions/s1', ingestionId: 'run1', schemaFile: 'focuscost_1.0.json', exportType: 'FocusCost', exportVersion: '1.0' },
      }),
    ]),
  );
  assert.equal(params, {
    blobPath: 'p/a.csv',
    destinationFolder: 'Costs/2024/11/subscriptions/s1',
    ingestionId: 'run1',
    schemaFile: 'focuscost_1.0.json',
    exportDatasetType: 'FocusCost',
    exportDatasetVersion: '1.0',
  });
});

test('earlier ingestions are deleted only after every file converted, then the manifest is copied', () => {
  const list = activityOf(queue, A.listIngested);
  assert.equal(list.dependsOn, [{ activity: A.forEachFile, dependencyConditions: ['Succeeded'] }]);
  const f = activityOf(queue, A.filterEarlier);
  const items = [
    { name: 'run1__part_0.parquet', type: 'File' },
    { name: 'old__part_0.parquet', type: 'File' },
    { name: 'manifest.json', type: 'File' },
    { name: 'sub', type: 'Folder' },
  ];
  const kept = (items as any[]).filter((it) => evaluate(f.typeProperties.condition, { item: it, variables: { ingestionId: 'run1' } }));
  assert.equal(
    kept.map((i) => i.name),
    ['old__part_0.parquet'],
  );
  const copyIf = activityOf(queue, A.ifHasRows);
  assert.equal(copyIf.dependsOn, [{ activity: A.forEachEarlier, dependencyConditions: ['Succeeded'] }]);
  const copy = activityOf(queue, A.copyManifest);
  assert.is(copy.outputs[0].referenceName, 'ingestion_manifest');
  assert.is(evaluate(copy.outputs[0].parameters.folderPath, { variables: { destinationFolder: 'Costs/2024/11/subscriptions/s1' } }), 'Costs/2024/11/subscriptions/s1');
});

test('ETL: destination file name, conversion per file type and schema mapping', () => {
  const setSource = activityOf(etl, 'Set Source File Name').typeProperties.value;
  const setDest = activityOf(etl, 'Set Destination File Name').typeProperties.value;
  const dest = (blobPath: string) => {
    const sourceFileName = evaluate(setSource, { parameters: { blobPath } });
    return evaluate(setDest, { parameters: { ingestionId: 'af754a8e' }, variables: { sourceFileName } });
  };
  assert.is(dest('subscriptions/s1/x/20241101-20241130/1/g/part_0_0001.snappy.parquet'), 'af754a8e__part_0_0001.snappy.parquet');
  assert.is(dest('a/b/part_1.csv.gz'), 'af754a8e__part_1.parquet');
  assert.is(dest('a/b/part_1.CSV'), 'af754a8e__part_1.parquet');
  assert.is(dest('a/b/data.csv.backup.csv'), 'af754a8e__data.csv.backup.parquet');
  assert.is(dest('noextension'), 'af754a8e__noextension');

  const sw = activityOf(etl, 'Convert To Parquet');
  assert.is(evaluate(sw.typeProperties.on, { parameters: { blobPath: 'a/b/part_1.csv.gz' } }), 'gz');
  const cases = Object.fromEntries(sw.typeProperties.cases.map((c: any) => [c.value, c.activities.find((a: any) => a.type === 'Copy')]));
  assert.equal(Object.keys(cases), ['csv', 'gz', 'parquet']);
  assert.is(cases.csv.inputs[0].referenceName, 'rawexports');
  assert.is(cases.gz.inputs[0].referenceName, 'rawexports_gzip');
  assert.is(cases.parquet.inputs[0].referenceName, 'rawexports_parquet');
  assert.is(cases.csv.typeProperties.translator.value, "@activity('Load Schema').output.firstRow.translator");
  assert.is(cases.gz.typeProperties.translator.value, "@activity('Load Schema').output.firstRow.translator");
  assert.is(cases.parquet.typeProperties.translator, undefined);
  for (const c of Object.values(cases) as any[]) {
    assert.is(c.outputs[0].referenceName, 'ingestion');
    assert.is(c.typeProperties.sink.type, 'ParquetSink');
    assert.equal(evaluate(c.typeProperties.source.additionalColumns, { activities: { 'Load Schema': { output: { firstRow: { additionalColumns: [] } } } } }), []);
  }
  assert.is(sw.typeProperties.defaultActivities[0].typeProperties.errorCode, 'UnsupportedExportFileType');
  const schema = activityOf(etl, 'Load Schema');
  assert.is(evaluate(schema.typeProperties.dataset.parameters.fileName, { parameters: { schemaFile: 'PriceSheet_2023-05-01_MCA.json' } }), 'pricesheet_2023-05-01_mca.json');
  assert.is(schema.typeProperties.dataset.parameters.folderPath, 'config/schemas');
});

test('ETL: the export file is deleted after conversion unless retention.rawexports.days keeps it', () => {
  const keep = activityOf(etl, 'If Not Retaining Exports');
  assert.equal(keep.dependsOn, [{ activity: 'Convert To Parquet', dependencyConditions: ['Succeeded'] }]);
  const deletes = (retention: unknown) => evaluate(keep.typeProperties.expression, { activities: { 'Read Settings': { output: { firstRow: { retention } } } } });
  assert.is(deletes({ rawexports: { days: 0 } }), true);
  assert.is(deletes({ rawexports: { days: 3 } }), false);
  assert.is(deletes({}), true);
  assert.is(deletes({ msexports: { days: 3 } }), true, 'the old container key is not read');
  assert.match(keep.typeProperties.expression.value, /retention\?\.rawexports\?\.days/);
});

test('ETL error codes name the file at fault', () => {
  const codes = allActivities(etl)
    .filter((a) => a.type === 'Fail')
    .map((a) => a.typeProperties.errorCode);
  assert.equal([...new Set(codes)].sort(), ['ExportConversionFailed', 'ExportDeleteFailed', 'SchemaLoadFailed', 'SettingsReadFailed', 'UnsupportedExportFileType']);
  const schemaFail = allActivities(etl).find((a) => a.typeProperties?.errorCode === 'SchemaLoadFailed');
  const msg = evaluate(schemaFail.typeProperties.message, {
    parameters: { schemaFile: 'x_1.json', blobPath: 'a/b.csv', exportDatasetType: 'X', exportDatasetVersion: '1' },
    activities: { 'Load Schema': {} },
  }) as string;
  assert.match(msg, 'config/schemas/x_1.json');
  assert.match(msg, 'rawexports/a/b.csv');
});

test.run();
