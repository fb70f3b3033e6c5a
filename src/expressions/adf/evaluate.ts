/**
 * Evaluator for Azure Data Factory expressions, used by tests to check what generated pipelines compute.
 *
 * Semantics follow "Expressions and functions in Azure Data Factory"
 * (learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions):
 * - function names are matched case-insensitively (`utcnow()` = `utcNow()`);
 * - `indexOf`, `lastIndexOf`, `startsWith` and `endsWith` ignore case; `contains`, `replace` and `equals` on strings do not;
 * - `div` of two integers is the integer quotient (`div(11, 5)` = 2);
 * - date functions take ISO 8601 (or `MM/dd/yyyy HH:mm:ss`) timestamps, compute in UTC with 100 ns precision and
 *   format with .NET date format strings (standard one-letter formats in the en-US culture, or custom patterns);
 *   the default format is `o`, i.e. `yyyy-MM-ddTHH:mm:ss.fffffffZ`;
 * - property access is exact first, then case-insensitive; a missing property or `null` target is an error
 *   unless the access is `?.` / `?[`, which gives `null`.
 * Assumptions where the documentation is silent: `if`, `and` and `or` evaluate lazily; booleans convert to
 * strings as `True`/`False` (as .NET does); objects and arrays convert to compact JSON; `concat` converts non-string
 * arguments to strings (null → empty) and joins arrays when all arguments are arrays; `toLower`/`toUpper` of null is ''.
 * Numbers are JavaScript numbers, so `1.0` and `1` are the same integer.
 */
import type { AdfExprNode } from './ast.js';
import { parseAdfValue } from './parser.js';

/** Error raised while evaluating (wrong argument type, missing property, unknown variable, ...). */
export class AdfEvalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdfEvalError';
  }
}

/** Inputs an expression can read. All maps are looked up exactly, then case-insensitively. */
export interface AdfEvalContext {
  /** `pipeline().parameters`. */
  parameters?: Record<string, unknown>;
  /** Other `pipeline()` properties: `DataFactory`, `Pipeline`, `RunId`, `TriggerTime`, `TriggerType`, ... */
  pipeline?: Record<string, unknown>;
  /** `variables('x')`. */
  variables?: Record<string, unknown>;
  /** `activity('Name')`: the activity run object, e.g. `{ output: { firstRow: {...} } }`. */
  activities?: Record<string, unknown>;
  /** `item()`; `undefined` means "not inside a ForEach/Filter" (calling `item()` is then an error). */
  item?: unknown;
  /** `triggerBody()`. */
  triggerBody?: unknown;
  /** `trigger()`. */
  trigger?: unknown;
  /** `dataset()` inside a dataset definition. */
  dataset?: Record<string, unknown>;
  /** `linkedService()` inside a linked service definition. */
  linkedService?: Record<string, unknown>;
  /** The fixed current time used by `utcNow()`, `getPastTime()`, ...: an ISO 8601 UTC timestamp. */
  utcNow: string;
  /** Values of `guid()`: one fixed GUID (returned every time) or a generator. Required only if `guid()` is used. */
  guid?: string | (() => string);
}

// ---------------------------------------------------------------------------------------------------------------
// Values

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'float';
  return typeof v;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Looks up `key` exactly, then case-insensitively; `undefined` when absent. */
function lookup(obj: Record<string, unknown>, key: string): unknown {
  if (Object.prototype.hasOwnProperty.call(obj, key)) return obj[key];
  const lower = key.toLowerCase();
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) return obj[k];
  return undefined;
}

/** Converts a value to a string the way `string()` and `@{...}` do. */
export function adfToString(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (typeof a === 'boolean' && typeof b === 'number') return (a ? 1 : 0) === b;
  if (typeof a === 'number' && typeof b === 'boolean') return a === (b ? 1 : 0);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as any)[k], (b as any)[k]));
}

// ---------------------------------------------------------------------------------------------------------------
// Timestamps: epoch milliseconds (UTC) plus 0-9999 extra ticks of 100 ns.

interface Timestamp {
  ms: number;
  ticks: number;
}

const ISO_RE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,7}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const US_RE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?)?$/i;

