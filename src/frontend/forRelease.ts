/**
 * A hub.yaml read for an older release than it was written for. A hub.yaml written for a newer release often
 * configures components the older one lacks (HUB220: Data Explorer, private networking, ...), and the hub
 * deployed from the older release simply did not have them. `hubc diff` and `hubc upgrade-plan`, given a
 * release number and such a file, build the older release from the file with those sections left out (the
 * hub.yaml sections of `RELEASE_SECTIONS` whose capability or change of behaviour the release lacks, and the
 * dataset list, which then takes the release's defaults) and say so; both read their inputs through this one
 * function, so they read a file the same way.
 */
import { parse, stringify } from 'yaml';
import { getRelease } from '../model/releases.js';
import { RELEASE_SECTIONS, sectionApplies } from './checks/releaseFields.js';

/**
 * hub.yaml text without the sections a release lacks (and without `datasets`, which then takes the release's
 * defaults), with `release` set to it.
 * @returns the text and the dotted paths left out, in `RELEASE_SECTIONS` order (`datasets` last)
 * @throws Error for a version hubc does not know, or text that is not YAML (callers compile the file first)
 */
export function hubTextForRelease(text: string, version: string): { text: string; removed: string[] } {
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
 * hub.yaml text with one field set (`['dataExplorer', 'name']`, `'finopshub'`), the sections on its path created
 * when missing: a variant of a hub for the examples of generated docs (docs/upgrading.md's hub with a cluster).
 * @throws Error for text that is not YAML
 */
export function hubTextWithField(text: string, path: readonly string[], value: unknown): string {
  const doc = (parse(text) ?? {}) as Record<string, unknown>;
  let parent = doc;
  for (const key of path.slice(0, -1)) {
    const next = parent[key];
    parent = (parent[key] = next && typeof next === 'object' ? next : {}) as Record<string, unknown>;
  }
  parent[path[path.length - 1]] = value;
  return stringify(doc);
}
