/**
 * Evaluator and partial evaluator for ARM template expressions.
 *
 * `evaluateArm` computes the value of an expression when everything it depends on is known.
 * `foldArm` computes as much as it can: parameters that were not supplied, deployment values that are
 * not set in the context (resource group, subscription, tenant, deployment name, environment),
 * `reference()`/`list*()` and other deploy-time functions stay in a residual expression; everything
 * else is computed. `if(cond, a, b)` folds to the taken branch as soon as `cond` is known.
 *
 * Semantics follow "ARM template functions" (learn.microsoft.com/azure/azure-resource-manager/templates/
 * template-functions); see `./functions.ts` for the function library.
 */
import { Arm, escapeArmLiteral, serializeArm, type ArmCall, type ArmExpr } from './ast.js';
import { ArmParseError, isArmExpressionString, parseArmExpression, unescapeArmLiteral } from './parser.js';
import {
  ArmEvalError,
  AZURE_CLOUD_ENVIRONMENT,
  armFunction,
  foldedArray,
  foldedObject,
  getProperty,
  isObject,
  known,
  residualCall,
  toExpr,
  typeName,
  unknown,
  type ArmValue,
  type DeploymentInfo,
  type EvalHost,
  type Folded,
} from './functions.js';

export { ArmEvalError, AZURE_CLOUD_ENVIRONMENT, type ArmValue } from './functions.js';
export { armUniqueString, armGuid, armCidrSubnet, armCidrHost, armParseCidr, isArmBuiltinFunction, armFunctionArity } from './functions.js';

/** Thrown by {@link evaluateArm} when the value depends on something unknown before deployment. */
export class ArmUnknownValueError extends ArmEvalError {
  constructor(public readonly residual: ArmExpr) {
    super(`the value is only known at deployment: [${serializeArm(residual)}]`);
    this.name = 'ArmUnknownValueError';
  }
}

/**
 * What the evaluator knows. Every field is optional; a missing value is unknown, and expressions that
 * depend on it stay residual in {@link foldArm}.
 */
export interface ArmEvalContext {
  /** Parameter values by name (case-insensitive). */
  parameters?: Record<string, ArmValue>;
  /**
   * Values to assume for parameters missing from `parameters`, as template JSON (strings may be
   * expressions, e.g. a `defaultValue` of `[resourceGroup().location]`); folded lazily.
   */
  parameterDefaults?: Record<string, unknown>;
  /**
   * Variables by name (case-insensitive): the template `variables` section (JSON whose strings may be
   * expressions, including a top-level `copy` array), {@link Arm} values, or syntax trees. Folded lazily.
   */
  variables?: Record<string, unknown>;
  /** The template `functions` section (user-defined functions `namespace.member`). */
  functions?: unknown;
  subscriptionId?: string;
  tenantId?: string;
  subscriptionDisplayName?: string;
  /** The target resource group; unknown fields stay residual (`resourceGroup().id`). */
  resourceGroup?: { name?: string; location?: string; id?: string; tags?: Record<string, string> };
  /** `deployment().name`. */
  deploymentName?: string;
  /** `environment()`: `'AzureCloud'` for {@link AZURE_CLOUD_ENVIRONMENT} or an object; absent = unknown. */
  environment?: 'AzureCloud' | Record<string, ArmValue>;
  /** `copyIndex()`: the index of the current loop, or indexes by loop name. */
  copyIndex?: number | Record<string, number>;
  /**
   * When true (default) a variable whose value is not fully known is replaced by its residual
   * expression; when false, `variables('name')` is kept.
   */
  inlineVariables?: boolean;
}

/** A fully known result of {@link foldArm}. */
export interface ArmKnown {
  value: ArmValue;
}

/** Result of {@link foldArm}: a known value, or the residual expression. */
export type ArmFolded = ArmExpr | ArmKnown;

