/**
 * ARM template expression syntax tree, builders and serializer.
 *
 * An ARM expression is the text between `[` and `]` in a template string value, e.g.
 * `[concat(parameters('hubName'), '-engine')]`. Source: "Syntax and expressions in ARM templates"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/template-expressions).
 *
 * Modules never write expression text by hand: they build a tree with the helpers in `./builders.ts`
 * and the emitters call {@link toArmString} to serialize it, so quoting and nesting are always right.
 */

/** A string literal, written `'text'` with `'` doubled inside. */
export interface ArmString {
  kind: 'string';
  value: string;
}
/** An integer literal. ARM expressions have no fractional numbers. */
export interface ArmNumber {
  kind: 'number';
  value: number;
}
/** `true` / `false` / `null` values, serialized as the functions `true()`, `false()`, `null()`. */
export interface ArmKeyword {
  kind: 'keyword';
  value: true | false | null;
}
/** A function call such as `concat(a, b)`. Names are case-insensitive in ARM; we emit them as written. */
export interface ArmCall {
  kind: 'call';
  name: string;
  args: ArmExpr[];
}
/** A property access `target.name`. */
export interface ArmProperty {
  kind: 'property';
  target: ArmExpr;
  name: string;
}
/** An index access `target[index]`. */
export interface ArmIndex {
  kind: 'index';
  target: ArmExpr;
  index: ArmExpr;
}

/** Any ARM expression node. */
export type ArmExpr = ArmString | ArmNumber | ArmKeyword | ArmCall | ArmProperty | ArmIndex;

/**
 * Visits every node of an expression tree, parents before children, arguments in order. The one walker
 * over ARM expression trees (validators, emitters, lint).
 *
 * `visit` also receives the lambda variables in scope at the node: the names (lower-cased, as ARM compares
 * them) declared by the string arguments before the body of every enclosing `lambda(...)` call. A
 * `lambda` call itself is visited in the outer scope; all its arguments in the scope it opens. Source:
 * "Lambda functions for ARM templates" (learn.microsoft.com/azure/azure-resource-manager/templates/
 * template-functions-lambda).
 * @param expr the root of the tree
 * @param visit called once per node
 * @param lambdaVariables the variables in scope at `expr` (default none)
 */
export function forEachArmNode(expr: ArmExpr, visit: (node: ArmExpr, lambdaVariables: readonly string[]) => void, lambdaVariables: readonly string[] = []): void {
  visit(expr, lambdaVariables);
  switch (expr.kind) {
    case 'call': {
      const inner =
        expr.name.toLowerCase() === 'lambda'
          ? [...lambdaVariables, ...expr.args.slice(0, -1).flatMap((a) => (a.kind === 'string' ? [a.value.toLowerCase()] : []))]
          : lambdaVariables;
      for (const a of expr.args) forEachArmNode(a, visit, inner);
      break;
    }
    case 'property':
      forEachArmNode(expr.target, visit, lambdaVariables);
      break;
    case 'index':
      forEachArmNode(expr.target, visit, lambdaVariables);
      forEachArmNode(expr.index, visit, lambdaVariables);
      break;
  }
}

/**
 * A value inside a template JSON tree that is an ARM expression. Emitters replace it with
 * `"[<expression>]"`. The class wrapper lets emitters tell expressions apart from plain objects.
 */
export class Arm {
  constructor(public readonly expr: ArmExpr) {}
  /** Serialized as the bracketed string when the tree is turned into JSON (once: the tree is immutable). */
  toJSON(): string {
    let text = armTexts.get(this);
    if (text === undefined) armTexts.set(this, (text = `[${serializeArm(this.expr)}]`));
    return text;
  }
}

/** Serialized text of each expression (outside the objects, which stay plain data for comparisons). */
const armTexts = new WeakMap<Arm, string>();

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Quotes a string literal for an ARM expression (`'` doubled). */
export function quoteArmString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** How {@link serializeArm} and the parser write lambdas. */
export interface ArmSyntaxOptions {
  /**
   * Lambdas in the portal form's arrow syntax: `lambda('x', body)` is written `(x) => body` and
   * `lambdaVariables('x')` is written `x` (createUiDefinition collection functions `map` and `filter`,
   * learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-ui-definition-collection-functions).
   * The tree is the same as for a template's `lambda()`, so one walker ({@link forEachArmNode}) and one
   * serializer serve both languages.
   */
  arrowLambdas?: boolean;
}

/** The parameter names of a `lambda(...)` call whose arguments before the body are all string literals. */
function lambdaParameters(expr: ArmCall): string[] | undefined {
  if (expr.name.toLowerCase() !== 'lambda' || expr.args.length < 2) return undefined;
  const params = expr.args.slice(0, -1);
  return params.every((a) => a.kind === 'string' && IDENT.test(a.value)) ? params.map((a) => (a as ArmString).value) : undefined;
}

/** The arrow-syntax text of a lambda or a lambda variable, or undefined for any other node. */
function arrowText(expr: ArmCall, options: ArmSyntaxOptions): string | undefined {
  const params = lambdaParameters(expr);
  if (params) return `(${params.join(', ')}) => ${serializeArmSyntax(expr.args[expr.args.length - 1], options)}`;
  const [variable] = expr.args;
  if (expr.name.toLowerCase() === 'lambdavariables' && expr.args.length === 1 && variable.kind === 'string' && IDENT.test(variable.value)) return variable.value;
  return undefined;
}

/**
 * Serializes an expression tree to ARM expression text (without the surrounding brackets).
 * @throws Error when a number is not a finite integer or a property name is not an identifier
 */
export function serializeArm(expr: ArmExpr): string {
  return serializeArmSyntax(expr, {});
}

/**
 * Serializes an expression tree in the syntax `options` choose (see {@link ArmSyntaxOptions}): the one
 * serializer of template and portal-form expressions.
 * @throws Error when a number is not a finite integer or a property name is not an identifier
 */
export function serializeArmSyntax(expr: ArmExpr, options: ArmSyntaxOptions): string {
  switch (expr.kind) {
    case 'string':
      return quoteArmString(expr.value);
    case 'number':
      if (!Number.isInteger(expr.value)) throw new Error(`ARM expressions only have integer literals, got ${expr.value}`);
      return String(expr.value);
    case 'keyword':
      // ARM has no bare keywords inside expressions: true(), false() and null() are functions.
      return `${String(expr.value)}()`;
    case 'call':
      return (options.arrowLambdas && arrowText(expr, options)) || `${expr.name}(${expr.args.map((a) => serializeArmSyntax(a, options)).join(', ')})`;
    case 'property':
      if (!IDENT.test(expr.name)) return `${serializeArmSyntax(expr.target, options)}[${quoteArmString(expr.name)}]`;
      return `${serializeArmSyntax(expr.target, options)}.${expr.name}`;
    case 'index':
      return `${serializeArmSyntax(expr.target, options)}[${serializeArmSyntax(expr.index, options)}]`;
  }
}

/** Serializes an expression as a template string value: `[...]`. */
export function toArmString(expr: ArmExpr | Arm): string {
  return `[${serializeArm(expr instanceof Arm ? expr.expr : expr)}]`;
}
