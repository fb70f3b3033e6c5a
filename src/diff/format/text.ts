/**
 * `--format text`: the diff for a terminal, grouped by artifact, upgrade notes first. `+` added, `-` removed,
 * `~` changed; coloured (green, red, yellow; bold headings) only when `color` is set (the CLI sets it when
 * stdout is a terminal).
 */
import type { DiffResult, ObjectChange } from '../types.js';
import { changeText, nonEmptyGroups, sideText } from './common.js';

const ANSI = { bold: '\x1b[1m', green: '\x1b[32m', red: '\x1b[31m', yellow: '\x1b[33m', reset: '\x1b[0m' } as const;

/** Renders a diff result for the terminal; ends with a newline. */
export function formatText(result: DiffResult, options: { color?: boolean } = {}): string {
  const paint = (code: keyof typeof ANSI, s: string) => (options.color ? `${ANSI[code]}${s}${ANSI.reset}` : s);
  const mark = { added: paint('green', '+'), removed: paint('red', '-'), changed: paint('yellow', '~') };
  const lines: string[] = [];
  lines.push(paint('bold', `hubc diff ${result.a.label} -> ${result.b.label}`));
  lines.push(`  A: ${sideText(result.a)}`, `  B: ${sideText(result.b)}`);
  if (result.equal) {
    lines.push('', 'No differences: both builds have the same files with the same bytes.');
    return `${lines.join('\n')}\n`;
  }
  lines.push('', paint('bold', `Upgrade notes (${result.upgradeNotes.length})`));
  if (!result.upgradeNotes.length) lines.push('  none: a hub deployed from A can deploy B over it as it is.');
  for (const n of result.upgradeNotes) lines.push(`  ${paint('yellow', n.code)} ${n.message}`);
  const f = result.files;
  lines.push('', paint('bold', `Files: ${f.added.length} added, ${f.removed.length} removed, ${f.changed.length} changed`));
  for (const p of f.removed) lines.push(`  ${mark.removed} ${p}`);
  for (const p of f.changed) lines.push(`  ${mark.changed} ${p}`);
  for (const p of f.added) lines.push(`  ${mark.added} ${p}`);
  const item = (i: ObjectChange, indent: string) => {
    lines.push(`${indent}${mark[i.change]} ${i.name}${i.summary ? `  (${i.summary})` : ''}`);
    for (const c of i.changes ?? []) lines.push(`${indent}    ${changeText(c)}`);
    if (i.members?.items.length) {
      lines.push(`${indent}    ${i.members.kind === 'activity' ? 'activities' : `${i.members.kind}s`}:`);
      for (const m of i.members.items) item(m, `${indent}      `);
    }
  };
  for (const { group, sections } of nonEmptyGroups(result)) {
    lines.push('', paint('bold', group.title));
    for (const s of sections) {
      lines.push(`  ${s.title}`);
      for (const i of s.items) item(i, '    ');
    }
  }
  return `${lines.join('\n')}\n`;
}
