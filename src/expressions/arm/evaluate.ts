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
 * template-functions). This file holds the entry points; `./evaluator.ts` the folding engine and
 * `./functions.ts` the function library.
 */
import { Arm, serializeArm, type ArmExpr } from './ast.js';
import { escapeArmLiteral } from './semantics.js';
import { ArmParseError, parseArmExpression } from './parser.js';
import { isArmExpressionString } from './semantics.js';
import { ArmEvalError, isArmObject, toExpr, type ArmValue, type Folded } from './functions.js';
import { Evaluator, Scope, type ArmEvalContext } from './evaluator.js';

export { ArmEvalError, type ArmValue } from './functions.js';
export { armUniqueString, armGuid } from './functions.js';
export type { ArmEvalContext } from './evaluator.js';

/** Thrown by {@link evaluateArm} when the value depends on something unknown before deployment. */
export class ArmUnknownValueError extends ArmEvalError {
  constructor(public readonly residual: ArmExpr) {
    super(`the value is only known at deployment: [${serializeArm(residual)}]`);
    this.name = 'ArmUnknownValueError';
  }
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
  return templateValueFolder(ctx, options)(json);
}

/**
 * A {@link foldTemplateValue} bound to one context: variables and parameters are folded once and cached
 * across calls (use it to fold many values of one template, e.g. every resource's name and condition).
 */
export function templateValueFolder(ctx: ArmEvalContext = {}, options: { keepInvalid?: boolean } = {}): (json: unknown) => unknown {
  const ev = new Scope(ctx).root();
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
        if (innerScope && k === 'properties' && isArmObject(x as ArmValue)) {
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
  return walk;
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
  if (isArmObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, literalJson(x)]));
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
  if (extra.useDefaults && isArmObject(template?.parameters)) {
    for (const [name, p] of Object.entries(template.parameters as Record<string, unknown>)) {
      if (isArmObject(p as ArmValue) && 'defaultValue' in (p as object)) defaults[name] = (p as { defaultValue: unknown }).defaultValue;
    }
  }
  const { useDefaults: _ignored, ...rest } = extra;
  return {
    ...rest,
    variables: { ...(isArmObject(template?.variables) ? template.variables : {}), ...extra.variables },
    functions: extra.functions ?? template?.functions,
    parameterDefaults: { ...defaults, ...extra.parameterDefaults },
  };
}
