/**
 * The contents of a release feed folder as a publish knows them (relative path -> {@link FeedBlob}: hash and
 * size, bytes read on demand), and what publishing a release changes in it: the file names the public
 * toolkit uses, which releases a feed holds, which files of a release differ from what the feed already
 * holds (compared by SHA-256 and size, never by loading both).
 */
import { createHash } from 'node:crypto';
import { INPUT_LIMITS } from '../util/inputFiles.js';
import { fromFiles, type Build } from '../build/index.js';
import { compareReleases, releaseNamed } from '../model/releaseNames.js';
import { getRelease } from '../model/releases.js';

/** A file's content: SHA-256 and size always; the bytes on demand (a file on disk is read when asked). */
export interface FeedBlob {
  /** Lower-case hex SHA-256. */
  readonly sha256: string;
  /** Size in bytes. */
  readonly size: number;
  /** The bytes. @throws the file-system error, or when a file on disk no longer has its hash */
  read(): Buffer;
}

/** The blob of bytes in memory. */
export function blobOf(data: Buffer): FeedBlob {
  return { sha256: createHash('sha256').update(data).digest('hex'), size: data.length, read: () => data };
}

/** A file of the feed (index.json, or a file read later) is not what the publish read: another process wrote it meanwhile. */
export class IndexChangedError extends Error {
  /** @param path the file */
  constructor(readonly path: string) {
    super(`${path} changed after this publish read it`);
    this.name = 'IndexChangedError';
  }
}

/** True when two blobs hold the same bytes (same SHA-256 and size). */
export const sameBlob = (a: FeedBlob, b: FeedBlob) => a.sha256 === b.sha256 && a.size === b.size;

/** Largest template ARM accepts: 4 MB ("Resolve errors for job size exceeded", ARM docs: the template can't exceed 4 MB). */
export const ARM_TEMPLATE_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Versioned names of a release's template and portal form, as the public FinOps toolkit names them: after the
 * version the hub records (`finops-hub-0.8.json`; release 12: `finops-hub-12.0.json`, src/model/releaseNames.ts),
 * or after the name itself for a release this hubc does not know (and `latest`).
 */
export function versionedNames(release: string): { template: string; uiDefinition: string } {
  const id = releaseNamed(release);
  const version = id ? getRelease(id).ftkVersion : release;
  return { template: `finops-hub-${version}.json`, uiDefinition: `finops-hub-${version}.ui.json` };
}

/** The `latest` aliases. */
export const LATEST = versionedNames('latest');

/** True for a release folder name (`0.7`, `0.10.1`). */
export function isReleaseName(name: string): boolean {
  return /^[0-9]+(\.[0-9]+)*$/.test(name);
}

/**
 * Orders release folder names by the release table (`0.9` before `0.10`, `0.11` before `12`); a folder of a
 * release this hubc does not know comes after those it knows (src/model/releaseNames.ts).
 */
export { compareReleases };

/** The releases a feed holds: top-level release folders with an `azuredeploy.json`, oldest first. */
export function feedReleases(files: ReadonlyMap<string, FeedBlob>): string[] {
  const out = new Set<string>();
  for (const path of files.keys()) {
    const m = /^([^/]+)\/azuredeploy\.json$/.exec(path);
    if (m && isReleaseName(m[1])) out.add(m[1]);
  }
  return [...out].sort(compareReleases);
}

/** The paths of a feed that belong to a release: its folder and its two versioned files. */
export function releasePaths(files: ReadonlyMap<string, FeedBlob>, release: string): string[] {
  const names = versionedNames(release);
  return [...files.keys()].filter((p) => p.startsWith(`${release}/`) || p === names.template || p === names.uiDefinition);
}

/**
 * The files a release adds to a feed: `<release>/<path>` for every artifact, plus the template and portal
 * form under their versioned names.
 */
export function releaseFiles(release: string, artifacts: ReadonlyMap<string, string>): Map<string, FeedBlob> {
  const out = new Map<string, FeedBlob>();
  for (const [path, text] of artifacts) out.set(`${release}/${path}`, blobOf(Buffer.from(text, 'utf8')));
  const names = versionedNames(release);
  const template = out.get(`${release}/azuredeploy.json`);
  const ui = out.get(`${release}/createUiDefinition.json`);
  if (template !== undefined) out.set(names.template, template);
  if (ui !== undefined) out.set(names.uiDefinition, ui);
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
export function conflictOf(release: string, held: ReadonlyMap<string, FeedBlob>, publishing: ReadonlyMap<string, FeedBlob>): ReleaseConflict | undefined {
  const heldPaths = releasePaths(held, release);
  const changed = heldPaths.filter((p) => publishing.has(p) && !sameBlob(publishing.get(p)!, held.get(p)!));
  const added = [...publishing.keys()].filter((p) => !held.has(p));
  const removed = heldPaths.filter((p) => !publishing.has(p));
  return changed.length || added.length || removed.length ? { release, changed, added, removed } : undefined;
}

/** The Build of a release held in a feed (its files relative to the release folder); files over the build-file limit are left out. */
export function heldBuild(files: ReadonlyMap<string, FeedBlob>, release: string): Build {
  const out = new Map<string, string>();
  // A file larger than hubc builds (INPUT_LIMITS.buildFile) is not an artifact: it is never loaded.
  for (const [path, data] of files)
    if (path.startsWith(`${release}/`) && data.size <= INPUT_LIMITS.buildFile) out.set(path.slice(release.length + 1), data.read().toString('utf8'));
  return fromFiles({ release, source: 'folder', files: out });
}

/** True when two file maps have the same paths with the same bytes. */
export function sameFiles(a: ReadonlyMap<string, FeedBlob>, b: ReadonlyMap<string, FeedBlob>): boolean {
  if (a.size !== b.size) return false;
  for (const [p, d] of a) {
    const other = b.get(p);
    if (!other || !sameBlob(other, d)) return false;
  }
  return true;
}
