/**
 * Typed builders for Data Factory pipeline activities. Each builder returns the activity in its wire form
 * (`{ name, type, dependsOn, userProperties, typeProperties[, policy] }`), the shape the Data Factory REST
 * API, Git integration and ARM template use ("Pipelines and activities in Azure Data Factory",
 * learn.microsoft.com/azure/data-factory/concepts-pipelines-activities, and the per-activity pages linked
 * from it). Expressions inside are built with `src/expressions/adf`.
 *
 * Execution activities (Lookup, Copy, Delete, GetMetadata, Web, Azure Data Explorer command) carry a
 * `policy`; control activities (Set Variable, ForEach, If Condition, Switch, Until, Execute Pipeline, Fail,
 * Wait, Filter) do not.
 *
 * Nesting rules of Data Factory (learn.microsoft.com/azure/data-factory/concepts-nested-activities): If
 * Condition and Switch may sit inside ForEach or Until but not inside If Condition or Switch; ForEach and
 * Until allow one level of nesting only. {@link nestingViolations} checks a pipeline against them.
 *
 * Every builder returns the `@azure/arm-datafactory` model of its activity in wire form (./wire.ts), so
 * a misspelt or missing property fails to compile.
 */
import type * as sdk from '@azure/arm-datafactory';
import * as adf from '../../expressions/adf/index.js';
import type { Arm } from '../../expressions/arm/ast.js';
import type { Value, ValueObject } from '../types.js';
import type { AdfActivity, AdfActivityOf, AdfActivityType, AdfActivityTypeProperties, AdfPipelineProperties, AdfWireObject } from './wire.js';

/** Outcome of an upstream activity that lets a downstream one run. */
export type DependencyCondition = 'Succeeded' | 'Failed' | 'Skipped' | 'Completed';

/** One `dependsOn` entry in wire form. */
export type ActivityDependency = {
  activity: string;
  dependencyConditions: DependencyCondition[];
};

/** An activity in wire form (any type; ./wire.ts). */
export type Activity = AdfActivity;

/** `dependsOn` entry: runs when `activity` ended in one of `conditions`. */
export function after(activity: string, ...conditions: DependencyCondition[]): ActivityDependency {
  return { activity, dependencyConditions: conditions.length ? conditions : ['Succeeded'] };
}
/** Runs after `activity` succeeded. */
export const succeeded = (activity: string) => after(activity, 'Succeeded');
/** Runs after `activity` failed. */
export const failed = (activity: string) => after(activity, 'Failed');
/** Runs after `activity` ended, whatever the outcome. */
export const completed = (activity: string) => after(activity, 'Completed');

/** Execution policy: timeout `d.hh:mm:ss`, retry count and interval (seconds). */
export interface Policy {
  timeout: string;
  retry: number;
  retryIntervalInSeconds: number;
}

/** Twelve hours, no retry: the default of long-running activities. */
export const LONG_POLICY: Policy = { timeout: '0.12:00:00', retry: 0, retryIntervalInSeconds: 30 };
/** Five minutes, two retries: reads of small files and REST calls. */
export const SHORT_POLICY: Policy = { timeout: '0.00:05:00', retry: 2, retryIntervalInSeconds: 30 };

function policyOf(p: Policy): AdfWireObject<sdk.ActivityPolicy> {
  return { timeout: p.timeout, retry: p.retry, retryIntervalInSeconds: p.retryIntervalInSeconds, secureOutput: false, secureInput: false };
}

/** Options every builder takes. */
export interface ActivityOptions {
  name: string;
  dependsOn?: ActivityDependency[];
  description?: string;
}

/** What every activity has, for the activity type `K`. */
type ActivityBase<K extends AdfActivityType> = { name: string; type: K; dependsOn: ActivityDependency[]; userProperties: []; description?: string };

function base<K extends AdfActivityType>(type: K, o: ActivityOptions): ActivityBase<K> {
  const a: ActivityBase<K> = { name: o.name, type, dependsOn: o.dependsOn ?? [], userProperties: [] };
  if (o.description) a.description = o.description;
  return a;
}

/** A value Data Factory evaluates: an expression, an interpolated string or a literal. */
export type AdfValue = adf.Adf | adf.AdfInterpolation | string;

