/**
 * The Azure regions hub.yaml may name in `hub.location` and `hub.eventGridLocation`: the region names
 * `az account list-locations` prints for the Azure public cloud, Azure Government and Azure operated by
 * 21Vianet (China). The list is data, in `./azureRegions.json`, which names its sources per cloud and the
 * date it was taken; new regions are added there.
 */
import data from './azureRegions.json' with { type: 'json' };

/** The Azure clouds whose regions are listed (the names of `az cloud list`). */
export type AzureCloudName = 'AzureCloud' | 'AzureUSGovernment' | 'AzureChinaCloud';

/** One region: its name as ARM takes it (`westeurope`) and as the portal shows it (`West Europe`). */
export interface AzureRegion {
  name: string;
  displayName: string;
  cloud: AzureCloudName;
}

/** Every listed region, by cloud in the order public, Government, China, then by name. */
export const AZURE_REGIONS: readonly AzureRegion[] = (Object.entries(data.clouds) as [AzureCloudName, { regions: { name: string; displayName: string }[] }][]).flatMap(
  ([cloud, c]) => c.regions.map((r) => ({ name: r.name, displayName: r.displayName, cloud })),
);

const BY_NAME = new Map(AZURE_REGIONS.map((r) => [r.name, r]));

/** The region of a name, exactly as ARM spells it (lower case, no spaces); undefined for any other text. */
export function azureRegion(name: string): AzureRegion | undefined {
  return BY_NAME.get(name);
}

/** Every region name, in {@link AZURE_REGIONS} order. */
export const AZURE_REGION_NAMES: readonly string[] = AZURE_REGIONS.map((r) => r.name);

/**
 * The region name a display name or a differently written name stands for (`West Europe`, `West-Europe`
 * and `WESTEUROPE` all give `westeurope`); undefined when none does.
 */
export function regionNameFor(text: string): string | undefined {
  const folded = text.toLowerCase().replace(/[\s_-]+/g, '');
  return BY_NAME.has(folded) ? folded : undefined;
}
