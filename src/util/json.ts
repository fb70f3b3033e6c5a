/**
 * The one test for "is this a JSON object" used by every layer (template JSON, Data Factory JSON, parsed
 * files), and the JSON object type it narrows to.
 */

/** A plain JSON object: string keys to values of any JSON type. */
export type JsonObject = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