/** `{ value, type: 'Expression' }` for expressions and interpolations; literals stay as they are. */
function exprOrLiteral(v: AdfValue | number | boolean): Value {
  return v instanceof adf.Adf || v instanceof adf.AdfInterpolation ? adf.expression(v) : v;
}

/** A reference to a dataset in wire form. */
export type DatasetReference = AdfWireObject<sdk.DatasetReference>;
/** A reference to a linked service in wire form. */
export type LinkedServiceReference = AdfWireObject<sdk.LinkedServiceReference>;

/** Reference to a dataset with parameter values. */
export function datasetRef(name: string, parameters?: Record<string, AdfValue>): DatasetReference {
  const ref: DatasetReference = { referenceName: name, type: 'DatasetReference' };
  if (parameters) ref.parameters = Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, exprOrLiteral(v)]));
  return ref;
}

/** Reference to a linked service with parameter values. */
export function linkedServiceRef(name: string, parameters?: Record<string, Value>): LinkedServiceReference {
  const ref: LinkedServiceReference = { referenceName: name, type: 'LinkedServiceReference' };
  if (parameters) ref.parameters = parameters;
  return ref;
}

/** Read settings of Azure Data Lake Storage Gen2 (`AzureBlobFSReadSettings`). */
export function lakeReadSettings(recursive = false): AdfWireObject<sdk.AzureBlobFSReadSettings> {
  return { type: 'AzureBlobFSReadSettings', recursive, enablePartitionDiscovery: false };
}
/** Write settings of Azure Data Lake Storage Gen2 (`AzureBlobFSWriteSettings`). */
export function lakeWriteSettings(): AdfWireObject<sdk.AzureBlobFSWriteSettings> {
  return { type: 'AzureBlobFSWriteSettings' };
}

/** File formats the copy, lookup and metadata activities read or write. */
export type FileFormat = 'Json' | 'DelimitedText' | 'Parquet';

const READ_SETTINGS = {
  Json: 'JsonReadSettings',
  DelimitedText: 'DelimitedTextReadSettings',
  Parquet: undefined,
} as const satisfies Record<FileFormat, string | undefined>;

/**
 * File formats the copy activity writes. Not DelimitedText: its write settings need a `fileExtension`
 * (`DelimitedTextWriteSettings` in the Data Factory REST API), which hubc has no use for.
 */
export type SinkFormat = Exclude<FileFormat, 'DelimitedText'>;

const WRITE_SETTINGS = {
  Json: 'JsonWriteSettings',
  Parquet: 'ParquetWriteSettings',
} as const satisfies Record<SinkFormat, string>;

/** A copy or lookup source of a data lake file, in wire form. */
export type FileSource = AdfWireObject<sdk.JsonSource | sdk.DelimitedTextSource | sdk.ParquetSource>;
/** A copy sink of a data lake file, in wire form. */
export type FileSink = AdfWireObject<sdk.JsonSink | sdk.ParquetSink>;

/**
 * Copy or lookup source of a data lake file: `<Format>Source` with store and format read settings.
 * @param additionalColumns columns added to every row (`[{ name, value }]` or an expression giving that array)
 */
export function fileSource(format: FileFormat, opts: { recursive?: boolean; additionalColumns?: adf.Adf; wildcardFileName?: string } = {}): FileSource {
  const store = lakeReadSettings(opts.recursive ?? false);
  // Reads every file of the dataset's folder whose name matches (the dataset's own file name is ignored then).
  if (opts.wildcardFileName !== undefined) store.wildcardFileName = opts.wildcardFileName;
  const s: FileSource = { type: `${format}Source`, storeSettings: store };
  const fmt = READ_SETTINGS[format];
  if (fmt) s.formatSettings = { type: fmt };
  if (opts.additionalColumns) s.additionalColumns = adf.expression(opts.additionalColumns);
  return s;
}

/** A copy source of a REST API (`RestSource`), in wire form. */
export type RestCopySource = AdfWireObject<sdk.RestSource>;

