/**
 * The partial evaluator of ARM expressions behind `./evaluate.ts`: a {@link Scope} holds what one
 * evaluation context knows (parameters, variables, user-defined functions, deployment values) and caches
 * folded variables and parameter defaults; an {@link Evaluator} folds expressions in one scope (the
 * template, a user-defined function body, a lambda body or a copy loop), calling the function library of
 * `./functions.ts`. Source: "ARM template functions" (learn.microsoft.com/azure/azure-resource-manager/
 * templates/template-functions).
 */
import { Arm, type ArmCall, type ArmExpr } from './ast.js';
import { parseArmExpression } from './parser.js';
import { isArmExpressionString, unescapeArmLiteral } from './semantics.js';
import {
  ArmEvalError,
  AZURE_CLOUD_ENVIRONMENT,
  armFunction,
  arityText,
  foldedArray,
  foldedObject,
  getProperty,
  isArmObject,
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

/**
 * What the evaluator knows. Every field is optional; a missing value is unknown, and expressions that
 * depend on it stay residual in {@link foldArm}.
 */
export interface ArmEvalContext {
  /** Parameter values by name (case-insensitive). */
  parameters?: Record<string, ArmValue>;
  /**
   * Parameter values known only in part (an object some of whose members are known only at deployment),
   * as an enclosing scope folded them: a nested deployment's parameters (`./flatten.ts`). Read after
   * `parameters`, before `parameterDefaults`.
   */
  foldedParameters?: Record<string, Folded>;
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
   * `reference(resourceId, ...)` of resources whose runtime state the caller knows (e.g. the outputs of a
   * nested deployment, or what `runtime.ts` derives from a declaration): the value for a resource ID
   * (compared as given; `full` for `reference(id, apiVersion, 'Full')`), or undefined to leave the call
   * residual. Members the value lacks stay residual.
   */
  reference?: (resourceId: string, full: boolean) => ArmValue | undefined;
  /** The resource ID a symbolic name designates (languageVersion 2.0: `reference('vnet')`), when known. */
  symbol?: (name: string) => string | undefined;
  /**
   * When true (default) a variable whose value is not fully known is replaced by its residual
   * expression; when false, `variables('name')` is kept.
   */
  inlineVariables?: boolean;
}

const EXPR_KINDS = new Set(['string', 'number', 'keyword', 'call', 'property', 'index']);

/** True when `v` is an expression syntax tree (rather than template JSON). */
function isExprNode(v: unknown): v is ArmExpr {
  if (!isArmObject(v as ArmValue) || !EXPR_KINDS.has((v as { kind?: unknown }).kind as string)) return false;
  const n = v as Record<string, unknown>;
  switch (n.kind) {
    case 'call':
      return typeof n.name === 'string' && Array.isArray(n.args);
    case 'property':
      return typeof n.name === 'string' && isArmObject(n.target as ArmValue);
    case 'index':
      return isArmObject(n.target as ArmValue) && isArmObject(n.index as ArmValue);
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
    if (!isArmObject(ns) || typeof ns.namespace !== 'string' || !isArmObject(ns.members)) continue;
    for (const [name, m] of Object.entries(ns.members)) {
      if (!isArmObject(m)) continue;
      const params = Array.isArray(m.parameters) ? m.parameters.map((p) => (isArmObject(p) && typeof p.name === 'string' ? p.name : '')) : [];
      const output = isArmObject(m.output) ? m.output.value : undefined;
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

/**
 * Shared per-context state: caches of folded variables and parameter defaults.
 * @throws ArmEvalError (from its methods) for a variable or parameter default that refers to itself
 */
export class Scope {
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
      reference: ctx.reference,
      symbol: ctx.symbol,
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
    const partial = lookup(this.ctx.foldedParameters, name);
    if (partial) return partial.value;
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
    const entry = copies.find(
      (c) => isArmObject(c as ArmValue) && typeof (c as { name?: unknown }).name === 'string' && (c as { name: string }).name.toLowerCase() === name.toLowerCase(),
    );
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

/**
 * Folds expressions in one scope (template scope, a user-function body, or a lambda body).
 * @throws ArmEvalError (from `fold`/`foldJson`) for expressions that fail whatever the unknowns are
 */
export class Evaluator implements EvalHost {
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
    // Re-entered last, so `copyIndex()` without a name reads it.
    delete map[loop];
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
      return foldedObject(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, this.foldJson(v)]),
      );
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
        if (isArmObject(v)) {
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
    if (c.name.includes('.'))
      return this.userFunction(
        c,
        c.args.map((a) => this.fold(a)),
      );
    const def = armFunction(c.name);
    if (!def) throw new ArmEvalError(`unknown ARM function '${c.name}'`);
    if (c.args.length < def.min || c.args.length > def.max) throw new ArmEvalError(`${c.name}() takes ${arityText(def)} argument(s), got ${c.args.length}`);
    if (def.lazy) return def.lazy(c, this);
    const args = c.args.map((a) => this.fold(a));
    if (def.partial) {
      const r = def.partial(args, this, c);
      if (r) return r;
    }
    if (def.fn && args.every((a) => a.t === 'v'))
      return known(
        def.fn(
          args.map((a) => (a as { v: ArmValue }).v),
          this,
        ),
      );
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
