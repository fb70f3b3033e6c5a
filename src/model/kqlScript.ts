/**
 * Splitting a KQL database script into its commands, without the language service: the KQL validator,
 * the Build's KQL view, lint and diff read scripts this way.
 *
 * Kusto.Language analyses one command at a time: given a whole script it returns a single command block with no
 * diagnostics, and its own blank-line splitter (`CodeScript`) breaks commands that contain a blank line. Rule used
 * here (recipe `../shared/recipes/validators.md` §1.3): a new block starts at every line whose first character
 * is `.` followed by a letter, unless that line is inside a ```` ``` ```` multi-line string literal (fences are
 * counted per line; an odd count toggles "inside"). Text before the first command is a block of its own.
 * A trailing `\r` (CRLF scripts) is ignored when matching; block texts are exact slices of the input so that
 * offsets map back 1:1.
 */

/** One command (or leading query text) of a script. */
export interface KqlBlock {
  /** Exact slice of the script: from the start of the command's first line up to the next block. */
  text: string;
  /** 0-based UTF-16 offset of `text` in the script. */
  start: number;
}

/** True when a line (without its line break) starts a control command: `.` then an ASCII letter. */
function startsCommand(line: string): boolean {
  return /^\.[A-Za-z]/.test(line);
}

/** Number of ```` ``` ```` fences on a line. */
function fenceCount(line: string): number {
  let n = 0;
  for (let i = line.indexOf('```'); i >= 0; i = line.indexOf('```', i + 3)) n++;
  return n;
}

/**
 * Splits a script into command blocks (see the module doc for the rule).
 * @param text the whole script (LF or CRLF line endings)
 * @returns blocks in order; every block's `text` equals `text.slice(start, start + text.length)`. Leading text
 *   before the first command is returned only when it is not blank (it may still be comments only; see
 *   {@link isCommentOnly}).
 */
export function splitKqlCommands(text: string): KqlBlock[] {
  const starts: number[] = [];
  let inFence = false;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    if (!inFence && startsCommand(line)) starts.push(lineStart);
    if (fenceCount(line) % 2 === 1) inFence = !inFence;
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  const blocks: KqlBlock[] = [];
  const first = starts.length ? starts[0] : text.length;
  if (text.slice(0, first).trim() !== '') blocks.push({ text: text.slice(0, first), start: 0 });
  starts.forEach((s, i) => {
    const end = i + 1 < starts.length ? starts[i + 1] : text.length;
    blocks.push({ text: text.slice(s, end), start: s });
  });
  return blocks;
}

/** True when a block holds nothing but whitespace and `//` comments (nothing to analyse). */
export function isCommentOnly(text: string): boolean {
  return text.split('\n').every((line) => {
    const t = line.trim();
    return t === '' || t.startsWith('//');
  });
}
