/**
 * `hubc lint` as a library: compile a hub.yaml for one release or every release hubc builds, lint each
 * build's artifacts (`lintRelease`) with the rules reported to hub.yaml authors (or every rule), and report
 * the suppressions of hub.yaml that named no rule, a rule not run, or were needed by no release (HUB599).
 */
import { compile } from '../compiler/compile.js';
import { fromCompile } from '../build/index.js';
import { hasErrors, type Diagnostic } from '../diagnostics/diagnostic.js';
import { locate, parseHubYaml, type SourceDocument } from '../frontend/parse.js';
import { RELEASE_VERSIONS } from '../model/releases.js';
import { lintRelease, suppressionMatches } from './engine.js';
import { AUTHOR_RULES, findRule, RULES } from './registry.js';
import { codes } from '../diagnostics/index.js';
import type { LintReport, LintRule, LintSuppression } from './types.js';

export { lintRelease } from './engine.js';
export { AUTHOR_RULES, RULES } from './registry.js';
export type { LintReport, LintRule, LintSuppression } from './types.js';

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
}

/**
 * The exit code of a lint run, as ESLint and Bicep give it: 1 when an error is left, or when more
 * warnings are left than `maxWarnings` (`--max-warnings N`); else 0 (warnings alone exit 0).
 */
export function lintExitCode(result: Pick<LintHubResult, 'errors' | 'warnings'>, maxWarnings?: number): 0 | 1 {
  return result.errors > 0 || (maxWarnings !== undefined && result.warnings > maxWarnings) ? 1 : 0;
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
  const rules = options.maintainerRules ? RULES : AUTHOR_RULES;
  const source = parseHubYaml(text, file).source;
  for (const release of releases) {
    const result = compile(text, { file, release });
    if (hasErrors(result.diagnostics) || !result.model || !result.release) {
      diagnostics.push(...result.diagnostics);
      continue;
    }
    suppressions = result.model.lint.suppress;
    reports.push(
      lintRelease(
        {
          build: fromCompile(result),
          suppressions,
          options: { chosenLocations: [result.model.hub.location, result.model.hub.eventGridLocation] },
          ...(source && result.parameterSources ? { origin: { source, parameterSources: result.parameterSources } } : {}),
        },
        rules,
      ),
    );
  }
  if (reports.length) diagnostics.push(...unusedSuppressions(source, file, suppressions, reports, rules));
  const left = [...diagnostics, ...reports.flatMap((r) => r.diagnostics)];
  const errors = left.filter((d) => d.severity === 'error').length;
  const warnings = left.filter((d) => d.severity === 'warning').length;
  return { reports, diagnostics, clean: left.length === 0, errors, warnings };
}

/** HUB599 for each suppression that names no rule, a rule this run does not run, or that no linted release needed. */
function unusedSuppressions(source: SourceDocument | undefined, file: string, suppressions: readonly LintSuppression[], reports: readonly LintReport[], rules: readonly LintRule[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  suppressions.forEach((s, i) => {
    const rule = findRule(s.rule);
    const used = rule && reports.some((r) => r.suppressed.some((x) => suppressionMatches(s, { id: x.diagnostic.code, name: rule.name })));
    if (used) return;
    const raised = !rule
      ? codes.HUB599.noRule({ rule: s.rule, first: RULES[0].id, last: RULES[RULES.length - 1].id })
      : rules.includes(rule)
        ? codes.HUB599.unused({ id: rule.id, name: rule.name })
        : codes.HUB599.maintainerRule({ id: rule.id, name: rule.name });
    out.push({
      ...raised,
      file,
      ...(source ? { start: locate(source, ['lint', 'suppress', i, 'rule']) } : {}),
      path: `lint.suppress[${i}]`,
    });
  });
  return out;
}
