/**
 * The ARM resource part of an upgrade: resources of A that block B's deployment and must be deleted first
 * (found by src/diff/blockers.ts), and resources of A that B's deployment leaves behind (src/build/deployed.ts),
 * deleted after the deployment; referrers go before what they refer to. A resource that holds data
 * (storage account, Data Explorer cluster, key vault) is never deleted by hubc: its step is manual.
 */
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import type { DiffResult, UpgradeComparison, Leftovers } from '../diff/index.js';
import {
  belongsTo,
  DATA_RESOURCE_TYPES,
  folded,
  lower,
  mayBeDeployed,
  readableName,
  refersTo,
  shortName,
  TRANSIENT_TYPES,
  type DeclaredResource,
  type Folded,
} from '../build/index.js';
import { referrersFirst } from './dataFactory.js';
import type { ResourceTarget, UpgradeCitation, UpgradePhase } from './types.js';
import { codes } from '../diagnostics/index.js';
import { ROLES } from '../model/roles.js';
import { grantCommands } from '../model/grants.js';
import { isObject } from '../util/json.js';

/**
 * Resource types ARM does not delete by ID, and what becomes of one left behind instead: `manual` gives the
 * command that deletes it elsewhere, otherwise it stays (with the source saying why).
 */
export const NOT_DELETABLE_BY_ID: Readonly<Record<string, { source: string; manual?: (name: { parent?: string; name?: string }) => string }>> = {
  'microsoft.keyvault/vaults/secrets': {
    source:
      'Key Vault\'s management operations for secrets are Create Or Update, Get, List and Update ("Secrets", Microsoft.KeyVault REST): a secret is deleted through the vault\'s data plane',
    manual: (n) => `az keyvault secret delete --vault-name ${n.parent ?? '<key vault>'} --name ${n.name ?? '<secret>'}`,
  },
  'microsoft.datafactory/factories/managedvirtualnetworks': {
    source:
      'Data Factory\'s operations for a managed virtual network are Create Or Update, Get and List By Factory ("Managed Virtual Networks", Data Factory REST): it stays with its factory',
  },
};

/** Parent types that cannot be deleted while certain child resources exist: those children are deleted first, as steps of their own. */
export const CHILDREN_FIRST: Readonly<Record<string, { children: string; source: string }>> = {
  'microsoft.network/privatednszones': {
    children: 'microsoft.network/privatednszones/virtualnetworklinks',
    source: 'a private DNS zone cannot be deleted unless all virtual network links to it are removed ("Private Zones - Delete")',
  },
};

/**
 * Among resources nothing else orders, network components go in this order: private endpoints (with their
 * DNS zone groups), DNS zone links, DNS zones, the virtual network, its security group. Each refers to the
 * next (an endpoint to its zones and subnet, a link to the network, a subnet to the security group), so this
 * is the order Azure lets them go in; other resources follow (0.7 -> 0.8 with public access on).
 */
const NETWORK_DELETION_ORDER: readonly string[] = [
  'microsoft.network/privateendpoints',
  'microsoft.network/privatednszones/virtualnetworklinks',
  'microsoft.network/privatednszones',
  'microsoft.network/virtualnetworks',
  'microsoft.network/networksecuritygroups',
];

/** An access or output step before numbering (no target: nothing is deleted). */
export interface NoteStep {
  subject: string;
  action: string;
  why: string;
  cites: UpgradeCitation[];
}

/**
 * Prepare steps for the access B narrows on resources both builds deploy (HUB030 notes of the comparison):
 * whoever relied on the wider access must be listed before the deployment.
 */
export function accessSteps(c: UpgradeComparison): NoteStep[] {
  return c.access.map(({ resource: a, rule, from, to }) => ({
    subject: `${a.type} ${a.display}`,
    action: `Before deploying, list in ${rule.fix} whatever must keep the access that {B} no longer gives.`,
    why: `{B} sets ${rule.path} of ${readableName(a)} to ${JSON.stringify(to)} where {A} has ${from === undefined ? rule.unset : JSON.stringify(from)}, and ${rule.source}.`,
    cites: [{ code: codes.HUB030.code, subject: a.identity }, { change: `template/resources/${a.identity}: changed ${rule.path}` }],
  }));
}

/**
 * After-deployment steps for the roles B needs for a component it turns on and its template does not grant
 * (HUB660 notes of the comparison): the commands, one per scope (src/model/grants.ts), with the resource group
 * when the deployment is known (`hubc deploy --upgrade`).
 */
