/**
 * A command-level reader of KQL database scripts: what each command declares, as data, so `hubc diff`
 * compares KQL objects rather than script text. It reads the control commands hub scripts are made of
 * (Kusto docs, "Management commands"):
 *
 * - `.create|.create-merge|.alter|.alter-merge table T (c: type, ...) [with (docstring = ..., folder = ...)]`
 * - `.create|.alter|.create-or-alter function [ifnotexists] [with (...)] F(params) { body }`
 * - `.alter|.alter-merge table T policy update <json string>` and any other `policy <kind> ...` of a table
 * - `.create|.create-or-alter table T ingestion <kind> mapping "<name>" <json string>`
 *
 * Any other command is kept as its whitespace-normalised text. The reader never throws: a command it cannot
 * follow is kept as text too. Commands are found with the splitter the KQL validator uses
 * (`src/model/kqlScript.ts`); the Kusto language service is not needed (and is far slower).
 */
import { splitKqlCommands } from '../model/kqlScript.js';

/** A table column: name and type as written (lower-cased). */
export interface KqlColumnDecl {
  name: string;
  type: string;
}

/** What a script declares, merged over its commands in order. */
export interface KqlDeclarations {
  tables: Map<string, { columns: KqlColumnDecl[]; properties: Record<string, string>; policies: Record<string, string> }>;
  functions: Map<string, { parameters: string; body: string; properties: Record<string, string> }>;
  /** Update policies by target table: the parsed policy JSON (an array of policies), or the text when it is not JSON. */
  updatePolicies: Map<string, unknown>;
  /** Ingestion mappings by `table/name (kind)`: the parsed mapping JSON, or its text. */
  ingestionMappings: Map<string, { table: string; kind: string; mapping: unknown }>;
  /** Commands the reader does not model, by normalised text. */
  commands: Set<string>;
}

/** Collapses whitespace runs and trims each line; drops blank lines and whole-line `//` comments. */
export function normalizeKql(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .filter((l) => l !== '' && !l.startsWith('//'))
    .join('\n');
}

/** A cursor over one command's text. */
class Cursor {
  constructor(
    readonly text: string,
    public pos = 0,
  ) {}

  /** Skips whitespace and `//` comments. */
  ws(): this {
    for (;;) {
      const m = /^(\s+|\/\/[^\n]*)/.exec(this.text.slice(this.pos));
      if (!m) return this;
      this.pos += m[0].length;
    }
  }

  /** Consumes a case-insensitive keyword (or punctuation) when it comes next. */
  eat(word: string): boolean {
    this.ws();
    const next = this.text.slice(this.pos, this.pos + word.length);
    if (next.toLowerCase() !== word.toLowerCase()) return false;
    const after = this.text[this.pos + word.length] ?? '';
    if (/^[A-Za-z]/.test(word) && /[\w-]/.test(after)) return false;
    this.pos += word.length;
    return true;
  }

