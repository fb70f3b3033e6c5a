/**
 * `config_InitializeHub` (spec, "Pipelines"; Data Explorer only; run by the start-triggers deployment
 * script after every deployment): prepares the ingestion database once an ingestion slot is free:
 *
 * 1. allows the cluster's own identity (`ctx.dataExplorerPrincipalId`) to read storage for native
 *    ingestion (`.alter-merge database <db> policy managed_identity`), which the `;managed_identity=system`
 *    URIs of `ingestion_ETL_dataExplorer` need;
 * 2. appends settings.json's version, scopes (distinct, non-empty scope IDs) and retention to `HubSettingsLog`;
 * 3. reloads the open data tables `PricingUnits`, `Regions`, `ResourceTypes` and `Services` from the CSV files
 *    of the public FinOps toolkit release (`https://github.com/microsoft/finops-toolkit/releases/download/<tag>/<Table>.csv`, the release's git tag),
 *    binding columns by position as the tables declare them.
 *
 * Error codes: `SettingsReadFailed`, `DataExplorerCapacityCheckFailed`, `DataExplorerPolicyUpdateFailed`,
 * `HubSettingsLogFailed`, `OpenDataLoadFailed` (names the table and URL), `DataExplorerIngestionTimeout`.
 */
import * as adf from '../../../expressions/adf/index.js';
import { openDataBaseUrl } from '../../../model/releaseNames.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { appendVariable, dataExplorerCommand, succeeded, pipelineProperties, type Activity } from '../activities.js';
import { forEachSettingsScope, settings, SETTINGS_FILE, variablesOf, dataExplorerPrincipalVariable, DEPLOY_VARIABLES, errorOf, emptyArray } from './shared.js';
import { capacityLoop, recordFailure, markSucceeded, failUnlessSucceeded, ingestionDatabaseRef, STATUS_VARIABLES } from './dataExplorer.js';
import { pricingUnitsColumns } from '../../dataExplorer/index.js';

/** One open data table: name, `externaldata` columns in CSV order, and columns dropped after loading. */
export interface OpenDataTable {
  table: string;
  columns: [string, string][];
  drop?: string[];
}

/**
 * The open data tables and how their CSV columns bind (by position; the CSV header row is skipped).
 * Table definitions are in the ingestion database setup script; the column names here must match them.
 */
export const OPEN_DATA_TABLES: readonly OpenDataTable[] = [
  {
    table: 'PricingUnits',
    columns: [
      ['x_PricingUnitDescription', 'string'],
      ['AccountTypes', 'string'],
      ['x_PricingBlockSize', 'decimal'],
      ['PricingUnit', 'string'],
    ],
    drop: ['AccountTypes'],
  },
  {
    table: 'Regions',
    columns: [
      ['ResourceLocation', 'string'],
      ['RegionId', 'string'],
      ['RegionName', 'string'],
    ],
  },
  {
    table: 'ResourceTypes',
    columns: [
      ['x_ResourceType', 'string'],
      ['SingularDisplayName', 'string'],
      ['PluralDisplayName', 'string'],
      ['LowerSingularDisplayName', 'string'],
      ['LowerPluralDisplayName', 'string'],
      ['IsPreview', 'bool'],
      ['Description', 'string'],
      ['IconUri', 'string'],
      ['Links', 'string'],
    ],
    drop: ['Links'],
  },
  {
    table: 'Services',
    columns: [
      ['x_ConsumedService', 'string'],
      ['x_ResourceType', 'string'],
      ['ServiceName', 'string'],
      ['ServiceCategory', 'string'],
      ['ServiceSubcategory', 'string'],
      ['PublisherName', 'string'],
      ['x_PublisherCategory', 'string'],
      ['x_Environment', 'string'],
      ['x_ServiceModel', 'string'],
    ],
  },
];

/**
 * URL of an open data file of a toolkit release: the release's git tag (`v0.8`, `v12`; `releaseTag`), never
 * its recorded version, which is `12.0` from 12 on where the tag is `v12` (the public 12.0's broken URL, #1885);
 * the base is `openDataBaseUrl`, which the upgrade notes read too.
 */
export function openDataUrl(ctx: DataFactoryContext, table: string): string {
  return `${openDataBaseUrl(ctx.model.release)}${table}.csv`;
}

/**
 * The type a column is loaded as: the one its Data Explorer table has in the release (release 12 makes
 * `PricingUnits.x_PricingBlockSize` real, behaviour `kqlRawTables12`; a load typed otherwise fails, kql-0.9-14.md §7.3).
 */
function loadType(ctx: DataFactoryContext, table: string, column: string, type: string): string {
  if (table !== 'PricingUnits') return type;
  return pricingUnitsColumns(ctx.model.release, []).find((c) => c.name === column)?.type ?? type;
}

