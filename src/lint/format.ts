/**
 * Text output of `hubc lint`: each finding in tsc form, placed in the file that holds what was linted
 * (`dist-templates/0.7/azuredeploy.json:12:5 - error HUB523: ...` when the build folder holds this build,
 * else `<0.7>/azuredeploy.json:12:5`, the file of the build in memory; see ./written.ts), then each
 * suppressed rule once with its count and reason, a note for a release whose findings name files the build
 * folder does not hold, the releases `--all` skipped (one line), and last one summary line with the totals
 * the exit code is decided on (`0.7: 0 errors, 2 warnings, 0 suppressed`; with `--all` a line per release
 * before it), saying when they are more warnings than `--max-warnings` allows.
 */
import { countsText, formatDiagnostic, formatDiagnosticWith, type Diagnostic, type DiagnosticStyle } from '../diagnostics/diagnostic.js';
import type { LintHubResult } from './types.js';
import { inMemoryPath, type FindingFiles } from './written.js';
import { codes } from '../diagnostics/index.js';

/** Findings placed in the build in memory (no build folder compared). */
const IN_MEMORY: FindingFiles = { pathOf: inMemoryPath, written: () => false, unwritten: new Map() };

/**
 * The lines `hubc lint --format text` prints: findings (for stderr) and summary (for stdout).
 * @param files where findings point (./written.ts `findingFiles`); default: the build in memory
 * @param out the build folder the files were compared with, for the note
 * @param style how findings are shown (the CLI's colours on a terminal); @param maxWarnings `--max-warnings`, for the summary
 */
export function formatLintText(
  result: LintHubResult,
  files: FindingFiles = IN_MEMORY,
  out = 'dist-templates',
  style?: DiagnosticStyle,
  maxWarnings?: number,
): { findings: string[]; summary: string[] } {
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
    if (result.reports.length > 1 || result.skipped) summary.push(`${r.release}: ${countsText(errors, r.diagnostics.length - errors)}, ${r.suppressed.length} suppressed`);
    const unwritten = files.unwritten.get(r.release);
    if (unwritten?.length && r.diagnostics.length) {
      summary.push(
        `${r.release}: ${base}/${r.release} does not hold this build (${unwritten.join(', ')} missing or different); findings name the files of the build in memory as ${inMemoryPath(r.release, '<file>')}: \`hubc build\` writes them`,
      );
    }
  }
  if (result.skipped) {
    const { releases, sections } = result.skipped;
    summary.push(
      `skipped ${releases.join(', ')}: hub.yaml configures what they do not have (${sections.join(', ')}; ${codes.HUB220.code}); hubc lint --release <one of them> lists each`,
    );
  }
  summary.push(totalLine(result, maxWarnings));
  return { findings, summary };
}

/** The last line: the totals the exit code is decided on, for the one release linted or for all of them. */
function totalLine(result: LintHubResult, maxWarnings?: number): string {
  const suppressed = result.reports.reduce((n, r) => n + r.suppressed.length, 0);
  const over = maxWarnings !== undefined && result.warnings > maxWarnings ? `; more than --max-warnings ${maxWarnings}` : '';
  const counts = `${countsText(result.errors, result.warnings)}, ${suppressed} suppressed${over}`;
  if (result.reports.length === 1 && !result.skipped) return `${result.reports[0].release}: ${counts}`;
  const skipped = result.skipped ? `, ${result.skipped.releases.length} skipped` : '';
  return `${result.reports.length} release${result.reports.length === 1 ? '' : 's'} linted${skipped}: ${counts}`;
}
