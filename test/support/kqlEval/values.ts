/**
 * Values of the test KQL evaluator (./evaluate.ts): Kusto's scalar types as JavaScript values, and the
 * conversions between them that Kusto documents (tostring of null is '', strings are never null, numbers keep
 * their type through arithmetic: long / long truncates, anything with a real is real).
 *
 * Assumption only a cluster can confirm: `tostring()` of a real prints the shortest text that reads back as the
 * same number, in exponent form from 1e15 on (the .NET format Kusto's engine uses); hubc's functions are written
 * so their results do not depend on it (numberstring strips a trailing `.0` either way).
 */

export type NumType = 'int' | 'long' | 'real' | 'decimal';

/** A number with its Kusto type. */
export class KNum {
  constructor(
    readonly type: NumType,
    readonly v: number,
  ) {}
}

/** A `datetime`, as milliseconds since 1970-01-01 UTC (negative before; year 1 is representable). */
export class KDate {
  constructor(readonly ms: number) {}
}

/** A `timespan`, in milliseconds. */
export class KSpan {
  constructor(readonly ms: number) {}
}

/** A `dynamic` value: JSON-like data (arrays, bags, strings, numbers, booleans, null). */
export class KDyn {
  constructor(readonly v: unknown) {}
}

export type Scalar = null | boolean | string | KNum | KDate | KSpan | KDyn;

/** A table: column names in order and rows keyed by column (plus the hidden ingestion time). */
export interface Table {
  columns: string[];
  rows: Row[];
}

export type Row = Record<string, Scalar> & { $ingestionTime?: Scalar };

export const real = (v: number) => new KNum('real', v);
export const long = (v: number) => new KNum('long', v);
export const decimal = (v: number) => new KNum('decimal', v);

const DAY = 86_400_000;

/** `datetime(yyyy-MM-dd[ HH:mm:ss])` or ISO text; year 1 to 9999. */
export function parseDate(text: string): KDate | null {
  const t = text.replace(/^['"]|['"]$/g, '').trim();
  if (t === 'null') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?Z?$/.exec(t);
  if (!m) throw new Error(`not a datetime: ${text}`);
  const d = new Date(0);
  d.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  d.setUTCHours(Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3)));
  return new KDate(d.getTime());
}

/** `1d`, `2h`, `30m`, `10s`, `5ms`. */
export function parseSpan(text: string): KSpan {
  const m = /^([0-9.]+)(d|h|ms|m|s|tick)$/.exec(text.trim());
  if (!m) throw new Error(`not a timespan: ${text}`);
  const unit = { d: DAY, h: 3_600_000, m: 60_000, s: 1000, ms: 1, tick: 0.0001 }[m[2] as 'd'];
  return new KSpan(Number(m[1]) * unit);
}

/** Kusto's text of a real: shortest round-trip digits, exponent form (`1E+15`) from 1e15 and below 1e-4. */
export function realText(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '-∞';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e15 || a < 1e-4)) {
    const [mantissa, exponent] = v.toExponential().split('e');
    const e = Number(exponent);
    return `${mantissa}E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  return String(v);
}

function dateText(ms: number): string {
  const iso = new Date(ms).toISOString();
  const year = new Date(ms).getUTCFullYear();
  const text = `${String(year).padStart(4, '0')}${iso.slice(iso.indexOf('-', 1))}`;
  return text.replace(/\.000Z$/, 'Z');
}

/** `tostring()`: null gives ''. */
export function toText(v: Scalar): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof KNum) return v.type === 'real' ? realText(v.v) : String(v.v);
  if (v instanceof KDate) return dateText(v.ms);
  if (v instanceof KSpan) return `${v.ms / DAY}.00:00:00`;
  if (v instanceof KDyn) return v.v === null || v.v === undefined ? '' : typeof v.v === 'string' ? v.v : JSON.stringify(v.v);
  throw new Error(`unknown value ${String(v)}`);
}

/** A scalar as JSON inside a dynamic value. */
export function toJson(v: Scalar): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (v instanceof KNum) return v.v;
  if (v instanceof KDyn) return v.v ?? null;
  return toText(v);
}

/** A JSON member of a dynamic value as a scalar (still dynamic). */
export const dyn = (v: unknown): KDyn => new KDyn(v === undefined ? null : v);

/** The number of a numeric value (a dynamic number or numeric text too), or null. */
export function num(v: Scalar): number | null {
  if (v === null) return null;
  if (v instanceof KNum) return v.v;
  if (v instanceof KDyn && typeof v.v === 'number') return v.v;
  if (v instanceof KDyn && typeof v.v === 'string') return num(v.v);
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

/** Converts a value to a declared parameter or column type. */
export function coerce(v: Scalar, type: string): Scalar {
  if (v === null) return type === 'string' ? '' : null;
  switch (type) {
    case 'string':
      return toText(v);
    case 'int':
    case 'long':
      return num(v) === null ? null : new KNum(type, Math.trunc(num(v)!));
    case 'real':
    case 'double':
      return num(v) === null ? null : real(num(v)!);
    case 'decimal':
      return num(v) === null ? null : decimal(num(v)!);
    case 'bool':
      return typeof v === 'boolean' ? v : v instanceof KDyn && typeof v.v === 'boolean' ? v.v : null;
    case 'datetime':
      if (v instanceof KDyn) return typeof v.v === 'string' && v.v !== '' ? parseDate(v.v) : null;
      return v instanceof KDate ? v : typeof v === 'string' ? parseDate(v) : null;
    case 'dynamic':
      return v instanceof KDyn ? v : dyn(toJson(v));
    default:
      return v;
  }
}

/** True only for boolean true (null and false do not select). */
export const truthy = (v: Scalar): boolean => v === true || (v instanceof KDyn && v.v === true);

/** Empty as Kusto's isempty(): null or ''. */
export const isEmpty = (v: Scalar): boolean => v === null || v === '' || (v instanceof KDyn && (v.v === null || v.v === ''));

/** Equality of two non-null scalars (strings case-sensitively, numbers by value, dates by instant). */
export function same(a: Scalar, b: Scalar): boolean {
  if (a instanceof KDyn) a = typeof a.v === 'string' ? a.v : typeof a.v === 'number' ? real(a.v) : a;
  if (b instanceof KDyn) b = typeof b.v === 'string' ? b.v : typeof b.v === 'number' ? real(b.v) : b;
  const x = num(a);
  const y = num(b);
  if (a instanceof KNum || b instanceof KNum) return x !== null && y !== null && x === y;
  if (a instanceof KDate && b instanceof KDate) return a.ms === b.ms;
  return toText(a) === toText(b);
}

/** Orders two non-null scalars (numbers, dates, strings). */
export function compare(a: Scalar, b: Scalar): number {
  if (a instanceof KDate && b instanceof KDate) return a.ms - b.ms;
  const x = num(a);
  const y = num(b);
  if (x !== null && y !== null) return x - y;
  return toText(a) < toText(b) ? -1 : toText(a) > toText(b) ? 1 : 0;
}
