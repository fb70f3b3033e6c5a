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
import { dataLakeClient, type DataLakeConnection } from '../migrate/dataLake.js';
import { formatBytes, INPUT_LIMITS } from '../util/inputFiles.js';
import { codes } from '../diagnostics/index.js';
import { getRelease, type ReleaseVersion } from '../model/releases.js';
import type { NamingMode } from '../model/naming.js';
import { hubcOnlyNames, namingOfNames, releasesOfTag, releasesOfTriggers } from './facts.js';
import { ImportError } from './errors.js';

export { ImportError };
import type { ImportFacts } from './hubYaml.js';


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

/**
 * Reads a running hub (see the module doc).
 * @throws ImportError HUB481 (no hub, several hubs, release unknown) or HUB484 (a call failed or timed out)
 */
export async function readRunningHub(req: OnlineRequest): Promise<ImportFacts & { storageAccount?: string }> {
  const { client, resourceGroup, timeoutMs } = req;
  const group = await call(`reading resource group ${resourceGroup}`, timeoutMs, (abortSignal) => client.resourceGroups.get(resourceGroup, { abortSignal }));
  const groupId = String(group.id);
  const resources = await call(`listing the resources of ${resourceGroup}`, timeoutMs, async (abortSignal) => {
    const out: { id: string; name: string; type: string; kind?: string; tags?: Record<string, string> }[] = [];
    for await (const r of client.resources.listByResourceGroup(resourceGroup, { abortSignal })) out.push({ id: String(r.id), name: String(r.name), type: String(r.type), kind: r.kind, tags: r.tags });
    return out;
  });
  const prefix = `${groupId}/providers/Microsoft.Cloud/hubs/`.toLowerCase();
  const hubs = new Map<string, typeof resources>();
  for (const r of resources) {
    const parent = tag(r.tags, 'cm-resource-parent');
    if (!parent || !parent.toLowerCase().startsWith(prefix)) continue;
    const name = parent.slice(prefix.length);
    hubs.set(name, [...(hubs.get(name) ?? []), r]);
  }
  if (!hubs.size) throw new ImportError(codes.HUB481.noHub({ resourceGroup }));
  const wanted = req.hubName ? [...hubs.keys()].find((h) => h.toLowerCase() === req.hubName!.toLowerCase()) : hubs.size === 1 ? [...hubs.keys()][0] : undefined;
  if (!wanted) throw new ImportError(codes.HUB481.severalHubs({ resourceGroup, hubs: [...hubs.keys()].sort() }));
  const own = hubs.get(wanted)!;
  const remarks: string[] = [];
  const ofType = (type: string) => own.filter((r) => r.type.toLowerCase() === type.toLowerCase());

  // The release.
  let release = req.release;
  if (!release) {
    const tags = [...new Set(own.map((r) => tag(r.tags, 'ftk-version')).filter((t): t is string => Boolean(t)))].sort();
    let candidates = [...new Set(tags.flatMap(releasesOfTag))];
    if (!tags.length) candidates = ['0.1', '0.2'];
    if (candidates.length > 1) {
      const factory = ofType('Microsoft.DataFactory/factories')[0];
      if (factory && req.listTriggers) {
        const triggers = await call(`listing the triggers of ${factory.name}`, timeoutMs, (signal) => req.listTriggers!(factory.id, signal));
        const narrowed = releasesOfTriggers(candidates, triggers);
        if (narrowed.length) candidates = narrowed;
      }
    }
    if (candidates.length !== 1) throw new ImportError(codes.HUB481.release({ source: `the ftk-version tags (${tags.join(', ') || 'none'}) of hub ${wanted}`, candidates }));
    release = candidates[0];
    remarks.push(`Release ${release} told from the ftk-version tags of its resources (${tags.join(', ') || 'none'})${candidates.length === 1 && tags.every((t) => t === 'placeholder') ? ' and the trigger names of its factory' : ''}.`);
  }

  // The naming, from the data lake's name.
  const storageAccounts = ofType('Microsoft.Storage/storageAccounts');
  const naming: NamingMode | undefined = namingOfNames(release, wanted, groupId, storageAccounts.map((r) => r.name));
  if (!naming) remarks.push(`The storage account${storageAccounts.length === 1 ? '' : 's'} (${storageAccounts.map((r) => r.name).join(', ') || 'none'}) follow neither the public release's names nor the specification's: naming: public is assumed; check hubc diff before deploying.`);
  const rules = getRelease(release).namingRules[naming ?? 'public'];
  const lake = storageAccounts.find((r) => r.kind === 'BlockBlobStorage') ?? storageAccounts.find((r) => !/script/.test(r.name)) ?? storageAccounts[0];

  // The last successful deployment of the hub.
  const deployments = await call(`listing the deployments of ${resourceGroup}`, timeoutMs, async (abortSignal) => {
    const out: { name: string; timestamp: number; parameters: Record<string, { value?: unknown } | undefined> }[] = [];
    for await (const d of client.deployments.listByResourceGroup(resourceGroup, { abortSignal })) {
      const p = d.properties;
      const params = (p?.parameters ?? {}) as Record<string, { value?: unknown } | undefined>;
      const hubParam = Object.entries(params).find(([k]) => k.toLowerCase() === 'hubname')?.[1];
      if (p?.provisioningState !== 'Succeeded' || hubParam?.value !== wanted || PUBLIC_MODULES.has(String(d.name).toLowerCase())) continue;
      out.push({ name: String(d.name), timestamp: p.timestamp ? new Date(p.timestamp).getTime() : 0, parameters: params });
    }
    return out.sort((a, b) => b.timestamp - a.timestamp);
  });
  const deployment = deployments[0];
  if (!deployment) remarks.push(`No successful deployment of hub ${wanted} is left in the deployment history of ${resourceGroup}: only the hub name and config/settings.json were recovered.`);

  // settings.json.
  let settings: unknown;
  const sources = [`resource group ${groupId}`];
  if (deployment) sources.push(`deployment ${deployment.name}`);
  if (lake) {
    try {
      settings = await call(`reading config/settings.json of ${lake.name}`, timeoutMs, async (abortSignal) => {
        const file = dataLakeClient(req.dataLake(lake.name)).getFileSystemClient('config').getFileClient('settings.json');
        // At most one byte past the limit is asked for (a ranged read), as hubc deploy --upgrade reads it.
        const body = (await file.read(0, INPUT_LIMITS.json + 1, { abortSignal })).readableStreamBody;
        const chunks: Buffer[] = [];
        let size = 0;
        if (body) {
          for await (const c of body) {
            chunks.push(Buffer.from(c as Uint8Array));
            size += chunks[chunks.length - 1].length;
            if (size > INPUT_LIMITS.json) throw new Error(`it is larger than ${formatBytes(INPUT_LIMITS.json)}, the most hubc reads from such a file`);
          }
        }
        return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      });
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
    remarks: [...remarks, ...(naming && rules.exportContainer !== 'rawexports' ? [`Cost Management exports write to the ${rules.exportContainer} container, which naming: public keeps.`] : [])],
    ...(lake ? { storageAccount: lake.name } : {}),
  };
}
