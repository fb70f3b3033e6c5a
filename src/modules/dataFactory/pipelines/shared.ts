/**
 * Pieces several pipelines share: reading `config/settings.json`, the list of valid scopes, Cost Management
 * URLs, deploy-time values carried as pipeline variables, and JSON bodies with embedded expressions.
 *
 * Deploy-time values (resource manager URL, storage account ID, hub name, ...) are only known to ARM. Data
 * Factory expressions cannot contain ARM expressions, so each such value is the ARM-computed default of a
 * pipeline variable that the expressions read with `variables('<name>')`.
 */
import * as arm from '../../../expressions/arm/index.js';
import * as adf from '../../../expressions/adf/index.js';
import type { Value } from '../../types.js';
import type { DataFactoryContext } from '../context.js';
import { datasetNames, DATASET_PARAMETERS } from '../datasets.js';
import {
  lookup,
  fail,
  filter,
  forEach,
  datasetRef,
  fileSource,
  failed,
  succeeded,
  SHORT_POLICY,
  type Activity,
  type ActivityDependency,
  type VariableType,
} from '../activities.js';

/** Location of the hub settings file. */
export const SETTINGS_FILE = 'settings.json';

/**
 * An empty array, `json('[]')`: the fallback of every `coalesce` over a list that may be missing and the
 * "nothing to do" branch of conditional ForEach items. `createArray()` without arguments is not used:
 * the template-language functions Data Factory shares with Logic Apps and (until 2020) ARM expect at least
 * one argument, and the public hub pipelines write empty arrays as `json('[]')`.
 */
export const emptyArray = (): adf.Adf => adf.json('[]');

/** Name of the activity that reads settings.json in every pipeline that needs it. */
export const READ_SETTINGS = 'Read Settings';

/** The first row of the settings lookup: the settings.json object. */
export const settings = () => adf.activity(READ_SETTINGS).get('output').get('firstRow');

/**
 * Reads `config/settings.json`; a failed read ends the run with `SettingsReadFailed`.
 * @returns the lookup and its Fail activity
 */
export function readSettings(ctx: DataFactoryContext, dependsOn: ActivityDependency[] = []): Activity[] {
  const n = datasetNames(ctx);
  return [
    lookup({
      name: READ_SETTINGS,
      dependsOn,
      dataset: datasetRef(n.config, { [DATASET_PARAMETERS.fileName]: SETTINGS_FILE, [DATASET_PARAMETERS.folderPath]: ctx.configContainer }),
      source: fileSource('Json'),
      policy: SHORT_POLICY,
    }),
    fail({
      name: 'Settings Read Failed',
      dependsOn: [failed(READ_SETTINGS)],
      errorCode: 'SettingsReadFailed',
      message: `Could not read ${ctx.configContainer}/${SETTINGS_FILE} from the hub storage account. Check that the file exists and is valid JSON.`,
    }),
  ];
}

/** `retention.<key>.<unit>` of settings.json, or `fallback` when the setting is missing. */
export function retentionSetting(key: string, unit: 'days' | 'months', fallback: number): adf.Adf {
  return adf.coalesce(settings().get('retention', true).get(key, true).get(unit, true), fallback);
}

/**
 * The error message of a failed activity (`activity('<name>').error.message`), or `unknown error`; for the
 * messages of Fail activities on failure paths.
 */
export function errorOf(activityName: string): adf.Adf {
  return adf.coalesce(adf.activity(activityName).get('error', true).get('message', true), 'unknown error');
}

/** Name of the activity that keeps the valid scopes of settings.json. */
export const FILTER_SCOPES = 'Filter Scopes';

/**
 * Keeps the scopes of settings.json that are usable: `scopes` may be an array or (as older upload
 * scripts wrote it) a single object; entries with an empty `scope` or just `/` are dropped.
 * The result is `activity('Filter Scopes').output.value`, an array of `{ scope }` objects.
 */
