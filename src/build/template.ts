/**
 * The typed view of a build's ARM template (`azuredeploy.json`): its parameters, variables, resources and
 * outputs, each with its JSON path (for `Build.locate`), and the resources' names evaluated for one
 * deployment with the ARM evaluator of src/expressions/arm. Parsed once, from the JSON the Build parsed.
 * Sources: "Understand the structure and syntax of ARM templates" (learn.microsoft.com/azure/azure-resource-manager/templates/syntax).
 */
import { templateContext, templateValueFolder, type ArmEvalContext, type ArmValue } from '../expressions/arm/evaluate.js';
import { Scope } from '../expressions/arm/evaluator.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { templateResources, type ResourceNode } from '../expressions/arm/resources.js';
import { isObject, type JsonObject, type JsonPath } from '../util/json.js';

/** A parameter the template declares. */
export interface TemplateParameter {
  name: string;
  /** Its `type` as written (`string`, `securestring`, `bool`, ...), `''` when missing. */
  type: string;
  /** True when the parameter has a `defaultValue` (which may be `null` or an expression). */
  hasDefault: boolean;
  defaultValue?: unknown;
  allowedValues?: readonly unknown[];
  /** `securestring` or `secureObject` (compared case-insensitively, as ARM does). */
  secure: boolean;
  json: JsonObject;
  path: JsonPath;
}

/** A variable the template declares (the `copy` array of variable loops included, under its own key). */
export interface TemplateVariable {
  name: string;
  value: unknown;
  path: JsonPath;
}

/** An output the template declares. */
export interface TemplateOutput {
  name: string;
  type: string;
  value: unknown;
  condition?: unknown;
  json: JsonObject;
  path: JsonPath;
}

/** A resource of the template (see {@link templateResources} for the tree it is part of). */
export interface TemplateResource extends ResourceNode {
  parent?: TemplateResource;
  deployment?: TemplateResource;
  /** Its `apiVersion`, `''` when not a string. */
  apiVersion: string;
  /** Its `name` as written (often an expression; JSON text when not a string). */
  name: string;
  /** Its `condition` as written, when it has one. */
  condition?: unknown;
  /** `resource <type> <name>` for messages, the name quoted when it is a literal. */
  label: string;
}

/** What a deployment gives: parameter values (the template's defaults fill the rest) and what is known of it. */
export interface Deployment {
  parameters?: Record<string, unknown>;
  /** Subscription, resource group, environment, ...: what the evaluator may assume (src/expressions/arm/evaluator.ts). */
  context?: ArmEvalContext;
}

/** The template evaluated for one deployment: values known before deployment, the rest undefined. */
export interface TemplateEvaluation {
  /** The evaluation context: the template's variables and functions, parameter defaults, the deployment's values. */
  context: ArmEvalContext;
  /**
   * The full name of a resource (`factory/pipeline` for a child, its parent's name before its own), or
   * undefined when it is known only at deployment or the resource is evaluated in a nested deployment's own scope.
   */
  name(resource: TemplateResource): string | undefined;
  /** Whether a resource is deployed (its `condition`, true without one), or undefined when known only at deployment. */
  deployed(resource: TemplateResource): boolean | undefined;
  /** A variable's value, or undefined when it is not declared or known only at deployment. */
  variable(name: string): ArmValue | undefined;
  /** A template value folded: known parts literal, the rest as `"[...]"` expressions; an expression that fails stays as written. */
  fold(value: unknown): unknown;
}

/** The typed view of an ARM template. */
export interface TemplateView {
  /** The template; undefined when the build has none or it is not a JSON object (then every list is empty). */
  json?: JsonObject;
  /** The size of the template file in UTF-8 bytes (0 without one): ARM refuses a template over 4 MB (HUB412). */
  bytes: number;
  /** Its `metadata` (`hubRelease`, `hubNaming`, `_generator`, ...); `{}` without one. */
  metadata: JsonObject;
  parameters: readonly TemplateParameter[];
  /** The parameter of that name, compared case-insensitively as ARM does. */
  parameter(name: string): TemplateParameter | undefined;
  variables: readonly TemplateVariable[];
  /** The resources the template declares at its top level, in template order. */
  resources: readonly TemplateResource[];
  /** Every resource: top-level, child and in nested deployments' inline templates, depth first. */
  allResources: readonly TemplateResource[];
  outputs: readonly TemplateOutput[];
  /** Evaluates the template for a deployment (see {@link TemplateEvaluation}). */
  evaluate(deployment?: Deployment): TemplateEvaluation;
}

const SECURE_TYPES = new Set(['securestring', 'secureobject']);

/** The members of a template section that are objects, with their paths. */
function section(template: JsonObject | undefined, key: string): [string, JsonObject, JsonPath][] {
  const s = template?.[key];
  return isObject(s) ? Object.entries(s).flatMap(([name, v]) => (isObject(v) ? [[name, v, [key, name]] as [string, JsonObject, JsonPath]] : [])) : [];
}

