/**
 * The functions of a TypeScript file and how many lines each spans, read from the source text (the
 * TypeScript 7 compiler in this repository has no JavaScript API to ask, as in `importGraph.ts`).
 *
 * The text is first masked: comments, string and template literal text and regular expression literals
 * become spaces (line breaks stay), so a bracket inside them does not count. On the masked text a function
 * is
 * - a name (or `function`) followed by a parameter list `(...)`, an optional return type and a body `{`:
 *   function declarations and expressions, class and object methods, getters, constructors;
 * - an arrow `=>` with its body: a block `{...}`, or an expression that ends at a `,` or `;` or the bracket
 *   that closes around it.
 * A function spans from the line its parameter list (or its name, for a method) starts on to the line its
 * body ends on, both counted; a nested function counts inside its outer one too. Type-level arrows
 * (`(x: T) => U`) are found as short arrows, which a length limit never reports.
 *
 * The reason a function may be long is given in the comment directly above its first line (its doc
 * comment): a line `Long because: <reason>`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';

/** One function found in a file; lines are 1-based. */
export interface FunctionSpan {
  /** Its name: the declared, method or property name, or the variable an arrow is assigned to; else `<arrow>`/`<function>`. */
  name: string;
  /** First line (the name, or the arrow's parameter list). */
  start: number;
  /** Last line (the body's closing bracket, or the end of an arrow's expression). */
  end: number;
  /** `end - start + 1`. */
  lines: number;
  /** The reason after `Long because:` in the comment directly above `start`, when there is one. */
  reason?: string;
}

/** Statements written `word (...) {` (`for await (...) {` too), which are not methods (a method may be named by any other word, `delete` too). */
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'await']);
/** Words after which a `/` starts a regular expression literal, not a division. */
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);
const IDENT = /[A-Za-z0-9_$]/;

/**
 * `text` with comments, string and template literal text and regular expression literals replaced by
 * spaces; line breaks and the literals' delimiters stay, so offsets and line numbers are those of `text`.
 */
export function maskSource(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number): void => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  /** Brace depth at which each open template `${` returns to its template text. */
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  /** Whether a `/` here starts a regular expression: judged by the last significant character before it. */
  const regexAllowed = (): boolean => {
    let k = i - 1;
    while (k >= 0 && /\s/.test(out[k])) k--;
    if (k < 0) return true;
    const c = out[k];
    if (IDENT.test(c)) {
      let s = k;
      while (s > 0 && IDENT.test(out[s - 1])) s--;
      return REGEX_AFTER_WORD.has(out.slice(s, k + 1).join(''));
    }
    return !')]}'.includes(c) && c !== '"' && c !== "'" && c !== '`';
  };
  /** Skips template text from `i` (just after a backtick or a `}` closing `${`) to the closing backtick or a `${`. */
  const templateText = (): void => {
    const from = i;
    while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{')) i += text[i] === '\\' ? 2 : 1;
    blank(from, Math.min(i, text.length));
    if (text[i] === '`') i++;
    else if (i < text.length) {
      templates.push(depth);
      depth++;
      i += 2;
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < text.length && text[k] !== c && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
      blank(i + 1, Math.min(k, text.length));
      i = k + 1;
    } else if (c === '`') {
      i++;
      templateText();
    } else if (c === '/' && regexAllowed()) {
      let k = i + 1;
      let inClass = false;
      while (k < text.length && text[k] !== '\n' && (inClass || text[k] !== '/')) {
        if (text[k] === '\\') k++;
        else if (text[k] === '[') inClass = true;
        else if (text[k] === ']') inClass = false;
        k++;
      }
      blank(i + 1, Math.min(k, text.length));
      i = k + 1;
    } else {
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (templates.length > 0 && templates[templates.length - 1] === depth) {
          templates.pop();
          i++;
          templateText();
          continue;
        }
      }
      i++;
    }
  }
  return out.join('');
}

/** For each bracket `( [ {` and `) ] }` of masked text, the offset of its partner (unbalanced ones are left out). */
function bracketPairs(masked: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < masked.length; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') open.push(i);
    else if (c === ')' || c === ']' || c === '}') {
      const o = open.pop();
      if (o === undefined) continue;
      pairs.set(o, i);
      pairs.set(i, o);
    }
  }
  return pairs;
}

