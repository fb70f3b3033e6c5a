/**
 * `config_ConfigureExports` (spec, "Scope setup flow"; started by `config_SettingsUpdated`): for every scope
 * in settings.json, creates or updates the managed exports of the release (release table `managedExports`,
 * src/model/managedExports.ts) with a PUT to
 * `<resource manager>/<scope>/providers/Microsoft.CostManagement/exports/<lower(hub)>-<name>?api-version=<release API version>`
 * (Cost Management "Exports - Create Or Update", learn.microsoft.com/rest/api/cost-management/exports/create-or-update).
 *
 * 0.4-0.8 create the same two FOCUS cost exports on every scope: `<hub>-daily-costdetails` (month to date,
 * recurrence `Daily`) and `<hub>-monthly-costdetails` (the last month, `Monthly`). From 0.9 the exports depend
 * on the kind of scope, told from its ID at run time (scopes may be added to settings.json by hand): EA billing
 * accounts and MCA billing profiles also get the price sheet, reservation details, reservation transactions and
 * reservation recommendations (a Switch with one case per kind; other scopes take the default, the FOCUS pair).
 * Only exports of datasets the hub ingests (hub.yaml `datasets`) are created.
 *
 * Every export delivers into the export container under the scope's path and is `Inactive`: the hub's
 * schedule triggers run them (`config_RunExportJobs`); one marked `runOnCreate` (the price sheet) also runs
 * at once. A failed PUT ends that scope's iteration with `ExportCreateFailed` naming the export and scope, a
 * failed first run with `ExportRunFailed`; the other scopes are still configured.
 */
import * as adf from '../../../expressions/adf/index.js';
import * as arm from '../../../expressions/arm/index.js';
import type { AdfObject } from '../../types.js';
import { pipelineName, type DataFactoryContext } from '../context.js';
import { web, fail, succeeded, failed, pipelineProperties, switchActivity, type Activity } from '../activities.js';
import {
  forEachSettingsScope,
  variablesOf,
  resourceManagerUrlVariable,
  storageAccountIdVariable,
  armUrl,
  apiVersionQuery,
  exportPath,
  scopeFolder,
  armResource,
  jsonInterpolation,
  commandHeaders,
  DEPLOY_VARIABLES,
  errorOf,
  type DeployVariable,
} from './shared.js';
import { MANAGED_EXPORT_SCOPES, type ManagedExport, type ManagedExportScope } from '../../../model/managedExports.js';
import type { HubModel } from '../../../model/hub.js';

/** Variable holding the name of a managed export: `<lower(hubName)>-<name>`, e.g. `dailyExportName`. */
export function exportNameVariable(ctx: DataFactoryContext, exp: ManagedExport): DeployVariable {
  const key = exp.label.replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase());
  return { name: `${key.charAt(0).toLowerCase()}${key.slice(1)}ExportName`, type: 'String', defaultValue: arm.concat(arm.toLower(ctx.hubName), `-${exp.name}`) };
}

/** True when the hub ingests the export's dataset in the export's version. */
function ingested(model: HubModel, exp: ManagedExport): boolean {
  const version = exp.version ?? model.release.managedExportFocusVersion;
  return model.datasets.some((d) => d.exportType === exp.exportType && d.versions.includes(version));
}

/** The exports of each kind of scope that the hub creates: the release's, for the datasets it ingests. */
export function managedExportsOf(model: HubModel): Record<ManagedExportScope, ManagedExport[]> {
  const sets = model.release.managedExports;
  return Object.fromEntries(MANAGED_EXPORT_SCOPES.map((k) => [k, sets[k].filter((e) => ingested(model, e))])) as Record<ManagedExportScope, ManagedExport[]>;
}

/** The managed monthly FOCUS cost export (the one backfill runs). */
export function monthlyCostExport(model: HubModel): ManagedExport {
  return model.release.managedExports.other.find((e) => e.exportType === 'FocusCost' && e.recurrence === 'Monthly')!;
}

/** Body of the export PUT for one scope (`item().scope`). */
export function exportDefinition(ctx: DataFactoryContext, exp: ManagedExport, scope: adf.Adf) {
  const r = ctx.model.release;
  const format = exp.format ?? r.managedExportFormat;
  return {
    identity: { type: 'SystemAssigned' },
    location: 'global',
    properties: {
      definition: {
        type: exp.exportType,
        timeframe: exp.timeframe,
        dataSet: {
          ...(exp.granularity ? { granularity: exp.granularity } : {}),
          configuration: { dataVersion: exp.version ?? r.managedExportFocusVersion, filters: (exp.filters ?? []).map((f) => ({ ...f })) },
        },
      },
      deliveryInfo: {
        destination: {
          type: 'AzureBlob',
          container: ctx.exportContainer,
          rootFolderPath: scopeFolder(scope),
          resourceId: adf.variables(DEPLOY_VARIABLES.storageAccountId),
        },
      },
      schedule: {
        recurrence: exp.recurrence,
        recurrencePeriod: { from: '2024-01-01T00:00:00.000Z', to: '2050-02-01T00:00:00.000Z' },
        status: 'Inactive',
      },
      format: format.format,
      partitionData: true,
      dataOverwriteBehavior: 'CreateNewReport',
      compressionMode: format.compressionMode,
    },
  };
}

/**
 * The activities that create one scope's exports, one after the other (each after the one before
 * succeeded), with `prefix` before every activity name (Data Factory requires names unique in a pipeline).
 */
