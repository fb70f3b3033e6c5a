/**
 * `hubc lint` as a library: compile a hub.yaml for one release or every release hubc builds, lint each
 * build's artifacts (`lintRelease`) with the rules reported to hub.yaml authors (or every rule), and report
 * hub.yaml's own warnings (a scope listed twice, ...) and the suppressions of hub.yaml that named no rule, a
 * rule not run, or were needed by no release (HUB599). `hubc validate` lints its build through
 * {@link lintCompiled}, so both count one set of warnings for `--max-warnings`.
 *
 * With `--all`, a release the file is not valid for only because it configures what that release lacks
 * (HUB220 errors alone: a hub.yaml written for a later release) is skipped and said so once (`skipped`);
 * the warnings that a release ignores sections holding only defaults (HUB221) are not repeated for every
 * such release. Naming the release (`--release`) lints it and reports every diagnostic.
 */
import { compile, type CompileResult } from '../compiler/index.js';
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
export type { LintHubOptions, LintHubResult, LintReport, LintRule, LintSuppression } from './types.js';
import type { LintHubOptions, LintHubResult } from './types.js';
export { findingFiles, inMemoryPath, type FindingFiles } from './written.js';
export { IN_MEMORY_BASE_ID, SARIF_SCHEMA_URI, sarifResult, toSarif } from './sarif.js';
export { formatLintText } from './format.js';

/**
 * The exit code of a lint run, as ESLint and Bicep give it: 1 when an error is left, or when more
 * warnings are left than `maxWarnings` (`--max-warnings N`); else 0 (warnings alone exit 0).
 */
export function lintExitCode(result: Pick<LintHubResult, 'errors' | 'warnings'>, maxWarnings?: number): 0 | 1 {
  return result.errors > 0 || (maxWarnings !== undefined && result.warnings > maxWarnings) ? 1 : 0;
}

/** The hub.yaml sections (dotted paths) HUB220 errors name. */
function sectionsOf(diagnostics: readonly Diagnostic[]): string[] {
  return [
    ...new Set(
      diagnostics
        .filter((d) => d.code === codes.HUB220.code)
        .map((d) => d.path ?? '')
        .filter(Boolean),
    ),
  ];
}

/** True when a compile failed only because the file configures what the release lacks (HUB220 errors alone). */
const onlyMissingSections = (diagnostics: readonly Diagnostic[]) => {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return errors.length > 0 && errors.every((d) => d.code === codes.HUB220.code);
};

/**
 * Compiles and lints hub.yaml text.
 * @returns the reports; releases whose compile fails are left out and their diagnostics returned (with
 *   `all`, those failing on HUB220 alone are listed in `skipped` instead)
 */
export function lintHub(text: string, options: LintHubOptions = {}): LintHubResult {
  const file = options.file ?? 'hub.yaml';
  const releases: (string | undefined)[] = options.all ? [...RELEASE_VERSIONS] : [options.release];
  const compiled: CompileResult[] = [];
  const failed: Diagnostic[] = [];
  const skipped: { releases: string[]; sections: string[] } = { releases: [], sections: [] };
  for (const release of releases) {
    const result = compile(text, { file, release });
    if (!hasErrors(result.diagnostics) && result.model && result.release) compiled.push(result);
    else if (options.all && release && onlyMissingSections(result.diagnostics)) {
      skipped.releases.push(release);
      skipped.sections = [...new Set([...skipped.sections, ...sectionsOf(result.diagnostics)])];
    } else failed.push(...result.diagnostics);
  }
  const out = lintCompiled(text, file, compiled, { maintainerRules: options.maintainerRules, all: options.all, failed });
  return skipped.releases.length ? { ...out, skipped } : out;
}

/**
 * Lints builds compiled from one hub.yaml text: each build's findings, hub.yaml's own diagnostics (once,
 * however many builds report them) and the suppressions no build needed (HUB599). `hubc validate` calls it
 * with its one build.
 * @param options.failed diagnostics of releases that did not compile (reported as they are);
 *   `all`: leave out HUB221 (sections a release ignores, holding only defaults), which every older release
 *   of a newer hub.yaml would repeat
 */
export function lintCompiled(
  text: string,
  file: string,
  compiled: readonly CompileResult[],
  options: { maintainerRules?: boolean; all?: boolean; failed?: readonly Diagnostic[] } = {},
): LintHubResult {
  const rules = options.maintainerRules ? RULES : AUTHOR_RULES;
  const source = parseHubYaml(text, file).source;
  const reports: LintReport[] = [];
  const diagnostics: Diagnostic[] = [...(options.failed ?? [])];
  const seen = new Set(diagnostics.map(diagnosticKey));
  let suppressions: readonly LintSuppression[] = [];
  for (const result of compiled) {
    for (const d of result.diagnostics) {
      if (options.all && d.code === codes.HUB221.code) continue;
      if (seen.has(diagnosticKey(d))) continue;
      seen.add(diagnosticKey(d));
      diagnostics.push(d);
    }
    suppressions = result.model!.lint.suppress;
    reports.push(
      lintRelease(
        {
          build: fromCompile(result),
          suppressions,
          options: { chosenLocations: [result.model!.hub.location, result.model!.hub.eventGridLocation] },
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

/** One hub.yaml diagnostic as the same report whichever release's compile raised it. */
const diagnosticKey = (d: Diagnostic) => `${d.code}\0${d.file ?? ''}\0${d.start?.line ?? ''}:${d.start?.col ?? ''}\0${d.message}`;

/** HUB599 for each suppression that names no rule, a rule this run does not run, or that no linted release needed. */
function unusedSuppressions(
  source: SourceDocument | undefined,
  file: string,
  suppressions: readonly LintSuppression[],
  reports: readonly LintReport[],
  rules: readonly LintRule[],
): Diagnostic[] {
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
