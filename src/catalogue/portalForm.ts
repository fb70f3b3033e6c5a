/**
 * Catalogue entries for the portal form (createUiDefinition.json) against the template it deploys: outputs
 * that name no parameter (HUB710), send a value of the wrong type (HUB711) or outside the allowed values
 * (HUB712), expressions naming steps or elements the form lacks (HUB713), validations that reject the
 * element's own default (HUB714), and parameters without a default the form never sends (HUB715).
 *
 * Form expressions share ARM's syntax (src/expressions/arm/parser.ts); an output's possible values are its
 * literals and the values of the elements it reads, through `if()` and `coalesce()`.
 * Sources: "CreateUiDefinition.json for Azure managed application's create experience" and its elements
 * and functions pages (learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-uidefinition-overview).
 *
 * One file, though past 400 lines: the six checks read one parsed form (`formTree`, `resolve`, `sentValues`),
 * this file's model of a form, which only these checks and `portalDefaults` read.
 */
import { UI_DEFINITION_FILE, type TemplateParameter } from '../build/index.js';
import type { ArmExpr } from '../expressions/arm/ast.js';
import { serializeArm } from '../expressions/arm/ast.js';
import { parseArmExpression } from '../expressions/arm/parser.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { codes } from '../diagnostics/index.js';
import { nearest } from '../util/nearest.js';
import { isObject, walkJson, type JsonObject, type JsonPath } from '../util/json.js';
import type { CheckContext } from './context.js';
import type { CatalogueEntry, CatalogueFinding } from './types.js';

const UI_DOC = 'https://learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-uidefinition-overview';

/** One element of the form, with its children when it is a section. */
interface FormElement {
  name: string;
  json: JsonObject;
  path: JsonPath;
  children: Map<string, FormElement>;
}

/** The form's elements: `basics` and each step's, by lower-case name. */
interface FormTree {
  basics: Map<string, FormElement>;
  steps: Map<string, { name: string; elements: Map<string, FormElement> }>;
}

function elementsOf(list: unknown, path: JsonPath): Map<string, FormElement> {
  const out = new Map<string, FormElement>();
  if (!Array.isArray(list)) return out;
  list.forEach((e, i) => {
    if (!isObject(e) || typeof e.name !== 'string') return;
    const at = [...path, i];
    out.set(e.name.toLowerCase(), { name: e.name, json: e, path: at, children: elementsOf(e.elements, [...at, 'elements']) });
  });
  return out;
}

function formTree(ui: JsonObject): FormTree {
  const p = isObject(ui.parameters) ? ui.parameters : {};
  const steps = new Map<string, { name: string; elements: Map<string, FormElement> }>();
  if (Array.isArray(p.steps)) {
    p.steps.forEach((s, i) => {
      if (isObject(s) && typeof s.name === 'string') steps.set(s.name.toLowerCase(), { name: s.name, elements: elementsOf(s.elements, ['parameters', 'steps', i, 'elements']) });
    });
  }
  return { basics: elementsOf(p.basics, ['parameters', 'basics']), steps };
}

/** A form expression (`"[...]"`) parsed, or undefined. */
function parsed(value: unknown): ArmExpr | undefined {
  if (!isArmExpressionString(value)) return undefined;
  try {
    return parseArmExpression((value as string).slice(1, -1));
  } catch {
    return undefined;
  }
}

/** A chain `steps('s').a.b` or `basics('a').b`: its root call and the member names after it. */
interface Chain {
  root: 'steps' | 'basics';
  first: string;
  members: string[];
  text: string;
}

/** The chains of an expression, outermost first. */
function chainsIn(e: ArmExpr, out: Chain[] = []): Chain[] {
  const members: string[] = [];
  let node: ArmExpr = e;
  while (node.kind === 'property') {
    members.unshift(node.name);
    node = node.target;
  }
  if (node.kind === 'call' && /^(steps|basics)$/i.test(node.name) && node.args[0]?.kind === 'string') {
    out.push({ root: node.name.toLowerCase() as Chain['root'], first: node.args[0].value, members, text: serializeArm(e) });
    return out;
  }
  if (e.kind === 'call') for (const a of e.args) chainsIn(a, out);
  if (e.kind === 'index') {
    chainsIn(e.target, out);
    chainsIn(e.index, out);
  }
  if (e.kind === 'property') chainsIn(e.target, out);
  return out;
}

