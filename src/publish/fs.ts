/**
 * The file-system side of a feed publish: reading the feed without following links, the operations a
 * publish writes with (behind {@link FeedFs}, so tests can inject failures and count writes), and the
 * start-up recovery of what a killed publish left.
 *
 * Names hubc uses inside the feed, all starting `.hubc-` (never served as feed content, never listed):
 * `.hubc-lock` and `.hubc-lock-owner` (src/util/lock.ts), `.hubc-staging-<hex>` (a release folder being
 * written), `.hubc-replaced-<release>-<hex>` (a release folder `--force` moved aside), and
 * `.<name>.hubc-<hex>.tmp` temporary files of the index and pages (src/util/files.ts).
 */
import { closeSync, lstatSync, mkdirSync, readdirSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { createFileExclusive, openRegularFile, readRegularFile, TEMP_FILE, writeFileAtomic } from '../util/files.js';
import { blobOf, IndexChangedError, isReleaseName, sameBlob, type FeedBlob } from './feed.js';

/** What is at a path, without following a link. */
export type EntryKind = 'file' | 'folder' | 'link' | 'other';

/** File-system operations of a publish. Paths are native absolute paths. */
export interface FeedFs {
  /** What is at a path (never following a link), or undefined. */
  kind(path: string): EntryKind | undefined;
  /** Names in a folder. */
  list(path: string): string[];
  /** Reads a regular file, never through a link. */
  readFile(path: string): Buffer;
  /** SHA-256 and size of a regular file, read in chunks (memory does not grow with the file), never through a link. */
  hashFile(path: string): { sha256: string; size: number };
  /** Creates a folder whose parent exists (0777 less the umask). */
  makeFolder(path: string): void;
  /** Creates a new file atomically; fails when the name is taken. The folder exists. */
  createFile(path: string, data: Buffer): void;
  /**
   * Replaces (or creates) a regular file atomically, keeping an existing file's mode; `beforeRename` runs
   * between the complete temporary file and the rename, and what it throws stops the write.
   */
  replaceFile(path: string, data: Buffer, beforeRename?: () => void): void;
  rename(from: string, to: string): void;
  /** Removes a file or folder tree (a link itself, never its target); no error when it does not exist. */
  remove(path: string): void;
}

/** The real file system. */
export const nodeFeedFs: FeedFs = {
  kind: (p) => {
    const st = lstatSync(p, { throwIfNoEntry: false });
    if (!st) return undefined;
    return st.isFile() ? 'file' : st.isDirectory() ? 'folder' : st.isSymbolicLink() ? 'link' : 'other';
  },
  list: (p) => readdirSync(p),
  readFile: (p) => readRegularFile(p),
  hashFile: (p) => hashRegularFile(p),
  makeFolder: (p) => mkdirSync(p),
  createFile: (p, data) => createFileExclusive(p, data),
  replaceFile: (p, data, beforeRename) => writeFileAtomic(p, data, { beforeRename }),
  rename: (from, to) => renameSync(from, to),
  remove: (p) => rmSync(p, { recursive: true, force: true }),
};

/** True for names hubc keeps for itself at the top of a feed. */
export const isHubcEntry = (name: string) => name.startsWith('.hubc-') || TEMP_FILE.test(name);

/** A feed as read: the files a publish owns, and links and special files where they are. */
export interface FeedTree {
  /** Every regular file the publish owns ({@link readFeedTree}), `/`-separated relative path -> blob, sorted by path. */
  files: Map<string, FeedBlob>;
  /** Links and special files (FIFOs, sockets, devices) by relative path: never read, never followed. */
  foreign: Map<string, EntryKind>;
}

/** The top-level files a publish writes besides release folders and versioned files. */
const OWNED_FILES = new Set(['index.json', 'feed.xml', 'index.html']);
/** `finops-hub-<release>.json`, `.ui.json`, `.flow.svg` (flowGraphs.ts) and the `latest` aliases. */
const VERSIONED = /^finops-hub-[^/]+\.(?:json|flow\.svg)$/;
/** The comparison of a release with the one before it, `changes/<from>-<to>.json` and `.patch.json` (notes.ts `changePaths`). */
const CHANGE_FILE = /^[^/]+-[^/]+\.(?:patch\.)?json$/;

/** SHA-256 and size of a regular file, read in 1 MiB chunks, never through a link. */
export function hashRegularFile(path: string): { sha256: string; size: number } {
  const fd = openRegularFile(path);
  try {
    const hash = createHash('sha256');
    const chunk = Buffer.alloc(1024 * 1024);
    let size = 0;
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, size)) > 0; size += n) hash.update(chunk.subarray(0, n));
    return { sha256: hash.digest('hex'), size };
  } finally {
    closeSync(fd);
  }
}

