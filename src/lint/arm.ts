/**
 * ARM template helpers shared by the lint rules: expressions in template values (parsed with hubc's
 * own ARM parser, never matched as text), the resources a `resourceId()` designates, secure parameters
 * and the values an expression can take over a parameter's allowed values.
 */
import { forEachArmNode, serializeArm, type ArmCall, type ArmExpr } from '../expressions/arm/ast.js';
import { parseArmExpression } from '../expressions/arm/parser.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { foldArm, isArmKnown, templateContext, type ArmEvalContext, type ArmValue } from '../expressions/arm/evaluate.js';
import { walkJson, isObject, type JsonPath } from '../util/json.js';

const parsed = new Map<string, ArmExpr | null>();

/**
 * The syntax tree of a template string value that is an ARM expression (`"[...]"`, not `"[[..."`), or
 * undefined for literals and for expressions that do not parse (the validators report those).
 */
export function armExpression(value: unknown): ArmExpr | undefined {
  if (!isArmExpressionString(value)) return undefined;
  const text = value as string;
  let e = parsed.get(text);
  if (e === undefined) {
    try {
      e = parseArmExpression(text.slice(1, -1));
    } catch {
      e = null;
    }
    parsed.set(text, e);
  }
  return e ?? undefined;
}

/** A function call found in a template value, with the path of the string that holds it. */
export interface FoundCall {
  call: ArmCall;
  /** Lower-case function name. */
  name: string;
  path: JsonPath;
}

/**
 * Every function call in the ARM expressions of a template value (object keys are not evaluated by ARM and
 * are not read).
 */
export function callsIn(value: unknown, base: JsonPath = []): FoundCall[] {
  const out: FoundCall[] = [];
  walkJson(
    value,
    (v, path) => {
      const e = armExpression(v);
      if (e) forEachArmNode(e, (n) => n.kind === 'call' && out.push({ call: n, name: n.name.toLowerCase(), path }));
    },
    base,
  );
  return out;
}

/**
 * The arguments a value's expressions give to member `key` of `createObject()` calls: how an object that
 * only some deployments have is written (`if(condition, null(), createObject('key', x, ...))`).
 */
export function createObjectMembers(value: unknown, key: string): ArmExpr[] {
  const out: ArmExpr[] = [];
  for (const c of callsIn(value)) {
    if (c.name !== 'createobject') continue;
    for (let i = 0; i + 1 < c.call.args.length; i += 2) if (literalArg(c.call, i)?.toLowerCase() === key.toLowerCase()) out.push(c.call.args[i + 1]);
  }
  return out;
}

/** The string literal argument `i` of a call, or undefined. */
export function literalArg(call: ArmCall, i: number): string | undefined {
  const a = call.args[i];
  return a?.kind === 'string' ? a.value : undefined;
}

/** Lower-case names of the parameters a value reads directly (`parameters('x')`). */
export function parametersIn(value: unknown): Set<string> {
  const out = new Set<string>();
  for (const c of callsIn(value)) if (c.name === 'parameters' && literalArg(c.call, 0)) out.add(literalArg(c.call, 0)!.toLowerCase());
  return out;
}

/**
 * What a value reads, directly or through the template's variables (followed transitively): the
 * parameters it names, whether it calls a `list*()` function (which return secrets), and, when it reads a
 * parameter or variable whose name is computed (`parameters(variables('which'))`), that call as written:
 * which one it reads is then known only at deployment.
 */
export interface Reads {
  /** Lower-case parameter names. */
  parameters: Set<string>;
  list: boolean;
  /** The first `parameters()` or `variables()` call whose name is not a literal, e.g. `parameters(variables('which'))`. */
  dynamic?: string;
}

const variableReadsCache = new WeakMap<object, Map<string, Reads>>();

/** Adds what one call reads to `reads`, following variables through `vars` (a lookup that may recurse). */
function addCall(reads: Reads, c: FoundCall, variable: (name: string) => Reads | undefined): void {
  if (c.name.startsWith('list')) reads.list = true;
  if (c.name !== 'parameters' && c.name !== 'variables') return;
  const arg = literalArg(c.call, 0)?.toLowerCase();
  if (arg === undefined) {
    reads.dynamic ??= serializeArm(c.call);
    return;
  }
  if (c.name === 'parameters') {
    reads.parameters.add(arg);
    return;
  }
  const inner = variable(arg);
  if (!inner) return;
  for (const p of inner.parameters) reads.parameters.add(p);
  reads.list ||= inner.list;
  reads.dynamic ??= inner.dynamic;
}

/** Per lower-case variable name, what it reads (transitively); cached per template. */
function variableReads(template: unknown): Map<string, Reads> {
  if (!isObject(template)) return new Map();
  let cached = variableReadsCache.get(template);
  if (cached) return cached;
  const variables = isObject(template.variables) ? template.variables : {};
  const byLower = new Map(Object.entries(variables).map(([k, v]) => [k.toLowerCase(), v]));
  const done = new Map<string, Reads>();
  const resolve = (name: string, stack: Set<string>): Reads => {
    const known = done.get(name);
    if (known) return known;
    const reads: Reads = { parameters: new Set(), list: false };
    if (stack.has(name)) return reads;
    stack.add(name);
    for (const c of callsIn(byLower.get(name))) addCall(reads, c, (v) => resolve(v, stack));
    stack.delete(name);
    done.set(name, reads);
    return reads;
  };
  for (const name of byLower.keys()) resolve(name, new Set());
  cached = done;
  variableReadsCache.set(template, cached);
  return cached;
}

/** What a value reads, directly or through the template's variables (see {@link Reads}). */
export function readsThrough(value: unknown, template: unknown): Reads {
  const vars = variableReads(template);
  const reads: Reads = { parameters: new Set(), list: false };
  for (const c of callsIn(value)) addCall(reads, c, (v) => vars.get(v));
  return reads;
}

