/**
 * Comparing JSON values and named collections: the one walker every section of `hubc diff` uses.
 *
 * Paths are written as in JavaScript (`properties.sku.name`, `dependsOn[2]`, `tags["cm-resource-parent"]`);
 * elements of arrays whose items are all objects with distinct string `name`s are matched by name
 * (`activities[name="Wait"]`), so inserting one activity does not report every later one as changed.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ObjectChange, ValueChange } from './types.js';
import { isObject, type JsonObject } from '../util/json.js';

/** Appends an object key to a path: `.key` for identifiers, `["key"]` otherwise. */
export function joinKey(path: string, key: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return path ? `${path}.${key}` : key;
  return `${path}[${JSON.stringify(key)}]`;
}

/** Names of the items when every item is an object with a distinct, non-empty string `name`; else undefined. */
function itemNames(list: readonly unknown[]): string[] | undefined {
  const names: string[] = [];
  for (const item of list) {
    if (!isObject(item) || typeof item.name !== 'string' || item.name === '') return undefined;
    names.push(item.name);
  }
  return new Set(names).size === names.length ? names : undefined;
}

/** True when every item is a string, number, boolean or null. */
function allScalars(list: readonly unknown[]): boolean {
  return list.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
}

/**
 * The elements one array has and the other lacks, counted as multisets (deep equality): `removed` indices
 * of A, `added` indices of B; both empty when the arrays hold the same elements (perhaps in another order).
 */
function memberChanges(a: readonly unknown[], b: readonly unknown[]): { removed: number[]; added: number[] } {
  const key = (v: unknown) => JSON.stringify(v) ?? 'undefined';
  const left = (list: readonly unknown[], other: readonly unknown[]) => {
    const counts = new Map<string, number>();
    for (const v of other) counts.set(key(v), (counts.get(key(v)) ?? 0) + 1);
    return list.flatMap((v, i) => {
      const n = counts.get(key(v)) ?? 0;
      if (n > 0) counts.set(key(v), n - 1);
      return n > 0 ? [] : [i];
    });
  };
  return { removed: left(a, b), added: left(b, a) };
}

/**
 * Every difference between two JSON values, deepest first reported where it happens.
 * Objects are compared key by key (A's key order, then B's new keys); arrays of named objects by name; arrays
 * of equal length (not all scalars) element by element; other arrays that keep some elements of A by their
 * elements: each element only A has is `removed` at its index in A, each only B has `added` at its index in
 * B (`scopes[1]` added); arrays with no element in common, or the same elements in another order, are one
 * `changed` entry holding both arrays.
 * @param path path of `a`/`b` themselves (`""` for the compared object)
 */
export function diffValues(a: unknown, b: unknown, path = ''): ValueChange[] {
  if (isDeepStrictEqual(a, b)) return [];
  if (isObject(a) && isObject(b)) {
    const out: ValueChange[] = [];
    for (const k of Object.keys(a)) {
      const p = joinKey(path, k);
      if (!(k in b)) out.push({ path: p, change: 'removed', from: a[k] });
      else out.push(...diffValues(a[k], b[k], p));
    }
    for (const k of Object.keys(b)) if (!(k in a)) out.push({ path: joinKey(path, k), change: 'added', to: b[k] });
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const na = itemNames(a);
    const nb = itemNames(b);
    if (na && nb && a.length && b.length) {
      const out: ValueChange[] = [];
      const at = (n: string) => `${path}[name=${JSON.stringify(n)}]`;
      na.forEach((n, i) => {
        const j = nb.indexOf(n);
        if (j < 0) out.push({ path: at(n), change: 'removed', from: a[i] });
        else out.push(...diffValues(a[i], b[j], at(n)));
      });
      nb.forEach((n, j) => {
        if (!na.includes(n)) out.push({ path: at(n), change: 'added', to: b[j] });
      });
      // Same members, other order.
      if (!out.length) out.push({ path, change: 'changed', from: na, to: nb });
      return out;
    }
    if (a.length === b.length && !(allScalars(a) && allScalars(b))) return a.flatMap((v, i) => diffValues(v, b[i], `${path}[${i}]`));
    const { removed, added } = memberChanges(a, b);
    // An edit of a list (some elements kept), not a replacement of it, or a reordering.
    if ((removed.length || added.length) && removed.length < a.length)
      return [
        ...removed.map((i): ValueChange => ({ path: `${path}[${i}]`, change: 'removed', from: a[i] })),
        ...added.map((j): ValueChange => ({ path: `${path}[${j}]`, change: 'added', to: b[j] })),
      ];
  }
  return [{ path, change: 'changed', from: a, to: b }];
}

/** A named object of one side, ready to compare: its identity and the value compared. */
export interface Named<T = unknown> {
  name: string;
  value: T;
}

/**
 * Compares two collections of named objects: removed (in A's order), changed (in A's order), then added (in B's
 * order). `describe` gives an added object's summary; `compare` the changes of an object in both (default
 * {@link diffValues}); an object whose comparison is empty is left out.
 */
export function compareNamed<T>(
  a: readonly Named<T>[],
  b: readonly Named<T>[],
  options: { describe?: (value: T) => string | undefined; compare?: (x: T, y: T, name: string) => Omit<ObjectChange, 'name' | 'change'> | undefined } = {},
): ObjectChange[] {
  const inB = new Map(b.map((o) => [o.name, o.value]));
  const inA = new Set(a.map((o) => o.name));
  const removed: ObjectChange[] = [];
  const changed: ObjectChange[] = [];
  for (const { name, value } of a) {
    if (!inB.has(name)) {
      removed.push({ name, change: 'removed' });
      continue;
    }
    const other = inB.get(name) as T;
    const detail = options.compare ? options.compare(value, other, name) : { changes: diffValues(value, other) };
    if (!detail) continue;
    const hasChanges = (detail.changes?.length ?? 0) > 0 || (detail.members?.items.length ?? 0) > 0;
    if (hasChanges) changed.push({ name, change: 'changed', ...prune(detail) });
  }
  const added: ObjectChange[] = b
    .filter((o) => !inA.has(o.name))
    .map((o) => {
      const summary = options.describe?.(o.value);
      return summary ? { name: o.name, change: 'added', summary } : { name: o.name, change: 'added' };
    });
  return [...removed, ...changed, ...added];
}

/** Drops empty `changes` / `members` so results stay small and stable. */
function prune(detail: Omit<ObjectChange, 'name' | 'change'>): Omit<ObjectChange, 'name' | 'change'> {
  const out: Omit<ObjectChange, 'name' | 'change'> = {};
  if (detail.summary) out.summary = detail.summary;
  if (detail.changes?.length) out.changes = detail.changes;
  if (detail.members?.items.length) out.members = detail.members;
  return out;
}

/** A copy of an object without the given keys. */
export function omit(value: JsonObject, ...keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) if (!keys.includes(k)) out[k] = v;
  return out;
}
