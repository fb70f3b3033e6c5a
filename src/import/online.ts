/**
 * What `hubc import --subscription S --resource-group RG` reads from Azure, each call with a deadline:
 *
 * 1. "Resource Groups - Get" (the group's ID, which the unique suffix of every name derives from);
 * 2. "Resources - List By Resource Group": the hub's resources, by their `cm-resource-parent` tag
 *    (`<group id>/providers/Microsoft.Cloud/hubs/<hubName>`), with their `ftk-version` tags and names;
 * 3. for the `placeholder` version of 0.1-0.2, the factory's triggers ("Triggers - List By Factory",
 *    Data Factory REST api-version 2018-06-01) to tell 0.1 (`msexports`) from 0.2 (`msexports_FileAdded`);
 * 4. "Deployments - List By Resource Group": the parameters of the last successful deployment of the hub
 *    (a deployment whose `hubName` parameter is the hub's; the public templates' nested module deployments
 *    are passed over); secure parameters come back without a value;
 * 5. `config/settings.json` of the hub's data lake through the Data Lake endpoint
 *    (`@azure/storage-file-datalake`, there is no ARM call that reads a blob): scopes added by hand, retention.
 */
import type { ResourceManagementClient } from '@azure/arm-resources';
import { readSettingsJson, type DataLakeConnection } from '../azure/index.js';
import { codes } from '../diagnostics/index.js';
import { getRelease, type ReleaseVersion } from '../model/releases.js';
import type { NamingMode } from '../model/naming.js';
import { hubcOnlyNames, namingOfNames, releasesOfTag, releasesOfTriggers } from './facts.js';
import { ImportError } from './errors.js';

export { ImportError };
import type { ImportFacts } from './hubYaml.js';
import { sortReleases } from '../model/releaseNames.js';

/** What the online import needs. */
export interface OnlineRequest {
  client: ResourceManagementClient;
  subscriptionId: string;
  resourceGroup: string;
  /** Which hub, when the group holds several. */
  hubName?: string;
  /** `--release`, instead of telling it from the tags. */
  release?: ReleaseVersion;
  /** The Data Lake connection of a storage account. */
  dataLake: (account: string) => DataLakeConnection;
  /** Deadline of each call, in milliseconds. */
  timeoutMs: number;
  /** The Data Factory API of a factory (list triggers), for telling 0.1 from 0.2; injected so tests reach the stand-in. */
  listTriggers?: (factoryId: string, signal: AbortSignal) => Promise<string[]>;
}

/** Modules the public templates deploy as nested deployments, whose parameters mirror the hub deployment's or are internal. */
const PUBLIC_MODULES = new Set(['hub', 'storage', 'keyvault', 'datafactoryresources', 'vnet', 'dataexplorer', 'azuretimezones']);

/** Runs one call with a deadline; its failure becomes HUB484 naming the call. */
async function call<T>(what: string, timeoutMs: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await fn(signal);
  } catch (e) {
    const detail = signal.aborted ? `no answer within ${Math.round(timeoutMs / 1000)} s` : ((e as Error).message ?? String(e)).split('\n')[0].slice(0, 300);
    throw new ImportError(codes.HUB484.raise({ call: what, detail }));
  }
}

const tag = (tags: Record<string, string> | undefined, name: string) => Object.entries(tags ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];

/** A resource of the resource group, as the listing gives it. */
interface ListedResource {
  id: string;
  name: string;
  type: string;
  kind?: string;
  tags?: Record<string, string>;
}

/** A successful deployment of the hub, from the deployment history. */
interface HubDeployment {
  name: string;
  /** Milliseconds since the epoch (0 when ARM gives no timestamp). */
  timestamp: number;
  parameters: Record<string, { value?: unknown } | undefined>;
}

/**
 * Reads a running hub (see the module doc).
 * @throws ImportError HUB481 (no hub, several hubs, release unknown) or HUB484 (a call failed or timed out)
 */
