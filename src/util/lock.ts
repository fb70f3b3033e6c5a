/**
 * An exclusive lock on a folder hubc writes (a release feed, a build output folder), held for a whole
 * read-modify-write, so that two hubc processes never interleave their writes: the second waits for the
 * first, or gives up with {@link FolderLockedError} after a bounded wait.
 *
 * The lock is proper-lockfile's (npm): a folder `<dir>/.hubc-lock` created atomically with `mkdir`, whose
 * modification time the holder refreshes every 5 s; a lock not refreshed for 10 s is stale and taken over
 * (a holder on another machine that died, over a network file system). Beside it, `<dir>/.hubc-lock-owner`
 * names the holder's process and a hash of its host name; a holder on this machine whose process is gone
 * (killed) is recognised at once, and its lock made stale so proper-lockfile takes it over without the
 * 10 s wait.
 */
import { readFileSync, rmSync, utimesSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { writeFileAtomic } from './files.js';

/** The lock folder's name inside the locked folder. */
export const LOCK_NAME = '.hubc-lock';
/** The holder's record beside it. */
export const LOCK_OWNER_NAME = '.hubc-lock-owner';

/** Default wait for another hubc process to release the lock: 60 s. */
export const DEFAULT_LOCK_WAIT_MS = 60_000;

/** The folder stayed locked by another process for the whole wait. */
export class FolderLockedError extends Error {
  /**
   * @param dir the folder
   * @param waitedMs how long this process waited
   * @param ownerPid the holder's process ID, when it is on this machine and known
   */
  constructor(
    readonly dir: string,
    readonly waitedMs: number,
    readonly ownerPid: number | undefined,
  ) {
    super(`${dir} is locked by another hubc process${ownerPid ? ` (pid ${ownerPid})` : ''}`);
    this.name = 'FolderLockedError';
  }
}

/** A held lock. */
export interface FolderLock {
  /** Releases the lock (removes `.hubc-lock` and its owner record). */
  release(): Promise<void>;
}

/** This machine, without writing its name into a folder a web server may serve. */
const HOST = createHash('sha256').update(hostname()).digest('hex').slice(0, 16);

interface Owner {
  pid: number;
  host: string;
}

function readOwner(dir: string): Owner | undefined {
  try {
    const o = JSON.parse(readFileSync(join(dir, LOCK_OWNER_NAME), 'utf8')) as Owner;
    return typeof o.pid === 'number' && typeof o.host === 'string' ? o : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When the recorded holder was a process of this machine that is gone, ages the lock so it counts as stale. */
function ageLockOfDeadOwner(dir: string): void {
  const owner = readOwner(dir);
  if (!owner || owner.host !== HOST || owner.pid === process.pid || alive(owner.pid)) return;
  try {
    utimesSync(join(dir, LOCK_NAME), 0, 0);
  } catch {
    /* no lock there (any more) */
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the lock of a folder (which must exist), waiting while another process holds it.
 * @param options `waitMs`: how long to wait for another holder (default {@link DEFAULT_LOCK_WAIT_MS})
 * @throws FolderLockedError when the wait ends with the lock still held
 * @throws the file-system error when the lock cannot be created (e.g. a read-only folder)
 */
export async function lockFolder(dir: string, options: { waitMs?: number } = {}): Promise<FolderLock> {
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    ageLockOfDeadOwner(dir);
    let compromised: Error | undefined;
    try {
      const release = await lockfile.lock(dir, {
        lockfilePath: join(dir, LOCK_NAME),
        realpath: false,
        stale: 10_000,
        retries: 0,
        onCompromised: (e) => void (compromised = e),
      });
      writeFileAtomic(join(dir, LOCK_OWNER_NAME), `${JSON.stringify({ pid: process.pid, host: HOST })}\n`);
      return {
        release: async () => {
          rmSync(join(dir, LOCK_OWNER_NAME), { force: true });
          await release().catch(() => undefined);
          if (compromised) throw new Error(`the lock of ${dir} was taken over while held: ${compromised.message}`);
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
      if (Date.now() - started >= waitMs) throw new FolderLockedError(dir, Date.now() - started, readOwner(dir)?.pid);
      await sleep(Math.min(50 * 2 ** Math.min(attempt, 3), 400));
    }
  }
}

/**
 * Runs `work` holding the folder's lock, and releases it after (also when `work` throws).
 * @throws what {@link lockFolder} and `work` throw
 */
export async function withFolderLock<T>(dir: string, work: () => Promise<T> | T, options: { waitMs?: number } = {}): Promise<T> {
  const lock = await lockFolder(dir, options);
  try {
    return await work();
  } finally {
    await lock.release();
  }
}
