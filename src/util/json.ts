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
