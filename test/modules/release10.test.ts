/**
 * What release 0.10 changes (releases-0.9-14.md §1.2): a Microsoft Fabric eventhouse instead of a Data Explorer
 * cluster, evaluated with the ARM evaluator (no cluster, Data Factory pointed at the query URI, loads with the
 * caller's identity, a batch count within Data Factory's 1-50 whatever the capacity, a deployment with private
 * storage refused), the hub.yaml checks (HUB250, HUB251, HUB220 before 0.10), the portal form's outputs, the
 * eventhouse's setup files (every placeholder substituted, the cluster's commands, one block), their
 * validation with the Kusto language service, the upgrade steps that run them (HUB620), a simulated load
 * into the eventhouse, and the opt-in Microsoft-internal actual cost dataset.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { evaluateTemplateString, templateContext } from '../../src/expressions/arm/evaluate.js';
import { compile } from '../../src/compiler/compile.js';
import { kqlScriptsForValidation } from '../../src/validate/kqlScripts.js';
import { splitKqlCommands, isCommentOnly } from '../../src/model/kqlScript.js';
import { validateKqlScripts } from '../../src/validators/kql.js';
import { initialFormOutputs } from '../../src/emitters/uiDefinition/evaluate.js';
import { diffBuilds } from '../../src/diff/index.js';
import { planUpgrade } from '../../src/upgrade/index.js';
import { simulate } from '../../src/simulate/index.js';
import { compiled, fullHubYaml, hubYaml, templateOf } from '../support/hubs.js';
import { TEST_CONTEXT } from '../support/template.js';
import { releaseInput } from '../support/releaseBuilds.js';
import { cleanStorages, eventOf, filesIn, readParquetFile, storageFrom } from '../support/simulate.js';
import { EXPORT_SCHEMAS } from '../../src/model/datasets.js';
import { firstReleaseBehaving, getRelease } from '../../src/model/releases.js';
import { fabricCheck } from '../../src/frontend/checks/fabric.js';
import { analyticsEnginesCheck } from '../../src/frontend/checks/analyticsEngines.js';
import type { Check } from '../../src/frontend/checks/types.js';
import { parse } from 'yaml';

const FABRIC_YAML = readFileSync(new URL('../fixtures/0.10/fabric/hub.yaml', import.meta.url), 'utf8');
const URI = 'https://trd-abcdef1234567890ab.z1.kusto.fabric.microsoft.com';
const fabric = compiled(FABRIC_YAML);
const t10 = templateOf(compiled(fullHubYaml('0.10')));

/** A value of the template evaluated for the given parameters (names of the resources deployed, a variable, a resource property). */
function evaluator(t: any, parameters: Record<string, unknown>) {
  const ctx = templateContext(t, { useDefaults: true, parameters: { location: 'westeurope', ...parameters } as never, ...TEST_CONTEXT });
  const value = (v: unknown) => (typeof v === 'string' ? evaluateTemplateString(v, ctx) : v);
  const deployed = (t.resources as any[]).filter((r) => r.condition === undefined || value(r.condition) === true);
  return { value, deployed, types: deployed.map((r) => r.type as string) };
}

test('with a query URI the template deploys no cluster, points the Data Explorer linked service at the eventhouse and keeps the pipelines; without, a cluster as before', () => {
  const withFabric = evaluator(t10, { fabricQueryUri: URI, dataExplorerName: 'hubadx', enablePublicAccess: 'True' });
  assert.not.ok(withFabric.types.includes('Microsoft.Kusto/clusters'), 'the eventhouse wins over a cluster name, as in the public 0.10');
  const ls = withFabric.deployed.find((r) => r.type === 'Microsoft.DataFactory/factories/linkedservices' && /hubDataExplorer/.test(r.name));
  assert.ok(ls, 'the linked service is deployed');
  assert.is(withFabric.value(ls.properties.typeProperties.endpoint), URI);
  for (const p of ['ingestion_ExecuteETL', 'ingestion_ETL_dataExplorer', 'config_InitializeHub']) {
    assert.ok(
      withFabric.deployed.some((r) => r.type === 'Microsoft.DataFactory/factories/pipelines' && String(r.name).includes(p)),
      p,
    );
  }
  assert.is(withFabric.value("[variables('deployDataExplorer')]"), false);
  const cluster = evaluator(t10, { dataExplorerName: 'hubadx', enablePublicAccess: 'True' });
  assert.ok(cluster.types.includes('Microsoft.Kusto/clusters'));
  const none = evaluator(t10, { dataExplorerName: '', enablePublicAccess: 'True' });
  assert.not.ok(
    none.deployed.some((r) => /hubDataExplorer/.test(String(r.name))),
    'no engine: no linked service',
  );
});

