/**
 * Parser for Azure Data Factory expressions and string values.
 *
 * Rules (source: "Expressions and functions in Azure Data Factory",
 * learn.microsoft.com/azure/data-factory/control-flow-expression-language-functions):
 * - a JSON string that starts with `@` is a whole-value expression (`"@concat('a', 'b')"`);
 * - a string that starts with `@@` is a literal whose first `@` is dropped (`"@@"` is the 1-character string `@`);
 * - `@{ ... }` anywhere in a string is an interpolation (the result is always a string); `@@{` is a literal `@{`;
 * - string literals use single quotes, with `''` standing for one quote;
 * - numbers are integers or floats (`1`, `-2`, `1.5`, `.3`); `true`, `false` and `null` are keywords, in any case;
 * - `name(args)` calls a function; `.name` / `?.name` access a property, `[expr]` / `?[expr]` index.
 *
 * The output is the syntax tree of `ast.ts`, so `serializeAdf(parseAdfExpression(s)) === s` for text produced by
 * the serializer (bracket access always parses to an `index` node, which serializes back to brackets).
 */
import { Adf, AdfInterpolation, type AdfExprNode } from './ast.js';
import { readArgumentList, readQuotedString } from '../calls.js';

/** Error thrown by the parser. `offset` is the 0-based UTF-16 offset in the parsed text where the problem is. */
export class AdfParseError extends Error {
  constructor(
    message: string,
    public readonly offset: number,
  ) {
    super(message);
    this.name = 'AdfParseError';
  }
}

/**
 * A parsed Data Factory string value:
 * - `literal`: no expression; `value` is the string Data Factory uses (escapes removed);
 * - `expression`: the whole value is one expression (`"@..."`), which may evaluate to any JSON type;
 * - `interpolation`: literal text and `@{...}` expressions; evaluates to a string.
 */
export type AdfParsedValue = { kind: 'literal'; value: string } | { kind: 'expression'; node: AdfExprNode } | { kind: 'interpolation'; parts: (string | AdfExprNode)[] };

const IDENT_START = /[A-Za-z_]/;
const IDENT_RE = /[A-Za-z_][A-Za-z0-9_]*/y;
/** Property names after `.`: letters, digits, `_` and `$` (anything else needs `['...']`). */
const PROP_RE = /[A-Za-z0-9_$]+/y;
const NUMBER_RE = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

class ExprParser {
  pos: number;
  constructor(
    readonly text: string,
    start: number,
  ) {
    this.pos = start;
  }

  fail(message: string, at = this.pos): never {
    throw new AdfParseError(message, at);
  }

  skipWs(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.pos++;
      else break;
    }
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  describe(at: number): string {
    return at >= this.text.length ? 'end of text' : `'${this.text[at]}'`;
  }

  expect(ch: string, what: string): void {
    this.skipWs();
    if (this.text[this.pos] !== ch) this.fail(`expected '${ch}' ${what}, found ${this.describe(this.pos)}`);
    this.pos++;
  }

  parseExpression(): AdfExprNode {
    this.skipWs();
    let node = this.parsePrimary();
    for (;;) {
      this.skipWs();
      const c = this.peek();
      if (c === '.') {
        this.pos++;
        node = { kind: 'property', target: node, name: this.parsePropertyName() };
      } else if (c === '[') {
        this.pos++;
        node = { kind: 'index', target: node, index: this.parseBracket() };
      } else if (c === '?' && this.text[this.pos + 1] === '.') {
        this.pos += 2;
        node = { kind: 'property', target: node, name: this.parsePropertyName(), optional: true };
      } else if (c === '?' && this.text[this.pos + 1] === '[') {
        this.pos += 2;
        node = { kind: 'index', target: node, index: this.parseBracket(), optional: true };
      } else {
        return node;
      }
    }
  }

  parsePropertyName(): string {
    PROP_RE.lastIndex = this.pos;
    const m = PROP_RE.exec(this.text);
    if (!m) this.fail(`expected a property name after '.', found ${this.describe(this.pos)}`);
    this.pos += m[0].length;
    return m[0];
  }

  parseBracket(): AdfExprNode {
    const index = this.parseExpression();
    this.expect(']', 'to close the index');
    return index;
  }

