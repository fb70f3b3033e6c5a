/**
 * Whether a path below a folder can be written without leaving the folder: the check hubc makes before a
 * library it does not control (cacache) or a plain rename writes into a cache folder, where a symbolic link
 * planted in the folder would otherwise be followed (issue #20).
 */
import { lstatSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * Whether `path` (inside `dir`) can be used without leaving `dir`: every existing folder between them is a
 * real folder, and `path` is absent, or a regular file with a single link (`file`) or a real folder (`folder`).
 */
export function confined(dir: string, path: string, kind: 'file' | 'folder'): boolean {
  const rel = relative(dir, path);
  if (!rel || rel.startsWith('..')) return false;
  const parts = rel.split(sep);
  let at = dir;
  for (let i = 0; i < parts.length; i++) {
    at = join(at, parts[i]);
    let st;
    try {
      st = lstatSync(at);
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'ENOENT'; // nothing further down exists either
    }
    const last = i === parts.length - 1;
    if (!last || kind === 'folder') {
      if (!st.isDirectory()) return false;
    } else if (!st.isFile() || st.nlink !== 1) return false;
  }
  return true;
}
