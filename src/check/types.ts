/** The options and the report of `hubc check` (./index.ts), apart so that ./sarif.ts reads them without the checker. */
import type { Diagnostic } from '../diagnostics/diagnostic.js';

/** What to check. */
export interface CheckOptions {
  /** The ARM template (`azuredeploy.json`, `finops-hub-<version>.json`). */
  template: string;
  /** Its portal form (`createUiDefinition.json`, `finops-hub-<version>.ui.json`). */
  ui?: string;
  /** An ARM parameter file with the deployment's values. */
  parameters?: string;
  /** Leave out the entries that run the Kusto language service (seconds per script). */
  quick?: boolean;
}

/** What `hubc check` found. */
export interface CheckReport {
  template: string;
  ui?: string;
  parameters?: string;
  /** The release the template says it is (`14.0`, `0.7`), `''` when it says none. */
  release: string;
  /** The parameters the deployment was evaluated for: those given, and those the portal form's defaults set. */
  evaluatedFor: { given: string[]; portalDefaults: string[] };
  /** The findings, their files named as given. */
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
}
