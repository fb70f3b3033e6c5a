/**
 * How a hub names its resources, as data: the specification's names (`naming: spec`, the default) or the
 * names the public release of the same number computes (`naming: public`), so that hubc's template deploys
 * over a hub deployed from the public templates in place. Each release row of `releases.ts` carries the
 * rules of both modes; `src/modules/core/names.ts` turns them into ARM expressions, and
 * {@link resolveName} computes them for checks and tools.
 *
 * Sources: the specification's "Deployed resources" (`<hubName>-<purpose>-<unique-suffix>` within each
 * type's limits) and the public templates' name variables (`../shared/reference/versions.md` §0.2, and
 * `finops-hub-<v>.json`): storage `take(safeHubName, 11) + suffix`, vault
 * `replace(take('<hub>-vault', 10) + '-' + suffix, '--', '-')`, Event Grid `replace(take('<hub>-ns', 36) +
 * '-' + suffix, '--', '-')`, script storage `take(safeHubName, 3) + 'script' + suffix`.
 */

/** hub.yaml `naming`: whose resource names the hub uses. */
export type NamingMode = 'spec' | 'public';

/** Every naming mode, the default first. */
export const NAMING_MODES: readonly NamingMode[] = ['spec', 'public'];

/**
 * A resource name built from the hub name: `take(<base><tail>, take) + separator + uniqueSuffix`, with each
 * `--` replaced by `-` when the base is the dashed hub name (a truncated name may end in `-`).
 */
export interface NameRule {
  /** `dashed`: the hub name with `_` replaced by `-`; `safe`: lower case without `-` and `_` (storage accounts). */
  base: 'dashed' | 'safe';
  /** Text added to the base before it is truncated (public: `-vault`, `-engine`, `-ns`). */
  tail: string;
  /** Characters of base + tail kept. */
  take: number;
  /** Text between the kept part and the unique suffix. */
  separator: string;
}

/** Name of a deployment script: a fixed name, or a name after the storage account or the factory. */
export interface ScriptNameRule {
  after: 'storageAccount' | 'dataFactory' | 'none';
  /** `_uploadSettings` after a resource name, or the whole name when `after` is `none`. */
  name: string;
}

/** The deployment scripts hubc deploys, by role. */
export type ScriptRole = 'uploadSettings' | 'stopTriggers' | 'startTriggers' | 'deleteOldResources' | 'uploadQueries';

/** The user-assigned identities whose role assignments the naming rules concern. */
export type IdentityRole = 'blobManager' | 'triggerManager';

/** The private endpoints the hub creates, by what they reach: the data lake's blob and dfs, the script storage's blob, the vault, the cluster. */
export type EndpointRole = 'blob' | 'dfs' | 'scriptBlob' | 'vault' | 'dataExplorer';

/** The naming rules of one release in one mode. */
export interface NamingRules {
  mode: NamingMode;
  /** Container Cost Management exports into; the export datasets, pipelines and triggers are named after it. */
  exportContainer: string;
  storageAccount: NameRule;
  scriptStorageAccount: NameRule;
  keyVault: NameRule;
  dataFactory: NameRule;
  eventGridNamespace: NameRule;
  scripts: Readonly<Record<ScriptRole, ScriptNameRule>>;
  /**
   * An extra `guid()` argument for the role assignments of an identity that the public release assigned at
   * another scope (the resource group) than hubc does (the resource). Azure refuses a role assignment name
   * already used at another scope (`RoleAssignmentUpdateNotPermitted`), and the public release's name is
   * `guid(<resource id>, <role>, <identity id>)` like hubc's, so hubc's own assignment needs another name.
   */
  roleNameSeeds: Readonly<Partial<Record<IdentityRole, string>>>;
  /**
   * Name of the Data Explorer cluster's Storage Blob Data Contributor assignment on the data lake:
   * `guid(<storage id>, <role>, <cluster id>)` (hubc), or the public 0.7 release's
   * `guid(<cluster name>, subscription().id, 'Storage Blob Data Contributor')`. Both are at the storage
   * account, so a second name for the same assignment would be refused (`RoleAssignmentExists`).
   */
  dataExplorerStorageRoleName: 'resourceRolePrincipal' | 'clusterSubscription';
  /**
   * Name of a deployment identity's role assignment at the script storage account: `scopeRolePrincipal` (as
   * every other: `guid(<scope id>, <role>, <identity id>)`), or the public 0.11's `rolePrincipal`
   * (`guid(<role>, <identity id>)`, `hub-deploymentScript.bicep`). A second name for the same assignment would
   * be refused (`RoleAssignmentExists`).
   */
  scriptStorageRoleName: 'scopeRolePrincipal' | 'rolePrincipal';
  /**
   * Name of each private endpoint's connection (`privateLinkServiceConnections[0].name`), which Azure fixes
   * when the endpoint is created: `endpointLink` (`<endpoint name>-link`), or the public release's names by
   * endpoint.
   */
  privateLinkConnections: 'endpointLink' | Readonly<Record<EndpointRole, string>>;
  /**
   * How Data Factory's managed private endpoints are written, which Data Factory fixes when one is created:
   * `hostName` (`fqdns` are the host names), or `public` (the public release's: `fqdns` the endpoint URLs its
   * template reads with `reference()`, and `properties.name` the endpoint's name).
   */
  managedPrivateEndpoints: 'hostName' | 'public';
}

