/**
 * Parser of the KQL subset hubc's function bodies use, for the test evaluator (./evaluate.ts): scalar
 * expressions with Kusto's precedence (unary minus; `* / %`; `+ -`; comparisons and string operators; `and`;
 * `or`), literals (`1e12`, `1d`, `'x'`, `@'x'`, `datetime(2025-01-01)`, `dynamic([...])`), calls, `x.y`,
 * `x[i]`, `['name']` identifiers, `let` statements (a value, or a function `let f = (a: T) { ... };`), and tabular
 * pipes with the operators the transforms use (extend, project, project-away, project-rename, where, lookup,
 * summarize, distinct, union, mv-apply) and `matches regex`. Anything else is
 * a parse error naming what it met, so an unsupported construct never evaluates silently.
 *
 * This is a test harness, not a validator: the Kusto language service (src/validators/kql.ts) proves the
 * scripts parse in Kusto; this parser only has to read the same text the same way.
 */

export type Expr =
  | { k: 'lit'; v: unknown; type: LitType }
  | { k: 'name'; name: string }
  | { k: 'call'; name: string; args: Expr[] }
  | { k: 'bin'; op: string; l: Expr; r: Expr }
  | { k: 'in'; negate: boolean; l: Expr; list: Expr[] }
  | { k: 'neg'; e: Expr }
  | { k: 'member'; e: Expr; name: string }
  | { k: 'index'; e: Expr; index: Expr }
  | { k: 'pipe'; source: Expr; ops: TabularOp[] }
  | { k: 'union'; tables: Expr[] }
  | { k: 'lambda'; parameters: Parameter[]; body: Body };

export type LitType = 'string' | 'long' | 'real' | 'bool' | 'datetime' | 'timespan' | 'dynamic' | 'null';

/** `name = expr`, or a bare expression (its column name is derived from it). */
export interface Assignment {
  name?: string;
  e: Expr;
}

export type TabularOp =
  | { op: 'extend' | 'project'; items: Assignment[] }
  | { op: 'project-away'; names: string[] }
  | { op: 'project-rename'; pairs: [string, string][] }
  | { op: 'where'; e: Expr }
  | { op: 'lookup'; right: Expr; on: string[] }
  | { op: 'summarize'; aggregates: Assignment[]; by: Assignment[] }
  | { op: 'distinct'; items: Assignment[] }
  | { op: 'mv-apply'; name: string; e: Expr; type?: string; ops: TabularOp[] };

/** A function body: `let` statements, then the value expression. */
export interface Body {
  lets: { name: string; e: Expr }[];
  result: Expr;
}

/** A declared parameter: `name: type = default`, or a tabular `t: (Count: long)`. */
export interface Parameter {
  name: string;
  type: string;
  default?: Expr;
}

interface Token {
  t: 'id' | 'num' | 'str' | 'punct' | 'raw' | 'eof';
  v: string;
  at: number;
}

