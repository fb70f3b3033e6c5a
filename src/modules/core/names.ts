/**
 * Resource names and shared values of a hub, as ARM expressions over template variables.
 *
 * The names follow the release row's naming rules (`src/model/naming.ts`, hub.yaml `naming`): the
 * specification's `<hubName>-<purpose>-<unique-suffix>` adjusted to each resource type's length and
 * character rules (the default), or the names the public release of the same number computes. The suffix is
 * `uniqueString(hubName, resourceGroup().id)` (13 lowercase letters and digits). Type rules: storage
 * accounts 3-24 lowercase letters and digits; Key Vault 3-24 letters, digits and single hyphens, starting
 * with a letter; Data Factory 3-63 letters, digits and single hyphens; virtual networks 2-64
 * (learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules). The hub name is checked
 * in hub.yaml (`src/frontend/checks/hubName.ts`) so that every rule gives a valid name; where a truncated
 * hub name meets the next part, `replace(.., '--', '-')` removes the doubled hyphen, as the public
 * templates do.
 */
import * as arm from '../../expressions/arm/index.js';
import type { Value } from '../types.js';
import { behaves, has, parameterName, type ParameterKey, type Release, type ReleaseFeature } from '../../model/releases.js';
import type { IdentityRole, NameRule, ScriptRole } from '../../model/naming.js';
import { ADF_RESOURCE_TYPE, type AdfObjectKind } from '../../model/dataFactoryKinds.js';
import type { TaggedResourceType } from '../../model/tags.js';
import { COMPONENT_SWITCHES } from '../../model/components.js';

const v = arm.variables;

/** `parameters('<name>')` for a parameter key, with the name the release gives it (see `releases.ts`). */
export function param(release: Release, key: ParameterKey): arm.Arm {
  return arm.parameters(parameterName(release, key));
}

/**
 * Name given to the Data Explorer resources when `dataExplorerName` is empty. They are not deployed then
 * (`condition` false), but ARM still validates their names. A valid cluster name (4-22 lowercase letters
 * and digits) so no name rule can trip over it.
 */
export const DATA_EXPLORER_PLACEHOLDER = 'nodataexplorer';

/** The ARM expression of a naming rule (see `NameRule`): the same name `resolveName()` computes. */
function ruleName(rule: NameRule): arm.Arm {
  const base = v(rule.base === 'dashed' ? 'hubNameDashed' : 'hubNameSafe');
  const kept = arm.take(rule.tail ? arm.concat(base, rule.tail) : base, rule.take);
  const name = arm.concat(kept, ...(rule.separator ? [rule.separator] : []), v('uniqueSuffix'));
  return rule.base === 'dashed' ? arm.replace(name, '--', '-') : name;
}

/** Longest virtual network name (learn.microsoft.com/azure/azure-resource-manager/management/resource-name-rules). */
const VIRTUAL_NETWORK_NAME_MAX = 64;

/**
 * The name variables a release needs, in template order: those of the resources every hub has, plus those
 * of the components the release has (script storage, Event Grid registration, private networking, Data
 * Explorer), by the release's naming rules.
 */
export function nameVariables(release: Release): Record<string, Value> {
  const p = arm.parameters;
  const n = release.naming;
  const when = (feature: ReleaseFeature, vars: Record<string, Value>) => (has(release, feature) ? vars : {});
  // `<safe hub name>-vnet-<location>` as the public 0.7 release names it; the hub name is cut so the whole
  // stays within 64 characters (a name that fits is unchanged).
  const vnetTail = arm.concat('-vnet-', p('location'));
  return {
    uniqueSuffix: arm.uniqueString(p('hubName'), arm.prop(arm.resourceGroup(), 'id')),
    hubNameDashed: arm.replace(p('hubName'), '_', '-'),
    hubNameSafe: arm.toLower(arm.replace(arm.replace(p('hubName'), '-', ''), '_', '')),
    storageAccountName: ruleName(n.storageAccount),
    ...when('scriptStorage', { scriptStorageAccountName: ruleName(n.scriptStorageAccount) }),
    dataFactoryName: ruleName(n.dataFactory),
    keyVaultName: ruleName(n.keyVault),
    ...when('eventGridRegistration', { eventGridNamespaceName: ruleName(n.eventGridNamespace) }),
    ...when('privateNetworking', {
      virtualNetworkName: arm.concat(arm.take(v('hubNameSafe'), arm.sub(VIRTUAL_NETWORK_NAME_MAX, arm.length(vnetTail))), vnetTail),
      networkSecurityGroupName: arm.concat(v('virtualNetworkName'), '-nsg'),
    }),
    blobManagerIdentityName: arm.concat(v('storageAccountName'), '_blobManager'),
    triggerManagerIdentityName: arm.concat(v('dataFactoryName'), '_triggerManager'),
    // ARM checks the name segments of every resource, including those whose condition is false: a child
    // named '/Ingestion' (empty cluster name) fails validation with "incorrect segment lengths"
    // (github.com/Azure/bicep/issues/7733). Without a cluster, the (undeployed) Data Explorer resources
    // get a placeholder name instead.
    ...when('dataExplorer', { dataExplorerClusterName: arm.if_(arm.empty(p('dataExplorerName')), DATA_EXPLORER_PLACEHOLDER, p('dataExplorerName')) }),
  };
}

