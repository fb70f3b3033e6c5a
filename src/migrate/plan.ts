/**
 * `hubc migrate-data`: moving (or copying) converted data of one release's ingestion layout into another's,
 * on any {@link MigrationStorage} (a local folder laid out like the containers, or a Data Lake account).
 *
 * {@link planMigration} decides from a listing of the `ingestion` container, without touching anything;
 * {@link runMigration} carries the plan out in its order: per target folder, its files first, then (for
 * releases that load `ingestion/` into Data Explorer when a `manifest.json` lands) an empty `manifest.json`,
 * only after every file of the folder is in place (spec, "Custom datasets": add the manifest only once all
 * files are uploaded). Running the same migration again finds nothing left to move.
 *
 * Item outcomes: `move`/`copy` (a file to its new path), `manifest` (a new empty manifest), `keep` (data with
 * no place in the new layout, e.g. 0.1 amortized cost), `skip` (not a converted file of the old layout,
 * already in place, or its new path is taken).
 */
import type { Release } from '../model/releases.js';
import { needsManifest, parseIngestionPath, targetPath, unmappable } from './layouts.js';

/** The container the migration works in. */
export const INGESTION_CONTAINER = 'ingestion';

/** Where converted data lives: paths are relative to the `ingestion` container, `/`-separated. */
export interface MigrationStorage {
  /** For messages: `folder DIR` or `account NAME`. */
  readonly description: string;
  /** Every file of the container (not directories), sorted. */
  list(): Promise<string[]>;
  /** Moves a file, creating the target's folders. */
  move(from: string, to: string): Promise<void>;
  /** Copies a file, creating the target's folders. */
  copy(from: string, to: string): Promise<void>;
  /** Creates an empty file (a manifest). */
  writeEmpty(path: string): Promise<void>;
}

/** One planned action. */
export interface MigrationItem {
  action: 'move' | 'copy' | 'manifest' | 'keep' | 'skip';
  /** Source path (`move`, `copy`, `keep`, `skip`). */
  from?: string;
  /** Target path (`move`, `copy`, `manifest`). */
  to?: string;
  /** Why a file is kept or skipped. */
  reason?: string;
  /** After {@link runMigration}: `done`, or the error. */
  outcome?: 'done' | { error: string };
}

/** A migration plan, and after running it its outcome. */
export interface MigrationPlan {
  from: string;
  to: string;
  container: typeof INGESTION_CONTAINER;
  storage: string;
  mode: 'move' | 'copy';
  items: MigrationItem[];
}

/** Counts of a plan's items by action (and failures after running). */
export function summarize(plan: MigrationPlan): Record<MigrationItem['action'] | 'failed', number> {
  const out = { move: 0, copy: 0, manifest: 0, keep: 0, skip: 0, failed: 0 };
  for (const i of plan.items) {
    out[i.action]++;
    if (i.outcome && i.outcome !== 'done') out.failed++;
  }
  return out;
}

/** The folder of a path. */
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/**
 * Plans a migration from a listing.
 * @param files every file of the ingestion container (as {@link MigrationStorage.list} returns them)
 */
export function planMigration(files: readonly string[], from: Release, to: Release, options: { copy?: boolean; storage: string }): MigrationPlan {
  const existing = new Set(files);
  const taken = new Map<string, string>();
  const moves = new Map<string, MigrationItem[]>();
  const rest: MigrationItem[] = [];
  for (const path of files) {
    const parsed = parseIngestionPath(from, path);
    if (!parsed) {
      rest.push({ action: 'skip', from: path, reason: `not a converted file of the ${from.version} layout` });
      continue;
    }
    const why = unmappable(parsed, to);
    if (why) {
      rest.push({ action: 'keep', from: path, reason: why });
      continue;
    }
    const target = targetPath(parsed, from, to);
    if (target === path) rest.push({ action: 'skip', from: path, reason: `already where ${to.version} reads it` });
    else if (existing.has(target)) rest.push({ action: 'skip', from: path, reason: `${target} exists already` });
    else if (taken.has(target)) rest.push({ action: 'skip', from: path, reason: `${taken.get(target)} moves to the same path ${target}` });
    else {
      taken.set(target, path);
      const folder = folderOf(target);
      if (!moves.has(folder)) moves.set(folder, []);
      moves.get(folder)!.push({ action: options.copy ? 'copy' : 'move', from: path, to: target });
    }
  }
  const items: MigrationItem[] = [];
  for (const folder of [...moves.keys()].sort()) {
    items.push(...moves.get(folder)!);
    const manifest = `${folder}/manifest.json`;
    if (needsManifest(to) && !existing.has(manifest)) items.push({ action: 'manifest', to: manifest });
  }
  items.push(...rest);
  return { from: from.version, to: to.version, container: INGESTION_CONTAINER, storage: options.storage, mode: options.copy ? 'copy' : 'move', items };
}

/**
 * Carries a plan out, item by item, recording each outcome; a folder whose files did not all arrive gets
 * no manifest (so nothing loads half a folder).
 * @returns the plan with outcomes (the same object)
 */
export async function runMigration(plan: MigrationPlan, storage: MigrationStorage, progress: (item: MigrationItem) => void = () => {}): Promise<MigrationPlan> {
  const failedFolders = new Set<string>();
  for (const item of plan.items) {
    if (item.action === 'keep' || item.action === 'skip') continue;
    try {
      if (item.action === 'manifest') {
        if (failedFolders.has(folderOf(item.to!))) throw new Error('not written: a file of this folder could not be moved');
        await storage.writeEmpty(item.to!);
      } else if (item.action === 'move') await storage.move(item.from!, item.to!);
      else await storage.copy(item.from!, item.to!);
      item.outcome = 'done';
    } catch (e) {
      item.outcome = { error: (e as Error).message };
      if (item.to) failedFolders.add(folderOf(item.to));
    }
    progress(item);
  }
  return plan;
}
