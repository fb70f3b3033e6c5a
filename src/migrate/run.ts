/**
 * `hubc migrate-data` from listing to outcome: opens the storage (a local folder, or a Data Lake account
 * through `./dataLake.ts`, which is loaded only then, so a local migration never loads
 * `@azure/storage-file-datalake`), lists the `ingestion` container, plans the moves and, unless it is a dry
 * run, carries them out. The CLI (src/cli/commands/migrateData.ts) checks the flags and prints.
 */
import { EnvironmentError, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { Release } from '../model/releases.js';
import { compareReleases } from '../model/releaseNames.js';
import type { DataLakeConnection } from '../azure/index.js';
import { LocalMigrationStorage } from './local.js';
import { planMigration, runMigration, summarize, type MigrationPlan, type MigrationStorage } from './plan.js';
import { codes, type Raised } from '../diagnostics/index.js';
import { resolve } from 'node:path';
import { UnsafePathError } from '../util/files.js';

/** Where the data is: a local folder laid out like the storage account (holding `ingestion/`), or a Data Lake account. */
export type MigrationLocation = { folder: string } | { dataLake: DataLakeConnection };

/** One migration. */
export interface MigrateDataRequest {
  /** Release that wrote the data. */
  from: Release;
  /** Release to move the data for: newer than `from` ({@link migrationProblem}, HUB493). */
  to: Release;
  location: MigrationLocation;
  /** Copy the files and leave the old ones in place (default: move). */
  copy?: boolean;
  /** Only plan: change nothing. */
  dryRun: boolean;
  /** A folder already holding another ingestion of its month is a warning (HUB486) instead of an error (HUB485); it is skipped either way. */
  skipIngested?: boolean;
}

/** What a migration planned and, unless a dry run, did. */
export interface MigrateDataOutcome {
  /** The plan; after a run each item carries its outcome. */
  plan: MigrationPlan;
  dryRun: boolean;
  /** Counts of the plan's items by action, and failures ({@link summarize}). */
  summary: ReturnType<typeof summarize>;
  /**
   * HUB489 (warning) per target two old files map to; HUB485 (error; HUB486, a warning, with `skipIngested`)
   * per folder already holding another ingestion of its month; HUB494 (error) per item that failed (none on
   * a dry run).
   */
  diagnostics: Diagnostic[];
}

/**
 * What makes a migration impossible before anything is read: `to` not a later release than `from` (HUB493:
 * data only moves forward), or an account name Azure does not allow (HUB062: 3-24 lower-case letters and
 * digits, "Naming rules and restrictions for Azure resources", Microsoft.Storage).
 * @param from and @param to release versions (of the release table); @param account the Data Lake account, if any
 */
export function migrationProblem(from: string, to: string, account?: string): Raised | undefined {
  if (compareReleases(to, from) <= 0) return codes.HUB493.raise({ to, from });
  if (account !== undefined && !/^[a-z0-9]{3,24}$/.test(account)) return codes.HUB062.raise({ account });
  return undefined;
}

/** The storage of a location; a Data Lake account loads the SDK client here. */
async function openStorage(location: MigrationLocation): Promise<MigrationStorage> {
  if ('folder' in location) {
    const local = new LocalMigrationStorage(location.folder);
    let exists: boolean;
    try {
      exists = local.exists();
    } catch (e) {
      if (e instanceof UnsafePathError) {
        throw new EnvironmentError(
          resolve(e.path) === resolve(location.folder) ? codes.HUB492.notFolder({ folder: location.folder, what: e.what }) : codes.HUB010.folder({ path: e.path, what: e.what }),
        );
      }
      throw e;
    }
    if (!exists) throw new EnvironmentError(codes.HUB492.noFolder({ folder: location.folder }));
    return local;
  }
  const { DataLakeMigrationStorage } = await import('./dataLake.js');
  return new DataLakeMigrationStorage(location.dataLake);
}

/**
 * Plans a migration from a listing of the storage and, unless `dryRun`, carries it out. A file that cannot
 * be moved does not stop the others: it is a HUB494 diagnostic of the outcome.
 * @throws EnvironmentError HUB492 when the folder is not a folder or has no `ingestion/`, or the container
 *   cannot be listed (no such account or container, not signed in, no permission, no network); HUB010 when
 *   the folder's `ingestion` is a link or not a folder; HUB493 or HUB062 ({@link migrationProblem})
 */
export async function migrateData(request: MigrateDataRequest): Promise<MigrateDataOutcome> {
  const problem = migrationProblem(request.from.version, request.to.version, 'dataLake' in request.location ? request.location.dataLake.account : undefined);
  if (problem) throw new EnvironmentError(problem);
  const storage = await openStorage(request.location);
  let files: Awaited<ReturnType<MigrationStorage['list']>>;
  try {
    files = await storage.list();
  } catch (e) {
    throw new EnvironmentError(codes.HUB492.unlistable({ storage: storage.description, detail: (e as Error).message }));
  }
  const plan = planMigration(files, request.from, request.to, { copy: request.copy, storage: storage.description });
  if (!request.dryRun) await runMigration(plan, storage);
  const diagnostics: Diagnostic[] = [
    ...plan.collisions.map((c) => ({ ...codes.HUB489.raise({ ...c, from: request.from.version }), file: storage.description })),
    ...plan.ingested.map((i) => {
      const args = { ...i, count: i.sources.length, from: request.from.version, to: request.to.version };
      return { ...(request.skipIngested ? codes.HUB486.raise(args) : codes.HUB485.raise(args)), file: storage.description };
    }),
    ...plan.items
      .filter((i) => i.outcome && i.outcome !== 'done')
      .map((i) => ({ ...codes.HUB494.raise({ action: i.action, from: i.from, to: i.to, error: (i.outcome as { error: string }).error }), file: storage.description })),
  ];
  return { plan, dryRun: request.dryRun, summary: summarize(plan), diagnostics };
}
