/**
 * The ARM resource part of an upgrade: resources of A that block B's deployment and must be deleted first,
 * and resources of A that B no longer declares (deleted after the deployment).
 *
 * Both templates are folded with what is known (parameter defaults, the saved parameter file, and in
 * `hubc deploy --upgrade` the subscription and resource group), so a resource is matched with its
 * counterpart by type and name value, and properties are compared by value, not by how the expression is
 * written. What stays unknown stays a residual expression and is compared as text.
 *
 * A resource blocks B when B changes a property ARM cannot change in place ({@link IMMUTABLE}), or when B
 * changes the address range of a subnet that resources of A are in. Deleting a resource first needs the
 * resources that refer to it in their properties gone too (a subnet's private endpoints, a virtual
 * network's DNS zone links); those go first, referrers before what they refer to. A resource that holds data
 * (storage account, Data Explorer cluster, key vault) is never deleted by hubc: its step is manual.
 */
import { mayBeDeployed, type DeclaredResource } from '../diff/deployed.js';
import type { DiffResult } from '../diff/types.js';
import { shortName, type Leftovers } from '../diff/leftovers.js';
import { deepEqual, isObject, type JsonObject } from '../diff/values.js';
import { referrersFirst } from './dataFactory.js';
import type { ResourceTarget, UpgradeCitation, UpgradePhase } from './types.js';
import { codes } from '../diagnostics/index.js';

/** A property that cannot change in place; `value` compares a part of it (e.g. the tier of a SKU name). */
export interface ImmutableRule {
  path: string;
  source: string;
  value?: (v: unknown) => unknown;
}

/** Properties ARM cannot change on an existing resource, by type (lower case; `*` for every type), with the source. */
export const IMMUTABLE: Readonly<Record<string, readonly ImmutableRule[]>> = {
  '*': [{ path: 'location', source: 'a resource cannot change region by redeployment ("Move Azure resources across regions")' }],
  'microsoft.storage/storageaccounts': [
    { path: 'kind', source: 'only Storage and BlobStorage accounts can be upgraded to StorageV2 ("Upgrade to a general-purpose v2 storage account")' },
    { path: 'properties.isHnsEnabled', source: 'the hierarchical namespace is set when the account is created ("Azure Data Lake Storage hierarchical namespace")' },
    { path: 'properties.encryption.requireInfrastructureEncryption', source: 'infrastructure encryption can only be chosen when the account is created ("Enable infrastructure encryption for double encryption of data")' },
    {
      path: 'sku.name',
      source: 'an account cannot change between Standard and Premium performance ("Change how a storage account is replicated")',
      value: (v) => (typeof v === 'string' && !v.startsWith('[') ? v.split('_')[0] : v),
    },
  ],
  'microsoft.network/privateendpoints': [
    { path: 'properties.subnet.id', source: 'a private endpoint stays in the subnet it was created in ("What is a private endpoint?")' },
    { path: 'properties.privateLinkServiceConnections', source: 'a private endpoint keeps the resource and sub-resource it was created for ("What is a private endpoint?")' },
  ],
  'microsoft.authorization/roleassignments': [
    { path: 'properties.principalId', source: 'ARM answers RoleAssignmentUpdateNotPermitted: principal and scope of a role assignment cannot be updated' },
    { path: 'properties.roleDefinitionId', source: 'ARM answers RoleAssignmentUpdateNotPermitted: a role assignment cannot change role' },
    { path: 'scope', source: 'ARM answers RoleAssignmentUpdateNotPermitted: principal and scope of a role assignment cannot be updated' },
  ],
};

/** Resource types whose deletion loses data: their steps are manual. */
export const DATA_RESOURCE_TYPES: readonly string[] = ['microsoft.storage/storageaccounts', 'microsoft.kusto/clusters', 'microsoft.keyvault/vaults'];

/** Resource types that are not kept between deployments (run once, or nested templates): never in the way, never deleted. */
const TRANSIENT_TYPES = ['microsoft.resources/deploymentscripts', 'microsoft.resources/deployments', 'microsoft.containerinstance/containergroups'];

/**
 * Resource types ARM does not delete by ID, and what becomes of one left behind instead: `manual` gives the
 * command that deletes it elsewhere, otherwise it stays (with the source saying why).
 */
