/**
 * `queries_ResourceGraph_ExecuteQuery` (recommendations; started by `queries_ETL_ingestion` for a query file
 * whose `queryEngine` is `ResourceGraph`): runs one Azure Resource Graph query and writes every row it finds,
 * page by page, as parquet files `ingestion/<folder>/<filePrefix>-<page>.parquet`.
 *
 * The query text is the file's with the source columns added (`| extend x_SourceName = '<source>',
 * x_SourceType = '<type>', x_SourceProvider = '<provider>', x_SourceVersion = '<version>'`, each value a KQL
 * string literal with `\` and `'` escaped), sent as JSON with `string(createArray(...))` doing the escaping, so
 * a query may hold any character.
 *
 * Paging (the public 14.0 reads one response and loses every row after the first 1,000). Contract of
 * "Resources - Resources" (REST API 2022-10-01, learn.microsoft.com/rest/api/azureresourcegraph/resourcegraph/
 * resources/resources, and "Guidance for pagination", learn.microsoft.com/azure/governance/resource-graph/
 * concepts/paging-results): the request body is `{ query, options: { $top, $skipToken, resultFormat } }`;
 * a response holds `totalRecords`, `count`, `data`, `resultTruncated` and, while rows are left, `$skipToken`,
 * which the next request sends with the same query; without a `$skipToken` the result is complete, unless
 * `resultTruncated` is `true` (a query with `take`, `limit` or `sample`, or whose columns are all dynamic,
 * cannot be paged). So the pipeline loops (Until) over pages of {@link RESOURCE_GRAPH_PAGE_SIZE} rows:
 * 1. `Query Page` (Web) posts the request and reads `count`, `resultTruncated` and `$skipToken`;
 * 2. `Copy Page` (Copy, REST source, only when the page has rows) posts the same request (the same
 *    `$skipToken` gives the same page) and writes its `data` with the schema file's translator: the copy
 *    activity's own `paginationRules` cannot send a token in the request body;
 * 3. a truncated result fails the run (`ResourceGraphResultTruncated`) instead of writing part of it;
 * 4. the next request takes the response's `$skipToken`; the loop ends without one, or after
 *    {@link RESOURCE_GRAPH_MAX_PAGES} pages, which fails the run (`ResourceGraphPageLimit`) while a token is left:
 *    rows are never dropped without an error.
 * The page size keeps a page's response under the Web activity's 4 MB response limit
 * (control-flow-web-activity) at up to 8 KB a row; Resource Graph allows 1,000 (`$top`).
 *
 * Error codes: `ResourceGraphQueryFailed`, `ResourceGraphResultTruncated`, `ResourceGraphPageLimit`,
 * `ResourceGraphCopyFailed`.
 */
import * as adf from '../../../../expressions/adf/index.js';
import type { AdfObject } from '../../../types.js';
import { pipelineName, type DataFactoryContext } from '../../context.js';
import {
  appendVariable,
  copy,
  datasetRef,
  fail,
  failed,
  fileSink,
  ifCondition,
  pipelineProperties,
  restSource,
  setVariable,
  succeeded,
  until,
  web,
  type Activity,
  type Policy,
} from '../../activities.js';
import { datasetNames, DATASET_PARAMETERS, RESOURCE_GRAPH_PATH } from '../../datasets.js';
import { armResource, errorOf, resourceManagerUrlVariable, variablesOf, DEPLOY_VARIABLES } from '../shared.js';

/** Rows asked for per request (`options.$top`; Resource Graph allows up to 1,000). */
export const RESOURCE_GRAPH_PAGE_SIZE = 500;
/** Pages read per query at most (with {@link RESOURCE_GRAPH_PAGE_SIZE}: 100,000 rows); more fails the run. */
export const RESOURCE_GRAPH_MAX_PAGES = 200;

/** Parameter names. */
export const RESOURCE_GRAPH_QUERY_PARAMETERS = {
  query: 'query',
  querySource: 'querySource',
  queryType: 'queryType',
  queryProvider: 'queryProvider',
  queryVersion: 'queryVersion',
  /** Folder of the files below the ingestion container: `<dataset>/<scope>/<type>`. */
  folder: 'folder',
  /** Start of each file name: `<ingestionId>__<type>`. */
  filePrefix: 'filePrefix',
  /** The TabularTranslator of the dataset's schema file. */
  translator: 'translator',
} as const;

