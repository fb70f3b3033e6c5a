/**
 * JSON as every layer reads it (templates, Data Factory JSON, parsed files): the one "is this a JSON object" test
 * and its type, JSON paths, and the one walker over a JSON tree with the path of every value (to locate findings).
 */

/** A plain JSON object: string keys to values of any JSON type. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}


/** A JSON path: object keys and array indexes from the root. */
export type JsonPath = readonly (string | number)[];

/**
 * Visits `value` and every value below it, parents before children, object members in order.
 * @param visit gets the value, its path (starting with `base`) and the key or index it is held under
 *   (`undefined` for the root); returning `false` skips the value's children
 */
export function walkJson(value: unknown, visit: (value: unknown, path: JsonPath, key: string | number | undefined) => boolean | void, base: JsonPath = []): void {
  const go = (v: unknown, path: JsonPath, key: string | number | undefined) => {
    if (visit(v, path, key) === false) return;
    if (Array.isArray(v)) v.forEach((x, i) => go(x, [...path, i], i));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) go(x, [...path, k], k);
  };
  go(value, base, undefined);
}

/** The value at a path, or undefined. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let v: unknown = root;
  for (const seg of path) {
    if (Array.isArray(v) && typeof seg === 'number') v = v[seg];
    else if (isObject(v) && typeof seg === 'string') v = v[seg];
    else return undefined;
  }
  return v;
}

/** Case-insensitive member lookup (ARM property names are case-insensitive). */
export function member(obj: unknown, name: string): unknown {
  if (!isObject(obj)) return undefined;
  if (name in obj) return obj[name];
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** The actual key of a case-insensitive member, or `name` itself when absent. */
export function memberKey(obj: unknown, name: string): string {
  if (!isObject(obj)) return name;
  const lower = name.toLowerCase();
  return Object.keys(obj).find((k) => k.toLowerCase() === lower) ?? name;
}