const FACTORY: NameRule = { base: 'dashed', tail: '-engine', take: 49, separator: '-' };

/** The specification's names (every release). */
export const SPEC_NAMING: NamingRules = {
  mode: 'spec',
  exportContainer: 'rawexports',
  // 6 + 'store' (5) + 13 = 24
  storageAccount: { base: 'safe', tail: '', take: 6, separator: 'store' },
  // 5 + 'script' (6) + 13 = 24
  scriptStorageAccount: { base: 'safe', tail: '', take: 5, separator: 'script' },
  // 4 + '-vault-' (7) + 13 = 24
  keyVault: { base: 'dashed', tail: '', take: 4, separator: '-vault-' },
  // at most 49 + '-' + 13 = 63
  dataFactory: FACTORY,
  // at most 29 + '-events-' (8) + 13 = 50
  eventGridNamespace: { base: 'dashed', tail: '', take: 29, separator: '-events-' },
  scripts: {
    uploadSettings: { after: 'storageAccount', name: '_uploadSettings' },
    stopTriggers: { after: 'dataFactory', name: '_stopTriggers' },
    startTriggers: { after: 'dataFactory', name: '_startTriggers' },
    deleteOldResources: { after: 'dataFactory', name: '_deleteOldResources' },
    uploadQueries: { after: 'storageAccount', name: '_uploadQueries' },
  },
  roleNameSeeds: {},
  dataExplorerStorageRoleName: 'resourceRolePrincipal',
  scriptStorageRoleName: 'scopeRolePrincipal',
  privateLinkConnections: 'endpointLink',
  managedPrivateEndpoints: 'hostName',
};

/** The public releases' names from 0.4 (0.4-0.7; 0.7 has no Event Grid namespace, hubc's uses the 0.5 form). */
export const PUBLIC_NAMING: NamingRules = {
  mode: 'public',
  exportContainer: 'msexports',
  storageAccount: { base: 'safe', tail: '', take: 11, separator: '' },
  scriptStorageAccount: { base: 'safe', tail: '', take: 3, separator: 'script' },
  keyVault: { base: 'dashed', tail: '-vault', take: 10, separator: '-' },
  dataFactory: FACTORY,
  eventGridNamespace: { base: 'dashed', tail: '-ns', take: 36, separator: '-' },
  scripts: SPEC_NAMING.scripts,
  roleNameSeeds: { blobManager: 'storageAccount' },
  dataExplorerStorageRoleName: 'clusterSubscription',
  scriptStorageRoleName: 'scopeRolePrincipal',
  // The public 0.7-0.8 endpoint modules (versions.md §0.7; finops-hub-0.7.json, finops-hub-0.8.json).
  privateLinkConnections: { blob: 'blobLink', dfs: 'dfsLink', scriptBlob: 'scriptLink', vault: 'keyVaultLink', dataExplorer: 'dataExplorerLink' },
  managedPrivateEndpoints: 'public',
};

/** The public 0.11 names: the deployment identities' roles at the script storage named without the scope. */
export const PUBLIC_NAMING_011: NamingRules = { ...PUBLIC_NAMING, scriptStorageRoleName: 'rolePrincipal' };

/** The public 0.2.1 and 0.3 names: a fixed `uploadSettings` script and the `...HubTriggers` scripts. */
export const PUBLIC_NAMING_02: NamingRules = {
  ...PUBLIC_NAMING,
  scripts: {
    uploadSettings: { after: 'none', name: 'uploadSettings' },
    stopTriggers: { after: 'dataFactory', name: '_stopHubTriggers' },
    startTriggers: { after: 'dataFactory', name: '_startHubTriggers' },
    deleteOldResources: { after: 'dataFactory', name: '_deleteOldResources' },
    uploadQueries: { after: 'storageAccount', name: '_uploadQueries' },
  },
};

/** The public 0.1.1 names: as 0.2.1, and the trigger manager's roles at resource-group scope. */
export const PUBLIC_NAMING_01: NamingRules = {
  ...PUBLIC_NAMING_02,
  roleNameSeeds: { blobManager: 'storageAccount', triggerManager: 'dataFactory' },
};

/** Characters of the unique suffix (`uniqueString()` is always 13 characters). */
export const UNIQUE_SUFFIX_LENGTH = 13;

/** The hub name as a rule's base: `_` -> `-` (dashed), or lower case without `-` and `_` (safe). */
export function hubNameBase(hubName: string, base: NameRule['base']): string {
  return base === 'dashed' ? hubName.replace(/_/g, '-') : hubName.toLowerCase().replace(/[-_]/g, '');
}

/**
 * The name a rule gives (what the ARM expression of `src/modules/core/names.ts` computes at deployment).
 * @param hubName the hub name
 * @param uniqueSuffix the 13-character suffix (`uniqueString(hubName, resourceGroup().id)`), or any
 *   13-character stand-in when only the shape matters
 */
export function resolveName(rule: NameRule, hubName: string, uniqueSuffix: string): string {
  const name = (hubNameBase(hubName, rule.base) + rule.tail).slice(0, rule.take) + rule.separator + uniqueSuffix;
  // ARM replace() replaces every non-overlapping occurrence, left to right, once.
  return rule.base === 'dashed' ? name.split('--').join('-') : name;
}