const P = RESOURCE_GRAPH_QUERY_PARAMETERS;
const param = (k: keyof typeof P) => adf.pipelineParameter(P[k]);

const SET_QUERY = 'Set Request Query';
const LOOP = 'Read Pages';
const QUERY_PAGE = 'Query Page';
const IF_ROWS = 'If Page Has Rows';
const COPY_PAGE = 'Copy Page';
const IF_TRUNCATED = 'If Result Truncated';
const SET_TOKEN = 'Set Skip Token';
const COUNT_PAGE = 'Count Page';

/** Variables: the query sent, it as JSON string text, the token of the next page, and the row count of each page read. */
const V = { requestQuery: 'requestQuery', queryJson: 'queryJson', skipToken: 'skipToken', pages: 'pages' } as const;
const SET_QUERY_JSON = 'Set Query Json';

/** The response of the page just read. */
const page = () => adf.activity(QUERY_PAGE).get('output');
/** Pages read so far. */
const pagesRead = () => adf.length(adf.variables(V.pages));

/** JSON text of a string value (quotes and escapes included): `string(createArray(x))` without its brackets. */
export function jsonStringText(value: adf.Adf): adf.Adf {
  const array = adf.string(adf.createArray(value));
  return adf.substring(array, 1, adf.sub(adf.length(array), 2));
}

/** A KQL string literal of a value: single-quoted, `\` and `'` escaped with `\`. */
export function kqlStringLiteral(value: adf.Adf): adf.Adf {
  return adf.concat("'", adf.replace(adf.replace(value, '\\', '\\\\'), "'", "\\'"), "'");
}

/**
 * The request body of the page to read: the query, the page size, objects for rows, and the `$skipToken` of
 * the previous response from the second page on. The Web and the Copy activity send this same text.
 */
function requestBody(): adf.Adf {
  const token = adf.variables(V.skipToken);
  return adf.concat(
    '{"query":',
    adf.variables(V.queryJson),
    `,"options":{"resultFormat":"objectArray","$top":${RESOURCE_GRAPH_PAGE_SIZE}`,
    adf.if_(adf.empty(token), '', adf.concat(',"$skipToken":', jsonStringText(token))),
    '}}',
  );
}

/** The query with the source columns added, then as JSON string text. */
function setQuery(): Activity[] {
  const column = (name: string, k: keyof typeof P) => adf.concat(`${name} = `, kqlStringLiteral(adf.coalesce(param(k), '')));
  const extend = adf.concat(
    ' | extend ',
    column('x_SourceName', 'querySource'),
    ', ',
    column('x_SourceType', 'queryType'),
    ', ',
    column('x_SourceProvider', 'queryProvider'),
    ', ',
    column('x_SourceVersion', 'queryVersion'),
  );
  return [
    setVariable({ name: SET_QUERY, variable: V.requestQuery, value: adf.concat(param('query'), extend) }),
    setVariable({ name: SET_QUERY_JSON, dependsOn: [succeeded(SET_QUERY)], variable: V.queryJson, value: jsonStringText(adf.variables(V.requestQuery)) }),
  ];
}

/** Web and copy requests: five minutes, two retries (Resource Graph throttles with 429 and a retry interval). */
const REQUEST_POLICY: Policy = { timeout: '0.00:05:00', retry: 2, retryIntervalInSeconds: 30 };

