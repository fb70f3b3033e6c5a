/**
 * The on-disk cache of validation results (`$XDG_CACHE_HOME/hubc/results`, default `~/.cache/hubc/results`).
 *
 * Validators whose result depends only on their input (the Kusto language service on a command and the
 * database schema it runs against, the ARM JSON schemas on a resource) store what they found here, keyed by a
 * SHA-256 of everything the result depends on, so `hubc validate` of an unchanged (or slightly changed) hub
 * does not redo the work. Storage is npm's content-addressable cache, `cacache`: every read is checked
 * against the content's integrity hash. A value is also stored with its own key inside, and read back only
 * when that key matches and the caller's shape check accepts it; a corrupted, truncated or foreign entry is
 * dropped (index entry and content) and counts as a miss, so the caller computes the value again and
 * rewrites it. Nothing read from the cache is ever trusted unchecked.
 *
 * Nothing is read or written outside the cache folder either (issue #20): cacache appends to index files,
 * creates folders and moves files into place, all of which follow symbolic links. So before cacache reads or
 * writes an entry, every path it will use (the key's index file, the content file, the `tmp` folder) is
 * checked component by component below the cache folder: each must be a real folder (not a link), the
 * file itself absent or a regular file with one link (not a symbolic or hard link to a file elsewhere, not a
 * FIFO). An entry that fails is a miss and nothing is written through it. The cache folder itself may be a
 * link (a user's `~/.cache` often is). A link planted between the check and the write is not caught: the
 * cache is a per-user folder, and the check is against what is left there, not against a live attacker.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { confined } from '../util/confined.js';
import { fileURLToPath } from 'node:url';
import { packagePath } from '../util/packageRoot.js';
import { cacheRoot } from './root.js';

/** A store of JSON values by key. All methods resolve; storage failures are misses, never errors. */
export interface ResultCache {
  /**
   * The value stored under `key`, if there is one that parses, carries the same key and passes `accept`.
   * Anything else found under the key is removed.
   */
  get<T>(key: string, accept: (value: unknown) => value is T): Promise<T | undefined>;
  /** Stores `value` (JSON data) under `key`, replacing what was there. */
  put(key: string, value: unknown): Promise<void>;
}

/** The cache that holds nothing (`--no-cache`, tests). */
export const NO_CACHE: ResultCache = {
  get: async () => undefined,
  put: async () => undefined,
};

/**
 * Folder of the validation result cache: `$HUBC_CACHE_DIR/results`, else `$XDG_CACHE_HOME/hubc/results`,
 * else `~/.cache/hubc/results` (the XDG base directory convention).
 */
export function resultCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheRoot(env), 'results');
}

/** Format of the stored envelope; bump to orphan every entry written before. */
const ENVELOPE_FORMAT = 1;

interface Envelope {
  format: number;
  key: string;
  value: unknown;
}

const isEnvelope = (v: unknown, key: string): v is Envelope =>
  typeof v === 'object' && v !== null && (v as Envelope).format === ENVELOPE_FORMAT && (v as Envelope).key === key && 'value' in v;

type Cacache = typeof import('cacache');
/** cacache and the two functions of its layout the confinement check uses (see cacache-internals.d.ts). */
interface CacacheParts {
  cacache: Cacache;
  bucketPath: (cache: string, key: string) => string;
  contentPath: (cache: string, integrity: string) => string;
}
let cacacheModule: Promise<CacacheParts> | undefined;
/** A CommonJS module's exports: bundled, on the namespace's `default`; from node_modules, on the namespace itself. */
const cjs = <T>(m: unknown): T => ((m as { default?: T }).default ?? m) as T;
/** cacache is loaded on first use, so commands that never touch the cache do not pay for it. */
const loadCacache = () =>
  (cacacheModule ??= Promise.all([import('cacache'), import('cacache/lib/entry-index.js'), import('cacache/lib/content/path.js')]).then(([c, index, content]) => ({
    cacache: cjs<Cacache>(c),
    bucketPath: cjs<{ bucketPath: CacacheParts['bucketPath'] }>(index).bucketPath,
    contentPath: cjs<CacacheParts['contentPath']>(content),
  })));

