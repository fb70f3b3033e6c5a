/**
 * A local folder laid out like the hub's storage (`DIR/ingestion/...`, as `hubc simulate` uses it) as a
 * {@link MigrationStorage}. A move is a rename; folders left empty by moves are removed, up to the container.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { INGESTION_CONTAINER, type MigrationStorage } from './plan.js';

/** A local storage folder. */
export class LocalMigrationStorage implements MigrationStorage {
  readonly description: string;
  private readonly root: string;

  /** @param dir the storage folder (holding `ingestion/`) */
  constructor(dir: string) {
    this.description = `folder ${dir}`;
    this.root = join(dir, INGESTION_CONTAINER);
  }

  /** True when the folder has an `ingestion` container. */
  exists(): boolean {
    return existsSync(this.root) && statSync(this.root).isDirectory();
  }

  async list(): Promise<string[]> {
    const out: string[] = [];
    const walk = (rel: string) => {
      for (const e of readdirSync(join(this.root, rel), { withFileTypes: true })) {
        const path = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) walk(path);
        else out.push(path);
      }
    };
    walk('');
    return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async move(from: string, to: string): Promise<void> {
    this.prepare(to);
    renameSync(join(this.root, from), join(this.root, to));
    this.removeEmptyFolders(dirname(from));
  }

  async copy(from: string, to: string): Promise<void> {
    this.prepare(to);
    copyFileSync(join(this.root, from), join(this.root, to));
  }

  async writeEmpty(path: string): Promise<void> {
    this.prepare(path);
    writeFileSync(join(this.root, path), '');
  }

  /** Creates the folders of a target; refuses to replace a file. */
  private prepare(to: string): void {
    if (existsSync(join(this.root, to))) throw new Error(`${to} exists already`);
    mkdirSync(dirname(join(this.root, to)), { recursive: true });
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
