/**
 * `hubc simulate` runs the recommendations (issue #36): `queries_ExecuteETL` reads the build's query files,
 * each runs through `queries_ETL_ingestion` and `queries_ResourceGraph_ExecuteQuery` against a recorded
 * Resource Graph (test/support/resourceGraph.ts) whose result spans pages, and every row lands in parquet at
 * `ingestion/Recommendations/tenants/<tenant>/<type>/<ingestionId>__<type>-<page>.parquet`; the earlier
 * ingestion's files go, the manifest starts the Data Explorer load. A result Resource Graph cannot page fails
 * the run and keeps the earlier files.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compile, type CompileResult } from '../../src/compiler/compile.js';
import { simulate, allRuns } from '../../src/simulate/index.js';
import type { ResponsesFile } from '../../src/simulate/responses.js';
import { formatDiagnostic, hasErrors } from '../../src/diagnostics/diagnostic.js';
import { RESOURCE_GRAPH_PAGE_SIZE } from '../../src/modules/dataFactory/pipelines/queries/queries_ResourceGraph_ExecuteQuery.js';
import { RECOMMENDATIONS_COLUMNS } from '../../src/modules/config/recommendationsSchema.js';
import { recommendationsHubYaml, RECOMMENDATIONS_RELEASE } from '../support/recommendations.js';
import { pageToken, resourceGraphPages, RESOURCE_GRAPH_URL } from '../support/resourceGraph.js';
import { cleanStorages, emptyStorage, filesIn, readParquetFile } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const TYPE = 'Microsoft-UnattachedDisks';
/** The simulated deployment's tenant (src/simulate/factory.ts). */
const FOLDER = `ingestion/Recommendations/tenants/00000000-0000-0000-0000-000000000000/${TYPE}`;
const ROWS = 1234;

const build: CompileResult = (() => {
  const r = compile(recommendationsHubYaml({ recommendations: { enabled: true }, dataExplorer: { name: 'hubadx' } }));
  if (hasErrors(r.diagnostics)) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return r;
})();

function run(storage: string, responses: ResponsesFile) {
  return simulate({
    artifacts: build.artifacts,
    release: RECOMMENDATIONS_RELEASE,
    storage,
    start: { kind: 'pipeline', pipeline: 'queries_ExecuteETL' },
    now: NOW,
    responses,
    maxRuns: 200,
  });
}

const TENANT_FOLDER = 'ingestion/Recommendations/tenants/00000000-0000-0000-0000-000000000000';

/**
 * A storage folder holding earlier ingestions' files: of the paged query, of a query that now finds nothing
 * (StoppedVMs), and of a query type no query file names.
 */
function storageWithEarlierFiles(): string {
  const dir = emptyStorage();
  const earlier = [
    `${FOLDER}/20240514-010000_aaaaaaaa__${TYPE}-1.parquet`,
    ...['Microsoft-StoppedVMs', 'Contoso-Custom'].map((t) => `${TENANT_FOLDER}/${t}/20240514-010000_aaaaaaaa__${t}-1.parquet`),
  ];
  for (const f of earlier) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), 'an earlier ingestion');
  }
  return dir;
}

