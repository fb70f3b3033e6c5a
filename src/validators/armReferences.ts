/**
 * Reference checker for ARM templates: parses every template expression and checks what it refers to.
 *
 * Reports (docs/diagnostics.md):
 * - HUB304 (error): an expression that does not parse; ARM's missing bare literals (`true` instead of
 *   `true()`); `parameters('x')`/`variables('x')` naming something the scope does not declare; unknown
 *   functions (neither an ARM built-in nor a user-defined `namespace.member`); wrong argument counts;
 *   `reference()` in the variables section, and `variables()`/`reference()`/`list*()` in parameter
 *   default values and user-defined functions (all forbidden by ARM); `lambdaVariables('x')` outside a lambda declaring `x`; nested
 *   deployments (inner scope) that pass undeclared parameters or miss required ones; `dependsOn`
 *   entries that match no resource of the same template.
 * - HUB305 (warning): a resource uses `reference()`/`resourceId()` of another resource declared in the
 *   same template without depending on it (directly or through other resources' `dependsOn`).
 *
 * Sources: "Syntax and expressions", "Define the order for deploying resources" (dependsOn), "Nested
 * templates" (expressionEvaluationOptions), "User-defined functions" and the function reference pages
 * under learn.microsoft.com/azure/azure-resource-manager/templates/.
 *
 * Resource identity is compared after folding names with the template's variables and an unknown
 * deployment context (parameters unknown): two names are equal when they fold to the same text or the
 * same residual expression, different when their literal prefixes/suffixes differ, and otherwise
 * undecided; undecided comparisons are never reported.
 *
 * This file walks templates (sections, resources, nested deployments); `./armReferences/` holds the
 * parts: `expressions.ts` (one expression), `names.ts` (resource identity), `dependsOn.ts` (explicit
 * and implicit dependencies), `common.ts` (what they share).
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { ArmCall } from '../expressions/arm/ast.js';
import { armFolder } from '../expressions/arm/evaluate.js';
import { codes } from '../diagnostics/index.js';
import { esc, type Decls, type Json, type Report, type Section } from './armReferences/common.js';
import { checkExpressionString } from './armReferences/expressions.js';
import { describeResource, type ResourceInfo } from './armReferences/names.js';
import { checkDependencies } from './armReferences/dependsOn.js';
import { isObject, walkJson } from '../util/json.js';
import { templateResources, type ResourceNode } from '../expressions/arm/resources.js';

const DEPLOYMENTS = 'microsoft.resources/deployments';

/**
 * Checks the expressions and references of an ARM template, including the inner templates of nested
 * deployments (with their own parameters and variables when `expressionEvaluationOptions.scope` is
 * `inner`).
 * @param template the parsed template JSON
 * @param file file name to put in the diagnostics (e.g. `azuredeploy.json`)
 * @returns HUB304 errors and HUB305 warnings, each with `path` = JSON pointer of the offending value
 */
export function checkArmReferences(template: any, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!isObject(template)) return out;
  checkTemplate(template, '', undefined, file, out);
  return out;
}

