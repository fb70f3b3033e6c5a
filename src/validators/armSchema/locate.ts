/**
 * Finding the official ARM JSON schemas on disk, or downloading them into a cache.
 *
 * Order (design.md "Tests", recipe `../shared/recipes/validators.md` §3.1 and §5):
 * 1. an explicit directory (function argument), else `ARM_SCHEMAS_DIR`;
 * 2. `<cwd>/../shared/arm-schemas`, then `<package root>/../shared/arm-schemas`;
 * 3. the download cache `$XDG_CACHE_HOME/hubc/arm-schemas` (default `~/.cache/hubc/arm-schemas`): used when
 *    every file of its MANIFEST.json is present with the listed sha256; otherwise filled from the manifest's
 *    URLs with the global `fetch` (each file's sha256 verified). The manifest is read from
 *    `ARM_SCHEMAS_MANIFEST` (a path or an http(s) URL) or from the cache's own MANIFEST.json.
 * Nothing is copied into the repository.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { packageRoot } from '../../compiler/packageRoot.js';
import { EnvironmentError } from '../../compiler/diagnostics.js';

/** One entry of MANIFEST.json (only the fields hubc uses). */
export interface ArmSchemaManifestFile {
  /** Path relative to the schema folder, with `/`, e.g. `schemas/2022-09-01/Microsoft.Storage.json`. */
  path: string;
  /** Lower-case hex sha256 of the file's bytes. */
  sha256: string;
  /** Public URL; absent for locally generated files (they are not needed by hubc). */
  url?: string | null;
}

/** The parts of MANIFEST.json hubc uses. */
export interface ArmSchemaManifest {
  files: ArmSchemaManifestFile[];
}

/** File whose presence marks a usable schema folder. */
const MARKER = 'schemas/2019-04-01/deploymentTemplate.json';

/** The download cache folder: `$XDG_CACHE_HOME/hubc/arm-schemas`, default `~/.cache/hubc/arm-schemas`. */
export function armSchemaCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'hubc', 'arm-schemas');
}

const isSchemaDir = (dir: string) => existsSync(join(dir, MARKER)) && statSync(dir).isDirectory();