function createExports(ctx: DataFactoryContext, exports: readonly ManagedExport[], prefix: string): Activity[] {
  const scope = adf.item().get('scope');
  const out: Activity[] = [];
  let previous: string | undefined;
  for (const exp of exports) {
    const name = adf.variables(exportNameVariable(ctx, exp).name);
    const put = `${prefix}Create ${exp.label} Export`;
    out.push(
      web({
        name: put,
        dependsOn: previous ? [succeeded(previous)] : [],
        method: 'PUT',
        url: armUrl(exportPath(scope, name), apiVersionQuery(ctx)),
        resource: armResource(ctx),
        headers: { 'Content-Type': 'application/json' },
        body: jsonInterpolation(exportDefinition(ctx, exp, scope)),
      }),
      fail({
        name: `${prefix}${exp.label} Export Create Failed`,
        dependsOn: [failed(put)],
        errorCode: 'ExportCreateFailed',
        message: adf.interp`Could not create or update the Cost Management export '${name}' on scope '${scope}' (scope from ${ctx.configContainer}/settings.json). The Data Factory managed identity needs Cost Management Contributor on the scope: ${errorOf(put)}`,
      }),
    );
    previous = put;
    if (exp.runOnCreate) previous = runAtOnce(ctx, exp, prefix, put, out);
  }
  return out;
}

/** The run of a new export right after its PUT (the price sheet, so a new hub has prices before the monthly run); returns the run's name. */
function runAtOnce(ctx: DataFactoryContext, exp: ManagedExport, prefix: string, put: string, out: Activity[]): string {
  const scope = adf.item().get('scope');
  const name = adf.variables(exportNameVariable(ctx, exp).name);
  const run = `${prefix}Run ${exp.label} Export`;
  out.push(
    web({
      name: run,
      dependsOn: [succeeded(put)],
      method: 'POST',
      url: armUrl(adf.concat(exportPath(scope, name), '/run'), apiVersionQuery(ctx)),
      resource: armResource(ctx),
      headers: commandHeaders(ctx, pipelineName(ctx, 'configureExports')),
      body: ctx.model.release.exportRunBody,
      policy: { timeout: '0.00:05:00', retry: 0, retryIntervalInSeconds: 30 },
    }),
    fail({
      name: `${prefix}${exp.label} Export Run Failed`,
      dependsOn: [failed(run)],
      errorCode: 'ExportRunFailed',
      message: adf.interp`Created the Cost Management export '${name}' on scope '${scope}' but could not run it: ${errorOf(run)}`,
    }),
  );
  return run;
}

/**
 * The kind of scope of `item().scope` (src/model/managedExports.ts), from its ID in lower case: an EA billing
 * account is `/providers/microsoft.billing/billingaccounts/<number>` (no `:`, no department or enrollment
 * account below it); an MCA billing profile is `.../billingaccounts/<id with :>/billingprofiles/<id>` with no
 * invoice section below it (scope forms: src/frontend/scopes.ts).
 */
export function scopeKindExpression(scope: adf.Adf): adf.Adf {
  const s = adf.toLower(scope);
  const has = (text: string) => adf.contains(s, text);
  const billing = has('/providers/microsoft.billing/billingaccounts/');
  const mca = has(':');
  const eaAccount = adf.and(adf.not(mca), adf.not(adf.or(has('/departments/'), has('/enrollmentaccounts/'))));
  const mcaProfile = adf.and(mca, adf.and(has('/billingprofiles/'), adf.not(has('/invoicesections/'))));
  return adf.if_(billing, adf.if_(eaAccount, 'eaBillingAccount', adf.if_(mcaProfile, 'mcaBillingProfile', 'other')), 'other');
}

/** Activity name prefixes of the Switch cases. */
const CASE_PREFIX: Record<Exclude<ManagedExportScope, 'other'>, string> = { eaBillingAccount: 'EA ', mcaBillingProfile: 'MCA ' };

/** The activities run once per scope: the exports in a row when every kind of scope gets the same, else a Switch on the kind. */
function perScope(ctx: DataFactoryContext, sets: Record<ManagedExportScope, ManagedExport[]>): Activity[] {
  const same = (a: readonly ManagedExport[], b: readonly ManagedExport[]) => a.length === b.length && a.every((e, i) => e === b[i]);
  const special = MANAGED_EXPORT_SCOPES.filter((k): k is Exclude<ManagedExportScope, 'other'> => k !== 'other' && !same(sets[k], sets.other));
  if (!special.length) return createExports(ctx, sets.other, '');
  return [
    switchActivity({
      name: 'Switch Scope Kind',
      on: scopeKindExpression(adf.item().get('scope')),
      cases: special.map((k) => ({ value: k, activities: createExports(ctx, sets[k], CASE_PREFIX[k]) })),
      defaultActivities: createExports(ctx, sets.other, ''),
    }),
  ];
}

/** The pipeline. */
export function configConfigureExports(ctx: DataFactoryContext): AdfObject {
  const sets = managedExportsOf(ctx.model);
  const all = [...new Set(MANAGED_EXPORT_SCOPES.flatMap((k) => sets[k]))];
  const varying = MANAGED_EXPORT_SCOPES.some((k) => sets[k].length !== sets.other.length || sets[k].some((e, i) => e !== sets.other[i]));
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'configureExports'),
    properties: pipelineProperties({
      description: varying
        ? 'Creates or updates the managed exports of every scope in settings.json: FOCUS cost daily and monthly, and on EA billing accounts and MCA billing profiles also prices, reservation details, transactions and recommendations.'
        : 'Creates or updates the managed daily and monthly FOCUS cost exports of every scope in settings.json.',
      activities: [...forEachSettingsScope(ctx, perScope(ctx, sets))],
      variables: variablesOf([resourceManagerUrlVariable(ctx), storageAccountIdVariable(ctx), ...all.map((e) => exportNameVariable(ctx, e))]),
      concurrency: 1,
    }),
  };
}
