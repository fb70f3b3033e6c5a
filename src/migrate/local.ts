/**
 * A local folder laid out like the hub's storage (`DIR/ingestion/...`, as `hubc simulate` uses it) as a
 * {@link MigrationStorage}. A move is a rename; folders left empty by moves are removed, up to the
 * container. A copy streams the source into a temporary file beside the target (created exclusively,
 * src/util/files.ts), flushes it, checks its size and SHA-256 against what was read, and links it to the
 * target (which fails when the target exists), so the target appears whole or not at all.
 *
 * Nothing outside `DIR/ingestion` is read, written or removed: `ingestion` itself must be a real folder
 * inside DIR, the listing reports links and special files instead of following or opening them, and no
 * folder on the way to a target may be a link ({@link makeFolderInside}).
 *
 * Fault point (src/util/fault.ts): `migrate:copy-flushed` (a copy's temporary file written and checked,
 * not yet linked to its target).
 */
import { closeSync, constants, fsyncSync, linkSync, lstatSync, openSync, readdirSync, readSync, renameSync, rmdirSync, rmSync, statSync, writeSync, type Stats } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join, relative, sep } from 'node:path';
import { faultPoint } from '../util/fault.js';
import { createFileExclusive, kindOf, lstatIfExists, makeFolderInside, openRegularFile, tempPathBeside, UnsafePathError } from '../util/files.js';
import { INGESTION_CONTAINER, type MigrationStorage, type StoredFile } from './plan.js';

const CHUNK = 1 << 20;

/** Size and SHA-256 (hex) of a regular file, streamed. */
function digest(path: string): { size: number; sha256: string } {
  const fd = openRegularFile(path);
  try {
    const hash = createHash('sha256');
    const buffer = Buffer.alloc(CHUNK);
    let size = 0;
    for (let n; (n = readSync(fd, buffer, 0, CHUNK, null)) > 0; size += n) hash.update(buffer.subarray(0, n));
    return { size, sha256: hash.digest('hex') };
  } finally {
    closeSync(fd);
  }
}

/** `stat` (through links), or undefined when nothing is there. */
function statIfExists(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** A local storage folder. */
export class LocalMigrationStorage implements MigrationStorage {
  readonly description: string;
  private readonly root: string;

  /** @param dir the storage folder (holding `ingestion/`) */
  constructor(dir: string) {
    this.description = `folder ${dir}`;
    this.root = join(dir, INGESTION_CONTAINER);
  }

  /**
   * Whether the folder has an `ingestion` container (false when the folder itself does not exist).
   * @throws UnsafePathError when the folder (followed through a link, as the user named it) is not a folder,
   *   or when `ingestion` is a link or not a folder (hubc does not work outside DIR)
   */
  exists(): boolean {
    const dir = dirname(this.root);
    const given = statIfExists(dir);
    if (!given) return false;
    if (!given.isDirectory()) throw new UnsafePathError(dir, kindOf(given));
    const st = lstatIfExists(this.root);
    if (!st) return false;
    if (!st.isDirectory()) throw new UnsafePathError(this.root, kindOf(st));
    return true;
  }

  async list(): Promise<StoredFile[]> {
    const out: StoredFile[] = [];
    // readdir's entries describe the entries themselves (a link is a link): links to folders are listed as
    // special entries, never walked into.
    for (const e of readdirSync(this.root, { recursive: true, withFileTypes: true })) {
      if (e.isDirectory()) continue;
      const full = join(e.parentPath, e.name);
      const path = relative(this.root, full).split(sep).join('/');
      const st = lstatSync(full);
      out.push(e.isFile() ? { path, size: st.size, modified: st.mtimeMs } : { path, special: kindOf(st) });
    }
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.regular(from);
    const target = this.prepare(to);
    renameSync(source, target);
    this.removeEmptyFolders(dirname(from));
  }

  async copy(from: string, to: string): Promise<void> {
    const target = this.prepare(to);
    const fd = openRegularFile(join(this.root, from));
    const temp = tempPathBeside(target);
    let out: number | undefined;
    try {
      out = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o666);
      const hash = createHash('sha256');
      const buffer = Buffer.alloc(CHUNK);
      let size = 0;
      for (let n; (n = readSync(fd, buffer, 0, CHUNK, null)) > 0; size += n) {
        hash.update(buffer.subarray(0, n));
        for (let at = 0; at < n;) at += writeSync(out, buffer, at, n - at);
      }
      fsyncSync(out);
      closeSync(out);
      out = undefined;
      const written = digest(temp);
      const read = { size, sha256: hash.digest('hex') };
      if (written.size !== read.size || written.sha256 !== read.sha256)
        throw new Error(`the copy of ${from} does not match it (${written.size} bytes, sha256 ${written.sha256}; read ${read.size} bytes, sha256 ${read.sha256})`);
      faultPoint('migrate:copy-flushed');
      linkSync(temp, target);
    } finally {
      if (out !== undefined) closeSync(out);
      closeSync(fd);
      rmSync(temp, { force: true });
    }
  }

  async compare(a: string, b: string): Promise<string | undefined> {
    const x = digest(join(this.root, a));
    const y = digest(join(this.root, b));
    if (x.size !== y.size) return `${y.size} bytes, the source ${x.size}`;
    return x.sha256 === y.sha256 ? undefined : 'same size, different SHA-256';
  }

  async writeEmpty(path: string): Promise<void> {
    const target = this.prepare(path, true);
    try {
      createFileExclusive(target, '');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }

  async remove(path: string): Promise<void> {
    const full = join(this.root, path);
    const st = lstatIfExists(full);
    if (!st) return;
    if (!st.isFile()) throw new UnsafePathError(full, kindOf(st));
    rmSync(full);
  }

  /** The absolute path of a source, which must be a regular file. */
  private regular(rel: string): string {
    const full = join(this.root, rel);
    const st = lstatSync(full);
    if (!st.isFile()) throw new UnsafePathError(full, kindOf(st));
    return full;
  }

  /**
   * Creates the folders of a target (never through a link) and returns its absolute path.
   * @param existingOk whether an existing target is fine (else: an error)
   */
  private prepare(to: string, existingOk = false): string {
    makeFolderInside(this.root, to.slice(0, to.lastIndexOf('/')));
    const target = join(this.root, to);
    if (!existingOk && lstatIfExists(target)) throw new Error(`${to} exists already`);
    return target;
  }

  /** Removes `rel` and its parents while they are empty (never the container). */
  private removeEmptyFolders(rel: string): void {
    for (let d = rel; d && d !== '.'; d = dirname(d)) {
      const full = join(this.root, d);
      if (readdirSync(full).length) return;
      rmdirSync(full);
    }
  }
}
