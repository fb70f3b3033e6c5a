/**
 * WebActivity and AzureDataExplorerCommand: nothing leaves the machine. The request or command is
 * recorded with its evaluated values and answered from `--responses` or the defaults (`../responses.ts`).
 *
 * WebActivity output (learn.microsoft.com/azure/data-factory/control-flow-web-activity): a JSON object
 * body's members plus `ADFWebActivityResponseHeaders`; any other body as `{ Response: <text> }`. A status of
 * 400 or more fails the activity with the status as error code and the body's `error.message` (or the body
 * text) as message.
 * AzureDataExplorerCommand output (learn.microsoft.com/azure/data-factory/control-flow-azure-data-explorer-command-activity):
 * `{ count, value }`; a response `error` fails the activity with that code and message. The database is
 * the linked service's `database` parameter as the activity passes it.
 */
import { adfToString } from '../../expressions/adf/evaluate.js';
import { expressionContext, registerActivity } from '../engine.js';
import { DEFAULT_KUSTO_OUTPUT, DEFAULT_WEB_BODY } from '../responses.js';
import { ActivityFailure, evaluateDeep } from '../values.js';
import { isObject } from '../../util/json.js';

registerActivity('WebActivity', async (activity, scope, record) => {
  const ctx = expressionContext(scope);
  const tp = activity.typeProperties ?? {};
  const method = adfToString(evaluateDeep(tp.method, ctx)).toUpperCase();
  const url = adfToString(evaluateDeep(tp.url, ctx));
  const headers = (evaluateDeep(tp.headers ?? {}, ctx) ?? {}) as Record<string, unknown>;
  const body = tp.body === undefined ? undefined : evaluateDeep(tp.body, ctx);
  const answer = scope.engine.responses.web(method, url, body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  const status = answer?.entry.status ?? 200;
  const responseBody = answer ? (answer.entry.body ?? {}) : DEFAULT_WEB_BODY;
  record.input = { method, url, headers, ...(body !== undefined ? { body } : {}), ...(tp.authentication ? { authentication: tp.authentication } : {}) };
  record.notes = [`response ${status} from ${answer ? `--responses web[${answer.index}]` : 'the default'}`];
  scope.engine.requests.push({
    runId: scope.run.runId,
    activity: activity.name,
    method,
    url,
    headers,
    ...(body !== undefined ? { body } : {}),
    status,
    response: answer ? answer.index : 'default',
  });
  const responseHeaders = answer?.entry.headers ?? {};
  record.output = isObject(responseBody)
    ? { ...responseBody, ADFWebActivityResponseHeaders: responseHeaders }
    : { Response: typeof responseBody === 'string' ? responseBody : JSON.stringify(responseBody), ADFWebActivityResponseHeaders: responseHeaders };
  if (status >= 400) {
    const err = (responseBody as { error?: { message?: unknown } } | null)?.error;
    throw new ActivityFailure(String(status), typeof err?.message === 'string' ? err.message : typeof responseBody === 'string' ? responseBody : JSON.stringify(responseBody));
  }
});

registerActivity('AzureDataExplorerCommand', async (activity, scope, record) => {
  const ctx = expressionContext(scope);
  const tp = activity.typeProperties ?? {};
  const command = adfToString(evaluateDeep(tp.command, ctx));
  const lsParams = (evaluateDeep(activity.linkedServiceName?.parameters ?? {}, ctx) ?? {}) as Record<string, unknown>;
  const ls = scope.engine.factory.linkedServices.get(activity.linkedServiceName?.referenceName);
  const lsDefault = ls?.properties?.parameters?.database?.defaultValue;
  const database = lsParams.database ?? lsDefault;
  const answer = scope.engine.responses.kusto(command);
  record.input = { linkedService: activity.linkedServiceName?.referenceName, ...(database !== undefined ? { database } : {}), command };
  record.notes = [`answered by ${answer ? `--responses dataExplorer[${answer.index}]` : 'the default (success, no rows)'}`];
  scope.engine.commands.push({
    runId: scope.run.runId,
    activity: activity.name,
    ...(database !== undefined ? { database: adfToString(database) } : {}),
    command,
    response: answer ? answer.index : 'default',
  });
  if (answer?.entry.error) throw new ActivityFailure(answer.entry.error.errorCode, answer.entry.error.message);
  record.output = answer?.entry.output ?? DEFAULT_KUSTO_OUTPUT;
});
