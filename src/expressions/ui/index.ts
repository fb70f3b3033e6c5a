/**
 * Typed builders of portal-form expressions (createUiDefinition.json). The form language writes
 * expressions as ARM templates do, `"[...]"`, with the same literals, calls and member access, and its own
 * functions: `steps('step').element`, `basics('element')`, `location()`, `parse('json')` and the logical,
 * string and collection functions it shares with templates. Sources: "CreateUiDefinition functions"
 * (learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-uidefinition-functions) and
 * the referencing functions page of the same set.
 *
 * Expressions are syntax trees of `../arm/ast.ts` serialized by its one serializer, so quoting is done in
 * one place: a `'` inside a literal (also inside JSON given to {@link parseJson}) is doubled, brackets
 * and other characters are kept as they are. A {@link UiExpr} is a different type from a template's
 * `Arm`, so a form expression cannot end up in a template or the reverse.
 */
import { serializeArm, type ArmExpr } from '../arm/ast.js';

/** A portal-form expression; serialized as `"[...]"` when the form is written as JSON. */
export class UiExpr {
  constructor(readonly expr: ArmExpr) {}
  /** `this.name` (`steps('storage').storageSku`). */
  get(name: string): UiExpr {
    return new UiExpr({ kind: 'property', target: this.expr, name });
  }
  /** The `"[...]"` text the form holds. */
  toJSON(): string {
    return `[${serializeArm(this.expr)}]`;
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
