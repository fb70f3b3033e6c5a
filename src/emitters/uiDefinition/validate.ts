/**
 * The portal form's own validations, run outside the portal: for the values a user enters (or leaves),
 * which elements the portal would refuse, with the form's message. Used by the tests to prove that the
 * form refuses what the template would fail on (a region name that does not exist, a scope ID of no
 * accepted form) and accepts hub.yaml's values.
 *
 * The rules, from the createUiDefinition element reference
 * (learn.microsoft.com/azure/azure-resource-manager/managed-applications/microsoft-common-textbox and
 * microsoft-common-editablegrid): an element that is not `visible` is not validated; `constraints.required`
 * refuses an empty value; `constraints.regex` (with `validationMessage`) and each `constraints.validations`
 * entry (`regex` or `isValid`, with `message`) apply to a non-empty value; an EditableGrid checks its row
 * count (`constraints.rows.count`) and each row's cells against their column's element. Regular expressions
 * are JavaScript's, as the portal runs them.
 */
import { evaluateFormValue, formScope, type FormContext, type FormElement, type FormScope, type FormValue } from './evaluate.js';

/** One refusal: the element (`step.element`, `basics.element`, a grid cell `step.grid[row].column`) and the form's message. */
export interface FormRefusal {
  element: string;
  message: string;
}

const isBlank = (v: FormValue) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length);

/** The messages an element's constraints give for `value`. */
function constraintMessages(el: FormElement, value: FormValue, scope: FormScope): string[] {
  const c = el.constraints ?? {};
  const label = typeof el.label === 'string' ? el.label : (el.label?.password ?? el.header ?? el.name ?? 'the value');
  if (isBlank(value)) return c.required === true || evaluateFormValue(c.required, scope) === true ? [`${label} is required`] : [];
  const out: string[] = [];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (typeof c.regex === 'string' && !new RegExp(c.regex).test(text)) out.push(String(c.validationMessage));
  for (const v of (c.validations ?? []) as { regex?: string; isValid?: unknown; message: string }[]) {
    if (typeof v.regex === 'string' && !new RegExp(v.regex).test(text)) out.push(v.message);
    if (v.isValid !== undefined && evaluateFormValue(v.isValid, scope) !== true) out.push(v.message);
  }
  return out;
}

/** The refusals of an EditableGrid: its row count, then each cell. */
function gridRefusals(el: FormElement, rows: FormValue, at: string, scope: FormScope): FormRefusal[] {
  const list = Array.isArray(rows) ? (rows as Record<string, FormValue>[]) : [];
  const count = el.constraints?.rows?.count ?? {};
  const out: FormRefusal[] = [];
  if ((count.min !== undefined && list.length < count.min) || (count.max !== undefined && list.length > count.max)) {
    out.push({ element: at, message: `${list.length} rows; the grid takes ${count.min ?? 0}-${count.max ?? 'any'}` });
  }
  list.forEach((row, i) => {
    for (const column of (el.constraints?.columns ?? []) as { id: string; element: FormElement }[]) {
      for (const message of constraintMessages(column.element, row[column.id], scope)) out.push({ element: `${at}[${i}].${column.id}`, message });
    }
  });
  return out;
}

/** The refusals of one element (grids row by row), none when it is hidden. */
function elementRefusals(el: FormElement, value: FormValue, at: string, scope: FormScope): FormRefusal[] {
  if (el.visible !== undefined && evaluateFormValue(el.visible, scope) === false) return [];
  if (el.type === 'Microsoft.Common.EditableGrid') return gridRefusals(el, value, at, scope);
  if (el.type === 'Microsoft.Solutions.ArmApiControl') return [];
  return constraintMessages(el, value, scope).map((message) => ({ element: at, message }));
}

/**
 * What the portal form refuses when the user enters `entered` and leaves the rest as it starts.
 * @param ui the createUiDefinition.json object
 * @param entered values typed by the user, by element name, under `basics` or the step's name
 * @returns the refusals in form order (empty: the form would let the user deploy)
 * @throws FormEvalError for an element type or function the evaluator does not know
 */
export function formRefusals(
  ui: Record<string, any>,
  ctx: FormContext,
  entered: { basics?: Record<string, FormValue>; steps?: Record<string, Record<string, FormValue>> } = {},
): FormRefusal[] {
  const scope = formScope(ui, ctx, entered);
  const out: FormRefusal[] = [];
  for (const el of ui.parameters.basics as FormElement[]) out.push(...elementRefusals(el, scope.basics[el.name], `basics.${el.name}`, scope));
  for (const step of ui.parameters.steps as { name: string; elements: FormElement[] }[]) {
    for (const el of step.elements) out.push(...elementRefusals(el, scope.steps[step.name][el.name], `${step.name}.${el.name}`, scope));
  }
  return out;
}
