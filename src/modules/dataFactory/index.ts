/**
 * Data Factory, the orchestration service (spec, "Deployed resources", "Pipelines", "Events"): the
 * factory with its system identity and roles, the managed virtual network and integration runtime used
 * when public access is disabled, the managed private endpoints, the `_triggerManager` identity and the
 * deployment scripts that stop triggers before the factory changes, start them after, and delete
 * resources of earlier deployments. The pipelines, triggers, datasets and linked services come from
 * {@link dataFactoryObjects}.
 */
import * as arm from '../../expressions/arm/index.js';
import type { HubModel } from '../../model/hub.js';
import type { AdfObject, ArmResource, Contribution, Value } from '../types.js';
import { names, ids, tagsFor, ROLES, adfObjectId, scriptName, identityRoleAssignmentName } from '../core/names.js';
import { roleAssignment, uploadSettingsScriptId } from '../storage/index.js';
import { eventGridCleanupRoleAssignmentId } from '../eventGrid/index.js';
import { dataExplorerReadyIds } from '../dataExplorer/index.js';
import { has, earlierReleases, type Release } from '../../model/releases.js';
import { dataFactoryContext } from './context.js';
import { dataFactoryObjects } from './objects.js';
import { deploymentScriptText } from '../deploymentScripts/scripts.js';
import { deploymentScript, deploymentScriptId } from '../deploymentScripts/resource.js';
import { managedNetworkResources, approvalIds, integrationRuntimeId } from './managedNetwork.js';
import { apiVersion } from '../core/apiVersions.js';
import { userAssignedIdentity } from '../core/identity.js';

/** Pipelines started once by the start-triggers script after each deployment. */
export const PIPELINES_RUN_AFTER_DEPLOYMENT = ['config_InitializeHub'];

/** Names the public releases gave to objects hubc names after its export container (`msexports` there). */
function publicNames(names: readonly string[], container: string): string[] {
  return names.filter((n) => n === container || n.startsWith(`${container}_`)).map((n) => `msexports${n.slice(container.length)}`);
}

/**
 * The triggers and pipelines the delete-old-resources script removes: every name an earlier release (or
 * the release itself, as the public releases named it after their `msexports` container) deployed that
 * this release does not have, from the release table. Sorted.
 */
export function legacyObjects(release: Release): { triggers: string[]; pipelines: string[] } {
  const collect = (pick: (r: Release) => string[]) => {
    const own = new Set(pick(release));
    const all = [...earlierReleases(release), release].flatMap((r) => [...pick(r), ...publicNames(pick(r), r.exportContainer)]);
    return [...new Set(all)].filter((n) => !own.has(n)).sort();
  };
  return { triggers: collect((r) => Object.values(r.triggers)), pipelines: collect((r) => Object.values(r.pipelines)) };
}

/** `^(a|b|c)$` for a list of object names (letters, digits and `_` only, so nothing needs escaping). */
function exactNames(names: string[]): string {
  if (names.some((n) => !/^\w+$/.test(n))) throw new Error(`object names must be letters, digits and _: ${names.join(', ')}`);
  return names.length ? `^(${names.join('|')})$` : '';
}

