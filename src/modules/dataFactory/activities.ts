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
 */
import * as adf from '../../expressions/adf/index.js';
import type { Value, ValueObject } from '../types.js';

/** Outcome of an upstream activity that lets a downstream one run. */
export type DependencyCondition = 'Succeeded' | 'Failed' | 'Skipped' | 'Completed';

/** One `dependsOn` entry in wire form. */
export interface ActivityDependency extends ValueObject {
  activity: string;
  dependencyConditions: DependencyCondition[];
}

/** An activity in wire form. */
export interface Activity extends ValueObject {
  name: string;
  type: string;
  dependsOn: ActivityDependency[];
  userProperties: Value[];
}

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

function policyOf(p: Policy): ValueObject {
  return { timeout: p.timeout, retry: p.retry, retryIntervalInSeconds: p.retryIntervalInSeconds, secureOutput: false, secureInput: false };
}

/** Options every builder takes. */
export interface ActivityOptions {
  name: string;
  dependsOn?: ActivityDependency[];
  description?: string;
}

function base(type: string, o: ActivityOptions): Activity {
  const a: Activity = { name: o.name, type, dependsOn: o.dependsOn ?? [], userProperties: [] };
  if (o.description) a.description = o.description;
  return a;
}

/** A value Data Factory evaluates: an expression, an interpolated string or a literal. */
export type AdfValue = adf.Adf | adf.AdfInterpolation | string;

/** `{ value, type: 'Expression' }` for expressions and interpolations; literals stay as they are. */
function exprOrLiteral(v: AdfValue | number | boolean): Value {
  return v instanceof adf.Adf || v instanceof adf.AdfInterpolation ? adf.expression(v) : v;
}

/** Reference to a dataset with parameter values. */
export function datasetRef(name: string, parameters?: Record<string, AdfValue>): ValueObject {
  const ref: ValueObject = { referenceName: name, type: 'DatasetReference' };
  if (parameters) ref.parameters = Object.fromEntries(Object.entries(parameters).map(([k, v]) => [k, exprOrLiteral(v)]));
  return ref;
}

/** Reference to a linked service with parameter values. */
export function linkedServiceRef(name: string, parameters?: Record<string, Value>): ValueObject {
  const ref: ValueObject = { referenceName: name, type: 'LinkedServiceReference' };
  if (parameters) ref.parameters = parameters;
  return ref;
}

/** Read settings of Azure Data Lake Storage Gen2 (`AzureBlobFSReadSettings`). */
export function lakeReadSettings(recursive = false): ValueObject {
  return { type: 'AzureBlobFSReadSettings', recursive, enablePartitionDiscovery: false };
}
/** Write settings of Azure Data Lake Storage Gen2 (`AzureBlobFSWriteSettings`). */
export function lakeWriteSettings(): ValueObject {
  return { type: 'AzureBlobFSWriteSettings' };
}

/** File formats the copy, lookup and metadata activities read or write. */
export type FileFormat = 'Json' | 'DelimitedText' | 'Parquet';

const READ_SETTINGS: Record<FileFormat, string | undefined> = {
  Json: 'JsonReadSettings',
  DelimitedText: 'DelimitedTextReadSettings',
  Parquet: undefined,
};
const WRITE_SETTINGS: Record<FileFormat, string> = {
  Json: 'JsonWriteSettings',
  DelimitedText: 'DelimitedTextWriteSettings',
  Parquet: 'ParquetWriteSettings',
};

/**
 * Copy or lookup source of a data lake file: `<Format>Source` with store and format read settings.
 * @param additionalColumns columns added to every row (`[{ name, value }]` or an expression giving that array)
 */
export function fileSource(format: FileFormat, opts: { recursive?: boolean; additionalColumns?: adf.Adf } = {}): ValueObject {
  const s: ValueObject = { type: `${format}Source`, storeSettings: lakeReadSettings(opts.recursive ?? false) };
  const fmt = READ_SETTINGS[format];
  if (fmt) s.formatSettings = { type: fmt };
  if (opts.additionalColumns) s.additionalColumns = adf.expression(opts.additionalColumns);
  return s;
}