/**
 * Copy source of a REST API (connector-rest, "REST as source"): the request method, body and headers sent to
 * the URL of the input dataset (`RestResource`: its linked service's base URL and the dataset's relative URL).
 * One request: the connector's `paginationRules` cannot carry a token in the request body, so a pipeline that
 * pages such an API loops itself (queries_ResourceGraph_ExecuteQuery).
 */
export function restSource(o: { method: 'GET' | 'POST'; body?: adf.Adf | adf.AdfInterpolation; headers?: Record<string, string>; timeout?: string }): RestCopySource {
  const s: RestCopySource = { type: 'RestSource', requestMethod: o.method, httpRequestTimeout: o.timeout ?? '00:01:40' };
  if (o.body !== undefined) s.requestBody = adf.expression(o.body);
  if (o.headers) s.additionalHeaders = { ...o.headers };
  return s;
}

/** Copy sink of a data lake file: `<Format>Sink` with store and format write settings. */
export function fileSink(format: SinkFormat): FileSink {
  const sink: FileSink = { type: `${format}Sink`, storeSettings: lakeWriteSettings() };
  sink.formatSettings = { type: WRITE_SETTINGS[format] };
  return sink;
}

/** Lookup (learn.microsoft.com/azure/data-factory/control-flow-lookup-activity): reads the first row or all rows. */
export function lookup(o: ActivityOptions & { dataset: DatasetReference; source: FileSource; firstRowOnly?: boolean; policy?: Policy }): AdfActivityOf<'Lookup'> {
  return {
    ...base('Lookup', o),
    policy: policyOf(o.policy ?? LONG_POLICY),
    typeProperties: { source: o.source, dataset: o.dataset, firstRowOnly: o.firstRowOnly ?? true },
  };
}

/** Set Variable (control-flow-set-variable-activity). */
export function setVariable(o: ActivityOptions & { variable: string; value: adf.Adf | adf.AdfInterpolation | string | boolean }): AdfActivityOf<'SetVariable'> {
  return { ...base('SetVariable', o), typeProperties: { variableName: o.variable, value: o.value } };
}

/** Append Variable (control-flow-append-variable-activity): adds one item to an Array variable. */
export function appendVariable(o: ActivityOptions & { variable: string; value: adf.Adf | string }): AdfActivityOf<'AppendVariable'> {
  return { ...base('AppendVariable', o), typeProperties: { variableName: o.variable, value: o.value } };
}

/**
 * ForEach (control-flow-for-each-activity). Parallel unless `sequential`; `batchCount` (1-50) bounds the
 * parallel iterations and may be a deploy-time ARM expression.
 */
export function forEach(o: ActivityOptions & { items: adf.Adf; activities: Activity[]; sequential?: boolean; batchCount?: number | Arm }): AdfActivityOf<'ForEach'> {
  const tp: AdfActivityTypeProperties<'ForEach'> = {
    items: adf.expression(o.items),
    isSequential: o.sequential ?? false,
    ...(!o.sequential && o.batchCount !== undefined ? { batchCount: o.batchCount } : {}),
    activities: o.activities,
  };
  return { ...base('ForEach', o), typeProperties: tp };
}

/** If Condition (control-flow-if-condition-activity). */
export function ifCondition(o: ActivityOptions & { expression: adf.Adf; ifTrue?: Activity[]; ifFalse?: Activity[] }): AdfActivityOf<'IfCondition'> {
  const tp: AdfActivityTypeProperties<'IfCondition'> = { expression: adf.expression(o.expression) };
  if (o.ifTrue?.length) tp.ifTrueActivities = o.ifTrue;
  if (o.ifFalse?.length) tp.ifFalseActivities = o.ifFalse;
  return { ...base('IfCondition', o), typeProperties: tp };
}

/** Switch (control-flow-switch-activity): runs the activities of the case whose value equals `on`. */
export function switchActivity(o: ActivityOptions & { on: adf.Adf; cases: { value: string; activities: Activity[] }[]; defaultActivities?: Activity[] }): AdfActivityOf<'Switch'> {
  const tp: AdfActivityTypeProperties<'Switch'> = { on: adf.expression(o.on), cases: o.cases.map((c) => ({ value: c.value, activities: c.activities })) };
  if (o.defaultActivities?.length) tp.defaultActivities = o.defaultActivities;
  return { ...base('Switch', o), typeProperties: tp };
}

