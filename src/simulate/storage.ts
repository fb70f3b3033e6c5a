/**
 * The storage account of a simulation: a local folder whose first-level folders are the containers
 * (`rawexports/`, `ingestion/`, `config/`). Every linked service of the storage kinds (`AzureBlobFS`,
 * `AzureBlobStorage`), including a remote hub's storage, is this same folder.
 *
 * The files the deployment uploads into `config` (`settings.json`, `schemas/*.json`) are visible even when
 * the folder lacks them: a file in the folder wins, else the build's file is read (it is never copied
 * into the folder). Writes and deletes are recorded in order, and each one is a blob event that may fire
 * a trigger.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import type { StorageChange } from './types.js';

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

/** The local storage folder plus the build's config files. */
export class LocalStorage {
  readonly changes: StorageChange[] = [];
  /** Events not yet handed to the trigger dispatcher. */
  readonly pending: BlobEvent[] = [];

  constructor(
    readonly root: string,
    private readonly overlay: ReadonlyMap<string, string> = new Map(),
  ) {}

  /**
   * Normalizes a storage path: `/` separators, no empty, `.` or `..` segments, container first.
   * @throws StoragePathError for `..` segments or an empty path
   */
  normalize(path: string): string {
    const parts = path.replace(/\\/g, '/').split('/').filter((p) => p !== '' && p !== '.');
    if (parts.length === 0) throw new StoragePathError('the path is empty (no container)');
    if (parts.includes('..')) throw new StoragePathError(`the path '${path}' leaves the storage folder`);
    return parts.join('/');
  }

  /** Absolute local path of a storage path. */
  private local(path: string): string {
    const full = resolve(this.root, ...this.normalize(path).split('/'));
    const root = resolve(this.root);
    if (full !== root && !full.startsWith(root + sep)) throw new StoragePathError(`the path '${path}' leaves the storage folder`);
    return full;
  }

  /** True when the path is a file (in the folder, or one of the build's config files). */
  isFile(path: string): boolean {
    const p = this.normalize(path);
    const l = this.local(p);
    if (existsSync(l)) return statSync(l).isFile();
    return this.overlay.has(p);
  }

  /** True when the path is a folder (a container counts once it exists in the folder or the overlay). */
  isFolder(path: string): boolean {
    const p = this.normalize(path);
    const l = this.local(p);
    if (existsSync(l)) return statSync(l).isDirectory();
    return [...this.overlay.keys()].some((k) => k.startsWith(`${p}/`));
  }

  /**
   * Reads a file.
   * @throws Error (ENOENT-like message) when it does not exist
   */
  read(path: string): Buffer {
    const p = this.normalize(path);
    const l = this.local(p);
    if (existsSync(l) && statSync(l).isFile()) return readFileSync(l);
    const o = this.overlay.get(p);
    if (o !== undefined) return Buffer.from(o, 'utf8');
    throw new Error(`the file ${p} does not exist`);
  }

  /** Size in bytes of a file. */
  size(path: string): number {
    return this.read(path).length;
  }

  /** The direct children of a folder, sorted by name (as ADLS Gen2 lists them). */
  list(path: string): ChildItem[] {
    const p = this.normalize(path);
    const l = this.local(p);
    const items = new Map<string, ChildItem>();
    if (existsSync(l) && statSync(l).isDirectory()) {
      for (const e of readdirSync(l, { withFileTypes: true })) items.set(e.name, { name: e.name, type: e.isDirectory() ? 'Folder' : 'File' });
    }
    for (const k of this.overlay.keys()) {
      if (!k.startsWith(`${p}/`)) continue;
      const rest = k.slice(p.length + 1).split('/');
      if (!items.has(rest[0])) items.set(rest[0], { name: rest[0], type: rest.length > 1 ? 'Folder' : 'File' });
    }
    return [...items.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Writes a file (creating folders) and records the change and its BlobCreated event. */
  write(path: string, data: Buffer | string, by: { runId: string; activity: string }): void {
    const p = this.normalize(path);
    if (p.split('/').length < 2) throw new StoragePathError(`'${p}' names a container, not a file`);
    const l = this.local(p);
    mkdirSync(dirname(l), { recursive: true });
    const buffer = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    writeFileSync(l, buffer);
    this.changes.push({ change: 'written', path: p, size: buffer.length, runId: by.runId, activity: by.activity });
    this.pending.push({ type: 'Microsoft.Storage.BlobCreated', path: p, size: buffer.length });
  }

  /**
   * Deletes a file, or a folder's files (recursively when asked), recording each deleted file.
   * @returns the deleted paths (empty when nothing existed)
   */
  delete(path: string, recursive: boolean, by: { runId: string; activity: string }): string[] {
    const p = this.normalize(path);
    const l = this.local(p);
    if (!existsSync(l)) return [];
    const deleted: string[] = [];
    if (statSync(l).isFile()) {
      rmSync(l);
      deleted.push(p);
    } else {
      for (const item of this.list(p)) {
        const child = `${p}/${item.name}`;
        if (item.type === 'File') deleted.push(...this.delete(child, false, by));
        else if (recursive) deleted.push(...this.delete(child, true, by));
      }
      return deleted;
    }
    for (const d of deleted) {
      this.changes.push({ change: 'deleted', path: d, runId: by.runId, activity: by.activity });
      this.pending.push({ type: 'Microsoft.Storage.BlobDeleted', path: d, size: 0 });
    }
    return deleted;
  }

  /** Absolute path of the storage folder's file, for messages. */
  describe(path: string): string {
    return join(this.root, this.normalize(path));
  }
}
