/**
 * The storage account of a simulation: a local folder whose first-level folders are the containers
 * (`rawexports/`, `ingestion/`, `config/`). Every linked service of the storage kinds (`AzureBlobFS`,
 * `AzureBlobStorage`), including a remote hub's storage, is this same folder.
 *
 * The files the deployment uploads into `config` (`settings.json`, `schemas/*.json`) are visible even when
 * the folder lacks them: a file in the folder wins, else the build's file is read (it is never copied
 * into the folder). Writes and deletes are recorded in order, and each one is a blob event that may fire
 * a trigger.
 *
 * Nothing outside the folder is read, written or deleted (issue #20): the folder itself is resolved once
 * (`realpath`, so a `--storage` given through a link is fine), and every path below it is checked one
 * component at a time with `lstat`; a symbolic link met on the way (a linked `ingestion/Costs`, a linked
 * `rawexports`, a linked file) stops the simulation with HUB467 before anything is touched through it.
 * A blob storage has no links, so there is nothing to follow. Files are written to a new temporary file
 * (exclusive, unpredictable name `.<name>.hubc-<writer>-<16 hex>.tmp`, src/util/files.ts) in their folder and
 * renamed into place, so a reader never sees half a file and a write never goes through a link planted at
 * the target. Temporary files are not blobs: listings leave them out, and a simulation first removes those
 * that killed simulations left (their writer no longer runs; issue #29, finding 13).
 *
 * Fault point (src/util/fault.ts): `simulate:blob-flushed` (a file complete in its temporary file, not yet
 * renamed).
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { faultPoint } from '../util/fault.js';
import { isLeftoverTemp, tempPathBeside, TEMP_FILE } from '../util/files.js';
import type { StorageChange } from './types.js';
import { SimulationError } from './values.js';
import { codes } from '../diagnostics/index.js';

/** A blob event caused by the simulation: `Microsoft.Storage.BlobCreated` or `Microsoft.Storage.BlobDeleted`. */
export interface BlobEvent {
  type: 'Microsoft.Storage.BlobCreated' | 'Microsoft.Storage.BlobDeleted';
  /** Path inside the storage folder, container first. */
  path: string;
  size: number;
}

/** Raised for a path that leaves the storage folder or has no container. */
export class StoragePathError extends Error {}

/** One entry of a folder listing, as GetMetadata `childItems` gives it. */
export interface ChildItem {
  name: string;
  type: 'File' | 'Folder';
}

/** Who changes a file: the run and activity, and for a Copy the source blob (container first). */
export interface ChangeBy {
  runId: string;
  activity: string;
  source?: string;
}

/** Two Copy activities of one simulation that wrote the same file from different sources (issue #20 item 12). */
export interface WriteCollision {
  path: string;
  first: ChangeBy;
  second: ChangeBy;
}

/** Temporary files of simulations before they named their writer (`<name>.hubc-<12 hex>.tmp`): always left over. */
const OLD_TEMP = /\.hubc-[0-9a-f]{12}\.tmp$/;
/** True for a temporary file's name (never a blob). */
const isTemporary = (name: string) => TEMP_FILE.test(name) || OLD_TEMP.test(name);

/** Largest file read into memory whole (JSON lookups, manifests, settings): 64 MiB. Data files are streamed. */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

/** The local storage folder plus the build's config files. */
export class LocalStorage {
  readonly changes: StorageChange[] = [];
  /** Events not yet handed to the trigger dispatcher. */
  readonly pending: BlobEvent[] = [];
  /** Files written by a Copy from another source earlier in the same simulation, then overwritten. */
  readonly collisions: WriteCollision[] = [];
  /** The last writer of each file written in this simulation (cleared when the file is deleted). */
  private readonly writers = new Map<string, ChangeBy>();
  /** The folder as given. */
  readonly given: string;

  constructor(
    root: string,
    private readonly overlay: ReadonlyMap<string, string> = new Map(),
  ) {
    this.given = root;
  }

  /** The folder after links: resolved on first use (the folder is checked to exist before that). */
  get root(): string {
    if (this.resolved === undefined && existsSync(this.given)) this.resolved = realpathSync(this.given);
    return this.resolved ?? resolve(this.given);
  }
  private resolved?: string;