/** A file on disk as a blob: hashed now, read when asked (and checked to still have its hash). */
function diskBlob(fs: FeedFs, full: string): FeedBlob {
  const { sha256, size } = fs.hashFile(full);
  return {
    sha256,
    size,
    read: () => {
      const data = fs.readFile(full);
      if (!sameBlob(blobOf(data), { sha256, size, read: () => data })) throw new IndexChangedError(full);
      return data;
    },
  };
}

/**
 * Reads what a publish owns under `dir` (nothing when it does not exist): release folders (`0.7/`, every
 * file), the versioned files, aliases and flow pictures (`finops-hub-*.json`, `finops-hub-*.flow.svg`), index.json, feed.xml, index.html,
 * the comparisons `changes/<from>-<to>.json` and `.patch.json`, and `schemas/hub.schema.json`. Files are hashed by streaming and read only when their bytes are needed
 * (index.json at once, for the compare-and-swap); every other entry of the feed (a video, a folder of the
 * site) is neither read nor hashed (issue #29, finding 11: two 500 MB files cost 1.1 GB, a file over 4 GiB
 * failed every publish). Links are not followed and special files not opened; hubc's own top-level entries
 * ({@link isHubcEntry}) are left out.
 */
export function readFeedTree(fs: FeedFs, dir: string): FeedTree {
  const files: [string, FeedBlob][] = [];
  const foreign = new Map<string, EntryKind>();
  const visit = (path: string, owned: (kind: EntryKind) => boolean) => {
    const full = join(dir, ...path.split('/'));
    const kind = fs.kind(full);
    if (kind === 'link' || kind === 'other') foreign.set(path, kind);
    else if (!kind || !owned(kind)) return;
    else if (kind === 'folder') for (const name of fs.list(full)) visit(`${path}/${name}`, () => true);
    else files.push([path, path === 'index.json' ? blobOf(fs.readFile(full)) : diskBlob(fs, full)]);
  };
  if (fs.kind(dir) !== 'folder') return { files: new Map(), foreign };
  for (const name of fs.list(dir)) {
    if (isHubcEntry(name)) continue;
    visit(name, (kind) => (kind === 'folder' ? isReleaseName(name) : VERSIONED.test(name) || OWNED_FILES.has(name)));
    // Of `schemas/` only the file the publish writes, and only when `schemas` is a real folder (never through a link).
    if (name === 'schemas' && fs.kind(join(dir, name)) === 'folder') visit('schemas/hub.schema.json', (k) => k === 'file' || k === 'folder');
    // Of `changes/` only the comparison files the publish writes, never through a link.
    if (name === 'changes' && fs.kind(join(dir, name)) === 'folder') {
      for (const file of fs.list(join(dir, name))) if (CHANGE_FILE.test(file)) visit(`changes/${file}`, (k) => k === 'file');
    }
  }
  return { files: new Map(files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), foreign };
}

/** A release folder moved aside by `--force` (`.hubc-replaced-0.7-<hex>`). */
const REPLACED = /^\.hubc-replaced-([0-9]+(?:\.[0-9]+)*)-[0-9a-f]{12}$/;
/** A release folder being written (`.hubc-staging-<hex>`). */
const STAGING = /^\.hubc-staging-[0-9a-f]{12}$/;