test('the load batch stays within Data Factory 1-50 whatever the Fabric capacity; a cluster keeps its SKU capacity', () => {
  const batch = (params: Record<string, unknown>) => evaluator(t10, { enablePublicAccess: 'True', ...params }).value("[variables('dataExplorerIngestionCapacity')]");
  assert.is(batch({ fabricQueryUri: URI, fabricCapacityUnits: 2 }), 2);
  assert.is(batch({ fabricQueryUri: URI, fabricCapacityUnits: 64 }), 50);
  assert.is(batch({ fabricQueryUri: URI, fabricCapacityUnits: 2048 }), 50);
  assert.is(batch({ dataExplorerName: 'hubadx', dataExplorerSkuName: 'Standard_E8ads_v5', dataExplorerSkuTier: 'Standard', dataExplorerSkuCapacity: 2 }), 8);
  assert.equal(t10.parameters.fabricCapacityUnits.allowedValues, [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048]);
});

test("an eventhouse loads with the caller's identity and sets no managed identity policy; a cluster with its own", () => {
  const objects = (params: Record<string, unknown>) => {
    const e = evaluator(t10, { enablePublicAccess: 'True', ...params });
    const pipeline = (name: string) => e.deployed.find((r) => r.type === 'Microsoft.DataFactory/factories/pipelines' && String(r.name).includes(name))!;
    return { e, pipeline };
  };
  const f = objects({ fabricQueryUri: URI });
  assert.is(f.e.value(f.pipeline('ingestion_ETL_dataExplorer').properties.variables.ingestIdentity.defaultValue), 'impersonate');
  assert.is(f.e.value(f.pipeline('config_InitializeHub').properties.variables.dataExplorerPrincipalId.defaultValue), '', 'no cluster is referenced');
  const c = objects({ dataExplorerName: 'hubadx' });
  assert.is(c.e.value(c.pipeline('ingestion_ETL_dataExplorer').properties.variables.ingestIdentity.defaultValue), 'managed_identity=system');
  // The command chooses at run time by the principal: empty with an eventhouse.
  const command = JSON.stringify(f.pipeline('config_InitializeHub').properties.activities);
  assert.match(
    command,
    /@if\(empty\(variables\('dataExplorerPrincipalId'\)\), '\.show database Ingestion policy managed_identity', concat\('\.alter-merge database Ingestion policy managed_identity/,
  );
});

test('a deployment with an eventhouse and the data lake closed to public access fails with the way out (microsoft/finops-toolkit#2061)', () => {
  const e = evaluator(t10, { fabricQueryUri: URI, enablePublicAccess: 'False' });
  const ls = e.deployed.find((r) => /hubDataExplorer/.test(String(r.name)));
  assert.throws(() => e.value(ls.properties.typeProperties.endpoint), /fabricQueryUri needs enablePublicAccess True/);
});

test('hub.yaml: an eventhouse with a cluster (HUB250) or private storage (HUB251) is an error at the query URI; fabric before 0.10 is HUB220', () => {
  const codes = (yaml: string) => compile(yaml).diagnostics.map((d) => `${d.code} ${d.path ?? ''} ${d.start?.line ?? ''}`);
  const base = `release: "0.10"\nhub:\n  name: contoso\nfabric:\n  queryUri: ${URI}\n`;
  assert.equal(codes(`${base}networking:\n  publicAccess: true\n`), []);
  assert.equal(codes(`${base}networking:\n  publicAccess: true\ndataExplorer:\n  name: contosoadx\n`), ['HUB250 fabric.queryUri 5']);
  assert.equal(codes(base), ['HUB251 fabric.queryUri 5'], 'private storage is the default');
  const r = compile(base.replace('"0.10"', '"0.9"'));
  assert.equal(
    r.diagnostics.map((d) => d.code),
    ['HUB220'],
  );
  assert.match(r.diagnostics[0].hint!, /The first release with a Microsoft Fabric eventhouse is 0\.10/);
  const hint = compile(`${base}networking:\n  publicAccess: false\n`).diagnostics[0].hint!;
  assert.match(hint, /networking\.publicAccess: true/);
  assert.match(hint, /dataExplorer\.name/);
});

test('the portal form outputs fabricCapacityUnits, an int, and fabricQueryUri (the public form outputs fabricCapacity)', () => {
  const ui = JSON.parse(fabric.artifacts.get('createUiDefinition.json')!);
  const outputs = Object.keys(ui.parameters.outputs);
  assert.ok(outputs.includes('fabricCapacityUnits') && outputs.includes('fabricQueryUri'));
  assert.not.ok(outputs.includes('fabricCapacity'));
  const initial = initialFormOutputs(ui, { location: 'westeurope' });
  assert.is(initial.fabricCapacityUnits, 64);
  assert.is(initial.fabricQueryUri, URI);
});

test("fabric/: each database's setup is the cluster's commands as one .execute database script, every placeholder substituted, no blank line", () => {
  const files = fabric.artifacts;
  const kql = (f: string) => files.get(f)!;
  for (const [file, sources] of [
    ['fabric/IngestionSetup.kql', ['kql/Common.kql', 'kql/IngestionSetup.kql']],
    ['fabric/HubSetup.kql', ['kql/Common.kql', 'kql/HubSetup.kql']],
  ] as const) {
    const text = kql(file);
    assert.not.match(text, /\$\$/, `${file}: no placeholder left`);
    const lines = text.split('\n');
    const at = lines.indexOf('.execute database script with (ThrowOnErrors=true) <|');
    assert.ok(at > 0 && lines.slice(0, at).every((l) => l.startsWith('//')), `${file}: comments, then the one command`);
    assert.not.ok(
      lines.slice(at, -1).some((l) => l.trim() === ''),
      `${file}: one block (blank lines written //)`,
    );
    const commands = (t: string) =>
      splitKqlCommands(t)
        .map((b) => b.text)
        .filter((b) => !isCommentOnly(b))
        .map((b) => b.replace(/(\n\s*(\/\/[^\n]*)?)+$/, '').replace(/\n\/\/\n/g, '\n\n'));
    const expected = sources.flatMap((s) => commands(kql(s).replaceAll('$$rawRetentionInDays$$', '30')));
    assert.equal(commands(lines.slice(at + 1).join('\n')), expected, `${file}: the cluster's commands in order`);
  }
  assert.match(kql('fabric/IngestionSetup.kql'), /\.alter-merge table \S+_raw policy retention softdelete = 30d/);
  assert.match(kql('fabric/DataFactoryAccess.kql'), /^\.add database \['FinOpsIngestion'\] admins \('aadapp=<dataFactoryApplicationId>;<tenantId>'\) 'FinOps hub Data Factory'$/m);
  assert.match(kql('fabric/README.md'), /`FinOpsIngestion` and `FinOpsHub`/);
  assert.not.ok(compiled(fullHubYaml('0.9')).artifacts.has('fabric/IngestionSetup.kql'), '0.9 has no eventhouse');
});

test('validate checks the eventhouse scripts with the Kusto language service on an engine of their own: a broken command is found in fabric/', () => {
  const all = kqlScriptsForValidation(fabric);
  const files = all.map((s) => `${s.engine ?? 'cluster'} ${s.file} ${s.database}`);
  assert.equal(files.slice(-2), ['fabric fabric/IngestionSetup.kql FinOpsIngestion', 'fabric fabric/HubSetup.kql FinOpsHub']);
  assert.is(all.at(-1)!.text.length, fabric.artifacts.get('fabric/HubSetup.kql')!.length, 'positions hold');
  // The eventhouse's scripts alone, of a hub with one dataset (fewer commands for the language service).
  const small = compiled(FABRIC_YAML.replace('scopes:', 'datasets:\n  - name: Costs\nscopes:'));
  const scripts = kqlScriptsForValidation(small).filter((s) => s.engine === 'fabric');
  const hub = scripts.at(-1)!;
  const broken = scripts.map((s) => (s === hub ? { ...s, text: s.text.replace('Prices_v1_0()\n{', 'Prices_v1_0()\n{\n    NoSuchTable |') } : s));
  assert.equal(validateKqlScripts(scripts).diagnostics, [], 'as built: nothing');
  const found = validateKqlScripts(broken).diagnostics.filter((d) => d.severity === 'error');
  assert.ok(found.length >= 1 && found.every((d) => d.file === 'fabric/HubSetup.kql'), found.map((d) => `${d.file} ${d.message}`).join('\n'));
});

test('upgrade-plan: moving a hub to an eventhouse runs both setup scripts before the deployment and lets the factory in after it; an unchanged script is not run again; a hub without one gets no step', () => {
  const b = releaseInput('0.10', FABRIC_YAML);
  const a = releaseInput('0.9', FABRIC_YAML.replace('"0.10"', '"0.9"').replace(/fabric:\n(  .*\n)+/, ''));
  const notes = diffBuilds(a, b).upgradeNotes.filter((n) => n.code === 'HUB620');
  assert.equal(
    notes.map((n) => n.subject),
    ['fabric'],
  );
  assert.match(notes[0].message, /fabric\/IngestionSetup\.kql in the FinOpsIngestion database, then fabric\/HubSetup\.kql in the FinOpsHub database/);
  const plan = planUpgrade(a, b);
  const fabricSteps = plan.steps.filter((s) => s.subject.startsWith('fabric/'));
  assert.equal(
    fabricSteps.map((s) => `${s.phase} ${s.subject}`),
    ['before fabric/IngestionSetup.kql', 'before fabric/HubSetup.kql', 'after fabric/DataFactoryAccess.kql'],
  );
  assert.ok(fabricSteps.every((s) => s.cites.some((c) => c.code === 'HUB620')));
  // Within 0.10, another raw retention changes the Ingestion script only.
  const c = releaseInput('0.10', FABRIC_YAML.replace('dataExplorerLogDays: 30', 'dataExplorerLogDays: 7'));
  assert.equal(
    planUpgrade(b, c)
      .steps.filter((s) => s.subject.startsWith('fabric/'))
      .map((s) => s.subject),
    ['fabric/IngestionSetup.kql'],
  );
  assert.equal(
    planUpgrade(releaseInput('0.9'), releaseInput('0.10')).steps.filter((s) => s.subject.startsWith('fabric/')),
    [],
    'the default hub uses no eventhouse',
  );
});

test("simulate: an export of a Fabric hub loads into the eventhouse with the caller's identity, through the same Kusto commands", async () => {
  try {
    const dir = storageFrom('focuscost-1.0r2-subscription');
    const result = await simulate({ artifacts: fabric.artifacts, release: '0.10', storage: dir, start: { kind: 'event', path: eventOf(dir) }, now: '2024-05-15T12:00:00Z' });
    assert.is(result.outcome, 'succeeded');
    const ingests = result.commands.filter((k) => k.command.startsWith('.ingest'));
    assert.is(ingests.length, 2);
    for (const k of ingests) {
      assert.is(k.database, 'FinOpsIngestion');
      assert.match(
        k.command,
        /^\.ingest into table Costs_raw \("abfss:\/\/ingestion@[a-z0-9]+\.dfs\.core\.windows\.net\/Costs\/2024\/05\/subscriptions\/[^"]+\.parquet;impersonate"\)/,
      );
    }
  } finally {
    cleanStorages();
  }
});

test('the Microsoft-internal actual cost dataset is opt-in: converted and mapped to ActualCosts only when hub.yaml lists it', () => {
  const schema = 'config/schemas/actualcost_c360-2025-04.json';
  assert.not.ok(compiled(fullHubYaml('0.10')).artifacts.has(schema), 'not by default');
  const listed = compiled(fullHubYaml('0.10', { datasets: [{ name: 'Costs' }, { name: 'ActualCosts' }] }));
  const mappings = JSON.parse(listed.artifacts.get(schema)!).translator.mappings;
  assert.is(mappings.length, 50);
  assert.equal(mappings[2], { source: { name: 'BillingPeriodStartDate', type: 'DateTimeOffset' }, sink: { name: 'BillingPeriodStartDate' } });
  const before = compile(`release: "0.9"\nhub:\n  name: contoso\ndatasets:\n  - name: ActualCosts\n`);
  assert.equal(
    before.diagnostics.map((d) => d.code),
    ['HUB220'],
  );
});

test('0.11 adds the amortized cost dataset the same way: AmortizedCosts converted and mapped only when listed; 0.10 refuses it', () => {
  const schema = 'config/schemas/amortizedcost_c360-2025-04.json';
  assert.not.ok(compiled(fullHubYaml('0.11')).artifacts.has(schema), 'not by default');
  const listed = compiled(fullHubYaml('0.11', { datasets: [{ name: 'Costs' }, { name: 'AmortizedCosts' }] }));
  assert.is(JSON.parse(listed.artifacts.get(schema)!).translator.mappings.length, 50);
  assert.match(listed.artifacts.get('datafactory/pipelines/rawexports_ExecuteETL.json')!, /AmortizedCosts/);
  const before = compile(`release: "0.10"\nhub:\n  name: contoso\ndatasets:\n  - name: AmortizedCosts\n`);
  assert.ok(
    before.diagnostics.some((d) => d.severity === 'error'),
    before.diagnostics.map((d) => d.code).join(', '),
  );
});

/**
 * A storage folder with a Microsoft-internal actual cost export (`ActualCost`, `c360-2025-04`) of one
 * subscription: the FocusCost 1.0r2 example's folder, its manifest's type and version changed, one CSV of
 * two rows with the export's 50 columns.
 */
function actualCostExport(): string {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  const manifestPath = eventOf(dir);
  const folder = dirname(join(dir, manifestPath));
  for (const f of filesIn(dir, 'rawexports').filter((x) => x.endsWith('.csv'))) rmSync(join(dir, f));
  const columns = EXPORT_SCHEMAS.find((e) => e.exportType === 'ActualCost')!.columns;
  const value = (type: string, row: number) =>
    type === 'DateTimeOffset' || type === 'DateTime' ? '2024-05-0' + (row + 1) : /Decimal|Double/.test(type) ? String(1.5 * (row + 1)) : type === 'Boolean' ? 'true' : `v${row}`;
  const csv = [columns.map((c) => c.name).join(','), ...[0, 1].map((row) => columns.map((c) => value(c.type, row)).join(','))].join('\n') + '\n';
  writeFileSync(join(folder, 'part_0_0001.csv'), csv);
  const manifest = JSON.parse(readFileSync(join(dir, manifestPath), 'utf8'));
  manifest.exportConfig = { ...manifest.exportConfig, type: 'ActualCost', dataVersion: 'c360-2025-04' };
  manifest.blobs = manifest.blobs.slice(0, 1);
  Object.assign(manifest, { blobCount: 1, dataRowCount: 2, byteCount: csv.length });
  manifest.blobs[0].byteCount = csv.length;
  writeFileSync(join(dir, manifestPath), JSON.stringify(manifest, null, 2));
  return dir;
}

test('simulate: an actual cost export becomes ActualCosts parquet in a hub that lists the dataset, and fails at the schema in one that does not', async () => {
  try {
    const listed = compiled(hubYaml({ release: '0.10', datasets: [{ name: 'Costs' }, { name: 'ActualCosts' }] }));
    const dir = actualCostExport();
    const ok = await simulate({ artifacts: listed.artifacts, release: '0.10', storage: dir, start: { kind: 'event', path: eventOf(dir) }, now: '2024-05-15T12:00:00Z' });
    assert.is(ok.outcome, 'succeeded');
    const parquet = filesIn(dir, 'ingestion').filter((f) => f.endsWith('.parquet'));
    assert.is(parquet.length, 1);
    assert.match(parquet[0], /^ingestion\/ActualCosts\/2024\/05\/subscriptions\/00000000-0000-0000-0000-0000000000a1\//);
    const read = await readParquetFile(join(dir, parquet[0]));
    assert.is(read.rows.length, 2);
    assert.is(read.columns.length, 50);

    const plain = compiled(hubYaml({ release: '0.10' }));
    const dir2 = actualCostExport();
    const failed = await simulate({ artifacts: plain.artifacts, release: '0.10', storage: dir2, start: { kind: 'event', path: eventOf(dir2) }, now: '2024-05-15T12:00:00Z' });
    assert.is.not(failed.outcome, 'succeeded');
    assert.equal(filesIn(dir2, 'ingestion'), []);
  } finally {
    cleanStorages();
  }
});

test('a release with one analytics engine refuses a cluster with an eventhouse once (HUB270 at the query URI), not also HUB250', () => {
  const data = parse(`hub:\n  name: contoso\nnetworking:\n  publicAccess: true\ndataExplorer:\n  name: contosoadx\nfabric:\n  queryUri: ${URI}\n`);
  const run = (check: Check, release: ReturnType<typeof getRelease>) => {
    const found: string[] = [];
    const report = (raised: { code: string }, path: readonly (string | number)[]) => found.push(`${raised.code} ${path.join('.')}`);
    check.run({ data, release, fileRelease: release, original: data, defaults: {}, valid: () => true, written: () => true, report });
    return found;
  };
  const r10 = getRelease('0.10');
  const oneEngine = getRelease(firstReleaseBehaving('oneAnalyticsEngine')!);
  assert.equal([...run(fabricCheck, r10), ...run(analyticsEnginesCheck, r10)], ['HUB250 fabric.queryUri']);
  assert.equal([...run(fabricCheck, oneEngine), ...run(analyticsEnginesCheck, oneEngine)], ['HUB270 fabric.queryUri']);
});

test.run();
