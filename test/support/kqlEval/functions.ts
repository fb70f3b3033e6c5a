/**
 * Kusto's built-in scalar functions, as far as hubc's KQL uses them, for the test evaluator (./evaluate.ts).
 * Each follows the Kusto documentation of the function (learn.microsoft.com/kusto/query/<name>-function);
 * arguments arrive evaluated, except for the ones ./evaluate.ts evaluates lazily (iff, case, coalesce).
 */
import { KDate, KDyn, KNum, KSpan, coerce, decimal, dyn, isEmpty, long, num, real, toJson, toText, type Scalar } from './values.js';

type Fn = (args: Scalar[], ctx: { now: KDate }) => Scalar;

const str = (v: Scalar) => toText(v);

/** RE2 rewrite `\1` as JavaScript `$1`. */
const rewrite = (text: string) => text.replace(/\$/g, '$$$$').replace(/\\(\d)/g, '$$$1');

function date(v: Scalar): Date | null {
  return v instanceof KDate ? new Date(v.ms) : null;
}
const fromDate = (d: Date) => new KDate(d.getTime());
function utc(y: number, m: number, day: number): KDate {
  const d = new Date(0);
  d.setUTCFullYear(y, m, day);
  return fromDate(d);
}

/** round(x, n) with halves away from zero, keeping the number's type. */
function round(v: Scalar, places: Scalar): Scalar {
  if (!(v instanceof KNum)) return null;
  const p = num(places) ?? 0;
  const f = 10 ** p;
  const r = (Math.sign(v.v) * Math.round(Math.abs(v.v) * f + 1e-9)) / f;
  return new KNum(v.type, r);
}

function numeric(v: Scalar, make: (n: number) => KNum): Scalar {
  const n = num(v);
  return n === null ? null : make(n);
}

function trimWith(re: string, s: string, start: boolean, end: boolean): string {
  let out = s;
  if (start) out = out.replace(new RegExp(`^(?:${re})+`), '');
  if (end) out = out.replace(new RegExp(`(?:${re})+$`), '');
  return out;
}

/** `format_datetime()` for the patterns hubc uses (yyyy, MM, dd, HH, mm, ss). */
function formatDate(v: Scalar, pattern: string): string {
  const d = date(v);
  if (!d) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return pattern
    .replace('yyyy', String(d.getUTCFullYear()).padStart(4, '0'))
    .replace('MM', two(d.getUTCMonth() + 1))
    .replace('dd', two(d.getUTCDate()))
    .replace('HH', two(d.getUTCHours()))
    .replace('mm', two(d.getUTCMinutes()))
    .replace('ss', two(d.getUTCSeconds()));
}

function index(container: Scalar, i: Scalar): Scalar {
  if (!(container instanceof KDyn)) return null;
  const v = container.v;
  if (Array.isArray(v)) {
    const n = num(i);
    if (n === null) return null;
    return dyn(v[n < 0 ? v.length + n : n]);
  }
  if (v && typeof v === 'object') return dyn((v as Record<string, unknown>)[toText(i)]);
  return null;
}