/** Copy sink of a data lake file: `<Format>Sink` with store and format write settings. */
export function fileSink(format: FileFormat): ValueObject {
  return { type: `${format}Sink`, storeSettings: lakeWriteSettings(), formatSettings: { type: WRITE_SETTINGS[format] } };
}

/** Lookup (learn.microsoft.com/azure/data-factory/control-flow-lookup-activity): reads the first row or all rows. */
export function lookup(o: ActivityOptions & { dataset: ValueObject; source: ValueObject; firstRowOnly?: boolean; policy?: Policy }): Activity {
  return {
    ...base('Lookup', o),
    policy: policyOf(o.policy ?? LONG_POLICY),
    typeProperties: { source: o.source, dataset: o.dataset, firstRowOnly: o.firstRowOnly ?? true },
  };
}

/** Set Variable (control-flow-set-variable-activity). */
export function setVariable(o: ActivityOptions & { variable: string; value: adf.Adf | adf.AdfInterpolation | string | boolean }): Activity {
  return { ...base('SetVariable', o), typeProperties: { variableName: o.variable, value: o.value } };
}

/** Append Variable (control-flow-append-variable-activity): adds one item to an Array variable. */
export function appendVariable(o: ActivityOptions & { variable: string; value: adf.Adf | string }): Activity {
  return { ...base('AppendVariable', o), typeProperties: { variableName: o.variable, value: o.value } };
}

/**
 * ForEach (control-flow-for-each-activity). Parallel unless `sequential`; `batchCount` (1-50) bounds the
 * parallel iterations and may be a deploy-time ARM expression.
 */
export function forEach(o: ActivityOptions & { items: adf.Adf; activities: Activity[]; sequential?: boolean; batchCount?: Value }): Activity {
  const tp: ValueObject = { items: adf.expression(o.items), isSequential: o.sequential ?? false };
  if (!o.sequential && o.batchCount !== undefined) tp.batchCount = o.batchCount;
  tp.activities = o.activities;
  return { ...base('ForEach', o), typeProperties: tp };
}

/** If Condition (control-flow-if-condition-activity). */
export function ifCondition(o: ActivityOptions & { expression: adf.Adf; ifTrue?: Activity[]; ifFalse?: Activity[] }): Activity {
  const tp: ValueObject = { expression: adf.expression(o.expression) };
  if (o.ifTrue?.length) tp.ifTrueActivities = o.ifTrue;
  if (o.ifFalse?.length) tp.ifFalseActivities = o.ifFalse;
  return { ...base('IfCondition', o), typeProperties: tp };
}

/** Switch (control-flow-switch-activity): runs the activities of the case whose value equals `on`. */
export function switchActivity(
  o: ActivityOptions & { on: adf.Adf; cases: { value: string; activities: Activity[] }[]; defaultActivities?: Activity[] },
): Activity {
  const tp: ValueObject = { on: adf.expression(o.on), cases: o.cases.map((c) => ({ value: c.value, activities: c.activities })) };
  if (o.defaultActivities?.length) tp.defaultActivities = o.defaultActivities;
  return { ...base('Switch', o), typeProperties: tp };
}

/** Until (control-flow-until-activity): repeats `activities` until `expression` is true or `timeout` passes. */
export function until(o: ActivityOptions & { expression: adf.Adf; activities: Activity[]; timeout: string }): Activity {
  return { ...base('Until', o), typeProperties: { expression: adf.expression(o.expression), timeout: o.timeout, activities: o.activities } };
}

/** Execute Pipeline (control-flow-execute-pipeline-activity); waits for the child run by default. */
export function executePipeline(
  o: ActivityOptions & { pipeline: string; parameters?: Record<string, AdfValue>; waitOnCompletion?: boolean },
): Activity {
  const tp: ValueObject = { pipeline: { referenceName: o.pipeline, type: 'PipelineReference' }, waitOnCompletion: o.waitOnCompletion ?? true };
  if (o.parameters) tp.parameters = Object.fromEntries(Object.entries(o.parameters).map(([k, v]) => [k, exprOrLiteral(v)]));
  return { ...base('ExecutePipeline', o), typeProperties: tp };
}

