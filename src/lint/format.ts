/**
 * Text output of `hubc lint`: each finding in tsc form with its release folder in the path
 * (`0.7/azuredeploy.json:12:5 - error HUB523: ...`), then each suppressed rule once with its count and
 * reason, then a summary line per release.
 */
import { formatDiagnostic } from '../diagnostics/diagnostic.js';
import type { LintHubResult } from './index.js';

/** The lines `hubc lint --format text` prints: findings (for stderr) and summary (for stdout). */
export function formatLintText(result: LintHubResult, out = 'dist-templates'): { findings: string[]; summary: string[] } {
  const base = out.replace(/\\/g, '/').replace(/\/+$/, '');
  const findings = result.diagnostics.map(formatDiagnostic);
  const summary: string[] = [];
  for (const r of result.reports) {
    for (const d of r.diagnostics) findings.push(formatDiagnostic({ ...d, file: `${base}/${r.release}/${d.file}` }));
    const byRule = new Map<string, { count: number; reason: string }>();
    for (const s of r.suppressed) {
      const e = byRule.get(s.diagnostic.code) ?? { count: 0, reason: s.reason };
      e.count++;
      byRule.set(s.diagnostic.code, e);
    }
    for (const [code, e] of byRule) summary.push(`${r.release}: suppressed ${code} (${e.count} finding${e.count === 1 ? '' : 's'}): ${e.reason}`);
    const errors = r.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = r.diagnostics.length - errors;
    summary.push(`${r.release}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${r.suppressed.length} suppressed`);
  }
  return { findings, summary };
}
