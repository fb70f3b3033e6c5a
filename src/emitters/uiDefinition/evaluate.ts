/**
 * The values a createUiDefinition form starts with, and the outputs they give: what the portal passes to
 * the template when the user changes nothing. Used to prove that every hub.yaml value reaches the form
 * (the form's initial output equals the template parameter's default), and by `./validate.ts` to run the
 * form's own validations on values a user could enter.
 *
 * Form expressions share the syntax of ARM expressions (learn.microsoft.com/azure/azure-resource-manager/
 * managed-applications/create-uidefinition-functions), lambdas written `(x) => body`, so they are parsed
 * with the ARM parser in the form's syntax (`parseFormValue`) and evaluated here with the form's functions:
 * `basics()`, `steps()`, `location()`, `resourceGroup()`, `subscription()`, `parse()`, `map()`, `filter()`
 * and the logical, comparison, string and collection functions hubc's forms use.
 *
 * Initial values of the elements hubc emits (create-uidefinition-elements): TextBox and Slider their
 * `defaultValue`; DropDown the value of the item whose label is `defaultValue` (without one: its first allowed
 * value); OptionsGroup the value whose
 * label is `defaultValue` (else the first); PasswordBox an empty string; TagsByResource an empty object;
 * EditableGrid no rows (the control has no default value); ArmApiControl the response the caller gives in
 * {@link FormContext.apiResponses} (the portal's ARM call; outputs never read it, validations do).
 * The Basics region (`location()`) is the caller's region, or, when the form's `config.basics.location`
 * allows other regions only, the first allowed one (the portal lists only allowed regions; overview page,
 * "Config").
 */
import { isDeepStrictEqual } from 'node:util';
import type { ArmExpr } from '../../expressions/arm/ast.js';
import { parseFormValue } from '../../expressions/ui/index.js';
import { isObject } from '../../util/json.js';

/** What the portal knows before the user types: the Basics region, the resource group, the subscription. */
export interface FormContext {
  /** `location()`: the region chosen in Basics. */
  location: string;
  /** `resourceGroup().name`. */
  resourceGroupName?: string;
  /** `subscription().subscriptionId` (default all zeros). */
  subscriptionId?: string;
  /** The response of each `Microsoft.Solutions.ArmApiControl`, by element name (default `{}`). */
  apiResponses?: Record<string, unknown>;
}

export type FormValue = unknown;
/** A form element as createUiDefinition JSON. */
export type FormElement = Record<string, any>;

/** Thrown for a function or element the evaluator does not know. */
export class FormEvalError extends Error {}

/** The values of the form's elements: Basics by element name, and each step's elements by name. */
export interface FormScope {
  ctx: FormContext;
  basics: Record<string, FormValue>;
  steps: Record<string, Record<string, FormValue>>;
  /** Lambda parameters in scope (innermost wins). */
  variables?: ReadonlyMap<string, FormValue>;
}

const isEmpty = (v: FormValue) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length) || (isObject(v) && !Object.keys(v).length);
const same = (a: FormValue, b: FormValue) => isDeepStrictEqual(a, b);

/**
 * Evaluates a form value: a `[...]` expression, or a plain JSON value.
 * @throws FormEvalError for a function the evaluator does not know; ArmParseError for text that does not parse
 */
export function evaluateFormValue(value: FormValue, scope: FormScope): FormValue {
  if (typeof value !== 'string') return value;
  const parsed = parseFormValue(value);
  return typeof parsed === 'object' ? evaluate(parsed, scope) : parsed;
}

function evaluate(e: ArmExpr, s: FormScope): FormValue {
  switch (e.kind) {
    case 'string':
    case 'number':
    case 'keyword':
      return e.value;
    case 'property': {
      const target = evaluate(e.target, s);
      if (!isObject(target)) throw new FormEvalError(`.${e.name} of a non-object`);
      return target[e.name];
    }
    case 'index': {
      const target = evaluate(e.target, s) as Record<string, FormValue> | FormValue[];
      return (target as Record<string, FormValue>)[String(evaluate(e.index, s))];
    }
    case 'call':
      return evaluateCall(e.name.toLowerCase(), e.args, s);
  }
}

