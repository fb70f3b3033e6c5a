/**
 * Writing output files so that a kill, a symbolic link or a special file cannot make hubc lose data or
 * write where it was not asked to (docs/reliability.md):
 *
 * - content goes first into a new temporary file beside the target, created exclusively
 *   (`O_CREAT | O_EXCL | O_NOFOLLOW`, so a link planted at that name is never followed) under an
 *   unpredictable name (`.<name>.hubc-<writer>-<16 hex>.tmp`, 64 random bits; `<writer>` is the writing
 *   process's tag, src/util/processIdentity.ts), is flushed to disk (fsync), and only then renamed over
 *   the target (or linked to it when the target must be new);
 * - a temporary file is removed as a leftover only when its writer certainly no longer runs, so two
 *   processes writing one file never delete each other's (issue #29, finding 13);
 * - the target must be missing or a regular file: a symbolic link, a folder, a device, a FIFO or a socket
 *   is refused ({@link UnsafePathError}), never followed or replaced;
 * - an existing file keeps its permission bits; a new file gets 0666 and a new folder 0777, less the
 *   umask (0644 and 0755 with the usual umask 022).
 *
 * write-file-atomic (npm) is not used because it resolves the target through symbolic links (writing into
 * a link's target) and opens its temporary file without `O_EXCL` under a name derived from the pid.
 */
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { faultPoint } from './fault.js';
import { processTag, tagIsRunning } from './processIdentity.js';

/** A path hubc refuses to write, read or replace (exit 2 in the CLI). */
export class UnsafePathError extends Error {
  /**
   * @param path the path refused
   * @param what what is there, in words (`a symbolic link`, `a FIFO`, ...), or why it is refused
   */
  constructor(
    readonly path: string,
    readonly what: string,
  ) {
    super(`${path} is ${what}`);
    this.name = 'UnsafePathError';
  }
}

/** What a non-regular file system entry is, in words. */
export function kindOf(st: Stats): string {
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  return 'a regular file';
}

