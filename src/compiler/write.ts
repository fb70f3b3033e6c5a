/**
 * Writing release folders (`hubc build`, `npm run dist`): every file of a release is written into a new
 * folder `<outDir>/.hubc-<release>-<12 hex>` beside the target, which then replaces `<outDir>/<release>`
 * whole: the old folder is renamed to `<staging>.old`, the new one into place, the old one removed. Folders
 * and files get the permissions of the user's umask (never mkdtemp's 0700).
 *
 * A kill leaves, besides the old or the new release folder, at most a staging folder and an `.old` one;
 * between the two renames (the only moment without `<release>`) it leaves both, and the next write of the
 * release first rolls that forward ({@link recoverRelease}): the staging folder was complete before the
 * first rename. Everything else such a run left is removed. The whole write holds the output folder's lock
 * (src/util/lock.ts), so two builds into one folder never remove each other's staging folders; before each
 * rename the build checks that the lock is still its own (a build stalled past the lock's stale time, whose
 * lock another build took over, stops with LockLostError instead of renaming over that build's folders).
 *
 * Fault points (src/util/fault.ts): `build:staged` (the new folder written), `build:moved-aside` (between
 * the two renames), `build:swapped` (the new folder in place, the old one not yet removed).
 */
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { faultPoint } from '../util/fault.js';
import { kindOf, lstatIfExists, UnsafePathError } from '../util/files.js';
import { withFolderLock, type FolderLock } from '../util/lock.js';

/** Staging (`.hubc-0.7-0123456789ab`) and moved-aside (`....old`) folders of a release write. */
function leftoverPattern(release: string): RegExp {
  return new RegExp(`^\\.hubc-${release.replace(/\./g, '\\.')}-([0-9a-f]{12})(\\.old)?$`);
}

/**
 * Rolls back or forward what a killed write of `release` left in `root`: when `<release>` is missing and a
 * staging folder and its `.old` both exist (killed between the two renames), the staging folder (complete)
 * takes its place; when only an `.old` is left, it is put back. Then every other leftover is removed.
 * Only real folders with the exact names are touched (never a link).
 * @returns what was done, one line each (empty when nothing was left)
 */
export function recoverRelease(root: string, release: string): string[] {
  const pattern = leftoverPattern(release);
  const found = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && pattern.test(e.name))
    .map((e) => e.name)
    .sort();
  if (!found.length) return [];
  const done: string[] = [];
  const target = join(root, release);
  if (!lstatIfExists(target)) {
    const aside = found.filter((n) => n.endsWith('.old'));
    const forward = aside.map((n) => n.slice(0, -'.old'.length)).find((n) => found.includes(n));
    const back = aside[aside.length - 1];
    if (forward) {
      renameSync(join(root, forward), target);
      done.push(`rolled forward: ${forward} (complete) became ${release}`);
    } else if (back) {
      renameSync(join(root, back), target);
      done.push(`rolled back: ${back} became ${release} again`);
    }
  }
  for (const name of found) {
    const path = join(root, name);
    if (!lstatIfExists(path)) continue;
    rmSync(path, { recursive: true, force: true });
    done.push(`removed ${name}, left by an interrupted write`);
  }
  return done;
}

/** Writes one release folder; the caller holds `lock`, the lock of `root`. */
function replaceRelease(root: string, release: string, artifacts: ReadonlyMap<string, string>, lock: FolderLock): string {
  recoverRelease(root, release);
  const target = join(root, release);
  const existing = lstatIfExists(target);
  if (existing && !existing.isDirectory()) throw new UnsafePathError(target, kindOf(existing));
  // mkdirSync (not mkdtempSync, which creates 0700) so the release folder gets the permissions of the
  // user's umask like every other folder; the random part keeps the name unpredictable.
  const staging = join(root, `.hubc-${release}-${randomBytes(6).toString('hex')}`);
  mkdirSync(staging);
  try {
    for (const [path, text] of artifacts) {
      const file = join(staging, ...path.split('/'));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text, { encoding: 'utf8', flag: 'wx' });
    }
    faultPoint('build:staged');
    lock.check();
    const backup = existing ? `${staging}.old` : undefined;
    if (backup) renameSync(target, backup);
    faultPoint('build:moved-aside');
    try {
      renameSync(staging, target);
    } catch (e) {
      if (backup) renameSync(backup, target);
      throw e;
    }
    faultPoint('build:swapped');
    if (backup) rmSync(backup, { recursive: true, force: true });
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  return target;
}

/**
 * Creates the output folder and its parents, a link the user named being followed; a file (or anything but
 * a folder) at the path or on the way is refused, where `mkdir` would say only EEXIST or ENOTDIR.
 * @throws UnsafePathError naming the first part of the path that is not a folder
 */
function makeOutputFolder(root: string): void {
  try {
    mkdirSync(root, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTDIR') throw e;
  }
  /** `stat` or `lstat`, undefined when nothing is there or a part before it is not a folder. */
  const look = (p: string, follow: boolean) => {
    try {
      return follow ? statSync(p) : lstatSync(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
      throw e;
    }
  };
  if (look(root, true)?.isDirectory()) return;
  const parts: string[] = [];
  for (let p = root; p !== dirname(p); p = dirname(p)) parts.unshift(p);
  // Followed through links: a file, a device, or a link that leads nowhere.
  const blocked = parts.find((p) => look(p, false) && !look(p, true)?.isDirectory()) ?? root;
  throw new UnsafePathError(blocked, kindOf(lstatSync(blocked)));
}

/**
 * Writes each release's `artifacts` (relative path -> text) to `<outDir>/<release>/`, replacing that folder
 * whole, under the lock of `outDir` (created when missing; a link to a folder is written through, as the
 * user named it). A `<release>` entry that is not a folder (a link, a file) is refused.
 * @returns the folders written, in order
 * @throws UnsafePathError when `<outDir>/<release>` is not a folder
 * @throws FolderLockedError (src/util/lock.ts) when another hubc process holds the folder for the whole wait
 * @throws LockLostError (src/util/lock.ts) when another process took the lock over while this one held it
 * @throws Error (file system errors) after removing the staging folder
 */
export async function writeReleases(outDir: string, releases: readonly { release: string; artifacts: ReadonlyMap<string, string> }[]): Promise<string[]> {
  const root = resolve(outDir);
  makeOutputFolder(root);
  return withFolderLock(root, (lock) => releases.map((r) => replaceRelease(root, r.release, r.artifacts, lock)));
}

/**
 * Writes one release (see {@link writeReleases}).
 * @returns the release folder
 */
export async function writeRelease(outDir: string, release: string, artifacts: ReadonlyMap<string, string>): Promise<string> {
  const [target] = await writeReleases(outDir, [{ release, artifacts }]);
  return target;
}
