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

/**
 * Most levels of arrays and objects nested in one another in a JSON file hubc reads (a parameter file, a
 * `--responses` file, settings.json, the files of a build folder): hubc's templates and the public ones nest
 * at most 25. Code that walks a parsed value recurses, so deeper input is refused before it is parsed
 * (issue #29, item 10).
 */
export const JSON_INPUT_DEPTH = 128;

/** A JSON text nested past {@link JSON_INPUT_DEPTH}: a syntax error of its own kind, positioned. */
export class JsonNestingError extends SyntaxError {
  /**
   * @param offset 0-based offset of the `[` or `{` that opens the level past the limit
   * @param line its 1-based line
   * @param col its 1-based column
   */
  constructor(
    readonly offset: number,
    readonly line: number,
    readonly col: number,
    readonly limit: number,
  ) {
    super(`the JSON nests arrays and objects more than ${limit} levels deep (line ${line} column ${col}, position ${offset})`);
    this.name = 'JsonNestingError';
  }
}

/**
 * The offset of the first `[` or `{` of a JSON text that opens a level past `limit` (strings skipped), or
 * undefined. One pass, no recursion; text that is not JSON is scanned as far as it goes.
 */
export function jsonNestingPassed(text: string, limit = JSON_INPUT_DEPTH): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    }
  }
  return undefined;
}

/**
 * `JSON.parse` of a file hubc was given, refusing nesting past {@link JSON_INPUT_DEPTH} first.
 * @throws JsonNestingError, or JSON.parse's SyntaxError
 */
export function parseJsonInput(text: string, limit = JSON_INPUT_DEPTH): unknown {
  const at = jsonNestingPassed(text, limit);
  if (at !== undefined) {
    const before = text.slice(0, at);
    const lineStart = before.lastIndexOf('\n') + 1;
    throw new JsonNestingError(at, before.split('\n').length, at - lineStart + 1, limit);
  }
  return JSON.parse(text);
}
