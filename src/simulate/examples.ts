/**
 * The example exports hubc ships (`examples/exports/<name>/` of the package, issue #30 item 10): each a
 * storage folder holding one Cost Management export as the service writes it into `rawexports` (a
 * manifest and its CSV files for releases 0.4 and later, a CSV at the path shape 0.1-0.3 read). A clone
 * has every case the tests use; the package holds the few its `files` list names (docs/simulate.md).
 * `hubc simulate --example NAME --storage DIR` copies one into DIR and starts from the blob that starts it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { codes } from '../diagnostics/index.js';
import { packagePath } from '../util/packageRoot.js';
import { createFileExclusive, lstatIfExists, makeFolderInside, UnsafePathError } from '../util/files.js';
import { SimulationError } from './values.js';

/** The folder of the example exports that ship with this hubc. */
export function examplesDir(): string {
  return packagePath('examples', 'exports');
}

/** Names of the example exports this hubc has, sorted (none when the folder is missing). */
export function exampleNames(): string[] {
  const dir = examplesDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Files of an example, as paths in the storage folder (container first, `/`), sorted. */
function exampleFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.push(relative(root, p).split(sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/**
 * The blob whose creation starts an example: its export manifest (releases 0.4 and later read exports by
 * manifest), else its one CSV file (releases 0.1-0.3 find a CSV by its path).
 * @param files the example's paths, container first
 */
export function exampleEvent(files: readonly string[]): string | undefined {
  const exported = files.filter((f) => f.startsWith('rawexports/'));
  const manifest = exported.find((f) => f.endsWith('/manifest.json'));
  if (manifest) return manifest;
  const csv = exported.filter((f) => /\.csv(\.gz)?$/.test(f));
  return csv.length === 1 ? csv[0] : undefined;
}

/**
 * What is at `rel` (`/`-separated) inside the folder `storage`, looked at one component at a time.
 * @returns its `lstat`; undefined when it (or a folder on the way) is missing; null when something other
 *   than a folder is on the way
 * @throws SimulationError HUB467 for a symbolic link on the way or at `rel`
 */
function entryInside(storage: string, rel: string): Stats | undefined | null {
  const parts = rel.split('/');
  let path = storage;
  for (let i = 0; i < parts.length; i++) {
    path = join(path, parts[i]);
    const st = lstatIfExists(path);
    if (!st) return undefined;
    if (st.isSymbolicLink()) throw new SimulationError(codes.HUB467.raise({ path: parts.slice(0, i + 1).join('/'), storage }));
    if (i < parts.length - 1 && !st.isDirectory()) return null;
  }
  return lstatIfExists(path);
}

/** What copying an example did. */
export interface CopiedExample {
  /** The example's files (container first), in the storage folder now. */
  files: string[];
  /** Of those, the ones already there with the same bytes (from an earlier run). */
  kept: string[];
  /** The blob that starts the example ({@link exampleEvent}), when it has one. */
  event?: string;
}

/**
 * Copies the example export `name` into the storage folder `storage` (created when missing). Each file is
 * created new; one already there with the same bytes is kept (so the same command again, after a kill or
 * after a run, copies what is missing), one with other bytes is refused before anything is written.
 * Nothing is written through a link.
 * @throws SimulationError HUB021 for an unknown name (listing the names this hubc has), HUB022 for a file of
 *   the storage folder the copy would replace, HUB467 for a link on the way
 */
export function copyExample(name: string, storage: string): CopiedExample {
  const names = exampleNames();
  if (!names.includes(name)) throw new SimulationError(codes.HUB021.raise({ name, names, dir: examplesDir() }));
  const root = join(examplesDir(), name);
  const files = exampleFiles(root);
  const kept: string[] = [];
  for (const f of files) {
    const st = entryInside(storage, f);
    if (st === undefined) continue;
    if (!st?.isFile() || !readFileSync(join(storage, ...f.split('/'))).equals(readFileSync(join(root, ...f.split('/'))))) {
      throw new SimulationError(codes.HUB022.raise({ name, path: f, storage }));
    }
    kept.push(f);
  }
  try {
    // DIR itself may be a link (as --storage may); below it, nothing is followed.
    if (!existsSync(storage)) mkdirSync(storage, { recursive: true });
    if (!statSync(storage).isDirectory()) throw new SimulationError(codes.HUB450.notFolder({ storage }));
    for (const f of files) {
      if (kept.includes(f)) continue;
      makeFolderInside(storage, f.split('/').slice(0, -1).join('/'));
      createFileExclusive(join(storage, ...f.split('/')), readFileSync(join(root, ...f.split('/'))));
    }
  } catch (e) {
    if (!(e instanceof UnsafePathError)) throw e;
    const path = relative(storage, e.path).split(sep).join('/');
    throw new SimulationError(e.what === 'a symbolic link' ? codes.HUB467.raise({ path, storage }) : codes.HUB022.raise({ name, path, storage }));
  }
  return { files, kept, event: exampleEvent(files) };
}
