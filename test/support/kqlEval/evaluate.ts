/**
 * A small KQL evaluator for tests: runs the functions hubc's Data Explorer scripts define (read from the
 * emitted script text) over literal inputs and small tables, so tests check the VALUES the functions give for
 * their documented examples, not only that the Kusto language service accepts them.
 *
 * Scope: the scalar language of ./parse.ts and ./functions.ts with Kusto's null and type rules as documented
 * (./values.ts), user functions with typed parameters and defaults, `let` (values and functions), and the tabular operators the
 * transforms use (extend, project, project-away, project-rename, where, leftouter lookup, summarize with
 * take_any/make_bag/min/max/sum/count, distinct, union, materialize, toscalar, mv-apply), functions local to a
 * body (`let f = (a: string) { ... };`) and `database('name').Table`. `now()` and `ingestion_time()` are inputs. What it cannot show: the engine's own behaviour where Kusto's documentation is silent (real
 * formatting, regex dialect corners, memory and time of a query over real data).
 */
import { parseBody, parseExpression, parseParameters, type Assignment, type Body, type Expr, type Parameter, type TabularOp } from './parse.js';
import { arithmetic, SCALAR_FUNCTIONS } from './functions.js';
import { KDate, KDyn, KNum, coerce, compare, dyn, isEmpty, parseDate, parseSpan, real, same, toText, truthy, type Row, type Scalar, type Table } from './values.js';

export * from './values.js';

/** A user function as a script defines it. */
export interface KqlFunction {
  name: string;
  parameters: Parameter[];
  body: Body;
}

/** Tables and functions the evaluated expressions can name. */
export interface KqlDatabase {
  tables: Map<string, Table>;
  functions: Map<string, KqlFunction>;
}

export interface EvaluateOptions {
  /** What `now()` returns (default: the real clock). */
  now?: KDate;
}

/** A function a `let` statement defines, with the scope it was defined in. */
class KLambda {
  constructor(
    readonly parameters: Parameter[],
    readonly body: Body,
    readonly scope: Scope,
  ) {}
}

/** `database('name')`: its tables are the database's (the evaluator has one namespace for every database). */
interface DatabaseRef {
  database: string;
}

type Value = Scalar | Table | KLambda | DatabaseRef;

const isTable = (v: unknown): v is Table => typeof v === 'object' && v !== null && 'rows' in v && 'columns' in v;
const isDatabase = (v: unknown): v is DatabaseRef => typeof v === 'object' && v !== null && 'database' in v;

interface Scope {
  vars: Map<string, Value>;
  row?: Row;
  parent?: Scope;
}

/**
 * The user functions of a script's text: each `.create-or-alter function with (...)` command followed by a
 * `name(parameters)` line and a body between a `{` line and a `}` line.
 */
export function functionsOf(...scripts: string[]): Map<string, KqlFunction> {
  const out = new Map<string, KqlFunction>();
  for (const text of scripts) {
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].startsWith('.create-or-alter function')) continue;
      const head = lines[i + 1];
      const open = head.indexOf('(');
      const name = head.slice(0, open);
      let j = i + 2;
      let signature = head.slice(open);
      if (signature.endsWith('{')) signature = signature.slice(0, -1).trim();
      else if (lines[j] === '{') j++;
      const end = lines.indexOf('}', j);
      const bodyText = lines.slice(j, end).join('\n');
      try {
        out.set(name, { name, parameters: parseParameters(signature), body: parseBody(bodyText) });
      } catch (e) {
        // A function this harness cannot read is left out; calling it fails with its name.
        out.set(name, { name, parameters: [], body: { lets: [], result: { k: 'call', name: `$unreadable:${name}:${(e as Error).message}`, args: [] } } });
      }
      i = end;
    }
  }
  return out;
}

/** A table from column declarations and rows given as plain values (converted to the column types). */
export function table(columns: readonly { name: string; type: string }[], rows: Record<string, unknown>[] = [], ingestionTime?: KDate): Table {
  for (const r of rows) for (const k of Object.keys(r)) if (!columns.some((c) => c.name === k)) throw new Error(`no column ${k}`);
  return {
    columns: columns.map((c) => c.name),
    rows: rows.map((r) => {
      const row: Row = {};
      for (const c of columns) row[c.name] = coerce(fromPlain(r[c.name]), c.type);
      if (ingestionTime) row.$ingestionTime = ingestionTime;
      return row;
    }),
  };
}

