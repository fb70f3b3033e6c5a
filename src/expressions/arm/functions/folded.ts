/**
 * Values of partial evaluation: {@link ArmValue} (a JSON value as ARM computes it), {@link Folded} (a known
 * value, a residual expression, or an object/array known in shape but not in every member), the host
 * interface function implementations call back into, and the value helpers every function category uses
 * (ARM semantics: integers only, object property names compared case-insensitively).
 * Source: "ARM template functions" (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions).
 */
import type { ArmCall, ArmExpr } from '../ast.js';
import { isObject } from '../../../util/json.js';

/** A JSON value as ARM expressions compute it (numbers are integers except values read with `json()`). */
export type ArmValue = string | number | boolean | null | ArmValue[] | { [key: string]: ArmValue };

/** An expression cannot be evaluated: wrong types, out-of-range arguments, unknown functions, etc. */
export class ArmEvalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArmEvalError';
  }
}

/**
 * Result of folding an expression. `v`: fully known value. `x`: unknown; `e` is the residual expression.
 * `o`/`a`: an object/array whose shape is known but some members are not (`open` objects may also have
 * unknown extra properties); `e`, when set, is the expression to print when the whole value is needed.
 * Never `o`/`a` when everything is known (constructors normalize to `v`).
 */
export type Folded =
  | { t: 'v'; v: ArmValue }
  | { t: 'x'; e: ArmExpr }
  | { t: 'o'; fields: Map<string, { key: string; f: Folded }>; open: boolean; e?: ArmExpr }
  | { t: 'a'; items: Folded[]; e?: ArmExpr };

/** What a function implementation can ask of the evaluator. */
export interface EvalHost {
  /** Folds an expression in the current scope. */
  fold(expr: ArmExpr): Folded;
  /** Value of `parameters(name)`. */
  parameter(name: string, call: ArmCall): Folded;
  /** Value of `variables(name)`. */
  variable(name: string, call: ArmCall): Folded;
  /** Value of `lambdaVariables(name)` (unknown outside a lambda being evaluated). */
  lambdaVariable(name: string, call: ArmCall): Folded;
  /** Runs `fn` with a host whose lambda variables include `bindings`. */
  withLambda<T>(bindings: Record<string, Folded>, fn: (inner: EvalHost) => T): T;
  /** Calls a user-defined function `namespace.member`. */
  userFunction(call: ArmCall, args: Folded[]): Folded;
  /** Deployment context. */
  readonly deployment: DeploymentInfo;
}

/** Deployment values the scope functions read; absent = unknown until deployment. */
export interface DeploymentInfo {
  subscriptionId?: string;
  tenantId?: string;
  subscriptionDisplayName?: string;
  resourceGroup?: { name?: string; location?: string; id?: string; tags?: Record<string, string> };
  deploymentName?: string;
  environment?: Record<string, ArmValue>;
  /** Current copy loop index: a number for the innermost loop or a map by loop name. */
  copyIndex?: number | Record<string, number>;
  /**
   * The runtime state `reference(resourceId)` returns for a resource the caller knows (for example a nested
   * deployment whose outputs were computed), or undefined to keep the call residual. Properties missing
   * from the returned object stay residual too.
   */
  reference?: (resourceId: string, full: boolean) => ArmValue | undefined;
  /** The resource ID a symbolic name designates (languageVersion 2.0 templates), when known. */
  symbol?: (name: string) => string | undefined;
}

const call = (name: string, ...args: ArmExpr[]): ArmExpr => ({ kind: 'call', name, args });
const str = (value: string): ArmExpr => ({ kind: 'string', value });

/** A known value. */
export const known = (v: ArmValue): Folded => ({ t: 'v', v });
/** An unknown value with its residual expression. */
export const unknown = (e: ArmExpr): Folded => ({ t: 'x', e });

/** An ARM object value (the object case of {@link ArmValue}). */
export type ArmObject = { [key: string]: ArmValue };

/** True for an ARM object value; the test is the one JSON-object test (`src/util/json.ts`). */
export function isArmObject(v: unknown): v is ArmObject {
  return isObject(v);
}

/**
 * Builds a folded object from fields; normalizes to a known value when every field is known and the
 * object is closed.
 */
export function foldedObject(entries: [string, Folded][], open = false, e?: ArmExpr): Folded {
  const fields = new Map<string, { key: string; f: Folded }>();
  for (const [key, f] of entries) {
    fields.delete(key.toLowerCase());
    fields.set(key.toLowerCase(), { key, f });
  }
  if (!open && [...fields.values()].every((x) => x.f.t === 'v')) {
    const out: { [key: string]: ArmValue } = {};
    for (const { key, f } of fields.values()) out[key] = (f as { v: ArmValue }).v;
    return known(out);
  }
  return { t: 'o', fields, open, e };
}

/** Builds a folded array; normalizes to a known value when every item is known. */
export function foldedArray(items: Folded[], e?: ArmExpr): Folded {
  if (items.every((x) => x.t === 'v')) return known(items.map((x) => (x as { v: ArmValue }).v));
  return { t: 'a', items, e };
}

/**
 * Expression text for a known value. Booleans and null become `true()`, `false()`, `null()` (ARM has no
 * bare literals for them), arrays `createArray(...)`, objects `createObject(...)`, fractions `json('1.5')`.
 */
export function valueToExpr(v: ArmValue): ArmExpr {
  if (v === null) return call('null');
  if (typeof v === 'boolean') return call(v ? 'true' : 'false');
  if (typeof v === 'number') return Number.isInteger(v) ? { kind: 'number', value: v } : call('json', str(String(v)));
  if (typeof v === 'string') return str(v);
  if (Array.isArray(v)) return call('createArray', ...v.map(valueToExpr));
  return call('createObject', ...Object.entries(v).flatMap(([k, x]) => [str(k), valueToExpr(x)]));
}

/** The expression for a folded value (a residual when anything is unknown). */
export function toExpr(f: Folded): ArmExpr {
  switch (f.t) {
    case 'v':
      return valueToExpr(f.v);
    case 'x':
      return f.e;
    case 'o':
      if (f.e) return f.e;
      return call('createObject', ...[...f.fields.values()].flatMap(({ key, f: x }) => [str(key), toExpr(x)]));
    case 'a':
      return f.e ?? call('createArray', ...f.items.map(toExpr));
  }
}

/** Residual call `name(args)` with folded arguments. */
export function residualCall(name: string, args: Folded[]): Folded {
  return unknown(call(name, ...args.map(toExpr)));
}

/** Looks a property up case-insensitively (exact match first). */
export function getProperty(obj: { [key: string]: ArmValue }, name: string): ArmValue | undefined {
  if (Object.prototype.hasOwnProperty.call(obj, name)) return obj[name];
  const lower = name.toLowerCase();
  for (const k of Object.keys(obj)) if (k.toLowerCase() === lower) return obj[k];
  return undefined;
}

/** ARM type name of a value, for error messages. */
export function typeName(v: ArmValue): string {
  if (v === null) return 'Null';
  if (Array.isArray(v)) return 'Array';
  if (typeof v === 'string') return 'String';
  if (typeof v === 'number') return Number.isInteger(v) ? 'Integer' : 'Float';
  if (typeof v === 'boolean') return 'Boolean';
  return 'Object';
}

/**
 * ARM's text form of a value, as `string()` returns it: strings unchanged, booleans `True`/`False`
 * (.NET casing), null as empty text, arrays and objects as compact JSON.
 */
export function armToString(v: ArmValue): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}
