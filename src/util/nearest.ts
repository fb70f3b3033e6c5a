/**
 * The "did you mean" helper used for values outside a fixed list (CLI options, parameter names).
 */
import { closest, distance } from 'fastest-levenshtein';

/**
 * The allowed value closest to `value` (edit distance, case-insensitive), when it is close enough to be a
 * likely typo: at most a third of the longer text's length, and at least 1.
 * @returns the suggestion, or undefined when nothing is close
 */
export function nearest(value: string, allowed: readonly string[]): string | undefined {
  if (!allowed.length) return undefined;
  const lower = value.toLowerCase();
  const best = closest(lower, allowed.map((a) => a.toLowerCase()));
  const i = allowed.findIndex((a) => a.toLowerCase() === best);
  const limit = Math.max(1, Math.floor(Math.max(best.length, lower.length) / 3));
  return distance(lower, best) <= limit ? allowed[i] : undefined;
}
