/**
 * `hubc migrate-data`: moving (or copying) converted data of one release's ingestion layout into another's,
 * on any {@link MigrationStorage} (a local folder laid out like the containers, or a Data Lake account).
 *
 * {@link planMigration} decides from a listing of the `ingestion` container, without touching anything;
 * {@link runMigration} carries the plan out in its order: per target folder, its files first, then (for
 * releases that load `ingestion/` into Data Explorer when a `manifest.json` lands) an empty `manifest.json`,
 * only after every file of the folder is in place and checked (spec, "Custom datasets": add the manifest
 * only once all files are uploaded).
 *
 * Surviving kills (docs/reliability.md): a copy is written under a temporary name, checked, and only then
 * renamed to its target (the storages do it); before the first file of a folder that will need a manifest
 * arrives, an empty marker `<folder>/.hubc-manifest-pending` records that the folder is the migration's,
 * and it is removed once the manifest is written. So the same command again finds what a killed run left:
 * targets that exist are checked against their source (size, and content hash where the storage has one)
 * rather than trusted, folders with a marker get their manifest even when all their files were moved
 * before the kill, and temporary files of interrupted copies are removed.
 *
 * Fault point (src/util/fault.ts): `migrate:item-done` (after each item carried out; the storages add
 * `migrate:copy-flushed`).
 *
 * Item outcomes: `move`/`copy` (a file to its new path), `verify` (the target exists: checked against the
 * source and counted as in place when equal; the source stays), `manifest` (a new empty
 * manifest), `keep` (data with no place in the new layout, e.g. 0.1 amortized cost), `skip` (not a
 * converted file of the old layout, already in place, a link or special file, a second source for a
 * target: see {@link Collision}, or a file whose target folder already holds another ingestion of its
 * month: see {@link Ingested}).
 *
 * Never two ingestions of a month in one folder (issue #29, item 4): once the new release runs, its
 * triggers may ingest a month again (the README deploys first, then moves the data), and the old files
 * moved beside that ingestion would be counted twice, by Data Explorer and by anything reading the folder.
 * A target folder that holds data this migration did not put there is left alone: in a layout with
 * ingestion IDs, files of an ID none of the moved files has; in one without, any other parquet file, unless
 * the folder carries the migration's marker (an earlier run of it moved those files). Markers are written
 * for those layouts too, before a folder's first file, and removed when it is complete.
 */
import { getRelease, type Release } from '../model/releases.js';
import { faultPoint } from '../util/fault.js';
import { isLeftoverTemp } from '../util/files.js';
import { hasIngestionIds, ingestionIdOf, needsManifest, parseIngestionPath, targetPath, unmappable } from './layouts.js';

/** The container the migration works in. */
export const INGESTION_CONTAINER = 'ingestion';

/** The marker of a folder whose manifest is still to be written. */
export const MANIFEST_PENDING = '.hubc-manifest-pending';

/** A file as a listing gives it. */
export interface StoredFile {
  /** Path in the container, `/`-separated. */
  path: string;
  /** Size in bytes (when the listing gives it). */
  size?: number;
  /** Last modification, milliseconds since 1970 (when the listing gives it). */
  modified?: number;
  /** Set for an entry that is not a regular file (`a symbolic link`, ...): never read, moved or followed. */
  special?: string;
}

/** Where converted data lives: paths are relative to the `ingestion` container, `/`-separated. */
export interface MigrationStorage {
  /** For messages: `folder DIR` or `account NAME`. */
  readonly description: string;
  /** Every entry of the container but folders, sorted by path. */
  list(): Promise<(StoredFile | string)[]>;
  /** Moves a file, creating the target's folders; never replaces an existing target. */
  move(from: string, to: string): Promise<void>;
  /**
   * Copies a file: writes a temporary file beside the target, checks it (size, and content hash where the
   * storage has one) and renames it to the target, which it never replaces.
   */
  copy(from: string, to: string): Promise<void>;
  /**
   * Compares two files.
   * @returns undefined when they are equal (size, and content hash where the storage has one), else why not
   */
  compare(a: string, b: string): Promise<string | undefined>;
  /** Creates an empty file (a manifest, a marker); an existing one is left as it is. */
  writeEmpty(path: string): Promise<void>;
  /** Removes a file (a marker, a temporary file of an interrupted copy); no error when it is gone. */
  remove(path: string): Promise<void>;
}

/** One planned action. */
export interface MigrationItem {
  action: 'move' | 'copy' | 'verify' | 'manifest' | 'keep' | 'skip';
  /** Source path (`move`, `copy`, `verify`, `keep`, `skip`). */
  from?: string;
  /** Target path (`move`, `copy`, `verify`, `manifest`). */
  to?: string;
  /** Why a file is kept or skipped. */
  reason?: string;
  /** After {@link runMigration}: `done`, or the error. */
  outcome?: 'done' | { error: string };
}