/** The element a chain reads, or why it reads none. */
function resolve(tree: FormTree, c: Chain): { element?: FormElement; missing?: { name: string; within: string; siblings: string[] }; noStep?: boolean } {
  let scope: Map<string, FormElement>;
  let within: string;
  let names = c.members;
  if (c.root === 'basics' || c.first.toLowerCase() === 'basics') {
    scope = tree.basics;
    within = 'the basics step';
    if (c.root === 'basics') names = [c.first, ...c.members];
  } else {
    const step = tree.steps.get(c.first.toLowerCase());
    if (!step) return { noStep: true };
    scope = step.elements;
    within = `step '${step.name}'`;
  }
  let element: FormElement | undefined;
  for (const name of names) {
    const hit = scope.get(name.toLowerCase());
    if (!hit) return element && !isSection(element) ? { element } : { missing: { name, within, siblings: [...scope.values()].map((e) => e.name) } };
    element = hit;
    if (!isSection(hit)) return { element };
    scope = hit.children;
    within = `section '${hit.name}'`;
  }
  return element ? { element } : {};
}

function isSection(e: FormElement): boolean {
  return e.json.type === 'Microsoft.Common.Section';
}

/** A value a form output can send, with the branch it is sent in. */
interface Sent {
  value?: unknown;
  /** The output sends what the user types (a text box): its value is not known. */
  typed?: boolean;
  when?: string;
}

/** The values an element can give. */
function elementValues(e: FormElement): Sent[] {
  const type = String(e.json.type);
  const constraints = isObject(e.json.constraints) ? e.json.constraints : {};
  if (type === 'Microsoft.Common.CheckBox') return [{ value: true }, { value: false }];
  if ((type === 'Microsoft.Common.DropDown' || type === 'Microsoft.Common.OptionsGroup') && Array.isArray(constraints.allowedValues) && e.json.multiselect !== true) {
    return constraints.allowedValues.flatMap((a) => (isObject(a) && 'value' in a ? [{ value: a.value }] : []));
  }
  return [{ typed: true }];
}

/** The values an output expression can send (undefined when one of them cannot be told). */
function sentValues(tree: FormTree, e: ArmExpr, when?: string): Sent[] | undefined {
  if (e.kind === 'string' || e.kind === 'number') return [{ value: e.value, ...(when ? { when } : {}) }];
  if (e.kind === 'keyword') return [{ value: e.value, ...(when ? { when } : {}) }];
  if (e.kind === 'call' && e.name.toLowerCase() === 'if' && e.args.length === 3) {
    const c = serializeArm(e.args[0]);
    const a = sentValues(tree, e.args[1], `when ${c} is true`);
    const b = sentValues(tree, e.args[2], `when ${c} is false`);
    return a && b ? [...a, ...b] : undefined;
  }
  if (e.kind === 'call' && e.name.toLowerCase() === 'coalesce') {
    const all = e.args.map((x) => sentValues(tree, x, when));
    return all.every(Boolean) ? all.flatMap((x) => x!).filter((s) => s.value !== null) : undefined;
  }
  const chains = chainsIn(e);
  if (chains.length === 1 && chains[0].text === serializeArm(e)) {
    const r = resolve(tree, chains[0]);
    return r.element ? elementValues(r.element).map((s) => ({ ...s, ...(when ? { when } : {}) })) : undefined;
  }
  return undefined;
}

/** True when ARM can read a sent value as the parameter's type (text of a number reads as the number). */
function fitsType(type: string, v: unknown): boolean {
  switch (type) {
    case 'int':
      return (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?\d+$/.test(v.trim()));
    case 'bool':
      return typeof v === 'boolean' || (typeof v === 'string' && /^(true|false)$/i.test(v));
    default:
      return true;
  }
}

