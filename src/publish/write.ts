/**
 * Writing a feed the way a package registry or git's object store does: what the index will point at is
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
 * Fault points (src/util/fault.ts): `publish:release-staged`, `publish:release-moved-aside`,
 * `publish:release-in-place`, `publish:file-written` (after each top-level file but the index),
 * `publish:index-written`.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { faultPoint } from '../util/fault.js';
import type { FeedFs } from './fs.js';

/** What one publish writes. */
export interface FeedWrite {
  /** Release folders to put in place whole: release -> files (path inside the folder -> bytes). */
  folders: { release: string; files: ReadonlyMap<string, Buffer> }[];
  /** Files outside those folders (`/`-separated paths) to create or replace, in the order to write them (index.json last). */
  files: { path: string; data: Buffer }[];
  /** Files outside those folders to remove once the index is written. */
  removals: string[];
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
export function writeFeed(fs: FeedFs, dir: string, plan: FeedWrite, before: ReadonlyMap<string, Buffer>): void {
  const undo: (() => void)[] = [];
  const aside: string[] = [];
  try {
    for (const folder of plan.folders) {
      const staging = join(dir, `.hubc-staging-${hex()}`);
      fs.makeFolder(staging);
      undo.push(() => fs.remove(staging));
      for (const [path, data] of folder.files) {
        makeParents(fs, staging, path);
        fs.createFile(join(staging, ...path.split('/')), data);
      }
      faultPoint('publish:release-staged');
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
      }
      fs.rename(staging, target);
      undo.push(() => fs.remove(target));
      faultPoint('publish:release-in-place');
    }
    for (const { path, data } of plan.files) {
      const full = join(dir, ...path.split('/'));
      for (const made of makeParents(fs, dir, path)) undo.push(() => fs.remove(made));
      const old = before.get(path);
      if (old === undefined) {
        fs.createFile(full, data);
        undo.push(() => fs.remove(full));
      } else {
        fs.replaceFile(full, data);
        undo.push(() => fs.replaceFile(full, old));
      }
      faultPoint(path === 'index.json' ? 'publish:index-written' : 'publish:file-written');
    }
  } catch (e) {
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
      fs.remove(path);
    } catch {
      /* removed by the next publish's recovery */
    }
  }
}
