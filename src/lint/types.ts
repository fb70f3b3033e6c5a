/**
 * Shapes of `hubc lint`: a rule (one file each under `src/lint/rules/`), what a rule reports, and the
 * report of one release. See docs/lint.md for the rules and docs/diagnostics.md for their codes.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { LintContext, LintLocation } from './context.js';

/** Which artifact family a rule reads; used to group the rules table. */
export type LintArea = 'template' | 'uiDefinition' | 'security' | 'dataFactory' | 'kql';

/**
 * Who acts on a rule's findings (docs/lint.md, "Who acts"):
 * - `author`: the person who writes and deploys hub.yaml. The rule judges what the hub deploys (the
 *   security of its resources, whether its pipelines and scripts run); `hubc lint` and `hubc validate`
 *   report it.
 * - `maintainer`: hubc's maintainers. The rule judges what only hubc's code decides, however hub.yaml is
 *   written (how the template and the portal form are written, the API versions a release pins); it is
 *   not reported to hub.yaml authors (`hubc lint --maintainer-rules` shows it), and hubc's tests hold
 *   every release's output to it (test/lint/ownOutput.test.ts).
 */
export type LintActor = 'author' | 'maintainer';

/** One problem a rule found. */
export interface LintFinding {
  /** What is wrong, in one sentence. */
  message: string;
  /** How to fix it, when there is something to add to the rule's own hint. */
  hint?: string;
  location: LintLocation;
  /** Logical place, e.g. `resource Microsoft.Storage/storageAccounts [variables('storageAccountName')]`. */
  where?: string;
}

/**
 * A lint rule. `id` is its stable diagnostic code (HUB5nn, docs/diagnostics.md); `name` a readable slug.
 * `check` must not throw on any artifact `hubc build` can write, and must not assume a release: it reads
 * what the artifacts contain (a template without private networking simply has nothing to check there).
 */
export interface LintRule {
  id: string;
  name: string;
  area: LintArea;
  /** Who acts on its findings; only `author` rules are reported to hub.yaml authors. */
  actor: LintActor;
  severity: 'error' | 'warning';
  /** What the rule requires, as a short sentence for the rules table. */
  summary: string;
  /** Why, in one line. */
  rationale: string;
  /** The public guidance it follows. */
  link: string;
  check(ctx: LintContext): LintFinding[];
}

/** A suppression from hub.yaml (`lint.suppress`). */
export interface LintSuppression {
  rule: string;
  reason: string;
}

/** A finding that a suppression covers: reported with its reason, not counted. */
export interface SuppressedFinding {
  diagnostic: Diagnostic;
  reason: string;
}

/** The lint result of one release. */
export interface LintReport {
  release: string;
  /** Findings not suppressed, sorted by file and position. */
  diagnostics: Diagnostic[];
  suppressed: SuppressedFinding[];
  /** Suppressions that matched no finding, or named no rule (HUB599 warnings are also in `diagnostics`). */
  unusedSuppressions: LintSuppression[];
  /** The artifacts linted (path relative to the release folder -> text): the files the findings name. */
  artifacts: ReadonlyMap<string, string>;
}

/** Which releases to lint. */
export interface LintHubOptions {
  /** File name used in diagnostics; default `hub.yaml`. */
  file?: string;
  /** Build this release instead of the file's `release:`. */
  release?: string;
  /** Build and lint every release hubc builds (overrides `release`). */
  all?: boolean;
  /**
   * Also run hubc maintainers' rules (about what only hubc's code decides; `--maintainer-rules`). By
   * default only the rules reported to hub.yaml authors run.
   */
  maintainerRules?: boolean;
}

/** The outcome of {@link lintHub}. */
export interface LintHubResult {
  /** One report per release that compiled. */
  reports: LintReport[];
  /** Compile errors (hub.yaml) and HUB599 suppression warnings. */
  diagnostics: Diagnostic[];
  /** True when nothing is left: no compile error, no unsuppressed finding, no HUB599. */
  clean: boolean;
  /** Errors and warnings left (hub.yaml diagnostics, unsuppressed findings, HUB599), for the exit code. */
  errors: number;
  warnings: number;
  /** With `all`: the releases the file configures more than they have (HUB220 alone), not linted, and the hub.yaml sections why. */
  skipped?: { releases: string[]; sections: string[] };
}
