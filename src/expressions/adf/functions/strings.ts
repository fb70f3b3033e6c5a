/**
 * String and conversion functions of the Data Factory expression language. `indexOf`, `lastIndexOf`,
 * `startsWith` and `endsWith` ignore case; `replace` and `contains` do not. Source: "Expressions and functions
 * in Azure Data Factory", "String functions" and "Conversion functions".
 */
import { AdfEvalError, adfToString, ciIndexOf, expectInt, expectString, typeName, type FnDef, type Json } from './common.js';

/** String functions, keyed by lower-cased name. */
export const STRING_FUNCTIONS: Record<string, FnDef> = {
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
    run: ([s, f]) =>
      expectString('startsWith', s, 'text')
        .toLowerCase()
        .startsWith(expectString('startsWith', f, 'search text').toLowerCase()),
  },
  endswith: {
    min: 2,
    max: 2,
    run: ([s, f]) =>
      expectString('endsWith', s, 'text')
        .toLowerCase()
        .endsWith(expectString('endsWith', f, 'search text').toLowerCase()),
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
};

/** Conversion functions, keyed by lower-cased name. */
export const CONVERSION_FUNCTIONS: Record<string, FnDef> = {
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
      } catch {
        throw new AdfEvalError(`json: '${v}' is not valid JSON`);
      }
    },
  },
  base64: { min: 1, max: 1, run: ([v]) => Buffer.from(expectString('base64', v), 'utf8').toString('base64') },
  base64tostring: { min: 1, max: 1, run: ([v]) => Buffer.from(expectString('base64ToString', v), 'base64').toString('utf8') },
  uricomponent: { min: 1, max: 1, run: ([v]) => encodeURIComponent(expectString('uriComponent', v)) },
  uricomponenttostring: { min: 1, max: 1, run: ([v]) => decodeURIComponent(expectString('uriComponentToString', v)) },
};
