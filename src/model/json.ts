/**
 * Deterministic JSON text: 2-space indentation, LF line endings, a final newline, keys in the order the
 * code built them (modules build objects in a fixed order), `undefined` members left out.
 */

/** Serializes a value (expression wrappers included, via their `toJSON`) as hubc's canonical JSON text. */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Turns a value with expression wrappers into plain JSON data (strings for expressions). */
export function toPlainJson<T = unknown>(value: unknown): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
