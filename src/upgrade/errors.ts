/**
 * The error of a plan that cannot be made, carrying a code raised through the diagnostic registry:
 * HUB490 (B is older than A), HUB491 (the saved parameter file holds no `parameters` object) or HUB480 (it
 * is not a parameter file of A).
 * `hubc upgrade-plan` reports it and exits 2; `hubc deploy --upgrade` reports it as a diagnostic.
 */
import type { Raised } from '../diagnostics/index.js';

/** A plan that cannot be made; `code`, `message` and `hint` are those of the raised entry. */
export class UpgradePlanError extends Error {
  /** Stable code (src/diagnostics/upgrade.ts, docs/diagnostics.md). */
  readonly code: string;
  /** What to do about it, one line. */
  readonly hint: string;
  /** @param raised the code raised through the registry, e.g. `codes.HUB490.raise({ from, to })` */
  constructor(raised: Raised) {
    super(raised.message);
    this.name = 'UpgradePlanError';
    this.code = raised.code;
    this.hint = raised.hint ?? '';
  }
}
