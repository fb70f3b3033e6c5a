/**
 * Where the official ARM JSON schemas come from, for `hubc validate` and the ARM schema validator.
 *
 * Sources, in order (docs/commands.md, "The ARM JSON schemas of hubc validate"; recipe `../shared/recipes/validators.md` §3.1):
 * 1. a folder given explicitly (`--schemas-dir`), else the `ARM_SCHEMAS_DIR` environment variable: used as
 *    is, it must hold `schemas/2019-04-01/deploymentTemplate.json`;
 * 2. `shared/arm-schemas` beside the checkout: `<cwd>/../shared/arm-schemas`, then
 *    `<package root>/../shared/arm-schemas` (this repository's CI has it; it is read, never copied), used
 *    when it holds every file the templates need;
 * 3. the download cache `$XDG_CACHE_HOME/hubc/arm-schemas` (default `~/.cache/hubc/arm-schemas`): the
 *    files the templates need that it lacks are downloaded from where Azure publishes them
 *    (`https://schema.management.azure.com/schemas/...`, or the base URL in `HUBC_ARM_SCHEMAS_URL`), see
 *    `./download.ts`.
 * When none works, the error is an {@link EnvironmentError} HUB003 that names `ARM_SCHEMAS_DIR` and
 * `--schemas-dir` (the CLI prints it in one line and exits 2).
 *
 * `HUBC_CHECKOUT_PARENT` (for tests) replaces the folders of step 2 by one: `<it>/shared/arm-schemas`.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EnvironmentError } from '../../diagnostics/diagnostic.js';
import { ARM_SCHEMAS_DIR_VARIABLE, ARM_SCHEMAS_URL_VARIABLE, DEPLOYMENT_TEMPLATE, armSchemaCacheDir, sharedArmSchemaCandidates } from './folders.js';

export { ARM_SCHEMAS_DIR_VARIABLE, ARM_SCHEMAS_URL_VARIABLE, CHECKOUT_PARENT_VARIABLE, armSchemaCacheDir } from './folders.js';
import { SchemaFolder, planSchemas, resourceNeedsOf } from './needs.js';
import { ArmSchemaDownloadError, DEFAULT_ARM_SCHEMAS_URL, fillArmSchemaCache, type FillOptions } from './download.js';
import { codes } from '../../diagnostics/index.js';

const isSchemaDir = (dir: string) => existsSync(join(dir, DEPLOYMENT_TEMPLATE)) && statSync(dir).isDirectory();

/** The explicit folder (argument, else ARM_SCHEMAS_DIR) checked, or undefined when neither is given. */
function explicitDir(explicit: string | undefined): string | undefined {
  const fromEnv = process.env[ARM_SCHEMAS_DIR_VARIABLE];
  const chosen = explicit ?? (fromEnv ? fromEnv : undefined);
  if (chosen === undefined) return undefined;
  const dir = resolve(chosen);
  if (!existsSync(dir) || !isSchemaDir(dir)) {
    const how = explicit !== undefined ? '--schemas-dir' : ARM_SCHEMAS_DIR_VARIABLE;
    throw new EnvironmentError(codes.HUB003.notThere({ dir, how, file: DEPLOYMENT_TEMPLATE, variable: ARM_SCHEMAS_DIR_VARIABLE }));
  }
  return realpathSync(dir);
}

/**
 * The schema folder without downloading (synchronous): the explicit folder, else `ARM_SCHEMAS_DIR`, else the
 * first `shared/arm-schemas` beside the checkout, else the download cache when it holds deploymentTemplate.json.
 * Completeness for a template is not checked: use {@link prepareArmSchemas} for that.
 * @param explicit folder given by the caller; it must hold the schemas
 * @returns the folder's real path
 * @throws EnvironmentError HUB003 naming ARM_SCHEMAS_DIR and --schemas-dir when no folder is found
 */
export function locateArmSchemas(explicit?: string): string {
  const given = explicitDir(explicit);
  if (given) return given;
  const candidates = [...sharedArmSchemaCandidates(), armSchemaCacheDir()];
  const found = candidates.find(isSchemaDir);
  if (found) return realpathSync(found);
  throw new EnvironmentError(codes.HUB003.notFound({ tried: candidates, variable: ARM_SCHEMAS_DIR_VARIABLE }));
}

/** Options of {@link prepareArmSchemas}. */
export interface PrepareArmSchemasOptions {
  /** Folder given with `--schemas-dir` (wins over everything). */
  explicit?: string;
  /** Parsed templates that will be validated: they decide which files are needed. */
  templates?: readonly unknown[];
  /** Download base URL; default `HUBC_ARM_SCHEMAS_URL`, else `https://schema.management.azure.com/`. */
  baseUrl?: string;
  /** Told before anything is downloaded (see `FillOptions.onFetch`). */
  onFetch?: FillOptions['onFetch'];
  /** Cache folder; default {@link armSchemaCacheDir}. */
  cacheDir?: string;
}

/**
 * The schema folder for validating some templates, downloading into the cache what they need when no
 * local copy has it (see the module comment for the order).
 * @returns the real path of the folder to give `validateOutput` / `loadArmSchemaValidator`
 * @throws EnvironmentError HUB003 (one line naming ARM_SCHEMAS_DIR and --schemas-dir) when an explicit folder
 *   lacks the schemas or files their needed parts refer to, or when no local copy is complete and the
 *   download fails (offline, HTTP error, a file that is not JSON)
 */
export async function prepareArmSchemas(options: PrepareArmSchemasOptions = {}): Promise<string> {
  const templates = options.templates ?? [];
  const needs = resourceNeedsOf(templates);
  const given = explicitDir(options.explicit);
  if (given) {
    const lacking = planSchemas(new SchemaFolder(given), needs).missingFiles;
    if (lacking.length) {
      const list = lacking.slice(0, 3).join(', ') + (lacking.length > 3 ? ` and ${lacking.length - 3} more` : '');
      throw new EnvironmentError(codes.HUB003.incomplete({ dir: given, list, variable: ARM_SCHEMAS_DIR_VARIABLE }));
    }
    return given;
  }
  const tried: string[] = [];
  for (const dir of sharedArmSchemaCandidates()) {
    if (!isSchemaDir(dir)) {
      tried.push(`${dir} not found`);
      continue;
    }
    const plan = planSchemas(new SchemaFolder(dir), needs);
    if (!plan.missingFiles.length && !plan.unresolved.length) return realpathSync(dir);
    tried.push(`${dir} lacks ${plan.missingFiles.length + plan.unresolved.length} needed schemas`);
  }
  const cache = options.cacheDir ?? armSchemaCacheDir();
  const baseUrl = options.baseUrl ?? (process.env[ARM_SCHEMAS_URL_VARIABLE] || DEFAULT_ARM_SCHEMAS_URL);
  try {
    await fillArmSchemaCache(cache, templates, { baseUrl, ...(options.onFetch ? { onFetch: options.onFetch } : {}) });
    return realpathSync(cache);
  } catch (e) {
    if (!(e instanceof ArmSchemaDownloadError) && !(e as NodeJS.ErrnoException).code) throw e;
    const why = e instanceof ArmSchemaDownloadError ? e.message : `cannot write it: ${(e as Error).message}`;
    throw new EnvironmentError(codes.HUB003.notAvailable({ tried, cache, why, variable: ARM_SCHEMAS_DIR_VARIABLE }));
  }
}