function sha256File(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Files of a manifest that are missing or whose sha256 differs, under `dir` (files without URL are ignored). */
export function staleManifestFiles(manifest: ArmSchemaManifest, dir: string): ArmSchemaManifestFile[] {
  return manifest.files.filter((f) => f.url && (!existsSync(join(dir, f.path)) || sha256File(join(dir, f.path)) !== f.sha256.toLowerCase()));
}

/**
 * Source of the download module: `fillCache(manifest, dir)` fetches every file of the manifest that is missing
 * or stale, checks its sha256, and writes it atomically (temp file + rename); then writes MANIFEST.json.
 * Kept as plain JavaScript text so the same code runs in-process (`fillArmSchemaCache`) and in the child
 * process used by the synchronous loader. It imports only Node built-ins.
 */
const DOWNLOAD_MODULE = `
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
const sha = (b) => createHash('sha256').update(b).digest('hex');
export async function fillCache(manifest, dir) {
  if (!manifest || !Array.isArray(manifest.files)) throw new Error('MANIFEST.json has no "files" list');
  for (const f of manifest.files) {
    if (!f.url) continue;
    if (typeof f.path !== 'string' || f.path.split('/').includes('..')) throw new Error('bad path in manifest: ' + f.path);
    const target = join(dir, ...f.path.split('/'));
    if (existsSync(target) && sha(readFileSync(target)) === String(f.sha256).toLowerCase()) continue;
    const res = await fetch(f.url);
    if (!res.ok) throw new Error('GET ' + f.url + ' -> HTTP ' + res.status);
    const bytes = Buffer.from(await res.arrayBuffer());
    const got = sha(bytes);
    if (got !== String(f.sha256).toLowerCase()) throw new Error('sha256 mismatch for ' + f.url + ': expected ' + f.sha256 + ', got ' + got);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target + '.part', bytes);
    renameSync(target + '.part', target);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'MANIFEST.json.part'), JSON.stringify(manifest, null, 2) + '\\n');
  renameSync(join(dir, 'MANIFEST.json.part'), join(dir, 'MANIFEST.json'));
}
export async function readManifest(source) {
  if (/^https?:/i.test(source)) {
    const res = await fetch(source);
    if (!res.ok) throw new Error('GET ' + source + ' -> HTTP ' + res.status);
    return await res.json();
  }
  return JSON.parse(readFileSync(source, 'utf8'));
}
`;

const DOWNLOAD_URL = 'data:text/javascript;charset=utf-8,' + encodeURIComponent(DOWNLOAD_MODULE);

/**
 * Downloads the files of a manifest into `dir` (asynchronous, in-process).
 * @param manifest parsed MANIFEST.json
 * @param dir target folder, created when missing
 * @throws Error on HTTP errors, network errors or a sha256 mismatch (files already written stay; they are verified)
 */
export async function fillArmSchemaCache(manifest: ArmSchemaManifest, dir: string): Promise<void> {
  const mod = (await import(DOWNLOAD_URL)) as { fillCache(m: ArmSchemaManifest, d: string): Promise<void> };
  await mod.fillCache(manifest, dir);
}

/**
 * Synchronous form of {@link fillArmSchemaCache}: runs the same download module in a child Node process
 * (global `fetch`), so the synchronous loader can wait for it.
 * @param manifestSource path of a MANIFEST.json, or its http(s) URL
 * @param dir target folder, created when missing
 * @throws Error with the child's message on HTTP, network or sha256 failures (timeout 5 minutes)
 */
export function fillArmSchemaCacheSync(manifestSource: string, dir: string): void {
  const runner =
    `import { fillCache, readManifest } from ${JSON.stringify(DOWNLOAD_URL)};\n` +
    `const [source, dir] = JSON.parse(process.argv[1]);\n` +
    `try { await fillCache(await readManifest(source), dir); } catch (e) { console.error(e && e.cause ? e.message + ': ' + e.cause : String(e && e.message || e)); process.exit(1); }\n`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', runner, JSON.stringify([manifestSource, dir])], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status === 0) return;
  const why = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n').slice(-3).join(' ');
  throw new Error(`hubc: downloading the ARM schemas from ${manifestSource} failed: ${why}`);
}

/**
 * Absolute path of the folder holding the official ARM schemas (see the module comment for the order).
 * @param explicit folder given by the caller; it must exist
 * @returns the folder's real path
 * @throws Error naming ARM_SCHEMAS_DIR when no folder is found and the download cache cannot be filled
 */
export function locateArmSchemas(explicit?: string): string {
  const fromEnv = process.env.ARM_SCHEMAS_DIR;
  const chosen = explicit ?? (fromEnv ? fromEnv : undefined);
  if (chosen !== undefined) {
    const dir = resolve(chosen);
    if (!existsSync(dir) || !isSchemaDir(dir)) {
      const how = explicit !== undefined ? 'the folder passed to loadArmSchemaValidator' : 'ARM_SCHEMAS_DIR';
      throw new Error(`hubc: ARM schemas not found in ${dir} (${how}); expected ${MARKER} there. Set ARM_SCHEMAS_DIR to a copy of the official ARM JSON schemas (e.g. ../shared/arm-schemas).`);
    }
    return realpathSync(dir);
  }
  const tried: string[] = [];
  const candidates = [resolve(process.cwd(), '..', 'shared', 'arm-schemas')];
  try {
    candidates.push(resolve(packageRoot(), '..', 'shared', 'arm-schemas'));
  } catch {
    // no package root: only the cwd candidate
  }
  for (const dir of candidates) {
    if (isSchemaDir(dir)) return realpathSync(dir);
    tried.push(dir);
  }
  const cache = armSchemaCacheDir();
  const cachedManifest = join(cache, 'MANIFEST.json');
  let problem = 'no MANIFEST.json to download from (set ARM_SCHEMAS_MANIFEST or put MANIFEST.json into the cache folder)';
  if (existsSync(cachedManifest) && isSchemaDir(cache)) {
    try {
      const manifest = JSON.parse(readFileSync(cachedManifest, 'utf8')) as ArmSchemaManifest;
      if (staleManifestFiles(manifest, cache).length === 0) return realpathSync(cache);
    } catch {
      // unreadable manifest: try to download again below
    }
  }
  const source = process.env.ARM_SCHEMAS_MANIFEST || (existsSync(cachedManifest) ? cachedManifest : undefined);
  if (source) {
    try {
      fillArmSchemaCacheSync(source, cache);
      if (isSchemaDir(cache)) return realpathSync(cache);
      problem = `${MARKER} missing after downloading from ${source}`;
    } catch (e) {
      problem = (e as Error).message;
    }
  }
  tried.push(cache);
  throw new Error(
    `hubc: cannot find the official ARM JSON schemas. Set ARM_SCHEMAS_DIR to a folder holding them (e.g. ../shared/arm-schemas). ` +
      `Tried ${tried.join(', ')}; download cache: ${problem}.`,
  );
}

/**
 * The schema folder for a CLI run: {@link locateArmSchemas} with its failure turned into an
 * {@link EnvironmentError} (HUB003) that names `ARM_SCHEMAS_DIR` and `--schemas-dir`.
 * @param explicit folder given with `--schemas-dir`
 * @throws EnvironmentError when no folder is found and none can be downloaded
 */
export async function prepareArmSchemas(explicit?: string): Promise<string> {
  try {
    return locateArmSchemas(explicit);
  } catch (e) {
    throw new EnvironmentError(
      'HUB003',
      (e as Error).message.replace(/^hubc: /, ''),
      'Set ARM_SCHEMAS_DIR or pass --schemas-dir with a copy of the official ARM JSON schemas, or connect to the network once so hubc can download them.',
    );
  }
}