/** True when a {@link foldArm} result is a known value. */
export function isArmKnown(f: ArmFolded): f is ArmKnown {
  return !('kind' in f);
}

const EXPR_KINDS = new Set(['string', 'number', 'keyword', 'call', 'property', 'index']);

/** True when `v` is an expression syntax tree (rather than template JSON). */
function isExprNode(v: unknown): v is ArmExpr {
  if (!isObject(v as ArmValue) || !EXPR_KINDS.has((v as { kind?: unknown }).kind as string)) return false;
  const n = v as Record<string, unknown>;
  switch (n.kind) {
    case 'call':
      return typeof n.name === 'string' && Array.isArray(n.args);
    case 'property':
      return typeof n.name === 'string' && isObject(n.target as ArmValue);
    case 'index':
      return isObject(n.target as ArmValue) && isObject(n.index as ArmValue);
    default:
      return 'value' in n && Object.keys(n).length === 2;
  }
}

interface UserFunction {
  params: string[];
  output: unknown;
}

function readUserFunctions(section: unknown): Map<string, UserFunction> {
  const out = new Map<string, UserFunction>();
  if (!Array.isArray(section)) return out;
  for (const ns of section) {
    if (!isObject(ns) || typeof ns.namespace !== 'string' || !isObject(ns.members)) continue;
    for (const [name, m] of Object.entries(ns.members)) {
      if (!isObject(m)) continue;
      const params = Array.isArray(m.parameters) ? m.parameters.map((p) => (isObject(p) && typeof p.name === 'string' ? p.name : '')) : [];
      const output = isObject(m.output) ? m.output.value : undefined;
      out.set(`${ns.namespace}.${name}`.toLowerCase(), { params, output });
    }
  }
  return out;
}

function lookup<T>(map: Record<string, T> | undefined, name: string): { value: T } | undefined {
  if (!map) return undefined;
  if (Object.prototype.hasOwnProperty.call(map, name)) return { value: map[name] };
  const lower = name.toLowerCase();
  for (const k of Object.keys(map)) if (k.toLowerCase() === lower) return { value: map[k] };
  return undefined;
}

/** Shared per-context state: caches of folded variables and parameter defaults. */
class Scope {
  readonly deployment: DeploymentInfo;
  readonly userFunctions: Map<string, UserFunction>;
  readonly inline: boolean;
  private readonly varCache = new Map<string, Folded>();
  private readonly paramCache = new Map<string, Folded>();
  private readonly busy = new Set<string>();
  private rootEvaluator?: Evaluator;

  constructor(readonly ctx: ArmEvalContext) {
    this.deployment = {
      subscriptionId: ctx.subscriptionId,
      tenantId: ctx.tenantId,
      subscriptionDisplayName: ctx.subscriptionDisplayName,
      resourceGroup: ctx.resourceGroup,
      deploymentName: ctx.deploymentName,
      environment: ctx.environment === 'AzureCloud' ? AZURE_CLOUD_ENVIRONMENT : ctx.environment,
      copyIndex: ctx.copyIndex,
    };
    this.userFunctions = readUserFunctions(ctx.functions);
    this.inline = ctx.inlineVariables !== false;
  }

  /** The evaluator of the template scope (no lambda or function bindings). */
  root(): Evaluator {
    this.rootEvaluator ??= new Evaluator(this);
    return this.rootEvaluator;
  }

  parameter(ev: Evaluator, name: string, call: ArmCall): Folded {
    const given = lookup(this.ctx.parameters, name);
    if (given) return known(given.value);
    const def = lookup(this.ctx.parameterDefaults, name);
    if (!def || def.value === undefined) return unknown(call);
    const key = name.toLowerCase();
    const cached = this.paramCache.get(key);
    if (cached) return cached;
    const f = this.guard(`parameter '${name}'`, `p:${key}`, () => ev.foldJson(def.value));
    this.paramCache.set(key, f);
    return f;
  }

