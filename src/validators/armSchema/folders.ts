/**
 * Where ARM schema folders are and what they hold, without loading any schema: the environment variables
 * and folders `./locate.ts` tries, and a stamp of a folder's files. Light on purpose: `hubc validate` reads
 * these to key its result cache before deciding whether to load the validators at all.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { packageRoot } from '../../util/packageRoot.js';

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

/**
 * A stamp of a schema folder's files (paths, sizes, modification times): it changes when a file is added,
 * removed or rewritten, so a loaded store can be reused only while the stamp is the same.
 */
export function schemaFolderStamp(dir: string): string {
  return listJsonFiles(dir)
    .map((f) => {
      const st = statSync(f);
      return `${relative(dir, f)}:${st.size}:${st.mtimeMs}`;
    })
    .join('|');
}

/** Every schema file under a folder (`.json`, not `MANIFEST.json`), in sorted path order. */
export function listJsonFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
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
 * A stamp of every folder `locateArmSchemas`/`prepareArmSchemas` may take the schemas from, in their order:
 * the explicit folder (argument, else ARM_SCHEMAS_DIR), the `shared/arm-schemas` candidates and the download
 * cache, each with {@link schemaFolderStamp} or `none`. Which folder a template's validation uses, and what
 * it finds there, is a function of these folders' files, so a result keyed by this stamp stays valid while
 * it is unchanged.
 */
export function schemaCandidatesStamp(explicit?: string): string {
  const fromEnv = process.env[ARM_SCHEMAS_DIR_VARIABLE];
  const given = explicit ?? (fromEnv ? fromEnv : undefined);
  const dirs = [...(given !== undefined ? [resolve(given)] : []), ...sharedArmSchemaCandidates(), armSchemaCacheDir()];
  return dirs.map((d) => `${d}=${existsSync(join(d, DEPLOYMENT_TEMPLATE)) ? schemaFolderStamp(d) : 'none'}`).join('\n');
}