/** The integrity string cacache gives data it stores (its default algorithm, sha512). */
const integrityOf = (data: string) => `sha512-${createHash('sha512').update(data).digest('base64')}`;

/**
 * A result cache in `dir` (created on first write).
 * @param dir cache folder, e.g. {@link resultCacheDir}()
 */
export function openResultCache(dir: string): ResultCache {
  /** The key's index file, and the content file of `integrity` when given, are confined to `dir` (see the module comment). */
  const safe = (parts: CacacheParts, key: string, integrity?: string) =>
    confined(dir, parts.bucketPath(dir, key), 'file') && (integrity === undefined || confined(dir, parts.contentPath(dir, integrity), 'file'));
  const drop = async (parts: CacacheParts, key: string) => {
    const { cacache } = parts;
    try {
      const info = await cacache.get.info(dir, key);
      if (info && !safe(parts, key, info.integrity)) return;
      if (info) await cacache.rm.content(dir, info.integrity);
      await cacache.rm.entry(dir, key);
    } catch {
      // nothing to drop, or the folder is not writable: the entry stays a miss either way
    }
  };
  return {
    async get<T>(key: string, accept: (value: unknown) => value is T): Promise<T | undefined> {
      const parts = await loadCacache();
      const { cacache } = parts;
      let text: string;
      try {
        if (!safe(parts, key)) return undefined;
        const info = await cacache.get.info(dir, key);
        if (!info) return undefined; // never stored
        if (!safe(parts, key, info.integrity)) return undefined;
        text = (await cacache.get.byDigest(dir, info.integrity)).toString('utf8');
      } catch (e) {
        // ENOENT: never stored. EINTEGRITY, EBADSIZE, parse errors of the index: damaged, so dropped.
        if ((e as { code?: string }).code !== 'ENOENT') await drop(parts, key);
        return undefined;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (isEnvelope(parsed, key) && accept(parsed.value)) return parsed.value;
      await drop(parts, key);
      return undefined;
    },
    async put(key: string, value: unknown): Promise<void> {
      const parts = await loadCacache();
      const data = JSON.stringify({ format: ENVELOPE_FORMAT, key, value } satisfies Envelope);
      // cacache writes a temporary file under tmp/, moves it to the content path, then appends to the index.
      if (!safe(parts, key, integrityOf(data)) || !confined(dir, join(dir, 'tmp'), 'folder')) return;
      try {
        await parts.cacache.put(dir, key, data);
      } catch {
        // a read-only or full disk only costs the next run its cache hit
      }
    },
  };
}

/**
 * SHA-256 (hex) of a list of parts; each part is length-prefixed, so `['ab', 'c']` and `['a', 'bc']` differ.
 */
export function cacheKey(...parts: readonly string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${Buffer.byteLength(p)}:`).update(p);
  return h.digest('hex');
}

let identity: string | undefined;

/**
 * Identity of the running hubc code, part of every cache key so a changed validator never reads results of
 * an earlier one: when hubc runs bundled (from `dist/`), the build id written beside the bundle
 * (`dist/BUILD_ID`, a hash of the bundle files); when it runs from its sources (tsx), a hash of the size and modification time of every file under `src/` and
 * of `package-lock.json` (the pinned validator packages).
 * @throws Error when running bundled and `dist/BUILD_ID` is missing (an incomplete build)
 */
export function codeIdentity(): string {
  if (identity) return identity;
  const dist = packagePath('dist');
  if (fileURLToPath(import.meta.url).startsWith(dist)) {
    return (identity = readFileSync(join(dist, 'BUILD_ID'), 'utf8').trim());
  } else {
    const stamps: string[] = [];
    for (const e of readdirSync(packagePath('src'), { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const full = join(e.parentPath, e.name);
      const st = statSync(full);
      stamps.push(`${full}:${st.size}:${st.mtimeMs}`);
    }
    stamps.sort();
    const lock = statSync(packagePath('package-lock.json'));
    stamps.push(`lock:${lock.size}:${lock.mtimeMs}`);
    return (identity = cacheKey('source', ...stamps));
  }
}
