/**
 * Typed builders of portal-form expressions (createUiDefinition.json). The form language writes
 * expressions as ARM templates do, `"[...]"`, with the same literals, calls and member access, and its own
 * functions: `steps('step').element`, `basics('element')`, `location()`, `parse('json')` and the logical,
 * string and collection functions it shares with templates. Sources: "CreateUiDefinition functions"
 * (learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-uidefinition-functions) and
 * the referencing functions page of the same set.
 *
 * Lambdas (`map(list, (row) => row.scope)`, the form's collection functions `map` and `filter`,
 * learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-ui-definition-collection-functions)
 * are the template's `lambda()` nodes written in the form's arrow syntax (`arrowLambdas` of `../arm/ast.ts`).
 *
 * Expressions are syntax trees of `../arm/ast.ts` serialized by its one serializer, so quoting is done in
 * one place: a `'` inside a literal (also inside JSON given to {@link parseJson}) is doubled, brackets
 * and other characters are kept as they are. A {@link UiExpr} is a different type from a template's
 * `Arm`, so a form expression cannot end up in a template or the reverse.
 */
import { serializeArmSyntax, type ArmExpr } from '../arm/ast.js';
import { ArmParseError, parseArmExpression } from '../arm/parser.js';
import { isArmExpressionString, unescapeArmLiteral } from '../arm/semantics.js';

/** The form's syntax: lambdas written `(x) => body`. */
const FORM_SYNTAX = { arrowLambdas: true } as const;

/** A portal-form expression; serialized as `"[...]"` when the form is written as JSON. */
export class UiExpr {
  constructor(readonly expr: ArmExpr) {}
  /** `this.name` (`steps('storage').storageSku`). */
  get(name: string): UiExpr {
    return new UiExpr({ kind: 'property', target: this.expr, name });
  }
  /** The `"[...]"` text the form holds. */
  toJSON(): string {
    return `[${serializeArmSyntax(this.expr, FORM_SYNTAX)}]`;
  }
}

/** An argument: an expression, or a literal (strings quoted, integers as they are, booleans as `true()`). */
export type UiArg = UiExpr | string | number | boolean;

function node(value: UiArg): ArmExpr {
  if (value instanceof UiExpr) return value.expr;
  if (typeof value === 'string') return { kind: 'string', value };
  if (typeof value === 'number') return { kind: 'number', value };
  return { kind: 'call', name: value ? 'true' : 'false', args: [] };
}

/** A call of a form function. */
export function call(name: string, ...args: UiArg[]): UiExpr {
  return new UiExpr({ kind: 'call', name, args: args.map(node) });
}

/** `steps('step').element`: the value of an element of a step after Basics. */
export const steps = (step: string, element: string): UiExpr => call('steps', step).get(element);
/** `basics('element')`: the value of an element of the Basics step. */
export const basics = (element: string): UiExpr => call('basics', element);
/** `location()`: the location chosen in Basics. */
export const location = (): UiExpr => call('location');
/** `parse('text')`: JSON text to a value. */
export const parse = (text: UiArg): UiExpr => call('parse', text);
/** `parse('<JSON of value>')`: a literal object or array (the JSON text is quoted like any literal). */
export const parseJson = (value: unknown): UiExpr => parse(JSON.stringify(value));
/** `if(condition, whenTrue, whenFalse)` */
export const if_ = (condition: UiArg, whenTrue: UiArg, whenFalse: UiArg): UiExpr => call('if', condition, whenTrue, whenFalse);
/** `not(value)` */
export const not = (value: UiArg): UiExpr => call('not', value);
/** `and(a, b, ...)` */
export const and = (...values: UiArg[]): UiExpr => call('and', ...values);
/** `empty(value)` */
export const empty = (value: UiArg): UiExpr => call('empty', value);
/** `equals(a, b)` */
export const equals = (a: UiArg, b: UiArg): UiExpr => call('equals', a, b);
/** `split(text, delimiter)` */
export const split = (text: UiArg, delimiter: UiArg): UiExpr => call('split', text, delimiter);
/** `startsWith(text, prefix)` */
export const startsWith = (text: UiArg, prefix: UiArg): UiExpr => call('startsWith', text, prefix);
/** `or(a, b, ...)` */
export const or = (...values: UiArg[]): UiExpr => call('or', ...values);
/** `contains(collection, item)`: an array holds the item, a string the substring, an object the key. */
export const contains = (collection: UiArg, item: UiArg): UiExpr => call('contains', collection, item);
/** `concat(a, b, ...)`: strings joined. */
export const concat = (...values: UiArg[]): UiExpr => call('concat', ...values);
/** `subscription()`: the subscription chosen in Basics (`id` is `/subscriptions/<guid>`). */
export const subscription = (): UiExpr => call('subscription');

/**
 * A one-parameter lambda `(name) => body`; `body` receives the parameter as an expression.
 * @param name the parameter's name (an identifier; it shadows nothing the form names, so pick a word such as `row`)
 * @throws Error when `name` is not an identifier
 */
function lambda(name: string, body: (parameter: UiExpr) => UiExpr): ArmExpr {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`lambda parameter '${name}' is not an identifier`);
  const parameter = new UiExpr({ kind: 'call', name: 'lambdaVariables', args: [{ kind: 'string', value: name }] });
  return { kind: 'call', name: 'lambda', args: [{ kind: 'string', value: name }, body(parameter).expr] };
}

/** `map(array, (name) => body)`: a new array of `body` for each item. */
export const map = (array: UiArg, name: string, body: (item: UiExpr) => UiExpr): UiExpr => new UiExpr({ kind: 'call', name: 'map', args: [node(array), lambda(name, body)] });
/** `filter(array, (name) => condition)`: the items for which `condition` is true. */
export const filter = (array: UiArg, name: string, condition: (item: UiExpr) => UiExpr): UiExpr =>
  new UiExpr({ kind: 'call', name: 'filter', args: [node(array), lambda(name, condition)] });

/**
 * Reads a form value the way the portal does: `"[...]"` is an expression in the form's syntax (lambdas
 * `(x) => body`), `"[[..."` the escaped literal, anything else a literal.
 * @returns the expression's tree, or the literal string
 * @throws ArmParseError (offset in the whole value, the leading `[` being offset 0) when an expression does not parse
 */
export function parseFormValue(value: string): ArmExpr | string {
  if (!isArmExpressionString(value)) return unescapeArmLiteral(value);
  try {
    return parseArmExpression(value.slice(1, -1), FORM_SYNTAX);
  } catch (e) {
    if (e instanceof ArmParseError) throw new ArmParseError(e.detail, e.offset + 1);
    throw e;
  }
}
