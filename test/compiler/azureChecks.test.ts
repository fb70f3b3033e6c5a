/**
 * Values only Azure would have rejected, now caught by hub.yaml's checks (issue #21, item 4): regions,
 * `tagsByResource` types, Azure's tag limits and rules, scopes and tag names that differ only in case, and
 * RFC 1918 for the hub's address range. Each is positioned and says what to do.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile, loadModel } from '../../src/compiler/compile.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { AZURE_REGIONS, AZURE_REGION_NAMES, azureRegion } from '../../src/model/regions.js';
import { REGION_TIME_ZONES } from '../../src/model/timeZones.js';
import { ALL_TAGGED_TYPES } from '../../src/model/tags.js';
import { getRelease, has, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { modelOf, templateOf } from '../support/hubs.js';
import regionData from '../../src/model/azureRegions.json' with { type: 'json' };

const HEAD = 'release: "0.7"\nhub:\n  name: contoso\n';

/** The front end's diagnostics of a text, other than HUB221 (sections a release lacks, which some texts here have). */
function diagnostics(text: string, release?: string): Diagnostic[] {
  return loadModel(text, { release }).diagnostics.filter((d) => d.code !== 'HUB221');
}

/** [code, line:col, path, message] of each diagnostic. */
const brief = (ds: Diagnostic[]) => ds.map((d) => [d.code, `${d.start?.line}:${d.start?.col}`, d.path, d.message]);

test('the region list names its sources, holds the three clouds, and knows every region the time-zone table does', () => {
  for (const cloud of Object.values(regionData.clouds)) assert.ok(cloud.sources.length > 0 && cloud.regions.length > 0);
  assert.equal(Object.keys(regionData.clouds), ['AzureCloud', 'AzureUSGovernment', 'AzureChinaCloud']);
  for (const name of ['westeurope', 'eastus2', 'usgovvirginia', 'chinanorth3', 'swedencentral']) assert.ok(azureRegion(name), name);
  assert.is(new Set(AZURE_REGION_NAMES).size, AZURE_REGIONS.length, 'each region once');
  for (const r of AZURE_REGIONS) assert.match(r.name, /^[a-z0-9]+$/);
  for (const region of Object.keys(REGION_TIME_ZONES)) assert.ok(azureRegion(region), `time-zone table region ${region}`);
  for (const v of RELEASE_VERSIONS) for (const region of Object.keys(getRelease(v).regionTimeZones)) assert.ok(azureRegion(region), `${v} time-zone table region ${region}`);
});

test('HUB214: a location that is no Azure region, with the nearest ones', () => {
  const ds = diagnostics(`${HEAD}  location: westeurpoe\n  eventGridLocation: westeurope2\n`);
  assert.equal(brief(ds), [
    ['HUB214', '4:13', 'hub.location', "hub.location 'westeurpoe' is not an Azure region"],
    ['HUB214', '5:22', 'hub.eventGridLocation', "hub.eventGridLocation 'westeurope2' is not an Azure region"],
  ]);
  const hint = `Use a region name as az account list-locations prints it (public, US Government or China cloud), e.g. westeurope, or "" for the resource group's region.`;
  assert.is(ds[0]!.hint, `Did you mean 'westeurope'? ${hint}`);
  const mars = diagnostics(`${HEAD}  eventGridLocation: mars\n`);
  assert.equal([mars[0]!.code, mars[0]!.hint], ['HUB214', hint]);
  // Equally near regions are all named.
  assert.is(diagnostics(`${HEAD}  location: westus4\n`)[0]!.hint, `Did you mean 'westus', 'westus2' or 'westus3'? ${hint}`);
  // Every listed region, and "", is accepted; so are the sovereign clouds'.
  assert.equal(diagnostics(`${HEAD}  location: usgovvirginia\n  eventGridLocation: chinaeast2\n`), []);
  assert.equal(diagnostics(`${HEAD}  location: ""\n`), []);
});

test('HUB218: a tagsByResource type no release tags gets the nearest type; HUB222 warns about a type this release does not deploy', () => {
  const ds = diagnostics(`${HEAD}tagsByResource:\n  Microsoft.Storage/storageAccount:\n    team: finops\n`);
  assert.equal(brief(ds), [
    [
      'HUB218',
      '5:3',
      'tagsByResource.Microsoft.Storage/storageAccount',
      "tagsByResource: 'Microsoft.Storage/storageAccount' is not a resource type the hub tags, so these tags would never be applied",
    ],
  ]);
  assert.is(ds[0]!.hint, "Did you mean 'Microsoft.Storage/storageAccounts'?");
  // A type in another case is the same type (ARM looks it up ignoring case).
  assert.equal(diagnostics(`${HEAD}tagsByResource:\n  microsoft.storage/STORAGEACCOUNTS:\n    team: finops\n`), []);
  const kusto = `${HEAD}tagsByResource:\n  Microsoft.Kusto/clusters:\n    team: finops\n`;
  assert.equal(diagnostics(kusto), []);
  const in04 = diagnostics(kusto, '0.4');
  assert.equal(brief(in04), [
    ['HUB222', '5:3', 'tagsByResource.Microsoft.Kusto/clusters', 'tagsByResource: hub release 0.4 deploys no Microsoft.Kusto/clusters; these tags have no effect'],
  ]);
  assert.is(in04[0]!.severity, 'warning');
  assert.is(in04[0]!.hint, `Hub releases ${RELEASE_VERSIONS.filter((v) => has(getRelease(v), 'dataExplorer')).join(', ')} deploy it; leave the entry for them, or remove it.`);
  // Every type the table lists is accepted by the release that tags it.
  const all = `${HEAD}tagsByResource:\n${ALL_TAGGED_TYPES.map((t) => `  ${t}: { team: finops }\n`).join('')}`;
  assert.equal(diagnostics(all), []);
});

