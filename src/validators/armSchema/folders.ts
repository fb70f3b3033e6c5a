/**
 * Where ARM schema folders are and what they hold, without loading any schema: the environment variables
 * and folders `./locate.ts` tries, and a digest of a folder's content. Light on purpose: `hubc validate`
 * reads these to key its result cache before deciding whether to load the validators at all.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { packageRoot } from '../../util/packageRoot.js';
import { INPUT_LIMITS, readInputFile } from '../../util/inputFiles.js';

/** Environment variable naming a local copy of the schemas. */
export const ARM_SCHEMAS_DIR_VARIABLE = 'ARM_SCHEMAS_DIR';
/** Environment variable replacing the download base URL (a mirror; the tests' local server). */
export const ARM_SCHEMAS_URL_VARIABLE = 'HUBC_ARM_SCHEMAS_URL';
/** Environment variable (tests only) naming the folder in which `shared/arm-schemas` is looked for. */
export const CHECKOUT_PARENT_VARIABLE = 'HUBC_CHECKOUT_PARENT';

/** Path (in a schema folder) of the template schema whose envelope every template is checked against. */
export const DEPLOYMENT_TEMPLATE = 'schemas/2019-04-01/deploymentTemplate.json';

/** The download cache folder: `$XDG_CACHE_HOME/hubc/arm-schemas`, default `~/.cache/hubc/arm-schemas`. */
export function armSchemaCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'hubc', 'arm-schemas');
}

/** The folders tried as `shared/arm-schemas` beside the checkout, in order (see the module comment). */
export function sharedArmSchemaCandidates(): string[] {
  const parent = process.env[CHECKOUT_PARENT_VARIABLE];
  if (parent) return [resolve(parent, 'shared', 'arm-schemas')];
  const out = [resolve(process.cwd(), '..', 'shared', 'arm-schemas')];
  try {
    const beside = resolve(packageRoot(), '..', 'shared', 'arm-schemas');
    if (!out.includes(beside)) out.push(beside);
  } catch {
    // no package root: only the cwd candidate
  }
  return out;
}

/** How many ms a file must have been left alone before its hash was taken for the record to be trusted. */
const RACY_MS = 2000;

/** What is remembered of one schema file: its identity and times when it was hashed, and the hash. */
export interface SchemaFileRecord {
  /** Absolute path. */
  path: string;
  size: number;
  mtimeMs: number;
  /** Change time: any write, and also `utimes` (restoring a modification time), moves it; no call sets it back. */
  ctimeMs: number;
  ino: number;
  dev: number;
  /** SHA-256 (hex) of the content. */
  sha256: string;
  /** `Date.now()` just before the file was `stat`ed and read. */
  hashedAt: number;
}

/** Whether a value read back from the result cache is a list of {@link SchemaFileRecord}s. */
export function isSchemaFileRecords(v: unknown): v is SchemaFileRecord[] {
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  return (
    Array.isArray(v) &&
    v.every(
      (r) =>
        typeof r === 'object' &&
        r !== null &&
        typeof r.path === 'string' &&
        typeof r.sha256 === 'string' &&
        /^[0-9a-f]{64}$/.test(r.sha256) &&
        num(r.size) &&
        num(r.mtimeMs) &&
        num(r.ctimeMs) &&
        num(r.ino) &&
        num(r.dev) &&
        num(r.hashedAt),
    )
  );
}

/**
 * The content hash of each schema file, with a shortcut: a file whose size, modification time, change
 * time, inode and device are those recorded when it was last hashed is not read again, unless it changed
 * within {@link RACY_MS} before that hash was taken (then a later change in the same timestamp tick could
 * be hidden, as git's "racily clean" index entries; it is hashed again). The change time is what makes the
 * shortcut safe: an edit that restores the modification time (`touch -d`, `utimes`) still moves it.
 *
 * The shortcut is re-verified whenever a file is read in full anyway: the ARM schema store reports the
 * text it loaded ({@link SchemaFileHashes.verify}), which replaces the record, so a result is never keyed
 * by a hash the loaded content does not have (`hubc validate` keys what it stores after loading).
 */
export class SchemaFileHashes {
  private readonly records = new Map<string, SchemaFileRecord>();
  private dirty = false;

  /** Takes records kept from earlier runs (the result cache); later records of a path win. */
  load(records: readonly SchemaFileRecord[]): void {
    for (const r of records) if (!this.records.has(r.path)) this.records.set(r.path, r);
  }

