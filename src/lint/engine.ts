/**
 * The lint engine: runs every rule over one release's Build, places each finding at `file:line:col` in the
 * files `hubc build` writes (`Build.locate`), and applies the suppressions of hub.yaml (`lint.suppress`).
 */
import { sortDiagnostics, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Build } from '../build/index.js';
import { lintContext, TEMPLATE_FILE, type LintOptions } from './context.js';
import { hubYamlOrigins, type LintOrigin } from './origins.js';
import { RULES } from './registry.js';
import type { LintFinding, LintReport, LintRule, LintSuppression, SuppressedFinding } from './types.js';

/** What to lint. */
export interface LintInput {
  /** The release's Build (src/build/: `fromCompile`, `fromFolder`, `fromFiles`). */
  build: Build;
  suppressions?: readonly LintSuppression[];
  options?: Partial<LintOptions>;
  /** The hub.yaml the build comes from: findings about values it decides also name its lines. */
  origin?: LintOrigin;
}

/** True when a suppression names the rule, by code (`HUB512`) or by name (`security/storage-shared-key`). */
export function suppressionMatches(s: LintSuppression, rule: Pick<LintRule, 'id' | 'name'>): boolean {
  const r = s.rule.trim().toLowerCase();
  return r === rule.id.toLowerCase() || r === rule.name.toLowerCase();
}

/**
 * Lints one release.
 * @param rules the rules to run (default: every registered rule)
 * @returns the report; `unusedSuppressions` lists suppressions that matched no finding of this release
 */
export function lintRelease(input: LintInput, rules: readonly LintRule[] = RULES): LintReport {
  const { build } = input;
  const ctx = lintContext(build, input.options);
  const toDiagnostic = (rule: LintRule, f: LintFinding): Diagnostic => {
    const start = 'start' in f.location ? f.location.start : build.locate(f.location.file, f.location.path);
    return {
      code: rule.id,
      severity: rule.severity,
      message: f.message,
      hint: f.hint ?? `${rule.summary} (${rule.name}; ${rule.link})`,
      file: f.location.file,
      ...(start ? { start } : {}),
      ...(f.where ? { path: f.where } : {}),
      ...related(f),
    };
  };
  const related = (f: LintFinding): Pick<Diagnostic, 'related'> => {
    if (!input.origin || !ctx.template || 'start' in f.location || f.location.file !== TEMPLATE_FILE) return {};
    const found = hubYamlOrigins(ctx.template, f.location.path, input.origin);
    return found.length ? { related: found } : {};
  };

  const suppressions = input.suppressions ?? [];
  const used = new Set<LintSuppression>();
  const diagnostics: Diagnostic[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const rule of rules) {
    const findings = rule.check(ctx);
    if (!findings.length) continue;
    const s = suppressions.find((x) => suppressionMatches(x, rule));
    if (s) used.add(s);
    for (const f of findings) {
      const d = toDiagnostic(rule, f);
      if (s) suppressed.push({ diagnostic: d, reason: s.reason });
      else diagnostics.push(d);
    }
  }
  const order = sortDiagnostics(suppressed.map((x) => x.diagnostic));
  suppressed.sort((a, b) => order.indexOf(a.diagnostic) - order.indexOf(b.diagnostic));
  return {
    release: build.release,
    diagnostics: sortDiagnostics(diagnostics),
    suppressed,
    unusedSuppressions: suppressions.filter((s) => !used.has(s)),
    artifacts: build.files,
  };
}