function checkTemplate(template: Json, base: string, outer: Decls | undefined, file: string, out: Diagnostic[]): void {
  const decls = outer ?? declarationsOf(template);
  const report: Report = (raised, pointer) => out.push({ ...raised, file, path: pointer || '/' });
  const checkValue = (value: unknown, pointer: string, section: Section, onCall?: (c: ArmCall, pointer: string) => void) =>
    walkStrings(value, pointer, (text, ptr) => checkExpressionString(text, ptr, decls, section, report, onCall));

  if (!outer) {
    if (isObject(template.parameters)) {
      for (const [name, p] of Object.entries(template.parameters)) {
        if (isObject(p) && 'defaultValue' in p) checkValue(p.defaultValue, `${base}/parameters/${esc(name)}/defaultValue`, 'parameters');
      }
    }
    if (isObject(template.variables)) checkValue(template.variables, `${base}/variables`, 'variables');
    if (Array.isArray(template.functions)) {
      template.functions.forEach((ns: Json, i: number) => {
        if (!isObject(ns) || !isObject(ns.members)) return;
        for (const [name, m] of Object.entries(ns.members)) {
          if (!isObject(m)) continue;
          const params = new Set<string>((Array.isArray(m.parameters) ? m.parameters : []).map((p: Json) => String(p?.name ?? '').toLowerCase()));
          checkValue(m.output, `${base}/functions/${i}/members/${esc(name)}/output`, { fn: `${ns.namespace}.${name}`, params });
        }
      });
    }
  }

  // Resources (array, or object keyed by symbolic name in languageVersion 2.0) and their child resources, in
  // the resource tree's order (src/expressions/arm/resources.ts); a nested deployment's template is checked
  // as a template of its own, in its scope.
  const resources: ResourceInfo[] = [];
  const indexOf = new Map<ResourceNode, number>();
  for (const node of templateResources(template, { nested: false })) {
    const r = node.json;
    const pointer = `${base}/${node.path.map((k) => esc(String(k))).join('/')}`;
    const parent = node.parent === undefined ? undefined : indexOf.get(node.parent);
    indexOf.set(node, resources.length);
    const info = describeResource(r, pointer, parent === undefined ? undefined : resources[parent], decls, node.symbolicName);
    info.parent = parent;
    resources.push(info);
    const onCall = (c: ArmCall, ptr: string) => info.uses.push({ call: c, pointer: ptr });
    const isDeployment = info.type === DEPLOYMENTS;
    for (const [key, value] of Object.entries(r)) {
      const ptr = `${pointer}/${esc(key)}`;
      if (key === 'resources' && Array.isArray(value)) {
        continue; // child resources: nodes of their own
      } else if (key === 'dependsOn') {
        checkValue(value, ptr, 'template');
        if (Array.isArray(value)) value.forEach((d, i) => info.dependsOn.push({ value: d, pointer: `${ptr}/${i}` }));
      } else if (key === 'properties' && isDeployment && isObject(value)) {
        for (const [pk, pv] of Object.entries(value)) {
          const pptr = `${ptr}/${esc(pk)}`;
          if (pk === 'template' && isObject(pv)) continue; // checked below as a template of its own
          checkValue(pv, pptr, 'template', pk === 'parameters' ? onCall : undefined);
        }
        checkNestedDeployment(value, ptr, decls, file, out, report);
      } else {
        checkValue(value, ptr, 'template', key === 'copy' || key === 'name' || key === 'type' || key === 'apiVersion' ? undefined : onCall);
      }
    }
  }

  if (isObject(template.outputs)) checkValue(template.outputs, `${base}/outputs`, 'template');

  checkDependencies(resources, decls, report);
}

/** Nested deployment: the inner template with its scope, and parameters passed to an inner scope. */
function checkNestedDeployment(properties: Json, pointer: string, outer: Decls, file: string, out: Diagnostic[], report: Report): void {
  const inner = properties.template;
  if (!isObject(inner)) return;
  const scope = String(properties.expressionEvaluationOptions?.scope ?? 'outer').toLowerCase();
  const innerScope = scope === 'inner';
  checkTemplate(inner, `${pointer}/template`, innerScope ? undefined : outer, file, out);
  if (!innerScope || !isObject(properties.parameters)) return;
  const declared = isObject(inner.parameters) ? inner.parameters : {};
  const declaredLower = new Map(Object.keys(declared).map((k) => [k.toLowerCase(), k]));
  const passed = new Set(Object.keys(properties.parameters).map((k) => k.toLowerCase()));
  for (const name of Object.keys(properties.parameters)) {
    if (!declaredLower.has(name.toLowerCase())) {
      report(codes.HUB304.nestedUndeclaredParameter({ name }), `${pointer}/parameters/${esc(name)}`);
    }
  }
  for (const [name, p] of Object.entries(declared)) {
    if (isObject(p) && !('defaultValue' in p) && !passed.has(name.toLowerCase())) {
      report(codes.HUB304.nestedMissingParameter({ name }), `${pointer}/parameters`);
    }
  }
}

function declarationsOf(template: Json): Decls {
  const lowerKeys = (o: unknown) => new Set(isObject(o) ? Object.keys(o).map((k) => k.toLowerCase()) : []);
  const variables = lowerKeys(template.variables);
  variables.delete('copy');
  const copies = isObject(template.variables) ? template.variables.copy : undefined;
  if (Array.isArray(copies)) for (const c of copies) if (isObject(c) && typeof c.name === 'string') variables.add(c.name.toLowerCase());
  const functions = new Map<string, number>();
  if (Array.isArray(template.functions)) {
    for (const ns of template.functions) {
      if (!isObject(ns) || typeof ns.namespace !== 'string' || !isObject(ns.members)) continue;
      for (const [name, m] of Object.entries(ns.members)) {
        functions.set(`${ns.namespace}.${name}`.toLowerCase(), isObject(m) && Array.isArray(m.parameters) ? m.parameters.length : 0);
      }
    }
  }
  return {
    parameters: lowerKeys(template.parameters),
    variables,
    functions,
    fold: armFolder({ variables: isObject(template.variables) ? template.variables : {}, functions: template.functions, inlineVariables: true }),
  };
}

/** Calls `fn` for every string in a JSON value (values only; keys are not expressions in ARM), with its JSON pointer. */
function walkStrings(value: unknown, pointer: string, fn: (text: string, pointer: string) => void): void {
  walkJson(value, (v, path) => {
    if (typeof v === 'string') fn(v, pointer + path.map((s) => `/${esc(String(s))}`).join(''));
  });
}
