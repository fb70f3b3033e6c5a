/**
 * The recommendation query files and their schema file: the 23 of the public 14.0 by name and group, each
 * a query Azure Resource Graph can page (no take/limit/sample, a unique order, one text column at least) that
 * ends with the columns `recommendations_1.0` maps; the schema file maps the columns of the public file.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RECOMMENDATION_QUERIES, queryFileName, queryFileText } from '../../../src/modules/recommendations/index.js';
import { QUERY_COLUMNS } from '../../../src/modules/recommendations/queries.js';
import { RECOMMENDATIONS_COLUMNS, recommendationsSchemaText } from '../../../src/modules/config/recommendationsSchema.js';
import { readFileSync } from 'node:fs';
import { sharedText } from '../../support/sharedData.js';

/** The public 14.0's query file names by group (releases-0.9-14.md §1.6; the template's variables). */
const PUBLIC_NAMES = {
  core: [
    'AdvisorCost',
    'BackendlessAppGateways',
    'BackendlessLoadBalancers',
    'BasicLoadBalancers',
    'BasicPublicIPs',
    'ClassicAppGateways',
    'EmptyAppServicePlans',
    'EmptyNSGs',
    'EmptySQLElasticPools',
    'IdleVNetGateways',
    'LegacyStorageAccounts',
    'OrphanedNATGateways',
    'PremiumSnapshots',
    'StoppedVMs',
    'UnassociatedDDoSPlans',
    'UnattachedDisks',
    'UnattachedNICs',
    'UnattachedPublicIPs',
    'UnmanagedDisks',
    'UnprovisionedExpressRouteCircuits',
  ],
  ahb: ['SQLVMsWithoutAHB', 'VMsWithoutAHB'],
  spot: ['NonSpotAKSClusters'],
};

test('the 23 queries of the public 14.0, by name and group', () => {
  assert.equal(
    RECOMMENDATION_QUERIES.filter((q) => !q.group).map((q) => q.name),
    PUBLIC_NAMES.core,
  );
  assert.equal(
    RECOMMENDATION_QUERIES.filter((q) => q.group === 'ahb').map((q) => q.name),
    PUBLIC_NAMES.ahb,
  );
  assert.equal(
    RECOMMENDATION_QUERIES.filter((q) => q.group === 'spot').map((q) => q.name),
    PUBLIC_NAMES.spot,
  );
  assert.equal(
    RECOMMENDATION_QUERIES.filter((q) => q.source === 'Azure Advisor').map((q) => q.name),
    ['AdvisorCost'],
  );
});

test('a query file is the object queries_ExecuteETL reads, the type named after the file', () => {
  for (const q of RECOMMENDATION_QUERIES) {
    const file = JSON.parse(queryFileText(q));
    assert.equal(Object.keys(file).sort(), ['dataset', 'provider', 'query', 'queryEngine', 'scope', 'source', 'type', 'version', ...(q.group ? ['group'] : [])].sort(), q.name);
    assert.equal([file.dataset, file.provider, file.queryEngine, file.scope, file.version], ['Recommendations', 'Microsoft', 'ResourceGraph', 'Tenant', '1.0']);
    assert.is(`Recommendations-${file.type}`, queryFileName(q));
    assert.is(file.group, q.group);
    assert.ok(queryFileText(q).endsWith('}\n'));
  }
});

test('every query can be paged: no take, limit or sample, ordered by its unique id, at most 10 KB', () => {
  for (const q of RECOMMENDATION_QUERIES) {
    const steps = q.query.split(' | ').map((s) => s.trim());
    for (const s of steps) assert.not.match(s, /^(take|limit|sample|sample-distinct|top)\b/, `${q.name}: ${s}`);
    assert.is(steps[steps.length - 1], 'order by id asc', q.name);
    assert.ok(Buffer.byteLength(q.query) < 10_000, `${q.name}: ${Buffer.byteLength(q.query)} bytes`);
    assert.not.match(q.query, /"/, `${q.name}: a double quote would need JSON escaping in every tool that sends it`);
  }
});

test('every query ends with the columns of recommendations_1.0 (the source columns come from the pipeline) and the id it pages by', () => {
  const projected = (q: string) => {
    const project = q.split(' | ').find((s) => s.startsWith('project ') && s.includes('x_RecommendationDate'))!;
    return project
      .slice('project '.length)
      .split(/,(?![^(]*\))/)
      .map((c) => c.trim().split(/\s*=\s*/)[0]);
  };
  const mapped = RECOMMENDATIONS_COLUMNS.filter((c) => !c.startsWith('x_Source'));
  for (const q of RECOMMENDATION_QUERIES) {
    const columns = [...projected(q.query), 'SubAccountName'];
    assert.equal([...columns].sort(), [...QUERY_COLUMNS].sort(), q.name);
    for (const c of mapped) assert.ok(columns.includes(c), `${q.name}: ${c}`);
  }
});

test('the details of every finding name the provider, the solution and the resource type with x_ keys', () => {
  for (const q of RECOMMENDATION_QUERIES) {
    for (const key of ['x_RecommendationProvider', 'x_RecommendationSolution', 'x_ResourceType']) assert.ok(q.query.includes(`'${key}'`), `${q.name}: ${key}`);
    const keys = [...q.query.matchAll(/bag_pack\(([^)]*(?:\([^)]*\)[^)]*)*)\)/g)].flatMap((m) => [...m[1].matchAll(/'(\w+)', /g)].map((k) => k[1]));
    for (const k of keys.filter((k) => /^[A-Za-z]/.test(k) && k !== 'FinOps' && k !== 'Azure')) assert.match(k, /^x_/, `${q.name}: ${k}`);
  }
});

test('the schema file maps the columns of the public recommendations_1.0.json, relative to the rows of the response', async () => {
  const text = recommendationsSchemaText();
  const schema = JSON.parse(text);
  assert.is(schema.translator.collectionReference, "$['data']");
  assert.is(schema.translator.mapComplexValuesToString, true);
  const publicFile = JSON.parse(await sharedText('reference/data/schemas/recommendations_1.0.json'));
  const sinks = (s: any) => s.translator.mappings.map((m: any) => m.sink.name ?? m.sink.path);
  assert.equal(sinks(schema), sinks(publicFile));
  assert.equal(
    schema.translator.mappings.map((m: any) => m.source.path),
    RECOMMENDATIONS_COLUMNS.map((c) => `['${c}']`),
  );
});

test('docs/recommendations.md lists every query with its group and what it finds, as the catalog says', () => {
  const doc = readFileSync(new URL('../../../docs/recommendations.md', import.meta.url), 'utf8');
  const rows = doc.split('\n').filter((l) => l.startsWith('| `Microsoft-'));
  assert.equal(
    rows,
    RECOMMENDATION_QUERIES.map((q) => `| \`Microsoft-${q.name}\` | ${q.group ? `\`${q.group}\`` : '–'} | ${q.finds} |`),
  );
});

test.run();