/** Name of one of the hub's deployment scripts, by the release's naming rules. */
export function scriptName(release: Release, role: ScriptRole): arm.Arm | string {
  const rule = release.naming.scripts[role];
  if (rule.after === 'none') return rule.name;
  return arm.concat(rule.after === 'storageAccount' ? v('storageAccountName') : v('dataFactoryName'), rule.name);
}

/**
 * Name of a role assignment of one of the deployment identities: `guid(<scope id>, <role>, <identity id>)`,
 * plus the naming rules' seed for that identity where the public release assigned its roles elsewhere
 * (`NamingRules.roleNameSeeds`).
 */
export function identityRoleAssignmentName(release: Release, identity: IdentityRole, scopeId: arm.Arm, role: string): arm.Arm {
  const seed = release.naming.roleNameSeeds[identity];
  const principal = identity === 'blobManager' ? ids.blobManagerIdentity : ids.triggerManagerIdentity;
  return seed ? arm.guid(scopeId, role, principal, seed) : arm.guid(scopeId, role, principal);
}

/** References to the name variables, for use inside resources. */
export const names = {
  uniqueSuffix: v('uniqueSuffix'),
  storageAccount: v('storageAccountName'),
  scriptStorageAccount: v('scriptStorageAccountName'),
  dataFactory: v('dataFactoryName'),
  keyVault: v('keyVaultName'),
  eventGridNamespace: v('eventGridNamespaceName'),
  virtualNetwork: v('virtualNetworkName'),
  networkSecurityGroup: v('networkSecurityGroupName'),
  blobManagerIdentity: v('blobManagerIdentityName'),
  triggerManagerIdentity: v('triggerManagerIdentityName'),
  dataExplorerCluster: v('dataExplorerClusterName'),
} as const;

/** Resource IDs of the hub's main resources. */
export const ids = {
  storageAccount: arm.resourceId('Microsoft.Storage/storageAccounts', names.storageAccount),
  scriptStorageAccount: arm.resourceId('Microsoft.Storage/storageAccounts', names.scriptStorageAccount),
  dataFactory: arm.resourceId('Microsoft.DataFactory/factories', names.dataFactory),
  keyVault: arm.resourceId('Microsoft.KeyVault/vaults', names.keyVault),
  virtualNetwork: arm.resourceId('Microsoft.Network/virtualNetworks', names.virtualNetwork),
  networkSecurityGroup: arm.resourceId('Microsoft.Network/networkSecurityGroups', names.networkSecurityGroup),
  blobManagerIdentity: arm.resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', names.blobManagerIdentity),
  triggerManagerIdentity: arm.resourceId('Microsoft.ManagedIdentity/userAssignedIdentities', names.triggerManagerIdentity),
  dataExplorerCluster: arm.resourceId('Microsoft.Kusto/clusters', names.dataExplorerCluster),
  eventGridNamespace: arm.resourceId('Microsoft.EventGrid/namespaces', names.eventGridNamespace),
  subnet: (subnet: string) => arm.resourceId('Microsoft.Network/virtualNetworks/subnets', names.virtualNetwork, subnet),
} as const;

