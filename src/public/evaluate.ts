/**
 * A template evaluated for one deployment, as one flat template: what `hubc diff` and `hubc upgrade-plan`
 * compare when a side is a public template. A public template is a tree of nested deployments whose
 * resource names are expressions of each module's own parameters; flattened (`flattenTemplate`) with the
 * parameter values and deployment context, every resource it deploys becomes a top-level resource with its
 * evaluated name and body, so it pairs with hubc's resources by name.
 *
 * The deployment context is the same stand-in both sides of a comparison use (`STAND_IN_CONTEXT`) unless a
 * real one is known (`hubc deploy --upgrade`), so the unique suffix and every ID agree.
 */
import { flattenTemplate } from '../expressions/arm/flatten.js';
import type { ArmEvalContext, ArmValue } from '../expressions/arm/evaluate.js';
import { isObject, type JsonObject } from '../util/json.js';

/**
 * Values assumed for what only a deployment knows, so that two builds fold to comparable values (IDs,
 * locations) even offline. Both sides get the same ones, so they never make a difference appear.
 */
export const STAND_IN_CONTEXT: ArmEvalContext = {
  subscriptionId: '00000000-0000-0000-0000-000000000000',
  tenantId: '00000000-0000-0000-0000-000000000000',
  resourceGroup: { name: 'hubc-resource-group', location: 'hubc-region' },
  deploymentName: 'hubc-deployment',
  environment: 'AzureCloud',
};

/** `ctx` with the stand-in values where it knows nothing (the group ID made from the subscription and name). */
export function withStandIn(ctx: ArmEvalContext): ArmEvalContext {
  const subscriptionId = ctx.subscriptionId ?? STAND_IN_CONTEXT.subscriptionId!;
  const rg = { ...STAND_IN_CONTEXT.resourceGroup, ...ctx.resourceGroup };
  rg.id ??= `/subscriptions/${subscriptionId}/resourceGroups/${rg.name}`;
  return { ...STAND_IN_CONTEXT, ...ctx, subscriptionId, resourceGroup: rg };
}

/** What a flat template is evaluated for. */
export interface EvaluationOptions {
  /** Parameter values by name (the template's defaults fill the rest). */
  parameters: Record<string, unknown>;
  /** What is known of the deployment; the stand-in fills the rest. */
  context?: ArmEvalContext;
  /** Recorded in `metadata.hubRelease` (the release the template is of). */
  release?: string;
  /** Recorded in `metadata.evaluatedFrom`: the file or build the template came from. */
  source: string;
}

/**
 * The flat template of one deployment (see the module doc): the template's parameter declarations as they
 * are, no variables, every resource deployed (or maybe deployed) with its evaluated name and body, and the
 * folded outputs. Resources whose name is only known at deployment (copies of an unknown count: the
 * private endpoint connections of the approval deployments) are left out.
 */
export function evaluatedTemplate(template: JsonObject, options: EvaluationOptions): JsonObject {
  return evaluatedTemplateWithOrigins(template, options).template;
}

/** A flat template and where each of its resources comes from. */
export interface EvaluatedTemplate {
  template: JsonObject;
  /** Per resource of the flat template (same index): its JSON path in the template evaluated, and its copy index when it is one of a loop's. */
  origins: { path: (string | number)[]; copyIndex?: number }[];
}

/** {@link evaluatedTemplate}, with the place in the template evaluated that each flat resource comes from (`hubc check` reports there). */
export function evaluatedTemplateWithOrigins(template: JsonObject, options: EvaluationOptions): EvaluatedTemplate {
  const flat = flattenTemplate(template, { ...withStandIn(options.context ?? {}), parameters: options.parameters as Record<string, ArmValue>, useDefaults: true });
  const kept = flat.resources.filter((r) => r.deployed !== false && r.name !== undefined);
  const resources = kept.map((r) => {
    const body: JsonObject = { ...r.body, name: r.name! };
    if (r.deployed === true) delete body.condition;
    return body;
  });
  const metadata = {
    ...(isObject(template.metadata) ? template.metadata : {}),
    ...(options.release ? { hubRelease: options.release } : {}),
    evaluatedFrom: options.source,
  };
  return {
    template: {
      $schema: template.$schema,
      contentVersion: template.contentVersion,
      metadata,
      parameters: isObject(template.parameters) ? template.parameters : {},
      variables: {},
      resources,
      outputs: flat.outputs,
    },
    origins: kept.map((r) => ({ path: r.path, ...(r.copyIndex !== undefined ? { copyIndex: r.copyIndex } : {}) })),
  };
}
