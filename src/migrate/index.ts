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
export { planMigration, runMigration, type MigrationStorage } from './plan.js';
export { formatMigration } from './format.js';
export { migrateData, migrationProblem, type MigrationLocation } from './run.js';
export { describeMapping, layoutChanges } from './layouts.js';
