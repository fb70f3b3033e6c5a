/**
 * `hubc upgrade-plan` and `hubc diff` with a public template as a side (issue #24 item 4): the move from
 * the public release (its trigger names, its parameter names and types, its leftovers), a saved public
 * parameter file rewritten for hubc's template, the container change and the second-hub note with
 * `naming: spec`, and the errors of a public side (HUB419).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHubc } from '../support/cli.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';

const dir = mkdtempSync(join(tmpdir(), 'hubc-public-plan-'));
/** The public templates folder; asked inside each test, so a checkout without it skips them (test/support/testData.ts). */
const templates = () => publicTemplatesDir();

function hubFile(name: string, release: string, naming: 'spec' | 'public', extra = ''): string {
  const file = join(dir, name);
  writeFileSync(file, `release: "${release}"\nnaming: ${naming}\nhub:\n  name: contoso-hub\n  location: westeurope\n${extra}`);
  return file;
}

test('public 0.7 -> hubc 0.7: the parameter file is rewritten (renames, bool to True/False, the tier of the SKU); infrastructure encryption is kept', async () => {
  const hub = hubFile('h07.yaml', '0.7', 'public', 'dataExplorer:\n  name: contosoadx\n');
  const params = join(dir, 'p07.json');
  writeFileSync(
    params,
    JSON.stringify({
      parameters: {
        hubName: { value: 'contoso-hub' },
        dataExplorerName: { value: 'contosoadx' },
        dataExplorerSku: { value: 'Standard_D11_v2' },
        dataExplorerCapacity: { value: 2 },
        dataExplorerRawRetentionInDays: { value: 3 },
        enablePublicAccess: { value: false },
        enableInfrastructureEncryption: { value: false },
      },
    }),
  );
  const out = join(dir, 'p07.hubc.json');
  const r = await runHubc(['upgrade-plan', 'public:0.7', '0.7', '--hub', hub, '--public-templates', templates(), '--parameters', params, '--out', out]);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, "from: the public release 0.7's template public:0.7");
  assert.match(r.stdout, 'In the saved parameter file, rename dataExplorerSku to dataExplorerSkuName.');
  assert.match(r.stdout, 'publicRelease.parameterNames.dataExplorerSkuName: dataExplorerSku (public 0.7) -> dataExplorerSkuName (0.7)');
  // hubc's template has the parameter too (issue #31): nothing to remove, nothing lost.
  assert.not.match(r.stdout, 'enableInfrastructureEncryption');
  assert.equal(JSON.parse(readFileSync(out, 'utf8')).parameters, {
    hubName: { value: 'contoso-hub' },
    dataExplorerName: { value: 'contosoadx' },
    dataExplorerSkuName: { value: 'Standard_D11_v2' },
    dataExplorerSkuCapacity: { value: 2 },
    dataExplorerLogRetentionInDays: { value: 3 },
    enablePublicAccess: { value: 'False' },
    enableInfrastructureEncryption: { value: false },
    dataExplorerSkuTier: { value: 'Standard' },
  });
});

test('public 0.6 file -> hubc 0.7 with naming: public: the export trigger of 0.6 is stopped and deleted, the public-only objects go after, no storage account or access policy does', async () => {
  const hub = hubFile('h06.yaml', '0.6', 'public');
  const r = await runHubc(['upgrade-plan', join(templates(), 'finops-hub-0.6.json'), '0.7', '--hub', hub]);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /\d+\. Stop trigger msexports_FileAdded\./);
  assert.match(r.stdout, /\d+\. Delete trigger msexports_FileAdded\./);
  assert.match(r.stdout, /\d+\. Delete linked service contosohub\w{13}\./);
  // The public access policy resource is an operation on the vault (hubc declares the policy in the vault): nothing to delete.
  assert.not.match(r.stdout, /accessPolicies/);
  assert.match(r.stdout, /\d+\. Delete Microsoft\.Authorization\/roleAssignments [0-9a-f-]{36}\./);
  assert.not.match(r.stdout, /\d+\. [^\n]*storageAccounts/, 'no step deletes a storage account');
  // hub.yaml says nothing of networking, so 0.7 takes hubc's default (public access off): the plan says first that the data lake closes (issue #31 item 4).
  const first = r.stdout.indexOf('Read first');
  assert.ok(first > 0 && first < r.stdout.indexOf('Before the deployment'), r.stdout.slice(0, 800));
  assert.match(
    r.stdout,
    /HUB601 Microsoft\.Storage\/storageAccounts contosohub\w{13}: the deployment changes its network exposure \(properties\.networkAcls\.defaultAction: Allow -> Deny\)/,
  );
  assert.not.match(r.stdout, 'Exports are read from');
});

test('with naming: spec the plan says the hub would be a second one and the exports would need re-pointing', async () => {
  const hub = hubFile('h06s.yaml', '0.6', 'spec');
  const r = await runHubc(['upgrade-plan', 'public:0.6', '0.7', '--hub', hub, '--public-templates', templates()]);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, 'it deploys a second storage account, factory and vault beside the public ones');
  assert.match(r.stdout, 'Exports are read from rawexports instead of msexports');
});

test('hubc diff: public:<release> needs --public-templates; a public side is evaluated for the other side and paired by name', async () => {
  const hub = hubFile('h05.yaml', '0.5', 'public');
  const missing = await runHubc(['diff', 'public:0.5', hub]);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /HUB419: public:0\.5 names a public template, but no folder of public templates was given/);
  const unknown = await runHubc(['diff', 'public:42.42', hub, '--public-templates', templates()]);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /HUB419: .*public release 42\.42 is not one hubc knows/);
  const r = await runHubc(['diff', 'public:0.5', hub, '--public-templates', templates(), '--format', 'json']);
  assert.is(r.code, 1, r.stderr);
  const result = JSON.parse(r.stdout);
  assert.equal(result.a, { label: 'public:0.5', source: 'public', release: '0.5' });
  const resources = result.groups.find((g: any) => g.id === 'template').sections.find((s: any) => s.id === 'resources').items;
  // The storage account pairs by its evaluated name: changed, not removed and added.
  const storage = resources.filter((i: any) => i.name.startsWith('Microsoft.Storage/storageAccounts '));
  assert.equal(
    storage.map((i: any) => i.change),
    ['changed'],
  );
});

test.run();
