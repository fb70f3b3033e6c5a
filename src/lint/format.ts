/**
 * Text output of `hubc lint`: each finding in tsc form, placed in the file that holds what was linted
 * (`dist-templates/0.7/azuredeploy.json:12:5 - error HUB523: ...` when the build folder holds this build,
 * else `<0.7>/azuredeploy.json:12:5`, the file of the build in memory; see ./written.ts), then each
 * suppressed rule once with its count and reason, a summary line per release, and a note for a release
 * whose findings name files the build folder does not hold.
 */
import { formatDiagnostic, formatDiagnosticWith, type Diagnostic, type DiagnosticStyle } from '../diagnostics/diagnostic.js';
import type { LintHubResult } from './index.js';
import { inMemoryPath, type FindingFiles } from './written.js';

/** Findings placed in the build in memory (no build folder compared). */
const IN_MEMORY: FindingFiles = { pathOf: inMemoryPath, written: () => false, unwritten: new Map() };

/**
 * The lines `hubc lint --format text` prints: findings (for stderr) and summary (for stdout).
 * @param files where findings point (./written.ts `findingFiles`); default: the build in memory
 * @param out the build folder the files were compared with, for the note
 * @param style how findings are shown (the CLI's colours on a terminal)
 */
export function formatLintText(result: LintHubResult, files: FindingFiles = IN_MEMORY, out = 'dist-templates', style?: DiagnosticStyle): { findings: string[]; summary: string[] } {
  const base = out.replace(/\\/g, '/').replace(/\/+$/, '');
  const show = (d: Diagnostic) => (style ? formatDiagnosticWith(d, style) : formatDiagnostic(d));
  const findings = result.diagnostics.map(show);
  const summary: string[] = [];
  for (const r of result.reports) {
    for (const d of r.diagnostics) findings.push(show({ ...d, ...(d.file ? { file: files.pathOf(r.release, d.file) } : {}) }));
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
    const unwritten = files.unwritten.get(r.release);
    if (unwritten?.length && r.diagnostics.length) {
      summary.push(
        `${r.release}: ${base}/${r.release} does not hold this build (${unwritten.join(', ')} missing or different); findings name the files of the build in memory as ${inMemoryPath(r.release, '<file>')}: \`hubc build\` writes them`,
      );
    }
  }
  return { findings, summary };
}
