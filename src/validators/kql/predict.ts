/**
 * What a command does to the schema (tables and functions), read from its text without the Kusto language
 * service: a guess, used to split one validation over two threads (src/validate/cached.ts). The second
 * thread starts in the middle of the scripts, with the schema the commands before it are predicted to
 * leave; each outcome it computes is stored under the command key of that predicted schema, and the final
 * run in command order (src/validators/kql.ts) uses an outcome only when its key is the key of the schema
 * the commands really left. A wrong or missing prediction therefore costs time, never a different result.
 *
 * Understood (the commands the FinOps hub scripts use; anything else is predicted to change nothing):
 * `.create|.create-merge|.alter|.alter-merge table T (c: type, ...)`, `.drop table T`,
 * `.rename table A to B`, `.create|.create-or-alter|.alter function [ifnotexists] [with (...)] F(params) { body }`
 * and `.drop function F`. The parameter list and body are the exact source text from `(` to `)` and from
 * `{` to `}`, as the language service's `Parameters` and `Body` slots give them (./commands.ts); column
 * types take Kusto's canonical scalar type names.
 */
import type { Effect, KqlColumn } from './types.js';

/** Kusto scalar type names and their aliases (learn.microsoft.com/kusto/query/scalar-data-types), canonical name by alias. */
const SCALAR_TYPES: Record<string, string> = {
  bool: 'bool',
  boolean: 'bool',
  datetime: 'datetime',
  date: 'datetime',
  decimal: 'decimal',
  dynamic: 'dynamic',
  guid: 'guid',
  uuid: 'guid',
  uniqueid: 'guid',
  int: 'int',
  int32: 'int',
  long: 'long',
  int64: 'long',
  real: 'real',
  double: 'real',
  string: 'string',
  timespan: 'timespan',
  time: 'timespan',
};

/** Kusto's canonical name of a scalar type written in a command (`double` gives `real`), or undefined. */
export function canonicalScalarType(type: string): string | undefined {
  return SCALAR_TYPES[type.trim().toLowerCase()];
}

type Token =
  { kind: 'name'; value: string; start: number; end: number } | { kind: 'string'; start: number; end: number } | { kind: 'punct'; value: string; start: number; end: number };

/** Characters that may continue an identifier (`create-merge` is one word only in the command head). */
const isIdentStart = (c: string) => /[A-Za-z_$]/.test(c);
const isIdent = (c: string) => /[A-Za-z0-9_$]/.test(c);

/** End offset of a string literal starting at `i` (`'...'`, `"..."`, `@'...'`, `h'...'`, ```` ``` ````, `~~~`), or -1. */
function stringEnd(text: string, i: number): number {
  if (text.startsWith('```', i) || text.startsWith('~~~', i)) {
    const close = text.indexOf(text.slice(i, i + 3), i + 3);
    return close < 0 ? -1 : close + 3;
  }
  let j = i;
  if (text[j] === 'h' || text[j] === 'H') j++;
  const verbatim = text[j] === '@';
  if (verbatim) j++;
  const quote = text[j];
  if (quote !== "'" && quote !== '"') return -1;
  for (j++; j < text.length; j++) {
    const c = text[j];
    if (c === '\n' && !verbatim) return -1;
    if (!verbatim && c === '\\') j++;
    else if (c === quote) {
      if (verbatim && text[j + 1] === quote) j++;
      else return j + 1;
    }
  }
  return -1;
}

/** Whether a string literal may start at `i`: a quote, `@` or `h`/`H` before one, or a ```` ``` ````/`~~~` fence. */
function startsString(text: string, i: number): boolean {
  const c = text[i];
  if (c === "'" || c === '"' || text.startsWith('```', i) || text.startsWith('~~~', i)) return true;
  const next = text[i + 1] ?? '';
  if (c === '@') return next === "'" || next === '"';
  return (c === 'h' || c === 'H') && (next === "'" || next === '"' || (next === '@' && /['"]/.test(text[i + 2] ?? '')));
}

/**
 * A bracketed name at `i` (`['a-b']`, `["a"]`, `[@'a''b']`): its unquoted value and end offset; undefined
 * when the bracket opens something else (an array such as `['a', 'b']`).
 */
function bracketedName(text: string, i: number): { value: string; end: number } | undefined {
  let j = i + 1;
  while (/\s/.test(text[j] ?? '')) j++;
  const verbatim = text[j] === '@';
  const quote = text[verbatim ? j + 1 : j];
  if (quote !== "'" && quote !== '"') return undefined;
  const end = stringEnd(text, j);
  if (end < 0) return undefined;
  let close = end;
  while (/\s/.test(text[close] ?? '')) close++;
  if (text[close] !== ']') return undefined;
  const raw = text.slice(verbatim ? j + 2 : j + 1, end - 1);
  return { value: verbatim ? raw.split(quote + quote).join(quote) : raw.replace(/\\(.)/g, '$1'), end: close + 1 };
}

/** Tokens of a command: names (identifiers and `['bracketed']` names, unquoted), strings and punctuation; comments and blanks skipped. */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (startsString(text, i)) {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      tokens.push({ kind: 'string', start: i, end });
      i = end;
    } else if (c === '[' && bracketedName(text, i)) {
      const name = bracketedName(text, i)!;
      tokens.push({ kind: 'name', value: name.value, start: i, end: name.end });
      i = name.end;
    } else if (isIdentStart(c)) {
      // The command's first word may hold hyphens (create-merge, create-or-alter).
      let j = i + 1;
      while (j < text.length && (isIdent(text[j]) || (text[j] === '-' && tokens.length === 1 && isIdentStart(text[j + 1] ?? '')))) j++;
      tokens.push({ kind: 'name', value: text.slice(i, j), start: i, end: j });
      i = j;
    } else {
      tokens.push({ kind: 'punct', value: c, start: i, end: i + 1 });
      i++;
    }
  }
  return tokens;
}

const word = (t: Token | undefined, w: string) => t?.kind === 'name' && t.value.toLowerCase() === w;
const punct = (t: Token | undefined, p: string) => t?.kind === 'punct' && t.value === p;

/** Index of the token closing the bracket opened at `open` (`(`/`)` or `{`/`}`), or -1. */
function closing(tokens: Token[], open: number): number {
  const o = (tokens[open] as { value: string }).value;
  const c = o === '(' ? ')' : '}';
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (punct(tokens[i], o)) depth++;
    else if (punct(tokens[i], c) && --depth === 0) return i;
  }
  return -1;
}

