/**
 * V8's code cache for a CommonJS bundle: the bytecode V8 compiled for the bundle on an earlier run, so a
 * later run neither parses the bundle nor compiles the functions it calls again. Node 20 offers this only to
 * scripts (`vm.Script` with `cachedData`, https://nodejs.org/docs/latest-v20.x/api/vm.html#new-vmscriptcode-options);
 * its compile cache for ES modules (`module.enableCompileCache`) arrived in Node 22.1. `hubc build` uses it
 * (see `main.ts`): the cache is written after a run that had none, so it holds every function that run
 * compiled.
 *
 * The cache is one file per bundle and Node per folder (`<hubc cache>/code/<key>.v8cache`, src/cache/root.ts),
 * keyed by the bundle's `BUILD_ID` (beside it, scripts/build.mjs), a SHA-256 of its text, and Node's and
 * V8's versions, platform, architecture and flags (V8 refuses a cache made by another V8 build or with
 * other flags). What is read is checked before V8 sees it: V8 itself checks only the length of the source
 * and, in release builds, not the bytes of the cache, so the file carries our own format line, its key and a
 * SHA-256 of the V8 data. A missing, damaged, truncated, foreign or oversized file, a symbolic link in its
 * place, an unreadable or unwritable folder: each is a miss, never an error, and the run writes a good file
 * (atomically: a new file renamed into place). Only the newest {@link KEEP_CACHE_FILES} cache files of the
 * folder are kept. Nothing outside the folder is read, written or deleted.
 */
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** How a run got its code: `hit` (V8 took the cache), `miss` (no usable file), `rejected` (V8 refused the file). */
export type CodeCacheStatus = 'hit' | 'miss' | 'rejected';

/** A CommonJS bundle evaluated through the code cache. */
export interface CodeCachedModule<T> {
  /** The bundle's `module.exports`. */
  exports: T;
  status: CodeCacheStatus;
  /** Path of the bundle's cache file (it may not exist). */
  cacheFile: string;
  /**
   * After a run on a miss or a rejected cache: writes the cache (V8's data for every function compiled so
   * far). Does nothing on a hit. Never throws; a failure only costs the next run its hit.
   */
  save(): void;
}

/** First line of a cache file; change it to orphan every file written before. */
const FORMAT = 'hubc-v8-code-cache 1';
const HEX64 = /^[0-9a-f]{64}$/;
/** Largest cache file read (the build bundle's is about 1.2 MB). */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** Cache files kept in the folder (other hubc builds or Node versions), newest first. */
export const KEEP_CACHE_FILES = 4;
/** Temporary files of an interrupted write older than this are removed (ms). */
const STALE_TEMP_MS = 60 * 60 * 1000;
const CACHE_FILE = /^[0-9a-f]{64}\.v8cache$/;
const TEMP_FILE = /^\.[0-9a-f]{16}-\d+-[0-9a-f]{8}\.tmp$/;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Key of a bundle's cache: SHA-256 of the format, the build id, the bundle text and what makes V8 refuse a
 * cache (Node and V8 versions, platform, architecture, `execArgv` and `NODE_OPTIONS`).
 */
export function codeCacheKey(buildId: string, source: string): string {
  const parts = [
    FORMAT,
    buildId,
    sha256(source),
    process.version,
    process.versions.v8,
    process.platform,
    process.arch,
    ...process.execArgv,
    '\u0000',
    process.env.NODE_OPTIONS ?? '',
  ];
  return sha256(parts.join('\u0000'));
}

/** Length of the header: the format line, the key line and the SHA-256 line of the V8 data. */
const HEADER_BYTES = FORMAT.length + 1 + 64 + 1 + 64 + 1;

/**
 * The V8 data of a cache file, when the file is a regular file (not a symbolic link) of at most
 * {@link MAX_CACHE_BYTES} whose header names this format and `key` and whose data has the SHA-256 the header
 * gives; else undefined.
 */