  /**
   * Normalizes a storage path: `/` separators, no empty, `.` or `..` segments, container first.
   * @throws StoragePathError for `..` segments or an empty path
   */
  normalize(path: string): string {
    const parts = path
      .replace(/\\/g, '/')
      .split('/')
      .filter((p) => p !== '' && p !== '.');
    if (parts.length === 0) throw new StoragePathError('the path is empty (no container)');
    if (parts.includes('..')) throw new StoragePathError(`the path '${path}' leaves the storage folder`);
    return parts.join('/');
  }

  /**
   * Absolute local path of a storage path, checked component by component: none may be a symbolic link.
   * Components that do not exist yet are fine (they are created as folders, never followed).
   * @throws StoragePathError for a path that leaves the folder; SimulationError HUB467 for a link
   */
  localPath(path: string): string {
    const p = this.normalize(path);
    const root = this.root;
    const full = resolve(root, ...p.split('/'));
    if (full === root || !full.startsWith(root + sep)) throw new StoragePathError(`the path '${path}' leaves the storage folder`);
    let at = root;
    const parts = p.split('/');
    for (let i = 0; i < parts.length; i++) {
      at = join(at, parts[i]);
      let st;
      try {
        st = lstatSync(at);
      } catch {
        break;
      }
      if (st.isSymbolicLink()) throw new SimulationError(codes.HUB467.raise({ path: parts.slice(0, i + 1).join('/'), storage: this.given }));
    }
    return full;
  }

  /** True when the path is a file (in the folder, or one of the build's config files). */
  isFile(path: string): boolean {
    const p = this.normalize(path);
    const l = this.localPath(p);
    if (existsSync(l)) return statSync(l).isFile();
    return this.overlay.has(p);
  }

  /** True when the path is a folder (a container counts once it exists in the folder or the overlay). */
  isFolder(path: string): boolean {
    const p = this.normalize(path);
    const l = this.localPath(p);
    if (existsSync(l)) return statSync(l).isDirectory();
    return [...this.overlay.keys()].some((k) => k.startsWith(`${p}/`));
  }

  /**
   * Reads a small file whole (at most {@link MAX_READ_BYTES}); data files are streamed from {@link localPath}.
   * @throws Error (ENOENT-like message) when it does not exist or is too large to read whole
   */
  read(path: string): Buffer {
    const p = this.normalize(path);
    const l = this.localPath(p);
    if (existsSync(l) && statSync(l).isFile()) {
      const size = statSync(l).size;
      if (size > MAX_READ_BYTES) throw new Error(`the file ${p} is ${size} bytes, more than the ${MAX_READ_BYTES} bytes read whole`);
      return readFileSync(l);
    }
    const o = this.overlay.get(p);
    if (o !== undefined) return Buffer.from(o, 'utf8');
    throw new Error(`the file ${p} does not exist`);
  }

  /** Size in bytes of a file (without reading it). */
  size(path: string): number {
    const p = this.normalize(path);
    const l = this.localPath(p);
    if (existsSync(l) && statSync(l).isFile()) return statSync(l).size;
    const o = this.overlay.get(p);
    if (o !== undefined) return Buffer.byteLength(o, 'utf8');
    throw new Error(`the file ${p} does not exist`);
  }