/** The form of a build and its outputs, or undefined without a form. */
function formOf(ctx: CheckContext): { ui: JsonObject; tree: FormTree; outputs: JsonObject } | undefined {
  const ui = ctx.written.ui.json;
  return ui ? { ui, tree: formTree(ui), outputs: ctx.written.ui.outputs } : undefined;
}

const at = (path: JsonPath) => ({ file: UI_DEFINITION_FILE, path });

export const outputParameters: CatalogueEntry = {
  name: 'ui/output-parameter',
  codes: [codes.HUB710.code],
  area: 'portalForm',
  azure: 'The portal passes every output as a template parameter: ARM rejects a parameter the template does not declare, and the value never reaches the parameter meant.',
  source: `${UI_DOC}#outputs`,
  issues: [],
  check(ctx) {
    const form = formOf(ctx);
    if (!form || !ctx.written.template.json) return [];
    const names = ctx.written.template.parameters.map((p) => p.name);
    return Object.keys(form.outputs).flatMap((output) => {
      if (ctx.written.template.parameter(output)) return [];
      const suggestion = names.find((n) => n.toLowerCase().startsWith(output.toLowerCase()) && !form.outputs[n]) ?? nearest(output, names);
      return [{ raised: codes.HUB710.raise({ output, ...(suggestion ? { suggestion } : {}) }), at: at(['parameters', 'outputs', output]) }];
    });
  },
};

/** Each output of the form with the parameter it feeds and the values it can send. */
function outputsWithValues(ctx: CheckContext): { output: string; parameter: TemplateParameter; sent: Sent[] }[] {
  const form = formOf(ctx);
  if (!form) return [];
  return Object.entries(form.outputs).flatMap(([output, value]) => {
    const parameter = ctx.written.template.parameter(output);
    if (!parameter) return [];
    const e = parsed(value);
    const sent = e ? sentValues(form.tree, e) : typeof value === 'string' ? [{ value }] : [{ value }];
    return sent ? [{ output, parameter, sent }] : [];
  });
}

export const outputTypes: CatalogueEntry = {
  name: 'ui/output-type',
  codes: [codes.HUB711.code],
  area: 'portalForm',
  azure: "ARM reads each parameter value as the parameter's type; a value it cannot read (an empty string for an int) fails the deployment's validation.",
  source: 'https://learn.microsoft.com/azure/azure-resource-manager/templates/parameters#data-types',
  issues: [],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    for (const { output, parameter, sent } of outputsWithValues(ctx)) {
      const type = parameter.type.toLowerCase();
      const bad = sent.find((s) => !s.typed && !fitsType(type, s.value));
      if (!bad) continue;
      out.push({
        raised: codes.HUB711.raise({ output, type, value: JSON.stringify(bad.value), ...(bad.when ? { when: bad.when } : {}) }),
        at: at(['parameters', 'outputs', output]),
      });
    }
    return out;
  },
};

export const outputAllowedValues: CatalogueEntry = {
  name: 'ui/output-allowed-values',
  codes: [codes.HUB712.code],
  area: 'portalForm',
  azure: "ARM rejects a parameter value outside the parameter's allowedValues, minValue or maxValue before it deploys anything.",
  source: 'https://learn.microsoft.com/azure/azure-resource-manager/templates/parameters#allowed-values',
  issues: [],
  check(ctx) {
    const out: CatalogueFinding[] = [];
    for (const { output, parameter, sent } of outputsWithValues(ctx)) {
      const type = parameter.type.toLowerCase();
      const values = sent.filter((s) => !s.typed && fitsType(type, s.value)).map((s) => (type === 'int' && typeof s.value === 'string' ? Number(s.value) : s.value));
      const place = at(['parameters', 'outputs', output]);
      const allowed = parameter.allowedValues;
      const outside = allowed && values.find((v) => !allowed.some((a) => a === v || (typeof a === 'string' && typeof v === 'string' && a.toLowerCase() === v.toLowerCase())));
      if (allowed && outside !== undefined) {
        out.push({ raised: codes.HUB712.allowed({ output, value: JSON.stringify(outside), allowed: allowed.map((a) => JSON.stringify(a)) }), at: place });
        continue;
      }
      const min = typeof parameter.json.minValue === 'number' ? parameter.json.minValue : undefined;
      const max = typeof parameter.json.maxValue === 'number' ? parameter.json.maxValue : undefined;
      const range = values.find((v) => typeof v === 'number' && ((min !== undefined && v < min) || (max !== undefined && v > max)));
      if (range !== undefined)
        out.push({ raised: codes.HUB712.range({ output, value: JSON.stringify(range), ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }), at: place });
    }
    return out;
  },
};

