/**
 * Data Factory, the orchestration service (spec, "Deployed resources", "Pipelines", "Events"): the
 * factory with its system identity and roles, the managed virtual network and integration runtime used
 * when public access is disabled, the managed private endpoints, the `_triggerManager` identity and the
 * deployment scripts that stop triggers before the factory changes, start them after, and delete
 * resources of earlier deployments. The pipelines, triggers, datasets and linked services come from
 * {@link dataFactoryObjects}.
 */
import * as arm from '../../expressions/arm/index.js';
import * as ui from '../../expressions/ui/index.js';
import type { HubModel } from '../../model/hub.js';
import type { AdfObject, ArmResource, Contribution, Value } from '../types.js';
import { names, ids, tagsFor, ROLES, adfObjectId, scriptName, identityRoleAssignmentName } from '../core/names.js';
import { uploadSettingsScriptId } from '../storage/index.js';
import { roleAssignment } from '../core/roles.js';
import { eventGridCleanupRoleAssignmentId } from '../eventGrid/index.js';
import { dataExplorerReadyIds } from '../dataExplorer/index.js';
import { behaves, has, earlierReleases, type PipelineRole, type Release } from '../../model/releases.js';
import { dataFactoryContext } from './context.js';
import { dataFactoryObjects } from './objects.js';
import { deploymentScript, deploymentScriptId, deploymentScriptText, type DeploymentScriptOptions } from '../deploymentScripts/index.js';
import { managedNetworkResources, approvalIds, integrationRuntimeId } from './managedNetwork.js';
import { apiVersion } from '../core/apiVersions.js';
import { userAssignedIdentity } from '../core/identity.js';
import { recommendationsOn, uploadQueriesScriptId } from '../recommendations/index.js';
import { factorySelfRole, factorySelfRoleId } from './selfRole.js';

export { adfObjectResource, withFactoryResources } from './resources.js';

/**
 * Pipelines the start-triggers script runs once after each deployment, those of the build (release row roles):
 * `config_InitializeHub` (Data Explorer's setup data), then `config_ConfigureExports`, which creates or updates the
 * managed exports for the scopes of settings.json. The latter would otherwise never run for the settings.json the
 * deployment writes: `config_SettingsUpdated` is stopped (new, or stopped by the stop-triggers script) while the
 * settings script writes the file, so a new hub created no exports and an upgrade kept the old ones.
 */
const PIPELINES_RUN_AFTER_DEPLOYMENT: readonly PipelineRole[] = ['initializeHub', 'configureExports'];

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

/**
 * The roles of the `_triggerManager` identity on the factory: the specification's permissions table, Data
 * Factory Contributor on the factory only. (The public releases also gave Managed Identity Contributor,
 * which at factory scope allows nothing the scripts do.)
 */
const TRIGGER_MANAGER_ROLES = [ROLES.dataFactoryContributor];
/** The roles of the factory's identity on the data lake. */
const FACTORY_STORAGE_ROLES = [ROLES.storageAccountContributor, ROLES.storageBlobDataContributor, ROLES.reader];

