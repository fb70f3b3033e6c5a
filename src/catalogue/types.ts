/**
 * The shapes of the catalogue of deploy-time and run-time failures: an entry (one failure class, with the
 * codes it reports, what Azure does, the Azure doc that states the rule and the public issues where users met
 * it) and what an entry reads of a template (./context.ts). docs/checks.md lists the entries.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Raised } from '../diagnostics/index.js';
import type { CheckContext, FindingPlace } from './context.js';

export type { FindingPlace } from './context.js';

/** What an entry reads, for grouping the docs table. */
export type CatalogueArea = 'dataFactory' | 'portalForm' | 'template' | 'kusto' | 'downloads';

/** One failure an entry found: a code raised at a place, or a validator's diagnostic as it placed it. */
export type CatalogueFinding =
  | {
      /** A code of the entry, raised through the registry (`codes.HUB700.raise({...})`). */
      raised: Raised;
      at: FindingPlace;
      /** Logical place, e.g. `trigger config_DailySchedule`. */
      where?: string;
    }
  | { diagnostic: Diagnostic };

/** One failure class of the catalogue. */
export interface CatalogueEntry {
  /** Readable name, `adf/trigger-time-zone`. */
  name: string;
  /** The codes its findings carry (its own HUB7xx, or the codes of the validator it runs). */
  codes: readonly string[];
  area: CatalogueArea;
  /** What Azure does when the rule is broken, in one sentence. */
  azure: string;
  /** The Azure documentation that states the rule (URL). */
  source: string;
  /** Public issues of microsoft/finops-toolkit where users met the failure (numbers), empty when none is known. */
  issues: readonly number[];
  /** True when it runs the Kusto language service (seconds per script; `hubc check --quick` leaves it out). */
  slow?: boolean;
  /** True when it runs a validator `hubc build` already runs on its own output (the quick output checks). */
  wrapsBuildChecks?: boolean;
  check(ctx: CheckContext): CatalogueFinding[];
}
