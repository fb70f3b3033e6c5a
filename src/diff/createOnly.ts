/**
 * Properties Azure fixes when a resource is created: a deployment that changes one on an existing resource
 * fails (or the resource has to be deleted and created again). The table is data, one row per property,
 * each with the documentation that says so; `hubc diff` (HUB418, ./blockers.ts) and `hubc upgrade-plan`
 * read it, and `test/upgrade/takeover.test.ts` holds hubc's `naming: public` builds to the public release
 * on every property it lists.
 *
 * A path is dotted; `[]` stands for every item of an array (`properties.privateLinkServiceConnections[].name`).
 */
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { parseArmExpression } from '../expressions/arm/parser.js';
import { serializeArm, type ArmExpr } from '../expressions/arm/ast.js';
import { isObject } from '../util/json.js';
import { isDeepStrictEqual } from 'node:util';

/** One property fixed at creation. */
export interface CreateOnlyProperty {
  /** Dotted path in the resource body; `[]` for every item of an array. */
  path: string;
  /** What Azure does, one clause ("infrastructure encryption can only be chosen when the account is created"). */
  rule: string;
  /** The documentation of the rule (a learn.microsoft.com page, or the error ARM answers). */
  source: string;
  /** The part of the value compared (e.g. the tier of a SKU name); the whole value when absent. */
  value?: (v: unknown) => unknown;
  /**
   * `any` (default): every change is refused. `noDisable`: only turning it off is refused (a property
   * that can be turned on later but never off again, e.g. Key Vault purge protection, a cluster's zones):
   * A has it on (true, or a non-empty list) and B writes it off (false, or an empty list); B leaving it out
   * changes nothing.
   */
  change?: 'any' | 'noDisable';
}

/** An expression with every `reference(id, apiVersion[, 'Full'])` written `reference(id[, 'full'])`: the API version read and the case of `Full` do not change what is referred to. */
function withoutReferenceVersion(e: ArmExpr): ArmExpr {
  switch (e.kind) {
    case 'call': {
      const args = e.args.map(withoutReferenceVersion);
      if (e.name.toLowerCase() !== 'reference' || !args.length) return { ...e, args };
      const full = args.length === 3 && args[2].kind === 'string' && args[2].value.toLowerCase() === 'full';
      return { kind: 'call', name: 'reference', args: full ? [args[0], { kind: 'string', value: 'full' }] : [args[0]] };
    }
    case 'property':
      return { ...e, target: withoutReferenceVersion(e.target) };
    case 'index':
      return { ...e, target: withoutReferenceVersion(e.target), index: withoutReferenceVersion(e.index) };
    default:
      return e;
  }
}

/** A residual expression in a canonical text (see {@link withoutReferenceVersion}); other values as they are. */
export function canonicalResidual(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonicalResidual);
  if (!isArmExpressionString(v)) return v;
  try {
    return `[${serializeArm(withoutReferenceVersion(parseArmExpression((v as string).slice(1, -1))))}]`;
  } catch {
    return v;
  }
}

/** The performance tier of a storage SKU name (`Premium_LRS` -> `Premium`). */
const storageTier = (v: unknown) => (typeof v === 'string' && !isArmExpressionString(v) ? v.split('_')[0] : v);

const PRIVATE_ENDPOINT = 'https://learn.microsoft.com/azure/private-link/private-endpoint-overview';
const ROLE_ASSIGNMENT = 'https://learn.microsoft.com/azure/role-based-access-control/troubleshooting#symptom---role-assignment-update-not-permitted';
const MANAGED_PRIVATE_ENDPOINT = 'https://learn.microsoft.com/azure/data-factory/continuous-integration-delivery#best-practices-for-cicd';

