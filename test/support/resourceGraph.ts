/**
 * A recorded Azure Resource Graph for `hubc simulate`: the pages of one query's result as "Resources -
 * Resources" (REST API 2022-10-01) answers them, as `--responses` web entries. Page 1 answers the request
 * without `$skipToken`; page n > 1 the request carrying the token page n - 1 returned; every page but the
 * last carries the next token; the last none. Other queries get an empty result.
 * (learn.microsoft.com/rest/api/azureresourcegraph/resourcegraph/resources/resources, "Next page query";
 * learn.microsoft.com/azure/governance/resource-graph/concepts/paging-results.)
 */
import type { ResponsesFile, WebResponseEntry } from '../../src/simulate/responses.js';

/** The URL the recommendations post their queries to, in the simulation's pretend public cloud. */
export const RESOURCE_GRAPH_URL = 'https://management.azure.com/providers/Microsoft.ResourceGraph/resources?api-version=2022-10-01';

/** One row of a recommendation query's result, as the query projects it and the pipeline extends it. */
export function recommendationRow(type: string, i: number): Record<string, unknown> {
  const disk = `/subscriptions/00000000-0000-0000-0000-0000000000a1/resourcegroups/rg-${i % 7}/providers/microsoft.compute/disks/disk-${String(i).padStart(5, '0')}`;
  const id = `${disk}/recommendations/unattached`;
  return {
    id,
    x_RecommendationId: id,
    ResourceId: disk,
    ResourceName: `disk-${String(i).padStart(5, '0')}`,
    x_ResourceGroupName: `rg-${i % 7}`,
    SubAccountId: '/subscriptions/00000000-0000-0000-0000-0000000000a1',
    SubAccountName: 'Simulated subscription',
    x_RecommendationCategory: 'Cost',
    x_RecommendationDescription: 'Managed disk is attached to no virtual machine',
    // tostring() of a bag: JSON text in the response.
    x_RecommendationDetails: JSON.stringify({ x_RecommendationProvider: 'FinOps hubs', x_SkuName: 'Premium_LRS', x_DiskSizeGB: String(32 + (i % 5) * 32) }),
    x_RecommendationDate: '2024-05-15T12:00:00.0000000Z',
    x_SourceName: 'FinOps hubs',
    x_SourceType: type,
    x_SourceProvider: 'Microsoft',
    x_SourceVersion: '1.0',
  };
}

/** The token of page `n` (the one page n - 1 returns). */
export const pageToken = (type: string, n: number) => `${type}-page-${n}`;

/**
 * Web entries answering one query type's requests with `rows` rows in pages of `pageSize`, then an entry
 * answering every other query with no rows.
 * @param truncatedAt a page that answers `resultTruncated: "true"` without a token (a result that cannot be paged)
 */
export function resourceGraphPages(type: string, rows: number, pageSize: number, o: { truncatedAt?: number } = {}): ResponsesFile {
  const pages = Math.max(1, Math.ceil(rows / pageSize));
  const entries: WebResponseEntry[] = [];
  for (let n = pages; n >= 1; n--) {
    const first = (n - 1) * pageSize;
    const data = Array.from({ length: Math.min(pageSize, rows - first) }, (_, k) => recommendationRow(type, first + k));
    const truncated = o.truncatedAt === n;
    const body: Record<string, unknown> = { totalRecords: rows, count: data.length, data, facets: [], resultTruncated: truncated ? 'true' : 'false' };
    if (n < pages && !truncated) body.$skipToken = pageToken(type, n + 1);
    entries.push({
      method: 'POST',
      url: RESOURCE_GRAPH_URL,
      // Page 1 is the request without a token: its body ends with the options' page size.
      requestBody: n === 1 ? `*x_SourceType = '${type}'*"$top":*}}` : `*x_SourceType = '${type}'*"$skipToken":"${pageToken(type, n)}"}}`,
      status: 200,
      body,
    });
  }
  entries.push({ method: 'POST', url: RESOURCE_GRAPH_URL, status: 200, body: { totalRecords: 0, count: 0, data: [], facets: [], resultTruncated: 'false' } });
  return { web: entries };
}