/** Copy (copy-activity-overview). `translator` is a TabularTranslator object or an expression giving one. */
export function copy(
  o: ActivityOptions & {
    input: ValueObject;
    output: ValueObject;
    source: ValueObject;
    sink: ValueObject;
    translator?: adf.Adf | ValueObject;
    policy?: Policy;
  },
): Activity {
  const tp: ValueObject = { source: o.source, sink: o.sink, enableStaging: false, parallelCopies: 1, validateDataConsistency: false };
  if (o.translator) tp.translator = o.translator instanceof adf.Adf ? adf.expression(o.translator) : o.translator;
  return { ...base('Copy', o), policy: policyOf(o.policy ?? LONG_POLICY), typeProperties: tp, inputs: [o.input], outputs: [o.output] };
}

/** Delete (delete-activity): deletes the file or folder the dataset points to. */
export function deleteActivity(o: ActivityOptions & { dataset: ValueObject; recursive?: boolean; policy?: Policy }): Activity {
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
  o: ActivityOptions & { dataset: ValueObject; fields: ('exists' | 'childItems' | 'itemName' | 'lastModified' | 'size')[]; format: FileFormat; policy?: Policy },
): Activity {
  const tp: ValueObject = { dataset: o.dataset, fieldList: [...o.fields], storeSettings: lakeReadSettings(false) };
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
): Activity {
  const needsBody = o.method === 'POST' || o.method === 'PUT';
  if (needsBody && o.body === undefined) throw new Error(`Web activity '${o.name}': ${o.method} needs a body`);
  if (o.method === 'GET' && o.body !== undefined) throw new Error(`Web activity '${o.name}': GET takes no body`);
  const tp: ValueObject = { method: o.method, url: adf.expression(o.url) };
  if (o.headers) tp.headers = { ...o.headers };
  if (o.body !== undefined) tp.body = typeof o.body === 'string' ? o.body : adf.expression(o.body);
  tp.authentication = { type: 'MSI', resource: o.resource instanceof adf.Adf ? adf.expression(o.resource) : o.resource };
  return { ...base('WebActivity', o), policy: policyOf(o.policy ?? SHORT_POLICY), typeProperties: tp };
}

/** Fail (control-flow-fail-activity): ends the pipeline run with an error code and message. */
export function fail(o: ActivityOptions & { errorCode: AdfValue; message: AdfValue }): Activity {
  return { ...base('Fail', o), typeProperties: { message: exprOrLiteral(o.message), errorCode: exprOrLiteral(o.errorCode) } };
}

/** Wait (control-flow-wait-activity). */
export function wait(o: ActivityOptions & { seconds: number }): Activity {
  return { ...base('Wait', o), typeProperties: { waitTimeInSeconds: o.seconds } };
}

/** Filter (control-flow-filter-activity): keeps the items for which `condition` (over `item()`) is true. */
export function filter(o: ActivityOptions & { items: adf.Adf; condition: adf.Adf }): Activity {
  return { ...base('Filter', o), typeProperties: { items: adf.expression(o.items), condition: adf.expression(o.condition) } };
}

/**
 * Azure Data Explorer Command (control-flow-azure-data-explorer-command-activity): runs a KQL control
 * command through a linked service. `commandTimeout` is `hh:mm:ss` (at most one hour).
 */
export function dataExplorerCommand(
  o: ActivityOptions & { linkedService: ValueObject; command: adf.AdfInterpolation | adf.Adf | string; commandTimeout?: string; policy?: Policy },
): Activity {
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
export function pipelineProperties(p: PipelineSpec): ValueObject {
  const props: ValueObject = {};
  if (p.description) props.description = p.description;
  props.activities = p.activities;
  if (p.parameters && Object.keys(p.parameters).length) props.parameters = p.parameters as ValueObject;
  if (p.variables && Object.keys(p.variables).length) props.variables = p.variables as ValueObject;
  if (p.concurrency !== undefined) props.concurrency = p.concurrency;
  props.annotations = p.annotations ?? [];
  return props;
}

