/**
 * `hubc import --parameters` with a saved parameter file of every public release (public names, values
 * that are not the defaults, a secret): the hub.yaml it writes builds, holds every value, names what it
 * could not recover, never holds the secret; and `hubc diff` of the public template with the same
 * parameters against the imported hub's build shows only the documented departures (the lists of
 * test/support/publicKnown.ts, each citing docs/deviations.md, and the parameter renames of the release
 * table). Each public template is evaluated once.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { offlineFacts, importHubYaml, ImportError } from '../../src/import/index.js';
import { loadPair } from '../../src/load/load.js';
import { diffBuilds } from '../../src/diff/compare.js';
import { behaves, getRelease, has, parameterName, publicParameterName, RELEASE_VERSIONS, type ParameterKey, type ReleaseVersion } from '../../src/model/releases.js';
import type { FlatResource } from '../../src/expressions/arm/flatten.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';
import { compare, HUBC_ONLY, PUBLIC_ONLY } from '../support/publicKnown.js';
import { runHubc } from '../support/cli.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-import-'));
const SCOPE = '/subscriptions/00000000-0000-0000-0000-0000000000a1';
const SECRET = 'c2VjcmV0LWtleS1vZi10aGUtcmVtb3RlLWh1Yg==';

/** A saved parameter file of the public release: every parameter it has, away from the defaults. */
function publicParameters(version: ReleaseVersion): Record<string, { value: unknown }> {
  const r = getRelease(version);
  const values: Partial<Record<ParameterKey, unknown>> = {
    hubName: 'contoso-hub',
    location: 'westeurope',
    eventGridLocation: 'eastus2',
    storageSku: 'Premium_ZRS',
    dataExplorerName: 'contosoadx',
    dataExplorerSkuName: 'Standard_D11_v2',
    dataExplorerSkuCapacity: 1,
    tags: { team: 'finops' },
    tagsByResource: { 'Microsoft.Storage/storageAccounts': { tier: 'data' } },
    scopes: [SCOPE],
    exportRetentionInDays: 7,
    ingestionRetentionInMonths: 24,
    dataExplorerLogRetentionInDays: 3,
    dataExplorerFinalRetentionInMonths: 36,
    remoteHubStorageUri: '',
    remoteHubStorageKey: SECRET,
    enablePublicAccess: false,
    virtualNetworkAddressPrefix: '10.1.2.0/26',
  };
  const out: Record<string, { value: unknown }> = {};
  for (const k of r.parameters) {
    const name = publicParameterName(r, k);
    if (name && k in values) out[name] = { value: values[k] };
  }
  if (r.parameters.includes('enableInfrastructureEncryption')) out.enableInfrastructureEncryption = { value: true };
  return out;
}

/**
 * Parameters only one side declares, from the release row's facts about its public release (its parameter names,
 * the parameters it lacks and those hubc has no equivalent of: docs/deviations.md, Parameters), which the diff
 * with the public template then holds to the file.
 */
function parametersOnly(version: ReleaseVersion): { public: string[]; hubc: string[] } {
  const r = getRelease(version);
  const hubc = r.parameters.map((k) => parameterName(r, k));
  const pub = [...r.parameters.flatMap((k) => publicParameterName(r, k) ?? []), ...Object.keys(r.publicRelease.extraParameters ?? {})];
  return { public: pub.filter((n) => !hubc.includes(n)).sort(), hubc: hubc.filter((n) => !pub.includes(n)).sort() };
}

/** From 0.9 neither side deploys the Key Vault and what serves it without a remote hub (0.11: the public RemoteHub app either). */
const vaultOnlyForRemoteHub = (version: ReleaseVersion) => behaves(getRelease(version), 'keyVaultOnlyForRemoteHub');
const isVaultPart = (k: string) =>
  /\{vault\}|KeyVault|-vault-connections|deployments keyVault(_secret)?$|\/keyVault$|deployment(?:s|Scripts) Microsoft\.FinOpsHubs\.RemoteHub/.test(k);

