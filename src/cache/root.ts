/**
 * Where hubc keeps what it may throw away: `$HUBC_CACHE_DIR`, else `$XDG_CACHE_HOME/hubc`, else
 * `~/.cache/hubc` (the XDG base directory convention). Below it, `results/` holds `hubc validate`'s results
 * (./index.ts) and `code/` V8's code cache of `hubc build` (src/cli/codeCache.ts).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Environment variable naming the cache root (a folder); default `$XDG_CACHE_HOME/hubc` or `~/.cache/hubc`. */
export const CACHE_DIR_VARIABLE = 'HUBC_CACHE_DIR';

/** The cache root: `$HUBC_CACHE_DIR`, else `$XDG_CACHE_HOME/hubc`, else `~/.cache/hubc`. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  return env[CACHE_DIR_VARIABLE] || join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'hubc');
}

/** Folder of V8's code cache of `hubc build`: `code/` below the {@link cacheRoot}. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(cacheRoot(env), 'code');
}