/** The offset of the next non-space character at or after `i` (`masked.length` when none). */
function skipSpace(masked: string, i: number): number {
  while (i < masked.length && /\s/.test(masked[i])) i++;
  return i;
}

/** The offset of the last non-space character at or before `i` (-1 when none). */
function backSpace(masked: string, i: number): number {
  while (i >= 0 && /\s/.test(masked[i])) i--;
  return i;
}

/** The identifier ending at offset `end` (inclusive), with its start; empty when `end` is not in one. */
function wordBefore(masked: string, end: number): { word: string; start: number } {
  let s = end;
  while (s >= 0 && IDENT.test(masked[s])) s--;
  return { word: masked.slice(s + 1, end + 1), start: s + 1 };
}

/**
 * The body `{` of a function whose parameter list closes at `close`: after an optional return type
 * (`: T`, whose own `{...}` object types are skipped), the first `{` not preceded by `:`, `|`, `&`, `,`, `<`,
 * `=>` or `is`. -1 when a `;`, `=`, `=>` or an unmatched closer comes first (a signature, a call, an arrow).
 */
function bodyAfter(masked: string, close: number, pairs: Map<number, number>): number {
  let i = skipSpace(masked, close + 1);
  if (masked[i] === '{') return i;
  if (masked[i] !== ':') return -1;
  i++;
  while (i < masked.length) {
    i = skipSpace(masked, i);
    const c = masked[i];
    if (c === '{') {
      const before = backSpace(masked, i - 1);
      const typeContext = ':|&,<'.includes(masked[before]) || masked.slice(before - 1, before + 1) === '=>' || wordBefore(masked, before).word === 'is';
      if (!typeContext) return i;
    }
    if (c === '(' || c === '[' || c === '{') {
      const partner = pairs.get(i);
      if (partner === undefined) return -1;
      i = partner + 1;
    } else if (c === ';' || c === ')' || c === ']' || c === '}' || (c === '=' && masked[i + 1] !== '>') || c === undefined) {
      return -1;
    } else if (c === '=' && masked[i + 1] === '>') {
      i += 2; // a function type inside the return type: its result type follows
    } else i++;
  }
  return -1;
}

/**
 * The end of an arrow's expression body starting at `from`: the last offset before a `,`, `;`, `=` (an
 * assignment; a type arrow's `Record<K, (x) => V> = {`) or unmatched closer, or before a `{` that follows a
 * name or closer (`f(): (x: T) => U {`: a function type's result, then a body).
 */
function expressionEnd(masked: string, from: number, pairs: Map<number, number>): number {
  for (let i = from; i < masked.length; i++) {
    const c = masked[i];
    const before = backSpace(masked, i - 1);
    if (c === '{' && i > from && /[\w)\]]/.test(masked[before])) return before;
    const assignment = c === '=' && !'=>'.includes(masked[i + 1]) && !'=!<>'.includes(masked[i - 1]);
    if (c === ',' || c === ';' || c === ')' || c === ']' || c === '}' || assignment) return before;
    if (c === '(' || c === '[' || c === '{') {
      const partner = pairs.get(i);
      if (partner === undefined) break;
      i = partner;
    }
  }
  return masked.length - 1;
}

/** The name an arrow or function expression starting at `start` is given, read from its line: `const name =`, `name:` or `name =`. */
function assignedName(masked: string, start: number, fallback: string): string {
  const before = masked.slice(masked.lastIndexOf('\n', start - 1) + 1, start);
  const m =
    /\b(?:const|let|var)\s+([\w$]+)\s*(?::[^=]*)?=\s*(?:async\s*)?$/.exec(before) ??
    /([\w$]+)\s*\??\s*:\s*(?:async\s*)?$/.exec(before) ??
    /([\w$]+)\s*=\s*(?:async\s*)?$/.exec(before);
  return m ? m[1] : fallback;
}

/**
 * The start of an arrow's parameters for the `=>` at `arrow`: its `(`, also behind a return type
 * (`(x): Promise<T> =>`), or its one parameter (`x =>`, `name: x =>`).
 */