/** A hub.yaml with `n` tags named t0, t1, ... and the given tagsByResource entries. */
function withTags(n: number, byResource: Record<string, number> = {}): string {
  const tags = Array.from({ length: n }, (_, i) => `  t${i}: v\n`).join('');
  const by = Object.entries(byResource).map(([type, k]) => `  ${type}:\n${Array.from({ length: k }, (_, i) => `    r${i}: v\n`).join('')}`);
  return `${HEAD}tags:\n${tags}${by.length ? `tagsByResource:\n${by.join('')}` : ''}`;
}

test("HUB216: 50 tags per resource after tags and tagsByResource merge, the hub's own three counted (15 on Private DNS)", () => {
  const hint =
    "Azure allows at most 50 tags per resource (15 on Private DNS zones and their virtual network links), tags and tagsByResource merged and the hub's own 3 included; remove tags, or combine several values into one JSON-valued tag.";
  // 47 tags + the hub's 3 = 50 on 0.6 (no Private DNS): fine; 48 is one too many, reported at the 48th tag.
  assert.equal(diagnostics(withTags(47), '0.6'), []);
  const over = diagnostics(withTags(48), '0.6');
  assert.equal(brief(over), [
    [
      'HUB216',
      '52:3',
      'tags.t47',
      'tags: every resource the hub tags (5 types) would get 51 tags (tags and tagsByResource merged, and the 3 the hub adds); Azure allows at most 50 tags per resource',
    ],
  ]);
  assert.is(over[0]!.hint, hint);
  // tagsByResource adds to the tags of its type only: reported at its first tag past the limit.
  const merged = diagnostics(withTags(40, { 'Microsoft.Storage/storageAccounts': 10 }), '0.6');
  assert.equal(brief(merged), [
    [
      'HUB216',
      '54:5',
      'tagsByResource.Microsoft.Storage/storageAccounts.r7',
      'tagsByResource.Microsoft.Storage/storageAccounts: Microsoft.Storage/storageAccounts would get 53 tags (tags and tagsByResource merged, and the 3 the hub adds); Azure allows at most 50 tags per resource',
    ],
  ]);
  // 0.7 deploys Private DNS zones and their links, which take 15 tags.
  assert.equal(brief(diagnostics(withTags(13))), [
    [
      'HUB216',
      '17:3',
      'tags.t12',
      'tags: Microsoft.Network/privateDnsZones, Microsoft.Network/privateDnsZones/virtualNetworkLinks would get 16 tags (tags and tagsByResource merged, and the 3 the hub adds); Azure allows at most 15 tags per resource',
    ],
  ]);
  assert.equal(diagnostics(withTags(12)), []);
});

test('HUB211/HUB215/HUB217: tag names Azure rejects, names too long for storage accounts, names differing only in case', () => {
  const long = 'n'.repeat(129);
  const ds = diagnostics(
    `${HEAD}tags:\n  Owner: a\n  owner: b\n  "a?b": c\n  "": d\n  ${long}: e\n  FTK-Version: f\ntagsByResource:\n  Microsoft.KeyVault/vaults:\n    OWNER: g\n    "x%y": h\n`,
  );
  assert.equal(brief(ds), [
    ['HUB217', '6:3', 'tags.owner', "tag 'owner' differs only in case from tag 'Owner' in tags"],
    ['HUB211', '7:3', 'tags.a?b', "tag name 'a?b' contains a character Azure does not allow (< > % & \\ ? /)"],
    ['HUB211', '8:3', 'tags.', 'tag name is empty'],
    ['HUB215', '9:3', `tags.${long}`, `tag name '${'n'.repeat(40)}…' is 129 characters long; Azure allows at most 128 on Microsoft.Storage/storageAccounts`],
    ['HUB217', '10:3', 'tags.FTK-Version', "tag 'FTK-Version' clashes with the tag 'ftk-version' the hub sets itself"],
    ['HUB217', '13:5', 'tagsByResource.Microsoft.KeyVault/vaults.OWNER', "tag 'OWNER' differs only in case from tag 'owner' in tags, so Microsoft.KeyVault/vaults would get both"],
    ['HUB211', '14:5', 'tagsByResource.Microsoft.KeyVault/vaults.x%y', "tag name 'x%y' contains a character Azure does not allow (< > % & \\ ? /)"],
  ]);
  assert.is(ds[0]!.hint, 'Azure tag names are case-insensitive, so a resource keeps only one of the two; write the name the same way everywhere, or remove one.');
  // 128 characters is fine everywhere; the same name in tagsByResource overrides the value on purpose.
  assert.equal(diagnostics(`${HEAD}tags:\n  ${'n'.repeat(128)}: a\n  owner: b\ntagsByResource:\n  Microsoft.KeyVault/vaults: { owner: c }\n`), []);
});

