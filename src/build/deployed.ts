/**
 * What a build deploys, and what an incremental deployment of build B leaves behind of build A.
 *
 * A template declares more than it deploys: whole components sit behind a `condition`
 * (`[variables('deployDataExplorer')]`), and every name derives from parameters (`hubName`). Comparing the
 * declarations as written (type plus name expression) misses both, so here each template is folded with
 * what is known of its deployment: the parameter defaults the build was compiled with, the values of a
 * saved parameter file when there is one, and the deployment context (subscription, resource group) when
 * `hubc deploy --upgrade` knows it, else stand-in values that are the same for both builds. A resource is
 * then identified by its resource ID and is deployed when its condition folds to true (or cannot be known:
 * it may be).
 *
 * Incremental mode, the portal's and the default, leaves every resource of the resource group that the
 * template does not deploy as it is ("Azure Resource Manager deployment modes",
 * learn.microsoft.com/azure/azure-resource-manager/templates/deployment-modes); a resource whose condition
 * is false is not deployed, and so is not touched either ("Conditional deployment in ARM templates").
 * So what A deploys and B does not (no resource of B with that ID, or only ones whose condition is false)
 * stays behind, Data Factory pipelines, triggers, datasets and linked services included (child resources
 * of the factory).
 */
import { isArmExpressionString, lastNameText } from '../expressions/arm/semantics.js';
import { templateContext, templateValueFolder, type ArmEvalContext } from '../expressions/arm/evaluate.js';
import { parseArmExpression } from '../expressions/arm/parser.js';
import { forEachArmNode } from '../expressions/arm/ast.js';
import { ADF_COLLECTION, adfKindOfResourceType, type AdfCollection } from '../model/dataFactoryKinds.js';
import { isObject, type JsonObject } from '../util/json.js';
import { withStandIn } from '../public/index.js';
import { declaredReferences, RUNTIME_PROPERTIES, type DeclaredShape } from '../expressions/arm/runtime.js';
import { AZURE_CLOUD_ENVIRONMENT } from '../expressions/arm/functions.js';
import type { TemplateResource, TemplateView } from './template.js';

/** Whether a resource is deployed: its condition folded (`unknown` when it depends on what only a deployment knows). */
export type Deployed = boolean | 'unknown';

/** One resource a template declares, folded with what is known of its deployment. */
export interface DeclaredResource {
  /** `type name-expression` as the diff's resource section names it (`#2` for a second declaration of one identity). */
  identity: string;
  type: string;
  /** For Data Factory pipelines, triggers, datasets and linked services: the kind and the object name. */
  object?: { kind: AdfCollection; name: string };
  /** The name folded with what is really known (a value, or the residual `[...]` text). */
  display: string;
  /** Resource ID with the stand-in context where the real one is not known; compared, not shown. */
  id: string;
  /** Resource ID when the real context knows every part. */
  realId?: string;
  apiVersion: string;
  /** ARM `condition` as the template writes it. */
  condition?: string;
  deployed: Deployed;
  /** `cm-resource-parent` tag value (the hub the resource belongs to), when the tags fold to one. */
  hubParent?: string;
  /** The whole resource folded with the stand-in context (nested `resources` left out); computed on first use. */
  body(): JsonObject;
}

const lower = (s: unknown) => String(s).toLowerCase();

/** The ID of a resource: `<group>/providers/<namespace>/<type>/<name>[/<child type>/<child name>]`, or for an extension resource `<group>/providers/<scope>/providers/<namespace>/<type>/<name>`. */
function resourceIdOf(type: string, name: string, scope: unknown, groupId: string): string {
  const [ns, ...types] = type.split('/');
  const names = name.split('/');
  const path = types.map((t, i) => `${t}/${names[i] ?? ''}`).join('/');
  if (typeof scope === 'string') return `${groupId}/providers/${scope.replace(/^\/+/, '')}/providers/${ns}/${path}`;
  return `${groupId}/providers/${ns}/${path}`;
}

/** The value of a tag, matched without regard to case as Azure matches tag names. */
function tagValue(tags: unknown, name: string): string | undefined {
  if (!isObject(tags)) return undefined;
  const hit = Object.entries(tags).find(([k]) => k.toLowerCase() === name);
  return typeof hit?.[1] === 'string' && !isArmExpressionString(hit[1]) ? hit[1] : undefined;
}

/**
 * The resources a template deploys itself: the top-level ones and their child resources, in template order
 * (what a nested deployment's inline template declares is that deployment's own).
 */
export function ownResources(template: TemplateView): TemplateResource[] {
  return template.allResources.filter((r) => !r.deployment);
}

/** Identity of a resource: `type name-expression` (its full type, the name as written). */
export function resourceIdentity(r: TemplateResource): string {
  return `${r.type || String(r.json.type)} ${r.name}`;
}

/**
 * Every resource a template deploys itself ({@link ownResources}, Data Factory objects included), folded.
 * @param real what is known for real: `parameters` (a saved parameter file's values; the template's
 *   defaults fill the rest), and the subscription and resource group of a deployment
 */
