/**
 * How the resources of a build relate, once folded (./deployed.ts): a resource with its folded body and
 * subnets at hand ({@link Folded}), what is part of what (a child or extension resource goes with its
 * parent), what refers to what (an ID or a subnet's ID in the properties, or in `dependsOn`), and which
 * types hold data, are transient or delete themselves. What `hubc diff`'s upgrade notes (resources in the
 * way, HUB418; a renamed hub, HUB417) and `hubc upgrade-plan`'s deletion steps both rest on.
 */
import { isObject, walkJson, type JsonObject } from '../util/json.js';
import { mayBeDeployed, type DeclaredResource } from './deployed.js';

/** Resource types whose deletion loses data: their steps are manual. */
export const DATA_RESOURCE_TYPES: readonly string[] = ['microsoft.storage/storageaccounts', 'microsoft.kusto/clusters', 'microsoft.keyvault/vaults'];

/** Resource types that are not kept between deployments (run once, or nested templates): never in the way, never deleted. */
export const TRANSIENT_TYPES = ['microsoft.resources/deploymentscripts', 'microsoft.resources/deployments', 'microsoft.containerinstance/containergroups'];

/**
 * Resource types a hub's deployment deletes again once it has run, so a running hub has none and none is in
 * the way of the next deployment (one left over by a failed clean-up is still deleted after it): the Event
 * Grid namespace that only registers the Microsoft.EventGrid provider, deleted by hubc's `_deleteOldResources`
 * script and by the public 0.4-0.5 clean-up script.
 */
export const SELF_DELETED_TYPES = ['microsoft.eventgrid/namespaces'];

/** One resource of a template, folded (a {@link DeclaredResource} with its body and subnets at hand). */
export interface Folded {
  decl: DeclaredResource;
  identity: string;
  type: string;
  display: string;
  id: string;
  realId?: string;
  apiVersion: string;
  condition?: string;
  body: JsonObject;
  /** IDs (stand-in context) of its subnets (virtual networks), by subnet name. */
  subnetIds: Map<string, string>;
}

export const lower = (s: unknown) => String(s).toLowerCase();

/** The value at a dotted path. */
function at(value: unknown, path: string): unknown {
  let v = value;
  for (const k of path.split('.')) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** A declared resource with its folded body and subnets. */
export function folded(decl: DeclaredResource): Folded {
  const body = decl.body();
  const subnetIds = new Map<string, string>();
  const subnets = at(body, 'properties.subnets');
  if (Array.isArray(subnets)) for (const s of subnets) if (isObject(s) && typeof s.name === 'string') subnetIds.set(s.name, `${decl.id}/subnets/${s.name}`);
  const f: Folded = { decl, identity: decl.identity, type: decl.type, display: decl.display, id: decl.id, apiVersion: decl.apiVersion, body, subnetIds };
  if (decl.realId) f.realId = decl.realId;
  if (decl.condition !== undefined) f.condition = decl.condition;
  return f;
}

/** The deployed (or maybe deployed) resources of a build, Data Factory objects (the Data Factory part handles them) left out. */
export function deployedResources(list: readonly DeclaredResource[]): Folded[] {
  return list.filter((r) => !r.object && mayBeDeployed(r)).map(folded);
}

/** Lower-cased string values of a resource's properties (where references live), outside firewall rules (`networkAcls`). */
export function referenceValues(r: Folded): Set<string> {
  const out = new Set<string>();
  walkJson(r.body.properties, (v, _path, key) => {
    if (key === 'networkAcls') return false;
    if (typeof v === 'string') out.add(v.toLowerCase());
  });
  return out;
}

/** True when `r` refers to `x` (its ID or one of its subnets) in its properties, or with `withDependsOn` in its dependsOn. */
export function refersTo(r: Folded, x: Folded, withDependsOn: boolean): boolean {
  const values = referenceValues(r);
  if (withDependsOn && Array.isArray(r.body.dependsOn)) for (const d of r.body.dependsOn) values.add(String(d).toLowerCase());
  return values.has(x.id.toLowerCase()) || [...x.subnetIds.values()].some((s) => values.has(s.toLowerCase()));
}

/** True when `r` is a child or extension resource of `x` (deleted with it). */
export function belongsTo(r: Folded, x: Folded): boolean {
  return r !== x && lower(r.id).startsWith(`${lower(x.id)}/`);
}

/**
 * Resources A and B both deploy under one ID whose properties in A refer to a resource of A that B leaves
 * behind: B points them elsewhere (with a renamed hub, the private DNS zones' links to A's network).
 */
export function sharedResources(ra: readonly DeclaredResource[], rb: readonly DeclaredResource[], left: readonly DeclaredResource[]): DeclaredResource[] {
  const inB = new Set(rb.filter(mayBeDeployed).map((r) => r.id.toLowerCase()));
  const leftIds = left.map((r) => r.id.toLowerCase());
  return ra.filter((r) => inB.has(r.id.toLowerCase()) && refersToAny(r.body().properties, leftIds));
}

/** True when a value holds (as a string anywhere inside) one of the IDs or the ID of a part of one (a subnet of a network). */
function refersToAny(value: unknown, ids: readonly string[]): boolean {
  let found = false;
  walkJson(value, (v) => {
    if (found) return false;
    if (typeof v !== 'string') return;
    const text = v.toLowerCase();
    found = ids.some((id) => text === id || text.startsWith(`${id}/`));
  });
  return found;
}