/** A plain JavaScript value as a scalar: strings, numbers (real), booleans, Dates, null/undefined, objects (dynamic). */
export function fromPlain(v: unknown): Scalar {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return real(v);
  if (v instanceof Date) return new KDate(v.getTime());
  if (v instanceof KNum || v instanceof KDate || v instanceof KDyn) return v;
  return dyn(v);
}

/** Evaluates KQL over a database. */
export class KqlEvaluator {
  private readonly now: KDate;
  constructor(
    readonly db: KqlDatabase,
    options: EvaluateOptions = {},
  ) {
    this.now = options.now ?? new KDate(Date.now());
  }

  /** Evaluates a query text such as `datestring(datetime(2025-01-01))` or `Costs_transform_v1_0()`. */
  query(text: string): Value {
    return this.eval(parseExpression(text), { vars: new Map() });
  }

  /** Calls a user function with scalar or table arguments. */
  call(name: string, ...args: Value[]): Value {
    return this.invoke(name, args);
  }

  private invoke(name: string, args: Value[]): Value {
    const fn = this.db.functions.get(name);
    if (!fn) throw new Error(`unknown function ${name}()`);
    return this.apply(fn.parameters, fn.body, { vars: new Map() }, args);
  }

  /** Runs a body with its parameters bound to the arguments (converted to their declared types) in a scope of its own. */
  private apply(parameters: Parameter[], body: Body, parent: Scope, args: Value[]): Value {
    const vars = new Map<string, Value>();
    const scope: Scope = { vars, parent };
    parameters.forEach((p, i) => {
      let v = i < args.length ? args[i] : p.default ? this.eval(p.default, scope) : null;
      if (!isTable(v) && !(v instanceof KLambda) && !isDatabase(v) && !p.type.startsWith('table')) v = coerce(v, p.type);
      vars.set(p.name, v);
    });
    return this.run(body, scope);
  }