export async function readRunningHub(req: OnlineRequest): Promise<ImportFacts & { storageAccount?: string }> {
  const { groupId, wanted, own } = await findHub(req);
  const remarks: string[] = [];
  const release = req.release ?? (await tellRelease(req, wanted, own, remarks));

  // The naming, from the data lake's name.
  const storageAccounts = own.filter((r) => r.type.toLowerCase() === 'microsoft.storage/storageaccounts');
  const naming: NamingMode | undefined = namingOfNames(
    release,
    wanted,
    groupId,
    storageAccounts.map((r) => r.name),
  );
  if (!naming)
    remarks.push(
      `The storage account${storageAccounts.length === 1 ? '' : 's'} (${storageAccounts.map((r) => r.name).join(', ') || 'none'}) follow neither the public release's names nor the specification's: naming: public is assumed; check hubc diff before deploying.`,
    );
  const rules = getRelease(release).namingRules[naming ?? 'public'];
  const lake = storageAccounts.find((r) => r.kind === 'BlockBlobStorage') ?? storageAccounts.find((r) => !/script/.test(r.name)) ?? storageAccounts[0];

  const deployment = await lastDeployment(req, wanted);
  if (!deployment)
    remarks.push(`No successful deployment of hub ${wanted} is left in the deployment history of ${req.resourceGroup}: only the hub name and config/settings.json were recovered.`);

  let settings: unknown;
  const sources = [`resource group ${groupId}`];
  if (deployment) sources.push(`deployment ${deployment.name}`);
  if (lake) {
    try {
      settings = await readSettings(req, lake.name);
      sources.push(`${lake.name}/config/settings.json`);
    } catch (e) {
      if (!(e instanceof ImportError)) throw e;
      remarks.push(`config/settings.json was not read (${e.message}): scopes added by hand and retention set there are not recovered.`);
    }
  }
  const parameters = deployment ? deployment.parameters : { hubName: { value: wanted } };
  // A hub hubc deployed has hubc's parameter names (they differ from the public ones in 0.7).
  const hubcNames = hubcOnlyNames(getRelease(release)).some((n) => Object.keys(parameters).some((x) => x.toLowerCase() === n.toLowerCase()));
  return {
    release,
    naming: naming ?? 'public',
    parameters,
    parameterNames: hubcNames ? 'hubc' : 'public',
    settings,
    sources,
    remarks: [
      ...remarks,
      ...(naming && rules.exportContainer !== 'rawexports' ? [`Cost Management exports write to the ${rules.exportContainer} container, which naming: public keeps.`] : []),
    ],
    ...(lake ? { storageAccount: lake.name } : {}),
  };
}

/**
 * Steps 1-2: the resource group's ID, and the hub's name and resources (by their `cm-resource-parent`
 * tag): `--hub-name`'s, or the group's only hub.
 * @throws ImportError HUB481 when the group holds no hub, or several and none is named
 */
async function findHub(req: OnlineRequest): Promise<{ groupId: string; wanted: string; own: ListedResource[] }> {
  const { client, resourceGroup, timeoutMs } = req;
  const group = await call(`reading resource group ${resourceGroup}`, timeoutMs, (abortSignal) => client.resourceGroups.get(resourceGroup, { abortSignal }));
  const groupId = String(group.id);
  const resources = await call(`listing the resources of ${resourceGroup}`, timeoutMs, async (abortSignal) => {
    const out: ListedResource[] = [];
    for await (const r of client.resources.listByResourceGroup(resourceGroup, { abortSignal }))
      out.push({ id: String(r.id), name: String(r.name), type: String(r.type), kind: r.kind, tags: r.tags });
    return out;
  });
  const prefix = `${groupId}/providers/Microsoft.Cloud/hubs/`.toLowerCase();
  const hubs = new Map<string, ListedResource[]>();
  for (const r of resources) {
    const parent = tag(r.tags, 'cm-resource-parent');
    if (!parent || !parent.toLowerCase().startsWith(prefix)) continue;
    const name = parent.slice(prefix.length);
    hubs.set(name, [...(hubs.get(name) ?? []), r]);
  }
  if (!hubs.size) throw new ImportError(codes.HUB481.noHub({ resourceGroup }));
  const wanted = req.hubName ? [...hubs.keys()].find((h) => h.toLowerCase() === req.hubName!.toLowerCase()) : hubs.size === 1 ? [...hubs.keys()][0] : undefined;
  if (!wanted) throw new ImportError(codes.HUB481.severalHubs({ resourceGroup, hubs: [...hubs.keys()].sort() }));
  return { groupId, wanted, own: hubs.get(wanted)! };
}