export const formReferences: CatalogueEntry = {
  name: 'ui/references',
  codes: [codes.HUB713.code],
  area: 'portalForm',
  azure:
    'The portal evaluates a reference to a missing step or element to null: the output sends no value (a bool or int parameter then fails validation or takes a value nobody chose).',
  source: 'https://learn.microsoft.com/azure/azure-resource-manager/managed-applications/create-uidefinition-functions#steps',
  issues: [1770],
  check(ctx) {
    const form = formOf(ctx);
    if (!form) return [];
    const out: CatalogueFinding[] = [];
    const seen = new Set<string>();
    walkJson(form.ui, (value, path) => {
      const e = parsed(value);
      if (!e) return;
      for (const c of chainsIn(e)) {
        const r = resolve(form.tree, c);
        if (seen.has(c.text) || r.element || (!r.noStep && !r.missing)) continue;
        seen.add(c.text);
        const raised = r.noStep
          ? codes.HUB713.step({ reference: c.text, steps: ['basics', ...[...form.tree.steps.values()].map((s) => s.name)] })
          : codes.HUB713.element({
              reference: c.text,
              missing: r.missing!.name,
              within: r.missing!.within,
              ...(nearest(r.missing!.name, r.missing!.siblings) ? { suggestion: nearest(r.missing!.name, r.missing!.siblings)! } : {}),
            });
        out.push({ raised, at: at(path) });
      }
    });
    return out;
  },
};

/** The regexes an element validates its text with (`constraints.regex`, `constraints.validations[].regex`). */
function regexesOf(e: JsonObject): { regex: string; path: JsonPath }[] {
  const c = isObject(e.constraints) ? e.constraints : {};
  const out: { regex: string; path: JsonPath }[] = [];
  if (typeof c.regex === 'string') out.push({ regex: c.regex, path: ['constraints', 'regex'] });
  if (Array.isArray(c.validations))
    c.validations.forEach((v, i) => isObject(v) && typeof v.regex === 'string' && out.push({ regex: v.regex, path: ['constraints', 'validations', i, 'regex'] }));
  return out;
}

export const regexRejectsDefault: CatalogueEntry = {
  name: 'ui/regex-default',
  codes: [codes.HUB714.code],
  area: 'portalForm',
  azure: 'The portal blocks the form while a value fails its validation: the default value shown cannot be deployed until the user changes it (never, when the element is hidden).',
  source: 'https://learn.microsoft.com/azure/azure-resource-manager/managed-applications/microsoft-common-textbox',
  issues: [],
  check(ctx) {
    const form = formOf(ctx);
    if (!form) return [];
    const out: CatalogueFinding[] = [];
    const visit = (elements: Map<string, FormElement>) => {
      for (const e of elements.values()) {
        visit(e.children);
        const value = e.json.defaultValue;
        if (typeof value !== 'string' || value === '') continue;
        for (const { regex, path } of regexesOf(e.json)) {
          let re: RegExp;
          try {
            re = new RegExp(regex);
          } catch {
            continue;
          }
          if (!re.test(value))
            out.push({ raised: codes.HUB714.raise({ element: `element '${e.name}'`, value: JSON.stringify(value), regex: JSON.stringify(regex) }), at: at([...e.path, ...path]) });
        }
      }
    };
    visit(form.tree.basics);
    for (const s of form.tree.steps.values()) visit(s.elements);
    return out;
  },
};

