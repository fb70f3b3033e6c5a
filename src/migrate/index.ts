/**
 * `hubc migrate-data` as a library: plan and carry out the move of converted data from one release's
 * ingestion layout to another's, on a local folder or a Data Lake account.
 *
 * ```ts
 * const storage = new LocalMigrationStorage('storage');
 * const plan = planMigration(await storage.list(), getRelease('0.5'), getRelease('0.7'), { storage: storage.description });
 * await runMigration(plan, storage);
 * process.stdout.write(formatMigration(plan, false));
 * ```
 */
import type { MigrationPlan } from './plan.js';
import { summarize } from './plan.js';

export { planMigration, runMigration, summarize, INGESTION_CONTAINER, type MigrationPlan, type MigrationItem, type MigrationStorage } from './plan.js';
export { LocalMigrationStorage } from './local.js';
export { DataLakeMigrationStorage, dataLakeClient, dataLakeEndpoint, type DataLakeConnection } from './dataLake.js';
export { describeMapping, layoutChanges, parseIngestionPath, targetPath, migratedIngestionId, layoutPattern } from './layouts.js';

/**
 * The plan (and, once run, its outcome) as text: one line per item, a summary line.
 * @param dryRun true when nothing was changed
 */
export function formatMigration(plan: MigrationPlan, dryRun: boolean): string {
  const out = [`hubc migrate-data ${plan.from} -> ${plan.to} in ${plan.storage}, container ${plan.container}${dryRun ? ' (dry run: nothing is changed)' : ''}`];
  for (const i of plan.items) {
    const failed = i.outcome && i.outcome !== 'done' ? `  FAILED: ${i.outcome.error}` : '';
    if (i.action === 'move' || i.action === 'copy') out.push(`  ${i.action} ${i.from}`, `    -> ${i.to}${failed}`);
    else if (i.action === 'manifest') out.push(`  manifest ${i.to}${failed}`);
    else out.push(`  ${i.action} ${i.from}: ${i.reason}`);
  }
  const s = summarize(plan);
  const verb = plan.mode === 'copy' ? 'copy' : 'move';
  out.push(`${s.move + s.copy} to ${verb}, ${s.manifest} manifest${s.manifest === 1 ? '' : 's'} to add, ${s.keep} kept, ${s.skip} skipped${dryRun ? '' : `, ${s.failed} failed`}.`);
  if (dryRun && s.move + s.copy + s.manifest) out.push(`Nothing was changed: run again with --yes to ${verb} the files.`);
  return `${out.join('\n')}\n`;
}
