/**
 * The plan for a build that renames the hub (HUB417): every resource name derives from the hub name, so B
 * deployed over A is a second hub in the resource group, sharing A's private DNS zones and their virtual
 * network links (which B would point at its own network), while everything of A keeps running. There is no
 * in-place upgrade; the steps deploy B as a new hub in a resource group of its own, move A's data there,
 * and then delete A in dependency order.
 *
 * The step before the deployment is manual, so `hubc deploy --upgrade` stops there (HUB497) instead of
 * deploying a second hub over the first.
 */
import type { Leftovers, DiffResult } from '../diff/index.js';
import { describeResources, mayBeDeployed, readableName, sharedResources, shortName, typeWord } from '../build/index.js';
import { codes } from '../diagnostics/index.js';
import { hubDeletionOrder } from './resources.js';
import type { UpgradeStep } from './types.js';

/** Resource types whose names are unique across Azure, not only in their resource group ("Naming rules and restrictions for Azure resources"). */
const GLOBAL_NAMES = ['microsoft.kusto/clusters', 'microsoft.storage/storageaccounts', 'microsoft.keyvault/vaults', 'microsoft.datafactory/factories'];

/** A step before numbering. */
type Draft = Omit<UpgradeStep, 'n'>;

/** The steps of deploying B as a new hub next to A, then retiring A. */
export function newHubSteps(l: Leftovers & { renamed: { from: string; to: string } }, diff: DiffResult): Draft[] {
  const { from, to } = l.renamed;
  const note = diff.upgradeNotes.find((n) => n.code === codes.HUB417.code);
  const cites = [note ? { code: note.code, subject: note.subject } : { change: 'template/resources: every name changes' }];
  // The hub's data lake: the storage account holding the ingestion container.
  const ingestion = l.ra.find((r) => r.type.toLowerCase() === 'microsoft.storage/storageaccounts/blobservices/containers' && r.id.endsWith('/containers/ingestion'));
  const storageA = ingestion && l.ra.find((r) => r.type.toLowerCase() === 'microsoft.storage/storageaccounts' && ingestion.id.toLowerCase().startsWith(`${r.id.toLowerCase()}/`));
  const accountA = (storageA && shortName(storageA)) ?? `<storage account of ${from}>`;
  const shared = describeResources(sharedResources(l.ra.filter(mayBeDeployed), l.rb, l.left));
  const triggers = l.left.filter((r) => r.object?.kind === 'triggers').map((r) => r.object!.name);
  const order = hubDeletionOrder(l.left);
  // Resources B names as A does although the hub name changed, of types whose names are unique across Azure.
  const leftIds = new Set(l.left.map((r) => r.id.toLowerCase()));
  const sameName = l.ra.filter((r) => mayBeDeployed(r) && !leftIds.has(r.id.toLowerCase()) && GLOBAL_NAMES.includes(r.type.toLowerCase()));
  const steps: Draft[] = [
    {
      phase: 'before',
      kind: 'manual',
      performer: 'you',
      subject: 'hub name',
      action: `Decide how {B} is deployed: it renames the hub from ${from} to ${to}, so it is a new hub, not an upgrade of {A}. Deploy it as a new hub (the steps below), or keep the hub name ${from} to upgrade in place.`,
      why:
        `Every resource name derives from the hub name: deployed over {A}, {B} creates a second set of resources next to ${from}'s, which keep running and billing.` +
        (shared.length ? ` Both would share ${shared.join(', ')}, which {B} points at its own network.` : ''),
      cites,
    },
    {
      phase: 'deploy',
      kind: 'deploy',
      performer: 'you',
      subject: 'azuredeploy.json',
      action: `Deploy {B} as a new hub in a resource group of its own: hubc deploy <hub file> --subscription <subscription> -g <new resource group> (without --upgrade), or the portal with {B}'s parameter file.`,
      why:
        `In its own resource group ${to} shares no private DNS zone or virtual network link with ${from}.` +
        (sameName.length
          ? ` {B} keeps the names of ${describeResources(sameName).join(', ')}, which are unique across Azure ("Naming rules and restrictions for Azure resources"): give {B}'s another name (for a Data Explorer cluster, dataExplorer.name), or the deployment in another resource group fails.`
          : ''),
      cites,
    },
    {
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: 'ingestion/',
      action: `Copy the data ${from} converted into ${to}'s storage account: the ingestion container, e.g. azcopy copy 'https://${accountA}.dfs.core.windows.net/ingestion/*' 'https://<storage account of ${to}>.dfs.core.windows.net/ingestion/' --recursive.`,
      why: `${to} has a storage account of its own; nothing moves ${from}'s data into it.`,
      cites,
    },
    {
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: 'exports',
      action: `Point the Cost Management exports that deliver into ${accountA} at ${to}'s storage account, and delete the exports ${from} created itself (named after ${from}).`,
      why: `An export names the storage account it delivers to; ${from}'s keep delivering there otherwise, and ${to} creates its own managed exports under its own name.`,
      cites,
    },
    {
      phase: 'after',
      kind: 'manual',
      performer: 'you',
      subject: from,
      action: `Once ${to} runs, retire ${from}: stop its triggers, then delete its resource group if it holds nothing else, or its resources in the order listed.`,
      why: `Incremental deployment of ${to} changes nothing of ${from}: its triggers keep starting its pipelines and its resources keep billing.`,
      cites,
      details: [
        ...(triggers.length ? [`stop the triggers ${triggers.join(', ')} of ${from}'s factory`] : []),
        ...order.map(
          (o) =>
            `${typeWord(o.resource.type)} ${shortName(o.resource) ?? readableName(o.resource)}${o.data ? ' (holds data: keep what you need first)' : ''}${o.command ? `: ${o.command}` : ''}${o.stays ? ` (stays with its parent: ${o.stays})` : ''}`,
        ),
      ],
    },
  ];
  return steps;
}