  /** A function a `let` statement of the scope (or an enclosing one) defines. */
  private lambdaNamed(name: string, scope: Scope): KLambda | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const v = s.vars.get(name);
      if (v instanceof KLambda) return v;
    }
    return undefined;
  }

  private run(body: Body, scope: Scope): Value {
    for (const l of body.lets) scope.vars.set(l.name, this.eval(l.e, scope));
    return this.eval(body.result, scope);
  }

  private lookupName(name: string, scope: Scope): Value {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      if (s.vars.has(name)) return s.vars.get(name)!;
      if (s.row && name in s.row) return s.row[name];
    }
    const t = this.db.tables.get(name);
    if (t) return t;
    throw new Error(`unknown name ${name}`);
  }

  private scalar(e: Expr, scope: Scope): Scalar {
    const v = this.eval(e, scope);
    if (isTable(v) || v instanceof KLambda || isDatabase(v)) throw new Error('a table, function or database where a scalar is expected');
    return v;
  }

  private tableOf(e: Expr, scope: Scope): Table {
    const v = this.eval(e, scope);
    if (!isTable(v)) throw new Error('a scalar where a table is expected');
    return v;
  }

  eval(e: Expr, scope: Scope): Value {
    switch (e.k) {
      case 'lit':
        return literal(e.v, e.type);
      case 'name':
        return this.lookupName(e.name, scope);
      case 'neg': {
        const v = this.scalar(e.e, scope);
        return v instanceof KNum ? new KNum(v.type, -v.v) : null;
      }
      case 'member': {
        const of = this.eval(e.e, scope);
        if (isDatabase(of)) return this.lookupName(e.name, { vars: new Map() });
        return SCALAR_FUNCTIONS.$index([this.scalar(e.e, scope), e.name], { now: this.now });
      }
      case 'index':
        return SCALAR_FUNCTIONS.$index([this.scalar(e.e, scope), this.scalar(e.index, scope)], { now: this.now });
      case 'bin':
        return this.binary(e.op, e.l, e.r, scope);
      case 'in': {
        const l = this.scalar(e.l, scope);
        if (l === null) return null;
        const values = e.list.flatMap((x) => {
          const v = this.eval(x, scope);
          if (v instanceof KLambda || isDatabase(v)) throw new Error('a function or database in an in() list');
          return isTable(v) ? v.rows.map((r) => r[v.columns[0]]) : [v];
        });
        const found = values.some((v) => v !== null && same(l, v));
        return e.negate ? !found : found;
      }
      case 'call':
        return this.callExpr(e.name, e.args, scope);
      case 'pipe':
        return e.ops.reduce((t, op) => this.operator(t, op, scope), this.tableOf(e.source, scope));
      case 'union': {
        const tables = e.tables.map((t) => this.tableOf(t, scope));
        const columns = [...new Set(tables.flatMap((t) => t.columns))];
        return { columns, rows: tables.flatMap((t) => t.rows) };
      }
      case 'lambda':
        return new KLambda(e.parameters, e.body, scope);
    }
  }

  private binary(op: string, le: Expr, re: Expr, scope: Scope): Scalar {
    if (op === 'and' || op === 'or') {
      const l = this.scalar(le, scope);
      if (op === 'and' && l === false) return false;
      if (op === 'or' && truthy(l)) return true;
      const r = this.scalar(re, scope);
      if (op === 'and') return r === false ? false : l === null || r === null ? null : truthy(l) && truthy(r);
      return truthy(r) ? true : l === null || r === null ? null : false;
    }
    const l = this.scalar(le, scope);
    const r = this.scalar(re, scope);
    if (['+', '-', '*', '/', '%'].includes(op)) return arithmetic(op, l, r);
    if (op === 'matches regex') return l === null ? null : new RegExp(toText(r)).test(toText(l));
    const lt = toText(l).toLowerCase();
    const rt = toText(r).toLowerCase();
    switch (op) {
      case '=~':
        return lt === rt;
      case '!~':
        return lt !== rt;
      case 'contains':
        return lt.includes(rt);
      case '!contains':
        return !lt.includes(rt);
      case 'startswith':
        return lt.startsWith(rt);
      case '!startswith':
        return !lt.startsWith(rt);
      case 'endswith':
        return lt.endsWith(rt);
      case '!endswith':
        return !lt.endsWith(rt);
      case 'has':
      case '!has': {
        const found = new RegExp(`(^|[^a-z0-9])${rt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`).test(lt);
        return op === 'has' ? found : !found;
      }
    }
    if (l === null || r === null) return null;
    switch (op) {
      case '==':
        return same(l, r);
      case '!=':
        return !same(l, r);
      case '<':
        return compare(l, r) < 0;
      case '<=':
        return compare(l, r) <= 0;
      case '>':
        return compare(l, r) > 0;
      case '>=':
        return compare(l, r) >= 0;
    }
    throw new Error(`unsupported operator ${op}`);
  }

  private callExpr(name: string, args: Expr[], scope: Scope): Value {
    if (name.startsWith('$unreadable:')) throw new Error(`the harness could not read function ${name.slice(12)}`);
    switch (name) {
      case 'iff':
      case 'iif':
        return truthy(this.scalar(args[0], scope)) ? this.scalar(args[1], scope) : this.scalar(args[2], scope);
      case 'case': {
        for (let i = 0; i + 1 < args.length; i += 2) if (truthy(this.scalar(args[i], scope))) return this.scalar(args[i + 1], scope);
        return this.scalar(args[args.length - 1], scope);
      }
      case 'coalesce': {
        for (const a of args) {
          const v = this.scalar(a, scope);
          if (!isEmpty(v)) return v;
        }
        return null;
      }
      case 'toscalar': {
        const t = this.tableOf(args[0], scope);
        return t.rows.length ? t.rows[0][t.columns[0]] : null;
      }
      case 'materialize':
        return this.tableOf(args[0], scope);
      case 'ingestion_time': {
        for (let s: Scope | undefined = scope; s; s = s.parent) if (s.row) return s.row.$ingestionTime ?? null;
        return null;
      }
    }
    if (name === 'database') return { database: toText(this.scalar(args[0], scope)) };
    const lambda = this.lambdaNamed(name, scope);
    if (lambda)
      return this.apply(
        lambda.parameters,
        lambda.body,
        lambda.scope,
        args.map((a) => this.eval(a, scope)),
      );
    if (this.db.functions.has(name))
      return this.invoke(
        name,
        args.map((a) => this.eval(a, scope)),
      );
    const builtIn = SCALAR_FUNCTIONS[name];
    if (!builtIn) throw new Error(`function ${name}() is not supported by the test evaluator`);
    return builtIn(
      args.map((a) => this.scalar(a, scope)),
      { now: this.now },
    );
  }

  private rowScope(scope: Scope, row: Row): Scope {
    return { vars: new Map(), row, parent: scope };
  }

  private operator(t: Table, op: TabularOp, scope: Scope): Table {
    switch (op.op) {
      case 'extend': {
        const columns = [...t.columns];
        const rows = t.rows.map((r) => {
          const row: Row = { ...r };
          for (const item of op.items) {
            const name = columnName(item);
            row[name] = this.scalar(item.e, this.rowScope(scope, row));
            if (!columns.includes(name)) columns.push(name);
          }
          return row;
        });
        return { columns: t.rows.length ? columns : [...columns, ...op.items.map(columnName).filter((n) => !columns.includes(n))], rows };
      }
      case 'project': {
        const columns = op.items.map(columnName);
        const rows = t.rows.map((r) => {
          const row: Row = {};
          if (r.$ingestionTime !== undefined) row.$ingestionTime = r.$ingestionTime;
          for (const item of op.items) row[columnName(item)] = this.scalar(item.e, this.rowScope(scope, r));
          return row;
        });
        return { columns, rows };
      }
      case 'project-away':
        return {
          columns: t.columns.filter((c) => !op.names.includes(c)),
          rows: t.rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !op.names.includes(k))) as Row),
        };
      case 'project-rename': {
        const rename = new Map(op.pairs.map(([to, from]) => [from, to]));
        return {
          columns: t.columns.map((c) => rename.get(c) ?? c),
          rows: t.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [rename.get(k) ?? k, v])) as Row),
        };
      }
      case 'where':
        return { columns: t.columns, rows: t.rows.filter((r) => truthy(this.scalar(op.e, this.rowScope(scope, r)))) };
      case 'lookup': {
        const right = this.tableOf(op.right, scope);
        const added = right.columns.filter((c) => !op.on.includes(c));
        const clash = added.filter((c) => t.columns.includes(c));
        if (clash.length) throw new Error(`lookup adds columns the left side has: ${clash.join(', ')}`);
        const rows = t.rows.map((l) => {
          const match = right.rows.find((r) => op.on.every((k) => l[k] !== null && r[k] !== null && same(l[k], r[k])));
          const row: Row = { ...l };
          for (const c of added) row[c] = match ? match[c] : null;
          return row;
        });
        return { columns: [...t.columns, ...added], rows };
      }
      case 'summarize':
        return this.summarize(t, op.aggregates, op.by, scope);
      case 'mv-apply':
        return this.mvApply(t, op, scope);
      case 'distinct': {
        const p = this.operator(t, { op: 'project', items: op.items }, scope);
        const seen = new Set<string>();
        return { columns: p.columns, rows: p.rows.filter((r) => !seen.has(key(p.columns, r)) && !!seen.add(key(p.columns, r))) };
      }
    }
  }

  /**
   * `mv-apply name = array to typeof(T) on (subquery)`: per row, the subquery runs over one row per element (the row
   * with `name` set to the element); each row it returns keeps the input row's columns it does not produce. A row
   * whose array is empty gives the subquery no rows (Kusto documentation of mv-apply).
   */
  private mvApply(t: Table, op: Extract<TabularOp, { op: 'mv-apply' }>, scope: Scope): Table {
    const out: Row[] = [];
    let produced: string[] = [];
    for (const row of t.rows) {
      const array = this.scalar(op.e, this.rowScope(scope, row));
      const items = array instanceof KDyn && Array.isArray(array.v) ? array.v : [];
      const input: Table = {
        columns: [...t.columns.filter((c) => c !== op.name), op.name],
        rows: items.map((x) => ({ ...row, [op.name]: op.type ? coerce(dyn(x), op.type) : dyn(x) })),
      };
      const result = op.ops.reduce((acc, o) => this.operator(acc, o, scope), input);
      produced = result.columns;
      for (const r of result.rows) out.push({ ...row, ...r });
    }
    const kept = t.columns.filter((c) => c !== op.name && !produced.includes(c));
    return {
      columns: [...kept, ...produced.filter((c) => !kept.includes(c))],
      rows: out.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k === '$ingestionTime' || kept.includes(k) || produced.includes(k))) as Row),
    };
  }

  private summarize(t: Table, aggregates: Assignment[], by: Assignment[], scope: Scope): Table {
    const groups = new Map<string, { keys: Row; rows: Row[] }>();
    const byNames = by.map(columnName);
    for (const r of t.rows) {
      const keys: Row = {};
      by.forEach((b, i) => (keys[byNames[i]] = this.scalar(b.e, this.rowScope(scope, r))));
      const k = key(byNames, keys);
      if (!groups.has(k)) groups.set(k, { keys, rows: [] });
      groups.get(k)!.rows.push(r);
    }
    if (!by.length && !groups.size) groups.set('', { keys: {}, rows: [] });
    const out: Row[] = [];
    for (const g of groups.values()) {
      const row: Row = { ...g.keys };
      for (const a of aggregates) {
        const call = a.e as Extract<Expr, { k: 'call' }>;
        const values = (arg: Expr) => g.rows.map((r) => this.scalar(arg, this.rowScope(scope, r)));
        const names = aggregateNames(a);
        if (call.name === 'take_any' && !a.name) call.args.forEach((arg, i) => (row[names[i]] = aggregate('take_any', values(arg))));
        else row[names[0]] = aggregate(call.name, call.args.length ? values(call.args[0]) : g.rows.map(() => null));
      }
      out.push(row);
    }
    const columns = [...byNames, ...aggregates.flatMap(aggregateNames).filter((n) => !byNames.includes(n))];
    return { columns, rows: out };
  }
}

