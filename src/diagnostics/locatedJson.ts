/**
 * The one located-JSON index of hubc: a small JSON parser that keeps source offsets, so a diagnostic can
 * point at a value of a JSON text, by JSON path (`jsonLocator` of ./positions.ts: the files hubc writes,
 * the Build's `locate`) or inside a string (the JSON argument of a KQL command: ingestion mappings, update
 * policies). Standard JSON (RFC 8259) only.
 */

/** A parsed JSON value with the offset of its first character in the parsed text. */
export type LocatedJson =
  | { kind: 'object'; start: number; entries: { key: string; keyStart: number; value: LocatedJson }[] }
  | { kind: 'array'; start: number; items: LocatedJson[] }
  | {
      kind: 'string';
      start: number;
      value: string;
      /** The source offset of decoded character `i`; `offset(value.length)` is the offset of the closing quote. */
      offset(i: number): number;
    }
  | { kind: 'number'; start: number; value: number }
  | { kind: 'boolean'; start: number; value: boolean }
  | { kind: 'null'; start: number; value: null };

/** Thrown for malformed JSON; `offset` is where parsing stopped. */
export class LocatedJsonError extends Error {
  constructor(
    message: string,
    public readonly offset: number,
  ) {
    super(message);
    this.name = 'LocatedJsonError';
  }
}

/**
 * Parses JSON text, keeping offsets.
 * @throws LocatedJsonError on malformed input
 */
export function parseLocatedJson(text: string): LocatedJson {
  const parser = new Parser(text);
  const root = parser.value();
  parser.ws();
  if (parser.i < text.length) parser.fail('unexpected text after the JSON value');
  return root;
}

/** A run of string characters that need no decoding (sticky: matched from `lastIndex`). */
// oxlint-disable-next-line no-control-regex -- JSON strings may not hold raw control characters (RFC 8259 section 7)
const PLAIN_RUN = /[^"\\\u0000-\u001f]*/y;

/** The escapes of one character after a backslash in a JSON string. */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** A recursive descent over one text: each method parses one kind of value at `i` and moves `i` past it. */
class Parser {
  i = 0;

  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new LocatedJsonError(what, this.i);
  }

  /** Skips JSON whitespace. */
  ws(): void {
    while (this.i < this.text.length && ' \t\r\n'.includes(this.text[this.i])) this.i++;
  }

  /** Any value, after whitespace. */
  value(): LocatedJson {
    this.ws();
    const c = this.text[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    return this.literal();
  }

  /**
   * A string, `i` at its opening quote. A string without escapes (almost every string of a template) is
   * sliced whole, its character offsets counted from its start; one with escapes is decoded character by
   * character, recording where each came from.
   */
  string(): LocatedJson & { kind: 'string' } {
    const { text } = this;
    const start = this.i;
    PLAIN_RUN.lastIndex = start + 1;
    PLAIN_RUN.test(text);
    if (text[PLAIN_RUN.lastIndex] === '"') {
      const value = text.slice(start + 1, PLAIN_RUN.lastIndex);
      this.i = PLAIN_RUN.lastIndex + 1;
      return { kind: 'string', start, value, offset: (i) => start + 1 + i };
    }
    this.i++; // opening quote
    let value = '';
    const offsets: number[] = [];
    for (;;) {
      if (this.i >= text.length) this.fail('unterminated string');
      const c = text[this.i];
      if (c === '"') break;
      if (c.charCodeAt(0) < 0x20) this.fail('control character in string');
      offsets.push(this.i);
      if (c !== '\\') {
        value += c;
        this.i++;
        continue;
      }
      const e = text[this.i + 1];
      if (e in SIMPLE_ESCAPES) {
        value += SIMPLE_ESCAPES[e];
        this.i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.substr(this.i + 2, 4))) {
        value += String.fromCharCode(parseInt(text.substr(this.i + 2, 4), 16));
        this.i += 6;
      } else this.fail('bad escape');
    }
    offsets.push(this.i);
    this.i++; // closing quote
    return { kind: 'string', start, value, offset: (i) => offsets[i]! };
  }

  /** An object, `i` at its `{`. */
  object(): LocatedJson & { kind: 'object' } {
    const start = this.i;
    const entries: { key: string; keyStart: number; value: LocatedJson }[] = [];
    this.i++;
    this.ws();
    if (this.text[this.i] === '}') {
      this.i++;
      return { kind: 'object', start, entries };
    }
    for (;;) {
      this.ws();
      if (this.text[this.i] !== '"') this.fail('expected a property name');
      const key = this.string();
      this.ws();
      if (this.text[this.i] !== ':') this.fail("expected ':'");
      this.i++;
      entries.push({ key: key.value, keyStart: key.start, value: this.value() });
      if (this.separator('}')) return { kind: 'object', start, entries };
    }
  }

  /** An array, `i` at its `[`. */
  array(): LocatedJson & { kind: 'array' } {
    const start = this.i;
    const items: LocatedJson[] = [];
    this.i++;
    this.ws();
    if (this.text[this.i] === ']') {
      this.i++;
      return { kind: 'array', start, items };
    }
    for (;;) {
      items.push(this.value());
      if (this.separator(']')) return { kind: 'array', start, items };
    }
  }

  /** After an entry or item: true past the closing bracket `close`, false past a `,`; fails on anything else. */
  private separator(close: '}' | ']'): boolean {
    this.ws();
    const c = this.text[this.i];
    if (c === ',' || c === close) {
      this.i++;
      return c === close;
    }
    return this.fail(`expected ',' or '${close}'`);
  }

  /** `true`, `false`, `null` or a number. */
  literal(): LocatedJson {
    const start = this.i;
    const lit = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.i, this.i + 64))?.[0];
    if (!lit) return this.fail('unexpected character');
    this.i += lit.length;
    if (lit === 'true' || lit === 'false') return { kind: 'boolean', start, value: lit === 'true' };
    if (lit === 'null') return { kind: 'null', start, value: null };
    return { kind: 'number', start, value: Number(lit) };
  }
}

/** Property of an object, matching the key case-insensitively (Kusto reads policy/mapping JSON that way). */
export function jsonProp(node: LocatedJson | undefined, key: string): LocatedJson | undefined {
  if (node?.kind !== 'object') return undefined;
  const k = key.toLowerCase();
  return node.entries.find((e) => e.key.toLowerCase() === k)?.value;
}

/**
 * The node at a JSON path (object keys, array indexes), or the deepest node on the path that exists.
 * Keys are compared exactly; the first of duplicate keys wins, as in the text.
 */
export function locatedAt(root: LocatedJson, path: readonly (string | number)[]): LocatedJson {
  let node = root;
  for (const seg of path) {
    const next = node.kind === 'object' ? node.entries.find((e) => e.key === String(seg))?.value : node.kind === 'array' ? node.items[Number(seg)] : undefined;
    if (!next) break;
    node = next;
  }
  return node;
}