/** Data Factory module: the factory, its managed network, identities and roles, the trigger scripts, its objects, variables and outputs. */
export function dataFactoryModule(model: HubModel): Contribution {
  const r = model.release;
  const objects = dataFactoryObjects(dataFactoryContext(model));
  const adf = withFactoryDependencies(r, objects);
  const factoryPrincipal = arm.prop(arm.reference(ids.dataFactory, apiVersion('Microsoft.DataFactory/factories'), true), 'identity', 'principalId');
  const selfRole = factorySelfRole(adf);
  return {
    variables: has(r, 'managedExports')
      ? {
          regionTimeZones: { ...r.regionTimeZones },
          // The region name as the public releases' table looks it up: lower case, spaces removed
          // (`West Europe` -> `westeurope`).
          regionKey: arm.toLower(arm.replace(arm.parameters('location'), ' ', '')),
          regionTimeZone: arm.if_(
            arm.contains(arm.variables('regionTimeZones'), arm.variables('regionKey')),
            arm.at(arm.variables('regionTimeZones'), arm.variables('regionKey')),
            'UTC',
          ),
        }
      : {},
    resources: [
      factory(r),
      ...managedNetworkResources(model),
      ...triggerManager(r),
      ...FACTORY_STORAGE_ROLES.map((role) =>
        roleAssignment({
          scopeId: ids.storageAccount,
          scope: arm.format('Microsoft.Storage/storageAccounts/{0}', names.storageAccount),
          role,
          principalId: factoryPrincipal,
          nameSeed: ids.dataFactory,
          dependsOn: [ids.storageAccount, ids.dataFactory],
        }),
      ),
      ...managedExportsStorageRole(model, factoryPrincipal),
      ...(selfRole ? [selfRole] : []),
      ...triggerScripts(model, adf),
    ],
    ...(has(r, 'managedExportsOption') ? { parameters: { enableManagedExports: managedExportsParameter(model) }, form: [managedExportsForm(model)] } : {}),
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

/** The `enableManagedExports` template parameter (12+), with hub.yaml's choice as default. */
function managedExportsParameter(model: HubModel) {
  return {
    type: 'bool',
    defaultValue: model.managedExports.enabled,
    metadata: {
      description:
        'Create and run Cost Management exports of the scopes to monitor from the hub. Needs Cost Management Contributor for the factory identity on each scope; not supported for MCA billing profiles.',
    },
  } as const;
}

/** The form's checkbox of `enableManagedExports`, on the scopes step, checked as hub.yaml says (one default for hub.yaml, template and form). */
function managedExportsForm(model: HubModel): NonNullable<Contribution['form']>[number] {
  return {
    parameter: 'enableManagedExports',
    step: 'scopes',
    element: {
      name: 'enableManagedExports',
      type: 'Microsoft.Common.CheckBox',
      label: 'Managed exports',
      defaultValue: model.managedExports.enabled,
      toolTip: managedExportsParameter(model).metadata.description,
    },
    output: ui.steps('scopes', 'enableManagedExports'),
  };
}

/**
 * Only Storage Blob Data Contributor (`ROLES.storageBlobDataContributor`) may be assigned or removed: the role
 * Cost Management gives each managed export's own identity on the data lake. ABAC condition of a role
 * assignment ("Delegate Azure role assignment management to others with conditions",
 * learn.microsoft.com/azure/role-based-access-control/delegate-role-assignments-portal).
 */
export const EXPORT_ROLE_ONLY_CONDITION =
  `((!(ActionMatches{'Microsoft.Authorization/roleAssignments/write'})) OR (@Request[Microsoft.Authorization/roleAssignments:RoleDefinitionId] ForAnyOfAnyValues:GuidEquals {${ROLES.storageBlobDataContributor}}))` +
  ` AND ((!(ActionMatches{'Microsoft.Authorization/roleAssignments/delete'})) OR (@Resource[Microsoft.Authorization/roleAssignments:RoleDefinitionId] ForAnyOfAnyValues:GuidEquals {${ROLES.storageBlobDataContributor}}))`;

/**
 * From 12 (`managedExportsRoleDelegation`): the factory identity's role on the data lake that lets Cost
 * Management give each managed export's identity Storage Blob Data Contributor there: Role Based Access
 * Control Administrator limited by {@link EXPORT_ROLE_ONLY_CONDITION} to that one role. Deployed only with
 * managed exports on (`enableManagedExports`).
 */
function managedExportsStorageRole(model: HubModel, principalId: arm.Arm): ArmResource[] {
  if (!behaves(model.release, 'managedExportsRoleDelegation') || !has(model.release, 'managedExports')) return [];
  return [
    roleAssignment({
      scopeId: ids.storageAccount,
      scope: arm.format('Microsoft.Storage/storageAccounts/{0}', names.storageAccount),
      role: ROLES.roleBasedAccessControlAdministrator,
      principalId,
      nameSeed: ids.dataFactory,
      dependsOn: [ids.storageAccount, ids.dataFactory],
      ...(has(model.release, 'managedExportsOption') ? { condition: arm.parameters('enableManagedExports') } : {}),
      description: "Lets Cost Management give the hub's managed exports write access to the data lake.",
      abacCondition: EXPORT_ROLE_ONLY_CONDITION,
    }),
  ];
}

/**
 * The factory's objects with what they wait for: with a managed network, every linked service waits for the
 * managed integration runtime (ignored by ARM when it is not deployed), and every object waits for the
 * stop-triggers script: nothing in the factory changes while a trigger runs. The template emitter adds the
 * hub resources an object's expressions use.
 */
function withFactoryDependencies(r: Release, objects: readonly AdfObject[]): AdfObject[] {
  const stopScriptId = deploymentScriptId(scriptName(r, 'stopTriggers'));
  return objects.map((o) => {
    const deps: Value[] = [...(o.dependsOn ?? [])];
    if (o.kind === 'linkedService' && has(r, 'privateNetworking')) deps.push(integrationRuntimeId);
    deps.push(stopScriptId);
    return { ...o, dependsOn: deps };
  });
}

/** The factory, with its system identity. */
function factory(r: Release): ArmResource {
  return {
    type: 'Microsoft.DataFactory/factories',
    apiVersion: apiVersion('Microsoft.DataFactory/factories'),
    name: names.dataFactory,
    location: arm.parameters('location'),
    tags: tagsFor('Microsoft.DataFactory/factories'),
    identity: { type: 'SystemAssigned' },
    // Creating the Event Grid namespace registers the Event Grid provider before the blob-event triggers exist.
    ...(has(r, 'eventGridRegistration') ? { dependsOn: [ids.eventGridNamespace] } : {}),
    properties: {},
  };
}

/** The name of a role assignment of the `_triggerManager` identity on the factory. */
const triggerRoleName = (r: Release, role: string) => identityRoleAssignmentName(r, 'triggerManager', ids.dataFactory, role);

/** The `_triggerManager` identity, which the deployment scripts run as, and its roles on the factory. */
function triggerManager(r: Release): ArmResource[] {
  const principalId = arm.prop(arm.reference(ids.triggerManagerIdentity, apiVersion('Microsoft.ManagedIdentity/userAssignedIdentities')), 'principalId');
  return [
    userAssignedIdentity(names.triggerManagerIdentity),
    ...TRIGGER_MANAGER_ROLES.map((role) =>
      roleAssignment({
        scopeId: ids.dataFactory,
        scope: arm.format('Microsoft.DataFactory/factories/{0}', names.dataFactory),
        role,
        principalId,
        nameSeed: ids.triggerManagerIdentity,
        name: triggerRoleName(r, role),
        dependsOn: [ids.dataFactory, ids.triggerManagerIdentity],
      }),
    ),
  ];
}

/** A deployment script run as the `_triggerManager` identity, told the factory it acts on. */
function factoryScript(o: { name: arm.Arm | string; content: string; env: DeploymentScriptOptions['env']; dependsOn: Value[] }): ArmResource {
  return deploymentScript({
    ...o,
    identity: ids.triggerManagerIdentity,
    env: [
      { name: 'DataFactorySubscriptionId', value: arm.prop(arm.subscription(), 'subscriptionId') },
      { name: 'DataFactoryResourceGroup', value: arm.prop(arm.resourceGroup(), 'name') },
      { name: 'DataFactoryName', value: names.dataFactory },
      ...o.env,
    ],
  });
}

/**
 * How long the start script waits in all for blob-event triggers whose Event Grid subscription is still
 * provisioning (13+, `triggerStartRetries`): 15 minutes of the script's 30-minute timeout.
 */
export const TRIGGER_START_WAIT_SECONDS = 900;

/**
 * The script that starts the triggers and runs the setup pipelines: `triggers.sh` with Stop=false; from 13
 * (`triggerStartRetries`) with StartWaitSeconds, so that it waits while a trigger's Event Grid subscription
 * provisions (#1996).
 */
function startScript(r: Release, triggers: DeploymentScriptOptions['env'][number]['value'], pipelines: string): { content: string; env: DeploymentScriptOptions['env'] } {
  return {
    content: deploymentScriptText('triggers'),
    env: [
      { name: 'Triggers', value: triggers },
      { name: 'Pipelines', value: pipelines },
      { name: 'Stop', value: 'false' },
      ...(behaves(r, 'triggerStartRetries') ? [{ name: 'StartWaitSeconds', value: String(TRIGGER_START_WAIT_SECONDS) }] : []),
    ],
  };
}

/**
 * The deployment scripts around the factory's changes: stop the triggers before, delete the triggers and
 * pipelines of earlier releases (and their Event Grid leftovers), then start the triggers and the pipelines
 * run after each deployment once everything they read is in place.
 */
function triggerScripts(model: HubModel, adf: readonly AdfObject[]): ArmResource[] {
  const r = model.release;
  const eventGrid = has(r, 'eventGridRegistration');
  const stopScriptName = scriptName(r, 'stopTriggers');
  const deleteOldName = scriptName(r, 'deleteOldResources');
  const triggerRoleId = (role: string) => arm.call('extensionResourceId', ids.dataFactory, 'Microsoft.Authorization/roleAssignments', triggerRoleName(r, role));
  const factoryRoleId = (role: string) =>
    arm.call('extensionResourceId', ids.storageAccount, 'Microsoft.Authorization/roleAssignments', arm.guid(ids.storageAccount, role, ids.dataFactory));
  const scriptDeps = [ids.dataFactory, ids.triggerManagerIdentity, ...TRIGGER_MANAGER_ROLES.map(triggerRoleId)];
  const triggerNames = JSON.stringify(adf.filter((o) => o.kind === 'trigger').map((t) => t.name));
  const legacy = legacyObjects(r);
  const recommendations = has(r, 'recommendations');
  return [
    factoryScript({
      name: stopScriptName,
      content: deploymentScriptText('triggers'),
      env: [
        { name: 'Triggers', value: triggerNames },
        { name: 'Pipelines', value: '[]' },
        { name: 'Stop', value: 'true' },
      ],
      dependsOn: scriptDeps,
    }),
    factoryScript({
      name: deleteOldName,
      content: deploymentScriptText('deleteOldResources'),
      env: [
        { name: 'LegacyTriggers', value: exactNames(legacy.triggers) },
        { name: 'LegacyPipelines', value: exactNames(legacy.pipelines) },
        { name: 'EventGridNamespaceId', value: eventGrid ? ids.eventGridNamespace : '' },
      ],
      dependsOn: [...scriptDeps, deploymentScriptId(stopScriptName), ...(eventGrid ? [ids.eventGridNamespace, eventGridCleanupRoleAssignmentId] : [])],
    }),
    factoryScript({
      name: scriptName(r, 'startTriggers'),
      ...startScript(
        r,
        recommendations ? startedWithRecommendations(r, adf) : triggerNames,
        JSON.stringify(PIPELINES_RUN_AFTER_DEPLOYMENT.map((role) => r.pipelines[role]).filter((p) => p !== undefined && adf.some((o) => o.kind === 'pipeline' && o.name === p))),
      ),
      dependsOn: [
        ...scriptDeps,
        deploymentScriptId(deleteOldName),
        ...adf.filter((o) => o.kind === 'trigger' || o.kind === 'pipeline').map((o) => adfObjectId(o.kind, o.name)),
        // The pipelines it starts (config_InitializeHub) and the triggers it enables read settings.json,
        // the data lake (factory identity roles), Data Explorer (admin assignment, database scripts) and,
        // without public access, go through the managed private endpoints, which must be approved.
        uploadSettingsScriptId(r),
        ...FACTORY_STORAGE_ROLES.map(factoryRoleId),
        // The pipelines it starts may call the factory's own API.
        ...(factorySelfRole(adf) ? [factorySelfRoleId] : []),
        ...approvalIds(model),
        ...(has(r, 'dataExplorer') ? dataExplorerReadyIds(model) : []),
        // The first run of the recommendations reads the query files (a false condition drops the dependency).
        ...(recommendations ? [uploadQueriesScriptId(r)] : []),
      ],
    }),
  ];
}

/**
 * The triggers the start-triggers script starts in a release with recommendations: all, but the queries'
 * schedule only while `enableRecommendations` is true. A hub that turns the recommendations off keeps the
 * trigger of an earlier deployment (incremental mode), and the stop-triggers script, which stops every
 * trigger, leaves it stopped.
 */
function startedWithRecommendations(r: Release, adf: readonly AdfObject[]): arm.Arm {
  const all = adf.filter((o) => o.kind === 'trigger').map((t) => t.name);
  const queries = r.triggers.queriesSchedule;
  return arm.if_(recommendationsOn, JSON.stringify(all), JSON.stringify(all.filter((n) => n !== queries)));
}