/** Applies the lambda node `fn` (`(x) => body`) to one value. */
function applyLambda(fn: ArmExpr, value: FormValue, s: FormScope): FormValue {
  if (fn.kind !== 'call' || fn.name.toLowerCase() !== 'lambda' || fn.args.length !== 2 || fn.args[0].kind !== 'string')
    throw new FormEvalError('expected a one-parameter lambda (x) => ...');
  const variables = new Map(s.variables ?? []);
  variables.set(fn.args[0].value, value);
  return evaluate(fn.args[1], { ...s, variables });
}

/** The functions that take a lambda, or read the form's context. */
function contextCall(name: string, args: readonly ArmExpr[], s: FormScope): { value: FormValue } | undefined {
  const arg = (i: number) => evaluate(args[i], s);
  switch (name) {
    case 'basics':
      return { value: s.basics[String(arg(0))] };
    case 'steps':
      return { value: s.steps[String(arg(0))] ?? {} };
    case 'location':
      return { value: s.ctx.location };
    case 'resourcegroup':
      return { value: { name: s.ctx.resourceGroupName ?? 'resource-group', location: s.ctx.location } };
    case 'subscription': {
      const id = s.ctx.subscriptionId ?? '00000000-0000-0000-0000-000000000000';
      return { value: { id: `/subscriptions/${id}`, subscriptionId: id } };
    }
    case 'lambdavariables': {
      const v = String(arg(0));
      if (!s.variables?.has(v)) throw new FormEvalError(`lambda variable ${v} is not in scope`);
      return { value: s.variables.get(v) };
    }
    case 'map':
    case 'filter': {
      const list = arg(0);
      if (!Array.isArray(list)) throw new FormEvalError(`${name}() of a non-array`);
      return { value: name === 'map' ? list.map((x) => applyLambda(args[1], x, s)) : list.filter((x) => applyLambda(args[1], x, s)) };
    }
    default:
      return undefined;
  }
}

/** The functions of values (logical, comparison, string, collection, conversion). */
const VALUE_FUNCTIONS: Record<string, (a: FormValue[]) => FormValue> = {
  empty: (a) => isEmpty(a[0]),
  not: (a) => !a[0],
  and: (a) => a.every(Boolean),
  or: (a) => a.some(Boolean),
  equals: (a) => same(a[0], a[1]),
  startswith: (a) => String(a[0]).startsWith(String(a[1])),
  endswith: (a) => String(a[0]).endsWith(String(a[1])),
  contains: ([c, x]) => (Array.isArray(c) ? c.some((y) => same(y, x)) : isObject(c) ? String(x) in c : String(c).includes(String(x))),
  parse: (a) => JSON.parse(String(a[0])),
  split: (a) => String(a[0]).split(String(a[1])),
  concat: (a) => a.map(String).join(''),
  coalesce: (a) => a.find((v) => v !== null && v !== undefined) ?? null,
  tolower: (a) => String(a[0]).toLowerCase(),
  string: (a) => (typeof a[0] === 'string' ? a[0] : JSON.stringify(a[0])),
  int: (a) => Number.parseInt(String(a[0]), 10),
  bool: (a) => String(a[0]).toLowerCase() === 'true',
  length: (a) => (Array.isArray(a[0]) || typeof a[0] === 'string' ? a[0].length : isObject(a[0]) ? Object.keys(a[0]).length : 0),
};

function evaluateCall(name: string, args: readonly ArmExpr[], s: FormScope): FormValue {
  if (name === 'if') return evaluate(args[0], s) ? evaluate(args[1], s) : evaluate(args[2], s);
  const fromContext = contextCall(name, args, s);
  if (fromContext) return fromContext.value;
  const fn = VALUE_FUNCTIONS[name];
  if (!fn) throw new FormEvalError(`form function ${name}() is not supported by hubc's form evaluator`);
  return fn(args.map((a) => evaluate(a, s)));
}

