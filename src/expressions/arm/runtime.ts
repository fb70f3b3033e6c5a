/**
 * What `reference()` of a resource returns that follows from how the template declares it: the ID of each
 * subnet of a virtual network, the endpoints of a storage account, the URI of a key vault or a Data
 * Explorer cluster. ARM fills these in at deployment, but their values are fixed by the resource's type,
 * name, location and the cloud (`environment()`), so a comparison of two templates (`hubc diff`,
 * `hubc upgrade-plan`) can evaluate `reference(<vnet>).subnets[0].id` or
 * `reference(<storage>).primaryEndpoints.dfs` instead of comparing the expression text. A property not
 * listed here stays residual.
 *
 * The table is data: one row per resource type, with the documentation of the returned values.
 */
import { isArmObject, type ArmValue } from './functions.js';

/** A resource as a template declares it, folded as far as known (`undefined` where not known). */
export interface DeclaredShape {
  /** Full resource ID (`/subscriptions/.../providers/<type>/<name>`). */
  id: string;
  type: string;
  /** The resource's own name (last segment). */
  name: string;
  location?: unknown;
  /** Folded `properties` as declared. */
  properties?: unknown;
}

/** One row: the runtime properties of a type that follow from its declaration, and where that is documented. */
interface RuntimeRow {
  source: string;
  /** The `properties` object `reference(id)` returns, as far as it follows from the declaration (undefined: nothing known). */
  derive(r: DeclaredShape, env: { [key: string]: ArmValue } | undefined): { [key: string]: ArmValue } | undefined;
}

/** `environment().suffixes.<name>`, when the cloud is known. */
function suffix(env: { [key: string]: ArmValue } | undefined, name: string): string | undefined {
  const suffixes = env && isArmObject(env.suffixes) ? env.suffixes : undefined;
  const v = suffixes?.[name];
  return typeof v === 'string' ? v : undefined;
}

/** A region as ARM writes it in host names: lower case, no spaces (`West Europe` -> `westeurope`). */
function regionName(location: unknown): string | undefined {
  return typeof location === 'string' && !location.startsWith('[') ? location.toLowerCase().replace(/\s+/g, '') : undefined;
}

/** The runtime properties of each resource type that follow from the declaration (lower-case type). */
export const RUNTIME_PROPERTIES: Readonly<Record<string, RuntimeRow>> = {
  'microsoft.network/virtualnetworks': {
    source: 'https://learn.microsoft.com/rest/api/virtualnetwork/subnets/get (a subnet ID is <virtual network ID>/subnets/<subnet name>)',
    derive(r) {
      const subnets = isArmObject(r.properties) && Array.isArray(r.properties.subnets) ? r.properties.subnets : undefined;
      if (!subnets) return undefined;
      const out: ArmValue[] = [];
      for (const s of subnets) {
        if (!isArmObject(s) || typeof s.name !== 'string' || s.name.startsWith('[')) return undefined;
        out.push({ name: s.name, id: `${r.id}/subnets/${s.name}` });
      }
      return { subnets: out };
    },
  },
  'microsoft.storage/storageaccounts': {
    source: 'https://learn.microsoft.com/azure/storage/common/storage-account-overview#standard-endpoints (https://<account>.<service>.<storage suffix>/)',
    derive(r, env) {
      const storage = suffix(env, 'storage');
      if (!storage) return undefined;
      return { primaryEndpoints: { blob: `https://${r.name}.blob.${storage}/`, dfs: `https://${r.name}.dfs.${storage}/` } };
    },
  },
  'microsoft.keyvault/vaults': {
    source: 'https://learn.microsoft.com/azure/key-vault/general/about-keys-secrets-certificates#object-identifiers (https://<vault name><keyvaultDns>/)',
    derive(r, env) {
      const dns = suffix(env, 'keyvaultDns');
      return dns ? { vaultUri: `https://${r.name}${dns}/` } : undefined;
    },
  },
  'microsoft.kusto/clusters': {
    source:
      'https://learn.microsoft.com/azure/data-explorer/create-cluster-and-database (https://<cluster>.<region>.kusto.windows.net; the Kusto suffix is the storage suffix with core -> kusto)',
    derive(r, env) {
      const storage = suffix(env, 'storage');
      const region = regionName(r.location);
      if (!storage || !region) return undefined;
      const kusto = storage.replace('core', 'kusto');
      return { uri: `https://${r.name}.${region}.${kusto}`, dataIngestionUri: `https://ingest-${r.name}.${region}.${kusto}` };
    },
  },
};

/**
 * The state `reference(id[, apiVersion[, 'Full']])` returns for a declared resource, as far as it follows
 * from the declaration: its `properties` (or, `full`, `{ properties }`); undefined for a type the table does
 * not list or when nothing is known.
 */
export function declaredReference(r: DeclaredShape, env: { [key: string]: ArmValue } | undefined, full: boolean): ArmValue | undefined {
  const row = RUNTIME_PROPERTIES[r.type.toLowerCase()];
  const properties = row?.derive(r, env);
  if (!properties) return undefined;
  return full ? { properties } : properties;
}

/**
 * A `reference` hook for an evaluation context (`ArmEvalContext.reference`) answering from the runtime
 * state of declared resources: `resources` by ID (compared without regard to case, as ARM compares IDs).
 */
export function declaredReferences(resources: readonly DeclaredShape[], env: { [key: string]: ArmValue } | undefined): (id: string, full: boolean) => ArmValue | undefined {
  const byId = new Map(resources.map((r) => [r.id.toLowerCase(), r]));
  return (id, full) => {
    const r = byId.get(id.toLowerCase());
    return r ? declaredReference(r, env, full) : undefined;
  };
}