function arrowStart(masked: string, arrow: number, pairs: Map<number, number>): number {
  const k = backSpace(masked, arrow - 1);
  if (masked[k] === ')') return pairs.get(k) ?? k;
  // back over a return type, to the `:` after the parameter list
  let angle = 0;
  for (let j = k; j >= 0; j--) {
    const c = masked[j];
    if (c === ')' || c === ']' || c === '}') {
      const open = pairs.get(j);
      if (open === undefined) break;
      j = open;
    } else if (c === '>' && masked[j - 1] !== '=') angle++;
    else if (c === '<') angle--;
    else if (c === ':' && angle === 0) {
      const close = backSpace(masked, j - 1);
      if (masked[close] === ')') return pairs.get(close) ?? close;
      break;
    } else if (angle === 0 && ';{([=,?'.includes(c)) break;
  }
  const word = wordBefore(masked, k);
  return word.word === '' ? k : word.start;
}

/** Line number (1-based) of each offset, by a sorted table of line starts. */
function lineOf(lineStarts: number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * The reason given by the comment block directly above line `start` (1-based): the text after a line
 * `Long because:` (after its `*` or `//`), joined with the comment lines that follow it up to a blank
 * comment line or the block's end; undefined when there is none or it is empty.
 */
export function reasonAbove(lines: readonly string[], start: number): string | undefined {
  let k = start - 2;
  const block: string[] = [];
  if (k >= 0 && lines[k].trim().endsWith('*/')) {
    while (k >= 0) {
      block.unshift(lines[k]);
      if (lines[k].trim().startsWith('/*')) break;
      k--;
    }
  } else {
    while (k >= 0 && lines[k].trim().startsWith('//')) block.unshift(lines[k--]);
  }
  const text = block.map((l) => l.trim().replace(/^(\/\*\*?|\*\/|\*|\/\/)\s?/, '').replace(/\*\/$/, '').trim());
  const at = text.findIndex((l) => l.startsWith('Long because:'));
  if (at < 0) return undefined;
  const rest: string[] = [text[at].slice('Long because:'.length).trim()];
  for (const l of text.slice(at + 1)) {
    if (l === '' || l.startsWith('@')) break;
    rest.push(l);
  }
  const reason = rest.join(' ').trim();
  return reason === '' ? undefined : reason;
}

/** Every function of one TypeScript source text (see the file comment), in order of their first line. */
export function functionSpans(text: string): FunctionSpan[] {
  const masked = maskSource(text);
  const pairs = bracketPairs(masked);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lines = text.split('\n');
  const found: FunctionSpan[] = [];
  const add = (name: string, startOffset: number, endOffset: number): void => {
    const start = lineOf(lineStarts, startOffset);
    const end = lineOf(lineStarts, endOffset);
    const reason = reasonAbove(lines, start);
    found.push({ name, start, end, lines: end - start + 1, ...(reason === undefined ? {} : { reason }) });
  };
  for (let i = 0; i < masked.length; i++) {
    const c = masked[i];
    if (c === '=' && masked[i + 1] === '>') {
      const start = arrowStart(masked, i, pairs);
      const bodyStart = skipSpace(masked, i + 2);
      const end = masked[bodyStart] === '{' ? (pairs.get(bodyStart) ?? masked.length - 1) : expressionEnd(masked, bodyStart, pairs);
      add(assignedName(masked, start, '<arrow>'), start, end);
      i++;
    } else if (c === '(' && pairs.has(i)) {
      let k = backSpace(masked, i - 1);
      if (masked[k] === '>' && masked[k - 1] !== '=') {
        // type parameters `name<T>(`: back over the balanced `<...>`
        let angle = 0;
        for (; k >= 0; k--) {
          if (masked[k] === '>') angle++;
          else if (masked[k] === '<' && --angle === 0) break;
        }
        k = backSpace(masked, k - 1);
      }
      const { word, start } = wordBefore(masked, k);
      if (word === '' || /^\d/.test(word) || KEYWORDS.has(word)) continue;
      const body = bodyAfter(masked, pairs.get(i)!, pairs);
      if (body < 0) continue;
      const end = pairs.get(body) ?? masked.length - 1;
      if (word === 'function') add(assignedName(masked, start, '<function>'), start, end);
      else add(word, start, end);
    }
  }
  return found.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The functions of every `.ts` file below `dir` except generated ones (`*.generated.ts`), each with its file (below `dir`, `/` separators). */
export function functionSpansBelow(dir: string): (FunctionSpan & { file: string })[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.generated.ts'))
    .sort();
  return files.flatMap((file) =>
    functionSpans(readFileSync(join(dir, file), 'utf8')).map((span) => ({ ...span, file: file.split(sep).join('/') })),
  );
}
