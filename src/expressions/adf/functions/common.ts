/**
 * Shared pieces of the Data Factory expression evaluator: the error type, the evaluation context, value
 * helpers (conversion to string, equality, property lookup) and the argument checks every function group uses.
 * Source: "Expressions and functions in Azure Data Factory"
 * (learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions).
 */
import type { AdfExprNode } from '../ast.js';

/** Error raised while evaluating (wrong argument type, missing property, unknown variable, ...). */
export class AdfEvalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdfEvalError';
  }
}

/**
 * Raised for a function the evaluator does not implement (a subclass of {@link AdfEvalError}, so callers
 * that treat every evaluation error alike keep working). `name` is the function as written.
 */
export class AdfUnsupportedFunctionError extends AdfEvalError {
  constructor(public readonly functionName: string) {
    super(`unknown function '${functionName}'`);
    this.name = 'AdfUnsupportedFunctionError';
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
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function typeName(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'float';
  return typeof v;
}

/** Looks up `key` exactly, then case-insensitively; `undefined` when absent. */
export function lookup(obj: Record<string, unknown>, key: string): unknown {
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

export function adfEquals(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (typeof a === 'boolean' && typeof b === 'number') return (a ? 1 : 0) === b;
  if (typeof a === 'number' && typeof b === 'boolean') return a === (b ? 1 : 0);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => adfEquals(x, b[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && adfEquals((a as any)[k], (b as any)[k]));
}
export type Evaluator = (node: AdfExprNode) => unknown;
export interface FnDef {
  min: number;
  max: number;
  /** Lazy functions get unevaluated nodes. */
  lazy?: boolean;
  run: (args: any[], ctx: AdfEvalContext, evaluate: Evaluator) => unknown;
}

export function expectString(fn: string, v: unknown, what = 'argument'): string {
  if (typeof v !== 'string') throw new AdfEvalError(`${fn}: the ${what} must be a string, got ${typeName(v)}`);
  return v;
}
export function expectNumber(fn: string, v: unknown, what = 'argument'): number {
  if (typeof v !== 'number') throw new AdfEvalError(`${fn}: the ${what} must be a number, got ${typeName(v)}`);
  return v;
}
export function expectInt(fn: string, v: unknown, what = 'argument'): number {
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new AdfEvalError(`${fn}: the ${what} must be an integer, got ${typeName(v)}`);
  return v;
}
export function expectBool(fn: string, v: unknown): boolean {
  if (typeof v !== 'boolean') throw new AdfEvalError(`${fn}: expected a boolean, got ${typeName(v)}`);
  return v;
}
export function expectArray(fn: string, v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new AdfEvalError(`${fn}: expected an array, got ${typeName(v)}`);
  return v;
}
export function compare(fn: string, a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  throw new AdfEvalError(`${fn}: cannot compare ${typeName(a)} with ${typeName(b)}`);
}
export function arith(fn: string, a: unknown, b: unknown, op: (x: number, y: number) => number): number {
  return op(expectNumber(fn, a, 'first argument'), expectNumber(fn, b, 'second argument'));
}
export function uniqueAppend(out: unknown[], items: unknown[]): void {
  for (const x of items) if (!out.some((y) => adfEquals(x, y))) out.push(x);
}
export function ciIndexOf(fn: string, s: unknown, find: unknown, last: boolean): number {
  const text = expectString(fn, s, 'text').toLowerCase();
  const search = expectString(fn, find, 'search text').toLowerCase();
  return last ? text.lastIndexOf(search) : text.indexOf(search);
}
