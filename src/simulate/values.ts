/**
 * Errors and value helpers shared by the simulator: evaluating Data Factory values (strings that may be
 * expressions, and `{ value, type: 'Expression' }` objects) inside JSON trees, and the two kinds of failure.
 */
import { AdfUnsupportedFunctionError, evaluateAdfValue, type AdfEvalContext } from '../expressions/adf/evaluate.js';
import { codes } from '../diagnostics/index.js';
import { HubcError } from '../diagnostics/diagnostic.js';

/**
 * A problem of the simulation itself, not of a pipeline run: something the simulator does not support
 * (an activity type, a function, a dataset kind) or bad input. Stops the simulation; reported with its code.
 */
export class SimulationError extends HubcError {}

/**
 * An activity failure, as Data Factory reports it (`errorCode`, `message`). Thrown by activity handlers;
 * the engine records it on the activity run and the run goes on along `Failed`/`Completed` paths.
 */
export class ActivityFailure extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'ActivityFailure';
  }
}

/** True when `v` is a `{ value, type: 'Expression' }` wrapper. */
function isExpressionObject(v: unknown): v is { value: string; type: 'Expression' } {
  return !!v && typeof v === 'object' && (v as { type?: unknown }).type === 'Expression' && typeof (v as { value?: unknown }).value === 'string';
}

/**
 * Evaluates one Data Factory value: an expression wrapper or string is evaluated (a plain string stays as
 * it is, `@@` unescaped); arrays and objects are walked; other values are returned.
 * @throws SimulationError (HUB460) for a function the evaluator lacks; AdfEvalError/AdfParseError for an
 *   expression that fails (the caller turns those into an activity failure, as Data Factory does)
 */
export function evaluateDeep(value: unknown, ctx: AdfEvalContext): unknown {
  try {
    if (isExpressionObject(value)) return evaluateAdfValue(value.value, ctx);
    if (typeof value === 'string') return evaluateAdfValue(value, ctx);
    if (Array.isArray(value)) return value.map((v) => evaluateDeep(v, ctx));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluateDeep(v, ctx)]));
    return value;
  } catch (e) {
    if (e instanceof AdfUnsupportedFunctionError) {
      throw new SimulationError(codes.HUB460.raise({ functionName: e.functionName }));
    }
    throw e;
  }
}

/** Converts values read from files (bigint, Date, typed arrays) into plain JSON values. */
export function toJsonValue(v: unknown): unknown {
  if (typeof v === 'bigint') return Number.isSafeInteger(Number(v)) ? Number(v) : v.toString();
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (Array.isArray(v)) return v.map(toJsonValue);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toJsonValue(x)]));
  return v;
}
