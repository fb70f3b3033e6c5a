/**
 * HUB214: `hub.location` and `hub.eventGridLocation` must be Azure regions: the names
 * `az account list-locations` prints for the public, US Government and China clouds (src/model/regions.ts,
 * whose data file names its sources). `""` (the resource group's region, or the hub's) is always accepted.
 */
import { codes } from '../../diagnostics/index.js';
import { AZURE_REGION_NAMES, azureRegion } from '../../model/regions.js';
import { nearestAll } from '../../util/nearest.js';
import type { Check } from './types.js';

/** The hub.yaml fields that hold a region. */
export const REGION_FIELDS = [
  ['hub', 'location'],
  ['hub', 'eventGridLocation'],
] as const;

export const regionsCheck: Check = {
  codes: [codes.HUB214],
  run(ctx) {
    for (const path of REGION_FIELDS) {
      if (!ctx.valid(path)) continue;
      const region: unknown = ctx.data.hub?.[path[1]];
      if (typeof region !== 'string' || region === '' || azureRegion(region)) continue;
      ctx.report(codes.HUB214.raise({ where: path.join('.'), region, nearest: nearestAll(region, AZURE_REGION_NAMES).slice(0, 3) }), path);
    }
  },
};