export const requiredParameters: CatalogueEntry = {
  name: 'ui/required-parameters',
  codes: [codes.HUB715.code],
  area: 'portalForm',
  azure: 'ARM rejects a deployment that gives no value for a parameter without a default ("The value for the template parameter ... is not provided").',
  source: 'https://learn.microsoft.com/azure/azure-resource-manager/templates/parameters',
  issues: [],
  check(ctx) {
    const form = formOf(ctx);
    if (!form) return [];
    const outputs = new Set(Object.keys(form.outputs).map((k) => k.toLowerCase()));
    return ctx.written.template.parameters
      .filter((p) => !p.hasDefault && !outputs.has(p.name.toLowerCase()))
      .map((p) => ({ raised: codes.HUB715.raise({ parameter: p.name }), at: { file: 'azuredeploy.json', path: p.path } }));
  },
};

/** The value an element starts with (a drop-down's default is its label: the value of that label), or undefined. */
function elementDefault(e: FormElement): unknown {
  const type = String(e.json.type);
  const d = e.json.defaultValue;
  if (type === 'Microsoft.Common.CheckBox') return typeof d === 'boolean' ? d : false;
  if (type === 'Microsoft.Common.DropDown' || type === 'Microsoft.Common.OptionsGroup') {
    const allowed = isObject(e.json.constraints) && Array.isArray(e.json.constraints.allowedValues) ? e.json.constraints.allowedValues : [];
    const hit = allowed.find((a) => isObject(a) && (a.label === d || a.value === d));
    return isObject(hit) ? hit.value : undefined;
  }
  if (type === 'Microsoft.Common.TextBox' || type === 'Microsoft.Common.PasswordBox') return typeof d === 'string' ? d : '';
  if (type === 'Microsoft.Common.Slider') return typeof d === 'number' ? d : undefined;
  return undefined;
}

/** A form expression evaluated with every element at its default: literals, element reads, if, equals, not, and, or, coalesce, int, bool, string; undefined otherwise. */
function withDefaults(tree: FormTree, e: ArmExpr): unknown {
  if (e.kind === 'string' || e.kind === 'number' || e.kind === 'keyword') return e.value;
  const chains = chainsIn(e);
  if (chains.length === 1 && chains[0].text === serializeArm(e)) {
    const r = resolve(tree, chains[0]);
    return r.element ? elementDefault(r.element) : undefined;
  }
  if (e.kind !== 'call') return undefined;
  const args = e.args.map((a) => withDefaults(tree, a));
  switch (e.name.toLowerCase()) {
    case 'if':
      return typeof args[0] === 'boolean' ? (args[0] ? args[1] : args[2]) : undefined;
    case 'equals':
      return args.length === 2 && args.every((a) => a !== undefined) ? args[0] === args[1] : undefined;
    case 'not':
      return typeof args[0] === 'boolean' ? !args[0] : undefined;
    case 'and':
      return args.every((a) => typeof a === 'boolean') ? args.every(Boolean) : undefined;
    case 'or':
      return args.every((a) => typeof a === 'boolean') ? args.some(Boolean) : undefined;
    case 'coalesce':
      return args.find((a) => a !== null && a !== undefined);
    case 'int':
      return typeof args[0] === 'number' ? args[0] : typeof args[0] === 'string' && /^-?\d+$/.test(args[0]) ? Number(args[0]) : undefined;
    case 'bool':
      return typeof args[0] === 'boolean' ? args[0] : typeof args[0] === 'string' && /^(true|false)$/i.test(args[0]) ? args[0].toLowerCase() === 'true' : undefined;
    case 'string':
      return args[0] === undefined ? undefined : typeof args[0] === 'string' ? args[0] : JSON.stringify(args[0]);
    default:
      return undefined;
  }
}

/**
 * The parameter values the portal form sends when nobody changes it: each output whose value follows from
 * the elements' defaults (the others, `location()` say, are left to the template's defaults).
 * @param ui a createUiDefinition.json object
 * @returns output name -> value
 */
export function portalDefaults(ui: JsonObject): Record<string, unknown> {
  const tree = formTree(ui);
  const outputs = isObject(ui.parameters) && isObject(ui.parameters.outputs) ? ui.parameters.outputs : {};
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(outputs)) {
    const e = parsed(value);
    const v = e ? withDefaults(tree, e) : value;
    if (v !== undefined && v !== null) out[name] = v;
  }
  return out;
}