export const NOT_DELETABLE_BY_ID: Readonly<Record<string, { source: string; manual?: (name: { parent?: string; name?: string }) => string }>> = {
  'microsoft.keyvault/vaults/secrets': {
    source: 'Key Vault\'s management operations for secrets are Create Or Update, Get, List and Update ("Secrets", Microsoft.KeyVault REST): a secret is deleted through the vault\'s data plane',
    manual: (n) => `az keyvault secret delete --vault-name ${n.parent ?? '<key vault>'} --name ${n.name ?? '<secret>'}`,
  },
  'microsoft.datafactory/factories/managedvirtualnetworks': {
    source: 'Data Factory\'s operations for a managed virtual network are Create Or Update, Get and List By Factory ("Managed Virtual Networks", Data Factory REST): it stays with its factory',
  },
};

/** Parent types that cannot be deleted while certain child resources exist: those children are deleted first, as steps of their own. */
export const CHILDREN_FIRST: Readonly<Record<string, { children: string; source: string }>> = {
  'microsoft.network/privatednszones': {
    children: 'microsoft.network/privatednszones/virtualnetworklinks',
    source: 'a private DNS zone cannot be deleted unless all virtual network links to it are removed ("Private Zones - Delete")',
  },
};

/** A resource step before numbering. */
export interface ResourceStep {
  phase: UpgradePhase;
  /** `manual` for resources that hold data or that ARM does not delete by ID. */
  kind: 'deleteResource' | 'manual';
  target: ResourceTarget;
  why: string;
  cites: UpgradeCitation[];
  /** For a manual step: the command that does it, when there is one. */
  command?: string;
}