/** Until (control-flow-until-activity): repeats `activities` until `expression` is true or `timeout` passes. */
export function until(o: ActivityOptions & { expression: adf.Adf; activities: Activity[]; timeout: string }): AdfActivityOf<'Until'> {
  return { ...base('Until', o), typeProperties: { expression: adf.expression(o.expression), timeout: o.timeout, activities: o.activities } };
}

/** Execute Pipeline (control-flow-execute-pipeline-activity); waits for the child run by default. */
export function executePipeline(o: ActivityOptions & { pipeline: string; parameters?: Record<string, AdfValue>; waitOnCompletion?: boolean }): AdfActivityOf<'ExecutePipeline'> {
  const tp: AdfActivityTypeProperties<'ExecutePipeline'> = { pipeline: { referenceName: o.pipeline, type: 'PipelineReference' }, waitOnCompletion: o.waitOnCompletion ?? true };
  if (o.parameters) tp.parameters = Object.fromEntries(Object.entries(o.parameters).map(([k, v]) => [k, exprOrLiteral(v)]));
  return { ...base('ExecutePipeline', o), typeProperties: tp };
}

/** Copy (copy-activity-overview). `translator` is a TabularTranslator object or an expression giving one. */
export function copy(
  o: ActivityOptions & {
    input: DatasetReference;
    output: DatasetReference;
    source: FileSource | RestCopySource;
    sink: FileSink;
    translator?: adf.Adf | ValueObject;
    policy?: Policy;
  },
): AdfActivityOf<'Copy'> {
  const tp: AdfActivityTypeProperties<'Copy'> = { source: o.source, sink: o.sink, enableStaging: false, parallelCopies: 1, validateDataConsistency: false };
  if (o.translator) tp.translator = o.translator instanceof adf.Adf ? adf.expression(o.translator) : o.translator;
  return { ...base('Copy', o), policy: policyOf(o.policy ?? LONG_POLICY), typeProperties: tp, inputs: [o.input], outputs: [o.output] };
}

/** Delete (delete-activity): deletes the file or folder the dataset points to. */
export function deleteActivity(o: ActivityOptions & { dataset: DatasetReference; recursive?: boolean; policy?: Policy }): AdfActivityOf<'Delete'> {
  return {
    ...base('Delete', o),
    policy: policyOf(o.policy ?? LONG_POLICY),
    typeProperties: { dataset: o.dataset, enableLogging: false, storeSettings: lakeReadSettings(o.recursive ?? false) },
  };
}

/**
 * Get Metadata (control-flow-get-metadata-activity). With `exists` in the field list the activity does not
 * fail for a missing file or folder; it returns `exists: false` instead.
 */
export function getMetadata(
  o: ActivityOptions & { dataset: DatasetReference; fields: ('exists' | 'childItems' | 'itemName' | 'lastModified' | 'size')[]; format: FileFormat; policy?: Policy },
): AdfActivityOf<'GetMetadata'> {
  const tp: AdfActivityTypeProperties<'GetMetadata'> = { dataset: o.dataset, fieldList: [...o.fields], storeSettings: lakeReadSettings(false) };
  const fmt = READ_SETTINGS[o.format];
  if (fmt) tp.formatSettings = { type: fmt };
  return { ...base('GetMetadata', o), policy: policyOf(o.policy ?? LONG_POLICY), typeProperties: tp };
}

/**
 * Web (control-flow-web-activity): an HTTPS call authenticated with the factory's managed identity for
 * `resource`. Data Factory requires a `body` for POST and PUT and rejects one for GET (WebActivity.body in
 * the Data Factory REST API: "Required for POST/PUT method, not allowed for GET method"); calls without a
 * payload send a single space, as the public hub pipelines do.
 * @throws Error when a POST/PUT has no body or a GET has one
 */
