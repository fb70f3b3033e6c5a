/**
 * An exclusive lock on a folder hubc writes (a release feed, a build output folder), held for a whole
 * read-modify-write, so that two hubc processes do not interleave their writes: the second waits for the
 * first, or gives up with {@link FolderLockedError} after a bounded wait.
 *
 * The lock is the folder `<dir>/.hubc-lock` holding `owner.json`: a random token of this acquisition, the
 * holder's identity (src/util/processIdentity.ts: process ID and start time, boot, PID namespace, host) and
 * the stale time it promises to keep. Its modification time is the heartbeat: the holder sets it every
 * quarter of the stale time (default 10 s; `HUBC_LOCK_STALE_MS`, which the tests shorten, is recorded in the
 * lock so every waiter uses the holder's value) and at each step a writer checks with {@link FolderLock.check}.
 *
 * Every change of the lock is one rename, so no two processes can both believe they took it:
 * - taking it: the folder is made whole under a new name (`.hubc-lock.new-<token>`, owner record inside)
 *   and renamed to `.hubc-lock`, which fails while another lock (never empty) is there;
 * - taking over a lock whose holder is certainly dead (same machine, boot and PID namespace, process gone)
 *   or whose heartbeat is older than its stale time: it is renamed to `.hubc-lock.stale-<token>` and its
 *   record compared with the one judged stale (token and heartbeat); only then removed. When the rename
 *   caught another lock (taken or refreshed meanwhile), that one is put back;
 * - releasing: renamed away and checked to be this holder's before it is removed.
 * A holder whose lock was taken over (it stalled past the stale time: Ctrl-Z, a paused VM, a stalled network
 * file system) learns it at its next heartbeat or {@link FolderLock.check}, which throws
 * {@link LockLostError}; callers check before each write that others could see (publish also compares
 * index.json before replacing it, src/publish/publish.ts), so a lost lock costs a retry, not a write.
 *
 * proper-lockfile (npm) is not used for this any more: its stale takeover is stat, rmdir, mkdir, so two
 * waiters can both take a stale lock, and its lock is an empty folder, so an owner record cannot appear
 * with it atomically (issue #29, finding 1; its README: "does not detect [...] someone else acquires the
 * lock right after").
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isRunning, thisProcess, type ProcessIdentity } from './processIdentity.js';

/** The lock folder's name inside the locked folder. */
export const LOCK_NAME = '.hubc-lock';
/** The holder's record inside the lock folder. */
const OWNER_FILE = 'owner.json';
/** The record of hubc before this design, beside the lock: removed when the lock is taken. */
const LEGACY_OWNER_NAME = '.hubc-lock-owner';
/** Names of a lock being made, taken over or released (`.hubc-lock.new-<token>`, `.stale-`, `.released-`). */
const TRANSIENT = /^\.hubc-lock\.(new|stale|released)-[0-9a-f]{16}$/;

/** Default wait for another hubc process to release the lock: 60 s. */
export const DEFAULT_LOCK_WAIT_MS = 60_000;
/** Default stale time: a lock whose heartbeat is older is taken over. */
export const DEFAULT_STALE_MS = 10_000;
/** The environment variable that sets the stale time of the locks this process takes (1 s to 10 min). */
export const STALE_VARIABLE = 'HUBC_LOCK_STALE_MS';

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

/** This process held the lock and another took it over (it stalled past the stale time). */
export class LockLostError extends Error {
  /**
   * @param dir the locked folder
   * @param heldMs how long this process had held it
   */
  constructor(
    readonly dir: string,
    readonly heldMs: number,
  ) {
    super(`the lock of ${dir} was taken over by another process while this one held it (no heartbeat for longer than its stale time: the process was stopped or stalled)`);
    this.name = 'LockLostError';
  }
}

