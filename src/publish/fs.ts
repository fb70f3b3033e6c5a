/**
 * The file-system operations a feed publish uses, behind an interface so tests can inject failures
 * (atomicity) and count writes (idempotence). {@link nodeFeedFs} is the real one (synchronous `node:fs`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** File-system operations of a publish. Paths are native absolute paths. */
export interface FeedFs {
  exists(path: string): boolean;
  isDirectory(path: string): boolean;
  /** Names in a folder. */
  list(path: string): string[];
  readFile(path: string): Buffer;
  /** Writes a file, creating its folders. */
  writeFile(path: string, data: Buffer): void;
  /** Creates a new empty folder named `prefix` + random characters; returns its path. */
  makeTempDir(prefix: string): string;
  rename(from: string, to: string): void;
  /** Removes a file or folder tree; no error when it does not exist. */
  remove(path: string): void;
}

/** The real file system. */
export const nodeFeedFs: FeedFs = {
  exists: (p) => existsSync(p),
  isDirectory: (p) => statSync(p).isDirectory(),
  list: (p) => readdirSync(p),
  readFile: (p) => readFileSync(p),
  writeFile: (p, data) => {
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, data);
  },
  makeTempDir: (prefix) => {
    mkdirSync(dirname(prefix), { recursive: true });
    return mkdtempSync(prefix);
  },
  rename: (from, to) => renameSync(from, to),
  remove: (p) => rmSync(p, { recursive: true, force: true }),
};

/** Every file under `dir` as `/`-separated relative path -> bytes, sorted by path; empty when `dir` does not exist. */
export function readFeedTree(fs: FeedFs, dir: string): Map<string, Buffer> {
  const out: [string, Buffer][] = [];
  const walk = (rel: string) => {
    for (const name of fs.list(rel ? join(dir, ...rel.split('/')) : dir)) {
      const path = rel ? `${rel}/${name}` : name;
      const full = join(dir, ...path.split('/'));
      if (fs.isDirectory(full)) walk(path);
      else out.push([path, fs.readFile(full)]);
    }
  };
  if (fs.exists(dir)) walk('');
  return new Map(out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Replaces the folder `dir` with exactly `files` (relative path -> bytes), atomically: everything is written
 * into a new folder beside `dir` (`.hubc-feed-*` in the same parent, so renames stay on one file system),
 * then `dir` is moved aside, the new folder renamed into place and the old one removed. If anything fails
 * before the new folder is in place, the temporary folder is removed and `dir` is restored exactly as it was.
 * @throws the file-system error that stopped the write
 */
export function replaceFolderAtomically(fs: FeedFs, dir: string, files: ReadonlyMap<string, Buffer>): void {
  const staging = fs.makeTempDir(join(dirname(dir), '.hubc-feed-'));
  let backup: string | undefined;
  try {
    for (const [path, data] of files) fs.writeFile(join(staging, ...path.split('/')), data);
    if (fs.exists(dir)) {
      backup = `${staging}.old`;
      fs.rename(dir, backup);
    }
    fs.rename(staging, dir);
  } catch (e) {
    if (backup && !fs.exists(dir)) fs.rename(backup, dir);
    fs.remove(staging);
    throw e;
  }
  // The new feed is in place; a backup that cannot be removed is only left-over space.
  if (backup) {
    try {
      fs.remove(backup);
    } catch {
      /* ignored */
    }
  }
}