/** The properties fixed at creation, by resource type (lower case; `*` for every type). */
export const CREATE_ONLY: Readonly<Record<string, readonly CreateOnlyProperty[]>> = {
  '*': [{ path: 'location', rule: 'a resource cannot change region by redeployment', source: 'https://learn.microsoft.com/azure/azure-resource-manager/management/move-region' }],
  'microsoft.storage/storageaccounts': [
    {
      path: 'kind',
      rule: 'only Storage and BlobStorage accounts can be upgraded to StorageV2',
      source: 'https://learn.microsoft.com/azure/storage/common/storage-account-upgrade',
    },
    {
      path: 'properties.isHnsEnabled',
      rule: 'the hierarchical namespace is chosen when the account is created and cannot be turned off (turning it on is a separate upgrade, not a deployment)',
      source: 'https://learn.microsoft.com/azure/storage/blobs/data-lake-storage-namespace',
    },
    {
      path: 'properties.encryption.requireInfrastructureEncryption',
      rule: 'infrastructure encryption can only be chosen when the account is created',
      source: 'https://learn.microsoft.com/azure/storage/common/infrastructure-encryption-enable',
      value: (v) => v === true,
    },
    {
      path: 'sku.name',
      rule: 'an account cannot change between Standard and Premium performance',
      source: 'https://learn.microsoft.com/azure/storage/common/redundancy-migration',
      value: storageTier,
    },
  ],
  'microsoft.network/privateendpoints': [
    { path: 'properties.subnet.id', rule: 'a private endpoint stays in the subnet it was created in', source: PRIVATE_ENDPOINT, value: canonicalResidual },
    { path: 'properties.privateLinkServiceConnections[].name', rule: 'a private endpoint keeps the name of its connection', source: PRIVATE_ENDPOINT },
    {
      path: 'properties.privateLinkServiceConnections[].properties.privateLinkServiceId',
      rule: 'a private endpoint keeps the resource it was created for',
      source: PRIVATE_ENDPOINT,
      value: canonicalResidual,
    },
    { path: 'properties.privateLinkServiceConnections[].properties.groupIds', rule: 'a private endpoint keeps the sub-resource it was created for', source: PRIVATE_ENDPOINT },
  ],
  'microsoft.datafactory/factories/managedvirtualnetworks/managedprivateendpoints': [
    'properties.privateLinkResourceId',
    'properties.groupId',
    'properties.fqdns',
    'properties.name',
  ].map((path): CreateOnlyProperty => ({
    path,
    rule: 'Data Factory fails a deployment that changes the properties of an existing managed private endpoint',
    source: MANAGED_PRIVATE_ENDPOINT,
    value: canonicalResidual,
  })),
  'microsoft.kusto/clusters': [
    {
      path: 'properties.enableDoubleEncryption',
      rule: 'double encryption can only be chosen when the cluster is created',
      source: 'https://learn.microsoft.com/azure/data-explorer/cluster-encryption-double',
      value: (v) => v === true,
    },
    {
      path: 'zones',
      rule: 'a cluster configured with availability zones cannot be changed back to none',
      source: 'https://learn.microsoft.com/azure/data-explorer/migrate-cluster-to-multiple-availability-zone',
      change: 'noDisable',
    },
  ],
  'microsoft.keyvault/vaults': [
    {
      path: 'properties.enablePurgeProtection',
      rule: 'purge protection cannot be turned off once on',
      source: 'https://learn.microsoft.com/azure/key-vault/general/soft-delete-overview#purge-protection',
      change: 'noDisable',
    },
    {
      path: 'properties.enableSoftDelete',
      rule: 'soft delete cannot be turned off once on',
      source: 'https://learn.microsoft.com/azure/key-vault/general/soft-delete-overview',
      change: 'noDisable',
    },
  ],
  'microsoft.authorization/roleassignments': [
    {
      path: 'properties.principalId',
      rule: 'ARM answers RoleAssignmentUpdateNotPermitted: principal and scope of a role assignment cannot be updated',
      source: ROLE_ASSIGNMENT,
      value: canonicalResidual,
    },
    { path: 'properties.roleDefinitionId', rule: 'ARM answers RoleAssignmentUpdateNotPermitted: a role assignment cannot change role', source: ROLE_ASSIGNMENT },
    { path: 'scope', rule: 'ARM answers RoleAssignmentUpdateNotPermitted: principal and scope of a role assignment cannot be updated', source: ROLE_ASSIGNMENT },
  ],
};

/** The value at a path of {@link CreateOnlyProperty} (an array of values under `[]`). */
export function valueAtPath(value: unknown, path: string): unknown {
  const [head, ...rest] = path.split('[]');
  let v = value;
  for (const k of head.split('.').filter(Boolean)) v = isObject(v) ? v[k] : undefined;
  if (!rest.length) return v;
  return Array.isArray(v) ? v.map((x) => valueAtPath(x, rest.join('[]').replace(/^\./, ''))) : undefined;
}

/** The create-only properties of a resource type (the rows of `*` first). */
export function createOnlyProperties(type: string): readonly CreateOnlyProperty[] {
  return [...CREATE_ONLY['*'], ...(CREATE_ONLY[type.toLowerCase()] ?? [])];
}

/** True when deploying `b` over `a` changes the property in a way Azure refuses. */
export function changesCreateOnly(p: CreateOnlyProperty, a: unknown, b: unknown): boolean {
  const part = (body: unknown) => {
    const v = valueAtPath(body, p.path);
    return p.value ? p.value(v) : v;
  };
  const [va, vb] = [part(a), part(b)];
  if (p.change === 'noDisable') {
    const on = (v: unknown) => v === true || (Array.isArray(v) && v.length > 0);
    const off = (v: unknown) => v === false || (Array.isArray(v) && v.length === 0);
    return on(va) && off(vb);
  }
  return !isDeepStrictEqual(va, vb);
}
