/**
 * `hubc validate`'s work, apart from reading the file and printing (src/cli/commands/validate.ts): compile,
 * locate (or download) the ARM schemas, run every output validator through the result cache (./cached.ts),
 * run lint, and keep what the run found under a key of everything it depends on (./runKey.ts), so that an
 * unchanged run is answered from the cache without compiling or loading a validator.
 */
import { compile } from '../compiler/index.js';
import { fromCompile } from '../build/index.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { cacheKey, NO_CACHE, openResultCache, resultCacheDir, type ResultCache } from '../cache/index.js';
import { isSchemaFileRecords, schemaFileHashes } from '../validators/armSchema/folders.js';
import { prepareArmSchemas } from '../validators/armSchema/locate.js';
import { validateOutputCached, type CacheReport } from './cached.js';
import { isValidationRunRecord, validationRunKey, type ValidationRunInput, type ValidationRunRecord } from './runKey.js';
import type { OnProgress } from './progress.js';

/** What `hubc validate` asks for. */
export interface ValidateRequest extends ValidationRunInput {
  /** Read and write the result cache (false for `--no-cache`). */
  cache: boolean;
  /** Told each step as it starts, and how far the KQL analysis is (./progress.ts); not told for a run read back whole. */
  onProgress?: OnProgress;
}

/** What a validation came to. */
export type ValidateOutcome =
  /** hub.yaml has errors (or builds no release): its diagnostics, nothing was validated. */
  | { kind: 'compile-failed'; diagnostics: Diagnostic[] }
  /**
   * The build was validated. `cache`: `run` when the whole run was read back from the cache, `off` with
   * `--no-cache`, else how each validator's results were obtained.
   */
  | { kind: 'validated'; record: ValidationRunRecord; cache: CacheReport | 'run' | 'off' };

/**
 * Validates a hub.yaml text.
 * @throws EnvironmentError when the ARM schemas are not available (HUB003); KustoLoadError when the Kusto
 *   language service cannot be loaded
 */
export async function validateHub(request: ValidateRequest): Promise<ValidateOutcome> {
  const cache = request.cache ? openResultCache(resultCacheDir()) : NO_CACHE;
  await loadSchemaFileHashes(cache);
  try {
    return await validateWithHashes(request, cache);
  } finally {
    if (schemaFileHashes.changed) await cache.put(SCHEMA_HASHES_KEY, schemaFileHashes.take());
  }
}

/**
 * Cache entry of the schema files' content hashes (src/validators/armSchema/folders.ts `SchemaFileHashes`):
 * kept between runs so that an unchanged file is not read again to key the cache.
 */
const SCHEMA_HASHES_KEY = cacheKey('schema-file-hashes', '1');

/** Takes the schema file hashes kept by earlier runs (a shape-checked cache entry; none with `--no-cache`). */
async function loadSchemaFileHashes(cache: ResultCache): Promise<void> {
  const records = await cache.get(SCHEMA_HASHES_KEY, isSchemaFileRecords);
  if (records) schemaFileHashes.load(records);
}

async function validateWithHashes(request: ValidateRequest, cache: ResultCache): Promise<ValidateOutcome> {
  if (request.cache) {
    const stored = await cache.get(validationRunKey(request), isValidationRunRecord);
    if (stored) return { kind: 'validated', record: stored, cache: 'run' };
  }

  const { onProgress } = request;
  onProgress?.({ kind: 'compile' });
  const result = compile(request.text, { file: request.file, release: request.release });
  if (hasErrors(result.diagnostics) || !result.release) return { kind: 'compile-failed', diagnostics: result.diagnostics };
  const template = fromCompile(result).template.json ?? {};
  const schemasDir = await prepareArmSchemas({
    explicit: request.schemasDir,
    templates: [template],
    ...(onProgress ? { onFetch: (f) => onProgress({ kind: 'fetch', ...f }) } : {}),
  });
  const validated = await validateOutputCached(result, { schemasDir, cache, ...(onProgress ? { onProgress } : {}) });
  if (request.lint) onProgress?.({ kind: 'lint' });
  // The rules reported to hub.yaml authors, as `hubc lint` runs them (hubc maintainers' rules are hubc's
  // tests'): the same set of warnings, hub.yaml's own and HUB599 included, so --max-warnings means the same.
  const lint = request.lint ? (await import('../lint/index.js')).lintCompiled(request.text, request.file, [result]) : undefined;
  const findings = lint?.reports.flatMap((r) => r.diagnostics) ?? [];
  const beyondCompile = lint?.diagnostics.filter((d) => !result.diagnostics.includes(d)) ?? [];
  const record: ValidationRunRecord = {
    release: result.release,
    files: result.artifacts.size,
    diagnostics: [...result.diagnostics, ...validated.diagnostics, ...findings, ...beyondCompile],
    lint: lint ? { findings: findings.length + beyondCompile.length, suppressed: lint.reports.reduce((n, r) => n + r.suppressed.length, 0) } : 'skipped',
    cache: validated.report,
  };
  // Keyed after the run: a download into the schema cache changes the folders' stamp.
  if (request.cache) await cache.put(validationRunKey(request), record);
  return { kind: 'validated', record, cache: request.cache ? validated.report : 'off' };
}
