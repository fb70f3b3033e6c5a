/**
 * What a publish writes to a feed ({@link planWrite}: the files that differ, in the order to write them) and
 * writing it the way a package registry or git's object store does: what the index will point at is
 * written first under names nothing points at yet, and index.json, the one file that says what the feed
 * holds, is replaced last. In order:
 *
 * 1. each new (or `--force`d) release folder is written whole into `.hubc-staging-<hex>` and renamed into
 *    place (a forced one first moves the old folder aside to `.hubc-replaced-<release>-<hex>`);
 * 2. the other files: the versioned template and form of new releases and `schemas/hub.schema.json`, then
 *    the `latest` aliases, feed.xml and index.html, each created new or replaced atomically
 *    (src/util/files.ts);
 * 3. index.json, atomically;
 * 4. what was moved aside is removed.
 *
 * So at every moment every file index.json, feed.xml or index.html names exists whole, and a kill leaves
 * the old index (with, at most, complete release folders and pages it does not list yet) or the new one.
 * When a step fails in this process, every step already done is undone and the error is thrown: the feed
 * is then byte for byte as it was.
 *
 * Before each step others could see (a rename into place, a top-level file, a removal) the publish's
 * {@link WriteGuard} checks that the feed is still its to write (its lock is its own); just before index.json
 * is replaced, also that index.json is still the one the publish read. When a check fails, nothing more is
 * written and nothing is undone (what the steps replaced may be another publisher's by now): only this
 * write's staging folders are removed, and the guard's error is thrown for the publish to read the feed
 * again and merge.
 *
 * Fault points (src/util/fault.ts): `publish:release-staged`, `publish:release-moved-aside`,
 * `publish:release-in-place`, `publish:file-written` (after each top-level file but the index),
 * `publish:index-written`.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { faultPoint } from '../util/fault.js';
import type { FeedFs, FeedTree } from './fs.js';
import { IndexChangedError, LATEST, sameBlob, sameFiles, type FeedBlob } from './feed.js';

export { IndexChangedError } from './feed.js';

/** What one publish writes. */
export interface FeedWrite {
  /** Release folders to put in place whole: release -> files (path inside the folder -> bytes). */
  folders: { release: string; files: ReadonlyMap<string, FeedBlob> }[];
  /** Files outside those folders (`/`-separated paths) to create or replace, in the order to write them (index.json last). */
  files: { path: string; data: FeedBlob }[];
  /** Files outside those folders to remove once the index is written. */
  removals: string[];
}

/** The top-level files of a feed in the order a publish writes them: versioned files, aliases, pages, the index last. */
function writeOrder(path: string): number {
  if (path === 'index.json') return 3;
  if (path === 'feed.xml' || path === 'index.html') return 2;
  if (path === LATEST.template || path === LATEST.uiDefinition) return 1;
  return 0;
}

/**
 * What to write to turn `current` into `desired`: the folders of the releases `written` whose files
 * differ (whole), and every other file that differs (top-level files, `schemas/hub.schema.json`);
 * undefined when nothing differs.
 */
export function planWrite(current: ReadonlyMap<string, FeedBlob>, desired: ReadonlyMap<string, FeedBlob>, written: readonly string[]): FeedWrite | undefined {
  const folders: FeedWrite['folders'] = [];
  for (const release of written) {
    const files = new Map([...desired].filter(([p]) => p.startsWith(`${release}/`)).map(([p, d]) => [p.slice(release.length + 1), d]));
    const held = new Map([...current].filter(([p]) => p.startsWith(`${release}/`)).map(([p, d]) => [p.slice(release.length + 1), d]));
    if (!sameFiles(held, files)) folders.push({ release, files });
  }
  const single = (p: string) => !written.some((r) => p.startsWith(`${r}/`));
  const files = [...desired]
    .filter(([p, d]) => {
      const held = current.get(p);
      return single(p) && !(held && sameBlob(held, d));
    })
    .map(([path, data]) => ({ path, data }))
    .sort((a, b) => writeOrder(a.path) - writeOrder(b.path) || (a.path < b.path ? -1 : 1));
  const removals = [...current.keys()].filter((p) => single(p) && !desired.has(p));
  return folders.length || files.length || removals.length ? { folders, files, removals } : undefined;
}

/** A link or special file in the feed at (or above) a path the publish writes, if any. */
export function blockedBy(tree: FeedTree, plan: FeedWrite): { path: string; kind: string } | undefined {
  const targets = [...plan.folders.map((f) => f.release), ...plan.files.map((f) => f.path), ...plan.removals];
  for (const [path, kind] of tree.foreign) {
    if (targets.some((t) => t === path || path.startsWith(`${t}/`) || t.startsWith(`${path}/`))) return { path, kind };
  }
  return undefined;
}

