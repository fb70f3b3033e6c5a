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
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
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

export { CACHE_DIR_VARIABLE } from './root.js';

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
let cacacheModule: Promise<Cacache> | undefined;
/**
 * cacache is loaded on first use, so commands that never touch the cache do not pay for it. It is CommonJS:
 * bundled, its functions are on the namespace's `default`; from node_modules, on the namespace itself.
 */
const loadCacache = () => (cacacheModule ??= import('cacache').then((m) => ((m as { default?: Cacache }).default ?? m) as Cacache));

/**
 * A result cache in `dir` (created on first write).
 * @param dir cache folder, e.g. {@link resultCacheDir}()
 */
export function openResultCache(dir: string): ResultCache {
  const drop = async (cacache: Cacache, key: string) => {
    try {
      const info = await cacache.get.info(dir, key);
      if (info) await cacache.rm.content(dir, info.integrity);
      await cacache.rm.entry(dir, key);
    } catch {
      // nothing to drop, or the folder is not writable: the entry stays a miss either way
    }
  };
  return {
    async get<T>(key: string, accept: (value: unknown) => value is T): Promise<T | undefined> {
      const cacache = await loadCacache();
      let text: string;
      try {
        text = (await cacache.get(dir, key)).data.toString('utf8');
      } catch (e) {
        // ENOENT: never stored. EINTEGRITY, EBADSIZE, parse errors of the index: damaged, so dropped.
        if ((e as { code?: string }).code !== 'ENOENT') await drop(cacache, key);
        return undefined;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (isEnvelope(parsed, key) && accept(parsed.value)) return parsed.value;
      await drop(cacache, key);
      return undefined;
    },
    async put(key: string, value: unknown): Promise<void> {
      const cacache = await loadCacache();
      const envelope: Envelope = { format: ENVELOPE_FORMAT, key, value };
      try {
        await cacache.put(dir, key, JSON.stringify(envelope));
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
    const walk = (dir: string) => {
      for (const name of readdirSync(dir).sort()) {
        const full = join(dir, name);
        const st = statSync(full);
        if (st.isDirectory()) walk(full);
        else stamps.push(`${full}:${st.size}:${st.mtimeMs}`);
      }
    };
    walk(packagePath('src'));
    const lock = statSync(packagePath('package-lock.json'));
    stamps.push(`lock:${lock.size}:${lock.mtimeMs}`);
    return (identity = cacheKey('source', ...stamps));
  }
}