/**
 * Resource ID of a Data Factory child object (pipeline, trigger, dataset, linked service) of the hub's
 * factory: `resourceId('Microsoft.DataFactory/factories/<kind>s', dataFactoryName, name)`.
 */
export function adfObjectId(kind: AdfObjectKind, name: string): arm.Arm {
  return arm.resourceId(ADF_RESOURCE_TYPE[kind], names.dataFactory, name);
}

/** Subnet names of the hub virtual network. */
export const SUBNETS = {
  privateEndpoints: 'private-endpoint-subnet',
  scripts: 'script-subnet',
  dataExplorer: 'dataExplorer-subnet',
} as const;

/** True at deploy time when the Data Explorer cluster is deployed. */
export const deployDataExplorer = v(COMPONENT_SWITCHES.dataExplorer.variable);
/** True at deploy time when public access to the data lake is enabled (`bool(enablePublicAccess)`). */
export const publicAccess = v(COMPONENT_SWITCHES.privateNetworking.variable);
/** True at deploy time when a remote hub storage URI is set (its Key Vault secret and linked service are deployed). */
export const deployRemoteHub = v(COMPONENT_SWITCHES.remoteHub.variable);

/**
 * Name of the variable (defined by the core module, 0.10+) that is true at deploy time when a Microsoft
 * Fabric eventhouse query URI is set: Data Factory then loads the eventhouse, and no cluster is deployed.
 * Not a component switch of `hubc diff`: the template deploys nothing in Fabric.
 */
export const FABRIC_SWITCH = 'useFabric';
/** True at deploy time when the hub uses a Fabric eventhouse (`not(empty(fabricQueryUri))`). */
export const useFabric = v(FABRIC_SWITCH);

/**
 * True at deploy time when the hub has an analytics engine Data Factory loads: the Data Explorer cluster, or
 * from 0.10 a Fabric eventhouse instead.
 */
export function analyticsDeployed(release: Release): arm.Arm {
  return has(release, 'fabric') ? arm.or(deployDataExplorer, useFabric) : deployDataExplorer;
}

/**
 * The deploy-time condition of the Key Vault and of what exists only for it (its private endpoint and DNS
 * zone, Data Factory's Key Vault linked service and managed private endpoint): from 0.9
 * (`keyVaultOnlyForRemoteHub`) a remote hub, whose storage key is the one secret the vault holds; before,
 * none (always deployed).
 */
export function keyVaultCondition(release: Release): arm.Arm | undefined {
  return has(release, 'remoteHub') && behaves(release, 'keyVaultOnlyForRemoteHub') ? deployRemoteHub : undefined;
}

/** `{ condition }` of {@link keyVaultCondition}, or nothing, to spread into a resource. */
export function keyVaultConditionOf(release: Release): { condition?: arm.Arm } {
  const c = keyVaultCondition(release);
  return c ? { condition: c } : {};
}

/**
 * Tags of a resource of the given ARM type: the hub tags merged with `tagsByResource[type]`
 * (spec, parameter `tagsByResource`). The type is one the release table lists in `TAGGED_TYPES`
 * (src/model/tags.ts), which hub.yaml's `tagsByResource` keys are checked against.
 */
export function tagsFor(type: TaggedResourceType): arm.Arm {
  return arm.union(v('resourceTags'), arm.if_(arm.contains(arm.parameters('tagsByResource'), type), arm.at(arm.parameters('tagsByResource'), type), arm.createObject()));
}

export { ROLES } from '../../model/roles.js';

/**
 * Name of the Key Vault secret holding `remoteHubStorageKey`: `<hubName>-storage-key`, lower case, with
 * `_` replaced by `-` because secret names allow only letters, digits and hyphens
 * (learn.microsoft.com/azure/key-vault/general/about-keys-secrets-certificates#objects-identifiers-and-versioning)
 * while hub names may contain `_`.
 */
export const remoteHubKeySecretName: arm.Arm = arm.concat(arm.replace(arm.toLower(arm.parameters('hubName')), '_', '-'), '-storage-key');

/** `subscriptionResourceId('Microsoft.Authorization/roleDefinitions', guid)` */
export function roleDefinitionId(roleGuid: string): arm.Arm {
  return arm.subscriptionResourceId('Microsoft.Authorization/roleDefinitions', roleGuid);
}
