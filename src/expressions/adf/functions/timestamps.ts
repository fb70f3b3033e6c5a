/**
 * Timestamps of the Data Factory expression language: parsing, .NET date formatting (standard one-letter
 * formats in the en-US culture and custom patterns) and calendar arithmetic with 100 ns precision.
 * Sources: "Expressions and functions in Azure Data Factory" (date functions) and .NET's "Custom date and
 * time format strings" / "Standard date and time format strings" (learn.microsoft.com/dotnet/standard/base-types).
 */
import { AdfEvalError, typeName } from './common.js';

/** A point in time: epoch milliseconds (UTC) plus 0-9999 extra ticks of 100 ns. */
export interface Timestamp {
  ms: number;
  ticks: number;
}

const ISO_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,7}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const US_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i;

/**
 * Parses a timestamp the way the date functions read them: ISO 8601 (`2024-05-01`, `2024-05-01T10:00:00.1234567Z`,
 * with an optional offset) or the US form `MM/dd/yyyy[ HH:mm[:ss][ AM|PM]]`; no zone means UTC.
 * @param fn function name used in error messages
 * @throws AdfEvalError when `v` is not a string or not a valid date and time
 */
export function parseTimestamp(fn: string, v: unknown): Timestamp {
  if (typeof v !== 'string') throw new AdfEvalError(`${fn}: expected a timestamp string, got ${typeName(v)}`);
  const s = v.trim();
  let y: number, mo: number, d: number, h = 0, mi = 0, sec = 0, frac = '', offsetMin = 0;
  let m = ISO_RE.exec(s);
  if (m) {
    [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    h = Number(m[4] ?? 0);
    mi = Number(m[5] ?? 0);
    sec = Number(m[6] ?? 0);
    frac = m[7] ?? '';
    const z = m[8];
    if (z && z.toUpperCase() !== 'Z') {
      const sign = z[0] === '-' ? -1 : 1;
      const digits = z.slice(1).replace(':', '');
      offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
    }
  } else if ((m = US_RE.exec(s))) {
    [mo, d, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    h = Number(m[4] ?? 0);
    mi = Number(m[5] ?? 0);
    sec = Number(m[6] ?? 0);
    const ampm = m[7]?.toUpperCase();
    if (ampm) {
      if (h < 1 || h > 12) throw new AdfEvalError(`${fn}: invalid timestamp '${v}'`);
      h = (h % 12) + (ampm === 'PM' ? 12 : 0);
    }
  } else {
    throw new AdfEvalError(`${fn}: '${v}' is not a valid timestamp`);
  }
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || sec > 59) {
    throw new AdfEvalError(`${fn}: '${v}' is not a valid timestamp`);
  }
  const digits = frac.padEnd(7, '0');
  return { ms: utcMs(y, mo, d, h, mi, sec, Number(digits.slice(0, 3))) - offsetMin * 60_000, ticks: Number(digits.slice(3)) };
}

/** Epoch milliseconds of a UTC date and time (month 1-12); unlike Date.UTC, years 0-99 are taken literally. */
export function utcMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(y: number, mo: number): number {
  return mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1];
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };

export function addUnits(fn: string, t: Timestamp, amount: unknown, unit: unknown): Timestamp {
  if (typeof amount !== 'number') throw new AdfEvalError(`${fn}: the interval must be a number, got ${typeName(amount)}`);
  if (typeof unit !== 'string') throw new AdfEvalError(`${fn}: the time unit must be a string, got ${typeName(unit)}`);
  const u = unit.toLowerCase().replace(/s$/, '');
  if (u in MS) {
    const total = t.ticks + amount * MS[u] * 10_000;
    const wholeMs = Math.floor(total / 10_000);
    return { ms: t.ms + wholeMs, ticks: Math.round(total - wholeMs * 10_000) };
  }
  if (u === 'month' || u === 'year') {
    if (!Number.isInteger(amount)) throw new AdfEvalError(`${fn}: the interval must be an integer for '${unit}'`);
    return { ms: addMonths(t.ms, u === 'year' ? amount * 12 : amount), ticks: t.ticks };
  }
  throw new AdfEvalError(`${fn}: unknown time unit '${unit}' (use Second, Minute, Hour, Day, Week, Month or Year)`);
}