export function filterScopes(): Activity {
  const scopes = adf.coalesce(settings().get('scopes', true), emptyArray());
  return filter({
    name: FILTER_SCOPES,
    dependsOn: [succeeded(READ_SETTINGS)],
    items: adf.if_(adf.startsWith(adf.string(scopes), '['), scopes, adf.createArray(scopes)),
    condition: adf.and(adf.not(adf.empty(adf.coalesce(adf.item().get('scope', true), ''))), adf.not(adf.equals(adf.item().get('scope', true), '/'))),
  });
}

/** Filtered scopes. */
export const filteredScopes = () => adf.activity(FILTER_SCOPES).get('output').get('value');

// ---------------------------------------------------------------------------------------------------------------
// Deploy-time values as pipeline variables

/** A pipeline variable whose default is computed by ARM at deployment. */
export interface DeployVariable {
  name: string;
  type: VariableType;
  defaultValue: Value;
}

/** Variable names of deploy-time values. */
export const DEPLOY_VARIABLES = {
  resourceManagerUrl: 'resourceManagerUrl',
  storageAccountId: 'storageAccountId',
  hubName: 'hubName',
  storageHost: 'storageHost',
  dataExplorerPrincipalId: 'dataExplorerPrincipalId',
} as const;

/**
 * Azure Resource Manager URL of the deployment's cloud without a trailing `/` (`environment().resourceManager`
 * ends with one), so paths starting with `/` append to it directly.
 */
export function resourceManagerUrlVariable(ctx: DataFactoryContext): DeployVariable {
  const rm = ctx.resourceManagerUrl;
  return {
    name: DEPLOY_VARIABLES.resourceManagerUrl,
    type: 'String',
    defaultValue: arm.if_(arm.endsWith(rm, '/'), arm.substring(rm, 0, arm.call('sub', arm.length(rm), 1)), rm),
  };
}

/** Resource ID of the hub's data lake, where managed exports deliver. */
export function storageAccountIdVariable(ctx: DataFactoryContext): DeployVariable {
  return { name: DEPLOY_VARIABLES.storageAccountId, type: 'String', defaultValue: ctx.storageAccountId };
}

/** `<account>.dfs.<storage suffix>`: host of the data lake for Data Explorer's `abfss://` URIs. */
export function storageHostVariable(ctx: DataFactoryContext): DeployVariable {
  return {
    name: DEPLOY_VARIABLES.storageHost,
    type: 'String',
    defaultValue: arm.replace(arm.replace(ctx.storageDfsEndpoint, 'https://', ''), '/', ''),
  };
}

/** Object ID of the Data Explorer cluster's system-assigned identity. */
export function dataExplorerPrincipalVariable(ctx: DataFactoryContext): DeployVariable {
  return { name: DEPLOY_VARIABLES.dataExplorerPrincipalId, type: 'String', defaultValue: ctx.dataExplorerPrincipalId };
}

/** A named variable map for {@link PipelineSpec.variables} from deploy-time and plain variables. */
export function variablesOf(
  deploy: DeployVariable[],
  plain: Record<string, { type: VariableType; defaultValue?: Value }> = {},
): Record<string, { type: VariableType; defaultValue?: Value }> {
  const out: Record<string, { type: VariableType; defaultValue?: Value }> = {};
  for (const v of deploy) out[v.name] = { type: v.type, defaultValue: v.defaultValue };
  return { ...out, ...plain };
}

// ---------------------------------------------------------------------------------------------------------------
// Azure Resource Manager URLs

/**
 * `<resourceManagerUrl>/<path><query>` with every `//` in the path collapsed, so scopes (`/subscriptions/...`)
 * and export IDs join the URL with exactly one `/`, whether or not they start with one.
 */
export function armUrl(path: adf.Adf, query: string): adf.Adf {
  return adf.concat(adf.variables(DEPLOY_VARIABLES.resourceManagerUrl), adf.replace(adf.concat('/', path), '//', '/'), query);
}

