/**
 * Date functions of the Data Factory expression language (utcNow, formatDateTime, addToTime, startOfMonth,
 * dayOfYear, ...). `utcNow()` and the functions relative to it read the fixed time of the evaluation
 * context, so results are reproducible. Source: "Expressions and functions in Azure Data Factory", "Date functions".
 */
import { AdfEvalError, expectNumber, typeName, type AdfEvalContext, type FnDef } from './common.js';
import { addUnits, formatAdfTimestamp, parseTimestamp, utcMs, type Timestamp } from './timestamps.js';

/** Formats a date function's result with its optional format argument. */
function timeResult(fn: string, t: Timestamp, format: unknown): string {
  if (format !== undefined && format !== null && typeof format !== 'string') {
    throw new AdfEvalError(`${fn}: the format must be a string, got ${typeName(format)}`);
  }
  return formatAdfTimestamp(t, format as string | undefined);
}
/** The context's fixed current time (`utcNow`). */
function now(ctx: AdfEvalContext): Timestamp {
  return parseTimestamp('utcNow', ctx.utcNow);
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/** The date functions, keyed by lower-cased name. */
export const DATE_FUNCTIONS: Record<string, FnDef> = {
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
  dayofyear: {
    min: 1,
    max: 1,
    run: ([t]) => {
      const ms = parseTimestamp('dayOfYear', t).ms;
      const y = new Date(ms).getUTCFullYear();
      return Math.floor((ms - utcMs(y, 1, 1)) / 86_400_000) + 1;
    },
  },
};
