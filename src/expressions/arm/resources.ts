/**
 * The resource tree of an ARM template: its resources, the child resources declared inside a parent's
 * `resources`, and the resources of the inline templates of nested deployments; the one walker over it,
 * which the Build's template view, the ARM schema checks, lint and the commands use. Property names are
 * matched case-insensitively, as ARM reads them.
 * Sources: "Set name and type for child resources" (child-resource-name-type) and "Using linked and nested
 * templates" (linked-templates, expression evaluation scope) on learn.microsoft.com/azure/azure-resource-manager/templates.
 */
import { isObject, member, memberKey, type JsonObject, type JsonPath } from '../../util/json.js';

/** One resource of a template, where it sits in the tree. */
export interface ResourceNode {
  json: JsonObject;
  /** Path from the template root: `['resources', 3]`, `['resources', 3, 'resources', 0]`, `['resources', 2, 'properties', 'template', 'resources', 0]`. */
  path: JsonPath;
  /**
   * The full resource type: as written, except that a child's type written without a namespace
   * (`blobServices`) is prefixed with its parent's (`Microsoft.Storage/storageAccounts/blobServices`); `''`
   * when the type is not a string.
   */
  type: string;
  /** The symbolic name of a resource of a `languageVersion` 2.0 template (resources as an object). */
  symbolicName?: string;
  /** The parent, for a child resource declared in the parent's `resources`. */
  parent?: ResourceNode;
  /** The nested deployment whose inline template declares it. */
  deployment?: ResourceNode;
  /**
   * True inside a nested deployment evaluated in its own scope (`expressionEvaluationOptions.scope: inner`,
   * what Bicep modules compile to): its expressions name that template's parameters and variables.
   */
  innerScope: boolean;
}

const DEPLOYMENTS = 'microsoft.resources/deployments';

/** True for a `Microsoft.Resources/deployments` resource. */
function isDeploymentResource(r: Pick<ResourceNode, 'type'>): boolean {
  return r.type.toLowerCase() === DEPLOYMENTS;
}

/** The inline template of a nested deployment, with its path, or undefined. */
function innerTemplate(node: ResourceNode): { template: JsonObject; path: JsonPath } | undefined {
  if (!isDeploymentResource(node)) return undefined;
  const properties = member(node.json, 'properties');
  const template = member(properties, 'template');
  if (!isObject(template)) return undefined;
  return { template, path: [...node.path, memberKey(node.json, 'properties'), memberKey(properties, 'template')] };
}

/** True when a nested deployment evaluates its template in its own scope. */
function evaluatesInner(node: ResourceNode): boolean {
  const scope = member(member(member(node.json, 'properties'), 'expressionEvaluationOptions'), 'scope');
  return typeof scope === 'string' && scope.toLowerCase() === 'inner';
}

/**
 * Every resource of a template, depth first in template order: a resource, then its child resources, then
 * (with `nested`) the resources of its inline template when it is a nested deployment. Entries that are not
 * objects are skipped.
 * @param template a template object (anything else has no resources)
 * @param options `nested: false` leaves out what nested deployments declare (default: included)
 */
export function templateResources(template: unknown, options: { nested?: boolean } = {}): ResourceNode[] {
  const out: ResourceNode[] = [];
  const visit = (list: unknown, path: JsonPath, parent: ResourceNode | undefined, deployment: ResourceNode | undefined, innerScope: boolean) => {
    const entries: [string | number, unknown][] = Array.isArray(list) ? list.map((r, i) => [i, r]) : isObject(list) ? Object.entries(list) : [];
    for (const [key, r] of entries) {
      if (!isObject(r)) continue;
      const written = typeof r.type === 'string' ? r.type : '';
      const type = parent?.type && written && !written.includes('/') ? `${parent.type}/${written}` : written;
      const node: ResourceNode = {
        json: r,
        path: [...path, key],
        type,
        ...(typeof key === 'string' ? { symbolicName: key } : {}),
        ...(parent ? { parent } : {}),
        ...(deployment ? { deployment } : {}),
        innerScope,
      };
      out.push(node);
      visit(member(r, 'resources'), [...node.path, memberKey(r, 'resources')], node, deployment, innerScope);
      const inner = options.nested === false ? undefined : innerTemplate(node);
      if (inner) visit(member(inner.template, 'resources'), [...inner.path, memberKey(inner.template, 'resources')], undefined, node, innerScope || evaluatesInner(node));
    }
  };
  if (isObject(template)) visit(member(template, 'resources'), [memberKey(template, 'resources')], undefined, undefined, false);
  return out;
}