/** `lstat`, or undefined when nothing is there. */
export function lstatIfExists(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Checks that `path` may be replaced by a new file: nothing is there, or a regular file.
 * @returns the permission bits of the existing file, or undefined when there is none
 * @throws UnsafePathError for a symbolic link, folder, FIFO, socket or device
 */
export function replaceableMode(path: string): number | undefined {
  const st = lstatIfExists(path);
  if (!st) return undefined;
  if (!st.isFile()) throw new UnsafePathError(path, kindOf(st));
  return st.mode & 0o7777;
}

/**
 * Names of temporary files {@link writeFileAtomic}, {@link createFileExclusive} and {@link tempPathBeside}
 * create: `.<name>.hubc-<writer>-<16 hex>.tmp`, and `.<name>.hubc-<16 hex>.tmp` of hubc before the writer's
 * tag (group 1 is the tag, when there is one).
 */
export const TEMP_FILE = /^\..+\.hubc-(?:(\d+\.\d+\.[0-9a-f]{8})-)?[0-9a-f]{16}\.tmp$/;

/** A new unpredictable temporary path beside `target`, naming this process as its writer. */
export function tempPathBeside(target: string): string {
  return join(dirname(target), `.${basename(target)}.hubc-${processTag()}-${randomBytes(8).toString('hex')}.tmp`);
}

/**
 * True when a temporary file's name ({@link TEMP_FILE}) says its writer certainly no longer runs: a process
 * of this machine, boot and PID namespace that is gone. Names without a tag (hubc before it) count as left
 * over; a writer that cannot be judged (another machine or container) as running.
 */
export function isLeftoverTemp(name: string): boolean {
  const m = TEMP_FILE.exec(name);
  if (!m) return false;
  return m[1] === undefined || tagIsRunning(m[1]) === false;
}

/**
 * Writes `data` into a new temporary file beside `target` (exclusive create, never through a link), with
 * `mode` when given (exactly, not masked) and flushed to disk.
 * @returns the temporary file's path
 */
function writeTemp(target: string, data: Uint8Array, mode: number | undefined): string {
  const temp = tempPathBeside(target);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
  try {
    for (let at = 0; at < data.length;) at += writeSync(fd, data, at, data.length - at);
    if (mode !== undefined) fchmodSync(fd, mode);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw e;
  }
  closeSync(fd);
  return temp;
}

/** Flushes a folder's entries (a rename in it) to disk; ignored where the platform cannot. */
function syncFolder(dir: string): void {
  try {
    const fd = openSync(dir, constants.O_RDONLY);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* not supported here (e.g. Windows); the rename itself is still atomic */
  }
}

/**
 * Writes a file atomically: after a kill at any point the path holds either its old content or the new,
 * never part of it; the temporary files that killed writes of the same path left are removed first (those
 * of writers still running are not). A missing file is created (0666 less the umask); an existing regular
 * file keeps its permission bits. The folder must exist.
 * @param options `fault`: name of the fault point between the flushed temporary file and the rename;
 *   `beforeRename`: called just before the rename (a writer's last check, e.g. that its lock is still its
 *   own and the file is still the one it read); what it throws stops the write
 * @throws UnsafePathError when the path is a symbolic link, folder, FIFO, socket or device
 * @throws the file-system error, or what `beforeRename` threw (the temporary file is removed)
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: { fault?: string; beforeRename?: () => void } = {}): void {
  const target = resolve(path);
  const mode = replaceableMode(target);
  removeLeftoverTemps(dirname(target), basename(target));
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const temp = writeTemp(target, bytes, mode);
  try {
    if (options.fault) faultPoint(options.fault);
    options.beforeRename?.();
    // Checked again just before the rename, which replaces whatever entry is there without following it.
    replaceableMode(target);
    renameSync(temp, target);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
  syncFolder(dirname(target));
}

/**
 * Creates a new file atomically and exclusively: the content appears at `path` whole or not at all, and
 * an existing entry (even one created meanwhile, even a dangling link) is never replaced (the temporary
 * file is hard-linked to `path`, which fails when the name is taken). On a file system without hard links
 * the file is created exclusively in place instead (`O_EXCL | O_NOFOLLOW`): still never over anything,
 * but a kill may leave it partly written.
 * @throws Error with `code` `EEXIST` when something is at `path`
 */
export function createFileExclusive(path: string, data: string | Uint8Array): void {
  const target = resolve(path);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const temp = writeTemp(target, bytes, undefined);
  try {
    linkSync(temp, target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV') throw e;
    const fd = openSync(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
    try {
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } finally {
    rmSync(temp, { force: true });
  }
  syncFolder(dirname(target));
}

/**
 * Removes the temporary files killed writes left in `dir`: regular files named as {@link TEMP_FILE} whose
 * writer certainly no longer runs ({@link isLeftoverTemp}); nothing else, and nothing through a link.
 * @param of only those of the file with this name (`.<of>.hubc-*.tmp`)
 * @returns the names removed
 */
export function removeLeftoverTemps(dir: string, of?: string): string[] {
  const removed: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (!e.isFile() || !isLeftoverTemp(e.name) || (of !== undefined && !e.name.startsWith(`.${of}.hubc-`))) continue;
    try {
      unlinkSync(join(dir, e.name));
      removed.push(e.name);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return removed;
}

/**
 * Opens a regular file for reading without following a symbolic link at its name and without blocking on
 * a FIFO; the caller closes the descriptor.
 * @returns the file descriptor
 * @throws UnsafePathError when the path is a link or not a regular file
 */
export function openRegularFile(path: string): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new UnsafePathError(path, 'a symbolic link');
    throw e;
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    throw new UnsafePathError(path, kindOf(st));
  }
  return fd;
}

/**
 * Reads a regular file without following a symbolic link at its name and without blocking on a FIFO.
 * @throws UnsafePathError when the path is not a regular file
 */
export function readRegularFile(path: string): Buffer {
  const fd = openRegularFile(path);
  try {
    const out = Buffer.alloc(fstatSync(fd).size);
    let at = 0;
    while (at < out.length) {
      const n = readSync(fd, out, at, out.length - at, at);
      if (n === 0) break;
      at += n;
    }
    return at === out.length ? out : out.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * Creates the folder `rel` (`/`-separated) under `root` and its missing parents, refusing to pass through
 * anything that is not a real folder: a symbolic link on the way is never followed out of `root`.
 * @returns the absolute path of the folder
 * @throws UnsafePathError naming the first entry on the way that is not a folder
 */
export function makeFolderInside(root: string, rel: string): string {
  let dir = root;
  for (const part of rel.split('/').filter((p) => p && p !== '.')) {
    if (part === '..') throw new UnsafePathError(join(dir, part), 'outside the folder');
    dir = join(dir, part);
    const st = lstatIfExists(dir);
    if (!st) {
      try {
        mkdirSync(dir);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const now = lstatSync(dir);
        if (!now.isDirectory()) throw new UnsafePathError(dir, kindOf(now));
      }
    } else if (!st.isDirectory()) throw new UnsafePathError(dir, kindOf(st));
  }
  return dir;
}