/** A held lock. */
export interface FolderLock {
  /** The locked folder. */
  readonly dir: string;
  /**
   * Checks that the lock is still this process's and refreshes its heartbeat; synchronous, a few system
   * calls. Call it before each write others could see.
   * @throws LockLostError when another process took it over
   */
  check(): void;
  /** True once this process knows it lost the lock. */
  readonly lost: boolean;
  /** Releases the lock; nothing to do when it was lost. */
  release(): Promise<void>;
}

interface LockRecord extends ProcessIdentity {
  token: string;
  staleMs: number;
}

/** What is at `.hubc-lock` (or a name it was renamed to): its record (if readable) and heartbeat. */
interface Observed {
  record: LockRecord | undefined;
  mtimeMs: number;
  ino: number;
}

function observe(path: string): Observed | undefined {
  let st;
  try {
    st = statSync(path);
  } catch {
    return undefined;
  }
  let record: LockRecord | undefined;
  try {
    const r = JSON.parse(readFileSync(join(path, OWNER_FILE), 'utf8')) as LockRecord;
    if (typeof r.token === 'string' && typeof r.pid === 'number' && typeof r.host === 'string') record = r;
  } catch {
    /* a lock of hubc before this design (an empty folder), or one being removed */
  }
  return { record, mtimeMs: st.mtimeMs, ino: st.ino };
}

const sameLock = (a: Observed, b: Observed) => (a.record || b.record ? a.record?.token === b.record?.token : a.ino === b.ino) && a.mtimeMs === b.mtimeMs;

function staleTime(): number {
  const v = Number(process.env[STALE_VARIABLE]);
  return Number.isFinite(v) && v >= 1_000 && v <= 600_000 ? Math.round(v) : DEFAULT_STALE_MS;
}

/** True when the observed lock may be taken over: its holder certainly died, or its heartbeat is too old. */
function isStale(o: Observed): boolean {
  if (o.record && isRunning(o.record) === false) return true;
  const staleMs = o.record && Number.isFinite(o.record.staleMs) && o.record.staleMs >= 1_000 ? o.record.staleMs : DEFAULT_STALE_MS;
  return Date.now() - o.mtimeMs > staleMs;
}

const token = () => randomBytes(8).toString('hex');
const errno = (e: unknown) => (e as NodeJS.ErrnoException).code;