/**
 * Rolls back what a killed publish left inside the feed (the caller holds the feed's lock): a release
 * folder `--force` had moved aside goes back when the new one never arrived (the index still describes
 * the old one), else it is removed; staging folders and temporary files are removed. Release folders a
 * killed publish had put in place but not yet listed in index.json stay: they are complete, and the next
 * publish of the release adopts them when their bytes are the ones it publishes.
 * @returns what was done, one line each
 */
export function recoverFeed(fs: FeedFs, dir: string): string[] {
  const done: string[] = [];
  for (const name of fs.list(dir).sort()) {
    const path = join(dir, name);
    const kind = fs.kind(path);
    const replaced = REPLACED.exec(name);
    if (replaced && kind === 'folder') {
      const release = join(dir, replaced[1]);
      if (fs.kind(release) === undefined) {
        fs.rename(path, release);
        done.push(`put back release ${replaced[1]}, moved aside by an interrupted publish --force`);
      } else {
        fs.remove(path);
        done.push(`removed ${name}, left by an interrupted publish --force`);
      }
    } else if ((STAGING.test(name) && kind === 'folder') || (TEMP_FILE.test(name) && kind === 'file')) {
      fs.remove(path);
      done.push(`removed ${name}, left by an interrupted publish`);
    }
  }
  return done;
}

/** The earlier design's staging folder beside the feed (`mkdtemp` of `.hubc-feed-`) and its `.old`. */
const LEGACY = /^\.hubc-feed-[A-Za-z0-9]{6}(\.old)?$/;

/** The base URL a feed folder's index.json records, or undefined (no index, unreadable, not JSON). */
function baseUrlOf(folder: string): string | undefined {
  try {
    const index = JSON.parse(readRegularFile(join(folder, 'index.json')).toString('utf8')) as { baseUrl?: unknown };
    return typeof index.baseUrl === 'string' ? index.baseUrl : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Recovers from a publish of the earlier design (which replaced the whole feed folder by two renames beside
 * it) killed between its renames: when `dir` is missing and its parent holds `.hubc-feed-XXXXXX` and
 * `.hubc-feed-XXXXXX.old`, the complete new feed takes its place (or the newest `.old` alone is put back);
 * then those leftovers are removed. Those names do not say which feed of the parent they were: a leftover
 * counts as this feed's only when it is a real folder whose index.json records `baseUrl`, this feed's public
 * URL (the one given to the publish, else the one the feed's index records), so the leftovers of another
 * feed in the same parent are never adopted or removed (issue #29, finding 3). Without a base URL nothing
 * is touched. This is the only place a publish touches anything beside the feed folder.
 * @returns what was done, one line each
 */
export function recoverLegacyFeed(dir: string, baseUrl: string | undefined): string[] {
  const parent = dirname(dir);
  let names: string[];
  try {
    names = readdirSync(parent).filter((n) => LEGACY.test(n));
  } catch {
    return [];
  }
  const feedUrl = baseUrl ?? baseUrlOf(dir);
  if (!feedUrl) return [];
  const ours = names.filter((n) => lstatSync(join(parent, n), { throwIfNoEntry: false })?.isDirectory() && baseUrlOf(join(parent, n)) === feedUrl);
  if (!ours.length) return [];
  const done: string[] = [];
  if (!lstatSync(dir, { throwIfNoEntry: false })) {
    const olds = ours.filter((n) => n.endsWith('.old')).sort((a, b) => statSync(join(parent, a)).mtimeMs - statSync(join(parent, b)).mtimeMs);
    const forward = olds.map((n) => n.slice(0, -'.old'.length)).find((n) => ours.includes(n));
    const pick = forward ?? olds[olds.length - 1];
    if (pick) {
      renameSync(join(parent, pick), dir);
      done.push(`${forward ? 'rolled forward' : 'rolled back'}: ${pick}, left beside the feed by an interrupted publish, became ${basename(dir)}`);
    }
  }
  for (const n of ours) {
    if (!lstatSync(join(parent, n), { throwIfNoEntry: false })) continue;
    rmSync(join(parent, n), { recursive: true, force: true });
    done.push(`removed ${n}, left beside the feed by an interrupted publish`);
  }
  return done;
}