const HYPHENATED = ['project-away', 'project-rename', 'project-keep', 'mv-expand', 'mv-apply'];
const PUNCT = [
  '!contains',
  '!startswith',
  '!endswith',
  '!has',
  '!in',
  '!~',
  '!=',
  '=~',
  '==',
  '<=',
  '>=',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  ';',
  '.',
  '|',
  '=',
  ':',
  '+',
  '-',
  '*',
  '/',
  '%',
  '<',
  '>',
];
/** Literal forms whose parenthesised text is read raw: `datetime(2025-01-01)`, `timespan(1d)`. */
const RAW_LITERALS = new Set(['datetime', 'timespan']);

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (text.startsWith('//', i)) {
      i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
      continue;
    }
    const at = i;
    if (c === '@' && (text[i + 1] === "'" || text[i + 1] === '"')) {
      const q = text[i + 1];
      const end = text.indexOf(q, i + 2);
      if (end < 0) throw new Error(`unterminated string at ${at}`);
      out.push({ t: 'str', v: text.slice(i + 2, end), at });
      i = end + 1;
      continue;
    }
    if (c === "'" || c === '"') {
      let v = '';
      i++;
      while (text[i] !== c) {
        if (i >= text.length) throw new Error(`unterminated string at ${at}`);
        if (text[i] === '\\') {
          const n = text[i + 1];
          v += n === 'n' ? '\n' : n === 't' ? '\t' : n;
          i += 2;
        } else v += text[i++];
      }
      i++;
      out.push({ t: 'str', v, at });
      continue;
    }
    if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?(d|h|ms|m|s|tick)?\b/.exec(text.slice(i))!;
      out.push({ t: 'num', v: m[0], at });
      i += m[0].length;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      let m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))![0];
      const hyphenated = HYPHENATED.find((h) => text.startsWith(h, i) && !/[A-Za-z0-9_]/.test(text[i + h.length] ?? ''));
      if (hyphenated) m = hyphenated;
      i += m.length;
      if (RAW_LITERALS.has(m) && /^\s*\(/.test(text.slice(i))) {
        const open = text.indexOf('(', i);
        const close = text.indexOf(')', open);
        out.push({ t: 'raw', v: `${m}:${text.slice(open + 1, close).trim()}`, at });
        i = close + 1;
        continue;
      }
      out.push({ t: 'id', v: m, at });
      continue;
    }
    const p = PUNCT.find((x) => text.startsWith(x, i) && !(/^![a-z]/.test(x) && /[A-Za-z0-9_]/.test(text[i + x.length] ?? '')));
    if (!p) throw new Error(`unexpected character ${JSON.stringify(c)} at ${at}`);
    out.push({ t: 'punct', v: p, at });
    i += p.length;
  }
  out.push({ t: 'eof', v: '', at: text.length });
  return out;
}