export const SCALAR_FUNCTIONS: Record<string, Fn> = {
  tostring: ([v]) => toText(v),
  tolower: ([v]) => str(v).toLowerCase(),
  toupper: ([v]) => str(v).toUpperCase(),
  strlen: ([v]) => long(str(v).length),
  strcat: (args) => args.map(toText).join(''),
  strcat_array: ([arr, sep]) => (arr instanceof KDyn && Array.isArray(arr.v) ? arr.v.map((x) => toText(dyn(x))).join(str(sep)) : ''),
  substring: ([s, start, length]) => {
    const text = str(s);
    const from = Math.max(0, num(start) ?? 0);
    return length === undefined || length === null ? text.slice(from) : text.slice(from, from + Math.max(0, num(length)!));
  },
  split: ([s, delimiter]) => dyn(str(s).split(str(delimiter))),
  extract: ([re, group, s]) => {
    const m = new RegExp(str(re)).exec(str(s));
    return m ? (m[num(group) ?? 0] ?? '') : '';
  },
  replace_regex: ([s, re, by]) => str(s).replace(new RegExp(str(re), 'g'), rewrite(str(by))),
  replace_string: ([s, lookup, by]) => str(s).split(str(lookup)).join(str(by)),
  trim: ([re, s]) => trimWith(str(re), str(s), true, true),
  trim_start: ([re, s]) => trimWith(str(re), str(s), true, false),
  trim_end: ([re, s]) => trimWith(str(re), str(s), false, true),
  isempty: ([v]) => isEmpty(v),
  isnotempty: ([v]) => !isEmpty(v),
  isnull: ([v]) => v === null || (v instanceof KDyn && v.v === null),
  isnotnull: ([v]) => !(v === null || (v instanceof KDyn && v.v === null)),
  not: ([v]) => (v === null ? null : !(v === true || (v instanceof KDyn && v.v === true))),
  abs: ([v]) => (v instanceof KNum ? new KNum(v.type, Math.abs(v.v)) : null),
  round: ([v, places]) => round(v, places ?? null),
  todouble: ([v]) => numeric(v, real),
  toreal: ([v]) => numeric(v, real),
  toint: ([v]) => numeric(v, (n) => new KNum('int', Math.trunc(n))),
  tolong: ([v]) => numeric(v, (n) => long(Math.trunc(n))),
  todecimal: ([v]) => numeric(v, decimal),
  // Typed literals written as calls: decimal(0), int(null), real(1.5), long(3), double(2).
  decimal: ([v]) => coerce(v, 'decimal'),
  int: ([v]) => coerce(v, 'int'),
  long: ([v]) => coerce(v, 'long'),
  real: ([v]) => coerce(v, 'real'),
  double: ([v]) => coerce(v, 'real'),
  bool: ([v]) => coerce(v, 'bool'),
  now: (_args, ctx) => ctx.now,
  getyear: ([v]) => (date(v) ? long(date(v)!.getUTCFullYear()) : null),
  getmonth: ([v]) => (date(v) ? new KNum('int', date(v)!.getUTCMonth() + 1) : null),
  dayofmonth: ([v]) => (date(v) ? new KNum('int', date(v)!.getUTCDate()) : null),
  startofday: ([v]) => (date(v) ? utc(date(v)!.getUTCFullYear(), date(v)!.getUTCMonth(), date(v)!.getUTCDate()) : null),
  startofmonth: ([v, offset]) => (date(v) ? utc(date(v)!.getUTCFullYear(), date(v)!.getUTCMonth() + (num(offset ?? null) ?? 0), 1) : null),
  endofmonth: ([v]) => (date(v) ? new KDate(utc(date(v)!.getUTCFullYear(), date(v)!.getUTCMonth() + 1, 1).ms - 1) : null),
  datetime_add: ([part, amount, v]) => {
    const d = date(v);
    const n = num(amount);
    if (!d || n === null) return null;
    const p = str(part);
    if (p === 'month') return utc(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate());
    if (p === 'year') return utc(d.getUTCFullYear() + n, d.getUTCMonth(), d.getUTCDate());
    if (p === 'day') return new KDate(d.getTime() + n * 86_400_000);
    throw new Error(`datetime_add part ${p} is not supported`);
  },
  format_datetime: ([v, pattern]) => formatDate(v, str(pattern)),
  bag_pack: (args) => {
    const bag: Record<string, unknown> = {};
    for (let i = 0; i < args.length; i += 2) bag[str(args[i])] = toJson(args[i + 1]);
    return dyn(bag);
  },
  parse_json: ([v]) => {
    if (v instanceof KDyn) return v;
    const text = str(v);
    if (text === '') return dyn(null);
    try {
      return dyn(JSON.parse(text));
    } catch {
      return dyn(text);
    }
  },
  $index: ([container, i]) => index(container, i),
  // Dynamic values (learn.microsoft.com/kusto/query/bag-merge-function and the pages of the others).
  bag_merge: (args) => {
    const bags = args.map(bagOf);
    if (bags.some((b) => b === null)) return null;
    // The leftmost bag's value wins on a key several bags have.
    return dyn(Object.assign({}, ...bags.reverse()));
  },
  bag_remove_keys: ([bag, keys]) => {
    const b = bagOf(bag);
    if (!b || !(keys instanceof KDyn) || !Array.isArray(keys.v)) return null;
    const drop = new Set(keys.v.map(String));
    return dyn(Object.fromEntries(Object.entries(b).filter(([k]) => !drop.has(k))));
  },
  bag_keys: ([bag]) => {
    const b = bagOf(bag);
    return b ? dyn(Object.keys(b)) : null;
  },
  array_length: ([v]) => (v instanceof KDyn && Array.isArray(v.v) ? long(v.v.length) : null),
  gettype: ([v]) => typeName(v),
  todatetime: ([v]) => coerce(v, 'datetime'),
  tobool: ([v]) => coerce(v, 'bool'),
  make_datetime: ([y, m, d]) => {
    const [year, month, day] = [num(y), num(m), num(d)];
    return year === null || month === null || day === null ? null : utc(year, month - 1, day);
  },
};