test('every row of a result over 1,000 rows lands, page by page, where the facts say; the earlier ingestion goes and Data Explorer loads the folder', async () => {
  const storage = storageWithEarlierFiles();
  const result = await run(storage, resourceGraphPages(TYPE, ROWS, RESOURCE_GRAPH_PAGE_SIZE));
  assert.is(
    result.outcome,
    'succeeded',
    JSON.stringify(result.diagnostics) +
      allRuns(result)
        .filter((r) => r.status === 'Failed')
        .map((r) => `${r.pipeline}: ${r.error?.errorCode} ${r.error?.message}`)
        .join('\n'),
  );
  const pages = Math.ceil(ROWS / RESOURCE_GRAPH_PAGE_SIZE);
  assert.ok(pages > 1 && ROWS > 1000);

  const files = filesIn(storage, FOLDER);
  const parquet = files.filter((f) => f.endsWith('.parquet'));
  assert.is(parquet.length, pages, files.join('\n'));
  const id = /__/.exec(parquet[0]) && parquet[0].slice(FOLDER.length + 1).split('__')[0];
  assert.match(id!, /^20240515-120000_[0-9a-f]{8}$/);
  assert.equal(parquet, Array.from({ length: pages }, (_, i) => `${FOLDER}/${id}__${TYPE}-${i + 1}.parquet`).sort());
  assert.ok(files.includes(`${FOLDER}/manifest.json`), 'the manifest starts the Data Explorer load');

  let rows: Record<string, unknown>[] = [];
  for (const f of parquet) {
    const file = await readParquetFile(join(storage, f));
    assert.equal(file.columns, [...RECOMMENDATIONS_COLUMNS], f);
    rows = rows.concat(file.rows);
  }
  assert.is(rows.length, ROWS, 'every row of every page');
  assert.is(new Set(rows.map((r) => r.x_RecommendationId)).size, ROWS);
  assert.is(rows.filter((r) => r.x_SourceType === TYPE).length, ROWS);
  assert.equal(JSON.parse(String(rows[0].x_RecommendationDetails)).x_RecommendationProvider, 'FinOps hubs');

  // The earlier ingestion's files of the queries that ran went (a query that now finds nothing leaves its folder
  // empty); the folder of a type no query file names was left alone.
  assert.not.ok(filesIn(storage).some((f) => f.includes('aaaaaaaa__Microsoft-UnattachedDisks')));
  assert.equal(filesIn(storage, `${TENANT_FOLDER}/Microsoft-StoppedVMs`), []);
  assert.equal(filesIn(storage, `${TENANT_FOLDER}/Contoso-Custom`), [`${TENANT_FOLDER}/Contoso-Custom/20240514-010000_aaaaaaaa__Contoso-Custom-1.parquet`]);

  // Each page was asked for twice (its token for the next, its rows for the copy), with the tokens in order.
  const asked = result.requests.filter((r) => r.url === RESOURCE_GRAPH_URL && String(r.body).includes(`x_SourceType = '${TYPE}'`));
  const tokens = asked.map((r) => /"\$skipToken":"([^"]+)"/.exec(String(r.body))?.[1] ?? 'first');
  assert.equal(
    tokens,
    Array.from({ length: pages }, (_, i) => (i === 0 ? 'first' : pageToken(TYPE, i + 1))).flatMap((t) => [t, t]),
  );
  assert.equal([...new Set(asked.map((r) => r.activity))].sort(), ['Copy Page', 'Query Page']);

  // The manifest fired ingestion_ManifestAdded: one load per page into Recommendations_raw.
  const loads = result.commands.filter((c) => c.command.startsWith('.ingest into table Recommendations_raw'));
  assert.is(loads.length, pages);
  cleanStorages();
});

test('every query file of the build runs: the query of each, with its source columns, is asked for once', async () => {
  const storage = emptyStorage();
  const result = await run(storage, resourceGraphPages(TYPE, 3, RESOURCE_GRAPH_PAGE_SIZE));
  assert.is(result.outcome, 'succeeded');
  const types = result.requests.filter((r) => r.activity === 'Query Page').map((r) => /x_SourceType = '([^']+)'/.exec(String(r.body))?.[1]);
  const uploaded = [...build.artifacts.keys()].filter((k) => k.startsWith('config/queries/')).map((k) => k.slice('config/queries/Recommendations-'.length, -'.json'.length));
  // The build holds the optional groups' files too; the simulation reads what the folder holds.
  assert.equal([...types].sort(), [...uploaded].sort());
  // A query with no rows writes nothing and no manifest.
  assert.equal(filesIn(storage, `${TENANT_FOLDER}/Microsoft-StoppedVMs`), []);
  cleanStorages();
});

test('a result Resource Graph cannot page fails the run with ResourceGraphResultTruncated; the earlier ingestion stays and the partial one goes', async () => {
  const storage = storageWithEarlierFiles();
  const result = await run(storage, resourceGraphPages(TYPE, ROWS, RESOURCE_GRAPH_PAGE_SIZE, { truncatedAt: 2 }));
  assert.is(result.outcome, 'failed');
  const failed = allRuns(result).filter((r) => r.status === 'Failed');
  assert.ok(
    failed.some(
      (r) =>
        r.pipeline === 'queries_ResourceGraph_ExecuteQuery' &&
        r.error?.errorCode === 'ResourceGraphQueryFailed' &&
        /ResourceGraphResultTruncated|cannot page/.test(r.error.message),
    ),
    JSON.stringify(failed.map((r) => r.error)),
  );
  assert.ok(failed.some((r) => r.pipeline === 'queries_ETL_ingestion' && r.error?.errorCode === 'QueryFailed'));
  const left = filesIn(storage, FOLDER);
  assert.equal(left, [`${FOLDER}/20240514-010000_aaaaaaaa__${TYPE}-1.parquet`], 'the first page written is deleted, the earlier file kept, no manifest');
  cleanStorages();
});

test.run();