const COMPARISONS = new Set([
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '=~',
  '!~',
  'contains',
  '!contains',
  'startswith',
  '!startswith',
  'endswith',
  '!endswith',
  'has',
  '!has',
  'matches',
]);

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly text: string,
  ) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)];
  }
  private next(): Token {
    return this.tokens[this.i++];
  }
  private is(v: string, offset = 0): boolean {
    const t = this.peek(offset);
    return (t.t === 'punct' || t.t === 'id') && t.v === v;
  }
  private accept(v: string): boolean {
    if (!this.is(v)) return false;
    this.i++;
    return true;
  }
  private expect(v: string): void {
    if (!this.accept(v)) this.fail(`expected ${v}`);
  }
  fail(what: string): never {
    const t = this.peek();
    throw new Error(`${what} at ${t.at}: ${JSON.stringify(this.text.slice(t.at, t.at + 40))}`);
  }
  private name(): string {
    const t = this.next();
    if (t.t === 'id') return t.v;
    if (t.t === 'punct' && t.v === '[' && this.peek().t === 'str') {
      const v = this.next().v;
      this.expect(']');
      return v;
    }
    this.i--;
    return this.fail('expected a name');
  }
  atEnd(): boolean {
    return this.peek().t === 'eof';
  }

  body(): Body {
    const b = this.statements();
    if (!this.atEnd()) this.fail('unexpected text after the body');
    return b;
  }

  /** `let` statements and the value expression (of a body, or of a function a `let` defines). */
  private statements(): Body {
    const lets: Body['lets'] = [];
    while (this.is('let')) {
      this.next();
      const name = this.name();
      this.expect('=');
      lets.push({ name, e: this.isLambdaAhead() ? this.lambda() : this.expr() });
      this.expect(';');
    }
    const result = this.expr();
    this.accept(';');
    return { lets, result };
  }

  /** `(name: type, ...) {` or `() {` starts a function. */
  private isLambdaAhead(): boolean {
    if (!this.is('(')) return false;
    if (this.is(')', 1)) return this.is('{', 2);
    return this.peek(1).t === 'id' && this.is(':', 2);
  }
  private lambda(): Expr {
    const parameters = this.parameters();
    this.expect('{');
    const body = this.statements();
    this.expect('}');
    return { k: 'lambda', parameters, body };
  }

  parameters(): Parameter[] {
    this.expect('(');
    const out: Parameter[] = [];
    while (!this.accept(')')) {
      const name = this.name();
      this.expect(':');
      let type: string;
      if (this.is('(')) {
        const start = this.peek().at;
        let depth = 0;
        do {
          const t = this.next();
          if (t.v === '(') depth++;
          if (t.v === ')') depth--;
        } while (depth > 0);
        type = `table${this.text.slice(start, this.peek().at).trim()}`;
      } else type = this.name();
      out.push({ name, type, default: this.accept('=') ? this.expr() : undefined });
      this.accept(',');
    }
    return out;
  }

  /** A tabular or scalar expression, with `|` operators. */
  expr(): Expr {
    let e = this.or();
    if (!this.is('|')) return e;
    const ops: TabularOp[] = [];
    while (this.accept('|')) ops.push(this.operator());
    return { k: 'pipe', source: e, ops };
  }

  private assignments(): Assignment[] {
    const items: Assignment[] = [];
    do {
      const named = (this.peek().t === 'id' || this.is('[')) && this.isAssignmentAhead();
      if (named) {
        const name = this.name();
        this.expect('=');
        items.push({ name, e: this.or() });
      } else items.push({ e: this.or() });
    } while (this.accept(','));
    return items;
  }
  private isAssignmentAhead(): boolean {
    const offset = this.is('[') ? 3 : 1;
    const t = this.peek(offset);
    return t.t === 'punct' && t.v === '=';
  }

  private operator(): TabularOp {
    const op = this.next().v;
    switch (op) {
      case 'extend':
      case 'project':
        return { op, items: this.assignments() };
      case 'distinct':
        return { op, items: this.assignments() };
      case 'project-away': {
        const names = [this.name()];
        while (this.accept(',')) names.push(this.name());
        return { op, names };
      }
      case 'project-rename': {
        const pairs: [string, string][] = [];
        do {
          const to = this.name();
          this.expect('=');
          pairs.push([to, this.name()]);
        } while (this.accept(','));
        return { op, pairs };
      }
      case 'where':
        return { op, e: this.or() };
      case 'lookup': {
        if (this.accept('kind')) {
          this.expect('=');
          const kind = this.name();
          if (kind !== 'leftouter') this.fail(`lookup kind=${kind} is not supported`);
        }
        const right = this.accept('(') ? this.closeWith(this.expr()) : ({ k: 'name', name: this.name() } as Expr);
        this.expect('on');
        const on = [this.name()];
        while (this.accept(',')) on.push(this.name());
        return { op, right, on };
      }
      case 'mv-apply': {
        const named = this.peek().t === 'id' && this.is('=', 1);
        const name = named ? this.name() : '';
        if (named) this.expect('=');
        const e = this.or();
        let type: string | undefined;
        if (this.accept('to')) {
          this.expect('typeof');
          this.expect('(');
          type = this.name();
          this.expect(')');
        }
        this.expect('on');
        this.expect('(');
        const ops = [this.operator()];
        while (this.accept('|')) ops.push(this.operator());
        this.expect(')');
        return { op, name: name || columnOf(e), e, ...(type ? { type } : {}), ops };
      }
      case 'summarize': {
        const aggregates = this.is('by') ? [] : this.assignments();
        const by = this.accept('by') ? this.assignments() : [];
        return { op, aggregates, by };
      }
      default:
        this.i--;
        return this.fail(`unsupported tabular operator ${op}`);
    }
  }
  private closeWith(e: Expr): Expr {
    this.expect(')');
    return e;
  }

  private or(): Expr {
    let l = this.and();
    while (this.accept('or')) l = { k: 'bin', op: 'or', l, r: this.and() };
    return l;
  }
  private and(): Expr {
    let l = this.comparison();
    while (this.accept('and')) l = { k: 'bin', op: 'and', l, r: this.comparison() };
    return l;
  }
  private comparison(): Expr {
    let l = this.additive();
    for (;;) {
      const t = this.peek();
      if ((t.t === 'punct' || t.t === 'id') && COMPARISONS.has(t.v)) {
        this.next();
        if (t.v === 'matches') this.expect('regex');
        l = { k: 'bin', op: t.v === 'matches' ? 'matches regex' : t.v, l, r: this.additive() };
      } else if (this.is('in') || this.is('!in')) {
        const negate = this.next().v === '!in';
        this.expect('(');
        const list: Expr[] = [];
        while (!this.accept(')')) {
          list.push(this.expr());
          this.accept(',');
        }
        l = { k: 'in', negate, l, list };
      } else return l;
    }
  }
  private additive(): Expr {
    let l = this.multiplicative();
    while (this.is('+') || this.is('-')) l = { k: 'bin', op: this.next().v, l, r: this.multiplicative() };
    return l;
  }
  private multiplicative(): Expr {
    let l = this.unary();
    while (this.is('*') || this.is('/') || this.is('%')) l = { k: 'bin', op: this.next().v, l, r: this.unary() };
    return l;
  }
  private unary(): Expr {
    if (this.accept('-')) return { k: 'neg', e: this.unary() };
    return this.postfix(this.primary());
  }
  private postfix(e: Expr): Expr {
    for (;;) {
      if (this.accept('.')) e = { k: 'member', e, name: this.name() };
      else if (this.accept('[')) {
        const index = this.expr();
        this.expect(']');
        e = { k: 'index', e, index };
      } else return e;
    }
  }
  private primary(): Expr {
    const t = this.peek();
    if (t.t === 'num') {
      this.next();
      const unit = /(d|h|ms|m|s|tick)$/.exec(t.v)?.[1];
      if (unit) return { k: 'lit', v: t.v, type: 'timespan' };
      return /[.eE]/.test(t.v) ? { k: 'lit', v: Number(t.v), type: 'real' } : { k: 'lit', v: Number(t.v), type: 'long' };
    }
    if (t.t === 'str') {
      this.next();
      return { k: 'lit', v: t.v, type: 'string' };
    }
    if (t.t === 'raw') {
      this.next();
      const [kind, text] = [t.v.slice(0, t.v.indexOf(':')), t.v.slice(t.v.indexOf(':') + 1)];
      return { k: 'lit', v: text, type: kind as LitType };
    }
    if (this.accept('(')) return this.closeWith(this.expr());
    if (t.t === 'id' && (t.v === 'true' || t.v === 'false')) {
      this.next();
      return { k: 'lit', v: t.v === 'true', type: 'bool' };
    }
    if (t.t === 'id' && t.v === 'null') {
      this.next();
      return { k: 'lit', v: null, type: 'null' };
    }
    if (t.t === 'id' && t.v === 'dynamic' && this.is('(', 1)) {
      this.next();
      this.next();
      return this.closeWith({ k: 'lit', v: this.dynamicLiteral(), type: 'dynamic' });
    }
    if (t.t === 'id' && t.v === 'union') {
      this.next();
      const tables = [this.or()];
      while (this.accept(',')) tables.push(this.or());
      return { k: 'union', tables };
    }
    if (t.t === 'id' || this.is('[')) {
      const name = this.name();
      if (!this.accept('(')) return { k: 'name', name };
      const args: Expr[] = [];
      while (!this.accept(')')) {
        args.push(this.expr());
        this.accept(',');
      }
      return { k: 'call', name, args };
    }
    return this.fail('unexpected token');
  }
  private dynamicLiteral(): unknown {
    const t = this.next();
    if (t.t === 'str') return t.v;
    if (t.t === 'num') return Number(t.v);
    if (t.t === 'id' && (t.v === 'true' || t.v === 'false')) return t.v === 'true';
    if (t.t === 'id' && t.v === 'null') return null;
    if (t.v === '[') {
      const items: unknown[] = [];
      while (!this.accept(']')) {
        items.push(this.dynamicLiteral());
        this.accept(',');
      }
      return items;
    }
    if (t.v === '{') {
      const bag: Record<string, unknown> = {};
      while (!this.accept('}')) {
        const key = this.next().v;
        this.expect(':');
        bag[key] = this.dynamicLiteral();
        this.accept(',');
      }
      return bag;
    }
    this.i--;
    return this.fail('bad dynamic literal');
  }
}

/** The column an unnamed `mv-apply` expression expands into: a column's own name. */
function columnOf(e: Expr): string {
  if (e.k === 'name') return e.name;
  throw new Error('mv-apply of an expression needs a name');
}

/** Parses a function body (the text between its braces). */
export function parseBody(text: string): Body {
  return new Parser(tokenize(text), text).body();
}

/** Parses a parameter list `(a: string, b: int = 9)`. */
export function parseParameters(text: string): Parameter[] {
  return new Parser(tokenize(text), text).parameters();
}

/** Parses one expression (a query such as `print`-free `numberstring(1234)`). */
export function parseExpression(text: string): Expr {
  const p = new Parser(tokenize(text), text);
  const e = p.expr();
  if (!p.atEnd()) p.fail('unexpected text after the expression');
  return e;
}