test("tag names and values past the schema's limits (Azure's 512 and 256) are reported at the key or value, once, with Azure's limit", () => {
  const name = 'n'.repeat(600);
  const ds = diagnostics(`${HEAD}tags:\n  ${name}: a\n  b: ${'v'.repeat(300)}\ntagsByResource:\n  storage:\n    c: d\n`);
  assert.equal(brief(ds), [
    ['HUB105', '5:3', `tags.${name}`, `tags key '${'n'.repeat(40)}…' must NOT have more than 512 characters`],
    ['HUB105', '6:6', 'tags.b', 'tags.b must NOT have more than 256 characters'],
    ['HUB107', '8:3', 'tagsByResource.storage', "tagsByResource key 'storage' has an invalid form: 'storage' does not match ^[A-Za-z0-9.]+/[A-Za-z0-9./]+$"],
  ]);
  assert.equal(
    ds.map((d) => d.hint),
    [
      'Azure allows tag names of at most 512 characters (128 on storage accounts); shorten the name.',
      'Azure allows tag values of at most 256 characters; shorten the value, or split it over several tags.',
      'Write an ARM resource type, namespace/type, e.g. Microsoft.Storage/storageAccounts; docs/hub-yaml.md ("Tags") lists the types each release tags.',
    ],
  );
});

test('HUB230: a tag name with a space or : is a warning where Private DNS zones and their links drop it (0.7)', () => {
  const text = `${HEAD}tags:\n  cost center: a\n  ms:owner: b\n  team: c\n`;
  const ds = diagnostics(text);
  const types = 'Microsoft.Network/privateDnsZones, Microsoft.Network/privateDnsZones/virtualNetworkLinks';
  assert.equal(brief(ds), [
    ['HUB230', '5:3', 'tags.cost center', `tag 'cost center' has a space or : in its name, so ${types} will not keep it`],
    ['HUB230', '6:3', 'tags.ms:owner', `tag 'ms:owner' has a space or : in its name, so ${types} will not keep it`],
  ]);
  assert.equal(
    ds.map((d) => d.severity),
    ['warning', 'warning'],
  );
  // Releases without private networking deploy no Private DNS zone.
  assert.equal(diagnostics(text, '0.6'), []);
});

test('HUB219: scopes that differ only in case are a warning, and only the first is written', () => {
  const text = `${HEAD}scopes:\n  - /subscriptions/aaaaaaaa-0000-0000-0000-000000000000\n  - /Subscriptions/AAAAAAAA-0000-0000-0000-000000000000\n  - /subscriptions/bbbbbbbb-0000-0000-0000-000000000000\n`;
  const ds = diagnostics(text);
  assert.equal(brief(ds), [
    [
      'HUB219',
      '6:5',
      'scopes[1]',
      "scopes[1] '/Subscriptions/AAAAAAAA-0000-0000-0000-000000000000' is scopes[0] '/subscriptions/aaaaaaaa-0000-0000-0000-000000000000' written in another case; only scopes[0] is used",
    ],
  ]);
  assert.is(ds[0]!.severity, 'warning');
  const scopes = ['/subscriptions/aaaaaaaa-0000-0000-0000-000000000000', '/subscriptions/bbbbbbbb-0000-0000-0000-000000000000'];
  assert.equal(modelOf(text).scopes, scopes);
  // The template's default of scopesToMonitor, which the deployment writes into settings.json.
  assert.equal(templateOf(compile(text)).parameters.scopesToMonitor.defaultValue, scopes);
});

test('HUB201: the hub address range must be private (RFC 1918); 0.0.0.0/0 is rejected', () => {
  const at = (prefix: string) => diagnostics(`${HEAD}networking:\n  addressPrefix: ${prefix}\n`);
  const d = at('0.0.0.0/0');
  assert.equal(brief(d), [['HUB201', '5:18', 'networking.addressPrefix', "networking.addressPrefix '0.0.0.0/0' is not inside a private address range (RFC 1918)"]]);
  assert.is(d[0]!.hint, 'The hub virtual network takes a range of 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 that no network it is peered with uses, e.g. 10.20.30.0/26.');
  for (const outside of ['8.8.8.0/26', '172.32.0.0/26', '192.169.0.0/26', '11.0.0.0/26', '172.0.0.0/8']) assert.is(at(outside)[0]?.code, 'HUB201', outside);
  for (const inside of ['10.0.0.0/8', '10.20.30.0/26', '172.16.0.0/12', '172.31.255.192/26', '192.168.0.0/16']) assert.equal(at(inside), [], inside);
});

test.run();
