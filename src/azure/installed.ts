/**
 * Which hub release a resource group holds, for `hubc deploy --upgrade`:
 *
 * 1. the `ftk-version` tag of the hub's resources: "Resources - List By Resource Group"
 *    (`GET /subscriptions/{s}/resourceGroups/{rg}/resources`), keeping the resources whose
 *    `cm-resource-parent` tag names this hub (`<group id>/providers/Microsoft.Cloud/hubs/<hubName>`; every
 *    hubc release tags both). Resources that disagree (a deployment that stopped halfway) give a warning and
 *    the oldest release is taken, so that the plan cleans up everything that release left.
 * 2. else `version` of `config/settings.json` in the hub's storage account, read through the Data Lake
 *    endpoint with `@azure/storage-file-datalake` (there is no ARM call that reads a blob), for hubs whose
 *    resources carry no usable tag (the public 0.1-0.2 releases wrote `placeholder`).
 *
 * A tag or version like `0.2.1` names the release of its first two parts when hubc has no such release.
 *
 * Whose names the hub's storage account carries tells the naming (`src/public/names.ts`); when they are
 * the public release's, the deployment history ("Deployments - List By Resource Group") tells whether the
 * public templates deployed it: they leave nested module deployments (`dataFactoryResources`, `storage`,
 * ...) that hubc never makes. An emptied history counts as public.
 */
import type { ResourceManagementClient } from '@azure/arm-resources';
import type { ReleaseVersion } from '../model/releases.js';
import { parseRelease, sortReleases } from '../model/releaseNames.js';
import type { NamingMode } from '../model/naming.js';
import { readSettingsJson, type DataLakeConnection } from './dataLake.js';
import { namingOfNames } from '../public/index.js';

/** What was found. */
export interface InstalledHub {
  /** The release, when it could be told. */
  release?: string;
  /** How it was told: `tag` (ftk-version), `settings` (settings.json), or `none` (no hub resource in the group). */
  source: 'tag' | 'settings' | 'none' | 'unknown';
  /** Distinct `ftk-version` values of the hub's resources (sorted). */
  tags: string[];
  /** Names of the hub's resources by type (lower case), e.g. the storage account and the factory. */
  resources: { type: string; name: string; id: string }[];
  /** Why the settings.json fallback failed, when it did. */
  settingsError?: string;
  /** Whose names its storage account carries, when they are one mode's. */
  naming?: NamingMode;
  /** True when the public templates deployed it (their names, and their module deployments in the history or no history). */
  publicInstall?: boolean;
}

/** The nested module deployments the public templates leave in a resource group's history. */
const PUBLIC_MODULE_DEPLOYMENTS = ['datafactoryresources', 'keyvault', 'storage', 'hub'];

/**
 * The hubc release a recorded version names (an `ftk-version` tag, settings.json's `version`: `0.8`, `0.2.1`,
 * `12.0`, `0.12`; src/model/releaseNames.ts), or undefined.
 */
export function releaseOfVersion(version: unknown): string | undefined {
  return typeof version === 'string' ? parseRelease(version) : undefined;
}

/** The oldest of several releases (by the release table). */
function oldest(releases: string[]): string {
  return sortReleases(releases)[0];
}

/**
 * Reads the installed release.
 * @param storage the hub's Data Lake connection for a storage account name (settings.json fallback)
 * @throws the SDK's error when the resource listing fails
 */
export async function readInstalledHub(
  client: ResourceManagementClient,
  resourceGroup: string,
  groupId: string,
  hubName: string,
  storage: (account: string) => DataLakeConnection,
  storageAccount: string,
): Promise<InstalledHub> {
  const parent = `${groupId}/providers/Microsoft.Cloud/hubs/${hubName}`.toLowerCase();
  const resources: InstalledHub['resources'] = [];
  const tags = new Set<string>();
  for await (const r of client.resources.listByResourceGroup(resourceGroup)) {
    const t = r.tags ?? {};
    const tagParent = Object.entries(t).find(([k]) => k.toLowerCase() === 'cm-resource-parent')?.[1];
    if (tagParent?.toLowerCase() !== parent) continue;
    resources.push({ type: String(r.type), name: String(r.name), id: String(r.id) });
    const v = Object.entries(t).find(([k]) => k.toLowerCase() === 'ftk-version')?.[1];
    if (v) tags.add(v);
  }
  const sorted = [...tags].sort();
  if (!resources.length) return { source: 'none', tags: sorted, resources };
  const known = sorted.map(releaseOfVersion).filter((v): v is string => Boolean(v));
  if (known.length)
    return { release: oldest(known), source: 'tag', tags: sorted, resources, ...(await publicInstall(client, resourceGroup, groupId, hubName, oldest(known), resources)) };
  try {
    const settings = (await readSettingsJson(storage(storageAccount))) as { version?: unknown };
    const release = releaseOfVersion(settings.version);
    if (release) return { release, source: 'settings', tags: sorted, resources, ...(await publicInstall(client, resourceGroup, groupId, hubName, release, resources)) };
    return { source: 'unknown', tags: sorted, resources, settingsError: `config/settings.json has version ${JSON.stringify(settings.version)}, which is no release hubc knows` };
  } catch (e) {
    return { source: 'unknown', tags: sorted, resources, settingsError: `config/settings.json of ${storageAccount} could not be read: ${(e as Error).message}` };
  }
}

/** The naming of the hub's resources, and whether the public templates deployed it (see the module doc). */
async function publicInstall(
  client: ResourceManagementClient,
  resourceGroup: string,
  groupId: string,
  hubName: string,
  release: string,
  resources: InstalledHub['resources'],
): Promise<Pick<InstalledHub, 'naming' | 'publicInstall'>> {
  const storage = resources.filter((r) => r.type.toLowerCase() === 'microsoft.storage/storageaccounts').map((r) => r.name);
  const naming = namingOfNames(release as ReleaseVersion, hubName, groupId, storage);
  if (naming !== 'public') return naming ? { naming } : {};
  const names: string[] = [];
  for await (const d of client.deployments.listByResourceGroup(resourceGroup)) names.push(String(d.name).toLowerCase());
  return { naming, publicInstall: !names.length || names.some((n) => PUBLIC_MODULE_DEPLOYMENTS.includes(n)) };
}
