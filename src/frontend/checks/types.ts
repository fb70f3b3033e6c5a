/**
 * The shape of a semantic check of hub.yaml: one file per check under `src/frontend/checks/`, each naming
 * the codes it raises. Checks run after the JSON Schema, on the data with schema defaults applied, and
 * only read values the schema found valid (`ctx.valid(path)`), so one run reports every problem at once.
 */
import type { Release } from '../../model/releases.js';
import type { CodeInfo, Raised } from '../../diagnostics/index.js';
import type { DataPath } from '../paths.js';

export type { DataPath } from '../paths.js';

/** What a check gets. */
export interface CheckContext {
  /** hub.yaml data with schema defaults applied (types hold wherever `valid` says so). */
  data: Record<string, any>;
  /** The release being built. */
  release: Release;
  /** The release hub.yaml itself names (differs from `release` with `--release`); its defaults count as defaults. */
  fileRelease: Release;
  /** hub.yaml data as written (no defaults). */
  original: Record<string, unknown>;
  /** The data a minimal hub.yaml gets from the schema defaults. */
  defaults: Record<string, any>;
  /** True when no schema error lies at, above or inside `path`: the value there can be trusted. */
  valid(path: DataPath): boolean;
  /** True when hub.yaml itself writes a value at `path` (not a schema default). */
  written(path: DataPath): boolean;
  /**
   * Reports a problem raised through the diagnostic registry (`codes.HUB201.notCidr({ prefix })`, which
   * brings code, severity, message and hint) at `path` (the value, or with `key` the key of the last segment).
   */
  report(raised: Raised, path: DataPath, options?: { key?: boolean }): void;
}

/** A semantic check. */
export interface Check {
  /** Codes the check raises (entries of the diagnostic registry, src/diagnostics/). */
  codes: readonly CodeInfo[];
  run(ctx: CheckContext): void;
}