/** `.set-or-replace <table> <| externaldata(...)[url] with (format="csv", ignoreFirstRecord=true)[ | project-away ...]` */
export function openDataCommand(ctx: DataFactoryContext, t: OpenDataTable): string {
  const cols = t.columns.map(([c, type]) => `${c}: ${loadType(ctx, t.table, c, type)}`).join(', ');
  const away = t.drop?.length ? ` | project-away ${t.drop.join(', ')}` : '';
  return `.set-or-replace ${t.table} <| externaldata(${cols})[@"${openDataUrl(ctx, t.table)}"] with (format="csv", ignoreFirstRecord=true)${away}`;
}

/**
 * The command that lets the cluster's identity ingest with `;managed_identity=system`. From 0.10 a Fabric
 * eventhouse (no cluster, so no principal: `dataExplorerPrincipalId` is `''`) loads with the caller's identity
 * (`;impersonate`) and has no such policy to set: the command only shows the policy then, as the public 0.10
 * does, so the pipeline's steps stay the same for both engines.
 */
function policyCommand(ctx: DataFactoryContext, principal: adf.Adf): adf.Adf | adf.AdfInterpolation {
  const db = ctx.ingestionDatabase;
  if (!ctx.useFabric) return adf.interp`.alter-merge database ${db} policy managed_identity '[{"ObjectId":"${principal}","AllowedUsages":"NativeIngestion"}]'`;
  return adf.if_(
    adf.empty(principal),
    `.show database ${db} policy managed_identity`,
    adf.concat(`.alter-merge database ${db} policy managed_identity '[{"ObjectId":"`, principal, `","AllowedUsages":"NativeIngestion"}]'`),
  );
}

/** The pipeline. */
export function configInitializeHub(ctx: DataFactoryContext): AdfObject {
  const db = ctx.ingestionDatabase;
  const collect = 'For Each Scope';
  const policy = 'Set Managed Identity Policy';
  const log = 'Log Hub Settings';
  const loop = 'Until Initialized';
  const principal = adf.variables(DEPLOY_VARIABLES.dataExplorerPrincipalId);
  const work: Activity[] = [
    dataExplorerCommand({
      name: policy,
      linkedService: ingestionDatabaseRef(ctx),
      command: policyCommand(ctx, principal),
    }),
    ...recordFailure(
      policy,
      'DataExplorerPolicyUpdateFailed',
      adf.interp`Could not allow the Data Explorer cluster identity ${principal} to ingest into database ${db}: ${errorOf(policy)}`,
    ),
    dataExplorerCommand({
      name: log,
      dependsOn: [succeeded(policy)],
      linkedService: ingestionDatabaseRef(ctx),
      command: adf.interp`.append HubSettingsLog <| print version='${adf.coalesce(settings().get('version', true), '')}', scopes=dynamic(${adf.string(adf.union(adf.variables('scopeIds'), emptyArray()))}), retention=dynamic(${adf.string(adf.coalesce(settings().get('retention', true), adf.json('{}')))})`,
    }),
    ...recordFailure(
      log,
      'HubSettingsLogFailed',
      adf.interp`Could not append the version, scopes and retention of ${ctx.configContainer}/${SETTINGS_FILE} to HubSettingsLog in database ${db}: ${errorOf(log)}`,
    ),
  ];
  let previous = log;
  for (const t of OPEN_DATA_TABLES) {
    const name = `Load ${t.table}`;
    work.push(
      dataExplorerCommand({ name, dependsOn: [succeeded(previous)], linkedService: ingestionDatabaseRef(ctx), command: openDataCommand(ctx, t) }),
      ...recordFailure(name, 'OpenDataLoadFailed', adf.interp`Could not load table ${t.table} of database ${db} from ${openDataUrl(ctx, t.table)}: ${errorOf(name)}`),
    );
    previous = name;
  }
  work.push(markSucceeded('Mark Initialized', previous));
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'initializeHub'),
    properties: pipelineProperties({
      description: 'Prepares the Data Explorer ingestion database after a deployment: identity policy, settings log, open data tables.',
      activities: [
        ...forEachSettingsScope(ctx, [appendVariable({ name: 'Collect Scope', variable: 'scopeIds', value: adf.item().get('scope') })], collect),
        capacityLoop(ctx, { name: loop, dependsOn: [succeeded(collect)], work }),
        failUnlessSucceeded(loop, `No Data Explorer ingestion capacity became free within 2 hours to initialize database ${db}.`),
      ],
      variables: variablesOf([dataExplorerPrincipalVariable(ctx)], { ...STATUS_VARIABLES, scopeIds: { type: 'Array', defaultValue: [] } }),
      concurrency: 1,
    }),
  };
}
