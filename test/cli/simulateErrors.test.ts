/**
 * A failed conversion in `hubc simulate`'s text output says its cause once (issue #30 item 14): Data
 * Factory wraps an inner activity's error into every container's and pipeline's error, and the text used
 * to print the full chain at each level (one missing CSV column: the same message six times). The JSON
 * output keeps every message as Data Factory gives it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runHubc } from '../support/cli.js';
import { cleanStorages, manifestOf, storageFrom } from '../support/simulate.js';

const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
const NOW = '2024-05-15T12:00:00Z';
const CAUSE = "Column 'ConsumedQuantity', 'x_SkuDetails' specified in column mapping cannot be found";

test.after.each(() => cleanStorages());

test('one missing CSV column: the cause printed once, each wrapper names the activity whose error it carries', async () => {
  const dir = storageFrom('focuscost-missing-column');
  const r = await runHubc(['simulate', HUB, '--storage', dir, '--event', manifestOf(dir), '--now', NOW]);
  assert.is(r.code, 1);
  assert.is(r.stdout.split(CAUSE).length - 1, 1, r.stdout);
  assert.match(r.stdout, /error MappingColumnNameNotFoundInSourceFile: Column 'ConsumedQuantity'/);
  assert.match(r.stdout, /FAILED Convert File \(ExecutePipeline\): .*\n +error ExportConversionFailed: Operation on target Convert To Parquet failed \(its error is below\)\n/);
  assert.match(r.stdout, /FAILED For Each Export File \(ForEach\)\n.*\n +error ExportConversionFailed: inner activity Convert File failed \(its error is below\)\n/);
  assert.match(
    r.stdout,
    /FAILED CSV Conversion Failed \(Fail\): ExportConversionFailed: Could not convert .* with config\/schemas\/focuscost_1\.0r2\.json: \(the error of Convert CSV above\)/,
  );
  assert.match(
    r.stdout,
    /Failed runs \(2\):\n {2}rawexports_ExecuteETL [^:]+: ExportIngestionFailed: .*\n {2}rawexports_ETL_ingestion [^:]+: ExportConversionFailed: the error of CSV Conversion Failed above\n/,
  );
  assert.ok(r.stdout.length < 7000, `${r.stdout.length} characters`);
  const json = await runHubc(['simulate', HUB, '--storage', storageFrom('focuscost-missing-column'), '--event', manifestOf(dir), '--now', NOW, '--format', 'json']);
  assert.ok(json.stdout.split(CAUSE).length - 1 > 3, 'the JSON keeps the messages whole');
});

test.run();
