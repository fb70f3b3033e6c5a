/**
 * Resources of A that stand in the way of deploying B over it: B changes what ARM cannot change in place.
 *
 * Both templates are folded with what is known (src/build/deployed.ts: parameter defaults, a saved parameter file,
 * and in `hubc deploy --upgrade` the subscription and resource group), so a resource is matched with its
 * counterpart by resource ID, and properties are compared by value, not by how the expression is written.
 * What stays unknown stays a residual expression and is compared as text.
 *
 * A resource blocks B when B changes a property Azure fixes at creation (./createOnly.ts), or when B
 * changes the address range of a subnet that resources of A are in. Deleting a resource first needs the
 * resources that refer to it in their properties gone too (a subnet's private endpoints, a virtual
 * network's DNS zone links). A resource that holds data (storage account, Data Explorer cluster, key vault)
 * is never deleted by hubc ({@link DATA_RESOURCE_TYPES}). `hubc diff` gives each blocker an upgrade note
 * (HUB418); `hubc upgrade-plan` deletes them before the deployment, referrers first.
 */
import { changesCreateOnly, createOnlyProperties, valueAtPath } from './createOnly.js';
import { readableArm } from '../expressions/arm/readable.js';
import {
  belongsTo,
  DATA_RESOURCE_TYPES,
  deployedResources,
  lower,
  referenceValues,
  refersTo,
  SELF_DELETED_TYPES,
  TRANSIENT_TYPES,
  type DeclaredResource,
  type Folded,
} from '../build/index.js';
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '../util/json.js';

/** True when a resource is never in the way of a deployment (`TRANSIENT_TYPES`, `SELF_DELETED_TYPES` of src/build/relations.ts). */
const neverInTheWay = (f: Folded) => TRANSIENT_TYPES.includes(lower(f.type)) || SELF_DELETED_TYPES.includes(lower(f.type));

/** The value at a dotted path. */
function at(value: unknown, path: string): unknown {
  let v = value;
  for (const k of path.split('.')) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** The subnet IDs of A whose address range B changes. */
export function changedSubnets(a: Folded, b: Folded): string[] {
  const prefixes = (r: Folded) => {
    const m = new Map<string, unknown>();
    const subnets = at(r.body, 'properties.subnets');
    if (Array.isArray(subnets)) for (const s of subnets) if (isObject(s)) m.set(String(s.name), at(s, 'properties.addressPrefix') ?? at(s, 'properties.addressPrefixes'));
    return m;
  };
  const pa = prefixes(a);
  const pb = prefixes(b);
  return [...pa].filter(([n, v]) => pb.has(n) && !isDeepStrictEqual(v, pb.get(n))).map(([n]) => a.subnetIds.get(n)!);
}

const show = (v: unknown) => (v === undefined ? '(not set)' : typeof v === 'string' ? v : JSON.stringify(v));

/** Why a resource of A must be deleted before B is deployed. */
export interface Blocker {
  /** One or two sentences; `{B}` stands for B's label. */
  why: string;
  /** The changes it follows from. */
  cites: { change: string }[];
  /** True when a person has to do it (it holds data, or it refers to one that does). */
  manual?: boolean;
  /** True for a resource B itself changes (not one that only refers to such a resource). */
  root?: boolean;
  /** For a resource that refers to a blocker: that blocker. */
  referred?: Folded;
}

/**
 * The resources of A that must be deleted before B is deployed, each with why, in A's order.
 * @param la A's resources and @param lb B's, as src/build/deployed.ts folds them
 */
export function blockingResources(la: readonly DeclaredResource[], lb: readonly DeclaredResource[]): Map<Folded, Blocker> {
  const ra = deployedResources(la);
  const rb = deployedResources(lb);
  const key = (f: Folded) => lower(f.id);
  const inB = new Map(rb.map((f) => [key(f), f]));
  const reasons = new Map<Folded, Blocker>();
  const inUse: string[] = [];
  for (const a of ra) {
    const b = inB.get(key(a));
    if (!b || neverInTheWay(a)) continue;
    const hits = createOnlyProperties(a.type).filter((p) => changesCreateOnly(p, a.body, b.body));
    if (hits.length) {
      const why = hits
        .map((h) => `{B} changes ${h.path} from ${show(valueAtPath(a.body, h.path))} to ${show(valueAtPath(b.body, h.path))}, and ${h.rule} (${h.source}).`)
        .join(' ');
      reasons.set(a, { why, cites: hits.map((h) => ({ change: `template/resources/${a.identity}: changed ${h.path}` })), root: true });
    }
    for (const subnet of changedSubnets(a, b)) inUse.push(subnet);
  }
  // Resources of A in a subnet whose range B changes (ARM: InUseSubnetCannotBeUpdated).
  for (const r of ra) {
    if (neverInTheWay(r) || reasons.has(r)) continue;
    const values = referenceValues(r);
    const subnet = inUse.find((s) => values.has(s.toLowerCase()));
    const vnet = subnet ? ra.find((v) => [...v.subnetIds.values()].includes(subnet)) : undefined;
    if (subnet && vnet)
      reasons.set(r, {
        why: `It is in subnet ${[...vnet.subnetIds].find(([, id]) => id === subnet)![0]} of ${readableArm(vnet.display)}, whose address range {B} changes, and a subnet that has resources in it cannot be changed (ARM: InUseSubnetCannotBeUpdated, "Add, change, or delete a virtual network subnet").`,
        cites: [{ change: `template/resources/${vnet.identity}: changed properties.subnets` }],
        root: true,
      });
  }
  // What refers to a resource that must go has to go first.
  const queue = [...reasons.keys()];
  while (queue.length) {
    const x = queue.shift()!;
    for (const r of ra) {
      if (reasons.has(r) || neverInTheWay(r) || belongsTo(r, x) || !refersTo(r, x, false)) continue;
      const root = reasons.get(x)!;
      const manual = root.manual || DATA_RESOURCE_TYPES.includes(lower(x.type));
      reasons.set(r, { why: `It refers to ${readableArm(x.display)}, which must be deleted first; {B} creates it again.`, cites: root.cites, manual, referred: x });
      queue.push(r);
    }
  }
  return reasons;
}
