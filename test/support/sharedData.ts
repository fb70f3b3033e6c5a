/**
 * Test data that is not part of the repository, found the same way by every test: the official ARM JSON
 * schemas, and the public 0.7 release's export schema files and open data CSVs.
 *
 * Where it is looked for, in order:
 * 1. the folder named by `HUBC_SHARED_DIR` (laid out like this workspace's `../shared`:
 *    `arm-schemas/`, `reference/data/schemas/`, `reference/data/open-data/`);
 * 2. `shared/` beside the checkout (`<repository>/../shared`, or in `HUBC_CHECKOUT_PARENT`);
 * 3. the public source, through a cache: the ARM schemas from https://schema.management.azure.com/ (hubc's
 *    own download into its cache `$XDG_CACHE_HOME/hubc/arm-schemas`, base URL `HUBC_ARM_SCHEMAS_URL`), the
 *    reference files from tag v0.7 of github.com/microsoft/finops-toolkit via raw.githubusercontent.com
 *    into `$XDG_CACHE_HOME/hubc/test-data/finops-toolkit-v0.7/` (default `~/.cache/...`).
 * When none works the promise rejects with a {@link MissingTestData} saying where it looked; tests await it
 * inside a test (or a `before` hook), so the test counts as skipped for that need (or fails under
 * `HUBC_REQUIRE_TEST_DATA`, as in CI; test/support/testData.ts). A public source that could not be reached
 * is not asked again in the same process.
 *
 * To run the suite as on a machine without `../shared`: `HUBC_CHECKOUT_PARENT=<a folder without shared/>`
 * (the same variable moves hubc's own "beside the checkout"), and `HUBC_ARM_SCHEMAS_URL` /
 * `HUBC_FINOPS_TOOLKIT_URL` to point the public sources at mirrors.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SchemaFolder, planSchemas, resourceNeedsOf } from '../../src/validators/armSchema/needs.js';
import { fillArmSchemaCache, DEFAULT_ARM_SCHEMAS_URL } from '../../src/validators/armSchema/download.js';
import { ARM_SCHEMAS_URL_VARIABLE, CHECKOUT_PARENT_VARIABLE, armSchemaCacheDir } from '../../src/validators/armSchema/locate.js';
import { DEPLOYMENT_TEMPLATE } from '../../src/validators/armSchema/store.js';
import { MissingTestData } from './testData.js';

/** Environment variable naming a folder laid out like `../shared`. */
export const SHARED_DIR_VARIABLE = 'HUBC_SHARED_DIR';

/** Raw files of the public release the reference copies come from (tag v0.7 of microsoft/finops-toolkit). */
export const FINOPS_TOOLKIT_RAW = 'https://raw.githubusercontent.com/microsoft/finops-toolkit/v0.7/';

/** Environment variable replacing {@link FINOPS_TOOLKIT_RAW} (a mirror). */
export const FINOPS_TOOLKIT_URL_VARIABLE = 'HUBC_FINOPS_TOOLKIT_URL';

/** Where each reference folder of `../shared` lives in the public repository at v0.7. */
const PUBLIC_FOLDERS: [shared: string, repository: string][] = [
  ['reference/data/schemas/', 'src/templates/finops-hub/schemas/'],
  ['reference/data/open-data/', 'src/open-data/'],
];

/** Overrides, for the tests of this helper. */
export interface SharedDataOptions {
  /** Instead of `HUBC_SHARED_DIR` (null: as if unset). */
  sharedDir?: string | null;
  /** Instead of the folder holding the checkout (`HUBC_CHECKOUT_PARENT`, else the repository's parent). */
  checkoutParent?: string;
  /** Instead of `HUBC_FINOPS_TOOLKIT_URL`, else {@link FINOPS_TOOLKIT_RAW}. */
  publicBase?: string;
  /** Instead of `$XDG_CACHE_HOME/hubc/test-data/finops-toolkit-v0.7`. */
  cacheDir?: string;
}

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** The local `shared` folders to try, and how to list them (with a path under each) in a failure message. */
function localFolders(o: SharedDataOptions): { dirs: string[]; looked(rel: string): string } {
  const fromEnv = o.sharedDir === undefined ? process.env[SHARED_DIR_VARIABLE] : (o.sharedDir ?? undefined);
  const beside = resolve(o.checkoutParent ?? (process.env[CHECKOUT_PARENT_VARIABLE] || join(REPOSITORY, '..')), 'shared');
  const dirs = [...(fromEnv ? [resolve(fromEnv)] : []), beside];
  const looked = (rel: string) => [...(fromEnv ? [] : [`${SHARED_DIR_VARIABLE} (not set)`]), ...dirs.map((d) => join(d, ...rel.split('/')))].join(', ');
  return { dirs, looked };
}

