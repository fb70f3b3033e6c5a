/**
 * Paths into hub.yaml data and how diagnostics write them.
 */

/** A path into hub.yaml data: keys and array indexes. */
export type DataPath = readonly (string | number)[];

/** `a.b[0].c` for a data path; `(root)` for the empty path. */
export function dottedPath(path: DataPath): string {
  return path.length
    ? path
        .map((p) => (typeof p === 'number' || /^\d+$/.test(String(p)) ? `[${p}]` : `.${p}`))
        .join('')
        .replace(/^\./, '')
    : '(root)';
}
