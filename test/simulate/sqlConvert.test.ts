/**
 * The Copy activity's conversion rules (src/simulate/sql.ts) value by value: every interim type on hand
 * picked edge values and on generated decimal and timestamp text, against the rules written out here in
 * plain TypeScript (the simulator's conversion before it moved to DuckDB, issue #23), so the move changed
 * no value, no rounding and no invalid/valid verdict.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ColumnarEngine } from '../../src/simulate/duckdb.js';
import { convertExpression, invalidExpression, literal, sqlType } from '../../src/simulate/sql.js';
import { parseAdfTimestamp } from '../../src/expressions/adf/evaluate.js';

// ---- The rules in plain TypeScript (the oracle) ----

function parseDecimal(text: string): bigint | undefined {
  const m = /^\s*([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?\s*$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  let digits = `${m[2]}${m[3] ?? ''}`.replace(/^0+(?=\d)/, '') || '0';
  let scale = (m[3] ?? '').length - Number(m[4] ?? 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  let value = BigInt(digits);
  if (scale <= 18) value *= 10n ** BigInt(18 - scale);
  else {
    const div = 10n ** BigInt(scale - 18);
    value = (value + div / 2n) / div;
  }
  if (value >= 10n ** 38n) return undefined;
  return m[1] === '-' ? -value : value;
}
function intIn(t: string, bits: number): number | undefined {
  if (!/^\s*[+-]?\d+\s*$/.test(t)) return undefined;
  const n = Number(t.trim());
  return n >= -(2 ** (bits - 1)) && n < 2 ** (bits - 1) ? n : undefined;
}
const ORACLE: Record<string, (t: string) => unknown> = {
  String: (t) => t,
  Guid: (t) => (/^[{(]?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}[)}]?$/i.test(t.trim()) ? t.trim() : undefined),
  Boolean: (t) => (/^\s*true\s*$/i.test(t) ? true : /^\s*false\s*$/i.test(t) ? false : undefined),
  Int16: (t) => intIn(t, 16),
  Int32: (t) => intIn(t, 32),
  Int64: (t) => (/^\s*[+-]?\d+\s*$/.test(t) && BigInt.asIntN(64, BigInt(t.trim())) === BigInt(t.trim()) ? BigInt(t.trim()) : undefined),
  Double: (t) => (/^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(t) ? Number(t.trim()) : undefined),
  Decimal: (t) => parseDecimal(t),
  DateTimeOffset: (t) => {
    try {
      return parseAdfTimestamp('copy', t).ms;
    } catch {
      return undefined;
    }
  },
};

/** The SQL result as the oracle's shape: bigint decimals at scale 18, epoch ms, numbers, booleans, text. */
function normalize(type: string, v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (type === 'Decimal') {
    const [w, f = ''] = String(v).split('.');
    const neg = w.startsWith('-');
    const abs = BigInt(w.replace('-', '')) * 10n ** 18n + BigInt(f.padEnd(18, '0'));
    return neg ? -abs : abs;
  }
  if (type === 'DateTimeOffset') return Number(v);
  if (type === 'Int64') return BigInt(String(v));
  return v;
}

const engine = new ColumnarEngine();
test.after(() => engine.close());

/** Runs the type's SQL over the values; returns [converted (normalized), invalid] per value. */
async function viaSql(type: string, values: string[]): Promise<[unknown, boolean][]> {
  const c = await engine.connect();
  try {
    // An empty field reaches the expressions as NULL, as read_csv gives it (quoted or not).
    const rows = values.map((v, i) => `(${i}, ${v === '' ? 'NULL::VARCHAR' : literal(v)})`).join(', ');
    const value = type === 'DateTimeOffset' ? `epoch_ms(${convertExpression(type, 'v')})` : `${convertExpression(type, 'v')}::VARCHAR`;
    const r = await c.runAndReadAll(`SELECT ${value} AS out, ${invalidExpression(type, 'v')} AS bad FROM (VALUES ${rows}) AS t(i, v) ORDER BY i`);
    return r
      .getRows()
      .map(([out, bad]) => [
        normalize(
          type,
          type === 'Double' && out !== null
            ? Number(String(out).replace(/^(-?)inf$/, '$1Infinity'))
            : type === 'Boolean' && out !== null
              ? out === 'true'
              : type === 'Int16' || type === 'Int32'
                ? out === null
                  ? null
                  : Number(out)
                : out,
        ),
        bad as boolean,
      ]);
  } finally {
    c.closeSync();
  }
}

async function agree(type: string, values: string[]) {
  const got = await viaSql(type, values);
  values.forEach((text, i) => {
    const expected = text === '' ? undefined : ORACLE[type](text);
    const [value, bad] = got[i];
    assert.equal(value, expected, `${type} ${JSON.stringify(text)}: SQL ${String(value)}, rule ${String(expected)}`);
    assert.is(bad, text !== '' && expected === undefined, `${type} ${JSON.stringify(text)}: invalid ${bad}`);
  });
}

const SPACES = [' ', '\t', '\u00a0', '\u2003', '\ufeff'];

