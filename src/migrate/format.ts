/**
 * The text `hubc migrate-data` prints for a plan (a dry run) or its outcome.
 */
import { summarize, type MigrationPlan } from './plan.js';

/**
 * The plan (and, once run, its outcome) as text: one line per item, a summary line.
 * @param dryRun true when nothing was changed
 */
export function formatMigration(plan: MigrationPlan, dryRun: boolean): string {
  const out = [`hubc migrate-data ${plan.from} -> ${plan.to} in ${plan.storage}, container ${plan.container}${dryRun ? ' (dry run: nothing is changed)' : ''}`];
  for (const temp of plan.leftovers) out.push(`  remove ${temp}: left by an interrupted copy`);
  for (const i of plan.items) {
    const failed = i.outcome && i.outcome !== 'done' ? `  FAILED: ${i.outcome.error}` : '';
    if (i.action === 'move' || i.action === 'copy') out.push(`  ${i.action} ${i.from}`, `    -> ${i.to}${failed}`);
    else if (i.action === 'verify') out.push(`  check ${i.from}`, `    == ${i.to} (already there: compared with its source, which stays)${failed}`);
    else if (i.action === 'manifest') out.push(`  manifest ${i.to}${failed}`);
    else out.push(`  ${i.action} ${i.from}: ${i.reason}`);
  }
  const s = summarize(plan);
  const verb = plan.mode === 'copy' ? 'copy' : 'move';
  out.push(
    `${s.move + s.copy} to ${verb}, ${s.verify ? `${s.verify} to check, ` : ''}${s.manifest} manifest${s.manifest === 1 ? '' : 's'} to add, ${s.keep} kept, ${s.skip} skipped${dryRun ? '' : `, ${s.failed} failed`}.`,
  );
  if (dryRun && s.move + s.copy + s.verify + s.manifest) out.push(`Nothing was changed: run again with --yes to ${verb} the files.`);
  return `${out.join('\n')}\n`;
}
