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
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createFileExclusive, readRegularFile, TEMP_FILE, writeFileAtomic } from '../util/files.js';

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
  makeFolder: (p) => mkdirSync(p),
  createFile: (p, data) => createFileExclusive(p, data),
  replaceFile: (p, data, beforeRename) => writeFileAtomic(p, data, { beforeRename }),
  rename: (from, to) => renameSync(from, to),
  remove: (p) => rmSync(p, { recursive: true, force: true }),
};

/** True for names hubc keeps for itself at the top of a feed. */
export const isHubcEntry = (name: string) => name.startsWith('.hubc-') || TEMP_FILE.test(name);

/** A feed as read: its regular files, and what else is there. */
export interface FeedTree {
  /** Every regular file, `/`-separated relative path -> bytes, sorted by path. */
  files: Map<string, Buffer>;
  /** Links and special files (FIFOs, sockets, devices) by relative path: never read, never followed. */
  foreign: Map<string, EntryKind>;
}

/**
 * Reads every regular file under `dir` (nothing when it does not exist), without following links and
 * without opening special files; hubc's own top-level entries ({@link isHubcEntry}) are left out.
 */
export function readFeedTree(fs: FeedFs, dir: string): FeedTree {
  const files: [string, Buffer][] = [];
  const foreign = new Map<string, EntryKind>();
  const walk = (rel: string) => {
    for (const name of fs.list(rel ? join(dir, ...rel.split('/')) : dir)) {
      if (!rel && isHubcEntry(name)) continue;
      const path = rel ? `${rel}/${name}` : name;
      const full = join(dir, ...path.split('/'));
      const kind = fs.kind(full);
      if (kind === 'folder') walk(path);
      else if (kind === 'file') files.push([path, fs.readFile(full)]);
      else if (kind) foreign.set(path, kind);
    }
  };
  if (fs.kind(dir) === 'folder') walk('');
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
