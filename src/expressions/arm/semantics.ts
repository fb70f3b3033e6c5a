/**
 * ARM template semantics shared by every layer that reads or writes templates (emitters, validators, lint,
 * deploy, simulate): which string values are expressions, how literals are escaped, and what resource a
 * name or a `resourceId()` call designates. Source: "Syntax and expressions in ARM templates" (escape
 * characters) and "Resource functions" / "Define the order for deploying resources"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/template-expressions,
 * template-functions-resource, resource-dependency).
 */
import { serializeArm, type ArmCall, type ArmExpr } from './ast.js';
import { ArmNestingError, ArmParseError, parseArmExpression } from './parser.js';

/**
 * True when a template string value is an ARM expression: it starts with `[` and ends with `]` and
 * does not start with the `[[` escape. Source: template-expressions ("Escape characters"). The one test
 * for "is this an ARM expression" used by the evaluator, the emitters, the validators and lint.
 * @param value any template JSON value (false for non-strings)
 */
export function isArmExpressionString(value: unknown): boolean {
  return typeof value === 'string' && value.length >= 2 && value.startsWith('[') && value.endsWith(']') && !value.startsWith('[[');
}

/**
 * The text a template string that is not an expression stands for: the `[[...]` escape loses its first
 * `[`; anything else is unchanged (inverse of {@link escapeArmLiteral}). Source:
 * template-expressions ("Escape characters").
 * @param text a template string value for which {@link isArmExpressionString} is false
 */
export function unescapeArmLiteral(text: string): string {
  return text.startsWith('[[') && text.endsWith(']') ? text.slice(1) : text;
}

/**
 * Reads a template string value the way ARM does.
 * - `"[...]"` is an expression: returns its syntax tree.
 * - `"[[...]"` is the escaped literal `"[...]"`: returns the string without the first `[`.
 * - anything else is a literal: returns it unchanged.
 * @param value a template JSON value
 * @returns the expression, the literal string, or `undefined` when `value` is not a string
 * @throws ArmParseError (offset counted in the whole value, the leading `[` being offset 0) when an
 *   expression does not parse
 */
export function parseArmString(value: string): ArmExpr | string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!isArmExpressionString(value)) return unescapeArmLiteral(value);
  try {
    return parseArmExpression(value.slice(1, -1));
  } catch (e) {
    if (e instanceof ArmNestingError) throw new ArmNestingError(e.offset + 1);
    if (e instanceof ArmParseError) throw new ArmParseError(e.detail, e.offset + 1);
    throw e;
  }
}

/**
 * Escapes a literal template string that starts with `[` so ARM does not read it as an expression
 * (ARM rule: a leading `[[` stands for a literal `[`).
 */
export function escapeArmLiteral(text: string): string {
  return text.startsWith('[') && text.endsWith(']') ? `[${text}` : text;
}

/**
 * Name segments of a resource `name` that is an expression: `format('{0}/{1}', a, b)` gives `a`, `b`; a
 * string literal `'x/y'` gives `'x'`, `'y'`; any other expression is one opaque segment.
 */
export function nameSegments(name: ArmExpr): ArmExpr[] {
  if (name.kind === 'string') return literalNameSegments(name.value);
  if (name.kind === 'call' && name.name.toLowerCase() === 'format' && name.args[0]?.kind === 'string' && /^\{0\}(\/\{\d+\})+$/.test(name.args[0].value)) {
    return name.args.slice(1);
  }
  return [name];
}

/** Name segments of a literal resource name (`'x/y'` gives the string nodes `x` and `y`). */
export function literalNameSegments(name: string): ArmExpr[] {
  return name.split('/').map((value) => ({ kind: 'string', value }));
}

/**
 * Identity of a resource for matching `resourceId()` targets: the lower-case type and the serialized name
 * segments, so `format('{0}/{1}', a, 'b')` and `resourceId(type, a, 'b')` meet.
 * @param type full resource type as written, e.g. `Microsoft.Storage/storageAccounts/blobServices`
 */
export function resourceKey(type: string, segments: readonly ArmExpr[]): string {
  return `${type.toLowerCase()}|${segments.map(serializeArm).join('|')}`;
}

/**
 * The {@link resourceKey} of a resource as the template JSON writes it (`type` and `name` values), or
 * undefined when the type is not literal text, the name is not a string or its expression does not parse.
 */
export function templateResourceKey(type: unknown, name: unknown): string | undefined {
  if (typeof type !== 'string' || isArmExpressionString(type) || typeof name !== 'string') return undefined;
  const segments = templateNameSegments(name);
  return segments && resourceKey(type, segments);
}

/** Name segments of a template `name` value (literal or expression); undefined when it does not parse. */
export function templateNameSegments(name: string): ArmExpr[] | undefined {
  let parsed: ArmExpr | string | undefined;
  try {
    parsed = parseArmString(name);
  } catch {
    return undefined;
  }
  return typeof parsed === 'string' ? literalNameSegments(parsed) : parsed && nameSegments(parsed);
}

/**
 * The last name segment of a resource as literal text (`format('{0}/{1}', v, 'storage')` gives `storage`,
 * `'a/b'` gives `b`), or undefined when it is an expression.
 * @param name a template `name` value
 */
