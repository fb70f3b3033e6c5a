/**
 * `hubc migrate-data --from X --to Y (--storage DIR | --account NAME) [--copy] [--yes | --dry-run]`: move
 * converted data into a newer release's ingestion layout (the work is in `src/migrate/run.ts`, loaded by the
 * action). A dry run is the default: it prints every move and changes nothing; `--yes` carries them out.
 * Exit 0 (planned, or done), 1 when a file could not be moved (HUB494), 2 on usage, a missing folder or an
 * unreachable account (HUB492), or a pair that is not an upgrade (HUB493).
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { EnvironmentError, hasErrors } from '../../diagnostics/diagnostic.js';
import { toJsonText } from '../../model/json.js';
import { getRelease } from '../../model/releases.js';
import { CLOUD_NAMES, CLOUDS, dataLakeEndpoint, normalizeArmEndpoint, type CloudName } from '../../azure/options.js';
import type { MigrationLocation } from '../../migrate/index.js';
import { EXIT, reportDiagnostics, reportEnvironmentError, reportUsageError, type OutputFormat } from '../io.js';
import { choiceOption, formatOption, releaseChoiceOption } from '../options.js';
import { asEnvironmentError, type CommandContext } from './shared.js';
import { azureCredential } from './azure.js';
import { codes } from '../../diagnostics/index.js';
import type { Raised } from '../../diagnostics/index.js';

interface MigrateFlags {
  from: string;
  to: string;
  storage?: string;
  account?: string;
  copy?: boolean;
  yes?: boolean;
  dryRun?: boolean;
  skipIngested?: boolean;
  cloud: CloudName;
  dfsEndpoint?: string;
  format: OutputFormat;
}

/** Adds the command to the program. */
export function registerMigrateData(program: Command, ctx: CommandContext): void {
  program
    .command('migrate-data')
    .summary("move converted data into a newer release's ingestion layout")
    .description(
      'Moves (or with --copy copies) the parquet files an earlier release wrote into the ingestion container into the folders a newer release reads, in a local folder laid out like the storage account (--storage DIR, holding ingestion/) ' +
        "or in the hub's Data Lake account (--account NAME, signed in with DefaultAzureCredential). Files moved into the dataset layout of 0.6+ get the ingestion ID migrated-<from>-<yyyyMM>; " +
        'for releases that load ingestion/ into Data Explorer, each folder then gets an empty manifest.json, which starts the load. ' +
        '0.1 amortized cost data has no FOCUS equivalent and stays where it is. Copies are written under a temporary name, checked and then renamed; a target that exists is compared with its source, not trusted; ' +
        'running the same command again after an interruption finishes the work (manifests included). A folder that already holds another ingestion of its month (the new release ran first) gets nothing, so no month is counted twice (an error; a warning with --skip-ingested). Without --yes this is a dry run that lists every move and changes nothing.',
    )
    .addOption(releaseChoiceOption('--from <release>', 'release that wrote the data').makeOptionMandatory())
    .addOption(releaseChoiceOption('--to <release>', 'release to move the data for').makeOptionMandatory())
    .option('--storage <dir>', 'local storage folder (holding ingestion/)')
    .option('--account <name>', "the hub's Data Lake storage account")
    .option('--copy', 'copy the files and leave the old ones in place')
    .option('-y, --yes', 'carry the moves out (default: a dry run)')
    .option('--dry-run', 'only list the moves (the default)')
    .option('--skip-ingested', 'skip folders the new release already ingested the month into with a warning, instead of failing')
    .addOption(choiceOption('--cloud <cloud>', 'Azure cloud of --account', CLOUD_NAMES, 'AzureCloud'))
    .addOption(
      new Option('--dfs-endpoint <url>', "Data Lake endpoint to send requests to instead of https://<account>.dfs.<cloud's storage suffix>").argParser((v: string) => {
        try {
          return normalizeArmEndpoint(v);
        } catch (e) {
          throw new InvalidArgumentError(`${(e as Error).message}.`);
        }
      }),
    )
    .addOption(formatOption())
    .addHelpText(
      'after',
      '\nExamples:\n  hubc migrate-data --from 0.5 --to 0.7 --storage ./storage\n  hubc migrate-data --from 0.5 --to 0.7 --storage ./storage --yes\n  hubc migrate-data --from 0.6 --to 0.7 --account finopsstoreabc123 --copy --yes\n' +
        '\nExit codes: 0 listed (dry run) or done, 1 a file could not be moved or a folder already holds another ingestion of its month, 2 usage, a missing folder, an unreachable account, or a pair that is not an upgrade.\n',
    )
    .action((opts: MigrateFlags) => migrateDataAction(ctx, opts));
}

/** The action: checks the flags, then plans (dry run) or carries out the moves with `src/migrate/run.ts` and prints them. */
async function migrateDataAction(ctx: CommandContext, opts: MigrateFlags): Promise<void> {
  const { io } = ctx;
  const env = (raised: Raised) => ctx.exit(reportEnvironmentError(io, new EnvironmentError(raised), opts.format));
  if (Boolean(opts.storage) === Boolean(opts.account)) return ctx.exit(reportUsageError(io, codes.HUB060.exactlyOne({ options: '--storage DIR and --account NAME' }), opts.format));
  if (opts.yes && opts.dryRun) return ctx.exit(reportUsageError(io, codes.HUB060.contradict({ a: '--yes', b: '--dry-run' }), opts.format));
  const { migrateData, formatMigration, migrationProblem } = await import('../../migrate/index.js');
  const problem = migrationProblem(opts.from, opts.to, opts.account);
  if (problem) return problem.code === codes.HUB062.code ? ctx.exit(reportUsageError(io, problem, opts.format)) : env(problem);
  const from = getRelease(opts.from);
  const to = getRelease(opts.to);
  let location: MigrationLocation;
  if (opts.storage) location = { folder: opts.storage };
  else {
    const account = opts.account!;
    location = {
      dataLake: {
        account,
        endpoint: opts.dfsEndpoint ?? dataLakeEndpoint(account, CLOUDS[opts.cloud].storageSuffix),
        credential: await azureCredential(ctx, opts.cloud),
        clientOptions: ctx.azure?.storageClientOptions,
      },
    };
  }
  let outcome;
  try {
    outcome = await migrateData({ from, to, location, copy: opts.copy, dryRun: !opts.yes, skipIngested: opts.skipIngested });
  } catch (e) {
    const environment = await asEnvironmentError(e);
    if (environment) return ctx.exit(reportEnvironmentError(io, environment, opts.format));
    throw e;
  }
  const { plan, dryRun, summary, diagnostics } = outcome;
  if (opts.format === 'json') io.out(toJsonText({ ...plan, dryRun, summary, diagnostics }));
  else {
    io.out(formatMigration(plan, dryRun));
    reportDiagnostics(io, diagnostics, 'text');
  }
  ctx.exit(hasErrors(diagnostics) ? EXIT.diagnostics : EXIT.ok);
}
