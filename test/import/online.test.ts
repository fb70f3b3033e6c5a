/**
 * `hubc import --subscription S --resource-group RG` against the local ARM and Data Lake stand-ins holding
 * what a public 0.6 and a public 0.7 deployment leave in a resource group: the resources (names and tags
 * from evaluating the public template with the deployment's parameters), the deployment history (the
 * deployment, its nested module deployments, an older failed one) and config/settings.json with a scope
 * added by hand. Also: 0.1's `placeholder` version told from the factory's trigger, and a call that never
 * answers ending with HUB484 at its deadline.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ArmStandin, type StandinScenario } from '../support/armStandin.js';
import { DataLakeStandin } from '../support/dataLakeStandin.js';
import { FixedTokenCredential } from '../support/azureTest.js';
import { runHubc } from '../support/cli.js';
import { SUB, RG, rgId } from '../deploy/scenario.js';
import { publicHub, SCOPE } from '../support/publicHub.js';
import { loadPair } from '../../src/load/load.js';
import { getRelease } from '../../src/model/releases.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';
import { compare, HUBC_ONLY, PUBLIC_ONLY } from '../support/publicKnown.js';
import type { FlatResource } from '../../src/expressions/arm/flatten.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-import-online-'));
const BY_HAND = '/subscriptions/00000000-0000-0000-0000-0000000000b2';

/** Runs `hubc import` against an ARM stand-in and a Data Lake stand-in of the hub's storage. */
async function importFrom(s: StandinScenario, storage: string, settings: unknown, args: string[]) {
  const arm = await ArmStandin.start(s);
  const dl = await DataLakeStandin.start(storage, settings === undefined ? {} : { 'config/settings.json': JSON.stringify(settings) });
  try {
    const r = await runHubc(['import', '--subscription', SUB, '-g', RG, '--arm-endpoint', arm.endpoint, ...args], {
      azure: { credential: new FixedTokenCredential(), clientOptions: arm.clientOptions, storageClientOptions: dl.clientOptions, dataLakeEndpoint: () => dl.endpoint },
    });
    return { ...r, arm: arm.calls(), dataLake: dl.calls() };
  } finally {
    await arm.stop();
    await dl.stop();
  }
}

for (const version of ['0.6', '0.7'] as const) {
  test(`a public ${version} hub: release, naming, the last successful deployment's values and settings.json's scope`, async () => {
    const hub = publicHub(version);
    const out = join(work, `${version}.yaml`);
    const settings = { version, scopes: [{ scope: SCOPE }, { scope: BY_HAND }], retention: { msexports: { days: 7 }, ingestion: { months: 24 } } };
    const r = await importFrom(hub.scenario, hub.storage, settings, ['--out', out]);
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`hub contoso-hub, release ${version}, naming: public`));
    const text = readFileSync(out, 'utf8');
    const y = parse(text);
    assert.is(y.release, version);
    assert.is(y.naming, 'public');
    assert.equal(y.hub, { name: 'contoso-hub', location: 'westeurope' });
    assert.equal(y.scopes, [SCOPE, BY_HAND]);
    // The top-level deployment's values, not the nested module's (99) nor the later failed one's (1).
    assert.equal(y.retention.rawExportsDays, 7);
    assert.equal(y.retention.ingestionMonths, 24);
    if (version === '0.7') assert.equal(y.dataExplorer.name, 'contosoadx');
    assert.match(text, /remoteHubStorageKey: a secret/);
    assert.match(text, /Release .* told from the ftk-version tags/);
    assert.match(text, /exports write to the msexports container, which naming: public keeps/);
    assert.equal(
      r.arm.map((c) => c.replace(SUB, 'S')),
      [
        `GET /subscriptions/S/resourcegroups/${RG}`,
        `GET /subscriptions/S/resourceGroups/${RG}/resources`,
        `GET /subscriptions/S/resourcegroups/${RG}/providers/Microsoft.Resources/deployments/`,
      ],
    );
    assert.ok(
      r.dataLake.some((c) => c.startsWith('GET /config/settings.json')),
      r.dataLake.join('\n'),
    );
    // The public template with the imported values against the imported hub's build: only the documented departures.
    const [a, b] = loadPair(join(publicTemplatesDir(), `finops-hub-${getRelease(version).publicRelease.template}.json`), out, 'hub.yaml', { evaluateBoth: true });
    const flat = (side: typeof a): FlatResource[] =>
      JSON.parse(side.build.files.get('azuredeploy.json')!).resources.map((x: any) => ({
        type: x.type,
        name: x.name,
        nameExpression: x.name,
        deployments: [],
        deployed: true,
        ...(typeof x.scope === 'string' ? { scope: x.scope } : {}),
        body: x,
      }));
    // No remote hub, and public access on (no private-endpoint approvals on either side).
    const known = (list: Record<string, string>) =>
      Object.entries(list)
        .filter(([k, doc]) => !k.includes('remoteHubStorage') && !doc.startsWith('only the private-endpoint approvals'))
        .map(([k]) => k)
        .sort();
    const resources = compare(flat(a), flat(b));
    assert.equal(resources.publicOnly, known(PUBLIC_ONLY[version]));
    assert.equal(resources.hubcOnly, known(HUBC_ONLY[version]));
  });
}

