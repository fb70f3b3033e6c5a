/**
 * `--format markdown`: the diff as release notes (CommonMark): a heading, the upgrade notes, then one
 * heading per artifact group and one per section, each object a list item with its changes nested under it.
 * Names and values are code spans; free text is escaped, so the notes render the same in any CommonMark
 * renderer and carry no raw HTML.
 */
import type { DiffResult, ObjectChange } from '../types.js';
import { changeText, nonEmptyGroups, sideText, VERB } from './common.js';

/** A CommonMark code span holding `text` verbatim (fence longer than any backtick run inside). */
export function code(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Escapes CommonMark punctuation in free text; `_` only where it could open or close emphasis. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*[\]<>|#!]/g, '\\$&').replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_');
}

/** Options of {@link formatMarkdown}. */
export interface MarkdownOptions {
  /** Level of the top heading (1-4, default 1); sections go up to two levels deeper. */
  level?: number;
  /** Top heading text (plain text, escaped); default `Changes from A to B`. */
  title?: string;
  /** Say under the heading what A and B are (default true). */
  sides?: boolean;
}

/** Renders a diff result as markdown release notes; ends with a newline. */
export function formatMarkdown(result: DiffResult, options: MarkdownOptions = {}): string {
  const level = Math.min(4, Math.max(1, options.level ?? 1));
  const h = (depth: number, text: string) => `${'#'.repeat(level + depth)} ${text}`;
  const out: string[] = [h(0, escapeMarkdown(options.title ?? `Changes from ${result.a.label} to ${result.b.label}`)), ''];
  if (options.sides !== false) out.push(`From ${escapeMarkdown(sideText(result.a))} to ${escapeMarkdown(sideText(result.b))}.`, '');
  if (result.equal) {
    out.push('No differences: both builds have the same files with the same bytes.');
    return `${out.join('\n')}\n`;
  }
  out.push(h(1, 'Upgrade notes'), '');
  if (!result.upgradeNotes.length) out.push('None: a hub deployed from the first build can deploy the second over it as it is.');
  for (const n of result.upgradeNotes) out.push(`- **${n.code}** ${escapeMarkdown(n.message)}`);
  out.push('');
  const item = (i: ObjectChange, indent: string, kind = '') => {
    out.push(`${indent}- ${VERB[i.change]} ${kind}${code(i.name)}${i.summary ? `: ${escapeMarkdown(i.summary)}` : ''}`);
    for (const c of i.changes ?? []) out.push(`${indent}  - ${changeText(c, code, '→')}`);
    for (const m of i.members?.items ?? []) item(m, `${indent}  `, `${i.members!.kind} `);
  };
  for (const { group, sections } of nonEmptyGroups(result)) {
    out.push(h(1, escapeMarkdown(group.title)), '');
    for (const s of sections) {
      out.push(h(2, escapeMarkdown(s.title)), '');
      for (const i of s.items) item(i, '');
      out.push('');
    }
  }
  const f = result.files;
  out.push(h(1, 'Files'), '');
  for (const [verb, list] of [
    ['Added', f.added],
    ['Removed', f.removed],
    ['Changed', f.changed],
  ] as const) {
    if (list.length) out.push(`- ${verb}: ${list.map(code).join(', ')}`);
  }
  return `${out.join('\n')}\n`;
}
