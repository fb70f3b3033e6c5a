/**
 * Typed builders for Data Factory expressions. Functions follow the names of the Data Factory expression
 * language (learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions).
 */
import { Adf, AdfInterpolation, type AdfExprNode, type AdfTemplatePart } from './ast.js';
import { literalNode } from '../calls.js';

/** Anything a builder accepts: an expression or a plain literal. */
export type AdfArg = Adf | string | number | boolean | null;

/** Converts a builder argument into an expression node. */
export function lit(value: AdfArg): AdfExprNode {
  return value instanceof Adf ? value.node : literalNode(value);
}

/** Calls any expression function. Prefer the named helpers below. */
export function fn(name: string, ...args: AdfArg[]): Adf {
  return new Adf({ kind: 'call', name, args: args.map(lit) });
}

/** The wire form `{ "value": "@...", "type": "Expression" }` used by many activity properties. */
export function expression(value: Adf | AdfInterpolation): { value: Adf | AdfInterpolation; type: 'Expression' } {
  return { value, type: 'Expression' };
}

/** Tagged template for interpolated strings: ``interp`folder/${variables('x')}/file` ``. */
export function interp(strings: TemplateStringsArray, ...values: (Adf | string | number)[]): AdfInterpolation {
  const parts: AdfTemplatePart[] = [];
  strings.forEach((s, i) => {
    if (s) parts.push(s);
    if (i < values.length) {
      const v = values[i];
      parts.push(v instanceof Adf ? v : String(v));
    }
  });
  return new AdfInterpolation(parts);
}

// System variables and accessors
/** `pipeline().parameters.<name>` */
export const pipelineParameter = (name: string) => fn('pipeline').get('parameters').get(name);
/** `pipeline().<name>` such as `RunId`, `TriggerTime`, `DataFactory`. */
export const pipelineSystem = (name: string) => fn('pipeline').get(name);
export const variables = (name: string) => fn('variables', name);
/** `activity('<name>')`; chain `.get('output')`. */
export const activity = (name: string) => fn('activity', name);
export const item = () => fn('item');
export const triggerBody = () => fn('triggerBody');
export const trigger = () => fn('trigger');
/** `dataset().<name>` inside a dataset definition. */
export const datasetParameter = (name: string) => fn('dataset').get(name);
/** `linkedService().<name>` inside a linked service definition. */
export const linkedServiceParameter = (name: string) => fn('linkedService').get(name);

// Strings
export const concat = (...args: AdfArg[]) => fn('concat', ...args);
export const toLower = (a: AdfArg) => fn('toLower', a);
export const toUpper = (a: AdfArg) => fn('toUpper', a);
export const replace = (a: AdfArg, from: AdfArg, to: AdfArg) => fn('replace', a, from, to);
export const split = (a: AdfArg, by: AdfArg) => fn('split', a, by);
export const substring = (a: AdfArg, start: AdfArg, length: AdfArg) => fn('substring', a, start, length);
export const indexOf = (a: AdfArg, find: AdfArg) => fn('indexOf', a, find);
export const lastIndexOf = (a: AdfArg, find: AdfArg) => fn('lastIndexOf', a, find);
export const startsWith = (a: AdfArg, b: AdfArg) => fn('startsWith', a, b);
export const endsWith = (a: AdfArg, b: AdfArg) => fn('endsWith', a, b);
export const string = (a: AdfArg) => fn('string', a);
export const json = (a: AdfArg) => fn('json', a);
export const trim = (a: AdfArg) => fn('trim', a);
export const guid = () => fn('guid');

// Collections
export const first = (a: AdfArg) => fn('first', a);
export const last = (a: AdfArg) => fn('last', a);
export const length = (a: AdfArg) => fn('length', a);
export const contains = (a: AdfArg, b: AdfArg) => fn('contains', a, b);
export const createArray = (...a: AdfArg[]) => fn('createArray', ...a);
export const array = (a: AdfArg) => fn('array', a);
export const union = (...a: AdfArg[]) => fn('union', ...a);
export const intersection = (...a: AdfArg[]) => fn('intersection', ...a);
export const skip = (a: AdfArg, n: AdfArg) => fn('skip', a, n);
export const take = (a: AdfArg, n: AdfArg) => fn('take', a, n);
export const join = (a: AdfArg, by: AdfArg) => fn('join', a, by);

// Logic
export const if_ = (c: AdfArg, t: AdfArg, f: AdfArg) => fn('if', c, t, f);
export const equals = (a: AdfArg, b: AdfArg) => fn('equals', a, b);
export const not = (a: AdfArg) => fn('not', a);
export const and = (a: AdfArg, b: AdfArg) => fn('and', a, b);
export const or = (a: AdfArg, b: AdfArg) => fn('or', a, b);
export const empty = (a: AdfArg) => fn('empty', a);
export const greater = (a: AdfArg, b: AdfArg) => fn('greater', a, b);
export const greaterOrEquals = (a: AdfArg, b: AdfArg) => fn('greaterOrEquals', a, b);
export const less = (a: AdfArg, b: AdfArg) => fn('less', a, b);
export const lessOrEquals = (a: AdfArg, b: AdfArg) => fn('lessOrEquals', a, b);
export const coalesce = (...a: AdfArg[]) => fn('coalesce', ...a);

// Conversion and math
export const int = (a: AdfArg) => fn('int', a);
export const bool = (a: AdfArg) => fn('bool', a);
export const add = (a: AdfArg, b: AdfArg) => fn('add', a, b);
export const sub = (a: AdfArg, b: AdfArg) => fn('sub', a, b);
export const mul = (a: AdfArg, b: AdfArg) => fn('mul', a, b);

// Dates
export const utcNow = (formatString?: string) => (formatString ? fn('utcNow', formatString) : fn('utcNow'));
export const formatDateTime = (t: AdfArg, f: AdfArg) => fn('formatDateTime', t, f);
export const startOfMonth = (t: AdfArg, f?: AdfArg) => (f === undefined ? fn('startOfMonth', t) : fn('startOfMonth', t, f));
export const addToTime = (t: AdfArg, n: AdfArg, unit: AdfArg, f?: AdfArg) => (f === undefined ? fn('addToTime', t, n, unit) : fn('addToTime', t, n, unit, f));
export const addDays = (t: AdfArg, n: AdfArg, f?: AdfArg) => (f === undefined ? fn('addDays', t, n) : fn('addDays', t, n, f));
export const subtractFromTime = (t: AdfArg, n: AdfArg, unit: AdfArg, f?: AdfArg) => (f === undefined ? fn('subtractFromTime', t, n, unit) : fn('subtractFromTime', t, n, unit, f));