/** .NET AddMonths: same day of month, clamped to the target month's last day; time of day kept. */
function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const y = Math.floor(total / 12);
  const mo = total - y * 12 + 1;
  const day = Math.min(d.getUTCDate(), daysInMonth(y, mo));
  const out = new Date(ms);
  out.setUTCFullYear(y, mo - 1, day);
  return out.getTime();
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Standard one-letter .NET date formats, en-US culture. */
const STANDARD_FORMATS: Record<string, string> = {
  d: 'M/d/yyyy',
  D: 'dddd, MMMM d, yyyy',
  f: 'dddd, MMMM d, yyyy h:mm tt',
  F: 'dddd, MMMM d, yyyy h:mm:ss tt',
  g: 'M/d/yyyy h:mm tt',
  G: 'M/d/yyyy h:mm:ss tt',
  m: 'MMMM d',
  M: 'MMMM d',
  o: "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffffK",
  O: "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fffffffK",
  r: "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'",
  R: "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'",
  s: "yyyy'-'MM'-'dd'T'HH':'mm':'ss",
  t: 'h:mm tt',
  T: 'h:mm:ss tt',
  u: "yyyy'-'MM'-'dd HH':'mm':'ss'Z'",
  U: 'dddd, MMMM d, yyyy h:mm:ss tt',
  y: 'MMMM yyyy',
  Y: 'MMMM yyyy',
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Formats a timestamp (UTC) with a .NET date format string: a standard one-letter format (en-US) or a custom
 * pattern (`yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`, `fffffff`, `FFF`, `tt`, `K`, `zzz`, quoted literals, `\\x`, `%x`).
 * @param format `undefined`/`null`/empty = `o`
 * @throws AdfEvalError for an unknown one-letter format or an unterminated quote
 */
export function formatAdfTimestamp(t: { ms: number; ticks: number }, format?: string | null): string {
  const f = format || 'o';
  if (f.length > 1) return formatCustom(t, f);
  const std = STANDARD_FORMATS[f];
  if (!std) throw new AdfEvalError(`'${f}' is not a valid standard date format`);
  return formatCustom(t, std);
}

/** Formats with a custom .NET pattern (no one-letter standard formats). */
function formatCustom(t: { ms: number; ticks: number }, f: string): string {
  const format = f;
  const d = new Date(t.ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const hour = d.getUTCHours();
  const fraction = pad(d.getUTCMilliseconds(), 3) + pad(t.ticks, 4);
  let out = '';
  let i = 0;
  while (i < f.length) {
    const c = f[i];
    let n = 1;
    while (f[i + n] === c) n++;
    switch (c) {
      case 'y':
        out += n === 1 ? String(year % 100) : n === 2 ? pad(year % 100, 2) : pad(year, n);
        break;
      case 'M':
        out += n === 1 ? String(month) : n === 2 ? pad(month, 2) : n === 3 ? MONTH_NAMES[month - 1].slice(0, 3) : MONTH_NAMES[month - 1];
        break;
      case 'd': {
        const dow = DAY_NAMES[d.getUTCDay()];
        out += n === 1 ? String(day) : n === 2 ? pad(day, 2) : n === 3 ? dow.slice(0, 3) : dow;
        break;
      }
      case 'H':
        out += n === 1 ? String(hour) : pad(hour, 2);
        break;
      case 'h': {
        const h12 = hour % 12 === 0 ? 12 : hour % 12;
        out += n === 1 ? String(h12) : pad(h12, 2);
        break;
      }
      case 'm':
        out += n === 1 ? String(d.getUTCMinutes()) : pad(d.getUTCMinutes(), 2);
        break;
      case 's':
        out += n === 1 ? String(d.getUTCSeconds()) : pad(d.getUTCSeconds(), 2);
        break;
      case 'f':
        if (n > 7) throw new AdfEvalError(`invalid date format '${format}': at most 7 'f'`);
        out += fraction.slice(0, n);
        break;
      case 'F': {
        if (n > 7) throw new AdfEvalError(`invalid date format '${format}': at most 7 'F'`);
        const digits = fraction.slice(0, n).replace(/0+$/, '');
        if (digits) out += digits;
        else if (out.endsWith('.')) out = out.slice(0, -1);
        break;
      }
      case 't':
        out += n === 1 ? (hour < 12 ? 'A' : 'P') : hour < 12 ? 'AM' : 'PM';
        break;
      case 'K':
        out += 'Z'.repeat(n);
        break;
      case 'z':
        out += n === 1 ? '+0' : n === 2 ? '+00' : '+00:00';
        break;
      case 'g':
        out += 'A.D.';
        break;
      case "'":
      case '"': {
        const end = f.indexOf(c, i + 1);
        if (end < 0) throw new AdfEvalError(`invalid date format '${format}': unterminated quote`);
        out += f.slice(i + 1, end);
        i = end + 1;
        continue;
      }
      case '\\':
        if (i + 1 >= f.length) throw new AdfEvalError(`invalid date format '${format}': trailing '\\'`);
        out += f[i + 1];
        i += 2;
        continue;
      case '%':
        // `%x` uses x as a one-letter custom specifier; format it alone and continue.
        if (i + 1 >= f.length || f[i + 1] === '%') throw new AdfEvalError(`invalid date format '${format}'`);
        out += formatCustom(t, f[i + 1]);
        i += 2;
        continue;
      default:
        // ':' and '/' are the en-US time and date separators; everything else is literal.
        out += c.repeat(n);
    }
    i += n;
  }
  return out;
}
