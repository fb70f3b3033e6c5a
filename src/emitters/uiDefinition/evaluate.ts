/**
 * The values a createUiDefinition form starts with, and the outputs they give: what the portal passes to
 * the template when the user changes nothing. Used to prove that every hub.yaml value reaches the form
 * (the form's initial output equals the template parameter's default).
 *
 * Form expressions share the syntax of ARM expressions (learn.microsoft.com/azure/azure-resource-manager/
 * managed-applications/create-uidefinition-functions), so they are parsed with the ARM parser and
 * evaluated here with the form's functions: `basics()`, `steps()`, `location()`, `resourceGroup()`,
 * `parse()`, and the logical, comparison, string and collection functions hubc's forms use.
 *
 * Initial values of the elements hubc emits (create-uidefinition-elements): TextBox, Slider and DropDown
 * their `defaultValue` (a DropDown without one: its first allowed value); OptionsGroup the value whose
 * label is `defaultValue` (else the first); PasswordBox an empty string; TagsByResource an empty object.
 */
import type { ArmExpr } from '../../expressions/arm/ast.js';
import { parseArmString } from '../../expressions/arm/semantics.js';
import { isObject } from '../../util/json.js';

/** What the portal knows before the user types: the Basics region and the resource group. */
export interface FormContext {
  /** `location()`: the region chosen in Basics. */
  location: string;
  /** `resourceGroup().name`. */
  resourceGroupName?: string;
}

type Value = unknown;
type Element = Record<string, any>;

/** Thrown for a function or element the evaluator does not know. */
export class FormEvalError extends Error {}

const isEmpty = (v: Value) => v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length) || (isObject(v) && !Object.keys(v).length);

/** Evaluates a form value: a `[...]` expression, or a plain JSON value. */
function evaluateValue(value: Value, scope: Scope): Value {
  if (typeof value !== 'string') return value;
  const parsed = parseArmString(value);
  return typeof parsed === 'object' && parsed ? evaluate(parsed, scope) : parsed;
}

interface Scope {
  ctx: FormContext;
  basics: Record<string, Value>;
  steps: Record<string, Record<string, Value>>;
}

function evaluate(e: ArmExpr, s: Scope): Value {
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
      const target = evaluate(e.target, s) as Record<string, Value> | Value[];
      return (target as Record<string, Value>)[String(evaluate(e.index, s))];
    }
    case 'call': {
      const name = e.name.toLowerCase();
      const arg = (i: number) => evaluate(e.args[i], s);
      const args = () => e.args.map((a) => evaluate(a, s));
      switch (name) {
        case 'basics':
          return s.basics[String(arg(0))];
        case 'steps':
          return s.steps[String(arg(0))] ?? {};
        case 'location':
          return s.ctx.location;
        case 'resourcegroup':
          return { name: s.ctx.resourceGroupName ?? 'resource-group', location: s.ctx.location };
        case 'if':
          return arg(0) ? arg(1) : arg(2);
        case 'empty':
          return isEmpty(arg(0));
        case 'not':
          return !arg(0);
        case 'and':
          return args().every(Boolean);
        case 'or':
          return args().some(Boolean);
        case 'equals':
          return JSON.stringify(arg(0)) === JSON.stringify(arg(1));
        case 'startswith':
          return String(arg(0)).startsWith(String(arg(1)));
        case 'endswith':
          return String(arg(0)).endsWith(String(arg(1)));
        case 'contains': {
          const c = arg(0);
          return Array.isArray(c) ? c.some((x) => JSON.stringify(x) === JSON.stringify(arg(1))) : isObject(c) ? String(arg(1)) in c : String(c).includes(String(arg(1)));
        }
        case 'parse':
          return JSON.parse(String(arg(0)));
        case 'split':
          return String(arg(0)).split(String(arg(1)));
        case 'concat':
          return args().map(String).join('');
        case 'coalesce':
          return args().find((v) => v !== null && v !== undefined) ?? null;
        case 'tolower':
          return String(arg(0)).toLowerCase();
        case 'string':
          return typeof arg(0) === 'string' ? arg(0) : JSON.stringify(arg(0));
        case 'int':
          return Number.parseInt(String(arg(0)), 10);
        case 'bool':
          return String(arg(0)).toLowerCase() === 'true';
        default:
          throw new FormEvalError(`form function ${e.name}() is not supported by hubc's form evaluator`);
      }
    }
  }
}

/** The initial value of one element (see the module comment). */
function initialValue(el: Element, scope: Scope): Value {
  switch (el.type) {
    case 'Microsoft.Common.TextBox':
    case 'Microsoft.Common.Slider':
      return el.defaultValue ?? (el.type === 'Microsoft.Common.TextBox' ? '' : el.min);
    case 'Microsoft.Common.DropDown': {
      if (el.defaultValue !== undefined) return el.defaultValue;
      const allowed = evaluateValue(el.constraints?.allowedValues, scope) as { value: Value }[];
      return allowed?.[0]?.value;
    }
    case 'Microsoft.Common.OptionsGroup': {
      const allowed = evaluateValue(el.constraints?.allowedValues, scope) as { label: string; value: Value }[];
      return (allowed.find((a) => a.label === el.defaultValue) ?? allowed[0])?.value;
    }
    case 'Microsoft.Common.PasswordBox':
      return '';
    case 'Microsoft.Common.TagsByResource':
      return {};
    default:
      throw new FormEvalError(`element type ${el.type} is not supported by hubc's form evaluator`);
  }
}

/**
 * The outputs of a createUiDefinition form when the user changes nothing.
 * @param ui the createUiDefinition.json object
 * @returns output name (template parameter) -> value
 * @throws FormEvalError for an element type or function the evaluator does not know
 */
export function initialFormOutputs(ui: Record<string, any>, ctx: FormContext): Record<string, Value> {
  const scope: Scope = { ctx, basics: {}, steps: {} };
  // Elements may refer to earlier elements (allowed values of the tier from the SKU), so fill in order.
  for (const el of ui.parameters.basics as Element[]) scope.basics[el.name] = initialValue(el, scope);
  for (const step of ui.parameters.steps as { name: string; elements: Element[] }[]) {
    scope.steps[step.name] = {};
    for (const el of step.elements) scope.steps[step.name][el.name] = initialValue(el, scope);
  }
  const out: Record<string, Value> = {};
  for (const [name, expr] of Object.entries(ui.parameters.outputs as Record<string, string>)) out[name] = evaluateValue(expr, scope);
  return out;
}
