/**
 * Folder snapshots for the crash tests: every entry under a folder (files with their bytes, symbolic links
 * with their targets, folders), never following a link, so "nothing else changed" can be asserted exactly.
 */
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Relative path -> `file:<content, UTF-8>` / `link:<target>` / `dir` / `special` (FIFO, socket, device; never opened), sorted by path. */
export function snapshot(dir: string): Map<string, string> {
  const out: [string, string][] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(rel ? join(dir, rel) : dir).sort()) {
      const path = rel ? `${rel}/${name}` : name;
      const full = join(dir, path);
      const st = lstatSync(full);
      if (st.isSymbolicLink()) out.push([path, `link:${readlinkSync(full)}`]);
      else if (st.isDirectory()) {
        out.push([path, 'dir']);
        walk(path);
      } else if (st.isFile()) out.push([path, `file:${readFileSync(full).toString('utf8')}`]);
      else out.push([path, 'special']);
    }
  };
  walk('');
  return new Map(out);
}

/** The files of a snapshot under `prefix/` (prefix removed) -> content. */
export function filesUnder(snap: ReadonlyMap<string, string>, prefix: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [p, v] of snap) if (p.startsWith(`${prefix}/`) && v.startsWith('file:')) out.set(p.slice(prefix.length + 1), v.slice(5));
  return out;
}

/** Names in a snapshot's top level that hubc leaves only when interrupted (`.hubc-*`). */
export function leftovers(snap: ReadonlyMap<string, string>): string[] {
  return [...snap.keys()].filter((p) => !p.includes('/') && p.startsWith('.hubc-'));
}
