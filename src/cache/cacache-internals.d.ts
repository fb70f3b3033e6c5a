/**
 * Types of the two functions of cacache (pinned at 20.0.4) that say where it keeps an entry, which
 * src/cache/index.ts checks before letting cacache read or write there. They are part of cacache's lib/,
 * not of its documented API; the cache tests plant links at the paths cacache really used, so a change of
 * layout in a cacache update fails them.
 */
declare module 'cacache/lib/entry-index.js' {
  /** The index bucket file of a key: `<cache>/index-v5/<2 hex>/<2 hex>/<rest of sha256(key)>`. */
  export function bucketPath(cache: string, key: string): string;
}
declare module 'cacache/lib/content/path.js' {
  /** The content file of an integrity string: `<cache>/content-v2/<algorithm>/<2 hex>/<2 hex>/<rest>`. */
  function contentPath(cache: string, integrity: string): string;
  export = contentPath;
}