/** Two or more files of the old layout that map to one target: the one moved, and the others (left). */
export interface Collision {
  target: string;
  /** The file moved: the one the source release read. */
  chosen: string;
  /** The files left where they are. */
  others: string[];
  /** Why `chosen` is the one the source release read. */
  why: string;
  /** When `chosen` cannot move: the other file already at the target path (never replaced). */
  blockedBy?: string;
}

/** A target folder that already holds another ingestion of its month: its files are not moved there. */
export interface Ingested {
  /** The folder, in the new layout. */
  folder: string;
  /** The month, `yyyy-MM`. */
  month: string;
  /** What is there, in words: the ingestion IDs (`0.7's ingestion <id>`) or, in a layout without them, file names. */
  found: string;
  /** The old files that would have moved there (they stay). */
  sources: string[];
}

/** A migration plan, and after running it its outcome. */
export interface MigrationPlan {
  from: string;
  to: string;
  container: typeof INGESTION_CONTAINER;
  storage: string;
  mode: 'move' | 'copy';
  items: MigrationItem[];
  /** Targets more than one old file maps to (HUB489 warnings). */
  collisions: Collision[];
  /** Target folders left alone because they hold another ingestion of the month (HUB485, or HUB486 warnings). */
  ingested: Ingested[];
  /** Folders whose manifest an earlier, interrupted run still owes (they hold a marker). */
  pending: string[];
  /** Temporary files of interrupted copies, removed before the run. */
  leftovers: string[];
}

/** Counts of a plan's items by action (and failures after running). */
export function summarize(plan: MigrationPlan): Record<MigrationItem['action'] | 'failed', number> {
  const out = { move: 0, copy: 0, verify: 0, manifest: 0, keep: 0, skip: 0, failed: 0 };
  for (const i of plan.items) {
    out[i.action]++;
    if (i.outcome && i.outcome !== 'done') out.failed++;
  }
  return out;
}

/** The folder of a path. */
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * Of several old files mapping to one target, the one the source release read: a release that takes the
 * scope from the export manifest (0.4+) writes and reads only the scope folder in the lower case the
 * manifest gives, so a differently cased copy is a leftover it never read; a release that takes the scope
 * from the export path (0.1-0.3) reads every folder, and a later export of the month replaces the files
 * of the earlier one, so the newest file is the current one (ties: the first by path).
 */
function chooseRead(candidates: StoredFile[], from: Release): { chosen: StoredFile; why: string } {
  const sorted = [...candidates].sort((a, b) => (a.path < b.path ? -1 : 1));
  if (from.exportDetection === 'manifest') {
    const lower = sorted.find((f) => {
      const parsed = parseIngestionPath(from, f.path);
      return parsed && parsed.scope === parsed.scope.toLowerCase();
    });
    if (lower) return { chosen: lower, why: `${from.version} reads the scope folder in lower case, as the export manifest gives it` };
  }
  const newest = sorted.reduce((a, b) => ((b.modified ?? -Infinity) > (a.modified ?? -Infinity) ? b : a));
  return newest.modified !== undefined && sorted.some((f) => f.modified !== newest.modified)
    ? { chosen: newest, why: `${from.version} reads every scope folder and a later export of the month replaces an earlier one: this is the newest` }
    : { chosen: sorted[0], why: `${from.version} reads every scope folder and the files are equally new: the first by path` };
}

/**
 * The converted files of a listing by the path each takes in `to`'s layout; what is not moved (special
 * files, files of another layout, files `to` cannot hold) is added to `rest` with its reason.
 */
function filesByTarget(entries: readonly StoredFile[], leftovers: readonly string[], from: Release, to: Release, rest: MigrationItem[]): Map<string, StoredFile[]> {
  const byTarget = new Map<string, StoredFile[]>();
  for (const f of entries) {
    const path = f.path;
    if (f.special) {
      rest.push({ action: 'skip', from: path, reason: `${f.special}: left as it is (hubc does not follow links or open special files)` });
      continue;
    }
    if (nameOf(path) === MANIFEST_PENDING || leftovers.includes(path)) continue;
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
    byTarget.set(targetPath(parsed, from, to), [...(byTarget.get(targetPath(parsed, from, to)) ?? []), f]);
  }
  return byTarget;
}

/**
 * The move (copy, verify) of each target path by folder, and the collisions: several files mapping to one
 * path, of which the one `from` read moves. Files that stay are added to `rest` with their reason.
 */
