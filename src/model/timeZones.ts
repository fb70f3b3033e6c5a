/**
 * Time zones of Data Factory schedule triggers, from the one table `./timeZones.json` (which names its
 * sources): the IDs Data Factory accepts in `recurrence.timeZone`, the usual zone of each Azure region
 * (hub.yaml `timeZone: auto`), and the wrong IDs public hub templates used with the ID that was meant.
 * hub.yaml's schedule checks, hubc's region defaults and the catalogue's trigger checks (HUB700, HUB701)
 * all read it.
 *
 * Data Factory takes Windows time zone IDs and requires `startTime` without a UTC offset when the zone is
 * not UTC, and with a `Z` when it is (learn.microsoft.com/azure/data-factory/how-to-create-schedule-trigger,
 * "Time zone option").
 */
import data from './timeZones.json' with { type: 'json' };

/** Windows time zone IDs accepted by Data Factory schedule triggers. */
export const WINDOWS_TIME_ZONES: readonly string[] = data.accepted;

/** The ID of Coordinated Universal Time, the one zone whose times carry a `Z`. */
export const UTC_TIME_ZONE: string = data.utc;

const KNOWN = new Set(WINDOWS_TIME_ZONES);

/** True when Data Factory accepts the id as a schedule-trigger time zone (IDs compare as written). */
export function isKnownTimeZone(id: string): boolean {
  return KNOWN.has(id);
}

/** The accepted ID meant by a wrong one a public hub template used (`Japan Standard Time` -> `Tokyo Standard Time`), if known. */
export function correctedTimeZone(id: string): string | undefined {
  const hit = (data.corrections as Record<string, { id: string } | undefined>)[id];
  return hit?.id;
}

/**
 * Usual time zone of each Azure region, used when hub.yaml says `timeZone: auto`. Regions not listed
 * run their schedules in UTC. Every value is a member of {@link WINDOWS_TIME_ZONES}.
 */
export const REGION_TIME_ZONES: Readonly<Record<string, string>> = data.regions;

/**
 * Usual time zone of each Azure Government region (US Gov and US DoD), which release 14 adds to the regions of
 * {@link REGION_TIME_ZONES} (public 14.0, #2087); before it their schedules run in UTC. Every value is a
 * member of {@link WINDOWS_TIME_ZONES}.
 */
export const US_GOVERNMENT_REGION_TIME_ZONES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(data.usGovernmentRegions).filter(([region]) => region !== '$comment'),
);
