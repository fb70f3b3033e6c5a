/**
 * Release 14's pieces outside recommendations and KQL, on injected rows (0.8 with 14's row fields) until the row
 * exists: Data Explorer's DNS suffix per cloud (public cloud, Government, China; #2081), the schedule time zones
 * of the Azure Government regions (#2087) with the UTC fallback's `Z` (#2157) held by the catalogue's trigger
 * checks (HUB700, HUB701), the factory's role on itself only for pipelines that call its API, and an export whose
 * manifest says `dataRowCount: null` ingested, not skipped (#2173), with its manifest copied to ingestion.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileModel } from '../../src/compiler/compile.js';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';
import { DATA_EXPLORER_DNS_SUFFIXES, RELEASE_VERSIONS, getRelease, withRegions, type Release } from '../../src/model/releases.js';
import { US_GOVERNMENT_REGION_TIME_ZONES, isKnownTimeZone } from '../../src/model/timeZones.js';
import { azureRegion } from '../../src/model/regions.js';
import { releaseChangeWords } from '../../src/model/releaseWords.js';
import { fromCompile } from '../../src/build/index.js';
import { CATALOGUE, runCatalogue } from '../../src/catalogue/index.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { activityTree } from '../../src/model/activities.js';
import { factorySelfRole } from '../../src/modules/dataFactory/selfRole.js';
import * as arm from '../../src/expressions/arm/index.js';
import type { AdfObject } from '../../src/modules/types.js';
import { compiled, fullHubYaml, modelOf, templateOf } from '../support/hubs.js';
import { TEST_CONTEXT } from '../support/template.js';

const R08 = getRelease('0.8');

/** A build of the full 0.8 hub (Data Explorer, remote hub, private networking) with the row given. */
function buildWith(release: Release, extra: Record<string, unknown> = {}) {
  const model = { ...modelOf(fullHubYaml('0.8', { networking: { publicAccess: false, addressPrefix: '10.20.30.0/26' }, ...extra })), release };
  const result = compileModel(model);
  return { model, ...result, template: JSON.parse(result.artifacts.get('azuredeploy.json')!) };
}

/** Clouds as `environment()` gives them: name and storage suffix (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-deployment#environment). */
const CLOUDS = {
  AzureCloud: 'core.windows.net',
  AzureUSGovernment: 'core.usgovcloudapi.net',
  AzureChinaCloud: 'core.chinacloudapi.cn',
  AzureStackContoso: 'core.contoso.example',
} as const;

/** The name of the Data Explorer private DNS zone a template deploys in a cloud, and the zone its cluster endpoint registers in. */
function kustoZone(template: any, cloud: keyof typeof CLOUDS) {
  const ctx = templateContext(template, {
    useDefaults: true,
    ...TEST_CONTEXT,
    parameters: { location: 'westeurope' } as never,
    environment: { name: cloud, suffixes: { storage: CLOUDS[cloud], keyvaultDns: '.vault.azure.net' } },
  });
  const zones = template.resources.filter((r: any) => r.type === 'Microsoft.Network/privateDnsZones').map((r: any) => String(evaluateTemplateString(r.name, ctx)));
  const groups = template.resources.filter((r: any) => r.type === 'Microsoft.Network/privateEndpoints/privateDnsZoneGroups');
  const registered = groups.flatMap((g: any) => g.properties.privateDnsZoneConfigs.map((c: any) => String(evaluateTemplateString(c.name, ctx))));
  return {
    zone: zones.find((z: string) => z.includes('kusto') || z.startsWith('privatelink.westeurope.')),
    registered: registered.filter((z: string) => z.startsWith('privatelink.westeurope.')),
  };
}

test("Data Explorer's private DNS zone follows the cloud: public, Government, China (kusto.windows.cn), and the storage suffix's for another", () => {
  const { template } = buildWith({ ...R08, dataExplorerDnsSuffixes: DATA_EXPLORER_DNS_SUFFIXES });
  const expected = {
    AzureCloud: 'privatelink.westeurope.kusto.windows.net',
    AzureUSGovernment: 'privatelink.westeurope.kusto.usgovcloudapi.net',
    AzureChinaCloud: 'privatelink.westeurope.kusto.windows.cn',
    AzureStackContoso: 'privatelink.westeurope.kusto.contoso.example',
  };
  for (const cloud of Object.keys(CLOUDS) as (keyof typeof CLOUDS)[]) {
    const z = kustoZone(template, cloud);
    assert.is(z.zone, expected[cloud], cloud);
    assert.equal(z.registered, [expected[cloud]], `${cloud}: the cluster's endpoint registers in the zone deployed`);
  }
});