  variable(ev: Evaluator, name: string, call: ArmCall): Folded {
    const key = name.toLowerCase();
    const cached = this.varCache.get(key);
    if (cached) return this.present(cached, call);
    const vars = this.ctx.variables;
    let f: Folded | undefined;
    const direct = lookup(vars, name);
    if (direct && name.toLowerCase() !== 'copy') {
      f = this.guard(`variable '${name}'`, `v:${key}`, () => ev.foldJson(direct.value));
    } else {
      const loop = this.copyVariable(ev, name);
      if (!loop) throw new ArmEvalError(`variables('${name}'): the template has no variable '${name}'`);
      f = loop;
    }
    this.varCache.set(key, f);
    return this.present(f, call);
  }

  /** A variable defined by the variables section's `copy` array. */
  private copyVariable(ev: Evaluator, name: string): Folded | undefined {
    const copies = lookup(this.ctx.variables, 'copy')?.value;
    if (!Array.isArray(copies)) return undefined;
    const entry = copies.find((c) => isObject(c as ArmValue) && typeof (c as { name?: unknown }).name === 'string' && ((c as { name: string }).name.toLowerCase() === name.toLowerCase()));
    if (!entry) return undefined;
    const spec = entry as { name: string; count?: unknown; input?: unknown };
    return this.guard(`variable '${name}'`, `v:${name.toLowerCase()}`, () => {
      const count = ev.foldJson(spec.count);
      if (count.t !== 'v') return unknown({ kind: 'call', name: 'variables', args: [{ kind: 'string', value: name }] });
      if (typeof count.v !== 'number' || !Number.isInteger(count.v) || count.v < 0) throw new ArmEvalError(`variable copy '${name}': count must be a non-negative integer`);
      const items: Folded[] = [];
      for (let i = 0; i < count.v; i++) items.push(ev.withCopyIndex(spec.name, i).foldJson(spec.input));
      return foldedArray(items);
    });
  }

  private present(f: Folded, call: ArmCall): Folded {
    if (this.inline || f.t === 'v') return f;
    if (f.t === 'x') return unknown(call);
    return { ...f, e: call };
  }

  private guard(what: string, key: string, fn: () => Folded): Folded {
    if (this.busy.has(key)) throw new ArmEvalError(`${what} refers to itself`);
    this.busy.add(key);
    try {
      return fn();
    } finally {
      this.busy.delete(key);
    }
  }
}

/** Folds expressions in one scope (template scope, a user-function body, or a lambda body). */
class Evaluator implements EvalHost {
  constructor(
    private readonly scope: Scope,
    private readonly lambdas: Map<string, Folded> = new Map(),
    private readonly functionParams?: Map<string, Folded>,
    private readonly copyOverride?: DeploymentInfo['copyIndex'],
  ) {}

  get deployment(): DeploymentInfo {
    return this.copyOverride === undefined ? this.scope.deployment : { ...this.scope.deployment, copyIndex: this.copyOverride };
  }

  withCopyIndex(loop: string, index: number): Evaluator {
    const base = this.deployment.copyIndex;
    const map: Record<string, number> = typeof base === 'object' && base ? { ...base } : {};
    map[loop] = index;
    return new Evaluator(this.scope, this.lambdas, this.functionParams, map);
  }

  fold(expr: ArmExpr): Folded {
    switch (expr.kind) {
      case 'string':
      case 'number':
        return known(expr.value);
      case 'keyword':
        return known(expr.value);
      case 'property':
        return this.access(this.fold(expr.target), known(expr.name), expr);
      case 'index':
        return this.access(this.fold(expr.target), this.fold(expr.index), expr);
      case 'call':
        return this.call(expr);
    }
  }

