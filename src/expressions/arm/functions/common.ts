/**
 * What every ARM function category shares: the shape of a function definition, the table a category
 * fills, and the argument checks that turn a wrong argument into an {@link ArmEvalError} naming the
 * function (`toLower: argument must be a string, got Integer`).
 */
import type { ArmCall } from '../ast.js';
import { ArmEvalError, armToString, isArmObject, typeName, type ArmValue, type EvalHost, type Folded } from './folded.js';

/** One built-in function. */
export interface ArmFunctionDef {
  /** Minimum and maximum argument counts. */
  min: number;
  max: number;
  /** Implementation over fully known arguments. */
  fn?: (args: ArmValue[], host: EvalHost) => ArmValue;
  /** Partial-aware implementation over folded arguments; `undefined` = fall back. */
  partial?: (args: Folded[], host: EvalHost, call: ArmCall) => Folded | undefined;
  /** Implementation that folds its own arguments (lazy: `if`, `coalesce`, lambdas...). */
  lazy?: (call: ArmCall, host: EvalHost) => Folded;
}

/** Built-in functions by lower-cased name. */
export type ArmFunctionTable = Map<string, ArmFunctionDef>;

/** "No upper limit" for {@link ArmFunctionDef.max}. */
export const INF = Number.POSITIVE_INFINITY;

/**
 * A function that adds definitions to `table` under their lower-cased names:
 * `def(name, minArgs, maxArgs, implementation)`; a definition without implementation is known (its name
 * and argument count are checked) but never folded.
 */
export function defineIn(table: ArmFunctionTable): (name: string, min: number, max: number, impl?: Omit<ArmFunctionDef, 'min' | 'max'>) => void {
  return (name, min, max, impl = {}) => {
    table.set(name.toLowerCase(), { min, max, ...impl });
  };
}

/** True when every folded argument is a known value. */
export const allKnown = (fs: Folded[]): fs is { t: 'v'; v: ArmValue }[] => fs.every((f) => f.t === 'v');

/** Throws the {@link ArmEvalError} `<fn>: <message>`. */
export function fail(fn: string, message: string): never {
  throw new ArmEvalError(`${fn}: ${message}`);
}
/** The argument as a string. @throws ArmEvalError naming `fn` and `what` otherwise */
export function asString(fn: string, v: ArmValue, what = 'argument'): string {
  if (typeof v !== 'string') fail(fn, `${what} must be a string, got ${typeName(v)}`);
  return v;
}
/** The argument as an integer. @throws ArmEvalError naming `fn` and `what` otherwise */
export function asInt(fn: string, v: ArmValue, what = 'argument'): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) fail(fn, `${what} must be an integer, got ${typeName(v)}`);
  return v;
}
/** The argument as a boolean. @throws ArmEvalError naming `fn` and `what` otherwise */
export function asBool(fn: string, v: ArmValue, what = 'argument'): boolean {
  if (typeof v !== 'boolean') fail(fn, `${what} must be a boolean, got ${typeName(v)}`);
  return v;
}
/** The argument as an array. @throws ArmEvalError naming `fn` and `what` otherwise */
export function asArray(fn: string, v: ArmValue, what = 'argument'): ArmValue[] {
  if (!Array.isArray(v)) fail(fn, `${what} must be an array, got ${typeName(v)}`);
  return v;
}
/** The argument as an object. @throws ArmEvalError naming `fn` and `what` otherwise */
export function asObject(fn: string, v: ArmValue, what = 'argument'): { [key: string]: ArmValue } {
  if (!isArmObject(v)) fail(fn, `${what} must be an object, got ${typeName(v)}`);
  return v;
}
/** Scalars that string-building functions accept: strings, integers, booleans. */
export function scalarText(fn: string, v: ArmValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return armToString(v);
  if (v === null) return '';
  fail(fn, `expected a string, got ${typeName(v)}`);
}
