/**
 * ARM's array and object functions (`min` and `max` included, which ARM lists with the array functions).
 * Objects with known keys but unknown values are folded where the result does not depend on the unknowns
 * (`length`, `contains` of a key, `union` of objects). Sources: "Array functions for ARM templates" and
 * "Object functions for ARM templates" (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-array, template-functions-object).
 */
import { isDeepStrictEqual } from 'node:util';
import { allKnown, asArray, asInt, asObject, asString, defineIn, fail, INF, scalarText, type ArmFunctionTable } from './common.js';
import { foldedArray, foldedObject, getProperty, isArmObject, known, type ArmValue, type Folded } from './folded.js';

/** The array and object functions, by lower-cased name. */
export const COLLECTION_FUNCTIONS: ArmFunctionTable = new Map();
const def = defineIn(COLLECTION_FUNCTIONS);

def('array', 1, 1, { fn: ([v]) => (Array.isArray(v) ? v : [v]) });
def('createArray', 0, INF, { fn: (args) => args, partial: (args) => foldedArray(args) });
def('createObject', 0, INF, {
  fn: (args) => {
    if (args.length % 2) fail('createObject', 'needs an even number of arguments (key, value, ...)');
    const out: { [key: string]: ArmValue } = {};
    for (let i = 0; i < args.length; i += 2) out[asString('createObject', args[i], 'key')] = args[i + 1];
    return out;
  },
  partial: (args) => {
    if (args.length % 2) fail('createObject', 'needs an even number of arguments (key, value, ...)');
    const entries: [string, Folded][] = [];
    for (let i = 0; i < args.length; i += 2) {
      const k = args[i];
      if (k.t !== 'v') return undefined;
      entries.push([asString('createObject', k.v, 'key'), args[i + 1]]);
    }
    return foldedObject(entries);
  },
});
def('length', 1, 1, {
  fn: ([v]) => {
    if (typeof v === 'string' || Array.isArray(v)) return v.length;
    return Object.keys(asObject('length', v)).length;
  },
  partial: ([v]) => (v.t === 'a' ? known(v.items.length) : v.t === 'o' && !v.open ? known(v.fields.size) : undefined),
});
def('empty', 1, 1, {
  fn: ([v]) => {
    if (v === null) return true;
    if (typeof v === 'string' || Array.isArray(v)) return v.length === 0;
    return Object.keys(asObject('empty', v)).length === 0;
  },
  partial: ([v]) => (v.t === 'a' ? known(v.items.length === 0) : v.t === 'o' && v.fields.size > 0 ? known(false) : undefined),
});
def('contains', 2, 2, {
  fn: ([c, item]) => {
    if (typeof c === 'string') return c.includes(scalarText('contains', item));
    if (Array.isArray(c)) return c.some((x) => isDeepStrictEqual(x, item));
    return getProperty(asObject('contains', c, 'container'), scalarText('contains', item)) !== undefined;
  },
  partial: ([c, item]) => {
    if (c.t === 'o' && item.t === 'v' && typeof item.v === 'string') {
      if (c.fields.has(item.v.toLowerCase())) return known(true);
      return c.open ? undefined : known(false);
    }
    return undefined;
  },
});
def('first', 1, 1, {
  fn: ([v]) => (typeof v === 'string' ? v.slice(0, 1) : (asArray('first', v)[0] ?? null)),
  partial: ([v]) => (v.t === 'a' ? (v.items[0] ?? known(null)) : undefined),
});
def('last', 1, 1, {
  fn: ([v]) => (typeof v === 'string' ? v.slice(-1) : (asArray('last', v).at(-1) ?? null)),
  partial: ([v]) => (v.t === 'a' ? (v.items.at(-1) ?? known(null)) : undefined),
});
def('join', 2, 2, {
  fn: ([a, d]) =>
    asArray('join', a)
      .map((x) => scalarText('join', x))
      .join(asString('join', d, 'delimiter')),
});
def('range', 2, 2, {
  fn: ([s, n]) => {
    const start = asInt('range', s, 'startIndex');
    const count = asInt('range', n, 'count');
    if (count < 0 || count > 10000) fail('range', 'count must be between 0 and 10000');
    return Array.from({ length: count }, (_, i) => start + i);
  },
});
def('min', 1, INF, { fn: (args) => numbers('min', args).reduce((a, b) => Math.min(a, b)) });
def('max', 1, INF, { fn: (args) => numbers('max', args).reduce((a, b) => Math.max(a, b)) });
def('union', 1, INF, {
  fn: (args) => {
    if (args.every(Array.isArray)) {
      const out: ArmValue[] = [];
      for (const a of args as ArmValue[][]) for (const x of a) if (!out.some((y) => isDeepStrictEqual(x, y))) out.push(x);
      return out;
    }
    return args.map((a) => asObject('union', a)).reduce((acc, o) => mergeObjects(acc, o), {} as { [key: string]: ArmValue });
  },
  partial: (args) => {
    // Objects with known keys: merge what can be merged (later wins) when every argument is an object.
    if (allKnown(args) || !args.every((a) => a.t === 'o' || (a.t === 'v' && isArmObject(a.v)))) return undefined;
    if (args.some((a) => a.t === 'o' && a.open)) return undefined;
    const entries = new Map<string, [string, Folded]>();
    for (const a of args) {
      const fields: [string, Folded][] =
        a.t === 'o' ? [...a.fields.values()].map(({ key, f }) => [key, f]) : Object.entries((a as { v: { [key: string]: ArmValue } }).v).map(([k, x]) => [k, known(x)]);
      for (const [key, f] of fields) {
        const prev = entries.get(key.toLowerCase());
        // Nested objects merge recursively in ARM; only fold that when both sides are known.
        if (prev && prev[1].t === 'v' && f.t === 'v' && isArmObject(prev[1].v) && isArmObject(f.v)) {
          entries.set(key.toLowerCase(), [prev[0], known(mergeObjects(prev[1].v, f.v))]);
        } else if (prev && (prev[1].t !== 'v' || f.t !== 'v') && isMaybeObject(prev[1]) && isMaybeObject(f)) {
          return undefined;
        } else {
          entries.delete(key.toLowerCase());
          entries.set(key.toLowerCase(), [prev ? prev[0] : key, f]);
        }
      }
    }
    return foldedObject([...entries.values()]);
  },
});
def('intersection', 2, INF, {
  fn: (args) => {
    if (args.every(Array.isArray)) {
      const [head, ...rest] = args as ArmValue[][];
      const out: ArmValue[] = [];
      for (const x of head) if (rest.every((r) => r.some((y) => isDeepStrictEqual(x, y))) && !out.some((y) => isDeepStrictEqual(x, y))) out.push(x);
      return out;
    }
    const [head, ...rest] = args.map((a) => asObject('intersection', a));
    const out: { [key: string]: ArmValue } = {};
    for (const [k, v] of Object.entries(head)) if (rest.every((r) => Object.prototype.hasOwnProperty.call(r, k) && isDeepStrictEqual(r[k], v))) out[k] = v;
    return out;
  },
});
def('items', 1, 1, {
  fn: ([o]) =>
    Object.entries(asObject('items', o))
      .sort(([a], [b]) => compareOrdinalIgnoreCase(a, b))
      .map(([key, value]) => ({ key, value })),
});
def('objectKeys', 1, 1, { fn: ([o]) => Object.keys(asObject('objectKeys', o)) });
def('shallowMerge', 1, 1, {
  fn: ([a]) => Object.assign({}, ...asArray('shallowMerge', a).map((o) => asObject('shallowMerge', o))),
  // An array of objects with known keys: the top-level members merge (later wins), whatever their values are.
  partial: ([a]) => {
    const items: Folded[] = a.t === 'a' && !a.e ? a.items : [];
    if (!items.length || !items.every((x) => (x.t === 'o' && !x.open) || (x.t === 'v' && isArmObject(x.v)))) return undefined;
    const entries: [string, Folded][] = items.flatMap((x) =>
      x.t === 'o'
        ? [...x.fields.values()].map(({ key, f }): [string, Folded] => [key, f])
        : Object.entries((x as { v: { [key: string]: ArmValue } }).v).map(([k, v]): [string, Folded] => [k, known(v)]),
    );
    return foldedObject(entries);
  },
});
def('tryGet', 2, INF, {
  fn: ([o, ...keys]) => {
    let cur: ArmValue = o;
    for (const k of keys) {
      if (cur === null) return null;
      if (Array.isArray(cur) && typeof k === 'number') cur = cur[k] ?? null;
      else if (isArmObject(cur) && typeof k === 'string') cur = getProperty(cur, k) ?? null;
      else return null;
    }
    return cur;
  },
  partial: ([o, k]) => {
    if (o.t === 'o' && k?.t === 'v' && typeof k.v === 'string') {
      const hit = o.fields.get(k.v.toLowerCase());
      if (hit) return undefined; // a nested lookup may follow; keep it simple
      return o.open ? undefined : known(null);
    }
    return undefined;
  },
});
def('indexFromEnd', 2, 2, {
  fn: ([a, i]) => {
    const arr = asArray('indexFromEnd', a);
    const n = asInt('indexFromEnd', i);
    if (n < 1 || n > arr.length) fail('indexFromEnd', `index ${n} is out of range`);
    return arr[arr.length - n];
  },
});
def('tryIndexFromEnd', 2, 2, {
  fn: ([a, i]) => {
    const arr = asArray('tryIndexFromEnd', a);
    const n = asInt('tryIndexFromEnd', i);
    return n >= 1 && n <= arr.length ? arr[arr.length - n] : null;
  },
});
def('null', 0, 0, { fn: () => null });

function compareOrdinalIgnoreCase(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function isMaybeObject(f: Folded): boolean {
  return f.t === 'o' || f.t === 'x' || (f.t === 'v' && isArmObject(f.v));
}

function numbers(fn: string, args: ArmValue[]): number[] {
  const list = args.length === 1 && Array.isArray(args[0]) ? args[0] : args;
  if (!list.length) fail(fn, 'needs at least one integer');
  return list.map((x) => asInt(fn, x));
}

/** ARM `union` of two objects: later values win; nested objects are merged recursively. */
function mergeObjects(a: { [key: string]: ArmValue }, b: { [key: string]: ArmValue }): { [key: string]: ArmValue } {
  const out: { [key: string]: ArmValue } = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const existing = Object.keys(out).find((x) => x.toLowerCase() === k.toLowerCase());
    if (existing !== undefined && isArmObject(out[existing]) && isArmObject(v)) {
      out[existing] = mergeObjects(out[existing] as { [key: string]: ArmValue }, v);
    } else {
      if (existing !== undefined) delete out[existing];
      out[existing ?? k] = v;
    }
  }
  return out;
}