  /** Folds template JSON: strings may be expressions, {@link Arm} values and syntax trees are expressions. */
  foldJson(value: unknown): Folded {
    if (value instanceof Arm) return this.fold(value.expr);
    if (typeof value === 'string') {
      if (isArmExpressionString(value)) return this.fold(parseArmExpression(value.slice(1, -1)));
      return known(unescapeArmLiteral(value));
    }
    if (value === null || typeof value === 'number' || typeof value === 'boolean') return known(value);
    if (Array.isArray(value)) return foldedArray(value.map((v) => this.foldJson(v)));
    if (isExprNode(value)) return this.fold(value);
    if (typeof value === 'object') {
      return foldedObject(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([k, v]) => [k, this.foldJson(v)]));
    }
    throw new ArmEvalError(`cannot read a ${typeof value} as template JSON`);
  }

  private access(target: Folded, key: Folded, node: ArmExpr): Folded {
    const residual = () => unknown(node.kind === 'property' ? { ...node, target: toExpr(target) } : { kind: 'index', target: toExpr(target), index: toExpr(key) });
    if (key.t !== 'v') return residual();
    const k = key.v;
    const what = typeof k === 'string' ? `property '${k}'` : `index ${String(k)}`;
    switch (target.t) {
      case 'x':
        return residual();
      case 'o': {
        if (typeof k !== 'string') throw new ArmEvalError(`cannot read ${what} of an object`);
        const hit = target.fields.get(k.toLowerCase());
        if (hit) return hit.f;
        if (target.open) return residual();
        throw new ArmEvalError(`the object has no ${what}`);
      }
      case 'a': {
        if (typeof k !== 'number' || !Number.isInteger(k)) throw new ArmEvalError(`cannot read ${what} of an array`);
        const item = target.items[k];
        if (!item) throw new ArmEvalError(`index ${k} is out of range (array length ${target.items.length})`);
        return item;
      }
      case 'v': {
        const v = target.v;
        if (Array.isArray(v)) {
          if (typeof k !== 'number' || !Number.isInteger(k)) throw new ArmEvalError(`cannot read ${what} of an array`);
          if (k < 0 || k >= v.length) throw new ArmEvalError(`index ${k} is out of range (array length ${v.length})`);
          return known(v[k]);
        }
        if (isObject(v)) {
          if (typeof k !== 'string') throw new ArmEvalError(`cannot read ${what} of an object`);
          const hit = getProperty(v, k);
          if (hit === undefined) throw new ArmEvalError(`the object has no ${what}`);
          return known(hit);
        }
        throw new ArmEvalError(`cannot read ${what} of a ${typeName(v)}`);
      }
    }
  }

  private call(c: ArmCall): Folded {
    if (c.name.includes('.')) return this.userFunction(c, c.args.map((a) => this.fold(a)));
    const def = armFunction(c.name);
    if (!def) throw new ArmEvalError(`unknown ARM function '${c.name}'`);
    if (c.args.length < def.min || c.args.length > def.max) {
      const range = def.min === def.max ? `${def.min}` : def.max === Number.POSITIVE_INFINITY ? `at least ${def.min}` : `${def.min} to ${def.max}`;
      throw new ArmEvalError(`${c.name}() takes ${range} argument(s), got ${c.args.length}`);
    }
    if (def.lazy) return def.lazy(c, this);
    const args = c.args.map((a) => this.fold(a));
    if (def.partial) {
      const r = def.partial(args, this, c);
      if (r) return r;
    }
    if (def.fn && args.every((a) => a.t === 'v')) return known(def.fn(args.map((a) => (a as { v: ArmValue }).v), this));
    return residualCall(c.name, args);
  }

  parameter(name: string, call: ArmCall): Folded {
    if (this.functionParams) {
      const hit = this.functionParams.get(name.toLowerCase());
      if (!hit) throw new ArmEvalError(`parameters('${name}'): the function has no parameter '${name}'`);
      return hit;
    }
    return this.scope.parameter(this.scope.root(), name, call);
  }

  variable(name: string, call: ArmCall): Folded {
    if (this.functionParams) throw new ArmEvalError(`variables('${name}') cannot be used inside a user-defined function`);
    return this.scope.variable(this.scope.root(), name, call);
  }

  lambdaVariable(name: string, call: ArmCall): Folded {
    return this.lambdas.get(name.toLowerCase()) ?? unknown(call);
  }

  withLambda<T>(bindings: Record<string, Folded>, fn: (inner: EvalHost) => T): T {
    const map = new Map(this.lambdas);
    for (const [k, v] of Object.entries(bindings)) map.set(k.toLowerCase(), v);
    return fn(new Evaluator(this.scope, map, this.functionParams, this.copyOverride));
  }

  userFunction(c: ArmCall, args: Folded[]): Folded {
    const fn = this.scope.userFunctions.get(c.name.toLowerCase());
    if (!fn) throw new ArmEvalError(`unknown user-defined function '${c.name}'`);
    if (args.length !== fn.params.length) throw new ArmEvalError(`${c.name}() takes ${fn.params.length} argument(s), got ${args.length}`);
    const params = new Map(fn.params.map((p, i) => [p.toLowerCase(), args[i]] as const));
    const body = new Evaluator(this.scope, new Map(), params);
    const result = body.foldJson(fn.output);
    return result.t === 'v' ? result : residualCall(c.name, args);
  }
}