function placeFiles(
  byTarget: ReadonlyMap<string, StoredFile[]>,
  existing: ReadonlySet<string>,
  from: Release,
  to: Release,
  copy: boolean,
  rest: MigrationItem[],
): { moves: Map<string, MigrationItem[]>; collisions: Collision[] } {
  const collisions: Collision[] = [];
  const moves = new Map<string, MigrationItem[]>();
  for (const [target, candidates] of byTarget) {
    // A file already at the target path (same layout there) takes part in a collision but never moves.
    const inPlace = candidates.find((c) => c.path === target);
    let source = candidates[0];
    if (candidates.length > 1) {
      const { chosen, why } = chooseRead(candidates, from);
      source = chosen;
      const others = candidates.filter((c) => c !== chosen).map((c) => c.path);
      const blocked = inPlace && inPlace !== chosen ? inPlace.path : undefined;
      collisions.push({ target, chosen: chosen.path, others, why, ...(blocked ? { blockedBy: blocked } : {}) });
      for (const c of candidates) {
        if (c === inPlace) rest.push({ action: 'skip', from: c.path, reason: `already where ${to.version} reads it` });
        else if (c !== chosen || blocked)
          rest.push({
            action: 'skip',
            from: c.path,
            reason: blocked
              ? `maps to ${target}, which ${blocked} already holds; it is not replaced`
              : `${chosen.path} maps to the same path ${target} and is the one ${from.version} read, so it moves and this one stays`,
          });
      }
      if (blocked || chosen === inPlace) continue;
    } else if (inPlace) {
      rest.push({ action: 'skip', from: target, reason: `already where ${to.version} reads it` });
      continue;
    }
    const folder = folderOf(target);
    const action = existing.has(target) ? 'verify' : copy ? 'copy' : 'move';
    moves.set(folder, [...(moves.get(folder) ?? []), { action, from: source.path, to: target }]);
  }
  return { moves, collisions };
}

/**
 * Plans a migration from a listing.
 * @param listing every entry of the ingestion container (as {@link MigrationStorage.list} returns them)
 */
export function planMigration(listing: readonly (StoredFile | string)[], from: Release, to: Release, options: { copy?: boolean; storage: string }): MigrationPlan {
  const entries = listing.map((f): StoredFile => (typeof f === 'string' ? { path: f } : f));
  const existing = new Set(entries.filter((f) => !f.special).map((f) => f.path));
  const pending = entries.filter((f) => !f.special && nameOf(f.path) === MANIFEST_PENDING).map((f) => folderOf(f.path));
  // Temporary files of interrupted copies (src/util/files.ts); those of a copy still running are left to it.
  const leftovers = entries.filter((f) => !f.special && isLeftoverTemp(nameOf(f.path))).map((f) => f.path);
  const rest: MigrationItem[] = [];
  const byTarget = filesByTarget(entries, leftovers, from, to, rest);
  const { moves, collisions } = placeFiles(byTarget, existing, from, to, options.copy === true, rest);
  const ingested = leaveIngested(moves, entries, pending, from, to);
  for (const i of ingested) for (const source of i.sources) rest.push({ action: 'skip', from: source, reason: `${i.folder} already holds another ingestion of the month` });
  const items: MigrationItem[] = [];
  for (const folder of [...new Set([...moves.keys(), ...pending])].sort()) {
    const folderItems = (moves.get(folder) ?? []).sort((a, b) => (a.from! < b.from! ? -1 : 1));
    items.push(...folderItems);
    const manifest = `${folder}/manifest.json`;
    // Files checked in place count too: a run killed before the manifest left a complete folder without one.
    const owed = pending.includes(folder) || folderItems.length > 0;
    if (needsManifest(to) && owed && !existing.has(manifest)) items.push({ action: 'manifest', to: manifest });
  }
  items.push(...rest.sort((a, b) => (a.from! < b.from! ? -1 : 1)));
  collisions.sort((a, b) => (a.target < b.target ? -1 : 1));
  return {
    from: from.version,
    to: to.version,
    container: INGESTION_CONTAINER,
    storage: options.storage,
    mode: options.copy ? 'copy' : 'move',
    items,
    collisions,
    ingested,
    pending,
    leftovers,
  };
}

/**
 * Finds the target folders that already hold data this migration did not put there (see the module
 * comment) and takes their items out of `moves`.
 * @param moves items by target folder (changed: the folders found are removed)
 * @param entries the whole listing
 * @param pending folders carrying the migration's marker
 */