/**
 * Lower-case names of the parameters a value reads directly or through variables (the template's
 * `variables` section, followed transitively).
 */
export function parametersThrough(value: unknown, template: unknown): Set<string> {
  return readsThrough(value, template).parameters;
}

/**
 * The secrets a value reads: the secure parameters (lower-case names) and whether it calls a `list*()`
 * function, directly or through variables; `dynamic` when it reads a parameter or variable by a computed
 * name while the template has secrets such a read could reach (see {@link Reads.dynamic}).
 */
export function secretsRead(value: unknown, template: unknown): { secure: string[]; list: boolean; dynamic?: string } {
  const reads = readsThrough(value, template);
  const secure = secureParameters(template);
  const anySecret = secure.size > 0 || [...variableReads(template).values()].some((v) => v.list);
  return {
    secure: [...reads.parameters].filter((p) => secure.has(p)),
    list: reads.list,
    ...(reads.dynamic !== undefined && anySecret ? { dynamic: reads.dynamic } : {}),
  };
}

/** Lower-case names of the template's `securestring` and `secureObject` parameters. */
export function secureParameters(template: unknown): Set<string> {
  const out = new Set<string>();
  const params = isObject(template) && isObject(template.parameters) ? template.parameters : {};
  for (const [name, p] of Object.entries(params)) {
    if (isObject(p) && typeof p.type === 'string' && /^secure(string|object)$/i.test(p.type)) out.add(name.toLowerCase());
  }
  return out;
}

/**
 * What a template value can be at deployment, as far as the build knows: the distinct values it takes
 * over every combination of the enumerable parameters it depends on, and whether some combination
 * cannot be evaluated before deployment.
 */
export interface PossibleValues {
  /** The distinct known values, in first-seen order. */
  values: ArmValue[];
  /**
   * Set when some combination has no value at build time, saying why: the part of the expression left
   * after folding is known only at deployment (it reads `reference()`, `resourceGroup()`, a parameter
   * without allowed values, ...), or there are too many combinations to try.
   */
  unknown?: string;
}

/**
 * The values an expression can take in one context: its value when it folds completely; for an `if()`
 * whose condition is known only at deployment, the values of both branches (the result is one of them);
 * otherwise unknown, with the residual expression.
 * @throws ArmEvalError as {@link foldArm}
 */
function foldedValues(expr: ArmExpr, ctx: ArmEvalContext): { values: ArmValue[]; unknown?: string } {
  const f = foldArm(expr, ctx);
  if (isArmKnown(f)) return { values: [f.value] };
  if (f.kind === 'call' && f.name.toLowerCase() === 'if' && f.args.length === 3) {
    const a = foldedValues(f.args[1]!, ctx);
    const b = foldedValues(f.args[2]!, ctx);
    const unknown = a.unknown ?? b.unknown;
    return { values: [...a.values, ...b.values], ...(unknown !== undefined ? { unknown } : {}) };
  }
  return { values: [], unknown: `[${serializeArm(f)}] is known only at deployment` };
}

/**
 * The values a template value can take at deployment. Parameters with `allowedValues` range over them,
 * `bool` parameters over true and false; `extra` fixes parameters to one value. Any other parameter is
 * chosen at deployment, as are `reference()`, `resourceGroup()` and the like: a result that depends on
 * them is unknown, except that an `if()` whose condition depends on them takes the values of its branches. At most `limit` combinations are tried; more make the result unknown too. A
 * combination whose evaluation fails is left out (the deployment fails there; the validators report it).
 * @param value a template value (a literal or an `"[...]"` expression string); undefined gives no values
 * @returns the known values and, when some combination is not known at build time, why
 */
export function possibleValues(value: unknown, template: unknown, extra: Record<string, ArmValue> = {}, limit = 512): PossibleValues {
  const e = armExpression(value);
  if (!e) return { values: value === undefined ? [] : [value as ArmValue] };
  const params = isObject(template) && isObject(template.parameters) ? template.parameters : {};
  const ranges: [string, ArmValue[]][] = [];
  for (const name of parametersThrough(value, template)) {
    if (Object.keys(extra).some((k) => k.toLowerCase() === name)) continue;
    const [key, p] = Object.entries(params).find(([k]) => k.toLowerCase() === name) ?? [];
    if (!key || !isObject(p)) continue;
    if (Array.isArray(p.allowedValues)) ranges.push([key, p.allowedValues as ArmValue[]]);
    else if (typeof p.type === 'string' && p.type.toLowerCase() === 'bool') ranges.push([key, [true, false]]);
  }
  const combinations = ranges.reduce((n, [, values]) => n * values.length, 1);
  const out: ArmValue[] = [];
  const seen = new Set<string>();
  let unknown: string | undefined = combinations > limit ? `${value as string} takes more than ${limit} combinations of parameter values` : undefined;
  let tried = 0;
  const combine = (i: number, chosen: Record<string, ArmValue>) => {
    if (tried >= limit) return;
    if (i === ranges.length) {
      tried++;
      try {
        const found = foldedValues(e, templateContext(template, { parameters: { ...chosen, ...extra } }));
        unknown ??= found.unknown;
        for (const v of found.values) {
          if (seen.has(JSON.stringify(v))) continue;
          seen.add(JSON.stringify(v));
          out.push(v);
        }
      } catch {
        // An evaluation error for this combination: the validators report expression errors.
      }
      return;
    }
    for (const v of ranges[i][1]) combine(i + 1, { ...chosen, [ranges[i][0]]: v });
  };
  combine(0, {});
  return unknown === undefined ? { values: out } : { values: out, unknown };
}