/** One try to take the lock: true when taken. */
function tryTake(dir: string, record: LockRecord): boolean {
  const fresh = join(dir, `${LOCK_NAME}.new-${record.token}`);
  mkdirSync(fresh);
  try {
    writeFileSync(join(fresh, OWNER_FILE), `${JSON.stringify(record)}\n`, { flag: 'wx' });
    renameSync(fresh, join(dir, LOCK_NAME));
    return true;
  } catch (e) {
    rmSync(fresh, { recursive: true, force: true });
    // Another lock is there (a folder with its record: rename does not replace a non-empty folder).
    if (['ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'EISDIR'].includes(errno(e) ?? '')) return false;
    throw e;
  }
}

/**
 * Takes over the lock observed as stale, when it is still that lock.
 * @returns true when it was removed (the caller tries to take the lock again at once)
 */
function takeOver(dir: string, observed: Observed): boolean {
  const lock = join(dir, LOCK_NAME);
  const grave = join(dir, `${LOCK_NAME}.stale-${token()}`);
  try {
    renameSync(lock, grave);
  } catch (e) {
    if (errno(e) === 'ENOENT') return true;
    throw e;
  }
  const moved = observe(grave);
  if (moved && sameLock(moved, observed)) {
    rmSync(grave, { recursive: true, force: true });
    return true;
  }
  // Taken or refreshed between the look and the rename: put it back (its holder may have noticed; then it retries).
  try {
    renameSync(grave, lock);
  } catch {
    rmSync(grave, { recursive: true, force: true });
  }
  return false;
}

/** Removes what killed processes left of taking or releasing the lock (names of {@link TRANSIENT}, older than a minute). */
function removeTransients(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!TRANSIENT.test(name)) continue;
    const st = statSync(join(dir, name), { throwIfNoEntry: false });
    if (st?.isDirectory() && Date.now() - st.mtimeMs > 60_000) rmSync(join(dir, name), { recursive: true, force: true });
  }
  rmSync(join(dir, LEGACY_OWNER_NAME), { force: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Locks this process holds, released on a normal exit. */
const held = new Set<HeldLock>();
let exitHook = false;

class HeldLock implements FolderLock {
  private readonly since = Date.now();
  private readonly timer: NodeJS.Timeout;
  lost = false;

  constructor(
    readonly dir: string,
    private readonly record: LockRecord,
  ) {
    this.timer = setInterval(() => this.beat(), Math.max(250, Math.floor(record.staleMs / 4)));
    this.timer.unref();
    held.add(this);
    if (!exitHook) {
      exitHook = true;
      process.on('exit', () => [...held].forEach((l) => l.releaseSync()));
    }
  }

  /** Refreshes the heartbeat; false (and `lost`) when the lock is no longer this one. */
  private beat(): boolean {
    if (this.lost) return false;
    const lock = join(this.dir, LOCK_NAME);
    const now = observe(lock);
    if (now?.record?.token !== this.record.token) {
      this.lost = true;
      clearInterval(this.timer);
      return false;
    }
    try {
      const t = new Date();
      utimesSync(lock, t, t);
    } catch {
      /* gone meanwhile: the next check tells */
    }
    return true;
  }

  check(): void {
    if (!this.beat()) throw new LockLostError(this.dir, Date.now() - this.since);
  }

  releaseSync(): void {
    clearInterval(this.timer);
    held.delete(this);
    if (this.lost) return;
    this.lost = true;
    const away = join(this.dir, `${LOCK_NAME}.released-${this.record.token}`);
    try {
      renameSync(join(this.dir, LOCK_NAME), away);
    } catch {
      return;
    }
    if (observe(away)?.record?.token === this.record.token) rmSync(away, { recursive: true, force: true });
    else {
      try {
        renameSync(away, join(this.dir, LOCK_NAME));
      } catch {
        rmSync(away, { recursive: true, force: true });
      }
    }
  }

  async release(): Promise<void> {
    this.releaseSync();
  }
}

/**
 * Takes the lock of a folder (which must exist), waiting while another process holds it.
 * @param options `waitMs`: how long to wait for another holder (default {@link DEFAULT_LOCK_WAIT_MS})
 * @throws FolderLockedError when the wait ends with the lock still held
 * @throws the file-system error when the lock cannot be created (e.g. a read-only folder)
 */
export async function lockFolder(dir: string, options: { waitMs?: number } = {}): Promise<FolderLock> {
  const waitMs = options.waitMs ?? DEFAULT_LOCK_WAIT_MS;
  const started = Date.now();
  const record: LockRecord = { token: token(), ...thisProcess(), staleMs: staleTime() };
  for (let attempt = 0; ; attempt++) {
    if (tryTake(dir, record)) {
      removeTransients(dir);
      return new HeldLock(dir, record);
    }
    const observed = observe(join(dir, LOCK_NAME));
    if (!observed || (isStale(observed) && takeOver(dir, observed))) continue;
    if (Date.now() - started >= waitMs) {
      const owner = observed.record && isRunning(observed.record) !== undefined ? observed.record.pid : undefined;
      throw new FolderLockedError(dir, Date.now() - started, owner);
    }
    await sleep(Math.min(50 * 2 ** Math.min(attempt, 3), 400));
  }
}

/**
 * Runs `work` holding the folder's lock, and releases it after (also when `work` throws).
 * @throws what {@link lockFolder} and `work` throw
 */
export async function withFolderLock<T>(dir: string, work: (lock: FolderLock) => Promise<T> | T, options: { waitMs?: number } = {}): Promise<T> {
  const lock = await lockFolder(dir, options);
  try {
    return await work(lock);
  } finally {
    await lock.release();
  }
}