test('a public 0.1 hub (ftk-version "placeholder" or none): the release comes from the factory trigger', async () => {
  const hub = publicHub('0.6');
  const s = hub.scenario;
  for (const r of s.resources!) r.tags = { 'cm-resource-parent': r.tags!['cm-resource-parent'] };
  s.factories = { [hub.factory]: { triggers: { msexports: 'Started' }, pipelines: [], datasets: [], linkedServices: [] } };
  s.deploymentHistory = [];
  const out = join(work, '0.1.yaml');
  const r = await importFrom(s, hub.storage, undefined, ['--out', out]);
  assert.is(r.code, 0, r.stderr);
  const text = readFileSync(out, 'utf8');
  assert.is(parse(text).release, '0.1');
  assert.match(text, /and the trigger names of its factory/);
  assert.match(text, /No successful deployment of hub contoso-hub is left/);
  assert.ok(r.arm.some((c) => c.endsWith(`/factories/${hub.factory}/triggers`)));
});

test('no hub in the group, several hubs, and a call that never answers (deadline): exit 2, nothing written', async () => {
  const hub = publicHub('0.6');
  const none = await importFrom({ ...hub.scenario, resources: [] }, hub.storage, undefined, ['--out', join(work, 'none.yaml')]);
  assert.is(none.code, 2);
  assert.match(none.stderr, /HUB481: resource group rg-hub holds no FinOps hub/);
  const two = structuredClone(hub.scenario);
  two.resources!.push({
    id: `${rgId}/providers/Microsoft.Storage/storageAccounts/other`,
    name: 'other',
    type: 'Microsoft.Storage/storageAccounts',
    tags: { 'cm-resource-parent': `${rgId}/providers/Microsoft.Cloud/hubs/other-hub` },
  });
  const several = await importFrom(two, hub.storage, undefined, ['--out', join(work, 'two.yaml')]);
  assert.is(several.code, 2);
  assert.match(several.stderr, /holds several hubs: contoso-hub, other-hub/);
  // A server that accepts connections and never answers.
  const silent = createServer(() => undefined);
  await new Promise<void>((res) => silent.listen(0, '127.0.0.1', res));
  try {
    const started = Date.now();
    const r = await runHubc(
      [
        'import',
        '--subscription',
        SUB,
        '-g',
        RG,
        '--arm-endpoint',
        `https://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        '--timeout',
        '1',
        '--out',
        join(work, 'late.yaml'),
      ],
      {
        azure: { credential: new FixedTokenCredential() },
      },
    );
    assert.is(r.code, 2);
    assert.match(r.stderr, /HUB484: reading resource group rg-hub failed: no answer within 1 s/);
    assert.ok(Date.now() - started < 15_000);
  } finally {
    silent.close();
  }
});

test.run();
