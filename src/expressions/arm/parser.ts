/**
 * Parser for ARM template expressions: turns the text between `[` and `]` into the syntax tree of
 * `./ast.ts`.
 *
 * Grammar (source: "Syntax and expressions in ARM templates",
 * learn.microsoft.com/azure/azure-resource-manager/templates/template-expressions):
 *
 * ```
 * expression := primary accessor*
 * primary    := string | integer | keyword | call
 * string     := "'" ( any character except "'" | "''" )* "'"
 * integer    := "-"? digit+
 * keyword    := "true" | "false" | "null"            (not followed by "(")
 * call       := name "(" ( expression ( "," expression )* )? ")"
 * name       := ident ( "." ident )*                  (dotted = user-defined function `namespace.member`)
 * accessor   := "." ident | "[" expression "]"
 * ident      := [A-Za-z_$][A-Za-z0-9_$]*
 * ```
 * With `arrowLambdas` (the portal form's syntax, see `ArmSyntaxOptions` in `./ast.ts`) a primary may also be
 * `"(" ident ( "," ident )* ")" "=>" expression` (read as `lambda('x', body)`) or, inside such a lambda, one
 * of its parameter names (read as `lambdaVariables('x')`).
 *
 * Whitespace is allowed between tokens. Function names keep the case they were written in (ARM
 * compares them case-insensitively). Note that ARM itself has no bare `true`/`false`/`null` literals
 * (templates use `true()`, `false()`, `null()`); the parser accepts them because the syntax tree has
 * keyword nodes, and the reference checker reports them.
 */
import type { ArmExpr, ArmSyntaxOptions } from './ast.js';
import { readArgumentList, readQuotedString } from '../calls.js';

/** A syntax error in an ARM expression. */
export class ArmParseError extends Error {
  /**
   * @param detail what is wrong (the message adds the offset)
   * @param offset 0-based UTF-16 offset of the problem in the parsed text (for {@link parseArmString}:
   *   in the whole string value, so the leading `[` is offset 0)
   */
  constructor(
    public readonly detail: string,
    public readonly offset: number,
  ) {
    super(`${detail} (at offset ${offset})`);
    this.name = 'ArmParseError';
  }
}

/**
 * Most levels an expression nests: a call's arguments, an index and each property or index applied to a value
 * are one level each. hubc's templates and the public ones nest at most 17; the limit keeps the parser and
 * the evaluators, which recurse over the tree, far from the stack's end (issue #29, item 10: 2,000 nested
 * calls in a template given to `hubc diff` overflowed it).
 */
export const ARM_EXPRESSION_DEPTH = 64;

/** An expression that nests deeper than {@link ARM_EXPRESSION_DEPTH}: a parse error of its own kind. */
export class ArmNestingError extends ArmParseError {
  /** @param offset 0-based offset of the call, index or property that passes the limit */
  constructor(offset: number) {
    super(`the expression nests calls, indexes and properties more than ${ARM_EXPRESSION_DEPTH} levels deep`, offset);
    this.name = 'ArmNestingError';
  }
}

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;
const DIGIT = /[0-9]/;

class Parser {
  private pos = 0;
  /** The parameter names of the enclosing arrow lambdas, innermost last. */
  private readonly lambdaScopes: string[][] = [];
  /** Levels of the expression being read (see {@link ARM_EXPRESSION_DEPTH}). */
  private depth = 0;
  constructor(
    private readonly text: string,
    private readonly options: ArmSyntaxOptions = {},
  ) {}