/**
 * Folds an expression as far as the context allows.
 * @param expr the syntax tree (from `parseArmExpression` or a builder's `.expr`)
 * @param ctx what is known
 * @returns `{ value }` when fully known, else the residual expression
 * @throws ArmEvalError for expressions that fail whatever the unknowns are (type errors, unknown
 *   functions or variables, out-of-range arguments)
 */
export function foldArm(expr: ArmExpr | Arm, ctx: ArmEvalContext = {}): ArmFolded {
  const f = new Evaluator(new Scope(ctx)).fold(expr instanceof Arm ? expr.expr : expr);
  return f.t === 'v' ? { value: f.v } : toExpr(f);
}

/**
 * A folder bound to one context: like {@link foldArm}, but variables and parameter defaults are folded
 * once and cached across calls (use it to fold many expressions of one template).
 * @returns a function from an expression to its folded result (throws like {@link foldArm})
 */
export function armFolder(ctx: ArmEvalContext = {}): (expr: ArmExpr | Arm) => ArmFolded {
  const scope = new Scope(ctx);
  return (expr) => {
    const f = scope.root().fold(expr instanceof Arm ? expr.expr : expr);
    return f.t === 'v' ? { value: f.v } : toExpr(f);
  };
}

/**
 * Evaluates an expression.
 * @returns its value
 * @throws ArmUnknownValueError (a subclass of ArmEvalError, carrying the residual) when the value depends
 *   on something the context does not know; ArmEvalError for any other evaluation error
 */
export function evaluateArm(expr: ArmExpr | Arm, ctx: ArmEvalContext = {}): ArmValue {
  const f = foldArm(expr, ctx);
  if (isArmKnown(f)) return f.value;
  throw new ArmUnknownValueError(f);
}

/**
 * Evaluates a template string value: `"[...]"` is evaluated, `"[[...]"` is the literal without the first
 * `[`, anything else is returned unchanged.
 * @throws ArmParseError, ArmEvalError, ArmUnknownValueError
 */
export function evaluateTemplateString(value: string, ctx: ArmEvalContext = {}): ArmValue {
  const f = new Evaluator(new Scope(ctx)).foldJson(value);
  if (f.t === 'v') return f.v;
  throw new ArmUnknownValueError(toExpr(f));
}

