/**
 * The light face of src/cache for the launcher (src/cli/main.ts): where hubc keeps its caches, without
 * loading the cache library (cacache).
 */
export { codeCacheDir } from './root.js';