function parseTimestamp(fn: string, v: unknown): Timestamp {
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
function utcMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(y: number, mo: number): number {
  return mo === 2 && isLeap(y) ? 29 : DAYS_IN_MONTH[mo - 1];
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };

function addUnits(fn: string, t: Timestamp, amount: unknown, unit: unknown): Timestamp {
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

// ---------------------------------------------------------------------------------------------------------------
// Functions

type Evaluator = (node: AdfExprNode) => unknown;
interface FnDef {
  min: number;
  max: number;
  /** Lazy functions get unevaluated nodes. */
  lazy?: boolean;
  run: (args: any[], ctx: AdfEvalContext, evaluate: Evaluator) => unknown;
}

function expectString(fn: string, v: unknown, what = 'argument'): string {
  if (typeof v !== 'string') throw new AdfEvalError(`${fn}: the ${what} must be a string, got ${typeName(v)}`);
  return v;
}
function expectNumber(fn: string, v: unknown, what = 'argument'): number {
  if (typeof v !== 'number') throw new AdfEvalError(`${fn}: the ${what} must be a number, got ${typeName(v)}`);
  return v;
}
function expectInt(fn: string, v: unknown, what = 'argument'): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new AdfEvalError(`${fn}: the ${what} must be an integer, got ${typeName(v)}`);
  return v;
}
function expectBool(fn: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw new AdfEvalError(`${fn}: expected a boolean, got ${typeName(v)}`);
  return v;
}
function expectArray(fn: string, v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new AdfEvalError(`${fn}: expected an array, got ${typeName(v)}`);
  return v;
}
function compare(fn: string, a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new AdfEvalError(`${fn}: cannot compare ${typeName(a)} with ${typeName(b)}`);
}
function arith(fn: string, a: unknown, b: unknown, op: (x: number, y: number) => number): number {
  return op(expectNumber(fn, a, 'first argument'), expectNumber(fn, b, 'second argument'));
}
function timeResult(fn: string, t: Timestamp, format: unknown): string {
  if (format !== undefined && format !== null && typeof format !== 'string') {
    throw new AdfEvalError(`${fn}: the format must be a string, got ${typeName(format)}`);
  }
  return formatAdfTimestamp(t, format as string | undefined);
}
function now(ctx: AdfEvalContext): Timestamp {
  return parseTimestamp('utcNow', ctx.utcNow);
}
function uniqueAppend(out: unknown[], items: unknown[]): void {
  for (const x of items) if (!out.some((y) => deepEqual(x, y))) out.push(x);
}
function ciIndexOf(fn: string, s: unknown, find: unknown, last: boolean): number {
  const text = expectString(fn, s, 'text').toLowerCase();
  const search = expectString(fn, find, 'search text').toLowerCase();
  return last ? text.lastIndexOf(search) : text.indexOf(search);
}

const FUNCTIONS: Record<string, FnDef> = {
  // Strings
  concat: {
    min: 1,
    max: Infinity,
    run: (a) => {
      if (a.length > 0 && a.every((x) => Array.isArray(x))) return a.flat(1);
      return a.map(adfToString).join('');
    },
  },
  tolower: { min: 1, max: 1, run: ([s]) => (s === null ? '' : expectString('toLower', s).toLowerCase()) },
  toupper: { min: 1, max: 1, run: ([s]) => (s === null ? '' : expectString('toUpper', s).toUpperCase()) },
  trim: { min: 1, max: 1, run: ([s]) => expectString('trim', s).trim() },
  replace: {
    min: 3,
    max: 3,
    run: ([s, from, to]) => {
      const text = expectString('replace', s, 'text');
      const old = expectString('replace', from, 'old text');
      if (old === '') throw new AdfEvalError('replace: the old text must not be empty');
      return text.split(old).join(expectString('replace', to, 'new text'));
    },
  },
  split: { min: 2, max: 2, run: ([s, sep]) => expectString('split', s, 'text').split(expectString('split', sep, 'delimiter')) },
  substring: {
    min: 2,
    max: 3,
    run: ([s, start, len]) => {
      const text = expectString('substring', s, 'text');
      const from = expectInt('substring', start, 'start index');
      const count = len === undefined ? text.length - from : expectInt('substring', len, 'length');
      if (from < 0 || count < 0 || from + count > text.length) {
        throw new AdfEvalError(`substring: start ${from} and length ${count} are outside the string of length ${text.length}`);
      }
      return text.slice(from, from + count);
    },
  },
  indexof: { min: 2, max: 2, run: ([s, f]) => ciIndexOf('indexOf', s, f, false) },
  lastindexof: { min: 2, max: 2, run: ([s, f]) => ciIndexOf('lastIndexOf', s, f, true) },
  startswith: {
    min: 2,
    max: 2,
    run: ([s, f]) => expectString('startsWith', s, 'text').toLowerCase().startsWith(expectString('startsWith', f, 'search text').toLowerCase()),
  },
  endswith: {
    min: 2,
    max: 2,
    run: ([s, f]) => expectString('endsWith', s, 'text').toLowerCase().endsWith(expectString('endsWith', f, 'search text').toLowerCase()),
  },
  guid: {
    min: 0,
    max: 1,
    run: ([format], ctx) => {
      if (ctx.guid === undefined) throw new AdfEvalError('guid: the evaluation context has no guid value');
      const g = (typeof ctx.guid === 'function' ? ctx.guid() : ctx.guid).toLowerCase();
      const hex = g.replace(/[^0-9a-f]/g, '');
      const d = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
      switch (format === undefined ? 'D' : expectString('guid', format, 'format').toUpperCase()) {
        case 'N':
          return hex;
        case 'D':
          return d;
        case 'B':
          return `{${d}}`;
        case 'P':
          return `(${d})`;
        default:
          throw new AdfEvalError(`guid: unsupported format '${format}'`);
      }
    },
  },
  // Collections
  contains: {
    min: 2,
    max: 2,
    run: ([c, v]) => {
      if (typeof c === 'string') return c.includes(expectString('contains', v, 'value'));
      if (Array.isArray(c)) return c.some((x) => deepEqual(x, v));
      if (isObject(c)) return Object.prototype.hasOwnProperty.call(c, expectString('contains', v, 'key'));
      throw new AdfEvalError(`contains: expected a string, array or object, got ${typeName(c)}`);
    },
  },
  empty: {
    min: 1,
    max: 1,
    run: ([c]) => {
      if (c === null || c === undefined) return true;
      if (typeof c === 'string' || Array.isArray(c)) return c.length === 0;
      if (isObject(c)) return Object.keys(c).length === 0;
      throw new AdfEvalError(`empty: expected a string, array or object, got ${typeName(c)}`);
    },
  },
  first: {
    min: 1,
    max: 1,
    run: ([c]) => {
      if (typeof c === 'string') return c.length ? c[0] : '';
      return expectArray('first', c).length ? c[0] : null;
    },
  },
  last: {
    min: 1,
    max: 1,
    run: ([c]) => {
      if (typeof c === 'string') return c.length ? c[c.length - 1] : '';
      return expectArray('last', c).length ? c[c.length - 1] : null;
    },
  },
  length: {
    min: 1,
    max: 1,
    run: ([c]) => {
      if (typeof c === 'string' || Array.isArray(c)) return c.length;
      throw new AdfEvalError(`length: expected a string or array, got ${typeName(c)}`);
    },
  },
  createarray: { min: 0, max: Infinity, run: (a) => [...a] },
  array: { min: 1, max: 1, run: ([v]) => [v] },
  union: {
    min: 1,
    max: Infinity,
    run: (a) => {
      if (a.every(isObject)) return Object.assign({}, ...a);
      const out: unknown[] = [];
      for (const c of a) uniqueAppend(out, expectArray('union', c));
      return out;
    },
  },
  intersection: {
    min: 1,
    max: Infinity,
    run: (a) => {
      if (a.every(isObject)) {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(a[a.length - 1])) {
          if (a.every((o) => Object.prototype.hasOwnProperty.call(o, k) && deepEqual(o[k], v))) out[k] = v;
        }
        return out;
      }
      const lists = a.map((c) => expectArray('intersection', c));
      const out: unknown[] = [];
      uniqueAppend(out, lists[0].filter((x) => lists.every((l) => l.some((y) => deepEqual(x, y)))));
      return out;
    },
  },
  skip: {
    min: 2,
    max: 2,
    run: ([c, n]) => {
      const count = Math.max(0, expectInt('skip', n, 'count'));
      if (typeof c === 'string') return c.slice(count);
      return expectArray('skip', c).slice(count);
    },
  },
  take: {
    min: 2,
    max: 2,
    run: ([c, n]) => {
      const count = Math.max(0, expectInt('take', n, 'count'));
      if (typeof c === 'string') return c.slice(0, count);
      return expectArray('take', c).slice(0, count);
    },
  },
  join: { min: 2, max: 2, run: ([c, sep]) => expectArray('join', c).map(adfToString).join(expectString('join', sep, 'delimiter')) },
  range: {
    min: 2,
    max: 2,
    run: ([start, count]) => {
      const s = expectInt('range', start, 'start index');
      const n = expectInt('range', count, 'count');
      if (n < 0) throw new AdfEvalError('range: the count must not be negative');
      return Array.from({ length: n }, (_, i) => s + i);
    },
  },
  // Logic
  if: {
    min: 3,
    max: 3,
    lazy: true,
    run: ([c, t, f], _ctx, ev) => (expectBool('if', ev(c)) ? ev(t) : ev(f)),
  },
  equals: { min: 2, max: 2, run: ([a, b]) => deepEqual(a, b) },
  not: { min: 1, max: 1, run: ([a]) => !expectBool('not', a) },
  and: {
    min: 2,
    max: Infinity,
    lazy: true,
    run: (nodes, _ctx, ev) => nodes.every((n: AdfExprNode) => expectBool('and', ev(n))),
  },
  or: {
    min: 2,
    max: Infinity,
    lazy: true,
    run: (nodes, _ctx, ev) => nodes.some((n: AdfExprNode) => expectBool('or', ev(n))),
  },
  greater: { min: 2, max: 2, run: ([a, b]) => compare('greater', a, b) > 0 },
  greaterorequals: { min: 2, max: 2, run: ([a, b]) => compare('greaterOrEquals', a, b) >= 0 },
  less: { min: 2, max: 2, run: ([a, b]) => compare('less', a, b) < 0 },
  lessorequals: { min: 2, max: 2, run: ([a, b]) => compare('lessOrEquals', a, b) <= 0 },
  coalesce: { min: 1, max: Infinity, run: (a) => a.find((x) => x !== null && x !== undefined) ?? null },
  // Conversion
  int: {
    min: 1,
    max: 1,
    run: ([v]) => {
      if (typeof v === 'number') return Math.trunc(v);
      if (typeof v === 'boolean') return v ? 1 : 0;
      if (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v)) return Number(v.trim());
      throw new AdfEvalError(`int: cannot convert ${typeof v === 'string' ? `'${v}'` : typeName(v)} to an integer`);
    },
  },
  float: {
    min: 1,
    max: 1,
    run: ([v]) => {
      if (typeof v === 'number') return v;
      if (typeof v === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(v)) return Number(v.trim());
      throw new AdfEvalError(`float: cannot convert ${typeof v === 'string' ? `'${v}'` : typeName(v)} to a float`);
    },
  },
  string: { min: 1, max: 1, run: ([v]) => adfToString(v) },
  bool: {
    min: 1,
    max: 1,
    run: ([v]) => {
      if (typeof v === 'boolean') return v;
      if (typeof v === 'number') return v !== 0;
      if (typeof v === 'string' && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === 'true';
      throw new AdfEvalError(`bool: cannot convert ${typeof v === 'string' ? `'${v}'` : typeName(v)} to a boolean`);
    },
  },
  json: {
    min: 1,
    max: 1,
    run: ([v]) => {
      if (v === null) return {};
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as Json;
      } catch (e) {
        throw new AdfEvalError(`json: '${v}' is not valid JSON`);
      }
    },
  },
  base64: { min: 1, max: 1, run: ([v]) => Buffer.from(expectString('base64', v), 'utf8').toString('base64') },
  base64tostring: { min: 1, max: 1, run: ([v]) => Buffer.from(expectString('base64ToString', v), 'base64').toString('utf8') },
  uricomponent: { min: 1, max: 1, run: ([v]) => encodeURIComponent(expectString('uriComponent', v)) },
  uricomponenttostring: { min: 1, max: 1, run: ([v]) => decodeURIComponent(expectString('uriComponentToString', v)) },
  // Math
  add: { min: 2, max: 2, run: ([a, b]) => arith('add', a, b, (x, y) => x + y) },
  sub: { min: 2, max: 2, run: ([a, b]) => arith('sub', a, b, (x, y) => x - y) },
  mul: { min: 2, max: 2, run: ([a, b]) => arith('mul', a, b, (x, y) => x * y) },
  div: {
    min: 2,
    max: 2,
    run: ([a, b]) =>
      arith('div', a, b, (x, y) => {
        if (y === 0) throw new AdfEvalError('div: division by zero');
        return Number.isInteger(x) && Number.isInteger(y) ? Math.trunc(x / y) : x / y;
      }),
  },
  mod: {
    min: 2,
    max: 2,
    run: ([a, b]) =>
      arith('mod', a, b, (x, y) => {
        if (y === 0) throw new AdfEvalError('mod: division by zero');
        return x % y;
      }),
  },
  max: {
    min: 1,
    max: Infinity,
    run: (a) => {
      const list = a.length === 1 && Array.isArray(a[0]) ? a[0] : a;
      return Math.max(...list.map((x: unknown) => expectNumber('max', x)));
    },
  },
  min: {
    min: 1,
    max: Infinity,
    run: (a) => {
      const list = a.length === 1 && Array.isArray(a[0]) ? a[0] : a;
      return Math.min(...list.map((x: unknown) => expectNumber('min', x)));
    },
  },
  // Dates
  utcnow: { min: 0, max: 1, run: ([f], ctx) => timeResult('utcNow', now(ctx), f) },
  formatdatetime: { min: 1, max: 2, run: ([t, f]) => timeResult('formatDateTime', parseTimestamp('formatDateTime', t), f) },
  startofmonth: {
    min: 1,
    max: 2,
    run: ([t, f]) => {
      const d = new Date(parseTimestamp('startOfMonth', t).ms);
      return timeResult('startOfMonth', { ms: utcMs(d.getUTCFullYear(), d.getUTCMonth() + 1, 1), ticks: 0 }, f);
    },
  },
  startofday: {
    min: 1,
    max: 2,
    run: ([t, f]) => {
      const ts = parseTimestamp('startOfDay', t);
      return timeResult('startOfDay', { ms: ts.ms - mod(ts.ms, 86_400_000), ticks: 0 }, f);
    },
  },
  startofhour: {
    min: 1,
    max: 2,
    run: ([t, f]) => {
      const ts = parseTimestamp('startOfHour', t);
      return timeResult('startOfHour', { ms: ts.ms - mod(ts.ms, 3_600_000), ticks: 0 }, f);
    },
  },
  addtotime: {
    min: 3,
    max: 4,
    run: ([t, n, unit, f]) => timeResult('addToTime', addUnits('addToTime', parseTimestamp('addToTime', t), n, unit), f),
  },
  subtractfromtime: {
    min: 3,
    max: 4,
    run: ([t, n, unit, f]) =>
      timeResult('subtractFromTime', addUnits('subtractFromTime', parseTimestamp('subtractFromTime', t), -expectNumber('subtractFromTime', n, 'interval'), unit), f),
  },
  adddays: { min: 2, max: 3, run: ([t, n, f]) => timeResult('addDays', addUnits('addDays', parseTimestamp('addDays', t), n, 'Day'), f) },
  addhours: { min: 2, max: 3, run: ([t, n, f]) => timeResult('addHours', addUnits('addHours', parseTimestamp('addHours', t), n, 'Hour'), f) },
  addminutes: { min: 2, max: 3, run: ([t, n, f]) => timeResult('addMinutes', addUnits('addMinutes', parseTimestamp('addMinutes', t), n, 'Minute'), f) },
  addseconds: { min: 2, max: 3, run: ([t, n, f]) => timeResult('addSeconds', addUnits('addSeconds', parseTimestamp('addSeconds', t), n, 'Second'), f) },
  getpasttime: {
    min: 2,
    max: 3,
    run: ([n, unit, f], ctx) => timeResult('getPastTime', addUnits('getPastTime', now(ctx), -expectNumber('getPastTime', n, 'interval'), unit), f),
  },
  getfuturetime: {
    min: 2,
    max: 3,
    run: ([n, unit, f], ctx) => timeResult('getFutureTime', addUnits('getFutureTime', now(ctx), n, unit), f),
  },
  dayofmonth: { min: 1, max: 1, run: ([t]) => new Date(parseTimestamp('dayOfMonth', t).ms).getUTCDate() },
  dayofweek: { min: 1, max: 1, run: ([t]) => new Date(parseTimestamp('dayOfWeek', t).ms).getUTCDay() },
  // Scope accessors
  pipeline: {
    min: 0,
    max: 0,
    run: (_a, ctx) => ({ ...(ctx.pipeline ?? {}), parameters: ctx.parameters ?? {} }),
  },
  variables: {
    min: 1,
    max: 1,
    run: ([name], ctx) => {
      const v = lookup(ctx.variables ?? {}, expectString('variables', name, 'variable name'));
      if (v === undefined) throw new AdfEvalError(`variables: the variable '${name}' does not exist`);
      return v;
    },
  },
  activity: {
    min: 1,
    max: 1,
    run: ([name], ctx) => {
      const v = lookup(ctx.activities ?? {}, expectString('activity', name, 'activity name'));
      if (v === undefined) throw new AdfEvalError(`activity: the activity '${name}' has no result in the evaluation context`);
      return v;
    },
  },
  item: {
    min: 0,
    max: 0,
    run: (_a, ctx) => {
      if (ctx.item === undefined) throw new AdfEvalError('item: not inside a ForEach (the context has no item)');
      return ctx.item;
    },
  },
  triggerbody: { min: 0, max: 0, run: (_a, ctx) => ctx.triggerBody ?? null },
  trigger: { min: 0, max: 0, run: (_a, ctx) => ctx.trigger ?? null },
  dataset: { min: 0, max: 0, run: (_a, ctx) => ctx.dataset ?? {} },
  linkedservice: { min: 0, max: 0, run: (_a, ctx) => ctx.linkedService ?? {} },
};

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/** Names (lower-cased) of the functions the evaluator implements. */
export const ADF_EVALUATOR_FUNCTIONS: readonly string[] = Object.keys(FUNCTIONS);