/** Columns of `(name: type, ...)` between tokens `open` and `close`; undefined when the list is not that shape. */
function columns(tokens: Token[], open: number, close: number): KqlColumn[] | undefined {
  const out: KqlColumn[] = [];
  let i = open + 1;
  while (i < close) {
    const [name, colon, type] = [tokens[i], tokens[i + 1], tokens[i + 2]];
    if (name?.kind !== 'name' || !punct(colon, ':') || type?.kind !== 'name') return undefined;
    const canonical = canonicalScalarType(type.value);
    if (canonical) out.push({ name: name.value, type: canonical });
    i += 3;
    if (punct(tokens[i], ',')) i++;
    else if (i !== close) return undefined;
  }
  return out;
}

const TABLE_MODES: Record<string, 'create' | 'merge' | 'replace'> = { create: 'create', 'create-merge': 'merge', 'alter-merge': 'merge', alter: 'replace' };

/**
 * The schema effects of one command, predicted from its text (see the module doc for the commands
 * understood).
 * @param text one command block (src/model/kqlScript.ts), comments before it allowed
 * @returns table and function effects in the shape the analysis gives (./commands.ts), without the function
 *   result columns (which do not enter the schema); none for a command that is not understood
 */
export function predictSchemaEffects(text: string): Effect[] {
  const t = tokenize(text);
  if (!t || !punct(t[0], '.') || t[1]?.kind !== 'name' || t[2]?.kind !== 'name') return [];
  const verb = t[1].value.toLowerCase();
  const noun = t[2].value.toLowerCase();
  const name = t[3]?.kind === 'name' ? t[3].value : undefined;
  if (noun === 'table' && name !== undefined) {
    if (verb in TABLE_MODES && punct(t[4], '(')) {
      const close = closing(t, 4);
      const cols = close < 0 ? undefined : columns(t, 4, close);
      return cols ? [{ type: 'table', mode: TABLE_MODES[verb], table: { name, columns: cols } }] : [];
    }
    if (verb === 'drop' && (t.length === 4 || word(t[4], 'ifexists'))) return [{ type: 'dropTable', name }];
    if (verb === 'rename' && word(t[4], 'to') && t[5]?.kind === 'name' && t.length === 6) return [{ type: 'renameTable', from: name, to: t[5].value }];
    return [];
  }
  if (noun !== 'function') return [];
  if (verb === 'drop') return name !== undefined && (t.length === 4 || word(t[4], 'ifexists')) ? [{ type: 'dropFunction', name }] : [];
  if (verb !== 'create' && verb !== 'create-or-alter' && verb !== 'alter') return [];
  let i = 3;
  if (word(t[i], 'ifnotexists')) i++;
  if (word(t[i], 'with') && punct(t[i + 1], '(')) {
    const close = closing(t, i + 1);
    if (close < 0) return [];
    i = close + 1;
  }
  const fn = t[i];
  if (fn?.kind !== 'name' || !punct(t[i + 1], '(')) return [];
  const paramsClose = closing(t, i + 1);
  if (paramsClose < 0 || !punct(t[paramsClose + 1], '{')) return [];
  const bodyClose = closing(t, paramsClose + 1);
  if (bodyClose < 0 || bodyClose !== t.length - 1) return [];
  return [
    {
      type: 'function',
      def: { name: fn.value, parameters: text.slice(t[i + 1].start, t[paramsClose].end), body: text.slice(t[paramsClose + 1].start, t[bodyClose].end) },
    },
  ];
}
