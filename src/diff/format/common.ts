/**
 * Helpers the text and markdown renderings of a diff share: short value text, side descriptions, and the
 * walk over the non-empty sections.
 */
import { codes } from '../../diagnostics/index.js';
import type { DiffGroup, DiffResult, DiffSection, DiffSide, ValueChange } from '../types.js';

/** Longest value text shown before it is cut (the JSON format always has the full values). */
export const MAX_VALUE_CHARS = 120;

/** JSON text of a value on one line, cut to {@link MAX_VALUE_CHARS} with the full length noted; multi-line text as its line count. */
export function shortValue(value: unknown, max = MAX_VALUE_CHARS): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string' && value.includes('\n')) return `(text of ${value.split('\n').length} lines)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, safeCut(text, max - 1))}… (${text.length} chars)` : text;
}

/** `at`, moved back by one when it would cut a surrogate pair in two. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** Characters of common text shown before the first difference when two long values are cut. */
const CONTEXT_BEFORE = 24;

/** Characters of a long value's beginning kept when the window on its first difference starts further in. */
const HEAD = 36;

/**
 * Two texts cut to about `max` characters each so that each keeps its beginning (what the value is) and the
 * first place where they differ stays visible on both sides: when the difference is far in, the common
 * text between the beginning and a little context before the difference is collapsed to `…`; each side
 * then shows the same window from there, cut with `…` where it goes on; a cut side notes its full length.
 * Texts that both fit are returned as they are.
 * @returns the shown text of `a` and of `b`
 */
export function elidePair(a: string, b: string, max = MAX_VALUE_CHARS): [string, string] {
  if (a.length <= max && b.length <= max) return [a, b];
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  // The window starts a little before the difference; when that is close to the beginning, the head and the window are one.
  const windowStart = safeCut(a, Math.max(0, prefix - CONTEXT_BEFORE));
  const head = windowStart > HEAD + 1 ? safeCut(a, HEAD) : 0;
  const start = head ? windowStart : 0;
  const room = max - (head ? head + 1 : 0) - 2;
  const show = (text: string) => {
    if (text.length <= max && !head) return text;
    const end = Math.min(text.length, safeCut(text, start + room));
    return `${head ? `${text.slice(0, head)}…` : ''}${text.slice(start, end)}${end < text.length ? '…' : ''} (${text.length} chars)`;
  };
  return [show(a), show(b)];
}

/** Texts of the two values of a change, cut so that their first difference shows (see {@link elidePair}). */
export function changedValues(from: unknown, to: unknown, max = MAX_VALUE_CHARS): [string, string] {
  const lines = (v: unknown) => (typeof v === 'string' && v.includes('\n') ? v.split('\n') : undefined);
  const la = lines(from);
  const lb = lines(to);
  if (la && lb) {
    // Two multi-line texts: their line counts, and the first line that differs.
    let i = 0;
    while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
    const [x, y] = elidePair(JSON.stringify(la[i] ?? '') ?? '', JSON.stringify(lb[i] ?? '') ?? '', max);
    return [`(text of ${la.length} lines; line ${i + 1}: ${i < la.length ? x : '(none)'})`, `(text of ${lb.length} lines; line ${i + 1}: ${i < lb.length ? y : '(none)'})`];
  }
  if (la || lb || from === undefined || to === undefined) return [shortValue(from, max), shortValue(to, max)];
  return elidePair(JSON.stringify(from) ?? String(from), JSON.stringify(to) ?? String(to), max);
}

/**
 * A value change in words: `path: "a" -> "b"`, `path added: "b"`, `path removed: "a"`; an element added to
 * or removed from a list as `list + "b"` / `list - "a"` (its index is in the JSON result).
 */
export function changeText(c: ValueChange, quote: (s: string) => string = (s) => s, arrow = '->'): string {
  const element = /^(.*)\[\d+\]$/.exec(c.path);
  if (element && c.change !== 'changed') {
    const list = element[1] === '' ? '(whole value)' : element[1];
    return c.change === 'added' ? `${quote(list)} + ${quote(shortValue(c.to))}` : `${quote(list)} - ${quote(shortValue(c.from))}`;
  }
  const path = c.path === '' ? '(whole value)' : c.path;
  if (c.change === 'added') return `${quote(path)} added: ${quote(shortValue(c.to))}`;
  if (c.change === 'removed') return `${quote(path)} removed (was ${quote(shortValue(c.from))})`;
  if (c.from === undefined && c.to === undefined) return `${quote(path)} changed`;
  const set = setChange(c.from, c.to);
  if (set)
    return `${quote(path)}: ${[set.added.length ? `added ${quote(shortValue(set.added))}` : '', set.removed.length ? `removed ${quote(shortValue(set.removed))}` : ''].filter(Boolean).join(', ')}`;
  const [from, to] = changedValues(c.from, c.to);
  return `${quote(path)}: ${quote(from)} ${arrow} ${quote(to)}`;
}

/**
 * For two longer lists of scalars (more than 3 items) that differ in members: the items only B has and only A has.
 * Short lists and pure reorderings read better whole, so they give undefined.
 */
function setChange(from: unknown, to: unknown): { added: unknown[]; removed: unknown[] } | undefined {
  const scalars = (v: unknown): v is unknown[] => Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');
  if (!scalars(from) || !scalars(to) || Math.max(from.length, to.length) <= 3) return undefined;
  const added = to.filter((x) => !from.includes(x));
  const removed = from.filter((x) => !to.includes(x));
  return added.length || removed.length ? { added, removed } : undefined;
}

/** How a side was given: `release 0.7 (compiled from the hub file)`, `folder dist-templates/0.7 (release 0.7)`. */
export function sideText(side: DiffSide): string {
  if (side.source === 'release')
    return `release ${side.release} (compiled from the hub file${side.leftOut?.length ? ` without ${side.leftOut.join(', ')}: release ${side.release} does not have them, ${codes.HUB220.code}` : ''})`;
  if (side.source === 'hub.yaml') return `${side.label} (release ${side.release ?? 'unknown'})`;
  if (side.source === 'public') return `public template ${side.label} (release ${side.release}, evaluated for the other side's parameters)`;
  return `folder ${side.label}${side.release ? ` (release ${side.release})` : ''}`;
}

/** Groups with at least one non-empty section, each with only its non-empty sections. */
export function nonEmptyGroups(result: DiffResult): { group: DiffGroup; sections: DiffSection[] }[] {
  return result.groups.map((group) => ({ group, sections: group.sections.filter((s) => s.items.length) })).filter((g) => g.sections.length);
}

/** Past-tense verb of a change kind. */
export const VERB = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;