export function grantSteps(c: UpgradeComparison, resourceGroup?: string): (NoteStep & { details: string[] })[] {
  return c.grants.map(({ grant, parameter, scopes }) => ({
    subject: parameter,
    action: `Grant ${grant.principal} the ${grant.role.name} role on ${scopes.length ? scopes.join(', ') : grant.scopes} (commands below; the object ID is the deployment's output ${grant.principalOutput}).`,
    why: `{B} turns on ${grant.what} (${parameter}), and its template cannot grant a role outside the hub's resource group: ${grant.without}.`,
    cites: [{ code: codes.HUB660.code, subject: parameter }, { change: `template/parameters/${parameter}: ${parameterChange(c, parameter)}` }],
    details: grantCommands(grant, scopes, resourceGroup ? { resourceGroup } : {}),
  }));
}

/** How a parameter of B differs from A's, as the diff says it: added, or changed (its default). */
function parameterChange(c: UpgradeComparison, name: string): string {
  const inA = c.a.build.template.parameters.some((p) => p.name === name);
  return inA ? 'changed' : 'added';
}

/** After-deployment steps for the outputs B removes or renames (HUB031, HUB032 notes of the comparison). */
export function outputSteps(c: UpgradeComparison): NoteStep[] {
  return c.outputs.map((o) => ({
    subject: `output ${o.from}`,
    action: o.to
      ? `Make the scripts and pipelines that read output ${o.from} of the hub's deployment read ${o.to}.`
      : `Change the scripts and pipelines that read output ${o.from} of the hub's deployment: {B} has no such output.`,
    why: o.to
      ? `{B} names the output ${o.to}${o.likely ? ' (a likely rename: the same value)' : ''}; reading ${o.from} gives nothing once {B} is deployed.`
      : `Reading ${o.from} gives nothing once {B} is deployed.`,
    cites: [{ code: (o.to ? codes.HUB032 : codes.HUB031).code, subject: o.from }, { change: `template/outputs/${o.from}: removed` }],
  }));
}

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

function targetOf(f: Folded): ResourceTarget {
  const t: ResourceTarget = { type: f.type, name: f.display, apiVersion: f.apiVersion };
  if (f.realId) t.id = f.realId;
  // A condition the known values decide is no longer "sometimes".
  if (f.condition !== undefined && f.decl.deployed === 'unknown') t.condition = f.condition;
  return t;
}

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
  const rank = (f: Folded) => (NETWORK_DELETION_ORDER.includes(lower(f.type)) ? NETWORK_DELETION_ORDER.indexOf(lower(f.type)) : NETWORK_DELETION_ORDER.length);
  const gone = removed.filter((r) => !removed.some((x) => x !== r && goesWith(r, x))).sort((x, y) => rank(x) - rank(y));
  // A resource goes with its parts, so what they refer to orders it too: a private endpoint's DNS zone group
  // refers to the zones, so the endpoint goes before them.
  const family = (f: Folded) => [f, ...removed.filter((x) => x !== f && goesWith(x, f))];
  const refs = (f: Folded) => gone.filter((x) => x !== f && (family(f).some((m) => refersTo(m, x, true)) || childFirst(x, f))).map((x) => x.id);
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
    if (rule?.manual) out.command = rule.manual({ parent: isArmExpressionString(f.display) ? undefined : f.display.split('/')[0], name: shortName(f.decl) });
    return out;
  });
}

/** The diff's change of a resource identity (`removed`, `changed`), or `unchanged`. */
function diffChange(diff: DiffResult, identity: string): string {
  const items = diff.groups.find((g) => g.id === 'template')?.sections.find((s) => s.id === 'resources')?.items ?? [];
  return items.find((i) => i.name === identity)?.change ?? 'unchanged';
}

/**
 * For a role assignment, the role it gives in words (`It gives User Access Administrator. `): a role left behind
 * is access nobody asked for (the public 12's User Access Administrator on the data lake after an upgrade to 13,
 * releases-0.9-14.md §1.5). Built-in roles hubc or the public releases assign are named (ROLES); others by ID.
 */
function roleWords(r: Folded): string {
  if (lower(r.type) !== 'microsoft.authorization/roleassignments') return '';
  const props = r.decl.body().properties;
  const id = isObject(props) && typeof props.roleDefinitionId === 'string' ? /roleDefinitions\W+([0-9a-f-]{36})/i.exec(props.roleDefinitionId)?.[1]?.toLowerCase() : undefined;
  if (!id) return '';
  const key = Object.entries(ROLES).find(([, guid]) => guid === id)?.[0];
  const name = key ? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()) : `role ${id}`;
  return `It gives ${name}. `;
}