function aggregate(fn: string, values: Scalar[]): Scalar {
  const present = values.filter((v) => v !== null);
  switch (fn) {
    case 'take_any':
      return present[0] ?? null;
    case 'count':
      return new KNum('long', values.length);
    case 'min':
      return present.reduce<Scalar>((m, v) => (m === null || compare(v, m) < 0 ? v : m), null);
    case 'max':
      return present.reduce<Scalar>((m, v) => (m === null || compare(v, m) > 0 ? v : m), null);
    case 'sum':
      return present.reduce<Scalar>((s, v) => (s === null ? v : arithmetic('+', s, v)), null);
    case 'make_bag':
      return dyn(Object.assign({}, ...present.map((v) => (v instanceof KDyn && v.v && typeof v.v === 'object' ? v.v : {}))));
  }
  throw new Error(`aggregation ${fn}() is not supported by the test evaluator`);
}

/** Output columns of an aggregation: its name, `fn_column`, or for take_any(a, b) the arguments' names. */
function aggregateNames(a: Assignment): string[] {
  if (a.e.k !== 'call') throw new Error('summarize takes aggregation calls');
  if (a.e.name === 'take_any' && !a.name) return a.e.args.map((arg) => columnName({ e: arg }));
  const first = a.e.args[0];
  return [a.name ?? `${a.e.name}_${first && first.k === 'name' ? first.name : ''}`];
}

function columnName(a: Assignment): string {
  if (a.name) return a.name;
  if (a.e.k === 'name') return a.e.name;
  throw new Error('an unnamed computed column');
}

const key = (columns: string[], r: Row) => JSON.stringify(columns.map((c) => toText(r[c] ?? null)));

function literal(v: unknown, type: string): Scalar {
  switch (type) {
    case 'string':
    case 'bool':
      return v as string | boolean;
    case 'long':
      return new KNum('long', v as number);
    case 'real':
      return real(v as number);
    case 'datetime':
      return parseDate(String(v));
    case 'timespan':
      return parseSpan(String(v));
    case 'dynamic':
      return dyn(v);
    case 'null':
      return null;
  }
  throw new Error(`literal type ${type}`);
}
