/**
 * Renderings of an upgrade plan: `text` for the terminal (and `hubc deploy --upgrade`), `markdown` for
 * issues, pull requests and docs/upgrading.md; `json` is the plan itself
 * (`schemas/upgrade-plan.schema.json`). Warnings (`Read first`) come before the steps.
 */
import type { UpgradeCitation, UpgradePhase, UpgradePlan, UpgradeStep } from './types.js';
import { UPGRADE_PHASES } from './types.js';
import type { DiffSide } from '../diff/index.js';

/** Headings of the phases. */
export const PHASE_TITLES: Record<UpgradePhase, string> = {
  prepare: 'Prepare (offline)',
  before: 'Before the deployment',
  deploy: 'The deployment',
  after: 'After the deployment',
};

/** One citation in words: `HUB410 rawexports_FileAdded`, `diff: dataFactory/triggers/x: removed`, `release: ...`. */
export function formatCitation(c: UpgradeCitation): string {
  if (c.code) return `${c.code} ${c.subject ?? ''}`.trim();
  if (c.change) return `diff: ${c.change}`;
  return `release table: ${c.release ?? ''}`;
}

function sideText(s: DiffSide): string {
  const what =
    s.source === 'release'
      ? `release ${s.release} (compiled from the hub file)`
      : s.source === 'hub.yaml'
        ? `hub file ${s.label}${s.release ? `, release ${s.release}` : ''}`
        : s.source === 'public'
          ? `the public release ${s.release}'s template ${s.label}`
          : `folder ${s.label}${s.release ? `, release ${s.release}` : ''}`;
  return what;
}

const byPhase = (plan: UpgradePlan, p: UpgradePhase) => plan.steps.filter((s) => s.phase === p);

/** The lines of one step in text form (used by `hubc deploy --upgrade` too). */
export function stepLines(s: UpgradeStep, indent = '  '): string[] {
  const lines = [`${indent}${s.n}. ${s.action}  [${s.performer}]`, `${indent}   why: ${s.why}`, `${indent}   cites: ${s.cites.map(formatCitation).join('; ')}`];
  for (const d of s.details ?? []) lines.push(`${indent}   - ${d}`);
  return lines;
}

/** The plan for a terminal. */
export function formatPlanText(plan: UpgradePlan): string {
  const out = [`hubc upgrade-plan ${plan.from.label} -> ${plan.to.label}`, `  from: ${sideText(plan.from)}`, `  to:   ${sideText(plan.to)}`];
  if (plan.warnings.length) out.push('', 'Read first', ...plan.warnings.map((w) => `  ${w.code} ${w.message}`));
  for (const p of UPGRADE_PHASES) {
    const steps = byPhase(plan, p);
    if (!steps.length) continue;
    out.push('', PHASE_TITLES[p]);
    for (const s of steps) out.push(...stepLines(s));
  }
  if (plan.parameters) {
    const m = plan.parameters;
    if (m.fits === 'to') out.push('', `Parameter file ${m.file}: already a parameter file of ${plan.to.label}, used as it is`);
    else {
      out.push('', `Parameter file ${m.file}`);
      out.push(`  renamed: ${m.renamed.map((r) => `${r.from} -> ${r.to}`).join(', ') || 'none'}`);
      out.push(`  dropped: ${m.dropped.join(', ') || 'none'}`);
    }
    if (m.missing.length) out.push(`  missing (no default in B): ${m.missing.join(', ')}`);
  }
  if (plan.notes.length) out.push('', 'Notes', ...plan.notes.map((n) => `  - ${n}`));
  return `${out.join('\n')}\n`;
}

const cell = (t: string) => t.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * The plan in markdown: a table per phase.
 * @param heading markdown heading prefix for the title (`##`); the phases get one level more
 */
export function formatPlanMarkdown(plan: UpgradePlan, heading = '##'): string {
  const out = [`${heading} Upgrade ${plan.from.label} -> ${plan.to.label}`, '', `From ${sideText(plan.from)} to ${sideText(plan.to)}.`];
  if (plan.warnings.length) out.push('', `${heading}# Read first`, '', ...plan.warnings.map((w) => `- **${w.code}** ${w.message}`));
  for (const p of UPGRADE_PHASES) {
    const steps = byPhase(plan, p);
    if (!steps.length) continue;
    out.push('', `${heading}# ${PHASE_TITLES[p]}`, '', '| # | Step | By | Why | Cites |', '| --- | --- | --- | --- | --- |');
    for (const s of steps) {
      const step = [s.action, ...(s.details ?? []).map((d) => `– ${d}`)].join('<br>');
      out.push(`| ${s.n} | ${cell(step)} | ${s.performer} | ${cell(s.why)} | ${cell(s.cites.map(formatCitation).join('; '))} |`);
    }
  }
  if (plan.parameters) {
    const m = plan.parameters;
    if (m.fits === 'to') out.push('', `Parameter file \`${m.file}\`: already a parameter file of ${plan.to.label}, used as it is.`);
    else
      out.push(
        '',
        `Parameter file \`${m.file}\`: renamed ${m.renamed.map((r) => `\`${r.from}\` -> \`${r.to}\``).join(', ') || 'none'}; dropped ${m.dropped.map((d) => `\`${d}\``).join(', ') || 'none'}.`,
      );
  }
  if (plan.notes.length) out.push('', ...plan.notes.map((n) => `- ${n}`));
  return `${out.join('\n')}\n`;
}