/**
 * The resource steps: blocking resources (before, with what refers to them) and the resources of A that B's
 * deployment leaves behind (after), each in referrers-first order; `notes` say which leftovers stay because
 * ARM cannot delete them.
 * @param l what deploying B leaves of A (`leftovers` of src/diff/upgrade.ts, folded with what is known)
 */
export function resourceSteps(l: Leftovers, diff: DiffResult): { steps: ResourceStep[]; notes: string[] } {
  const reasons = l.blockers;
  const blockers = [...reasons.keys()].filter((r) => ![...reasons.keys()].some((x) => x !== r && belongsTo(r, x)));
  const steps: ResourceStep[] = [];
  for (const r of referrersFirst(
    blockers,
    (f) => f.id,
    (f) => blockers.filter((x) => x !== f && refersTo(f, x, true)).map((x) => x.id),
  )) {
    const data = DATA_RESOURCE_TYPES.includes(lower(r.type));
    const { why, cites: changes, manual } = reasons.get(r)!;
    let root = r;
    while (reasons.get(root)?.referred) root = reasons.get(root)!.referred!;
    const note = diff.upgradeNotes.find((n) => n.code === codes.HUB418.code && n.subject === root.identity);
    const cites: UpgradeCitation[] = [...(note ? [{ code: note.code, subject: note.subject }] : []), ...changes];
    const text = data
      ? `${why} It holds data, so hubc does not delete it.`
      : manual
        ? `${why} hubc leaves it to you, with the resource that holds data.`
        : `${why} {B}'s deployment creates it again.`;
    steps.push({ phase: 'before', kind: data || manual ? 'manual' : 'deleteResource', target: targetOf(r), why: text, cites });
  }
  // Resources A deploys and B does not: left in place by B's deployment, deleted after it.
  const { removed, ordered: gone } = deletionOrder(l.left);
  const notes: string[] = [];
  for (const r of gone) {
    const name = `${r.type} ${readableName(r)}`;
    const rule = NOT_DELETABLE_BY_ID[lower(r.type)];
    if (stays(r)) {
      notes.push(`${name} stays after the upgrade: ${rule.source}.`);
      continue;
    }
    // A part deleted before its parent (a DNS zone's link) has no note of its own: the parent's says it stays behind.
    const parent = gone.find((x) => childFirst(x, r));
    const note =
      diff.upgradeNotes.find((n) => n.code === codes.HUB407.code && n.subject === r.identity) ??
      (parent ? diff.upgradeNotes.find((n) => n.code === codes.HUB407.code && n.subject === parent.identity) : undefined);
    const component = l.components.find((c) => c.leftovers.includes(r.decl));
    const cites: UpgradeCitation[] = [
      ...(note ? [{ code: note.code, subject: note.subject }] : []),
      ...(component ? [{ code: codes.HUB416.code, subject: component.component }] : []),
      { change: `template/resources/${r.identity}: ${diffChange(diff, r.identity)}` },
    ];
    const declared = l.rb.find((x) => x.identity === r.identity);
    const reason = !declared
      ? '{B} no longer declares it'
      : declared.deployed === false
        ? "{B} declares it but does not deploy it (its condition is false with {B}'s values)"
        : '{B} deploys it under another name';
    const owned = removed.filter((x) => goesWith(x, r)).map((x) => x.type.split('/').pop());
    const firsts = gone.filter((x) => childFirst(r, x)).map((x) => x.type.split('/').pop());
    let why = `${roleWords(r)}${reason}; an incremental deployment leaves it in place.${owned.length ? ` Its ${[...new Set(owned)].join(', ')} go with it.` : ''}`;
    if (firsts.length) why += ` Its ${[...new Set(firsts)].join(', ')} are deleted first: ${CHILDREN_FIRST[lower(r.type)].source}.`;
    const data = DATA_RESOURCE_TYPES.includes(lower(r.type));
    if (data) steps.push({ phase: 'after', kind: 'manual', target: targetOf(r), why: `${why} It holds data, so hubc does not delete it: keep or delete it yourself.`, cites });
    else if (rule?.manual) {
      const parts = isArmExpressionString(r.display) ? [] : r.display.split('/');
      const command = rule.manual({ parent: parts[0], name: shortName(r.decl) });
      steps.push({ phase: 'after', kind: 'manual', target: targetOf(r), why: `${why} ARM does not delete it: ${rule.source}.`, cites, command });
    } else steps.push({ phase: 'after', kind: 'deleteResource', target: targetOf(r), why, cites });
  }
  return { steps, notes };
}