test('without the table (releases before 14) the zone is the storage suffix with core -> kusto, as the public releases up to 13: wrong in China', () => {
  const { template } = buildWith(R08);
  assert.is(kustoZone(template, 'AzureCloud').zone, 'privatelink.westeurope.kusto.windows.net');
  assert.is(kustoZone(template, 'AzureChinaCloud').zone, 'privatelink.westeurope.kusto.chinacloudapi.cn');
  assert.not.ok('dataExplorerDnsSuffix' in template.variables);
});

test("the cluster URI and the Data Factory linked service read the cluster's own uri: no Kusto suffix is written anywhere but the table", () => {
  const { template, artifacts } = buildWith({ ...R08, dataExplorerDnsSuffixes: DATA_EXPLORER_DNS_SUFFIXES });
  const { dataExplorerDnsSuffixes: _table, ...variables } = template.variables;
  assert.not.match(JSON.stringify({ ...template, variables }), /kusto\.(windows|usgovcloudapi|chinacloudapi)/);
  const linked = JSON.parse(artifacts.get('datafactory/linkedServices/hubDataExplorer.json')!);
  assert.match(linked.properties.typeProperties.endpoint, /^\[reference\(resourceId\('Microsoft\.Kusto\/clusters', .*\)\.uri\]$/);
  assert.match(template.outputs.clusterUri.value, /reference\(resourceId\('Microsoft\.Kusto\/clusters', .*\)\.uri/);
});

test('the Azure Government regions: each an Azure region, in a zone Data Factory accepts', () => {
  assert.equal(Object.keys(US_GOVERNMENT_REGION_TIME_ZONES).sort(), ['usdodcentral', 'usdodeast', 'usgovarizona', 'usgovtexas', 'usgovvirginia']);
  for (const [region, zone] of Object.entries(US_GOVERNMENT_REGION_TIME_ZONES)) {
    assert.ok(azureRegion(region), region);
    assert.ok(isKnownTimeZone(zone), `${region}: ${zone}`);
  }
});

test("schedules in Government regions run on the region's zone with 14's table, local start times; unmapped regions in UTC with a Z; the catalogue's trigger checks pass", () => {
  const R14_ZONES: Release = { ...R08, regionTimeZones: withRegions(R08.regionTimeZones, US_GOVERNMENT_REGION_TIME_ZONES) };
  const built = buildWith(R14_ZONES);
  const trigger = (t: any, location: string) => {
    const ctx = templateContext(t, { useDefaults: true, ...TEST_CONTEXT, parameters: { location } as never });
    const daily = t.resources.find((r: any) => r.type === 'Microsoft.DataFactory/factories/triggers' && /DailySchedule/.test(r.name));
    const recurrence = daily.properties.typeProperties.recurrence;
    return { zone: evaluateTemplateString(recurrence.timeZone, ctx), start: evaluateTemplateString(recurrence.startTime, ctx) };
  };
  assert.equal(trigger(built.template, 'usgovvirginia'), { zone: 'Eastern Standard Time', start: '2023-01-01T01:01:00' });
  assert.equal(trigger(built.template, 'usgovarizona'), { zone: 'US Mountain Standard Time', start: '2023-01-01T01:01:00' });
  assert.equal(trigger(built.template, 'swedencentral'), { zone: 'UTC', start: '2023-01-01T01:01:00Z' });
  assert.equal(trigger(buildWith(R08).template, 'usgovvirginia'), { zone: 'UTC', start: '2023-01-01T01:01:00Z' }, 'before 14: UTC');
  const entries = CATALOGUE.filter((e) => e.name === 'adf/trigger-time-zone' || e.name === 'adf/trigger-start-time');
  const result = { model: built.model, release: '0.8', diagnostics: [], artifacts: built.artifacts, contributions: built.contributions };
  assert.equal(runCatalogue({ written: fromCompile(result) }, entries).map(formatDiagnostic), []);
});

const pipeline = (name: string, callsOwnFactory?: true | arm.Arm): AdfObject => ({
  kind: 'pipeline',
  name,
  properties: { activities: [] },
  ...(callsOwnFactory ? { callsOwnFactory } : {}),
});

test('the factory gets Data Factory Contributor on itself only for pipelines that call its API, under their conditions', () => {
  assert.is(factorySelfRole([pipeline('a'), pipeline('b')]), undefined);
  const always = factorySelfRole([pipeline('a', true), pipeline('b', arm.parameters('x'))])!;
  assert.ok(always);
  assert.is(always.condition, undefined);
  assert.is(
    JSON.parse(JSON.stringify(always)).properties.roleDefinitionId,
    "[subscriptionResourceId('Microsoft.Authorization/roleDefinitions', '673868aa-7521-48a0-acc6-0f60742d39f5')]",
  );
  assert.is(JSON.parse(JSON.stringify(always)).scope, "[format('Microsoft.DataFactory/factories/{0}', variables('dataFactoryName'))]");
  assert.match(
    JSON.parse(JSON.stringify(always)).properties.principalId,
    /^\[reference\(resourceId\('Microsoft\.DataFactory\/factories', variables\('dataFactoryName'\)\), '2018-06-01', 'Full'\)\.identity\.principalId\]$/,
  );
  const some = JSON.parse(JSON.stringify(factorySelfRole([pipeline('a', arm.parameters('x')), pipeline('b', arm.parameters('y'))])!));
  assert.is(some.condition, "[or(parameters('x'), parameters('y'))]");
});

/** True when a Web activity's URL calls the factory's own REST API (its resource path, or `pipeline().DataFactory`). */
const callsFactoryApi = (activity: any) =>
  activity.type === 'WebActivity' && /Microsoft\.DataFactory\/factories|pipeline\(\)\.DataFactory/i.test(JSON.stringify(activity.typeProperties?.url ?? ''));

test("every pipeline that calls its factory's API says so (callsOwnFactory), in every release; none does today, so no release has the role", () => {
  assert.ok(
    callsFactoryApi({
      type: 'WebActivity',
      typeProperties: { url: "@concat(variables('resourceManagerUrl'), '/providers/Microsoft.DataFactory/factories/', pipeline().DataFactory, '/pipelines/p/createRun')" },
    }),
    'the detector finds such a call',
  );
  for (const v of RELEASE_VERSIONS) {
    const r = compiled(fullHubYaml(v));
    const objects = r.contributions.flatMap((c) => c.dataFactory ?? []);
    for (const o of objects.filter((x) => x.kind === 'pipeline')) {
      const calls = activityTree(JSON.parse(JSON.stringify(o.properties)).activities).some((a: any) => callsFactoryApi(a.activity ?? a));
      assert.is(calls, o.callsOwnFactory !== undefined, `${v} ${o.name}`);
    }
    const roles = templateOf(r).resources.filter(
      (x: any) =>
        x.type === 'Microsoft.Authorization/roleAssignments' &&
        /DataFactory\/factories/.test(String(x.scope)) &&
        /673868aa/.test(JSON.stringify(x)) &&
        /'Full'\)\.identity/.test(JSON.stringify(x)),
    );
    assert.equal(roles, [], `${v}: no self role`);
  }
});

test("release notes say what 14's row fields and behaviour change", () => {
  const r14: Release = {
    ...R08,
    dataExplorerDnsSuffixes: DATA_EXPLORER_DNS_SUFFIXES,
    regionTimeZones: withRegions(R08.regionTimeZones, US_GOVERNMENT_REGION_TIME_ZONES),
    behaviours: new Set([...R08.behaviours, 'oneAnalyticsEngine']),
  };
  const words = releaseChangeWords(R08, r14);
  assert.ok(
    words.some((w) => w.startsWith('The hub sends its data to one analytics engine')),
    words.join('\n'),
  );
  assert.ok(
    words.includes("Schedules in usdodcentral, usdodeast, usgovarizona, usgovtexas and usgovvirginia run on the region's time zone (timeZone: auto) instead of UTC."),
    words.join('\n'),
  );
  assert.ok(
    words.some((w) => w.includes('AzureChinaCloud: kusto.windows.cn')),
    words.join('\n'),
  );
});

test.run();
