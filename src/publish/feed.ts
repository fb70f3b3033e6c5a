/**
 * The contents of a release feed folder, in memory (relative path -> bytes), and what publishing a release
 * changes in it: the file names the public toolkit uses, which releases a feed holds, which files of a
 * release differ from what the feed already holds.
 */

/** Largest template ARM accepts: 4 MB ("Resolve errors for job size exceeded", ARM docs: the template can't exceed 4 MB). */
export const ARM_TEMPLATE_LIMIT_BYTES = 4 * 1024 * 1024;

/** Versioned names of a release's template and portal form, as the public FinOps toolkit names them. */
export function versionedNames(release: string): { template: string; uiDefinition: string } {
  return { template: `finops-hub-${release}.json`, uiDefinition: `finops-hub-${release}.ui.json` };
}

/** The `latest` aliases. */
export const LATEST = versionedNames('latest');

/** True for a release folder name (`0.7`, `0.10.1`). */
export function isReleaseName(name: string): boolean {
  return /^[0-9]+(\.[0-9]+)*$/.test(name);
}

/** Orders release numbers by their numeric parts (`0.9` before `0.10`). */
export function compareReleases(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** The releases a feed holds: top-level release folders with an `azuredeploy.json`, oldest first. */
export function feedReleases(files: ReadonlyMap<string, Buffer>): string[] {
  const out = new Set<string>();
  for (const path of files.keys()) {
    const m = /^([^/]+)\/azuredeploy\.json$/.exec(path);
    if (m && isReleaseName(m[1])) out.add(m[1]);
  }
  return [...out].sort(compareReleases);
}

/** The paths of a feed that belong to a release: its folder and its two versioned files. */
export function releasePaths(files: ReadonlyMap<string, Buffer>, release: string): string[] {
  const names = versionedNames(release);
  return [...files.keys()].filter((p) => p.startsWith(`${release}/`) || p === names.template || p === names.uiDefinition);
}

/**
 * The files a release adds to a feed: `<release>/<path>` for every artifact, plus the template and portal
 * form under their versioned names.
 */
export function releaseFiles(release: string, artifacts: ReadonlyMap<string, string>): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const [path, text] of artifacts) out.set(`${release}/${path}`, Buffer.from(text, 'utf8'));
  const names = versionedNames(release);
  const template = artifacts.get('azuredeploy.json');
  const ui = artifacts.get('createUiDefinition.json');
  if (template !== undefined) out.set(names.template, Buffer.from(template, 'utf8'));
  if (ui !== undefined) out.set(names.uiDefinition, Buffer.from(ui, 'utf8'));
  return out;
}

/** How the files a release would publish differ from what the feed holds for it. */
export interface ReleaseConflict {
  release: string;
  changed: string[];
  added: string[];
  removed: string[];
}

/** Compares the files of a release with the feed's; undefined when they are identical. */
export function conflictOf(release: string, held: ReadonlyMap<string, Buffer>, publishing: ReadonlyMap<string, Buffer>): ReleaseConflict | undefined {
  const heldPaths = releasePaths(held, release);
  const changed = heldPaths.filter((p) => publishing.has(p) && !publishing.get(p)!.equals(held.get(p)!));
  const added = [...publishing.keys()].filter((p) => !held.has(p));
  const removed = heldPaths.filter((p) => !publishing.has(p));
  return changed.length || added.length || removed.length ? { release, changed, added, removed } : undefined;
}

/** The artifacts of a release held in a feed (path relative to the release folder -> text). */
export function heldArtifacts(files: ReadonlyMap<string, Buffer>, release: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, data] of files) if (path.startsWith(`${release}/`)) out.set(path.slice(release.length + 1), data.toString('utf8'));
  return out;
}

/** True when two file maps have the same paths with the same bytes. */
export function sameFiles(a: ReadonlyMap<string, Buffer>, b: ReadonlyMap<string, Buffer>): boolean {
  if (a.size !== b.size) return false;
  for (const [p, d] of a) if (!b.get(p)?.equals(d)) return false;
  return true;
}
