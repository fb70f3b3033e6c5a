/**
 * `hubc lint` as a library: compile a hub.yaml for one release or every release hubc builds, lint each
 * build's artifacts (`lintRelease`), and report the suppressions of hub.yaml that named no rule or were
 * needed by no release (HUB599).
 */
import { compile } from '../compiler/compile.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { locate, parseHubYaml } from '../frontend/parse.js';
import { RELEASE_VERSIONS } from '../model/releases.js';
import { lintRelease, suppressionMatches } from './engine.js';
import { findRule, RULES } from './registry.js';
import { codes } from '../diagnostics/index.js';
import type { LintReport, LintSuppression } from './types.js';

export { lintRelease } from './engine.js';
export { RULES } from './registry.js';
export type { LintReport, LintRule, LintSuppression } from './types.js';

/** Which releases to lint. */
export interface LintHubOptions {
  /** File name used in diagnostics; default `hub.yaml`. */
  file?: string;
  /** Build this release instead of the file's `release:`. */
  release?: string;
  /** Build and lint every release hubc builds (overrides `release`). */
  all?: boolean;
}

/** The outcome of {@link lintHub}. */
export interface LintHubResult {
  /** One report per release that compiled. */
  reports: LintReport[];
  /** Compile errors (hub.yaml) and HUB599 suppression warnings. */
  diagnostics: Diagnostic[];
  /** True when nothing is left: no compile error, no unsuppressed finding, no HUB599. */
  clean: boolean;
}

/**
 * Compiles and lints hub.yaml text.
 * @returns the reports; releases whose compile fails are left out and their diagnostics returned
 */
export function lintHub(text: string, options: LintHubOptions = {}): LintHubResult {
  const file = options.file ?? 'hub.yaml';
  const releases: (string | undefined)[] = options.all ? [...RELEASE_VERSIONS] : [options.release];
  const reports: LintReport[] = [];
  const diagnostics: Diagnostic[] = [];
  let suppressions: readonly LintSuppression[] = [];
  for (const release of releases) {
    const result = compile(text, { file, release });
    if (hasErrors(result.diagnostics) || !result.model || !result.release) {
      diagnostics.push(...result.diagnostics);
      continue;
    }
    suppressions = result.model.lint.suppress;
    reports.push(
      lintRelease({
        release: result.release,
        artifacts: result.artifacts,
        suppressions,
        options: { chosenLocations: [result.model.hub.location, result.model.hub.eventGridLocation] },
      }),
    );
  }
  if (reports.length) diagnostics.push(...unusedSuppressions(text, file, suppressions, reports));
  const clean = !hasErrors(diagnostics) && diagnostics.length === 0 && reports.every((r) => r.diagnostics.length === 0);
  return { reports, diagnostics, clean };
}

/** HUB599 for each suppression that names no rule, or that no linted release needed. */
function unusedSuppressions(text: string, file: string, suppressions: readonly LintSuppression[], reports: readonly LintReport[]): Diagnostic[] {
  const source = parseHubYaml(text, file).source;
  const out: Diagnostic[] = [];
  suppressions.forEach((s, i) => {
    const rule = findRule(s.rule);
    const used = rule && reports.some((r) => r.suppressed.some((x) => suppressionMatches(s, { id: x.diagnostic.code, name: rule.name })));
    if (used) return;
    out.push({
      ...(rule ? codes.HUB599.unused({ id: rule.id, name: rule.name }) : codes.HUB599.noRule({ rule: s.rule, first: RULES[0].id, last: RULES[RULES.length - 1].id })),
      file,
      ...(source ? { start: locate(source, ['lint', 'suppress', i, 'rule']) } : {}),
      path: `lint.suppress[${i}]`,
    });
  });
  return out;
}