/** Data Factory datasets and linked services only one side has (docs/deviations.md: Linked service names, Unused objects, Manifest copy). */
function objectsOnly(version: ReleaseVersion, names: { storage: string; vault: string }): { public: string[]; hubc: string[] } {
  const r = getRelease(version);
  if (!has(r, 'managedExports')) return { public: [], hubc: [] };
  const vault = !vaultOnlyForRemoteHub(version);
  const publicOnly = [`linkedServices/${names.storage}`, ...(vault ? [`linkedServices/${names.vault}`] : [])];
  const hubcOnly = [...(vault ? ['linkedServices/keyVault'] : []), 'linkedServices/storage'];
  if (has(r, 'dataExplorer')) publicOnly.push('linkedServices/ftkRepo', 'datasets/ftkReleaseFile', 'datasets/hubDataExplorer');
  // 14: the public Core app's azurerm linked service in every hub; hubc's only with recommendations on (docs/deviations.md).
  if (has(r, 'recommendations')) publicOnly.push('linkedServices/azurerm');
  // From 13 the public release has ingestion_manifest too (its manifest dataset split).
  if (has(r, 'dataExplorer') && !behaves(r, 'manifestDatasetSplit')) hubcOnly.push('datasets/ingestion_manifest');
  return { public: publicOnly.sort(), hubc: hubcOnly.sort() };
}

/** The resources of an evaluated (flat) template, as the comparison of publicKnown.ts takes them. */
function flatResources(text: string): FlatResource[] {
  const t = JSON.parse(text);
  return t.resources.map((r: any) => ({
    type: r.type,
    name: r.name,
    nameExpression: r.name,
    deployments: [],
    deployed: true,
    ...(typeof r.scope === 'string' ? { scope: r.scope } : {}),
    body: r,
  }));
}

