/**
 * CSV to parquet conversion (the Copy activity's TabularTranslator): decimal parsing, type errors with
 * Data Factory's error codes, columns the mapping lacks or drops, additional columns. Files are read back
 * with the independent reader.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertToParquet, parseDecimal } from '../../src/simulate/convert.js';
import { ActivityFailure } from '../../src/simulate/values.js';
import { cleanStorages, decimal18, emptyStorage, readParquetFile } from '../support/simulate.js';

test.after.each(() => cleanStorages());

const m = (name: string, type: string, sink = name) => ({ source: { name, type }, sink: { name: sink } });

test('parseDecimal: scale 18, exponent forms, rounding, signs; not a number is undefined', () => {
  assert.is(parseDecimal('12.5'), 12_500_000_000_000_000_000n);
  assert.is(parseDecimal('-0.000000000000000001'), -1n);
  assert.is(parseDecimal('1.5E2'), 150n * 10n ** 18n);
  assert.is(parseDecimal('.25'), 25n * 10n ** 16n);
  assert.is(parseDecimal('0.0000000000000000005'), 1n, 'rounded half away from zero at 18 places');
  assert.is(parseDecimal('abc'), undefined);
  assert.is(parseDecimal('{"currency":"USD","value":1}'), undefined);
  assert.is(parseDecimal(''), undefined);
});

async function readBack(buffer: Buffer) {
  const file = join(emptyStorage(), 'x.parquet');
  writeFileSync(file, buffer);
  return readParquetFile(file);
}

test('mapped columns in mapping order, renamed sinks, dropped file columns reported, additional columns added', async () => {
  const c = convertToParquet(
    { columns: ['B', 'A', 'Extra'], rows: [['2', 'x', 'e'], ['', 'y', 'f']] },
    [m('A', 'String', 'Alpha'), m('B', 'Decimal')],
    [{ name: 'x_Source', value: '$$FILEPATH' }, { name: 'Copy', value: '$$COLUMN:A' }, { name: 'Const', value: 'k' }],
    'exports/a.csv',
  );
  assert.equal(c.droppedColumns, ['Extra']);
  assert.equal(c.missingColumns, []);
  assert.is(c.rowsCopied, 2);
  const pq = await readBack(c.parquet);
  assert.equal(pq.columns, ['Alpha', 'B', 'x_Source', 'Copy', 'Const']);
  assert.equal(pq.rows.map((r) => r.Alpha), ['x', 'y']);
  assert.is(decimal18(pq.rows[0].B), 2);
  assert.ok(pq.rows[1].B == null, 'an empty field is null');
  assert.equal(pq.rows.map((r) => [r.x_Source, r.Copy, r.Const]), [['exports/a.csv', 'x', 'k'], ['exports/a.csv', 'y', 'k']]);
});

test('a mapping column the file lacks fails with MappingColumnNameNotFoundInSourceFile', () => {
  try {
    convertToParquet({ columns: ['A'], rows: [] }, [m('A', 'String'), m('Net Savings', 'Decimal')], [], 'p/part0.csv');
    assert.unreachable();
  } catch (e) {
    assert.ok(e instanceof ActivityFailure);
    assert.is((e as ActivityFailure).errorCode, 'MappingColumnNameNotFoundInSourceFile');
    assert.is((e as Error).message, "Column 'Net Savings' specified in column mapping cannot be found in 'p/part0.csv' source file.");
  }
});

test('a value that does not convert fails with UserErrorInvalidDataValue naming column, value and type', () => {
  for (const [type, value] of [['Decimal', '{"currency":"USD","value":114.5}'], ['DateTimeOffset', 'soon'], ['Boolean', 'yes'], ['Int32', '3000000000']]) {
    try {
      convertToParquet({ columns: ['C'], rows: [[value]] }, [m('C', type)], [], 'f.csv');
      assert.unreachable();
    } catch (e) {
      assert.is((e as ActivityFailure).errorCode, 'UserErrorInvalidDataValue');
      assert.is((e as Error).message, `Column 'C' contains an invalid value '${value}'. Cannot convert '${value}' to type '${type}'.`);
    }
  }
});

test('an export with a header and no rows writes a parquet file with the columns and no rows', async () => {
  const c = convertToParquet({ columns: ['A', 'B'], rows: [] }, [m('A', 'String'), m('B', 'DateTimeOffset')], [], 'f.csv');
  const pq = await readBack(c.parquet);
  assert.equal(pq.columns, ['A', 'B']);
  assert.is(pq.rows.length, 0);
});

test.run();