test('Decimal: DECIMAL(38,18), exponent forms, rounding half away from zero, the 10^20 limit, JavaScript white space', async () => {
  assert.is(sqlType('Decimal'), 'DECIMAL(38,18)');
  await agree('Decimal', [
    '12.5',
    '-0.000000000000000001',
    '1.5E2',
    '.25',
    '5.',
    '+3',
    '-.5',
    '0.0000000000000000005',
    '-0.0000000000000000005',
    '0.0000000000000000015',
    '1e-20',
    '5e-19',
    '123456789012345678.123456789012345678',
    '-999999999999999999.999999999999999999',
    '99999999999999999999.999999999999999999',
    '99999999999999999999.9999999999999999995',
    '100000000000000000000',
    '1e19',
    '1e20',
    '0.12345678901234567891234',
    'abc',
    '1,5',
    '1_000',
    'NaN',
    'inf',
    '0x10',
    '+',
    '.',
    '5E ',
    '5e+5.',
    '1.2.3',
    '--1',
    '{"currency":"USD","value":114.5}',
    ...SPACES.map((s) => `${s}42.5${s}`),
    '',
  ]);
  // Generated text from an alphabet that makes numbers and near-numbers.
  const alphabet = ['0', '1', '7', '9', '.', 'e', 'E', '+', '-', '_', ' ', 'x'];
  let seed = 11;
  const pick = () => alphabet[(seed = (seed * 1103515245 + 12345) & 0x7fffffff) % alphabet.length];
  const values = Array.from({ length: 600 }, (_, i) => Array.from({ length: 1 + (i % 9) }, pick).join(''));
  await agree('Decimal', values);
});

test('DateTime/DateTimeOffset: ISO 8601 with offsets and fractions, the US form, calendar checks; TIMESTAMP_MS in UTC', async () => {
  assert.is(sqlType('DateTimeOffset'), 'TIMESTAMP_MS');
  await agree('DateTimeOffset', [
    '2024-05-01',
    '2024-05-01T10:00:00Z',
    '2024-05-01T10:00:00z',
    '2024-5-1 1:00',
    '2024-05-01T10:00:00.1234567Z',
    '2024-05-01T10:00:00,5+02:00',
    '2024-05-01T10:00:00+0530',
    '2024-05-01T10:00-01',
    '2024-05-01T10:00:00 Z',
    '05/01/2024',
    '5/1/2024 1:05 PM',
    '5/1/2024 12:05:06 am',
    '5/1/2024 13:05 PM',
    '5/1/2024 0:05 AM',
    '2024-02-29T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2024-02-30',
    '2024-13-01',
    '2024-05-01T24:00:00Z',
    '2024-05-01T23:60:00Z',
    '2024-05-01T23:59:60Z',
    '0001-01-01',
    '1999-12-31T23:59:59.999Z',
    'soon',
    '2024-05-01T',
    '2024/05/01',
    ...SPACES.map((s) => `${s}2024-05-01T10:00:00Z${s}`),
    '',
  ]);
  // The fast forms (a regular expression, then DuckDB's own cast) at their edges: the cast alone checks the day.
  await agree('DateTimeOffset', [
    '2024-04-31T00:00:00Z',
    '2024-04-30T23:59:59Z',
    '2023-02-29',
    '2024-02-29',
    '9999-12-31T23:59:59Z',
    '0000-01-01T00:00:00Z',
    '0000-01-01',
    '2024-12-31T00:00:00+00:00',
    '2024-12-31T00:00:00',
    '2024-12-31 00:00:00Z',
    '2024-1-31T00:00:00Z',
    '12024-01-31T00:00:00Z',
    '2024-05-01T10:00:00ZZ',
  ]);
  const values: string[] = [];
  for (let i = 0; i < 300; i++) {
    const n = (i * 7919) % 1000;
    values.push(
      `20${String(n % 30).padStart(2, '0')}-${String((n % 14) + 1).padStart(2, '0')}-${String((n % 32) + 1).padStart(2, '0')}T${String(n % 25).padStart(2, '0')}:${String(n % 61).padStart(2, '0')}:0${n % 10}Z`,
    );
  }
  await agree('DateTimeOffset', values);
});

test('String keeps text as is; Guid, Boolean, Int16/32/64 and Double check their forms and ranges', async () => {
  await agree('String', ['x', ' padded ', '0012', 'quote "q"', '']);
  await agree('Guid', ['7c1a9e00-5b2d-4c3e-9f10-000000000011', '{7C1A9E005B2D4C3E9F10000000000011}', ' (7c1a9e00-5b2d-4c3e-9f10-000000000011) ', '7c1a9e00', 'not-a-guid', '']);
  await agree('Boolean', ['true', 'FALSE', ' True ', 'yes', '1', '', 'false', 'True', ' true', 'true ', 'truex', 'tru', '\u00a0false']);
  await agree('Int16', ['32767', '-32768', '32768', '+12', ' 7 ', '1.0', '']);
  await agree('Int32', ['2147483647', '-2147483648', '3000000000', '0012', 'x', '']);
  await agree('Int64', ['9223372036854775807', '-9223372036854775808', '9223372036854775808', '+5', '']);
  await agree('Double', ['1.5', '-2e3', '.5', '1e400', 'NaN', 'inf', '1_0', ' 3 ', '']);
});

test.run();
