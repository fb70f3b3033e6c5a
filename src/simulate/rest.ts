/**
 * The Copy activity from a REST source to parquet (learn.microsoft.com/azure/data-factory/connector-rest,
 * "REST as source"; copy-activity-schema-and-type-mapping, "Hierarchical source to tabular sink"), as the
 * recommendations' Resource Graph pages use it. Nothing leaves the machine: the request goes to the same
 * `--responses` entries as a WebActivity's (`../responses.ts`; a `requestBody` pattern tells pages apart), and
 * is listed with the simulation's requests.
 *
 * - URL: the `RestService` linked service's `url` joined with the `RestResource` dataset's `relativeUrl` by
 *   one `/`; method `requestMethod` (default GET), body `requestBody`, of the copy source.
 * - A status of 400 or more fails the activity with the status as error code, as a WebActivity.
 * - Rows: the translator's `collectionReference` (`$['data']`, `$.data`) read from the response body; each
 *   mapping's `source.path` is read relative to a row (`['column']`, `$['a']['b']`, `a.b`) and written as
 *   `sink.name`. Values are written as text (the interim type String, the only one the recommendations'
 *   schema uses); objects and arrays as their JSON with `mapComplexValuesToString`, else the copy fails
 *   (`UserErrorComplexValueNotSupported`); missing values are null. A Copy without a translator is not
 *   supported (HUB466).
 * - The parquet file is written by DuckDB to a temporary file beside the target and renamed into place;
 *   a failed copy writes nothing.
 */
import type { Scope } from './engine.js';
import type { ActivityRun } from './types.js';
import { resolveDataset } from './datasets.js';
import { ActivityFailure, SimulationError, evaluateDeep } from './values.js';
import { adfToString } from '../expressions/adf/evaluate.js';
import { codes } from '../diagnostics/index.js';
import { ident, literal } from './sql.js';
import { isObject } from '../util/json.js';

/** One mapping of a hierarchical translator: where in a row, and the column written. */
interface PathMapping {
  path: string[];
  column: string;
}

/** True when a Copy activity's input dataset is a REST resource. */
export function isRestCopy(scope: Scope, activity: any): boolean {
  const ds = scope.engine.factory.datasets.get(activity.inputs?.[0]?.referenceName);
  return ds?.properties?.type === 'RestResource';
}

/**
 * The member names of a JSON path as Data Factory writes them in mappings: `$['a']['b']`, `['a']`, `$.a.b`, `a`.
 * @throws ActivityFailure `InvalidTranslator` for another form (array indexes, filters)
 */
export function jsonPathMembers(path: string, activity: string): string[] {
  const members: string[] = [];
  let rest = path.trim().replace(/^\$/, '');
  while (rest.length) {
    const bracket = /^\['((?:[^'\\]|\\.)*)'\]/.exec(rest);
    const dotted = /^\.?([A-Za-z_$][\w$-]*)/.exec(rest);
    const m = bracket ?? dotted;
    if (!m) throw new ActivityFailure('InvalidTranslator', `The path '${path}' of a mapping of '${activity}' is not of the forms ['name'] or name.name the simulator reads.`);
    members.push(m[1].replace(/\\(.)/g, '$1'));
    rest = rest.slice(m[0].length);
  }
  return members;
}

/** The value at member names in a JSON value (undefined when missing). */
function at(value: unknown, members: readonly string[]): unknown {
  let v = value;
  for (const k of members) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** The mappings and collection of an evaluated hierarchical TabularTranslator. */
function translatorOf(translator: unknown, activity: string, pipeline: string): { mappings: PathMapping[]; collection: string[]; complexAsText: boolean } {
  if (translator === undefined || translator === null) {
    throw new SimulationError(codes.HUB466.raise({ activity, pipeline, pair: 'Rest->Parquet', translator: false, additionalColumns: false }));
  }
  const t = translator as { type?: unknown; mappings?: unknown; collectionReference?: unknown; mapComplexValuesToString?: unknown };
  if (t.type !== 'TabularTranslator' || !Array.isArray(t.mappings))
    throw new ActivityFailure('InvalidTranslator', `The translator of '${activity}' is not a TabularTranslator with mappings.`);
  const mappings = t.mappings.map((m: any, i: number): PathMapping => {
    const source = m?.source?.path ?? m?.source?.name;
    const column = m?.sink?.name ?? m?.sink?.path ?? m?.source?.name;
    if (typeof source !== 'string' || typeof column !== 'string')
      throw new ActivityFailure('InvalidTranslator', `Mapping ${i} of the translator of '${activity}' has no source path or sink name.`);
    return { path: jsonPathMembers(source, activity), column };
  });
  const collection = typeof t.collectionReference === 'string' ? jsonPathMembers(t.collectionReference, activity) : [];
  return { mappings, collection, complexAsText: t.mapComplexValuesToString === true };
}

/** A value as the text written, or null. */
function cell(value: unknown, complexAsText: boolean, column: string, activity: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') {
    if (!complexAsText)
      throw new ActivityFailure(
        'UserErrorComplexValueNotSupported',
        `Column '${column}' of '${activity}' holds an object or array; set mapComplexValuesToString to write it as JSON text.`,
      );
    return JSON.stringify(value);
  }
  return adfToString(value);
}

