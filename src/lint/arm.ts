/**
 * ARM template helpers shared by the lint rules: expressions in template values (parsed with hubc's
 * own ARM parser, never matched as text), the resources a `resourceId()` designates, secure parameters
 * and the values an expression can take over a parameter's allowed values.
 */
import { forEachArmNode, type ArmCall, type ArmExpr } from '../expressions/arm/ast.js';
import { parseArmExpression } from '../expressions/arm/parser.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { foldArm, isArmKnown, templateContext, type ArmValue } from '../expressions/arm/evaluate.js';
import { walkJson, type JsonPath } from './json.js';
import { isObject } from '../util/json.js';

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

/** What a template variable reads, directly or through other variables. */
interface VariableReads {
  parameters: Set<string>;
  list: boolean;
}

const variableReadsCache = new WeakMap<object, Map<string, VariableReads>>();

/** Per lower-case variable name, the parameters and `list*()` calls it reads (transitively); cached per template. */
function variableReads(template: unknown): Map<string, VariableReads> {
  if (!isObject(template)) return new Map();
  let cached = variableReadsCache.get(template);
  if (cached) return cached;
  const variables = isObject(template.variables) ? template.variables : {};
  const byLower = new Map(Object.entries(variables).map(([k, v]) => [k.toLowerCase(), v]));
  cached = new Map();
  const resolve = (name: string, stack: Set<string>): VariableReads => {
    const done = cached!.get(name);
    if (done) return done;
    const reads: VariableReads = { parameters: new Set(), list: false };
    if (stack.has(name)) return reads;
    stack.add(name);
    for (const c of callsIn(byLower.get(name))) {
      const arg = literalArg(c.call, 0)?.toLowerCase();
      if (c.name.startsWith('list')) reads.list = true;
      if (c.name === 'parameters' && arg) reads.parameters.add(arg);
      if (c.name === 'variables' && arg) {
        const inner = resolve(arg, stack);
        for (const p of inner.parameters) reads.parameters.add(p);
        reads.list ||= inner.list;
      }
    }
    stack.delete(name);
    cached!.set(name, reads);
    return reads;
  };
  for (const name of byLower.keys()) resolve(name, new Set());
  variableReadsCache.set(template, cached);
  return cached;
}

/**
 * Lower-case names of the parameters a value reads directly or through variables (the template's
 * `variables` section, followed transitively).
 */
export function parametersThrough(value: unknown, template: unknown): Set<string> {
  const vars = variableReads(template);
  const out = new Set<string>();
  for (const c of callsIn(value)) {
    const arg = literalArg(c.call, 0)?.toLowerCase();
    if (!arg) continue;
    if (c.name === 'parameters') out.add(arg);
    else if (c.name === 'variables') for (const p of vars.get(arg)?.parameters ?? []) out.add(p);
  }
  return out;
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
 * The values a template value can take when the parameters it depends on range over their
 * `allowedValues` (and `bool` parameters over true and false); other parameters keep their defaults.
 * Deployment-time values (`resourceGroup()`, `reference()`) make a combination unknown; those are left
 * out. At most `limit` combinations are tried.
 * @returns the distinct known values, or undefined when none is known
 */
export function possibleValues(value: unknown, template: unknown, extra: Record<string, ArmValue> = {}, limit = 512): ArmValue[] | undefined {
  const e = armExpression(value);
  if (!e) return value === undefined ? undefined : [value as ArmValue];
  const params = isObject(template) && isObject(template.parameters) ? template.parameters : {};
  const ranges: [string, ArmValue[]][] = [];
  for (const name of parametersThrough(value, template)) {
    if (name in extra) continue;
    const [key, p] = Object.entries(params).find(([k]) => k.toLowerCase() === name) ?? [];
    if (!key || !isObject(p)) continue;
    if (Array.isArray(p.allowedValues)) ranges.push([key, p.allowedValues as ArmValue[]]);
    else if (p.type === 'bool') ranges.push([key, [true, false]]);
  }
  const out: ArmValue[] = [];
  const seen = new Set<string>();
  let tried = 0;
  const combine = (i: number, chosen: Record<string, ArmValue>) => {
    if (tried >= limit) return;
    if (i === ranges.length) {
      tried++;
      try {
        const f = foldArm(e, templateContext(template, { useDefaults: true, parameters: { ...chosen, ...extra } }));
        if (isArmKnown(f) && !seen.has(JSON.stringify(f.value))) {
          seen.add(JSON.stringify(f.value));
          out.push(f.value);
        }
      } catch {
        // An evaluation error for this combination: the validators report expression errors.
      }
      return;
    }
    for (const v of ranges[i][1]) combine(i + 1, { ...chosen, [ranges[i][0]]: v });
  };
  combine(0, {});
  return out.length ? out : undefined;
}

/**
 * True when a value reads a `list*()` function (`listKeys`, `listSecrets`, ...), which return secrets,
 * directly or through the template's variables.
 */
export function readsListThrough(value: unknown, template: unknown): boolean {
  const vars = variableReads(template);
  return callsIn(value).some((c) => c.name.startsWith('list') || (c.name === 'variables' && vars.get(literalArg(c.call, 0)?.toLowerCase() ?? '')?.list === true));
}