/** Data Factory module. */
export function dataFactoryModule(model: HubModel): Contribution {
  const r = model.release;
  const ctx = dataFactoryContext(model);
  const objects = dataFactoryObjects(ctx);
  const factoryPrincipal = arm.prop(arm.reference(ids.dataFactory, apiVersion('Microsoft.DataFactory/factories'), true), 'identity', 'principalId');
  const triggerManagerPrincipal = arm.prop(arm.reference(ids.triggerManagerIdentity, apiVersion('Microsoft.ManagedIdentity/userAssignedIdentities')), 'principalId');
  const stopScriptName = scriptName(r, 'stopTriggers');
  const stopScriptId = deploymentScriptId(stopScriptName);
  const roleId = (scope: arm.Arm, role: string, seed: arm.Arm) =>
    arm.call('extensionResourceId', scope, 'Microsoft.Authorization/roleAssignments', arm.guid(scope, role, seed));
  const triggerRoleName = (role: string) => identityRoleAssignmentName(r, 'triggerManager', ids.dataFactory, role);
  const triggerRoleId = (role: string) => arm.call('extensionResourceId', ids.dataFactory, 'Microsoft.Authorization/roleAssignments', triggerRoleName(role));
  // The specification's permissions table: Data Factory Contributor, on the factory only. (The public
  // releases also gave Managed Identity Contributor, which at factory scope allows nothing the scripts do.)
  const triggerManagerRoles = [ROLES.dataFactoryContributor];
  const factoryStorageRoles = [ROLES.storageAccountContributor, ROLES.storageBlobDataContributor, ROLES.reader];
  const eventGrid = has(r, 'eventGridRegistration');

  // With a managed network, every linked service waits for the managed integration runtime (ignored by ARM
  // when it is not deployed), and every object waits for the stop-triggers script: nothing in the factory
  // changes while a trigger runs. The template emitter adds the hub resources an object's expressions use.
  const adf: AdfObject[] = objects.map((o) => {
    const deps: Value[] = [...(o.dependsOn ?? [])];
    if (o.kind === 'linkedService' && has(r, 'privateNetworking')) deps.push(integrationRuntimeId);
    deps.push(stopScriptId);
    return { ...o, dependsOn: deps };
  });

  const script = (o: { name: arm.Arm | string; content: string; env: { name: string; value: string | arm.Arm }[]; dependsOn: Value[] }): ArmResource =>
    deploymentScript({
      ...o,
      identity: ids.triggerManagerIdentity,
      env: [
        { name: 'DataFactorySubscriptionId', value: arm.prop(arm.subscription(), 'subscriptionId') },
        { name: 'DataFactoryResourceGroup', value: arm.prop(arm.resourceGroup(), 'name') },
        { name: 'DataFactoryName', value: names.dataFactory },
        ...o.env,
      ],
    });
  const scriptDeps = [ids.dataFactory, ids.triggerManagerIdentity, ...triggerManagerRoles.map(triggerRoleId)];
  const triggerNames = objects.filter((o) => o.kind === 'trigger').map((t) => t.name);
  const deleteOldName = scriptName(r, 'deleteOldResources');
  const legacy = legacyObjects(r);

  const resources: ArmResource[] = [
    {
      type: 'Microsoft.DataFactory/factories',
      apiVersion: apiVersion('Microsoft.DataFactory/factories'),
      name: names.dataFactory,
      location: arm.parameters('location'),
      tags: tagsFor('Microsoft.DataFactory/factories'),
      identity: { type: 'SystemAssigned' },
      // Creating the Event Grid namespace registers the Event Grid provider before the blob-event triggers exist.
      ...(eventGrid ? { dependsOn: [ids.eventGridNamespace] } : {}),
      properties: {},
    },
    ...managedNetworkResources(model),
    userAssignedIdentity(names.triggerManagerIdentity),
    ...triggerManagerRoles.map((role) =>
      roleAssignment({
        scopeId: ids.dataFactory,
        scope: arm.format('Microsoft.DataFactory/factories/{0}', names.dataFactory),
        role,
        principalId: triggerManagerPrincipal,
        nameSeed: ids.triggerManagerIdentity,
        name: triggerRoleName(role),
        dependsOn: [ids.dataFactory, ids.triggerManagerIdentity],
      }),
    ),
    ...factoryStorageRoles.map((role) =>
      roleAssignment({
        scopeId: ids.storageAccount,
        scope: arm.format('Microsoft.Storage/storageAccounts/{0}', names.storageAccount),
        role,
        principalId: factoryPrincipal,
        nameSeed: ids.dataFactory,
        dependsOn: [ids.storageAccount, ids.dataFactory],
      }),
    ),
    script({
      name: stopScriptName,
      content: deploymentScriptText('triggers'),
      env: [
        { name: 'Triggers', value: JSON.stringify(triggerNames) },
        { name: 'Pipelines', value: '[]' },
        { name: 'Stop', value: 'true' },
      ],
      dependsOn: scriptDeps,
    }),
    script({
      name: deleteOldName,
      content: deploymentScriptText('deleteOldResources'),
      env: [
        { name: 'LegacyTriggers', value: exactNames(legacy.triggers) },
        { name: 'LegacyPipelines', value: exactNames(legacy.pipelines) },
        { name: 'EventGridNamespaceId', value: eventGrid ? ids.eventGridNamespace : '' },
      ],
      dependsOn: [...scriptDeps, stopScriptId, ...(eventGrid ? [ids.eventGridNamespace, eventGridCleanupRoleAssignmentId] : [])],
    }),
    script({
      name: scriptName(r, 'startTriggers'),
      content: deploymentScriptText('triggers'),
      env: [
        { name: 'Triggers', value: JSON.stringify(triggerNames) },
        { name: 'Pipelines', value: JSON.stringify(PIPELINES_RUN_AFTER_DEPLOYMENT.filter((p) => objects.some((o) => o.kind === 'pipeline' && o.name === p))) },
        { name: 'Stop', value: 'false' },
      ],
      dependsOn: [
        ...scriptDeps,
        deploymentScriptId(deleteOldName),
        ...adf.filter((o) => o.kind === 'trigger' || o.kind === 'pipeline').map((o) => adfObjectId(o.kind, o.name)),
        // The pipelines it starts (config_InitializeHub) and the triggers it enables read settings.json,
        // the data lake (factory identity roles), Data Explorer (admin assignment, database scripts) and,
        // without public access, go through the managed private endpoints, which must be approved.
        uploadSettingsScriptId(r),
        ...factoryStorageRoles.map((role) => roleId(ids.storageAccount, role, ids.dataFactory)),
        ...approvalIds(model),
        ...(has(r, 'dataExplorer') ? dataExplorerReadyIds(model) : []),
      ],
    }),
  ];
  return {
    variables: has(r, 'managedExports')
      ? {
          regionTimeZones: { ...r.regionTimeZones },
          // The region name as the public releases' table looks it up: lower case, spaces removed
          // (`West Europe` -> `westeurope`).
          regionKey: arm.toLower(arm.replace(arm.parameters('location'), ' ', '')),
          regionTimeZone: arm.if_(arm.contains(arm.variables('regionTimeZones'), arm.variables('regionKey')), arm.at(arm.variables('regionTimeZones'), arm.variables('regionKey')), 'UTC'),
        }
      : {},
    resources,
    dataFactory: adf,
    outputs: {
      dataFactoryName: { type: 'string', value: names.dataFactory },
      ...(has(r, 'managedExports')
        ? {
            managedIdentityId: { type: 'string', value: factoryPrincipal },
            managedIdentityTenantId: { type: 'string', value: arm.prop(arm.tenant(), 'tenantId') },
          }
        : {}),
    },
  };
}