function parametersOf(template: JsonObject | undefined): TemplateParameter[] {
  return section(template, 'parameters').map(([name, json, path]) => {
    const type = typeof json.type === 'string' ? json.type : '';
    return {
      name,
      type,
      hasDefault: 'defaultValue' in json,
      ...('defaultValue' in json ? { defaultValue: json.defaultValue } : {}),
      ...(Array.isArray(json.allowedValues) ? { allowedValues: json.allowedValues } : {}),
      secure: SECURE_TYPES.has(type.toLowerCase()),
      json,
      path,
    };
  });
}

function outputsOf(template: JsonObject | undefined): TemplateOutput[] {
  return section(template, 'outputs').map(([name, json, path]) => ({
    name,
    type: typeof json.type === 'string' ? json.type : '',
    value: json.value,
    ...('condition' in json ? { condition: json.condition } : {}),
    json,
    path,
  }));
}

/** The resources of a template as {@link TemplateResource}s, the tree's links pointing at the views. */
function resourcesOf(template: JsonObject | undefined): TemplateResource[] {
  const views = new Map<ResourceNode, TemplateResource>();
  return templateResources(template).map((node) => {
    const { parent, deployment, ...rest } = node;
    const json = node.json;
    const name = typeof json.name === 'string' ? json.name : JSON.stringify(json.name);
    const view: TemplateResource = {
      ...rest,
      ...(parent ? { parent: views.get(parent)! } : {}),
      ...(deployment ? { deployment: views.get(deployment)! } : {}),
      apiVersion: typeof json.apiVersion === 'string' ? json.apiVersion : '',
      name,
      ...('condition' in json ? { condition: json.condition } : {}),
      label: `resource ${node.type || String(json.type)} ${isArmExpressionString(name) ? name : `'${name}'`}`,
    };
    views.set(node, view);
    return view;
  });
}

/**
 * An evaluator of template values in one context (variables and parameter defaults folded once across its
 * calls): a value, or undefined when it fails or is known only at deployment.
 */
function evaluator(context: ArmEvalContext): (value: unknown) => ArmValue | undefined {
  const root = new Scope(context).root();
  return (value) => {
    if (typeof value !== 'string') return value === undefined ? undefined : (value as ArmValue);
    try {
      const f = root.foldJson(value);
      return f.t === 'v' ? f.v : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The evaluation of a template for one deployment (see {@link TemplateEvaluation}). */
function evaluation(template: JsonObject | undefined, deployment: Deployment): TemplateEvaluation {
  const context = templateContext(template ?? {}, { ...deployment.context, useDefaults: true, parameters: { ...deployment.parameters } as Record<string, ArmValue> });
  const tryEvaluate = evaluator(context);
  const names = new Map<TemplateResource, string | undefined>();
  const name = (r: TemplateResource): string | undefined => {
    if (r.innerScope) return undefined;
    if (!names.has(r)) {
      const own = tryEvaluate(r.json.name);
      const parent = r.parent ? name(r.parent) : undefined;
      names.set(r, typeof own !== 'string' || (r.parent && parent === undefined) ? undefined : r.parent ? `${parent}/${own}` : own);
    }
    return names.get(r);
  };
  const deployed = (r: TemplateResource): boolean | undefined => {
    if (r.innerScope) return undefined;
    const own = 'condition' in r.json ? tryEvaluate(r.json.condition) : true;
    const outer = r.parent ? deployed(r.parent) : r.deployment ? deployed(r.deployment) : true;
    if (own === false || outer === false) return false;
    return own === undefined || outer === undefined ? undefined : true;
  };
  const declared = new Set(Object.keys(isObject(template?.variables) ? template.variables : {}).map((k) => k.toLowerCase()));
  let folder: ((json: unknown) => unknown) | undefined;
  return {
    context,
    name,
    deployed,
    variable: (n) => (declared.has(n.toLowerCase()) ? tryEvaluate(`[variables('${n.replace(/'/g, "''")}')]`) : undefined),
    fold: (value) => (folder ??= templateValueFolder(context, { keepInvalid: true }))(value),
  };
}

/**
 * The view of a template.
 * @param json the parsed `azuredeploy.json`, or undefined when the build has none or it is not an object
 * @param bytes the size of its text in UTF-8 bytes
 */
export function templateView(json: JsonObject | undefined, bytes = 0): TemplateView {
  let parameters: TemplateParameter[] | undefined;
  let all: TemplateResource[] | undefined;
  let top: TemplateResource[] | undefined;
  const view: TemplateView = {
    ...(json ? { json } : {}),
    bytes,
    metadata: isObject(json?.metadata) ? json.metadata : {},
    get parameters() {
      return (parameters ??= parametersOf(json));
    },
    parameter: (name) => view.parameters.find((p) => p.name.toLowerCase() === name.toLowerCase()),
    variables: Object.entries(isObject(json?.variables) ? json.variables : {}).map(([name, value]) => ({ name, value, path: ['variables', name] })),
    get allResources() {
      return (all ??= resourcesOf(json));
    },
    get resources() {
      return (top ??= view.allResources.filter((r) => !r.parent && !r.deployment));
    },
    outputs: outputsOf(json),
    evaluate: (deployment = {}) => evaluation(json, deployment),
  };
  return view;
}
