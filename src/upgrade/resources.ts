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
 * changes the address range of a subnet that resources of A are in. After the deployment, the resources B
 * no longer declares go, and so do those B declares but does not deploy for the parameters given while A
 * did (B's `condition` folds to false: 0.7 -> 0.8 with public access on, the network components). Deleting a resource first needs the
 * resources that refer to it in their properties gone too (a subnet's private endpoints, a virtual
 * network's DNS zone links); those go first, referrers before what they refer to. A resource that holds data
 * (storage account, Data Explorer cluster, key vault) is never deleted by hubc: its step is manual.
 */
import { isDeepStrictEqual } from 'node:util';
import { foldTemplateValue, templateContext, type ArmEvalContext } from '../expressions/arm/evaluate.js';
import { DATA_FACTORY_OBJECT_TYPES, resourceIdentity, resourcesOf } from '../diff/template.js';
import type { DiffResult } from '../diff/types.js';
import { referrersFirst } from './dataFactory.js';
import type { ResourceTarget, UpgradeCitation, UpgradePhase } from './types.js';
import { codes } from '../diagnostics/index.js';
import { isObject, type JsonObject } from '../util/json.js';

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

/**
 * Child resource types that must be deleted before their parent, which refuses to go while they exist: a
 * private DNS zone keeps its virtual network links ("Delete a private DNS zone": remove its virtual network
 * links first). They get steps of their own, ahead of the parent.
 */
const BLOCKING_CHILD_TYPES: readonly string[] = ['microsoft.network/privatednszones/virtualnetworklinks'];

/**
 * Among resources nothing orders otherwise, network components go in this order: private endpoints (and their
 * DNS zone groups), DNS zone links, DNS zones, the virtual network, its security group. Each refers to the next
 * (an endpoint to its zones and subnet, a link to the network, a subnet to the security group), so this is
 * also the order in which Azure lets them go; other resources follow.
 */
const NETWORK_DELETION_ORDER: readonly string[] = [
  'microsoft.network/privateendpoints',
  'microsoft.network/privatednszones/virtualnetworklinks',
  'microsoft.network/privatednszones',
  'microsoft.network/virtualnetworks',
  'microsoft.network/networksecuritygroups',
];

/** A property that decides who may reach a resource: narrowing it on an existing resource locks people out. */
export interface AccessRule {
  path: string;
  /** What the resource allows while the property is not set. */
  unset: string;
  /** Where the hub owner widens it again. */
  fix: string;
  source: string;
}

/** Access properties by type (lower case), with the source. */
export const ACCESS: Readonly<Record<string, readonly AccessRule[]>> = {
  'microsoft.kusto/clusters': [
    {
      path: 'properties.trustedExternalTenants',
      unset: 'every tenant (the service default of a cluster created without the property)',
      fix: 'hub.yaml dataExplorer.trustedExternalTenants',
      source: 'a cluster update replaces the trusted external tenants ("Allow cross-tenant queries and commands")',
    },
  ],
};

/** Resource types whose deletion loses data: their steps are manual. */
export const DATA_RESOURCE_TYPES: readonly string[] = ['microsoft.storage/storageaccounts', 'microsoft.kusto/clusters', 'microsoft.keyvault/vaults'];

/** Resource types that are not kept between deployments (run once, or nested templates): never in the way, never deleted. */
const TRANSIENT_TYPES = ['microsoft.resources/deploymentscripts', 'microsoft.resources/deployments', 'microsoft.containerinstance/containergroups'];

/** A resource step before numbering. */
export interface ResourceStep {
  phase: UpgradePhase;
  /** `manual` for resources that hold data. */
  kind: 'deleteResource' | 'manual';
  target: ResourceTarget;
  why: string;
  cites: UpgradeCitation[];
}

/** One resource of a template, folded. */
interface Folded {
  identity: string;
  type: string;
  /** Name for display: folded with what is really known (a value, or the residual `[...]` text). */
  display: string;
  /** Resource ID with the stand-in deployment context (see {@link STAND_IN}); compared, never shown. */
  id: string;
  /** Resource ID when the real context knows every part. */
  realId?: string;
  apiVersion: string;
  condition?: string;
  /** The resource folded with the stand-in context. */
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

/**
 * Values assumed for what only a deployment knows, so that both builds fold to comparable values (IDs,
 * locations) even offline. Both sides get the same ones, so they never make a difference appear.
 */
const STAND_IN: ArmEvalContext = {
  subscriptionId: '00000000-0000-0000-0000-000000000000',
  tenantId: '00000000-0000-0000-0000-000000000000',
  resourceGroup: { name: 'hubc-resource-group', location: 'hubc-region' },
  deploymentName: 'hubc-deployment',
  environment: 'AzureCloud',
};

/** `ctx` with the stand-in values where it knows nothing. */
function withStandIn(ctx: ArmEvalContext): ArmEvalContext {
  const subscriptionId = ctx.subscriptionId ?? STAND_IN.subscriptionId!;
  const rg = { ...STAND_IN.resourceGroup, ...(ctx.resourceGroup ?? {}) };
  rg.id ??= `/subscriptions/${subscriptionId}/resourceGroups/${rg.name}`;
  return { ...STAND_IN, ...ctx, subscriptionId, resourceGroup: rg };
}

/** The ID of a resource: `<group>/providers/<namespace>/<type>/<name>[/<child type>/<child name>]`, or for an extension resource `<group>/providers/<scope>/providers/<namespace>/<type>/<name>`. */
function resourceIdOf(type: string, name: string, scope: unknown, groupId: string): string {
  const [ns, ...types] = type.split('/');
  const names = name.split('/');
  const path = types.map((t, i) => `${t}/${names[i] ?? ''}`).join('/');
  if (typeof scope === 'string') return `${groupId}/providers/${scope.replace(/^\/+/, '')}/providers/${ns}/${path}`;
  return `${groupId}/providers/${ns}/${path}`;
}

/** Folds every resource of a template (Data Factory objects, which the Data Factory part handles, left out). */
function foldResources(template: JsonObject, real: ArmEvalContext): Folded[] {
  const full = templateContext(template, { ...withStandIn(real), useDefaults: true });
  const partial = templateContext(template, { ...real, useDefaults: true });
  const complete = Boolean(real.subscriptionId && real.resourceGroup?.id && real.resourceGroup.name && real.resourceGroup.location);
  const fold = (v: unknown, ctx: ArmEvalContext) => foldTemplateValue(v, ctx, { keepInvalid: true });
  const groupId = full.resourceGroup!.id!;
  const seen = new Map<string, number>();
  const out: Folded[] = [];
  for (const r of resourcesOf(template)) {
    if (lower(r.type) in DATA_FACTORY_OBJECT_TYPES) continue;
    const base = resourceIdentity(r);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const body = fold({ ...r, resources: undefined }, full) as JsonObject;
    const type = String(r.type);
    const id = resourceIdOf(type, String(body.name), body.scope, groupId);
    const display = String(fold(r.name, partial));
    const subnetIds = new Map<string, string>();
    const subnets = at(body, 'properties.subnets');
    if (Array.isArray(subnets)) for (const s of subnets) if (isObject(s) && typeof s.name === 'string') subnetIds.set(s.name, `${id}/subnets/${s.name}`);
    const f: Folded = { identity: n === 1 ? base : `${base} #${n}`, type, display, id, apiVersion: String(r.apiVersion ?? ''), body, subnetIds };
    if (complete && !display.startsWith('[')) f.realId = id;
    if (r.condition !== undefined) f.condition = typeof r.condition === 'string' ? r.condition : JSON.stringify(r.condition);
    out.push(f);
  }
  return out;
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
  return [...pa].filter(([n, v]) => pb.has(n) && !isDeepStrictEqual(v, pb.get(n))).map(([n]) => a.subnetIds.get(n)!);
}

/** An access step before numbering (no target: the resource stays). */
export interface AccessStep {
  subject: string;
  action: string;
  why: string;
  cites: UpgradeCitation[];
}

/**
 * Prepare steps for resources A deploys and B keeps whose access property ({@link ACCESS}) B narrows or sets
 * where A left it unset: who relied on the wider access must be listed first.
 */
export function accessSteps(ta: JsonObject, tb: JsonObject, ctxA: ArmEvalContext, ctxB: ArmEvalContext): AccessStep[] {
  const rb = new Map(foldResources(tb, ctxB).map((f) => [lower(f.id), f]));
  const out: AccessStep[] = [];
  for (const a of foldResources(ta, ctxA)) {
    const b = rb.get(lower(a.id));
    if (!b || a.body.condition === false || b.body.condition === false) continue;
    for (const rule of ACCESS[lower(a.type)] ?? []) {
      const from = at(a.body, rule.path);
      const to = at(b.body, rule.path);
      if (to === undefined || isDeepStrictEqual(from, to)) continue;
      out.push({
        subject: `${a.type} ${a.display}`,
        action: `Before deploying, list in ${rule.fix} whatever must keep access that {B} no longer gives.`,
        why: `{B} sets ${rule.path} of ${a.display} to ${show(to)} where {A} has ${from === undefined ? rule.unset : show(from)}, and ${rule.source}.`,
        cites: [{ change: `template/resources/${a.identity}: changed ${rule.path}` }],
      });
    }
  }
  return out;
}

function targetOf(f: Folded): ResourceTarget {
  const t: ResourceTarget = { type: f.type, name: f.display, apiVersion: f.apiVersion };
  if (f.realId) t.id = f.realId;
  if (f.condition !== undefined) t.condition = f.condition;
  return t;
}

const show = (v: unknown) => (v === undefined ? '(not set)' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * The resource steps: blocking resources (before, with what refers to them) and resources B no longer
 * declares (after), each in referrers-first order.
 * @param ctxA what is known for A's template (parameters, deployment context); @param ctxB for B's
 */
export function resourceSteps(ta: JsonObject, tb: JsonObject, diff: DiffResult, ctxA: ArmEvalContext, ctxB: ArmEvalContext): ResourceStep[] {
  const ra = foldResources(ta, ctxA);
  const rb = foldResources(tb, ctxB);
  const key = (f: Folded) => lower(f.id);
  const inB = new Map(rb.map((f) => [key(f), f]));
  const reasons = new Map<Folded, { why: string; cites: UpgradeCitation[]; manual?: boolean }>();
  const inUse: string[] = [];
  for (const a of ra) {
    const b = inB.get(key(a));
    if (!b || TRANSIENT_TYPES.includes(lower(a.type))) continue;
    const rules = [...IMMUTABLE['*'], ...(IMMUTABLE[lower(a.type)] ?? [])];
    const part = (rule: ImmutableRule, f: Folded) => (rule.value ? rule.value(at(f.body, rule.path)) : at(f.body, rule.path));
    const hits = rules.filter((rule) => !isDeepStrictEqual(part(rule, a), part(rule, b)));
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
  // Resources B no longer declares, and resources B declares but does not deploy for these parameters while A
  // does (their condition folds to false in B only).
  const removedIds = new Set((diff.groups.find((g) => g.id === 'template')?.sections.find((s) => s.id === 'resources')?.items ?? []).filter((i) => i.change === 'removed').map((i) => i.name));
  const deploys = (f: Folded) => f.body.condition !== false;
  const undeployed = new Set(ra.filter((r) => inB.has(key(r)) && deploys(r) && !deploys(inB.get(key(r))!)));
  const removed = ra.filter((r) => ((removedIds.has(r.identity) && !inB.has(key(r))) || undeployed.has(r)) && !TRANSIENT_TYPES.includes(lower(r.type)));
  const ownedBy = (r: Folded, x: Folded) => belongsTo(r, x) && !BLOCKING_CHILD_TYPES.includes(lower(r.type));
  const rank = (f: Folded) => {
    const i = NETWORK_DELETION_ORDER.indexOf(lower(f.type));
    return i < 0 ? NETWORK_DELETION_ORDER.length : i;
  };
  const gone = removed.filter((r) => !removed.some((x) => x !== r && ownedBy(r, x))).sort((x, y) => rank(x) - rank(y));
  // A resource goes with what it owns, so what its children refer to orders it too (an endpoint's DNS zone group).
  const family = (r: Folded) => [r, ...removed.filter((x) => x !== r && ownedBy(x, r))];
  const refs = (f: Folded) => gone.filter((x) => x !== f && (family(f).some((m) => refersTo(m, x, true)) || belongsTo(f, x))).map((x) => x.id);
  for (const r of referrersFirst(gone, (f) => f.id, refs)) {
    const data = DATA_RESOURCE_TYPES.includes(lower(r.type));
    const owned = removed.filter((x) => x !== r && ownedBy(x, r)).map((x) => x.type.split('/').pop());
    const goes = owned.length ? ` Its ${[...new Set(owned)].join(', ')} go with it.` : '';
    let cites: UpgradeCitation[];
    let why: string;
    if (undeployed.has(r)) {
      const note = diff.upgradeNotes.find((n) => n.code === codes.HUB407.code && n.subject === r.identity);
      cites = [...(note ? [{ code: note.code, subject: r.identity }] : []), { change: `template/resources/${r.identity}: changed condition` }];
      why = `{B} deploys it only when ${inB.get(key(r))!.condition}, which is false for these parameters; an incremental deployment leaves the one {A} deployed in place.${goes}`;
    } else {
      const note = diff.upgradeNotes.find((n) => n.code === codes.HUB407.code && n.subject === r.identity);
      cites = [...(note ? [{ code: note.code, subject: r.identity }] : []), { change: `template/resources/${r.identity}: removed` }];
      why = `{B} no longer declares it; an incremental deployment leaves it in place.${goes}`;
    }
    if (BLOCKING_CHILD_TYPES.includes(lower(r.type))) why += ' It goes before its parent, which cannot be deleted while it exists.';
    steps.push({ phase: 'after', kind: data ? 'manual' : 'deleteResource', target: targetOf(r), why: data ? `${why} It holds data, so hubc does not delete it: keep or delete it yourself.` : why, cites });
  }
  return steps;
}