for (const version of RELEASE_VERSIONS) {
  test(`${version}: a saved public parameter file imports into a hub.yaml that builds, and the diff with the public template shows only documented departures`, () => {
    const file = join(work, `${version}.parameters.json`);
    const doc = { $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#', contentVersion: '1.0.0.0', parameters: publicParameters(version) };
    writeFileSync(file, JSON.stringify(doc));
    const r = getRelease(version);
    const out = join(work, `${version}.hub.yaml`);
    const facts = offlineFacts({ parametersFile: file, parameters: doc, release: version });
    const outcome = importHubYaml(facts, out);
    assert.ok('hub' in outcome, 'diagnostics' in outcome ? outcome.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n') : '');
    if (!('hub' in outcome)) return;
    const { hub } = outcome;
    writeFileSync(out, hub.text);

    // Every value of the file is in hub.yaml, the secret nowhere.
    const y = parse(hub.text);
    assert.is(y.release, version);
    assert.is(y.naming, 'public');
    assert.equal(y.hub.name, 'contoso-hub');
    assert.equal(y.hub.location, 'westeurope');
    assert.equal(y.storage.sku, 'Premium_ZRS');
    assert.equal(y.scopes, [SCOPE]);
    assert.equal(y.tags, { team: 'finops' });
    if (has(r, 'retentionSettings')) assert.equal([y.retention.rawExportsDays, y.retention.ingestionMonths], [7, 24]);
    if (has(r, 'eventGridRegistration') && publicParameterName(r, 'eventGridLocation')) assert.is(y.hub.eventGridLocation, 'eastus2');
    if (has(r, 'dataExplorer')) {
      assert.equal(y.dataExplorer, { name: 'contosoadx', sku: { name: 'Standard_D11_v2', capacity: 2 } });
      assert.equal([y.retention.dataExplorerLogDays, y.retention.dataExplorerFinalMonths], [3, 36]);
      assert.equal(y.networking, { publicAccess: false, addressPrefix: '10.1.2.0/26' });
      assert.match(hub.text, /dataExplorerCapacity was 1, which the public template raised to 2/);
      // Infrastructure encryption, fixed when the account was created, is carried (issue #31 item 2).
      assert.is(y.storage.infrastructureEncryption, true);
    }
    assert.not.match(hub.text, SECRET);
    if (has(r, 'remoteHub')) assert.match(hub.text, /remoteHubStorageKey: a secret/);

    // The public template with the same parameters against the imported hub's build.
    const publicFile = join(publicTemplatesDir(), `finops-hub-${r.publicRelease.template}.json`);
    const [a, b] = loadPair(publicFile, out, 'hub.yaml', { evaluateBoth: true });
    const resources = compare(flatResources(a.build.files.get('azuredeploy.json')!), flatResources(b.build.files.get('azuredeploy.json')!));
    // No remote hub here; the evaluated templates leave out what is named only at deployment (src/public/evaluate.ts).
    const skipRemote = (k: string) => !k.includes('remoteHubStorage') && !k.includes('(named at deployment)') && !(vaultOnlyForRemoteHub(version) && isVaultPart(k));
    assert.equal(resources.publicOnly, Object.keys(PUBLIC_ONLY[version]).filter(skipRemote).sort(), 'resources only the public template deploys');
    assert.equal(resources.hubcOnly, Object.keys(HUBC_ONLY[version]).filter(skipRemote).sort(), 'resources only hubc deploys');
    const result = diffBuilds(a, b);
    const section = (group: string, id: string) => result.groups.find((g) => g.id === group)?.sections.find((s) => s.id === id)?.items ?? [];
    // Each name once: the public 13+ declares a shared object again in each app that uses it (releases-0.9-14.md §2.3).
    const only = (group: string, ids: string[], change: 'added' | 'removed') => [
      ...new Set(
        ids
          .flatMap((id) =>
            section(group, id)
              .filter((i) => i.change === change)
              .map((i) => (group === 'template' ? i.name : `${id}/${i.name}`)),
          )
          .sort(),
      ),
    ];
    const params = parametersOnly(version);
    assert.equal(only('template', ['parameters'], 'removed'), params.public, 'parameters only the public template has');
    assert.equal(only('template', ['parameters'], 'added'), params.hubc, 'parameters only hubc has');
    assert.equal(only('template', ['outputs'], 'removed'), []);
    const flatA = JSON.parse(a.build.files.get('azuredeploy.json')!);
    // The hub's own account, not the script storage (which the public 0.10+ declares first).
    const nameOf = (type: string) => flatA.resources.find((x: any) => x.type === type && !/script/.test(x.name))?.name as string;
    const objects = objectsOnly(version, { storage: nameOf('Microsoft.Storage/storageAccounts'), vault: nameOf('Microsoft.KeyVault/vaults') });
    assert.equal(only('dataFactory', ['pipelines', 'triggers', 'datasets', 'linkedServices'], 'removed'), objects.public, 'Data Factory objects only the public template has');
    assert.equal(only('dataFactory', ['pipelines', 'triggers', 'datasets', 'linkedServices'], 'added'), objects.hubc, 'Data Factory objects only hubc has');
  });
}

test('the release is told from the parameter names where only one public release declares them all, else --release is asked for', () => {
  const facts = (version: ReleaseVersion) => offlineFacts({ parametersFile: 'p.json', parameters: { parameters: publicParameters(version) } });
  assert.is(facts('0.4').release, '0.4');
  assert.is(facts('0.5').release, '0.5');
  // The public 0.8 kept the public 0.7 parameters (release-0.8.md §1.1): either could have written the file.
  for (const v of ['0.1', '0.6', '0.7', '0.8'] as const) {
    try {
      facts(v);
      assert.unreachable(v);
    } catch (e) {
      assert.instance(e, ImportError);
      assert.is((e as ImportError).code, 'HUB481');
    }
  }
  // settings.json's version settles it.
  assert.is(offlineFacts({ parametersFile: 'p.json', parameters: { parameters: publicParameters('0.6') }, settingsFile: 's.json', settings: { version: '0.6' } }).release, '0.6');
  assert.is(offlineFacts({ parametersFile: 'p.json', parameters: { parameters: publicParameters('0.8') }, settingsFile: 's.json', settings: { version: '0.8' } }).release, '0.8');
});

test('hubc import --parameters writes a new file, refuses an existing one, and puts scopes of settings.json in', async () => {
  const params = join(work, 'cli.parameters.json');
  const settings = join(work, 'settings.json');
  writeFileSync(params, JSON.stringify({ parameters: publicParameters('0.6') }));
  writeFileSync(
    settings,
    JSON.stringify({
      version: '0.6',
      scopes: [{ scope: SCOPE }, { scope: '/subscriptions/00000000-0000-0000-0000-0000000000b2' }],
      retention: { msexports: { days: 7 }, ingestion: { months: 24 } },
    }),
  );
  const out = join(work, 'cli.hub.yaml');
  const first = await runHubc(['import', '--parameters', params, '--settings', settings, '--out', out]);
  assert.is(first.code, 0, first.stderr);
  assert.match(first.stdout, /wrote .*cli\.hub\.yaml: hub contoso-hub, release 0\.6, naming: public/);
  const y = parse(readFileSync(out, 'utf8'));
  assert.equal(y.scopes, [SCOPE, '/subscriptions/00000000-0000-0000-0000-0000000000b2']);
  assert.match(readFileSync(out, 'utf8'), /1 of them only in config\/settings.json \(added by hand\)/);
  const again = await runHubc(['import', '--parameters', params, '--settings', settings, '--out', out]);
  assert.is(again.code, 2);
  assert.match(again.stderr, /HUB004: .* already exists; hubc import does not overwrite it/);
  const bad = await runHubc(['import', '--parameters', join(work, 'missing.json'), '--out', join(work, 'x.yaml')]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /HUB483/);
});

test('a value hub.yaml cannot carry stops the import (HUB600, exit 1, nothing written) unless --accept-loss names it (issue #31)', async () => {
  const params = join(work, 'loss.parameters.json');
  writeFileSync(params, JSON.stringify({ parameters: { ...publicParameters('0.7'), enableCustomerManagedKeys: { value: true } } }));
  const out = join(work, 'loss.hub.yaml');
  const refused = await runHubc(['import', '--parameters', params, '--release', '0.7', '--out', out]);
  assert.is(refused.code, 1, refused.stderr);
  assert.match(
    refused.stderr,
    /error HUB600: .*loss\.parameters\.json sets what hub\.yaml cannot carry: enableCustomerManagedKeys \(true: not a parameter of the public release 0\.7's template/,
  );
  assert.match(refused.stderr, '--accept-loss enableCustomerManagedKeys');
  assert.throws(() => readFileSync(out));
  const stray = await runHubc([
    'import',
    '--parameters',
    params,
    '--release',
    '0.7',
    '--out',
    out,
    '--accept-loss',
    'enableCustomerManagedKeys',
    '--accept-loss',
    'nothingLikeThis',
  ]);
  assert.is(stray.code, 1);
  assert.match(stray.stderr, /HUB600: --accept-loss nothingLikeThis: .* sets no such value/);
  const accepted = await runHubc(['import', '--parameters', params, '--release', '0.7', '--out', out, '--accept-loss', 'enableCustomerManagedKeys']);
  assert.is(accepted.code, 0, accepted.stderr);
  assert.match(
    readFileSync(out, 'utf8'),
    /#   - enableCustomerManagedKeys: true: not a parameter of the public release 0\.7's template, so hub\.yaml has no field for it; lost, accepted with --accept-loss/,
  );
});

test("values the deployment left to the public defaults are written where hub.yaml's differ: public access on, the public cluster SKU (issue #31)", () => {
  const doc = { parameters: { hubName: { value: 'contoso-hub' }, dataExplorerName: { value: 'contosoadx' } } };
  const outcome = importHubYaml(offlineFacts({ parametersFile: 'p.json', parameters: doc, release: '0.7' }), join(work, 'defaults.hub.yaml'));
  assert.ok('hub' in outcome);
  if (!('hub' in outcome)) return;
  const y = parse(outcome.hub.text);
  assert.equal(y.networking, { publicAccess: true });
  assert.equal(y.dataExplorer.sku, { name: 'Dev(No SLA)_Standard_D11_v2' });
  assert.match(outcome.hub.text, "publicAccess: true # enablePublicAccess not set: the public template's default");
});

test('a release without private networking gets networking.publicAccess: true, what it has, so that an upgrade keeps public access (issue #31 item 4)', () => {
  const outcome = importHubYaml(offlineFacts({ parametersFile: 'p.json', parameters: { parameters: publicParameters('0.6') }, release: '0.6' }), join(work, 'net06.hub.yaml'));
  assert.ok('hub' in outcome);
  if (!('hub' in outcome)) return;
  assert.equal(parse(outcome.hub.text).networking, { publicAccess: true });
  assert.match(
    outcome.hub.text,
    'a release without private networking leaves the data lake open to public access (release 0.6 has no private networking); written so that an upgrade to 0.7 or later keeps it',
  );
  // It builds for 0.6 without a diagnostic: it states what 0.6 does.
  assert.equal(
    outcome.warnings.map((d) => d.code),
    [],
  );
});

test.run();
