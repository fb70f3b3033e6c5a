/**
 * Small artifacts for the per-rule lint cases: a minimal template around a few resources, a portal form,
 * a pipeline resource, and the artifact map the lint engine reads.
 */
export type Files = Record<string, unknown>;

/** One failing and one passing input of a rule. */
export interface RuleCase {
  fail: Files;
  pass: Files;
  /**
   * An input whose checked values are known only at deployment (`reference()`, a parameter without
   * allowed values, a computed parameter name): every finding says it cannot be decided at build time.
   */
  unknown?: Files;
  /** Why the rule has no such input (it evaluates no value), instead of `unknown`. */
  noUnknown?: string;
  /** Facts from hub.yaml the rule may use. */
  options?: { chosenLocations: string[] };
}

/** A template with a `location` parameter, the given resources and extra sections. */
export function template(resources: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#',
    contentVersion: '1.0.0.0',
    parameters: { location: { type: 'string', defaultValue: '[resourceGroup().location]' } },
    resources,
    ...extra,
  };
}

/** The artifacts of a case: `azuredeploy.json` from a template object plus other files. */
export function files(t: unknown, more: Files = {}): Files {
  return { 'azuredeploy.json': t, ...more };
}

/** A storage account with the given properties. */
export function storage(properties: Record<string, unknown>, name = 'store1'): Record<string, unknown> {
  return {
    type: 'Microsoft.Storage/storageAccounts',
    apiVersion: '2025-06-01',
    name,
    location: "[parameters('location')]",
    kind: 'StorageV2',
    sku: { name: 'Standard_LRS' },
    properties,
  };
}

/** Properties of a storage account that passes every storage rule. */
export const SAFE_STORAGE = { supportsHttpsTrafficOnly: true, minimumTlsVersion: 'TLS1_2', allowBlobPublicAccess: false, allowSharedKeyAccess: false };

/** A Data Factory pipeline resource of factory `f` with the given activities. */
export function pipeline(name: string, activities: unknown[]): Record<string, unknown> {
  return {
    type: 'Microsoft.DataFactory/factories/pipelines',
    apiVersion: '2018-06-01',
    name: `[format('{0}/{1}', 'f', '${name}')]`,
    properties: { activities },
  };
}

/** An activity. */
export function activity(name: string, type: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, type, dependsOn: [], userProperties: [], ...extra };
}

/** An activity's dependency on another. */
export function after(name: string, ...conditions: string[]): { activity: string; dependencyConditions: string[] } {
  return { activity: name, dependencyConditions: conditions.length ? conditions : ['Succeeded'] };
}

/** A portal form with the given outputs. */
export function form(outputs: Record<string, string>, top: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    $schema: 'https://schema.management.azure.com/schemas/0.1.2-preview/CreateUIDefinition.MultiVm.json#',
    handler: 'Microsoft.Azure.CreateUIDef',
    version: '0.1.2-preview',
    parameters: { basics: [], steps: [], outputs },
    ...top,
  };
}
