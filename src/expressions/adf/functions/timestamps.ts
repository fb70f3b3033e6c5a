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
  let y: number,
    mo: number,
    d: number,
    h = 0,
    mi = 0,
    sec = 0,
    frac = '',
    offsetMin = 0;
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

/** The fields of a timestamp (UTC) that custom format specifiers write. */
interface DateParts {
  year: number;
  month: number;
  day: number;
  dayOfWeek: number;
  hour: number;
  minute: number;
  second: number;
  /** The seven digits of the fraction of the second (milliseconds, then ticks). */
  fraction: string;
}

/** A number in one or two digits (`n` = 1: as it is, else zero-padded to 2). */
const oneOrTwo = (value: number, n: number) => (n === 1 ? String(value) : pad(value, 2));

/**
 * The custom specifiers that write a field, by letter: the text of a run of `n` of the letter (.NET's
 * "Custom date and time format strings" table, en-US).
 */
const FIELD_SPECIFIERS: Readonly<Record<string, (n: number, p: DateParts) => string>> = {
  y: (n, p) => (n === 1 ? String(p.year % 100) : n === 2 ? pad(p.year % 100, 2) : pad(p.year, n)),
  M: (n, p) => (n <= 2 ? oneOrTwo(p.month, n) : n === 3 ? MONTH_NAMES[p.month - 1].slice(0, 3) : MONTH_NAMES[p.month - 1]),
  d: (n, p) => (n <= 2 ? oneOrTwo(p.day, n) : n === 3 ? DAY_NAMES[p.dayOfWeek].slice(0, 3) : DAY_NAMES[p.dayOfWeek]),
  H: (n, p) => oneOrTwo(p.hour, n),
  h: (n, p) => oneOrTwo(p.hour % 12 === 0 ? 12 : p.hour % 12, n),
  m: (n, p) => oneOrTwo(p.minute, n),
  s: (n, p) => oneOrTwo(p.second, n),
  t: (n, p) => (n === 1 ? (p.hour < 12 ? 'A' : 'P') : p.hour < 12 ? 'AM' : 'PM'),
  K: (n) => 'Z'.repeat(n),
  z: (n) => (n === 1 ? '+0' : n === 2 ? '+00' : '+00:00'),
  g: () => 'A.D.',
};

/** Formats with a custom .NET pattern (no one-letter standard formats). */
function formatCustom(t: { ms: number; ticks: number }, f: string): string {
  const d = new Date(t.ms);
  const parts: DateParts = {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    dayOfWeek: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    fraction: pad(d.getUTCMilliseconds(), 3) + pad(t.ticks, 4),
  };
  let out = '';
  let i = 0;
  while (i < f.length) {
    const c = f[i];
    let n = 1;
    while (f[i + n] === c) n++;
    const field = FIELD_SPECIFIERS[c];
    if (field) out += field(n, parts);
    else if (c === 'f' || c === 'F') {
      if (n > 7) throw new AdfEvalError(`invalid date format '${f}': at most 7 '${c}'`);
      const digits = c === 'f' ? parts.fraction.slice(0, n) : parts.fraction.slice(0, n).replace(/0+$/, '');
      // `F` writes no zeros at the end, and no decimal point before nothing
      if (digits) out += digits;
      else if (out.endsWith('.')) out = out.slice(0, -1);
    } else if (c === "'" || c === '"' || c === '\\' || c === '%') {
      const escaped = escapedText(t, f, i);
      out += escaped.text;
      i = escaped.next;
      continue;
    } else {
      // ':' and '/' are the en-US time and date separators; everything else is literal.
      out += c.repeat(n);
    }
    i += n;
  }
  return out;
}

/**
 * What a quote, `\` or `%` at `i` of format `f` writes, and the index after it: a quoted literal, the
 * escaped character, or (`%x`) the one-letter custom specifier x formatted alone.
 * @throws AdfEvalError for an unterminated quote, a trailing `\`, or a `%` with nothing or `%` after it
 */
function escapedText(t: { ms: number; ticks: number }, f: string, i: number): { text: string; next: number } {
  const c = f[i];
  if (c === "'" || c === '"') {
    const end = f.indexOf(c, i + 1);
    if (end < 0) throw new AdfEvalError(`invalid date format '${f}': unterminated quote`);
    return { text: f.slice(i + 1, end), next: end + 1 };
  }
  if (c === '\\') {
    if (i + 1 >= f.length) throw new AdfEvalError(`invalid date format '${f}': trailing '\\'`);
    return { text: f[i + 1], next: i + 2 };
  }
  if (i + 1 >= f.length || f[i + 1] === '%') throw new AdfEvalError(`invalid date format '${f}'`);
  return { text: formatCustom(t, f[i + 1]), next: i + 2 };
}