/** `?api-version=<Cost Management exports API version of the release>` */
export function apiVersionQuery(ctx: DataFactoryContext): string {
  return `?api-version=${ctx.model.release.costManagementApiVersion}`;
}

/** Path of a Cost Management export: `<scope>/providers/Microsoft.CostManagement/exports/<name>`. */
export function exportPath(scope: adf.Adf, exportName: adf.Adf): adf.Adf {
  return adf.concat(scope, '/providers/Microsoft.CostManagement/exports/', exportName);
}

/** Scope without a leading `/` (e.g. `subscriptions/s1`): the root folder of a managed export's files. */
export function scopeFolder(scope: adf.Adf): adf.Adf {
  return adf.replace(adf.if_(adf.startsWith(scope, '/'), adf.substring(scope, 1, adf.sub(adf.length(scope), 1)), scope), '//', '/');
}

/**
 * Authentication resource (token audience) of Azure Resource Manager calls: `environment().resourceManager`
 * as ARM gives it, a deploy-time value.
 */
export const armResource = (ctx: DataFactoryContext): Value => ctx.resourceManagerUrl;

/** Headers identifying the hub release to Cost Management. */
export function commandHeaders(ctx: DataFactoryContext, pipeline: string): Record<string, string> {
  const v = ctx.model.release.ftkVersion;
  return { 'x-ms-command-name': `FinOpsToolkit.Hubs.${pipeline}@${v}`, ClientType: `FinOpsToolkit.Hubs@${v}` };
}

// ---------------------------------------------------------------------------------------------------------------
// JSON text with embedded expressions

/** A JSON value whose leaves may be expressions; expression leaves become JSON strings. */
export type JsonTemplate = string | number | boolean | null | adf.Adf | JsonTemplate[] | { [key: string]: JsonTemplate };

/**
 * Compact JSON text with `"@{expr}"` where the template has expressions: an interpolated string Data
 * Factory turns into the request body at run time. Expression results are inserted as they are, so they
 * must not contain `"` or `\`.
 */
export function jsonInterpolation(template: JsonTemplate): adf.AdfInterpolation {
  const exprs: adf.Adf[] = [];
  const marker = (i: number) => `\u2063ADF${i}\u2063`;
  // JSON.stringify applies toJSON before the replacer sees a value, so look at the holder's original member.
  const text = JSON.stringify(template, function (this: Record<string, unknown>, key: string, v: unknown) {
    const original = this[key];
    if (original instanceof adf.Adf) {
      exprs.push(original);
      return marker(exprs.length - 1);
    }
    return v;
  });
  const parts: adf.AdfTemplatePart[] = [];
  const re = /\u2063ADF(\d+)\u2063/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(exprs[Number(m[1])]);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return new adf.AdfInterpolation(parts);
}

/**
 * Reads settings.json, filters its scopes and runs `activities` once per scope, one scope at a time
 * (`item().scope` inside). Returns the activities to put at the top of a pipeline.
 * @param name name of the ForEach activity (default `For Each Scope`)
 */
export function forEachSettingsScope(ctx: DataFactoryContext, activities: Activity[], name = 'For Each Scope'): Activity[] {
  return [...readSettings(ctx), filterScopes(), forEach({ name, dependsOn: [succeeded(FILTER_SCOPES)], items: filteredScopes(), sequential: true, activities })];
}

/** How the export file formats are named in activity names. */
export const FORMAT_LABELS = { csv: 'CSV', gz: 'Gzip CSV', parquet: 'Parquet' } as const;

/** `.csv`, `.csv.gz` and `.parquet` as a list in words, for messages. */
export function supportedFiles(formats: readonly ('csv' | 'gz' | 'parquet')[]): string {
  const names = formats.map((f) => ({ csv: '.csv', gz: '.csv.gz', parquet: '.parquet' })[f]);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
}
