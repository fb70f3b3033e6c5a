/**
 * Limits of the JSON files hubc reads that may hold ARM template expressions (a build or release folder
 * given to `hubc diff` or `hubc upgrade-plan`, a public template), checked on the text before anything
 * that recurses over the parsed value or an expression's tree sees it (issue #29, item 10: a resource
 * nested 5,000 levels deep, or an expression of 2,000 nested calls, overflowed the stack of `hubc diff`).
 * One linear pass over the text, without recursion: the nesting of arrays and objects, and each string that
 * is an ARM expression parsed with the parser's own depth limit ({@link ARM_EXPRESSION_DEPTH}).
 */
import { isArmExpressionString } from './semantics.js';
import { ArmNestingError, ARM_EXPRESSION_DEPTH, parseArmExpression } from './parser.js';
import { JSON_INPUT_DEPTH } from '../../util/json.js';

/** Most levels of arrays and objects nested in one another in such a file ({@link JSON_INPUT_DEPTH}). */
export const JSON_DEPTH = JSON_INPUT_DEPTH;

/** A limit a JSON text passes, and where: the 0-based offset into the text (of the `[`/`{`, or of the string). */
export type JsonLimitPassed = { kind: 'json'; offset: number; limit: number } | { kind: 'expression'; offset: number; limit: number };

/** The end (exclusive) of the JSON string starting at `start` (a `"`), or the text's end when it is not closed. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i + 1;
  }
  return text.length;
}

/**
 * The first limit a JSON text passes, in text order: arrays and objects nested more than
 * {@link JSON_DEPTH} levels, or a string that is an ARM expression (`"[...]"`, not `"[[..."`) nesting more
 * than {@link ARM_EXPRESSION_DEPTH} levels. Text that is not valid JSON is scanned as far as it goes (the
 * caller's JSON parser reports what is wrong with it).
 * @returns undefined when the text is within both limits
 */
export function jsonLimitPassed(text: string): JsonLimitPassed | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '{') {
      if (++depth > JSON_DEPTH) return { kind: 'json', offset: i, limit: JSON_DEPTH };
    } else if (c === ']' || c === '}') {
      depth--;
    } else if (c === '"') {
      const end = stringEnd(text, i);
      if (text[i + 1] === '[') {
        const raw = text.slice(i, end);
        let value: unknown;
        try {
          value = raw.includes('\\') ? JSON.parse(raw) : raw.slice(1, -1);
        } catch {
          value = undefined;
        }
        if (typeof value === 'string' && isArmExpressionString(value)) {
          try {
            parseArmExpression(value.slice(1, -1));
          } catch (e) {
            if (e instanceof ArmNestingError) return { kind: 'expression', offset: i, limit: ARM_EXPRESSION_DEPTH };
          }
        }
      }
      i = end - 1;
    }
  }
  return undefined;
}