const cacheBase = () => process.env.XDG_CACHE_HOME || join(homedir(), '.cache');

/** Public sources (`toolkit <base>`, `arm <base>`) that could not be reached in this process, with the reason: not asked again. */
const unreachable = new Map<string, string>();

/** The need a reference file of `../shared` counts under when it is missing: its folder (`../shared/reference/data/open-data`). */
const needOf = (rel: string) => `../shared/${rel.split('/').slice(0, -1).join('/')}`;

function reasonOf(e: unknown): string {
  const err = e as Error & { cause?: { message?: string; code?: string } };
  return String(err?.cause?.message ?? err?.cause?.code ?? err?.message ?? e);
}

/**
 * The text of a reference file of `../shared`.
 * @param rel path under `shared/`, e.g. `reference/data/schemas/focuscost_1.0.json` or `reference/data/open-data/Regions.csv`
 * @throws MissingTestData (rejects) with one message listing every place looked at when none has the file
 */
export async function sharedText(rel: string, o: SharedDataOptions = {}): Promise<string> {
  const { dirs, looked } = localFolders(o);
  for (const dir of dirs) {
    const file = join(dir, ...rel.split('/'));
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  const where = PUBLIC_FOLDERS.find(([shared]) => rel.startsWith(shared));
  let publicNote = 'no public source for this path';
  if (where) {
    const repoPath = where[1] + rel.slice(where[0].length);
    const cached = join(o.cacheDir ?? join(cacheBase(), 'hubc', 'test-data', 'finops-toolkit-v0.7'), ...repoPath.split('/'));
    if (existsSync(cached)) return readFileSync(cached, 'utf8');
    const base = o.publicBase ?? (process.env[FINOPS_TOOLKIT_URL_VARIABLE] || FINOPS_TOOLKIT_RAW);
    const url = base + repoPath.split('/').map(encodeURIComponent).join('/');
    try {
      if (unreachable.has(`toolkit ${base}`)) throw new Error(`not asked again: ${unreachable.get(`toolkit ${base}`)}`);
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
      } catch (e) {
        unreachable.set(`toolkit ${base}`, reasonOf(e));
        throw e;
      }
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const text = await res.text();
      mkdirSync(dirname(cached), { recursive: true });
      writeFileSync(`${cached}.${process.pid}.part`, text);
      renameSync(`${cached}.${process.pid}.part`, cached);
      return text;
    } catch (e) {
      publicNote = `cache ${cached} (missing), ${url} (${reasonOf(e)})`;
    }
  }
  throw new MissingTestData(needOf(rel), `test data ${rel} not found; looked in ${looked(rel)}, ${publicNote}`);
}

/**
 * A folder with the official ARM JSON schemas holding every file the templates need: `arm-schemas/` of a
 * local shared folder when it is complete for them, else hubc's download cache filled for them.
 * @param templates parsed templates the tests validate
 * @throws MissingTestData (rejects) with one message listing every place looked at when none works
 */
export async function sharedArmSchemas(templates: readonly unknown[], o: SharedDataOptions & { baseUrl?: string; armCacheDir?: string } = {}): Promise<string> {
  const { dirs, looked } = localFolders(o);
  const needs = resourceNeedsOf(templates);
  const notes: string[] = [];
  for (const dir of dirs) {
    const arm = join(dir, 'arm-schemas');
    if (!existsSync(join(arm, DEPLOYMENT_TEMPLATE))) continue;
    const plan = planSchemas(new SchemaFolder(arm), needs);
    if (!plan.missingFiles.length && !plan.unresolved.length) return arm;
    notes.push(`${arm} lacks ${plan.missingFiles.length + plan.unresolved.length} needed schemas`);
  }
  const cache = o.armCacheDir ?? armSchemaCacheDir();
  const baseUrl = o.baseUrl ?? (process.env[ARM_SCHEMAS_URL_VARIABLE] || DEFAULT_ARM_SCHEMAS_URL);
  try {
    if (unreachable.has(`arm ${baseUrl}`)) throw new Error(`not asked again: ${unreachable.get(`arm ${baseUrl}`)}`);
    await fillArmSchemaCache(cache, templates, { baseUrl });
    return cache;
  } catch (e) {
    if (/ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ETIMEDOUT|ENETUNREACH|fetch failed|aborted|timed? ?out/i.test(reasonOf(e))) unreachable.set(`arm ${baseUrl}`, reasonOf(e));
    throw new MissingTestData(
      '../shared/arm-schemas',
      `ARM JSON schemas not found; looked in ${looked('arm-schemas')}${notes.length ? ` (${notes.join('; ')})` : ''}, and the cache ${cache} from ${baseUrl} (${(e as Error).message})`,
    );
  }
}