  parsePrimary(): AdfExprNode {
    const start = this.pos;
    const c = this.peek();
    if (c === '') this.fail('expected an expression, found end of text');
    if (c === "'") return this.parseString();
    if (/[0-9.-]/.test(c)) {
      NUMBER_RE.lastIndex = this.pos;
      const m = NUMBER_RE.exec(this.text);
      if (!m) this.fail(`unexpected character '${c}'`);
      this.pos += m[0].length;
      if (IDENT_START.test(this.peek()) || /[0-9]/.test(this.peek())) this.fail(`invalid number '${m[0]}${this.peek()}'`, start);
      const value = Number(m[0]);
      if (!Number.isFinite(value)) this.fail(`number out of range '${m[0]}'`, start);
      return { kind: 'number', value };
    }
    if (IDENT_START.test(c)) {
      IDENT_RE.lastIndex = this.pos;
      const name = IDENT_RE.exec(this.text)![0];
      this.pos += name.length;
      this.skipWs();
      if (this.peek() !== '(') {
        // Keywords in any case: ARM's format() writes a bool as `True`, and the public hub 12.0 ran
        // `@equals(True, true)` (its 'Data Explorer validation' condition) on every ingestion.
        const keyword = name.toLowerCase();
        if (keyword === 'true') return { kind: 'keyword', value: true };
        if (keyword === 'false') return { kind: 'keyword', value: false };
        if (keyword === 'null') return { kind: 'keyword', value: null };
        this.fail(`expected '(' after function name '${name}'`, this.pos);
      }
      this.pos++;
      const args = readArgumentList<AdfExprNode>({
        skipSpace: () => this.skipWs(),
        peek: () => this.peek(),
        advance: () => void this.pos++,
        argument: () => this.parseExpression(),
        unexpected: () => this.fail(`expected ',' or ')' in the arguments of '${name}', found ${this.describe(this.pos)}`),
      });
      return { kind: 'call', name, args };
    }
    this.fail(`unexpected character '${c}'`, start);
  }

  parseString(): AdfExprNode {
    const literal = readQuotedString(this.text, this.pos);
    if (!literal) this.fail('unterminated string literal', this.pos);
    this.pos = literal.end;
    return { kind: 'string', value: literal.value };
  }
}

/**
 * Parses expression text without the leading `@` (e.g. `concat('a', variables('b'))`).
 * @param text expression text
 * @param offset where parsing starts (default 0); error offsets are relative to `text`
 * @throws AdfParseError on a syntax error or trailing text
 */
export function parseAdfExpression(text: string, offset = 0): AdfExprNode {
  const p = new ExprParser(text, offset);
  const node = p.parseExpression();
  p.skipWs();
  if (p.pos < text.length) p.fail(`unexpected ${p.describe(p.pos)} after the expression`);
  return node;
}

/**
 * Parses a Data Factory JSON string value (see the module comment for the escaping rules).
 * @throws AdfParseError with the offset in `text` of the first syntax error
 */
export function parseAdfValue(text: string): AdfParsedValue {
  if (text.startsWith('@') && !text.startsWith('@@') && !text.startsWith('@{')) {
    return { kind: 'expression', node: parseAdfExpression(text, 1) };
  }
  const parts: (string | AdfExprNode)[] = [];
  let literal = '';
  let i = 0;
  if (text.startsWith('@@') && !text.startsWith('@@{')) {
    // A leading `@@` is an escaped `@`.
    literal = '@';
    i = 2;
  }
  while (i < text.length) {
    const at = text.indexOf('@', i);
    if (at < 0) {
      literal += text.slice(i);
      break;
    }
    literal += text.slice(i, at);
    if (text.startsWith('@@{', at)) {
      literal += '@{';
      i = at + 3;
    } else if (text.startsWith('@{', at)) {
      const p = new ExprParser(text, at + 2);
      const node = p.parseExpression();
      p.expect('}', "to close the '@{' interpolation");
      if (literal) parts.push(literal);
      literal = '';
      parts.push(node);
      i = p.pos;
    } else {
      literal += '@';
      i = at + 1;
    }
  }
  if (literal) parts.push(literal);
  if (parts.every((p) => typeof p === 'string')) return { kind: 'literal', value: literal };
  return { kind: 'interpolation', parts };
}

/**
 * Serializes a parsed value back to its JSON string form (inverse of {@link parseAdfValue} for serializer output):
 * `@expr` for expressions, the interpolation serializer of `ast.ts` otherwise.
 */
export function serializeAdfValue(value: AdfParsedValue): string {
  switch (value.kind) {
    case 'expression':
      return new Adf(value.node).toJSON();
    case 'literal':
      return new AdfInterpolation([value.value]).toJSON();
    case 'interpolation':
      return new AdfInterpolation(value.parts.map((p) => (typeof p === 'string' ? p : new Adf(p)))).toJSON();
  }
}

/** The expression nodes of a parsed value (none for a literal). */
export function adfValueNodes(value: AdfParsedValue): AdfExprNode[] {
  if (value.kind === 'expression') return [value.node];
  if (value.kind === 'interpolation') return value.parts.filter((p): p is AdfExprNode => typeof p !== 'string');
  return [];
}

/** Visits `node` and all its descendants, parents first. */
export function walkAdf(node: AdfExprNode, visit: (node: AdfExprNode) => void): void {
  visit(node);
  switch (node.kind) {
    case 'call':
      for (const a of node.args) walkAdf(a, visit);
      break;
    case 'property':
      walkAdf(node.target, visit);
      break;
    case 'index':
      walkAdf(node.target, visit);
      walkAdf(node.index, visit);
      break;
    default:
      break;
  }
}
