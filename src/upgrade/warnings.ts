/**
 * What a plan's reader must know before any step, shown first: a deployment that changes who can reach a
 * resource over the network (HUB601), and a resource holding data that must be deleted and created again,
 * with what is lost (HUB602). Both come from the two builds folded for one deployment (src/build/deployed.ts).
 */
import type { Leftovers } from '../diff/index.js';
import { DATA_RESOURCE_TYPES, lower } from '../build/index.js';
import { codes } from '../diagnostics/index.js';
import { isObject } from '../util/json.js';
import type { UpgradeWarning } from './types.js';

/** A property that decides network exposure, its value when unset (the service default), and its closed value. */
interface ExposureProperty {
  path: string;
  unset: string;
  closed: string;
}

/** The exposure properties of a type and what decides them in hubc's build. */
interface ExposureRow {
  properties: readonly ExposureProperty[];
  decides: string;
}

const PUBLIC_NETWORK_ACCESS: ExposureProperty = { path: 'properties.publicNetworkAccess', unset: 'Enabled', closed: 'Disabled' };
const FIREWALL: ExposureProperty = { path: 'properties.networkAcls.defaultAction', unset: 'Allow', closed: 'Deny' };
const PUBLIC_ACCESS_FIELD = 'hub.yaml networking.publicAccess decides it (true keeps public access).';

/**
 * The properties that decide who reaches a resource over the network, by type (lower case). Sources:
 * learn.microsoft.com/azure/storage/common/storage-network-security (storage firewall, default action
 * Allow), /azure/key-vault/general/network-security (vault firewall), /azure/data-explorer/security-network-restrict-public-access.
 */
export const NETWORK_EXPOSURE: Readonly<Record<string, ExposureRow>> = {
  'microsoft.storage/storageaccounts': { properties: [PUBLIC_NETWORK_ACCESS, FIREWALL], decides: PUBLIC_ACCESS_FIELD },
  'microsoft.keyvault/vaults': {
    properties: [PUBLIC_NETWORK_ACCESS, FIREWALL],
    decides:
      'hubc keeps the vault closed to all but trusted Azure services (Data Factory reads it as one) unless public access is on in 0.8 (docs/deviations.md, Key Vault firewall): add a firewall rule for anyone else who reads its secrets.',
  },
  'microsoft.kusto/clusters': { properties: [PUBLIC_NETWORK_ACCESS], decides: PUBLIC_ACCESS_FIELD },
};

/** What deleting a resource that holds data loses, by type (lower case). */
const LOSES: Readonly<Record<string, string>> = {
  'microsoft.storage/storageaccounts': 'every file in it (exports, ingested data, config/settings.json) and its access settings',
  'microsoft.kusto/clusters': "its databases' tables and the data loaded into them",
  'microsoft.keyvault/vaults': 'its secrets (a soft-deleted vault also keeps the name taken until purged)',
};

/** The value at a dotted path. */
function valueAt(value: unknown, path: string): unknown {
  let v = value;
  for (const k of path.split('.')) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** A value as shown: unset values as the service default they mean. */
const shown = (v: unknown, p: ExposureProperty) => (v === undefined || v === null ? p.unset : typeof v === 'string' ? v : JSON.stringify(v));

/** HUB601 for each resource both builds deploy whose network exposure B changes. */
export function networkExposureWarnings(l: Leftovers): UpgradeWarning[] {
  const rb = new Map(l.rb.filter((r) => r.deployed !== false).map((r) => [lower(r.id), r]));
  const out: UpgradeWarning[] = [];
  for (const a of l.ra) {
    const row = NETWORK_EXPOSURE[lower(a.type)];
    const b = rb.get(lower(a.id));
    if (!row || !b || a.deployed === false) continue;
    const changed = row.properties.filter((p) => shown(valueAt(a.body(), p.path), p) !== shown(valueAt(b.body(), p.path), p));
    if (!changed.length) continue;
    const changes = changed.map((p) => `${p.path}: ${shown(valueAt(a.body(), p.path), p)} -> ${shown(valueAt(b.body(), p.path), p)}`);
    const closes = changed.some((p) => shown(valueAt(b.body(), p.path), p) === p.closed);
    const subject = `${a.type} ${a.display}`;
    const raised = codes.HUB601.raise({ resource: subject, changes, closes, decides: row.decides });
    out.push({ code: raised.code, subject, message: raised.message });
  }
  return out;
}

/** HUB602 for each resource holding data that B's deployment needs deleted and created again (a blocker of ./blockers.ts). */
export function dataLossWarnings(l: Leftovers): UpgradeWarning[] {
  const out: UpgradeWarning[] = [];
  for (const [r, b] of l.blockers) {
    if (!b.root || !DATA_RESOURCE_TYPES.includes(lower(r.type))) continue;
    const subject = `${r.type} ${r.display}`;
    const raised = codes.HUB602.raise({ resource: subject, why: b.why, loses: LOSES[lower(r.type)] });
    out.push({ code: raised.code, subject, message: raised.message });
  }
  return out;
}
