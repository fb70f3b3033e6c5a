/**
 * Value helpers for the Data Factory model checker: JSON value descriptions, JSON paths, Data Factory
 * expression detection (ARM expressions: `isArmExpressionString` in `expressions/arm/parser.ts`), ISO date-time parsing without `Date` (so results never depend on the
 * `TZ` environment variable), mapper constraints and "did you mean" suggestions.
 */
import { isObject } from '../../util/json.js';

/** True when `value` is a Data Factory expression string (starts with `@`, and `@@` is not the escape for a literal `@`). */
export function isAdfExpressionString(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('@') && !value.startsWith('@@');
}

/** True when `value` is a Data Factory expression object `{ "value": "...", "type": "Expression" }`. */
export function isAdfExpressionObject(value: unknown): boolean {
  return isObject(value) && value.type === 'Expression' && 'value' in value;
}

/**
 * Short description of a JSON value for messages: `string "abc"`, `number 3`, `boolean`, `array`, `object`,
 * `null`, or `a Data Factory expression ...` for expression strings and objects. Long strings are cut at 40 characters.
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isAdfExpressionObject(value)) return 'a Data Factory expression object';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    if (isAdfExpressionString(value)) return `a Data Factory expression string ${JSON.stringify(shown)}`;
    return `string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number') return `number ${value}`;
  return typeof value;
}

/** Appends an object key to a JSON path: `a.b` for identifier-like keys, `a['x y']` otherwise. */
export function joinKey(path: string, key: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key).replace(/^"|"$/g, "'")}]`;
}

/** Appends an array index to a JSON path: `a[3]`. */
export function joinIndex(path: string, index: number): string {
  return `${path}[${index}]`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?(Z|z|[+-](\d{2}):?(\d{2}))?)?$/;

/** Parts of an ISO 8601 date-time string; `offset` is `Z`, `+hh:mm`/`-hh:mm`, or undefined for local time. */
export interface IsoDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The zone designator as written (`Z`, `+01:00`, `-0500`), or undefined when the time has no offset. */
  offset?: string;
}

/**
 * Parses an ISO 8601 date or date-time (`2023-01-01`, `2023-01-01T01:01`, `2023-01-01T01:01:00.123Z`,
 * `2023-01-01T01:01:00+02:00`) by arithmetic only, checking calendar ranges (month length, leap years,
 * hours 0-23, offsets up to 14:00). Data Factory schedule times are local times in the trigger's
 * `timeZone` when no offset is given, so the result is never converted to a `Date`.
 * @returns the parts, or undefined when the text is not a valid date-time
 */
export function parseIsoDateTime(text: string): IsoDateTime | undefined {
  const m = DATE_TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (m[9] !== undefined && (Number(m[9]) > 14 || Number(m[10]) > 59)) return undefined;
  return { year, month, day, hour, minute, second, offset: m[8] };
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A GUID in its usual 8-4-4-4-12 hex form. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The constraint keys core-client mappers may carry (`@azure/core-client` `MapperConstraints`). */
export interface Constraints {
  InclusiveMaximum?: number;
  ExclusiveMaximum?: number;
  InclusiveMinimum?: number;
  ExclusiveMinimum?: number;
  MaxLength?: number;
  MinLength?: number;
  Pattern?: RegExp | string;
  MaxItems?: number;
  MinItems?: number;
  UniqueItems?: true;
  MultipleOf?: number;
}

/**
 * Checks a value against mapper constraints. Number bounds apply to numbers, length and pattern to
 * strings, item counts to arrays; other combinations are ignored (the type check reports them).
 * @returns one message per broken constraint, e.g. `must be >= 1, got 0`
 */
export function checkConstraints(value: unknown, c: Constraints): string[] {
  const out: string[] = [];
  if (typeof value === 'number') {
    if (c.InclusiveMinimum !== undefined && value < c.InclusiveMinimum) out.push(`must be >= ${c.InclusiveMinimum}, got ${value}`);
    if (c.InclusiveMaximum !== undefined && value > c.InclusiveMaximum) out.push(`must be <= ${c.InclusiveMaximum}, got ${value}`);
    if (c.ExclusiveMinimum !== undefined && value <= c.ExclusiveMinimum) out.push(`must be > ${c.ExclusiveMinimum}, got ${value}`);
    if (c.ExclusiveMaximum !== undefined && value >= c.ExclusiveMaximum) out.push(`must be < ${c.ExclusiveMaximum}, got ${value}`);
    if (c.MultipleOf !== undefined && c.MultipleOf !== 0 && value % c.MultipleOf !== 0) out.push(`must be a multiple of ${c.MultipleOf}, got ${value}`);
  } else if (typeof value === 'string') {
    if (c.MinLength !== undefined && value.length < c.MinLength) out.push(`must be at least ${c.MinLength} characters long, got ${value.length}`);
    if (c.MaxLength !== undefined && value.length > c.MaxLength) out.push(`must be at most ${c.MaxLength} characters long, got ${value.length}`);
    if (c.Pattern !== undefined) {
      const re = typeof c.Pattern === 'string' ? new RegExp(c.Pattern) : c.Pattern;
      if (!re.test(value)) out.push(`must match ${String(re)}, got ${JSON.stringify(value)}`);
    }
  } else if (Array.isArray(value)) {
    if (c.MinItems !== undefined && value.length < c.MinItems) out.push(`must have at least ${c.MinItems} items, got ${value.length}`);
    if (c.MaxItems !== undefined && value.length > c.MaxItems) out.push(`must have at most ${c.MaxItems} items, got ${value.length}`);
    if (c.UniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) out.push('items must be unique');
  }
  return out;
}

/** Levenshtein distance between two strings (case-insensitive). */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let prev = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const cur = [i];
    for (let j = 1; j <= y.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[y.length];
}

/**
 * The closest candidate to `word` (case-insensitive edit distance at most 2, or a third of the word's
 * length for long words); ties go to the alphabetically first candidate.
 * @returns the suggestion, or undefined when nothing is close enough
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(word.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of [...candidates].sort()) {
    const d = distance(word, c);
    if (d < bestScore && d <= limit) {
      best = c;
      bestScore = d;
    }
  }
  return best;
}