export function web(
  o: ActivityOptions & {
    method: 'GET' | 'PUT' | 'POST' | 'DELETE';
    url: adf.Adf | adf.AdfInterpolation;
    /** Token audience: an expression, or a literal / deploy-time ARM value. */
    resource: adf.Adf | Value;
    headers?: Record<string, string>;
    /** Payload: an expression, an interpolated string or a literal string. */
    body?: adf.Adf | adf.AdfInterpolation | string;
    policy?: Policy;
  },
): AdfActivityOf<'WebActivity'> {
  const needsBody = o.method === 'POST' || o.method === 'PUT';
  if (needsBody && o.body === undefined) throw new Error(`Web activity '${o.name}': ${o.method} needs a body`);
  if (o.method === 'GET' && o.body !== undefined) throw new Error(`Web activity '${o.name}': GET takes no body`);
  const tp: AdfActivityTypeProperties<'WebActivity'> = { method: o.method, url: adf.expression(o.url) };
  if (o.headers) tp.headers = { ...o.headers };
  if (o.body !== undefined) tp.body = typeof o.body === 'string' ? o.body : adf.expression(o.body);
  tp.authentication = { type: 'MSI', resource: o.resource instanceof adf.Adf ? adf.expression(o.resource) : o.resource };
  return { ...base('WebActivity', o), policy: policyOf(o.policy ?? SHORT_POLICY), typeProperties: tp };
}

/** Fail (control-flow-fail-activity): ends the pipeline run with an error code and message. */
export function fail(o: ActivityOptions & { errorCode: AdfValue; message: AdfValue }): AdfActivityOf<'Fail'> {
  return { ...base('Fail', o), typeProperties: { message: exprOrLiteral(o.message), errorCode: exprOrLiteral(o.errorCode) } };
}

/** Wait (control-flow-wait-activity). */
export function wait(o: ActivityOptions & { seconds: number }): AdfActivityOf<'Wait'> {
  return { ...base('Wait', o), typeProperties: { waitTimeInSeconds: o.seconds } };
}

/** Filter (control-flow-filter-activity): keeps the items for which `condition` (over `item()`) is true. */
export function filter(o: ActivityOptions & { items: adf.Adf; condition: adf.Adf }): AdfActivityOf<'Filter'> {
  return { ...base('Filter', o), typeProperties: { items: adf.expression(o.items), condition: adf.expression(o.condition) } };
}

/**
 * Azure Data Explorer Command (control-flow-azure-data-explorer-command-activity): runs a KQL control
 * command through a linked service. `commandTimeout` is `hh:mm:ss` (at most one hour).
 */
export function dataExplorerCommand(
  o: ActivityOptions & { linkedService: LinkedServiceReference; command: adf.AdfInterpolation | adf.Adf | string; commandTimeout?: string; policy?: Policy },
): AdfActivityOf<'AzureDataExplorerCommand'> {
  return {
    ...base('AzureDataExplorerCommand', o),
    policy: policyOf(o.policy ?? LONG_POLICY),
    linkedServiceName: o.linkedService,
    typeProperties: { command: exprOrLiteral(o.command), commandTimeout: o.commandTimeout ?? '00:20:00' },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Pipelines

/** Pipeline parameter or variable types used by hubc (Data Factory also has Int, Float, Object, SecureString). */
export type ParameterType = 'String' | 'Array' | 'Bool' | 'Int' | 'Object';
/** Variable types accepted both by the service and by the 2018-06-01 ARM schema. */
export type VariableType = 'String' | 'Bool' | 'Array';

/** A pipeline's `properties`. */
export interface PipelineSpec {
  description?: string;
  activities: Activity[];
  parameters?: Record<string, { type: ParameterType; defaultValue?: Value }>;
  variables?: Record<string, { type: VariableType; defaultValue?: Value }>;
  /** Maximum concurrent runs; further runs queue. */
  concurrency?: number;
  annotations?: string[];
}

/** The wire `properties` of a pipeline. */
export function pipelineProperties(p: PipelineSpec): AdfPipelineProperties {
  const props: AdfPipelineProperties = {};
  if (p.description) props.description = p.description;
  props.activities = p.activities;
  if (p.parameters && Object.keys(p.parameters).length) props.parameters = p.parameters;
  if (p.variables && Object.keys(p.variables).length) props.variables = p.variables;
  if (p.concurrency !== undefined) props.concurrency = p.concurrency;
  props.annotations = p.annotations ?? [];
  return props;
}