function leaveIngested(moves: Map<string, MigrationItem[]>, entries: readonly StoredFile[], pending: readonly string[], from: Release, to: Release): Ingested[] {
  const byFolder = new Map<string, StoredFile[]>();
  for (const f of entries) {
    const folder = folderOf(f.path);
    if (f.special || !f.path.toLowerCase().endsWith('.parquet') || !moves.has(folder)) continue;
    const list = byFolder.get(folder);
    if (list) list.push(f);
    else byFolder.set(folder, [f]);
  }
  const marked = new Set(pending);
  const out: Ingested[] = [];
  for (const [folder, incoming] of moves) {
    const there = byFolder.get(folder) ?? [];
    let found: string | undefined;
    if (hasIngestionIds(to)) {
      const own = new Set(incoming.map((i) => ingestionIdOf(nameOf(i.to!))));
      const others = [...new Set(there.map((f) => ingestionIdOf(nameOf(f.path))).filter((id) => !own.has(id)))].sort();
      if (others.length) found = `${to.version}'s ingestion${others.length > 1 ? 's' : ''} ${others.join(', ')}`;
    } else if (!marked.has(folder)) {
      const targets = new Set(incoming.map((i) => i.to));
      const others = there.filter((f) => !targets.has(f.path)).map((f) => nameOf(f.path));
      if (others.length) found = others.length > 3 ? `${others.slice(0, 3).join(', ')} and ${others.length - 3} more` : others.join(', ');
    }
    if (!found) continue;
    const month = parseIngestionPath(from, incoming[0]!.from!)!.month;
    out.push({ folder, month: `${month.slice(0, 4)}-${month.slice(4)}`, found, sources: incoming.map((i) => i.from!).sort() });
    moves.delete(folder);
  }
  return out.sort((a, b) => (a.folder < b.folder ? -1 : 1));
}

/**
 * Carries a plan out, item by item, recording each outcome: temporary files of interrupted copies are
 * removed first; each folder that will get a manifest is marked before its first file arrives; a folder
 * whose files did not all arrive (or differ from their sources) gets no manifest, so nothing loads half a
 * folder; the marker goes once the manifest is written.
 * @returns the plan with outcomes (the same object)
 */
export async function runMigration(plan: MigrationPlan, storage: MigrationStorage, progress: (item: MigrationItem) => void = () => {}): Promise<MigrationPlan> {
  for (const temp of plan.leftovers) await storage.remove(temp);
  const failedFolders = new Set<string>();
  const marked = new Set(plan.pending);
  const manifestFolders = new Set(plan.items.filter((i) => i.action === 'manifest').map((i) => folderOf(i.to!)));
  // Without ingestion IDs, the marker is also what tells this migration's files from another ingestion.
  const markedFolders = hasIngestionIds(getRelease(plan.to))
    ? manifestFolders
    : new Set(plan.items.filter((i) => i.action === 'move' || i.action === 'copy' || i.action === 'manifest').map((i) => folderOf(i.to!)));
  const lastItem = new Map(plan.items.map((i, n) => [i.to ? folderOf(i.to) : '', n]));
  for (const [n, item] of plan.items.entries()) {
    if (item.action === 'keep' || item.action === 'skip') continue;
    const folder = folderOf(item.to!);
    try {
      if (markedFolders.has(folder) && !marked.has(folder)) {
        await storage.writeEmpty(`${folder}/${MANIFEST_PENDING}`);
        marked.add(folder);
      }
      if (item.action === 'manifest') {
        if (failedFolders.has(folder)) throw new Error('not written: a file of this folder could not be moved or differs from its source');
        await storage.writeEmpty(item.to!);
        await storage.remove(`${folder}/${MANIFEST_PENDING}`);
      } else if (item.action === 'verify') {
        const differs = await storage.compare(item.from!, item.to!);
        if (differs) throw new Error(`${item.to} exists and differs from ${item.from} (${differs}); left as it is`);
      } else if (item.action === 'move') await storage.move(item.from!, item.to!);
      else await storage.copy(item.from!, item.to!);
      item.outcome = 'done';
      faultPoint('migrate:item-done');
      // A folder without a manifest is complete after its last item.
      if (lastItem.get(folder) === n && markedFolders.has(folder) && !manifestFolders.has(folder) && !failedFolders.has(folder))
        await storage.remove(`${folder}/${MANIFEST_PENDING}`);
    } catch (e) {
      item.outcome = { error: (e as Error).message };
      if (item.to) failedFolders.add(folder);
    }
    progress(item);
  }
  // Folders with a marker and a manifest already (killed between the two): only the marker is left to go.
  for (const folder of plan.pending) if (!manifestFolders.has(folder) && !failedFolders.has(folder)) await storage.remove(`${folder}/${MANIFEST_PENDING}`);
  return plan;
}