/** One pass of the loop: read the page, copy its rows, stop on a truncated result, keep the next token. */
function pageActivities(ctx: DataFactoryContext): Activity[] {
  const url = adf.concat(adf.variables(DEPLOY_VARIABLES.resourceManagerUrl), `/${RESOURCE_GRAPH_PATH}`);
  const headers = { 'Content-Type': 'application/json' };
  const fileName = adf.concat(param('filePrefix'), '-', adf.string(adf.add(pagesRead(), 1)), '.parquet');
  return [
    web({ name: QUERY_PAGE, method: 'POST', url, resource: armResource(ctx), headers, body: requestBody(), policy: REQUEST_POLICY }),
    ifCondition({
      name: IF_ROWS,
      dependsOn: [succeeded(QUERY_PAGE)],
      expression: adf.greater(adf.int(adf.coalesce(page().get('count', true), 0)), 0),
      ifTrue: [
        copy({
          name: COPY_PAGE,
          input: datasetRef(datasetNames(ctx).resourceGraph),
          output: datasetRef(datasetNames(ctx).ingestion, { [DATASET_PARAMETERS.folderPath]: param('folder'), [DATASET_PARAMETERS.fileName]: fileName }),
          source: restSource({ method: 'POST', body: requestBody(), headers, timeout: '00:02:00' }),
          sink: fileSink('Parquet'),
          translator: param('translator'),
          policy: REQUEST_POLICY,
        }),
      ],
    }),
    ifCondition({
      name: IF_TRUNCATED,
      dependsOn: [succeeded(QUERY_PAGE)],
      expression: adf.equals(adf.toLower(adf.string(adf.coalesce(page().get('resultTruncated', true), 'false'))), 'true'),
      ifTrue: [
        fail({
          name: 'Result Truncated',
          errorCode: 'ResourceGraphResultTruncated',
          message: adf.interp`Azure Resource Graph returned ${adf.string(page().get('count', true))} of ${adf.string(page().get('totalRecords', true))} rows of the ${param('queryType')} query and cannot page the rest: a query that uses take, limit or sample, or whose columns are all dynamic, cannot be paged (learn.microsoft.com/azure/governance/resource-graph/concepts/paging-results). Nothing of this page was written.`,
        }),
      ],
    }),
    setVariable({
      name: SET_TOKEN,
      dependsOn: [succeeded(IF_ROWS), succeeded(IF_TRUNCATED)],
      variable: V.skipToken,
      value: adf.coalesce(page().get('$skipToken', true), ''),
    }),
    appendVariable({ name: COUNT_PAGE, dependsOn: [succeeded(SET_TOKEN)], variable: V.pages, value: adf.coalesce(page().get('count', true), 0) }),
  ];
}

/** The pipeline. */
export function queriesResourceGraphExecuteQuery(ctx: DataFactoryContext): AdfObject {
  const done = adf.empty(adf.variables(V.skipToken));
  return {
    kind: 'pipeline',
    name: pipelineName(ctx, 'resourceGraphQuery'),
    condition: ctx.recommendationsDeployed,
    properties: pipelineProperties({
      description: 'Runs one Azure Resource Graph query page by page and writes every row to the ingestion container as parquet.',
      activities: [
        ...setQuery(),
        until({
          name: LOOP,
          dependsOn: [succeeded(SET_QUERY_JSON)],
          expression: adf.or(done, adf.greaterOrEquals(pagesRead(), RESOURCE_GRAPH_MAX_PAGES)),
          timeout: '0.04:00:00',
          activities: pageActivities(ctx),
        }),
        fail({
          name: 'Query Failed',
          dependsOn: [failed(LOOP)],
          errorCode: 'ResourceGraphQueryFailed',
          message: adf.interp`The Azure Resource Graph query ${param('queryType')} failed after ${adf.string(pagesRead())} page(s): ${errorOf(LOOP)}. The Data Factory identity needs the Reader role on the scopes to analyze (docs/recommendations.md).`,
        }),
        ifCondition({
          name: 'If Page Limit Reached',
          dependsOn: [succeeded(LOOP)],
          expression: adf.not(done),
          ifTrue: [
            fail({
              name: 'Page Limit Reached',
              errorCode: 'ResourceGraphPageLimit',
              message: adf.interp`The ${param('queryType')} query has more than ${String(RESOURCE_GRAPH_MAX_PAGES * RESOURCE_GRAPH_PAGE_SIZE)} rows (${String(RESOURCE_GRAPH_MAX_PAGES)} pages of ${String(RESOURCE_GRAPH_PAGE_SIZE)}); the pages read are written, the rest is not. Narrow the query or its scope.`,
            }),
          ],
        }),
      ],
      parameters: {
        [P.query]: { type: 'String' },
        [P.querySource]: { type: 'String' },
        [P.queryType]: { type: 'String' },
        [P.queryProvider]: { type: 'String' },
        [P.queryVersion]: { type: 'String' },
        [P.folder]: { type: 'String' },
        [P.filePrefix]: { type: 'String' },
        [P.translator]: { type: 'Object' },
      },
      variables: variablesOf([resourceManagerUrlVariable(ctx)], {
        [V.requestQuery]: { type: 'String' },
        [V.queryJson]: { type: 'String' },
        [V.skipToken]: { type: 'String', defaultValue: '' },
        [V.pages]: { type: 'Array', defaultValue: [] },
      }),
    }),
  };
}