export function declaredResources(view: TemplateView, real: ArmEvalContext = {}): DeclaredResource[] {
  const template = view.json ?? {};
  const resources = ownResources(view);
  const fullCtx = withRuntimeState(resources, templateContext(template, { ...withStandIn(real), useDefaults: true }));
  const full = templateValueFolder(fullCtx, { keepInvalid: true });
  const partial = templateValueFolder(templateContext(template, { ...real, useDefaults: true }), { keepInvalid: true });
  const complete = Boolean(real.subscriptionId && real.resourceGroup?.id && real.resourceGroup.name && real.resourceGroup.location);
  const groupId = fullCtx.resourceGroup!.id!;
  const seen = new Map<string, number>();
  const out: DeclaredResource[] = [];
  for (const node of resources) {
    const r = node.json;
    const base = resourceIdentity(node);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const type = node.type || String(r.type);
    const name = String(full(r.name));
    const id = resourceIdOf(type, name, full(r.scope), groupId);
    const display = String(partial(r.name));
    const condition = r.condition === undefined ? undefined : full(r.condition);
    const deployed: Deployed = condition === undefined || condition === true ? true : condition === false ? false : 'unknown';
    let body: JsonObject | undefined;
    const d: DeclaredResource = {
      identity: n === 1 ? base : `${base} #${n}`,
      type,
      display,
      id,
      apiVersion: String(r.apiVersion ?? ''),
      deployed,
      body: () => (body ??= full({ ...r, resources: undefined }) as JsonObject),
    };
    const kind = adfKindOfResourceType(type);
    if (kind) d.object = { kind: ADF_COLLECTION[kind], name: lastNameText(r.name) };
    if (complete && !isArmExpressionString(display)) d.realId = id;
    if (r.condition !== undefined) d.condition = typeof r.condition === 'string' ? r.condition : JSON.stringify(r.condition);
    const parent = r.tags === undefined ? undefined : tagValue(full(r.tags), 'cm-resource-parent');
    if (parent) d.hubParent = parent;
    out.push(d);
  }
  return out;
}

/**
 * The context with a `reference()` hook answering, for the resources the template declares, what their
 * declaration fixes of their runtime state (a subnet's ID, a storage endpoint, a vault or cluster URI:
 * `src/expressions/arm/runtime.ts`), so two templates that read them differently compare by value.
 */
function withRuntimeState(resources: readonly TemplateResource[], ctx: ArmEvalContext): ArmEvalContext {
  const fold = templateValueFolder(ctx, { keepInvalid: true });
  const groupId = ctx.resourceGroup!.id!;
  const shapes: DeclaredShape[] = [];
  for (const { json: r, type: fullType } of resources) {
    const type = fullType || String(r.type);
    if (!RUNTIME_PROPERTIES[lower(type)]) continue;
    const name = fold(r.name);
    if (typeof name !== 'string' || isArmExpressionString(name)) continue;
    shapes.push({ id: resourceIdOf(type, name, undefined, groupId), type, name: name.split('/').pop()!, location: fold(r.location), properties: fold(r.properties) });
  }
  const env = ctx.environment === 'AzureCloud' ? AZURE_CLOUD_ENVIRONMENT : ctx.environment;
  return { ...ctx, reference: declaredReferences(shapes, env) };
}

/** True when a resource of A is deployed by the builds' known values (or may be). */
export const mayBeDeployed = (r: DeclaredResource) => r.deployed !== false;

/**
 * The resources of A (`ra`) that deploying B (`rb`) in incremental mode leaves in place: deployed (or
 * maybe deployed) by A, and not deployed by B under the same resource ID. Nested deployments (not kept
 * between deployments) are left out.
 */
export function leftBehind(ra: readonly DeclaredResource[], rb: readonly DeclaredResource[]): DeclaredResource[] {
  const inB = new Set(rb.filter(mayBeDeployed).map((r) => lower(r.id)));
  return ra.filter((r) => mayBeDeployed(r) && !inB.has(lower(r.id)) && !NOT_KEPT.includes(lower(r.type)));
}

/**
 * Types a deployment declares that leave nothing of their own behind: nested deployments (not kept between
 * deployments), and Key Vault `accessPolicies` (named `add`, `replace` or `remove`: an operation on the
 * vault's access policies, learn.microsoft.com/azure/templates/microsoft.keyvault/vaults/accesspolicies;
 * the public releases add the Data Factory policy with one, hubc declares it in the vault).
 */
const NOT_KEPT = ['microsoft.resources/deployments', 'microsoft.keyvault/vaults/accesspolicies'];

/** The hubs (`cm-resource-parent` tag values) whose resources a build deploys, sorted. */
export function hubParents(resources: readonly DeclaredResource[]): string[] {
  return [
    ...new Set(
      resources
        .filter(mayBeDeployed)
        .map((r) => r.hubParent)
        .filter((p): p is string => Boolean(p)),
    ),
  ].sort();
}

/** True when a condition (as the template writes it) refers to variable `name`. */
export function conditionUses(condition: string | undefined, name: string): boolean {
  if (condition === undefined || !isArmExpressionString(condition)) return false;
  let found = false;
  try {
    forEachArmNode(parseArmExpression(condition.slice(1, -1)), (node) => {
      if (node.kind === 'call' && lower(node.name) === 'variables' && node.args[0]?.kind === 'string' && node.args[0].value === name) found = true;
    });
  } catch {
    return false;
  }
  return found;
}
