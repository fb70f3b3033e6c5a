/**
 * Collection, logical and math functions of the Data Factory expression language. `if`, `and` and `or` are
 * lazy (an untaken branch is not evaluated). Source: "Expressions and functions in Azure Data Factory",
 * "Collection functions", "Logical functions" and "Math functions".
 */
import type { AdfExprNode } from '../ast.js';
import {
  AdfEvalError,
  adfToString,
  arith,
  compare,
  adfEquals,
  expectArray,
  expectBool,
  expectInt,
  expectNumber,
  expectString,
  typeName,
  uniqueAppend,
  type FnDef,
} from './common.js';
import { isObject } from '../../../util/json.js';

/** Collection functions, keyed by lower-cased name. */
export const COLLECTION_FUNCTIONS: Record<string, FnDef> = {
  contains: {
    min: 2,
    max: 2,
    run: ([c, v]) => {
      if (typeof c === 'string') return c.includes(expectString('contains', v, 'value'));
      if (Array.isArray(c)) return c.some((x) => adfEquals(x, v));
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
          if (a.every((o) => Object.prototype.hasOwnProperty.call(o, k) && adfEquals(o[k], v))) out[k] = v;
        }
        return out;
      }
      const lists = a.map((c) => expectArray('intersection', c));
      const out: unknown[] = [];
      uniqueAppend(
        out,
        lists[0].filter((x) => lists.every((l) => l.some((y) => adfEquals(x, y)))),
      );
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
  join: {
    min: 2,
    max: 2,
    run: ([c, sep]) =>
      expectArray('join', c)
        .map(adfToString)
        .join(expectString('join', sep, 'delimiter')),
  },
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
};

/** Logical comparison functions, keyed by lower-cased name. */
export const LOGIC_FUNCTIONS: Record<string, FnDef> = {
  if: {
    min: 3,
    max: 3,
    lazy: true,
    run: ([c, t, f], _ctx, ev) => (expectBool('if', ev(c)) ? ev(t) : ev(f)),
  },
  equals: { min: 2, max: 2, run: ([a, b]) => adfEquals(a, b) },
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
};

/** Math functions, keyed by lower-cased name. */
export const MATH_FUNCTIONS: Record<string, FnDef> = {
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
};