/** A feed entry kind in words. */
export function kindWords(kind: string): string {
  return kind === 'link' ? 'a symbolic link' : kind === 'folder' ? 'a folder' : 'a special file (FIFO, socket or device)';
}

/** The checks before each step of a {@link writeFeed} (src/publish/publish.ts makes them from the feed's lock). */
export interface WriteGuard {
  /** Before each step others could see; throws (LockLostError) when the feed is no longer this publish's to write. */
  step(): void;
  /** Just before index.json is replaced: {@link step}, and index.json is still the one read (else IndexChangedError). */
  index(): void;
  /** False once the lock is lost: then nothing may be undone. */
  held(): boolean;
}

const hex = () => randomBytes(6).toString('hex');

/**
 * Creates the folders of `rel` (a `/`-separated path of a file) below `root`.
 * @returns the folders created, outermost first
 */
function makeParents(fs: FeedFs, root: string, rel: string): string[] {
  const parts = rel.split('/').slice(0, -1);
  const made: string[] = [];
  for (let i = 1; i <= parts.length; i++) {
    const dir = join(root, ...parts.slice(0, i));
    if (fs.kind(dir) === undefined) {
      fs.makeFolder(dir);
      made.push(dir);
    }
  }
  return made;
}

/**
 * Carries out a {@link FeedWrite} in `dir` (the caller holds the feed's lock and has checked that no
 * link or special file is on the way).
 * @param before the bytes of the top-level files as they were (to undo a replacement)
 * @throws the file-system error of the step that failed, after undoing the steps before it
 */
export function writeFeed(fs: FeedFs, dir: string, plan: FeedWrite, before: ReadonlyMap<string, FeedBlob>, guard: WriteGuard): void {
  const undo: (() => void)[] = [];
  const aside: string[] = [];
  const stagings: string[] = [];
  try {
    for (const folder of plan.folders) {
      const staging = join(dir, `.hubc-staging-${hex()}`);
      stagings.push(staging);
      fs.makeFolder(staging);
      undo.push(() => fs.remove(staging));
      for (const [path, data] of folder.files) {
        makeParents(fs, staging, path);
        fs.createFile(join(staging, ...path.split('/')), data.read());
      }
      faultPoint('publish:release-staged');
      guard.step();
      const target = join(dir, folder.release);
      if (fs.kind(target) !== undefined) {
        const old = join(dir, `.hubc-replaced-${folder.release}-${hex()}`);
        fs.rename(target, old);
        aside.push(old);
        undo.push(() => {
          if (fs.kind(target) !== undefined) fs.remove(target);
          fs.rename(old, target);
        });
        faultPoint('publish:release-moved-aside');
        guard.step();
      }
      fs.rename(staging, target);
      undo.push(() => fs.remove(target));
      faultPoint('publish:release-in-place');
    }
    for (const { path, data } of plan.files) {
      const full = join(dir, ...path.split('/'));
      for (const made of makeParents(fs, dir, path)) undo.push(() => fs.remove(made));
      guard.step();
      // The bytes replaced, kept to undo (top-level files: pages, aliases, index.json).
      const old = before.get(path)?.read();
      if (old === undefined) {
        createFile(fs, full, data.read(), path === 'index.json');
        undo.push(() => fs.remove(full));
      } else {
        fs.replaceFile(full, data.read(), path === 'index.json' ? () => guard.index() : undefined);
        undo.push(() => fs.replaceFile(full, old));
      }
      faultPoint(path === 'index.json' ? 'publish:index-written' : 'publish:file-written');
    }
  } catch (e) {
    if (e instanceof IndexChangedError || !guard.held()) {
      // Not this publish's feed to write any more: nothing is undone (what was replaced may be another
      // publisher's now); the complete release folders placed stay for the next read to adopt.
      for (const staging of stagings) fs.remove(staging);
      guard.step();
      throw e;
    }
    for (const step of undo.reverse()) {
      try {
        step();
      } catch {
        /* undo what can be undone; the start-up recovery of the next publish handles the rest */
      }
    }
    throw e;
  }
  // The new index is in place: what it no longer describes is only left-over space.
  for (const path of [...aside, ...plan.removals.map((p) => join(dir, ...p.split('/')))]) {
    try {
      guard.step();
      fs.remove(path);
    } catch {
      /* removed by the next publish's recovery */
    }
  }
}

/**
 * Creates a top-level file that did not exist when the feed was read. For index.json that is the
 * compare-and-swap of a feed without an index: the exclusive create fails when another process wrote one
 * meanwhile (IndexChangedError).
 */
function createFile(fs: FeedFs, full: string, data: Buffer, isIndex: boolean): void {
  try {
    fs.createFile(full, data);
  } catch (e) {
    if (isIndex && (e as NodeJS.ErrnoException).code === 'EEXIST') throw new IndexChangedError(full);
    throw e;
  }
}