  /**
   * The direct children of a folder, sorted by name (as ADLS Gen2 lists them).
   * @throws SimulationError HUB467 when a child is a symbolic link
   */
  list(path: string): ChildItem[] {
    const p = this.normalize(path);
    const l = this.localPath(p);
    const items = new Map<string, ChildItem>();
    if (existsSync(l) && statSync(l).isDirectory()) {
      for (const e of readdirSync(l, { withFileTypes: true })) {
        if (e.isSymbolicLink()) throw new SimulationError(codes.HUB467.raise({ path: `${p}/${e.name}`, storage: this.given }));
        if (e.isFile() && isTemporary(e.name)) continue;
        items.set(e.name, { name: e.name, type: e.isDirectory() ? 'Folder' : 'File' });
      }
    }
    for (const k of this.overlay.keys()) {
      if (!k.startsWith(`${p}/`)) continue;
      const rest = k.slice(p.length + 1).split('/');
      if (!items.has(rest[0])) items.set(rest[0], { name: rest[0], type: rest.length > 1 ? 'Folder' : 'File' });
    }
    return [...items.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Creates the folders of a file path one at a time (each checked not to be a link) and returns the file's local path. */
  private prepare(p: string): string {
    if (p.split('/').length < 2) throw new StoragePathError(`'${p}' names a container, not a file`);
    const full = this.localPath(p);
    let at = this.root;
    for (const part of p.split('/').slice(0, -1)) {
      at = join(at, part);
      try {
        mkdirSync(at);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const st = lstatSync(at);
      if (st.isSymbolicLink()) throw new SimulationError(codes.HUB467.raise({ path: p, storage: this.given }));
      if (!st.isDirectory()) throw new StoragePathError(`'${p}' cannot be written: a part of its folder path is a file`);
    }
    return full;
  }

  /**
   * A new, empty temporary file beside `path` (created exclusively, unpredictable name), for writers that
   * stream; hand it to {@link commit} when complete, or remove it with {@link discard}.
   */
  temporary(path: string): string {
    const full = this.prepare(this.normalize(path));
    for (;;) {
      const temp = tempPathBeside(full);
      try {
        closeSync(openSync(temp, 'wx', 0o644));
        return temp;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
  }

  /** Removes a temporary file of {@link temporary} (nothing when it is gone). */
  discard(temp: string): void {
    rmSync(temp, { force: true });
  }

  /**
   * Renames a complete temporary file over `path` and records the change and its BlobCreated event.
   * @returns the file's size in bytes
   */
  commit(temp: string, path: string, by: ChangeBy): number {
    const p = this.normalize(path);
    const full = this.prepare(p);
    faultPoint('simulate:blob-flushed');
    renameSync(temp, full);
    const size = statSync(full).size;
    this.record(p, size, by);
    return size;
  }

  /** Writes a file (creating folders) through a temporary file, and records the change and its BlobCreated event. */
  write(path: string, data: Buffer | string, by: ChangeBy): void {
    const p = this.normalize(path);
    const temp = this.temporary(p);
    try {
      const fd = openSync(temp, 'r+');
      try {
        const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        let off = 0;
        while (off < buffer.length) off += writeSync(fd, buffer, off, buffer.length - off);
      } finally {
        closeSync(fd);
      }
      this.commit(temp, p, by);
    } catch (e) {
      this.discard(temp);
      throw e;
    }
  }

  private record(p: string, size: number, by: ChangeBy): void {
    const before = this.writers.get(p);
    if (before?.source !== undefined && by.source !== undefined && before.source !== by.source) {
      this.collisions.push({ path: p, first: before, second: by });
    }
    this.writers.set(p, by);
    const { runId, activity } = by;
    this.changes.push({ change: 'written', path: p, size, runId, activity });
    this.pending.push({ type: 'Microsoft.Storage.BlobCreated', path: p, size });
  }

  /**
   * Deletes a file, or a folder's files (recursively when asked), recording each deleted file. A folder is
   * checked whole for links before anything in it is deleted.
   * @returns the deleted paths (empty when nothing existed)
   */
  delete(path: string, recursive: boolean, by: ChangeBy): string[] {
    const p = this.normalize(path);
    const l = this.localPath(p);
    if (!existsSync(l)) return [];
    if (statSync(l).isFile()) {
      rmSync(l);
      this.writers.delete(p);
      this.changes.push({ change: 'deleted', path: p, runId: by.runId, activity: by.activity });
      this.pending.push({ type: 'Microsoft.Storage.BlobDeleted', path: p, size: 0 });
      return [p];
    }
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const item of this.list(folder)) {
        const child = `${folder}/${item.name}`;
        if (item.type === 'File') files.push(child);
        else if (recursive) walk(child);
      }
    };
    walk(p);
    return files.filter((f) => existsSync(this.localPath(f))).flatMap((f) => this.delete(f, false, by));
  }

  /**
   * Removes the temporary files that killed simulations left anywhere in the folder (regular files named as
   * temporary files whose writer no longer runs; links are neither followed nor removed).
   * @returns the removed files, paths inside the storage folder
   */
  removeLeftovers(): string[] {
    const removed: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (e.isFile() && (isLeftoverTemp(e.name) || (OLD_TEMP.test(e.name) && !TEMP_FILE.test(e.name)))) {
          rmSync(full, { force: true });
          removed.push(relative(this.root, full).split(sep).join('/'));
        }
      }
    };
    if (existsSync(this.root) && statSync(this.root).isDirectory()) walk(this.root);
    return removed;
  }

  /** Absolute path of the storage folder's file, for messages. */
  describe(path: string): string {
    return join(this.given, this.normalize(path));
  }
}
