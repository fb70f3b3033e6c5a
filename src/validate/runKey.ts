/**
 * The whole-run entry of `hubc validate`'s result cache: everything a validation of a hub.yaml prints is a
 * function of the hubc code, the Kusto language service version, the hub.yaml text and file name, the
 * release asked for, whether lint runs, and the content of the schema folders (see `schemaCandidatesDigest`). Under a key of
 * these, a run stores what it printed; an unchanged run then reads it back without compiling or loading any
 * validator.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { cacheKey, codeIdentity } from '../cache/index.js';
import { schemaCandidatesDigest } from '../validators/armSchema/folders.js';
import { languageServiceVersion } from '../validators/kql/languageService.js';
import { isDiagnosticList, type CacheReport } from './cached.js';

/** What one validation run printed. */
export interface ValidationRunRecord {
  release: string;
  /** Number of files the build has. */
  files: number;
  /** Every diagnostic (hub.yaml warnings, output checks, lint), in the order printed. */
  diagnostics: Diagnostic[];
  /** Lint findings and suppressed findings, or `skipped` (`--no-lint`). */
  lint: { findings: number; suppressed: number } | 'skipped';
  /** How the run that stored the record got its results. */
  cache: CacheReport;
}

/** What a run's key depends on besides the code and the schema folders. */
export interface ValidationRunInput {
  /** hub.yaml path as given (it appears in diagnostics). */
  file: string;
  /** hub.yaml text. */
  text: string;
  /** `--release`, if given. */
  release?: string;
  /** Whether lint runs (`--no-lint` gives false). */
  lint: boolean;
  /** `--schemas-dir`, if given. */
  schemasDir?: string;
}

/** Cache key of a whole validation run (SHA-256 hex). */
export function validationRunKey(input: ValidationRunInput): string {
  return cacheKey(
    'validate-run',
    codeIdentity(),
    languageServiceVersion(),
    input.file,
    input.text,
    input.release ?? '',
    input.lint ? 'lint' : 'no-lint',
    schemaCandidatesDigest(input.schemasDir),
  );
}

const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Whether a value read back is a {@link ValidationRunRecord}. */
export function isValidationRunRecord(v: unknown): v is ValidationRunRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  const lint = r.lint as Record<string, unknown> | string;
  const cache = r.cache as Record<string, unknown> | null;
  return (
    typeof r.release === 'string' &&
    isCount(r.files) &&
    isDiagnosticList(r.diagnostics) &&
    (lint === 'skipped' || (typeof lint === 'object' && lint !== null && isCount(lint.findings) && isCount(lint.suppressed))) &&
    typeof cache === 'object' &&
    cache !== null &&
    (cache.template === 'cached' || cache.template === 'validated') &&
    (cache.kql === 'cached' || cache.kql === 'validated' || cache.kql === 'none')
  );
}
