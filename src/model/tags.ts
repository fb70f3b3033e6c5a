/**
 * Tags: which resources the hub tags with `tags` merged with `tagsByResource[type]`, the tags the hub adds
 * itself, and Azure's limits on tags.
 *
 * Limits from "Use tags to organize your Azure resources", section "Limitations"
 * (learn.microsoft.com/azure/azure-resource-manager/management/tag-resources#limitations):
 * - a resource has at most 50 tag name/value pairs; Azure Private DNS zones, their A records and virtual
 *   network links at most 15;
 * - a tag name has at most 512 characters (128 on storage accounts), a tag value at most 256;
 * - tag names cannot contain `<`, `>`, `%`, `&`, `\`, `?` or `/`;
 * - tag names are case-insensitive for operations (a resource cannot hold two names that differ only in case).
 *
 * Private DNS zones and their virtual network links accept, but silently drop, tags whose name holds
 * whitespace or `:` (not in the documentation; reported in github.com/Azure/azure-resource-manager-schemas
 * issue 3367 and github.com/Azure/azure-rest-api-specs issue 11748). The documentation's rules for Azure
 * DNS zones, Traffic Manager and Front Door concern resource types the hub does not deploy.
 */
import { has, type Release, type ReleaseFeature } from './releases.js';

/**
 * The resource types whose resources the hub tags (with `tagsFor()` in src/modules/core/names.ts), by the
 * capability that deploys them; `base` for those every release deploys. test/compiler/features.test.ts
 * checks this against the compiled templates of every release row and every row with a capability
 * switched off.
 */
export const TAGGED_TYPES = {
  base: [
    'Microsoft.DataFactory/factories',
    'Microsoft.KeyVault/vaults',
    'Microsoft.ManagedIdentity/userAssignedIdentities',
    'Microsoft.Resources/deploymentScripts',
    'Microsoft.Storage/storageAccounts',
  ],
  dataExplorer: ['Microsoft.Kusto/clusters'],
  privateNetworking: [
    'Microsoft.Network/networkSecurityGroups',
    'Microsoft.Network/privateDnsZones',
    'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
    'Microsoft.Network/privateEndpoints',
    'Microsoft.Network/virtualNetworks',
    'Microsoft.Resources/deployments',
  ],
  eventGridRegistration: ['Microsoft.EventGrid/namespaces'],
  managedExports: [],
  scriptStorage: [],
  remoteHub: [],
  retentionSettings: [],
  infrastructureEncryption: [],
  // The template deploys nothing in Fabric (the eventhouse is the owner's).
  fabric: [],
  managedExportsOption: [],
  keyVaultPurgeProtection: [],
  recommendations: [],
} as const satisfies Record<'base' | ReleaseFeature, readonly string[]>;

/** A resource type the hub tags in some release. */
export type TaggedResourceType = (typeof TAGGED_TYPES)[keyof typeof TAGGED_TYPES][number];

/** Every resource type the hub tags in some release, sorted. */
export const ALL_TAGGED_TYPES: readonly TaggedResourceType[] = [...new Set(Object.values(TAGGED_TYPES).flat())].sort();

/** The resource types a release tags, sorted. */
export function taggedResourceTypes(release: Release): TaggedResourceType[] {
  const features = Object.keys(TAGGED_TYPES).filter((k): k is ReleaseFeature => k !== 'base' && has(release, k as ReleaseFeature));
  return [...TAGGED_TYPES.base, ...features.flatMap((f) => TAGGED_TYPES[f])].sort();
}

/** The tags the hub puts on every resource it tags, whatever hub.yaml says (src/modules/core, variable `resourceTags`). */
export const HUB_TAG_NAMES: readonly string[] = ['cm-resource-parent', 'ftk-version', 'ftk-tool'];

/** Azure's limits on the tags of one resource. */
export interface TagLimits {
  /** Most tag name/value pairs on one resource. */
  maxTags: number;
  /** Most characters of a tag name. */
  maxNameLength: number;
  /** Most characters of a tag value. */
  maxValueLength: number;
  /** Tag names the resource type accepts but does not keep, and how to say which. */
  droppedNames?: { pattern: RegExp; what: string };
}

/** The limits of most resource types. */
export const DEFAULT_TAG_LIMITS: TagLimits = { maxTags: 50, maxNameLength: 512, maxValueLength: 256 };

/** Resource types with other limits than {@link DEFAULT_TAG_LIMITS}. */
const TAG_LIMITS: Partial<Record<TaggedResourceType, TagLimits>> = {
  'Microsoft.Storage/storageAccounts': { ...DEFAULT_TAG_LIMITS, maxNameLength: 128 },
  'Microsoft.Network/privateDnsZones': { ...DEFAULT_TAG_LIMITS, maxTags: 15, droppedNames: { pattern: /[\s:]/, what: 'a space or :' } },
  'Microsoft.Network/privateDnsZones/virtualNetworkLinks': { ...DEFAULT_TAG_LIMITS, maxTags: 15, droppedNames: { pattern: /[\s:]/, what: 'a space or :' } },
};

/** The tag limits of a resource type. */
export function tagLimits(type: TaggedResourceType): TagLimits {
  return TAG_LIMITS[type] ?? DEFAULT_TAG_LIMITS;
}

/** Characters Azure does not allow in tag names. */
export const FORBIDDEN_TAG_NAME_CHARACTERS = /[<>%&\\?/]/;