/** The request of the copy: URL, method and body, evaluated. */
function requestOf(scope: Scope, activity: any, ctx: any): { url: string; method: string; body?: string; headers: Record<string, unknown> } {
  const factory = scope.engine.factory;
  const ds = factory.datasets.get(activity.inputs[0].referenceName)!;
  const ls = factory.linkedServices.get(ds.properties.linkedServiceName?.referenceName);
  if (!ls || ls.properties.type !== 'RestService')
    throw new SimulationError(codes.HUB462.linkedService({ dataset: ds.name, linkedService: ds.properties.linkedServiceName?.referenceName }));
  const base = adfToString(evaluateDeep(ls.properties.typeProperties?.url, ctx));
  const relative = adfToString(evaluateDeep(ds.properties.typeProperties?.relativeUrl ?? '', ctx));
  const url = relative ? `${base.replace(/\/+$/, '')}/${relative.replace(/^\/+/, '')}` : base;
  const source = activity.typeProperties?.source ?? {};
  const method = adfToString(evaluateDeep(source.requestMethod ?? 'GET', ctx)).toUpperCase();
  const body = source.requestBody === undefined ? undefined : adfToString(evaluateDeep(source.requestBody, ctx));
  const headers = (evaluateDeep(source.additionalHeaders ?? {}, ctx) ?? {}) as Record<string, unknown>;
  return { url, method, ...(body !== undefined ? { body } : {}), headers };
}

/** Writes rows of text to a parquet file with DuckDB (every column VARCHAR), in a temporary file beside the target. */
async function writeParquet(scope: Scope, target: string, columns: readonly string[], rows: readonly (string | null)[][]): Promise<string> {
  const storage = scope.engine.storage;
  const conn = await scope.engine.columnar.connect();
  const table = scope.engine.columnar.uniqueName('rest_rows');
  const temp = storage.temporary(target);
  try {
    await conn.run(`CREATE TEMP TABLE ${table} (${columns.map((c) => `${ident(c)} VARCHAR`).join(', ')})`);
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((r) => `(${r.map((v) => (v === null ? 'NULL' : literal(v))).join(', ')})`);
      await conn.run(`INSERT INTO ${table} VALUES ${values.join(', ')}`);
    }
    await conn.run(`COPY ${table} TO ${literal(temp)} (FORMAT parquet, COMPRESSION snappy, USE_TMP_FILE false)`);
    return temp;
  } catch (e) {
    storage.discard(temp);
    throw e;
  } finally {
    await conn.run(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
    conn.closeSync();
  }
}

/**
 * Runs a Copy activity whose source is a REST resource, into the parquet dataset of its output.
 * @throws ActivityFailure for an error status, a bad translator or a value it cannot write; SimulationError
 *   HUB466 without a translator, HUB462 for a sink the simulator does not write
 */
export async function copyRestToParquet(activity: any, scope: Scope, record: ActivityRun, ctx: any): Promise<void> {
  const tp = activity.typeProperties ?? {};
  const sink = resolveDataset(scope.engine.factory, activity.outputs?.[0], ctx);
  const pair = `Rest->${sink.format}`;
  const { mappings, collection, complexAsText } = translatorOf(evaluateDeep(tp.translator, ctx), activity.name, scope.run.pipeline);
  if (sink.format !== 'Parquet' || sink.isFolder)
    throw new SimulationError(codes.HUB466.raise({ activity: activity.name, pipeline: scope.run.pipeline, pair, translator: true, additionalColumns: false }));
  const request = requestOf(scope, activity, ctx);
  const answer = scope.engine.responses.web(request.method, request.url, request.body);
  const status = answer?.entry.status ?? 200;
  const response = answer ? (answer.entry.body ?? {}) : {};
  scope.engine.requests.push({ runId: scope.run.runId, activity: activity.name, ...request, status, response: answer ? answer.index : 'default' });
  record.input = {
    source: { url: request.url, method: request.method, ...(request.body !== undefined ? { body: request.body } : {}) },
    sink: { dataset: sink.name, path: sink.path, format: sink.format },
  };
  if (status >= 400) {
    const err = (response as { error?: { message?: unknown } } | null)?.error;
    throw new ActivityFailure(String(status), typeof err?.message === 'string' ? err.message : JSON.stringify(response));
  }
  const items = collection.length ? at(response, collection) : response;
  const list = Array.isArray(items) ? items : items === undefined || items === null ? [] : [items];
  const rows = list.map((row) => mappings.map((m) => cell(at(row, m.path), complexAsText, m.column, activity.name)));
  const temp = await writeParquet(
    scope,
    sink.path,
    mappings.map((m) => m.column),
    rows,
  );
  let written: number;
  try {
    written = scope.engine.storage.commit(temp, sink.path, { runId: scope.run.runId, activity: activity.name, source: request.url });
  } catch (e) {
    scope.engine.storage.discard(temp);
    throw e;
  }
  record.notes = [`response ${status} from ${answer ? `--responses web[${answer.index}]` : 'the default'}; ${rows.length} row(s), ${mappings.length} column(s) written as parquet`];
  record.output = {
    rowsRead: list.length,
    rowsCopied: rows.length,
    filesWritten: 1,
    dataWritten: written,
    sinkPath: sink.path,
    columns: mappings.map((m) => ({ name: m.column, type: 'String' })),
  };
}
