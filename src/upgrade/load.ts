/**
 * Loading the two sides of an upgrade: what `hubc diff` accepts (src/load), read the same way; a
 * release number built from a hub file written for a later release leaves out the sections it lacks
 * (`leftOut`, HUB220), and the plan says so in a note.
 */
import { loadBuild, type LoadedBuild, type LoadOptions } from '../load/index.js';
import { codes } from '../diagnostics/index.js';

/** A loaded side and the plan's remarks about how it was built. */
export interface UpgradeSide {
  input: LoadedBuild;
  notes: string[];
}

/** The plan's remark about a side built without some sections of the hub file, if it was. */
export function leftOutNote(input: LoadedBuild, hubFile: string): string[] {
  if (!input.leftOut?.length) return [];
  return [
    `${input.label} was built from ${hubFile} without ${input.leftOut.join(', ')}: release ${input.label} does not have what they configure (${codes.HUB220.code}), so the hub deployed from it did not either.`,
  ];
}

/**
 * Loads one side (see the module comment).
 * @param options how a feed's release folder is checked (`--allow-modified-feed`)
 * @throws LoadError as `loadBuild` does
 */
export function loadUpgradeSide(arg: string, hubFile = 'hub.yaml', options: LoadOptions = {}): UpgradeSide {
  const input = loadBuild(arg, hubFile, options);
  return { input, notes: leftOutNote(input, hubFile) };
}