export function lastNameLiteral(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  const segments = templateNameSegments(name);
  const last = segments?.[segments.length - 1];
  return last?.kind === 'string' ? last.value : undefined;
}

/** Text of a name argument: a literal's value, else the expression as written. */
function segmentText(e: ArmExpr): string {
  return e.kind === 'string' ? e.value : serializeArm(e);
}

/**
 * The last segment of a resource name as text, known or not: the last `/` segment of a literal, the last
 * argument of `format(...)`, or the part after the last `'/'` literal of `concat(...)` (literal values as
 * text, expressions as written); any other expression whole; a name that does not parse, after its last `/`.
 * A Data Factory child object's own name (`format('{0}/{1}', variables('dataFactoryName'), 'storage')` gives `storage`).
 * @param name a template `name` value (anything else gives its JSON text)
 */
export function lastNameText(name: unknown): string {
  if (typeof name !== 'string') return JSON.stringify(name);
  let parsed: ArmExpr | string | undefined;
  try {
    parsed = parseArmString(name);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || typeof parsed === 'string') {
    const text = typeof parsed === 'string' ? parsed : name;
    return text.slice(text.lastIndexOf('/') + 1);
  }
  if (parsed.kind === 'call' && parsed.name.toLowerCase() === 'format' && parsed.args.length > 1) return segmentText(parsed.args[parsed.args.length - 1]);
  if (parsed.kind === 'call' && parsed.name.toLowerCase() === 'concat') {
    const args = parsed.args;
    const slash = args.map((x) => x.kind === 'string' && x.value.endsWith('/')).lastIndexOf(true);
    if (slash >= 0 && slash < args.length - 1)
      return args
        .slice(slash + 1)
        .map(segmentText)
        .join('');
  }
  return serializeArm(parsed);
}

/**
 * The resources of a template whose type is `type` (case-insensitive) and whose last name segment is the
 * literal `name` (child resources are named `parent/child`, so a Data Factory pipeline is found by its own
 * name). Resources are template JSON objects; others are skipped.
 */
export function findResourcesByName<R>(resources: readonly R[], type: string, name: string): R[] {
  const lower = type.toLowerCase();
  return resources.filter((r) => {
    const o = r as { type?: unknown; name?: unknown } | null;
    return typeof o?.type === 'string' && o.type.toLowerCase() === lower && lastNameLiteral(o.name) === name;
  });
}

/**
 * Functions that build a resource ID, with the number of scope arguments that may come before the type
 * (`resourceId([subscriptionId], [resourceGroupName], type, names...)`, `extensionResourceId(scope, type,
 * names...)`, whose first argument is always the scope). Source: template-functions-resource.
 */
const RESOURCE_ID_FUNCTIONS: Readonly<Record<string, { first: number; optionalScopes: number }>> = {
  resourceid: { first: 0, optionalScopes: 2 },
  subscriptionresourceid: { first: 0, optionalScopes: 1 },
  tenantresourceid: { first: 0, optionalScopes: 0 },
  extensionresourceid: { first: 1, optionalScopes: 0 },
};

/** True for `resourceId`, `subscriptionResourceId`, `tenantResourceId` and `extensionResourceId` (any case). */
export function isResourceIdFunction(name: string): boolean {
  return Object.hasOwn(RESOURCE_ID_FUNCTIONS, name.toLowerCase());
}

/** What a `resourceId()`-family call designates. */
export interface ResourceIdTarget {
  /** Lower-case function name, e.g. `resourceid`. */
  function: string;
  /** The resource type as written (a string literal argument). */
  type: string;
  /** The name arguments after the type, one per type level when the call is well formed. */
  names: ArmExpr[];
  /** Number of name segments the type needs (`Ns/a/b` needs 2). */
  levels: number;
  /** True when the call names a subscription or resource group before the type. */
  scoped: boolean;
}

/**
 * Reads a `resourceId`, `subscriptionResourceId`, `tenantResourceId` or `extensionResourceId` call: the
 * type is the first string literal holding a `/` among the positions a scope argument may take
 * (subscription IDs and resource group names never hold a `/`).
 * @returns undefined for other functions, and when no such literal is found (the target cannot be told)
 */
export function resourceIdTarget(call: ArmCall): ResourceIdTarget | undefined {
  const fn = call.name.toLowerCase();
  const shape = RESOURCE_ID_FUNCTIONS[fn];
  if (!shape) return undefined;
  for (let i = shape.first; i <= shape.first + shape.optionalScopes && i < call.args.length; i++) {
    const a = call.args[i];
    if (a.kind === 'string' && a.value.includes('/')) {
      return { function: fn, type: a.value, names: call.args.slice(i + 1), levels: a.value.split('/').length - 1, scoped: i > shape.first };
    }
  }
  return undefined;
}

/**
 * The {@link resourceKey} of the resource a same-scope `resourceId(type, names...)` or
 * `extensionResourceId(scope, type, names...)` call designates (one name per type level), or undefined for
 * other calls: the key of a resource this template may deploy.
 */
export function sameScopeTargetKey(call: ArmCall): string | undefined {
  const t = resourceIdTarget(call);
  if (!t || t.scoped || (t.function !== 'resourceid' && t.function !== 'extensionresourceid') || t.names.length !== t.levels) return undefined;
  return resourceKey(t.type, t.names);
}