export function readCodeCache(file: string, key: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    // O_NOFOLLOW refuses a symbolic link; where it does not exist (Windows), lstat does.
    if (!constants.O_NOFOLLOW && lstatSync(file).isSymbolicLink()) return undefined;
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size <= HEADER_BYTES || stat.size > MAX_CACHE_BYTES) return undefined;
    const bytes = Buffer.allocUnsafe(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) return undefined;
      read += n;
    }
    const header = bytes.subarray(0, HEADER_BYTES).toString('latin1').split('\n');
    const data = bytes.subarray(HEADER_BYTES);
    if (header[0] !== FORMAT || header[1] !== key || !HEX64.test(header[2]) || header[2] !== sha256(data)) return undefined;
    return data;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes a cache file atomically (a new file in the same folder, renamed over `file`), then keeps the
 * newest {@link KEEP_CACHE_FILES} cache files of the folder and removes temporary files of interrupted
 * writes. Never throws.
 */
export function writeCodeCache(file: string, key: string, data: Buffer): void {
  const dir = dirname(file);
  const temp = join(dir, `.${key.slice(0, 16)}-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    mkdirSync(dir, { recursive: true });
    // 'wx': a new file only, never through a symbolic link or over another run's file.
    writeFileSync(temp, Buffer.concat([Buffer.from(`${FORMAT}\n${key}\n${sha256(data)}\n`, 'latin1'), data]), { flag: 'wx' });
    renameSync(temp, file);
  } catch {
    try {
      unlinkSync(temp);
    } catch {
      // never created
    }
    return;
  }
  pruneCodeCache(dir);
}

/** Removes all but the newest {@link KEEP_CACHE_FILES} cache files, and temporary files older than an hour. */
function pruneCodeCache(dir: string): void {
  try {
    const now = Date.now();
    const files: { path: string; mtime: number }[] = [];
    for (const name of readdirSync(dir)) {
      if (!CACHE_FILE.test(name) && !TEMP_FILE.test(name)) continue;
      const path = join(dir, name);
      const stat = lstatSync(path);
      if (!stat.isFile()) continue;
      if (CACHE_FILE.test(name)) files.push({ path, mtime: stat.mtimeMs });
      else if (now - stat.mtimeMs > STALE_TEMP_MS) unlinkSync(path);
    }
    files.sort((a, b) => b.mtime - a.mtime);
    for (const f of files.slice(KEEP_CACHE_FILES)) unlinkSync(f.path);
  } catch {
    // another run pruning at the same time, or an unreadable folder: the next write prunes again
  }
}

/**
 * Evaluates a CommonJS bundle (its `BUILD_ID` beside it) through the code cache in `cacheDir`, as Node
 * would load it (`exports`, `require` relative to the bundle, `module`, `__filename`, `__dirname`).
 * @param bundle absolute path of the `.cjs` bundle
 * @returns the module, or undefined when the bundle or its `BUILD_ID` cannot be read (the caller runs
 *   without it)
 * @throws what the bundle's own top-level code throws
 */
export function loadCodeCached<T>(bundle: string, cacheDir: string): CodeCachedModule<T> | undefined {
  let source: string;
  let buildId: string;
  try {
    source = readFileSync(bundle, 'utf8');
    buildId = readFileSync(join(dirname(bundle), 'BUILD_ID'), 'utf8').trim();
  } catch {
    return undefined;
  }
  if (!HEX64.test(buildId)) return undefined;
  const key = codeCacheKey(buildId, source);
  const cacheFile = join(cacheDir, `${key}.v8cache`);
  const cachedData = readCodeCache(cacheFile, key);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundle, cachedData });
  const status: CodeCacheStatus = !cachedData ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit';
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return {
    exports: module.exports,
    status,
    cacheFile,
    save() {
      if (status === 'hit') return;
      let data: Buffer;
      try {
        data = script.createCachedData();
      } catch {
        return;
      }
      writeCodeCache(cacheFile, key, data);
    },
  };
}