/** The initial value of one element (see the module comment). */
function initialValue(el: FormElement, scope: FormScope): FormValue {
  switch (el.type) {
    case 'Microsoft.Common.TextBox':
    case 'Microsoft.Common.Slider':
      return el.defaultValue ?? (el.type === 'Microsoft.Common.TextBox' ? '' : el.min);
    case 'Microsoft.Common.DropDown': {
      // The default names an item by its label (microsoft-common-dropdown, Remarks); without one, the first item.
      const allowed = evaluateFormValue(el.constraints?.allowedValues, scope) as { label?: string; value: FormValue }[];
      if (el.defaultValue === undefined) return allowed?.[0]?.value;
      const item = Array.isArray(allowed) ? allowed.find((a) => a.label === el.defaultValue) : undefined;
      return item ? item.value : el.defaultValue;
    }
    case 'Microsoft.Common.OptionsGroup': {
      const allowed = evaluateFormValue(el.constraints?.allowedValues, scope) as { label: string; value: FormValue }[];
      return (allowed.find((a) => a.label === el.defaultValue) ?? allowed[0])?.value;
    }
    case 'Microsoft.Common.PasswordBox':
      return '';
    // Unchecked unless its default says otherwise (microsoft-common-checkbox: `defaultValue`, a boolean).
    case 'Microsoft.Common.CheckBox':
      return el.defaultValue ?? false;
    case 'Microsoft.Common.TagsByResource':
      return {};
    case 'Microsoft.Common.EditableGrid':
      return [];
    case 'Microsoft.Solutions.ArmApiControl':
      return scope.ctx.apiResponses?.[el.name] ?? {};
    default:
      throw new FormEvalError(`element type ${el.type} is not supported by hubc's form evaluator`);
  }
}

/** The region the Basics picker starts with: the caller's, unless the form allows other regions only. */
function basicsRegion(ui: Record<string, any>, ctx: FormContext): string {
  const allowed: unknown = ui.parameters?.config?.basics?.location?.allowedValues;
  if (!Array.isArray(allowed) || !allowed.length || allowed.includes(ctx.location)) return ctx.location;
  return String(allowed[0]);
}

/**
 * The values of every element when the user changes nothing, with `entered` (values a user typed, by
 * element name under `basics` or the step's name) put in place of the initial ones.
 * @throws FormEvalError for an element type or function the evaluator does not know
 */
export function formScope(
  ui: Record<string, any>,
  ctx: FormContext,
  entered: { basics?: Record<string, FormValue>; steps?: Record<string, Record<string, FormValue>> } = {},
): FormScope {
  const scope: FormScope = { ctx: { ...ctx, location: basicsRegion(ui, ctx) }, basics: {}, steps: {} };
  // Elements may refer to earlier elements (allowed values of the tier from the SKU), so fill in order.
  for (const el of ui.parameters.basics as FormElement[]) scope.basics[el.name] = entered.basics && el.name in entered.basics ? entered.basics[el.name] : initialValue(el, scope);
  for (const step of ui.parameters.steps as { name: string; elements: FormElement[] }[]) {
    scope.steps[step.name] = {};
    const given = entered.steps?.[step.name] ?? {};
    for (const el of step.elements) scope.steps[step.name][el.name] = el.name in given ? given[el.name] : initialValue(el, scope);
  }
  return scope;
}

/**
 * The outputs of a createUiDefinition form when the user changes nothing.
 * @param ui the createUiDefinition.json object
 * @returns output name (template parameter) -> value
 * @throws FormEvalError for an element type or function the evaluator does not know
 */
export function initialFormOutputs(ui: Record<string, any>, ctx: FormContext): Record<string, FormValue> {
  return formOutputs(ui, formScope(ui, ctx));
}

/** The form's outputs for the element values of `scope` (see {@link formScope}). */
export function formOutputs(ui: Record<string, any>, scope: FormScope): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const [name, expr] of Object.entries(ui.parameters.outputs as Record<string, string>)) out[name] = evaluateFormValue(expr, scope);
  return out;
}
