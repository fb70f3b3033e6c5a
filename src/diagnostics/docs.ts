/**
 * Generates docs/diagnostics.md from the registry: the prose of `src/diagnostics/docs/header.md`, a table row per code
 * (code with its anchor, stage, meaning; lint codes add their rule name and severity), then
 * `src/diagnostics/docs/footer.md`. Written by `npm run docs`; test/compiler/codes.test.ts fails when the committed file
 * differs.
 */
import { readFileSync } from 'node:fs';
import { ALL_CODES } from './index.js';
import type { CodeInfo } from './define.js';

/** One table row of a code. */
function row(c: CodeInfo): string {
  const meaning = c.rule ? `${c.meaning} (\`${c.rule}\`, ${c.severity})` : c.meaning;
  return `| <a id="${c.code.toLowerCase()}"></a>${c.code} | ${c.stage} | ${meaning} |`;
}

/** The whole text of docs/diagnostics.md (LF line ends, final newline as the header and footer have). */
export function diagnosticsDoc(): string {
  const part = (name: string) => readFileSync(new URL(`./docs/${name}`, import.meta.url), 'utf8');
  return [part('header.md'), '| Code | Stage | Meaning |\n| --- | --- | --- |\n', ...ALL_CODES.map((c) => `${row(c)}\n`), part('footer.md')].join('');
}
