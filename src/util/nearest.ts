/**
 * The "did you mean" helper used for values outside a fixed list (CLI options, parameter names, hub.yaml
 * keys, Azure regions).
 */
import { distance } from 'fastest-levenshtein';

/**
 * The allowed values closest to `value` (edit distance, case-insensitive) that are close enough to be a
 * likely typo: at most a third of the longer text's length, and at least 1. Several values come back when
 * they are equally close (`westus4` is as near to `westus2` as to `westus3`).
 * @returns the suggestions in the order of `allowed`; empty when nothing is close
 */
export function nearestAll(value: string, allowed: readonly string[]): string[] {
  const lower = value.toLowerCase();
  let best = Infinity;
  let found: string[] = [];
  for (const a of allowed) {
    const candidate = a.toLowerCase();
    const d = distance(lower, candidate);
    if (d > Math.max(1, Math.floor(Math.max(candidate.length, lower.length) / 3))) continue;
    if (d < best) [best, found] = [d, [a]];
    else if (d === best) found.push(a);
  }
  return found;
}

/**
 * The one allowed value closest to `value`, when it is close enough to be a likely typo (see
 * {@link nearestAll}) and no other value is as close: `--release 0.8` suggests none of 0.1 ... 0.7, which
 * are all one edit away.
 * @returns the suggestion, or undefined when nothing is close or the nearest values tie
 */
export function nearest(value: string, allowed: readonly string[]): string | undefined {
  const found = nearestAll(value, allowed);
  return found.length === 1 ? found[0] : undefined;
}