  /** Whether a record was added or replaced since the last {@link SchemaFileHashes.take}. */
  get changed(): boolean {
    return this.dirty;
  }

  /** Every record (to keep them for later runs); clears {@link SchemaFileHashes.changed}. */
  take(): SchemaFileRecord[] {
    this.dirty = false;
    return [...this.records.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /**
   * SHA-256 (hex) of a file's content: the record's when it still holds (see the class comment), else
   * read (a regular file of at most `INPUT_LIMITS.armSchemaFile` bytes) and hashed.
   * @returns the hash, or `unreadable: <why>` for a file hubc does not read (the schema store then
   *   refuses the folder with HUB003, naming the file)
   */
  hashOf(file: string): string {
    const path = resolve(file);
    const hashedAt = Date.now();
    let st: Stats | undefined;
    try {
      st = statSync(path);
    } catch {
      st = undefined;
    }
    const known = this.records.get(path);
    if (st && known && sameFile(known, st) && Math.max(st.mtimeMs, st.ctimeMs) < known.hashedAt - RACY_MS) return known.sha256;
    let text: string;
    try {
      text = readInputFile(path, { maxBytes: INPUT_LIMITS.armSchemaFile, name: file });
    } catch (e) {
      return `unreadable: ${(e as Error).message}`;
    }
    return st ? this.record(path, st, text, hashedAt) : sha256(text);
  }

  /**
   * Records the content of a file read in full by someone else (the schema store), `stat`ed just before
   * it was read at `readAt` (`Date.now()`).
   * @returns whether the recorded hash was a different one (the shortcut was wrong)
   */
  verify(file: string, before: Stats, text: string, readAt: number): boolean {
    const path = resolve(file);
    const old = this.records.get(path)?.sha256;
    const sha = this.record(path, before, text, readAt);
    return old !== undefined && old !== sha;
  }

  private record(path: string, st: Stats, text: string, hashedAt: number): string {
    const hash = sha256(text);
    const old = this.records.get(path);
    const r: SchemaFileRecord = { path, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, dev: st.dev, sha256: hash, hashedAt };
    if (!old || !isDeepStrictEqual(old, r)) {
      this.records.set(path, r);
      this.dirty = true;
    }
    return hash;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const sameFile = (r: SchemaFileRecord, st: Stats) => r.size === st.size && r.mtimeMs === st.mtimeMs && r.ctimeMs === st.ctimeMs && r.ino === st.ino && r.dev === st.dev;

/** The hashes of this process (filled from the result cache by `hubc validate`, see src/validate/run.ts). */
export const schemaFileHashes = new SchemaFileHashes();

/**
 * A digest of a schema folder's content: every schema file's path and SHA-256 (see {@link SchemaFileHashes}
 * for when a file is read again). It changes when a file is added, removed or its content changes, however
 * its times are set, so a result keyed by it is valid for exactly that content.
 */
export function schemaFolderDigest(dir: string, hashes: SchemaFileHashes = schemaFileHashes): string {
  return listJsonFiles(dir)
    .map((f) => `${relative(dir, f).split(sep).join('/')}:${hashes.hashOf(f)}`)
    .join('|');
}

/**
 * Every schema file under a folder (`.json`, not `MANIFEST.json`), in sorted path order. A folder reached
 * twice through links (a link to a parent) is walked once.
 */
export function listJsonFiles(root: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (dir: string) => {
    const real = realpathSync(dir);
    if (seen.has(real)) return;
    seen.add(real);
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.json') && name !== 'MANIFEST.json') out.push(full);
    }
  };
  walk(root);
  return out;
}

/**
 * A digest of every folder `locateArmSchemas`/`prepareArmSchemas` may take the schemas from, in their order:
 * the explicit folder (argument, else ARM_SCHEMAS_DIR), the `shared/arm-schemas` candidates and the download
 * cache, each with {@link schemaFolderDigest} or `none`. Which folder a template's validation uses, and what
 * it finds there, is a function of these folders' files, so a result keyed by this digest stays valid while
 * it is unchanged.
 */
export function schemaCandidatesDigest(explicit?: string): string {
  const fromEnv = process.env[ARM_SCHEMAS_DIR_VARIABLE];
  const given = explicit ?? (fromEnv ? fromEnv : undefined);
  const dirs = [...(given !== undefined ? [resolve(given)] : []), ...sharedArmSchemaCandidates(), armSchemaCacheDir()];
  return dirs.map((d) => `${d}=${existsSync(join(d, DEPLOYMENT_TEMPLATE)) ? schemaFolderDigest(d) : 'none'}`).join('\n');
}