/**
 * Folds every ARM expression in a template JSON tree (strings, {@link Arm} values). A fully known
 * expression becomes its JSON value (a string result that looks like an expression is escaped with
 * `[[`); anything else becomes the residual `"[...]"` string. Non-expression values are copied
 * (literal `[[` strings stay escaped). Object keys are never evaluated (ARM does not evaluate them).
 * The inner template of a nested deployment with `expressionEvaluationOptions.scope: inner` is copied
 * unevaluated (its expressions refer to its own parameters and variables); its `parameters` are folded.
 * @param options `keepInvalid`: leave an expression that does not parse or fails to evaluate as it was
 *   written (an `Arm` value as its `"[...]"` text) instead of throwing; the reference checker reports it
 * @returns a new JSON tree
 * @throws ArmParseError, ArmEvalError (unless `keepInvalid`)
 */
export function foldTemplateValue(json: unknown, ctx: ArmEvalContext = {}, options: { keepInvalid?: boolean } = {}): unknown {
  const ev = new Evaluator(new Scope(ctx));
  const walk = (v: unknown): unknown => {
    if (v instanceof Arm || isArmExpressionString(v)) {
      let f: Folded;
      try {
        f = v instanceof Arm ? ev.fold(v.expr) : ev.fold(parseArmExpression((v as string).slice(1, -1)));
      } catch (e) {
        if (options.keepInvalid && (e instanceof ArmParseError || e instanceof ArmEvalError)) return v instanceof Arm ? v.toJSON() : v;
        throw e;
      }
      return f.t === 'v' ? literalJson(f.v) : `[${serializeArm(toExpr(f))}]`;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      const innerScope = isInnerScopeDeployment(v as Record<string, unknown>);
      for (const [k, x] of Object.entries(v)) {
        if (x === undefined) continue;
        if (innerScope && k === 'properties' && isObject(x as ArmValue)) {
          // The inner template has its own parameters and variables: copy it unevaluated.
          const props: Record<string, unknown> = {};
          for (const [pk, px] of Object.entries(x as Record<string, unknown>)) if (px !== undefined) props[pk] = pk === 'template' ? px : walk(px);
          out[k] = props;
        } else {
          out[k] = walk(x);
        }
      }
      return out;
    }
    return v;
  };
  return walk(json);
}

/** A `Microsoft.Resources/deployments` resource whose inner template is evaluated in its own scope. */
function isInnerScopeDeployment(o: Record<string, unknown>): boolean {
  if (typeof o.type !== 'string' || o.type.toLowerCase() !== 'microsoft.resources/deployments') return false;
  const props = o.properties as { expressionEvaluationOptions?: { scope?: unknown } } | undefined;
  return typeof props?.expressionEvaluationOptions?.scope === 'string' && props.expressionEvaluationOptions.scope.toLowerCase() === 'inner';
}

/** A computed value written back into template JSON: strings that look like expressions get `[[`. */
function literalJson(v: ArmValue): unknown {
  if (typeof v === 'string') return escapeArmLiteral(v);
  if (Array.isArray(v)) return v.map(literalJson);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, literalJson(x)]));
  return v;
}

/**
 * Builds an evaluation context from a template: its variables and functions, parameter defaults (used
 * when `useDefaults` is true), plus the given values.
 * @param template an ARM template object
 * @param extra parameter values and deployment context to add
 */
export function templateContext(template: any, extra: ArmEvalContext & { useDefaults?: boolean } = {}): ArmEvalContext {
  const defaults: Record<string, unknown> = {};
  if (extra.useDefaults && isObject(template?.parameters)) {
    for (const [name, p] of Object.entries(template.parameters as Record<string, unknown>)) {
      if (isObject(p as ArmValue) && 'defaultValue' in (p as object)) defaults[name] = (p as { defaultValue: unknown }).defaultValue;
    }
  }
  const { useDefaults: _ignored, ...rest } = extra;
  return {
    ...rest,
    variables: { ...(isObject(template?.variables) ? template.variables : {}), ...(extra.variables ?? {}) },
    functions: extra.functions ?? template?.functions,
    parameterDefaults: { ...defaults, ...(extra.parameterDefaults ?? {}) },
  };
}