/** The `ftk-version` tag of the public releases that recorded no version (0.1, 0.2). */
const PLACEHOLDER_TAG = 'placeholder';

/**
 * Step 3: the release, told from the `ftk-version` tags of the hub's resources, and for the `placeholder`
 * of 0.1-0.2 (or no tag) from the factory's trigger names; says how in `remarks`.
 * @throws ImportError HUB481 when the release cannot be told
 */
async function tellRelease(req: OnlineRequest, wanted: string, own: ListedResource[], remarks: string[]): Promise<ReleaseVersion> {
  const tags = sortReleases(new Set(own.map((r) => tag(r.tags, 'ftk-version')).filter((t): t is string => Boolean(t))));
  let candidates = [...new Set(tags.flatMap(releasesOfTag))];
  // No tag at all: as for the releases that recorded `placeholder` instead of their version.
  if (!tags.length) candidates = releasesOfTag(PLACEHOLDER_TAG);
  if (candidates.length > 1) {
    const factory = own.find((r) => r.type.toLowerCase() === 'microsoft.datafactory/factories');
    if (factory && req.listTriggers) {
      const triggers = await call(`listing the triggers of ${factory.name}`, req.timeoutMs, (signal) => req.listTriggers!(factory.id, signal));
      const narrowed = releasesOfTriggers(candidates, triggers);
      if (narrowed.length) candidates = narrowed;
    }
  }
  if (candidates.length !== 1) throw new ImportError(codes.HUB481.release({ source: `the ftk-version tags (${tags.join(', ') || 'none'}) of hub ${wanted}`, candidates }));
  remarks.push(
    `Release ${candidates[0]} told from the ftk-version tags of its resources (${tags.join(', ') || 'none'})${candidates.length === 1 && tags.every((t) => t === PLACEHOLDER_TAG) ? ' and the trigger names of its factory' : ''}.`,
  );
  return candidates[0];
}

/**
 * Step 4: the last successful deployment of the hub (its `hubName` parameter is the hub's; the public
 * templates' nested module deployments are passed over), if the history keeps one.
 */
async function lastDeployment(req: OnlineRequest, wanted: string): Promise<HubDeployment | undefined> {
  const { client, resourceGroup } = req;
  const deployments = await call(`listing the deployments of ${resourceGroup}`, req.timeoutMs, async (abortSignal) => {
    const out: HubDeployment[] = [];
    for await (const d of client.deployments.listByResourceGroup(resourceGroup, { abortSignal })) {
      const p = d.properties;
      const params = (p?.parameters ?? {}) as HubDeployment['parameters'];
      const hubParam = Object.entries(params).find(([k]) => k.toLowerCase() === 'hubname')?.[1];
      if (p?.provisioningState !== 'Succeeded' || hubParam?.value !== wanted || PUBLIC_MODULES.has(String(d.name).toLowerCase())) continue;
      out.push({ name: String(d.name), timestamp: p.timestamp ? new Date(p.timestamp).getTime() : 0, parameters: params });
    }
    return out.sort((a, b) => b.timestamp - a.timestamp);
  });
  return deployments[0];
}

/**
 * Step 5: `config/settings.json` of the hub's data lake, parsed (read as `hubc deploy --upgrade` reads it).
 * @throws ImportError HUB484 when it cannot be read, is too large or is not JSON
 */
async function readSettings(req: OnlineRequest, account: string): Promise<unknown> {
  return call(`reading config/settings.json of ${account}`, req.timeoutMs, (abortSignal) => readSettingsJson(req.dataLake(account), abortSignal));
}
