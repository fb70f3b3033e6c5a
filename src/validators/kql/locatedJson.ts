/**
 * A small JSON parser that keeps source offsets, used to point diagnostics at a property inside the JSON
 * argument of a KQL command (ingestion mappings, update policies). Standard JSON (RFC 8259) only.
 */

/** A parsed JSON value with the offset of its first character in the parsed text. */
export type LocatedJson =
  | { kind: 'object'; start: number; entries: { key: string; keyStart: number; value: LocatedJson }[] }
  | { kind: 'array'; start: number; items: LocatedJson[] }
  | {
      kind: 'string';
      start: number;
      value: string;
      /** `offsets[i]` = source offset of decoded character `i`; `offsets[value.length]` = offset of the closing quote. */
      offsets: number[];
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
  let i = 0;
  const fail = (what: string): never => {
    throw new LocatedJsonError(what, i);
  };
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const str = (): LocatedJson & { kind: 'string' } => {
    const start = i;
    i++; // opening quote
    let value = '';
    const offsets: number[] = [];
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text[i];
      if (c === '"') break;
      if (c.charCodeAt(0) < 0x20) fail('control character in string');
      offsets.push(i);
      if (c !== '\\') {
        value += c;
        i++;
        continue;
      }
      const e = text[i + 1];
      const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (e in simple) {
        value += simple[e];
        i += 2;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.substr(i + 2, 4))) {
        value += String.fromCharCode(parseInt(text.substr(i + 2, 4), 16));
        i += 6;
      } else fail('bad escape');
    }
    offsets.push(i);
    i++; // closing quote
    return { kind: 'string', start, value, offsets };
  };
  const val = (): LocatedJson => {
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: { key: string; keyStart: number; value: LocatedJson }[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { kind: 'object', start, entries };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a property name');
        const key = str();
        ws();
        if (text[i] !== ':') fail("expected ':'");
        i++;
        entries.push({ key: key.value, keyStart: key.start, value: val() });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { kind: 'object', start, entries };
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === '[') {
      i++;
      const items: LocatedJson[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { kind: 'array', start, items };
      }
      for (;;) {
        items.push(val());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { kind: 'array', start, items };
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return str();
    const lit = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 64))?.[0];
    if (!lit) fail('unexpected character');
    i += lit!.length;
    if (lit === 'true' || lit === 'false') return { kind: 'boolean', start, value: lit === 'true' };
    if (lit === 'null') return { kind: 'null', start, value: null };
    return { kind: 'number', start, value: Number(lit) };
  };
  const root = val();
  ws();
  if (i < text.length) fail('unexpected text after the JSON value');
  return root;
}

/** Property of an object, matching the key case-insensitively (Kusto reads policy/mapping JSON that way). */
export function jsonProp(node: LocatedJson | undefined, key: string): LocatedJson | undefined {
  if (node?.kind !== 'object') return undefined;
  const k = key.toLowerCase();
  return node.entries.find((e) => e.key.toLowerCase() === k)?.value;
}
