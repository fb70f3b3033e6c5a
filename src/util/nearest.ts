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
 * {@link nearestAll}) and no other value is as close: `--release 0.0` suggests none of the releases
 * 0.1, 0.2 and so on, which are all one edit away.
 * @returns the suggestion, or undefined when nothing is close or the nearest values tie
 */
export function nearest(value: string, allowed: readonly string[]): string | undefined {
  const found = nearestAll(value, allowed);
  return found.length === 1 ? found[0] : undefined;
}

/** Length of the common beginning of two texts, compared case-insensitively. */
function commonPrefix(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

/**
 * The `count` allowed values most like `value`, most alike first: the same text in another case, then the
 * longest common beginning (names that share a family, `Standard_D11` -> `Standard_D11_v2`,
 * `Standard_D12_v2`), then the smallest edit distance, then the order of `allowed`. Unlike
 * {@link nearestAll} there is no threshold: it is for showing a few of a long list instead of all of it.
 * @returns at most `count` values of `allowed`
 */
export function nearestFew(value: string, allowed: readonly string[], count: number): string[] {
  const lower = value.toLowerCase();
  return allowed
    .map((a, i) => ({ a, i, same: a.toLowerCase() === lower ? 0 : 1, prefix: commonPrefix(value, a), d: distance(lower, a.toLowerCase()) }))
    .sort((x, y) => x.same - y.same || y.prefix - x.prefix || x.d - y.d || x.i - y.i)
    .slice(0, count)
    .map((x) => x.a);
}

/**
 * The one allowed value `value` was most likely meant to be, for a "did you mean": the same text in another
 * case; else the only value that begins with `value` (at least 3 characters of it); else {@link nearest}.
 * @returns the suggestion, or undefined when none stands out
 */
export function likelyMeant(value: string, allowed: readonly string[]): string | undefined {
  const lower = value.toLowerCase();
  const same = allowed.filter((a) => a.toLowerCase() === lower);
  if (same.length === 1) return same[0];
  const longer = lower.length >= 3 ? allowed.filter((a) => a.toLowerCase().startsWith(lower)) : [];
  if (longer.length === 1) return longer[0];
  return nearest(value, allowed);
}