/**
 * Evaluates an expression node.
 * @returns the JSON value (string, number, boolean, null, array or object)
 * @throws AdfEvalError on unknown functions, wrong argument counts/types, missing variables or properties
 */
export function evaluateAdf(node: AdfExprNode, ctx: AdfEvalContext): unknown {
  const ev: Evaluator = (n) => evaluateAdf(n, ctx);
  switch (node.kind) {
    case 'string':
    case 'number':
    case 'keyword':
      return node.value;
    case 'call': {
      const def = FUNCTIONS[node.name.toLowerCase()];
      if (!def) throw new AdfEvalError(`unknown function '${node.name}'`);
      if (node.args.length < def.min || node.args.length > def.max) {
        const expected = def.max === Infinity ? `at least ${def.min}` : def.min === def.max ? `${def.min}` : `${def.min} to ${def.max}`;
        throw new AdfEvalError(`${node.name}: expected ${expected} argument(s), got ${node.args.length}`);
      }
      return def.run(def.lazy ? node.args : node.args.map(ev), ctx, ev);
    }
    case 'property':
    case 'index': {
      const target = ev(node.target);
      const key = node.kind === 'property' ? node.name : ev(node.index);
      const shown = node.kind === 'property' ? `.${node.name}` : `[${JSON.stringify(key)}]`;
      if (target === null || target === undefined) {
        if (node.optional) return null;
        throw new AdfEvalError(`cannot read '${shown}' of null (use '?' to allow null)`);
      }
      if (Array.isArray(target)) {
        if (typeof key !== 'number' || !Number.isInteger(key)) throw new AdfEvalError(`an array index must be an integer, got ${typeName(key)}`);
        if (key < 0 || key >= target.length) {
          if (node.optional) return null;
          throw new AdfEvalError(`index ${key} is outside the array of length ${target.length}`);
        }
        return target[key];
      }
      if (isObject(target)) {
        if (typeof key !== 'string') throw new AdfEvalError(`an object key must be a string, got ${typeName(key)}`);
        const v = lookup(target, key);
        if (v === undefined) {
          if (node.optional) return null;
          throw new AdfEvalError(`the property '${key}' does not exist (available: ${Object.keys(target).join(', ') || 'none'})`);
        }
        return v;
      }
      throw new AdfEvalError(`cannot read '${shown}' of a ${typeName(target)}`);
    }
  }
}

/**
 * Evaluates a Data Factory JSON string value: literal text as is, `@expr` to the expression's value,
 * interpolations to a string.
 * @throws AdfParseError on a syntax error, AdfEvalError on an evaluation error
 */
export function evaluateAdfValue(text: string, ctx: AdfEvalContext): unknown {
  const parsed = parseAdfValue(text);
  switch (parsed.kind) {
    case 'literal':
      return parsed.value;
    case 'expression':
      return evaluateAdf(parsed.node, ctx);
    case 'interpolation':
      return parsed.parts.map((p) => (typeof p === 'string' ? p : adfToString(evaluateAdf(p, ctx)))).join('');
  }
}