  parse(): ArmExpr {
    this.skipSpace();
    if (this.pos >= this.text.length) throw new ArmParseError('empty expression', this.pos);
    const expr = this.expression();
    this.skipSpace();
    if (this.pos < this.text.length) throw new ArmParseError(`unexpected '${this.text[this.pos]}' after the end of the expression`, this.pos);
    return expr;
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private peek(): string | undefined {
    return this.text[this.pos];
  }

  private expect(ch: string, what: string): void {
    this.skipSpace();
    if (this.peek() !== ch) {
      const found = this.pos < this.text.length ? `'${this.text[this.pos]}'` : 'end of expression';
      throw new ArmParseError(`expected ${what} but found ${found}`, this.pos);
    }
    this.pos++;
  }

  private expression(): ArmExpr {
    const level = ++this.depth;
    if (level > ARM_EXPRESSION_DEPTH) throw new ArmNestingError(this.pos);
    let expr = this.primary();
    // Each property or index applied nests the value one level deeper in the tree.
    for (let applied = level; ; applied++) {
      this.skipSpace();
      const ch = this.peek();
      if ((ch === '.' || ch === '[') && applied >= ARM_EXPRESSION_DEPTH) throw new ArmNestingError(this.pos);
      if (ch === '.') {
        this.pos++;
        this.skipSpace();
        const start = this.pos;
        const name = this.ident();
        if (!name) throw new ArmParseError('expected a property name after "."', start);
        expr = { kind: 'property', target: expr, name };
      } else if (ch === '[') {
        this.pos++;
        this.skipSpace();
        if (this.peek() === ']') throw new ArmParseError('expected an index expression inside "[]"', this.pos);
        const index = this.expression();
        this.expect(']', '"]"');
        expr = { kind: 'index', target: expr, index };
      } else {
        this.depth = level - 1;
        return expr;
      }
    }
  }

  private ident(): string {
    const start = this.pos;
    if (this.pos < this.text.length && IDENT_START.test(this.text[this.pos])) {
      this.pos++;
      while (this.pos < this.text.length && IDENT_PART.test(this.text[this.pos])) this.pos++;
    }
    return this.text.slice(start, this.pos);
  }

  private primary(): ArmExpr {
    this.skipSpace();
    const start = this.pos;
    const ch = this.peek();
    if (ch === undefined) throw new ArmParseError('unexpected end of expression', start);
    if (ch === "'") return this.string();
    if (ch === '-' || DIGIT.test(ch)) return this.integer();
    if (ch === '(' && this.options.arrowLambdas) return this.arrowLambda();
    if (IDENT_START.test(ch)) {
      let name = this.ident();
      if (this.lambdaScopes.some((scope) => scope.includes(name))) return { kind: 'call', name: 'lambdaVariables', args: [{ kind: 'string', value: name }] };
      // A dotted name is only a function name when a "(" follows the last part.
      for (;;) {
        const save = this.pos;
        this.skipSpace();
        if (this.peek() !== '.') {
          this.pos = save;
          break;
        }
        this.pos++;
        this.skipSpace();
        const part = this.ident();
        if (!part) throw new ArmParseError('expected a name after "."', this.pos);
        name += `.${part}`;
      }
      this.skipSpace();
      if (this.peek() === '(') {
        this.pos++;
        const args = readArgumentList<ArmExpr>({
          skipSpace: () => this.skipSpace(),
          peek: () => this.peek(),
          advance: () => void this.pos++,
          argument: () => this.expression(),
          unexpected: () => {
            const next = this.peek();
            const found = next === undefined ? 'end of expression' : `'${next}'`;
            throw new ArmParseError(`expected "," or ")" in the arguments of ${name} but found ${found}`, this.pos);
          },
        });
        return { kind: 'call', name, args };
      }
      const lower = name.toLowerCase();
      if (lower === 'true') return { kind: 'keyword', value: true };
      if (lower === 'false') return { kind: 'keyword', value: false };
      if (lower === 'null') return { kind: 'keyword', value: null };
      throw new ArmParseError(`'${name}' must be followed by "(" (only function calls, strings and integers are values)`, start);
    }
    throw new ArmParseError(`unexpected '${ch}'`, start);
  }

  /** `(a, b) => body` (only with `arrowLambdas`), as `lambda('a', 'b', body)`. */
  private arrowLambda(): ArmExpr {
    this.pos++;
    const params: string[] = [];
    for (;;) {
      this.skipSpace();
      const start = this.pos;
      const name = this.ident();
      if (!name) throw new ArmParseError('expected a lambda parameter name', start);
      params.push(name);
      this.skipSpace();
      if (this.peek() === ',') this.pos++;
      else break;
    }
    this.expect(')', '")" after the lambda parameters');
    this.skipSpace();
    if (!this.text.startsWith('=>', this.pos)) throw new ArmParseError('expected "=>" after the lambda parameters', this.pos);
    this.pos += 2;
    this.lambdaScopes.push(params);
    const body = this.expression();
    this.lambdaScopes.pop();
    return { kind: 'call', name: 'lambda', args: [...params.map((value): ArmExpr => ({ kind: 'string', value })), body] };
  }

  private string(): ArmExpr {
    const literal = readQuotedString(this.text, this.pos);
    if (!literal) throw new ArmParseError('unterminated string literal', this.pos);
    this.pos = literal.end;
    return { kind: 'string', value: literal.value };
  }

  private integer(): ArmExpr {
    const start = this.pos;
    if (this.peek() === '-') this.pos++;
    const digitsStart = this.pos;
    while (this.pos < this.text.length && DIGIT.test(this.text[this.pos])) this.pos++;
    if (this.pos === digitsStart) throw new ArmParseError('expected digits after "-"', this.pos);
    if (this.peek() === '.' && DIGIT.test(this.text[this.pos + 1] ?? '')) {
      throw new ArmParseError("ARM expressions have no fractional numbers (use json('1.5'))", start);
    }
    if (this.pos < this.text.length && IDENT_START.test(this.text[this.pos])) {
      throw new ArmParseError('unexpected letter after a number', this.pos);
    }
    const value = Number(this.text.slice(start, this.pos));
    if (!Number.isSafeInteger(value)) throw new ArmParseError('integer literal out of range', start);
    return { kind: 'number', value: value === 0 ? 0 : value };
  }
}

/** Trees of texts parsed before, by text (the checks of one build parse each expression about three times). */
const parsed = new Map<string, ArmExpr>();
/** Most trees kept; the memory is emptied when it is full. */
const PARSED_LIMIT = 20_000;

/**
 * Parses ARM expression text (the part between `[` and `]`). Trees are never changed once built (no code
 * writes to a node), so a text parsed before gives the same tree again.
 * @param text e.g. `concat(parameters('hubName'), '-engine')`
 * @param options `arrowLambdas` to read the portal form's `(x) => body` (default: templates' syntax only)
 * @returns the syntax tree
 * @throws ArmParseError with the 0-based offset into `text` when the text is not a valid expression
 */
export function parseArmExpression(text: string, options: ArmSyntaxOptions = {}): ArmExpr {
  const key = options.arrowLambdas ? `=>${text}` : text;
  let expr = parsed.get(key);
  if (expr) return expr;
  expr = new Parser(text, options).parse();
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  parsed.set(key, expr);
  return expr;
}
