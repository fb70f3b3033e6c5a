/**
 * Loading the two sides of an upgrade. A side is what `hubc diff` accepts (a release number compiled from
 * the hub file, a hub.yaml file, a built or published folder; see `src/diff/load.ts`), with one difference:
 * a hub.yaml written for the newer release often configures components the older one lacks (HUB220), and
 * the hub deployed from the older release simply did not have them. So when a release number does not
 * compile only because of HUB220 errors, it is compiled again with those sections left out (the hub.yaml
 * sections of `RELEASE_SECTIONS` whose capability or change of behaviour the release lacks, and the dataset list, which then
 * takes the release's defaults), and the plan notes it.
 */
import { parse, stringify } from 'yaml';
import { RELEASE_SECTIONS, sectionApplies } from '../frontend/checks/releaseFields.js';
import { compile } from '../compiler/compile.js';
import { hasErrors } from '../diagnostics/diagnostic.js';
import { getRelease, RELEASE_VERSIONS } from '../model/releases.js';
import { DiffLoadError, loadDiffInput, readHubText, type LoadOptions } from '../diff/load.js';
import type { DiffInput } from '../diff/types.js';
import { codes } from '../diagnostics/index.js';

/** A loaded side and what was left out to build it. */
export interface UpgradeSide {
  input: DiffInput;
  notes: string[];
}

/**
 * hub.yaml text without the sections a release lacks (and without `datasets` when it names datasets or
 * versions the release cannot convert), for building an older release of a newer hub.
 * @returns the text and the dotted paths left out
 */
export function hubTextFor(text: string, version: string): { text: string; removed: string[] } {
  const release = getRelease(version);
  const doc = (parse(text) ?? {}) as Record<string, unknown>;
  const removed: string[] = [];
  for (const s of RELEASE_SECTIONS) {
    if (sectionApplies(release, s)) continue;
    let parent: unknown = doc;
    for (const seg of s.path.slice(0, -1)) parent = (parent as Record<string, unknown> | undefined)?.[String(seg)];
    const last = String(s.path[s.path.length - 1]);
    if (parent && typeof parent === 'object' && last in (parent as object)) {
      delete (parent as Record<string, unknown>)[last];
      removed.push(s.path.join('.'));
    }
  }
  if ('datasets' in doc) {
    delete doc.datasets;
    removed.push('datasets');
  }
  return { text: stringify({ ...doc, release: version }), removed };
}

/**
 * Loads one side (see the module comment).
 * @param options how a feed's release folder is checked (`--allow-modified-feed`)
 * @throws DiffLoadError as `loadDiffInput` does
 */
export function loadUpgradeSide(arg: string, hubFile = 'hub.yaml', options: LoadOptions = {}): UpgradeSide {
  try {
    return { input: loadDiffInput(arg, hubFile, options), notes: [] };
  } catch (e) {
    if (!(e instanceof DiffLoadError) || !(RELEASE_VERSIONS as readonly string[]).includes(arg)) throw e;
    const errors = e.diagnostics.filter((d) => d.severity === 'error');
    if (!errors.length || errors.some((d) => d.code !== codes.HUB220.code)) throw e;
    const { text, removed } = hubTextFor(readHubText(hubFile, arg), arg);
    const r = compile(text, { file: hubFile, release: arg });
    if (hasErrors(r.diagnostics) || !r.release) throw e;
    return {
      input: { label: arg, source: 'release', release: r.release, artifacts: r.artifacts },
      notes: [`${arg} was built from ${hubFile} without ${removed.join(', ')}: release ${arg} does not have what they configure (${codes.HUB220.code}), so the hub deployed from it did not either.`],
    };
  }
}