  /** A name: an identifier (letters, digits, `_`, `.`) or a bracketed quoted name `['x']`. */
  name(): string | undefined {
    this.ws();
    const rest = this.text.slice(this.pos);
    const quoted = /^\[\s*(['"])((?:\\.|(?!\1).)*)\1\s*\]/.exec(rest);
    if (quoted) {
      this.pos += quoted[0].length;
      return quoted[2].replace(/\\(.)/g, '$1');
    }
    const m = /^[A-Za-z_][\w.]*/.exec(rest);
    if (!m) return undefined;
    this.pos += m[0].length;
    return m[0];
  }

  /** A string literal (```` ```...``` ````, `'...'`, `"..."`, `@'...'`, `h'...'`): its value. */
  string(): string | undefined {
    this.ws();
    const rest = this.text.slice(this.pos);
    const fenced = /^(```|~~~)([\s\S]*?)\1/.exec(rest);
    if (fenced) {
      this.pos += fenced[0].length;
      return fenced[2];
    }
    const verbatim = /^[hH]?@(['"])((?:(?!\1)[\s\S]|\1\1)*)\1/.exec(rest);
    if (verbatim) {
      this.pos += verbatim[0].length;
      return verbatim[2].split(verbatim[1] + verbatim[1]).join(verbatim[1]);
    }
    const plain = /^[hH]?(['"])((?:\\[\s\S]|(?!\1)[^\\\n])*)\1/.exec(rest);
    if (!plain) return undefined;
    this.pos += plain[0].length;
    return plain[2].replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
  }

  /** The text between a balanced pair (`(`/`)` or `{`/`}`) starting at the cursor, skipping string literals; undefined when unbalanced. */
  balanced(open: string, close: string): string | undefined {
    this.ws();
    if (this.text[this.pos] !== open) return undefined;
    let depth = 0;
    for (let i = this.pos; i < this.text.length; i++) {
      const c = this.text[i];
      if (c === "'" || c === '"' || c === '`') {
        const save = this.pos;
        this.pos = i;
        if (this.string() !== undefined) {
          i = this.pos - 1;
          this.pos = save;
          continue;
        }
        this.pos = save;
      }
      if (c === open) depth++;
      else if (c === close && --depth === 0) {
        const inner = this.text.slice(this.pos + 1, i);
        this.pos = i + 1;
        return inner;
      }
    }
    return undefined;
  }

  rest(): string {
    return this.text.slice(this.pos);
  }
}

/** Splits a list at top-level commas (outside brackets and string literals). */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/** `key = value` pairs of a `with (...)` list; string values decoded. */
function properties(list: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of splitTopLevel(list ?? '')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const raw = part.slice(eq + 1).trim();
    out[key] = new Cursor(raw).string() ?? raw;
  }
  return out;
}

/** Columns of a `(c: type, ...)` list. */
function columns(list: string): KqlColumnDecl[] {
  return splitTopLevel(list).map((part) => {
    const c = new Cursor(part);
    const name = c.name() ?? part;
    c.eat(':');
    return { name, type: c.rest().trim().toLowerCase() };
  });
}

/** Parses JSON text, or keeps the text when it is not JSON. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return normalizeKql(text);
  }
}

/** Applies one command to the declarations; returns false when the command is not one the reader models. */
function readCommand(text: string, into: KqlDeclarations): boolean {
  const c = new Cursor(text);
  const verb = /^\.(create-or-alter|create-merge|alter-merge|create|alter)\b/i.exec(text)?.[1].toLowerCase();
  if (!verb) return false;
  c.pos = verb.length + 1;
  if (c.eat('table')) {
    const table = c.name();
    if (!table) return false;
    if (c.eat('policy')) {
      const kind = c.name()?.toLowerCase();
      if (!kind) return false;
      if (kind === 'update') {
        const literal = c.string();
        if (literal === undefined) return false;
        into.updatePolicies.set(table, jsonOrText(literal));
      } else {
        const t = tableEntry(into, table);
        t.policies[kind] = normalizeKql(c.rest());
      }
      return true;
    }
    if (c.eat('ingestion')) {
      const kind = c.name()?.toLowerCase();
      if (!kind || !c.eat('mapping')) return false;
      const name = c.string();
      const body = c.string();
      if (name === undefined || body === undefined) return false;
      into.ingestionMappings.set(`${table}/${name} (${kind})`, { table, kind, mapping: jsonOrText(body) });
      return true;
    }
    const list = c.balanced('(', ')');
    if (list === undefined) return false;
    const props = c.eat('with') ? properties(c.balanced('(', ')')) : {};
    const t = tableEntry(into, table);
    const declared = columns(list);
    if (verb.endsWith('merge')) {
      for (const col of declared) if (!t.columns.some((x) => x.name === col.name)) t.columns.push(col);
    } else t.columns = declared;
    Object.assign(t.properties, props);
    return true;
  }
  if (c.eat('function')) {
    c.eat('ifnotexists');
    const props = c.eat('with') ? properties(c.balanced('(', ')')) : {};
    const name = c.name();
    const params = c.balanced('(', ')');
    if (!name || params === undefined) return false;
    into.functions.set(name, { parameters: normalizeKql(params), body: normalizeKql(c.rest()), properties: props });
    return true;
  }
  return false;
}

/** The declaration of a table, created empty on first mention (a policy may come before the columns). */
function tableEntry(into: KqlDeclarations, table: string) {
  let t = into.tables.get(table);
  if (!t) {
    t = { columns: [], properties: {}, policies: {} };
    into.tables.set(table, t);
  }
  return t;
}

/** An empty set of declarations. */
export function emptyDeclarations(): KqlDeclarations {
  return { tables: new Map(), functions: new Map(), updatePolicies: new Map(), ingestionMappings: new Map(), commands: new Set() };
}

/**
 * Reads every command of a script into `into` (new by default), in order: later commands update what earlier
 * ones declared, as running the script would.
 */
export function readKqlScript(text: string, into: KqlDeclarations = emptyDeclarations()): KqlDeclarations {
  for (const block of splitKqlCommands(text.replace(/\r\n/g, '\n'))) {
    const command = block.text.trim();
    if (!command.startsWith('.')) {
      const rest = normalizeKql(command);
      if (rest) into.commands.add(rest);
      continue;
    }
    if (!readCommand(command, into)) into.commands.add(normalizeKql(command));
  }
  return into;
}
