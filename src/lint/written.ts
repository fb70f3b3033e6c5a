/**
 * Which files of a lint run a build folder holds. `hubc lint` compiles in memory; its findings may name
 * `DIR/<release>/<file>` only when that file holds exactly what was linted (a folder written by
 * `hubc build` from the same hub.yaml, release and hubc). Otherwise the folder holds another build, or
 * none, and a finding names the file of the build in memory as `<release>/<file>` with the release in
 * angle brackets (`<0.7>/azuredeploy.json`), which no folder holds: a position in it would point into
 * another file's text.
 *
 * Only the files findings name are read, and only to compare: a file is read when it is a regular file
 * (not a link) inside the folder after resolving links, and has the artifact's size.
 */
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { LintReport } from './types.js';

/** Where the findings of one release point: the written file, or the file of the build in memory. */
export interface FindingFiles {
  /** The path a finding in `file` (relative to the release folder) is printed with. */
  pathOf(release: string, file: string): string;
  /** True when the build folder holds `file` of the release as linted. */
  written(release: string, file: string): boolean;
  /** Per release, the files findings name that the build folder does not hold as linted, sorted. */
  unwritten: ReadonlyMap<string, readonly string[]>;
}

/** The path naming a file of the build in memory: `<0.7>/azuredeploy.json`. */
export function inMemoryPath(release: string, file: string): string {
  return `<${release}>/${file}`;
}

/** True when `path` is a regular file inside `root` (after links) whose bytes are `text`. */
function holds(root: string | undefined, path: string, text: string): boolean {
  if (root === undefined) return false;
  try {
    const st = lstatSync(path);
    if (!st.isFile() || st.size !== Buffer.byteLength(text)) return false;
    if (!realpathSync(path).startsWith(root + sep)) return false;
    return readFileSync(path).equals(Buffer.from(text));
  } catch {
    return false;
  }
}

/**
 * Compares the files the findings of each report name with `out/<release>/<file>`.
 * @param out the build output folder (`--out`, default `dist-templates`), relative to the working folder
 *   or absolute; printed as given (with `/` separators)
 * @param reports what `lintHub` returned (findings and suppressed findings, with the artifacts linted)
 */
export function findingFiles(out: string, reports: readonly LintReport[]): FindingFiles {
  const base = out.replace(/\\/g, '/').replace(/\/+$/, '');
  let root: string | undefined;
  try {
    root = realpathSync(out);
  } catch {
    root = undefined;
  }
  const known = new Map<string, boolean>();
  const unwritten = new Map<string, string[]>();
  for (const r of reports) {
    const files = new Set([...r.diagnostics, ...r.suppressed.map((s) => s.diagnostic)].map((d) => d.file).filter((f): f is string => f !== undefined));
    for (const file of [...files].sort()) {
      const text = r.artifacts.get(file);
      const ok = text !== undefined && holds(root, join(out, r.release, ...file.split('/')), text);
      known.set(`${r.release}\u0000${file}`, ok);
      if (!ok) unwritten.set(r.release, [...(unwritten.get(r.release) ?? []), file]);
    }
  }
  const written = (release: string, file: string) => known.get(`${release}\u0000${file}`) === true;
  return {
    written,
    pathOf: (release, file) => (written(release, file) ? `${base}/${release}/${file}` : inMemoryPath(release, file)),
    unwritten,
  };
}
