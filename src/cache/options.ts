/**
 * The light face of src/cache for the launcher (src/cli/main.ts): where hubc keeps its caches, without
 * loading the cache library (cacache).
 */
export { CACHE_DIR_VARIABLE, cacheRoot, codeCacheDir } from './root.js';