/** A property bag's entries, or null for anything else (an array, a scalar, null). */
function bagOf(v: Scalar): Record<string, unknown> | null {
  return v instanceof KDyn && v.v !== null && typeof v.v === 'object' && !Array.isArray(v.v) ? (v.v as Record<string, unknown>) : null;
}

/** `gettype()`: the type of a value; a dynamic value's JSON kind (`dictionary`, `array`, `string`, `long`, `real`, `bool`, `null`). */
function typeName(v: Scalar): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof KNum) return v.type;
  if (v instanceof KDate) return 'datetime';
  if (v instanceof KSpan) return 'timespan';
  const j = v.v;
  if (j === null || j === undefined) return 'null';
  if (Array.isArray(j)) return 'array';
  if (typeof j === 'object') return 'dictionary';
  if (typeof j === 'number') return Number.isInteger(j) ? 'long' : 'real';
  return typeof j === 'boolean' ? 'bool' : 'string';
}
SCALAR_FUNCTIONS.pack = SCALAR_FUNCTIONS.bag_pack;
SCALAR_FUNCTIONS.todynamic = SCALAR_FUNCTIONS.parse_json;

/** `datetime + timespan`, `datetime - datetime`, and number arithmetic keeping Kusto's types. */
export function arithmetic(op: string, a: Scalar, b: Scalar): Scalar {
  if (a === null || b === null) return null;
  if (a instanceof KDate && b instanceof KSpan) return new KDate(op === '+' ? a.ms + b.ms : a.ms - b.ms);
  if (a instanceof KDate && b instanceof KDate && op === '-') return new KSpan(a.ms - b.ms);
  const x = num(a);
  const y = num(b);
  if (x === null || y === null) throw new Error(`cannot apply ${op} to ${toText(a)} and ${toText(b)}`);
  const types = [a, b].map((v) => (v instanceof KNum ? v.type : 'real'));
  const type = types.includes('real') ? 'real' : types.includes('decimal') ? 'decimal' : types.includes('long') ? 'long' : 'int';
  const integral = type === 'long' || type === 'int';
  switch (op) {
    case '+':
      return new KNum(type, x + y);
    case '-':
      return new KNum(type, x - y);
    case '*':
      return new KNum(type, x * y);
    case '/':
      if (integral) return y === 0 ? null : new KNum(type, Math.trunc(x / y));
      return new KNum(type, x / y);
    case '%':
      return new KNum(type, x % y);
  }
  throw new Error(`unknown operator ${op}`);
}
