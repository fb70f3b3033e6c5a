/**
 * The generated parts of docs/checks.md (`npm run docs`): the catalogue table, one row per entry (its codes,
 * what Azure does, the doc that states the rule, the public issues where users met it, where it runs), and
 * the table of what `hubc check` finds in each public release (from the expected findings the public-line
 * test compares with, test/fixtures/checks/public/). test/catalogue/docs.test.ts fails when they are stale.
 */
import { CATALOGUE } from './index.js';

const ISSUES = 'https://github.com/microsoft/finops-toolkit/issues';

/** Where an entry runs besides `hubc check`. */
function runsIn(slow: boolean | undefined, wraps: boolean | undefined): string {
  if (slow) return "`hubc check` (not `--quick`); `hubc validate` runs the same validator on hubc's KQL";
  if (wraps) return '`hubc check`; `hubc build` runs it as its quick output checks';
  return '`hubc check`, `hubc build`';
}

/** The catalogue table (Markdown). */
export function catalogueTable(): string {
  const rows = CATALOGUE.map((e) => {
    const codes = e.codes.map((c) => `[${c}](diagnostics.md#${c.toLowerCase()})`).join(', ');
    const issues = e.issues.length ? e.issues.map((n) => `[#${n}](${ISSUES}/${n})`).join(', ') : 'none known';
    return `| ${codes} | \`${e.name}\` | ${e.azure} | [rule](${e.source}) | ${issues} | ${runsIn(e.slow, e.wrapsBuildChecks)} |`;
  });
  return ['| Codes | Check | What Azure does | Source | Users met it in | Runs in |', '| --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** The expected findings of one public release, as test/fixtures/checks/public/<version>.json holds them. */
export interface PublicFindings {
  version: string;
  parameters: Record<string, unknown>;
  findings: { code: string; where: string; says: string; because: string }[];
}

/** The per-release table of docs/checks.md: each finding, where, and the fact it rests on. */
export function publicLineTable(releases: readonly PublicFindings[]): string {
  const out = ['| Release | Evaluated for | Finds | Why (the fact or issue) |', '| --- | --- | --- | --- |'];
  for (const r of releases) {
    const given = Object.entries(r.parameters)
      .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      .join(', ');
    if (!r.findings.length) out.push(`| ${r.version} | ${given} | nothing | |`);
    r.findings.forEach((f, i) => {
      const cell = (text: string) => text.replace(/\|/g, '\\|');
      out.push(`| ${i === 0 ? r.version : ''} | ${i === 0 ? given : ''} | ${f.code}${f.where ? ` ${cell(f.where)}` : ''}: ${cell(f.says)} | ${cell(f.because)} |`);
    });
  }
  return out.join('\n');
}
