/**
 * Helpers the text and markdown renderings of a diff share: short value text, side descriptions, and the
 * walk over the non-empty sections.
 */
import type { DiffGroup, DiffResult, DiffSection, DiffSide, ValueChange } from '../types.js';

/** Longest value text shown before it is cut (the JSON format always has the full values). */
export const MAX_VALUE_CHARS = 120;

/** JSON text of a value on one line, cut to {@link MAX_VALUE_CHARS} with the full length noted; multi-line text as its line count. */
export function shortValue(value: unknown, max = MAX_VALUE_CHARS): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string' && value.includes('\n')) return `(text of ${value.split('\n').length} lines)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}… (${text.length} chars)` : text;
}

/** A value change in words: `path: "a" -> "b"`, `path added: "b"`, `path removed: "a"`. */
export function changeText(c: ValueChange, quote: (s: string) => string = (s) => s, arrow = '->'): string {
  const path = c.path === '' ? '(whole value)' : c.path;
  if (c.change === 'added') return `${quote(path)} added: ${quote(shortValue(c.to))}`;
  if (c.change === 'removed') return `${quote(path)} removed (was ${quote(shortValue(c.from))})`;
  if (c.from === undefined && c.to === undefined) return `${quote(path)} changed`;
  const set = setChange(c.from, c.to);
  if (set) return `${quote(path)}: ${[set.added.length ? `added ${quote(shortValue(set.added))}` : '', set.removed.length ? `removed ${quote(shortValue(set.removed))}` : ''].filter(Boolean).join(', ')}`;
  return `${quote(path)}: ${quote(shortValue(c.from))} ${arrow} ${quote(shortValue(c.to))}`;
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
  if (side.source === 'release') return `release ${side.release} (compiled from the hub file)`;
  if (side.source === 'hub.yaml') return `${side.label} (release ${side.release ?? 'unknown'})`;
  return `folder ${side.label}${side.release ? ` (release ${side.release})` : ''}`;
}

/** Groups with at least one non-empty section, each with only its non-empty sections. */
export function nonEmptyGroups(result: DiffResult): { group: DiffGroup; sections: DiffSection[] }[] {
  return result.groups
    .map((group) => ({ group, sections: group.sections.filter((s) => s.items.length) }))
    .filter((g) => g.sections.length);
}

/** Past-tense verb of a change kind. */
export const VERB = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;