/** One resource of a template, folded (a {@link DeclaredResource} with its body and subnets at hand). */
interface Folded {
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

const lower = (s: unknown) => String(s).toLowerCase();

/** The value at a dotted path. */
function at(value: unknown, path: string): unknown {
  let v = value;
  for (const k of path.split('.')) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** A declared resource with its folded body and subnets. */
function folded(decl: DeclaredResource): Folded {
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
function deployedResources(list: readonly DeclaredResource[]): Folded[] {
  return list.filter((r) => !r.object && mayBeDeployed(r)).map(folded);
}

/** Lower-cased string values of a resource's properties (where references live), outside firewall rules (`networkAcls`). */
function referenceValues(r: Folded): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown, key: string) => {
    if (key === 'networkAcls') return;
    if (typeof v === 'string') out.add(v.toLowerCase());
    else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (isObject(v)) for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(r.body.properties, 'properties');
  return out;
}

/** True when `r` refers to `x` (its ID or one of its subnets) in its properties, or with `withDependsOn` in its dependsOn. */
function refersTo(r: Folded, x: Folded, withDependsOn: boolean): boolean {
  const values = referenceValues(r);
  if (withDependsOn && Array.isArray(r.body.dependsOn)) for (const d of r.body.dependsOn) values.add(String(d).toLowerCase());
  return values.has(x.id.toLowerCase()) || [...x.subnetIds.values()].some((s) => values.has(s.toLowerCase()));
}

/** True when `r` is a child or extension resource of `x` (deleted with it). */
function belongsTo(r: Folded, x: Folded): boolean {
  return r !== x && lower(r.id).startsWith(`${lower(x.id)}/`);
}

/** The subnet IDs of A whose address range B changes. */
function changedSubnets(a: Folded, b: Folded): string[] {
  const prefixes = (r: Folded) => {
    const m = new Map<string, unknown>();
    const subnets = at(r.body, 'properties.subnets');
    if (Array.isArray(subnets)) for (const s of subnets) if (isObject(s)) m.set(String(s.name), at(s, 'properties.addressPrefix') ?? at(s, 'properties.addressPrefixes'));
    return m;
  };
  const pa = prefixes(a);
  const pb = prefixes(b);
  return [...pa].filter(([n, v]) => pb.has(n) && !deepEqual(v, pb.get(n))).map(([n]) => a.subnetIds.get(n)!);
}

function targetOf(f: Folded): ResourceTarget {
  const t: ResourceTarget = { type: f.type, name: f.display, apiVersion: f.apiVersion };
  if (f.realId) t.id = f.realId;
  // A condition the known values decide is no longer "sometimes".
  if (f.condition !== undefined && f.decl.deployed === 'unknown') t.condition = f.condition;
  return t;
}

const show = (v: unknown) => (v === undefined ? '(not set)' : typeof v === 'string' ? v : JSON.stringify(v));

/** True for a type ARM cannot delete and nothing else does either: it stays. */
const stays = (f: Folded) => NOT_DELETABLE_BY_ID[lower(f.type)] !== undefined && NOT_DELETABLE_BY_ID[lower(f.type)].manual === undefined;
/** True when `child` is a part of `parent` that must be deleted before it. */
const childFirst = (parent: Folded, child: Folded) => CHILDREN_FIRST[lower(parent.type)]?.children === lower(child.type) && belongsTo(child, parent);
/** A part goes with its parent, unless the parent stays or has to lose that part first. */
const goesWith = (r: Folded, x: Folded) => belongsTo(r, x) && !stays(x) && !childFirst(x, r);

/**
 * The order in which resources of A are deleted: the ones that do not go with a parent, referrers before
 * what they refer to (in properties or `dependsOn`), parts that must go first before their parent.
 * Data Factory objects and resources that are not kept between deployments are left out.
 * @returns `removed`: every resource considered, folded; `ordered`: the ones to act on, in order
 */
function deletionOrder(list: readonly DeclaredResource[]): { removed: Folded[]; ordered: Folded[] } {
  const removed = list.filter((r) => !r.object && !TRANSIENT_TYPES.includes(lower(r.type))).map(folded);
  const gone = removed.filter((r) => !removed.some((x) => x !== r && goesWith(r, x)));
  const refs = (f: Folded) => gone.filter((x) => x !== f && (refersTo(f, x, true) || childFirst(x, f))).map((x) => x.id);
  return { removed, ordered: referrersFirst(gone, (f) => f.id, refs) };
}

/**
 * The resources a hub deploys in the order they are deleted (see `deletionOrder`), each with whether it
 * holds data and, where ARM does not delete it, why.
 */
export function hubDeletionOrder(list: readonly DeclaredResource[]): { resource: DeclaredResource; data: boolean; stays?: string; command?: string }[] {
  return deletionOrder(list.filter(mayBeDeployed)).ordered.map((f) => {
    const rule = NOT_DELETABLE_BY_ID[lower(f.type)];
    const out: { resource: DeclaredResource; data: boolean; stays?: string; command?: string } = { resource: f.decl, data: DATA_RESOURCE_TYPES.includes(lower(f.type)) };
    if (rule && !rule.manual) out.stays = rule.source;
    if (rule?.manual) out.command = rule.manual({ parent: f.display.startsWith('[') ? undefined : f.display.split('/')[0], name: shortName(f.decl) });
    return out;
  });
}

/** The diff's change of a resource identity (`removed`, `changed`), or `unchanged`. */
function diffChange(diff: DiffResult, identity: string): string {
  const items = diff.groups.find((g) => g.id === 'template')?.sections.find((s) => s.id === 'resources')?.items ?? [];
  return items.find((i) => i.name === identity)?.change ?? 'unchanged';
}

/**
 * The resource steps: blocking resources (before, with what refers to them) and the resources of A that B's
 * deployment leaves behind (after), each in referrers-first order; `notes` say which leftovers stay because
 * ARM cannot delete them.
 * @param l what deploying B leaves of A (`leftovers` of src/diff/upgrade.ts, folded with what is known)
 */
export function resourceSteps(l: Leftovers, diff: DiffResult): { steps: ResourceStep[]; notes: string[] } {
  const ra = deployedResources(l.ra);
  const rb = deployedResources(l.rb);
  const key = (f: Folded) => lower(f.id);
  const inB = new Map(rb.map((f) => [key(f), f]));
  const reasons = new Map<Folded, { why: string; cites: UpgradeCitation[]; manual?: boolean }>();
  const inUse: string[] = [];
  for (const a of ra) {
    const b = inB.get(key(a));
    if (!b || TRANSIENT_TYPES.includes(lower(a.type))) continue;
    const rules = [...IMMUTABLE['*'], ...(IMMUTABLE[lower(a.type)] ?? [])];
    const part = (rule: ImmutableRule, f: Folded) => (rule.value ? rule.value(at(f.body, rule.path)) : at(f.body, rule.path));
    const hits = rules.filter((rule) => !deepEqual(part(rule, a), part(rule, b)));
    if (hits.length) {
      const why = hits.map((h) => `{B} changes ${h.path} from ${show(at(a.body, h.path))} to ${show(at(b.body, h.path))}, and ${h.source}.`).join(' ');
      reasons.set(a, { why, cites: hits.map((h) => ({ change: `template/resources/${a.identity}: changed ${h.path}` })) });
    }
    for (const subnet of changedSubnets(a, b)) inUse.push(subnet);
  }
  // Resources of A in a subnet whose range B changes (ARM: InUseSubnetCannotBeUpdated).
  for (const r of ra) {
    if (TRANSIENT_TYPES.includes(lower(r.type)) || reasons.has(r)) continue;
    const values = referenceValues(r);
    const subnet = inUse.find((s) => values.has(s.toLowerCase()));
    const vnet = subnet ? ra.find((v) => [...v.subnetIds.values()].includes(subnet)) : undefined;
    if (subnet && vnet)
      reasons.set(r, {
        why: `It is in subnet ${[...vnet.subnetIds].find(([, id]) => id === subnet)![0]} of ${vnet.display}, whose address range {B} changes, and a subnet that has resources in it cannot be changed (ARM: InUseSubnetCannotBeUpdated, "Add, change, or delete a virtual network subnet").`,
        cites: [{ change: `template/resources/${vnet.identity}: changed properties.subnets` }],
      });
  }
  // What refers to a resource that must go has to go first.
  const queue = [...reasons.keys()];
  while (queue.length) {
    const x = queue.shift()!;
    for (const r of ra) {
      if (reasons.has(r) || TRANSIENT_TYPES.includes(lower(r.type)) || belongsTo(r, x) || !refersTo(r, x, false)) continue;
      const root = reasons.get(x)!;
      const manual = root.manual || DATA_RESOURCE_TYPES.includes(lower(x.type));
      reasons.set(r, { why: `It refers to ${x.display}, which must be deleted first; {B} creates it again.`, cites: root.cites, manual });
      queue.push(r);
    }
  }
  const blockers = [...reasons.keys()].filter((r) => ![...reasons.keys()].some((x) => x !== r && belongsTo(r, x)));
  const steps: ResourceStep[] = [];
  for (const r of referrersFirst(blockers, (f) => f.id, (f) => blockers.filter((x) => x !== f && refersTo(f, x, true)).map((x) => x.id))) {
    const data = DATA_RESOURCE_TYPES.includes(lower(r.type));
    const { why, cites, manual } = reasons.get(r)!;
    const text = data ? `${why} It holds data, so hubc does not delete it.` : manual ? `${why} hubc leaves it to you, with the resource that holds data.` : `${why} {B}'s deployment creates it again.`;
    steps.push({ phase: 'before', kind: data || manual ? 'manual' : 'deleteResource', target: targetOf(r), why: text, cites });
  }
  // Resources A deploys and B does not: left in place by B's deployment, deleted after it.
  const { removed, ordered: gone } = deletionOrder(l.left);
  const notes: string[] = [];
  for (const r of gone) {
    const name = `${r.type} ${r.display}`;
    const rule = NOT_DELETABLE_BY_ID[lower(r.type)];
    if (stays(r)) {
      notes.push(`${name} stays after the upgrade: ${rule.source}.`);
      continue;
    }
    const note = diff.upgradeNotes.find((n) => n.code === codes.HUB407.code && n.subject === r.identity);
    const component = l.components.find((c) => c.leftovers.includes(r.decl));
    const cites: UpgradeCitation[] = [
      ...(note ? [{ code: note.code, subject: r.identity }] : []),
      ...(component ? [{ code: codes.HUB416.code, subject: component.component }] : []),
      { change: `template/resources/${r.identity}: ${diffChange(diff, r.identity)}` },
    ];
    const declared = l.rb.find((x) => x.identity === r.identity);
    const reason = !declared ? '{B} no longer declares it' : declared.deployed === false ? "{B} declares it but does not deploy it (its condition is false with {B}'s values)" : '{B} deploys it under another name';
    const owned = removed.filter((x) => goesWith(x, r)).map((x) => x.type.split('/').pop());
    const firsts = gone.filter((x) => childFirst(r, x)).map((x) => x.type.split('/').pop());
    let why = `${reason}; an incremental deployment leaves it in place.${owned.length ? ` Its ${[...new Set(owned)].join(', ')} go with it.` : ''}`;
    if (firsts.length) why += ` Its ${[...new Set(firsts)].join(', ')} are deleted first: ${CHILDREN_FIRST[lower(r.type)].source}.`;
    const data = DATA_RESOURCE_TYPES.includes(lower(r.type));
    if (data) steps.push({ phase: 'after', kind: 'manual', target: targetOf(r), why: `${why} It holds data, so hubc does not delete it: keep or delete it yourself.`, cites });
    else if (rule?.manual) {
      const parts = r.display.startsWith('[') ? [] : r.display.split('/');
      const command = rule.manual({ parent: parts[0], name: shortName(r.decl) });
      steps.push({ phase: 'after', kind: 'manual', target: targetOf(r), why: `${why} ARM does not delete it: ${rule.source}.`, cites, command });
    } else steps.push({ phase: 'after', kind: 'deleteResource', target: targetOf(r), why, cites });
  }
  return { steps, notes };
}
