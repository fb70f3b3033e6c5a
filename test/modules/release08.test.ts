/**
 * What release 0.8 changes in the template, evaluated with the ARM evaluator for both values of
 * `enablePublicAccess` (release-0.8.md §1-3): the network components only without public access, the Key
 * Vault firewall, the settings script outside the network, the cluster's trusted tenants, the export run
 * body, the schedule time zones of the Australia Central regions and the portal form; each against 0.7,
 * which keeps its behaviour.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluateTemplateString, foldTemplateValue, templateContext } from '../../src/expressions/arm/evaluate.js';
import { initialFormOutputs } from '../../src/emitters/uiDefinition/evaluate.js';
import { compile } from '../../src/compiler/compile.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { compiled, fullHubYaml, templateOf } from '../support/hubs.js';
import { TEST_CONTEXT } from '../support/template.js';

/** Types of the network components 0.8 deploys only without public access (release-0.8.md §2.1-2.2). */
const NETWORK_TYPES = [
  'Microsoft.Network/networkSecurityGroups',
  'Microsoft.Network/virtualNetworks',
  'Microsoft.Network/privateDnsZones',
  'Microsoft.Network/privateDnsZones/virtualNetworkLinks',
  'Microsoft.Network/privateEndpoints',
  'Microsoft.Network/privateEndpoints/privateDnsZoneGroups',
];

const template = (release: string, extra: Record<string, unknown> = {}) => templateOf(compiled(fullHubYaml(release, extra)));

/** The template's resources with their names and conditions evaluated for the given parameter values. */
function deployed(t: any, parameters: Record<string, unknown>) {
  const ctx = templateContext(t, { useDefaults: true, parameters: { location: 'westeurope', ...parameters } as never, ...TEST_CONTEXT });
  const value = (v: unknown) => (typeof v === 'string' ? evaluateTemplateString(v, ctx) : v);
  return {
    ctx,
    value,
    resources: (t.resources as any[])
      .filter((r) => r.condition === undefined || value(r.condition) === true)
      .map((r) => ({ type: r.type as string, name: String(value(r.name)), body: r })),
  };
}

const network = (rs: { type: string; name: string }[]) =>
  rs
    .filter((r) => NETWORK_TYPES.includes(r.type))
    .map((r) => `${r.type} ${r.name}`)
    .sort();
const scriptStorage = (rs: { type: string; name: string }[]) => rs.filter((r) => r.type === 'Microsoft.Storage/storageAccounts' && /script/.test(r.name)).map((r) => r.name);

test('0.8 deploys the virtual network, DNS zones and private endpoints only without public access; 0.7 always', () => {
  const t07 = template('0.7');
  const t08 = template('0.8');
  const v07 = { private: deployed(t07, { enablePublicAccess: 'False' }).resources, public: deployed(t07, { enablePublicAccess: 'True' }).resources };
  const v08 = { private: deployed(t08, { enablePublicAccess: 'False' }).resources, public: deployed(t08, { enablePublicAccess: 'True' }).resources };
  // With Data Explorer: 4 storage zones, the vault zone and the cluster zone, each with its link; the data
  // lake's two endpoints, the script account's, the vault's and the cluster's, each with its zone group.
  assert.is(network(v08.private).length, 2 + 6 * 2 + 5 * 2);
  assert.equal(network(v08.private), network(v07.private), '0.8 private = 0.7 private');
  assert.equal(network(v07.public), network(v07.private), '0.7 deploys them whatever the access');
  assert.equal(network(v08.public), [], '0.8 public deploys none of them');
  assert.equal(scriptStorage(v08.public), [], 'nor the deployment-script storage account');
  assert.is(scriptStorage(v08.private).length, 1);
  assert.is(scriptStorage(v07.public).length, 1);
  const fileRole = (rs: any[]) => rs.filter((r) => r.type === 'Microsoft.Authorization/roleAssignments' && JSON.stringify(r.body).includes('69566ab7-960f-475b-8e7c-b3118f30c6bd'));
  assert.is(fileRole(v08.public).length, 0, 'nor its file-share role');
  assert.is(fileRole(v08.private).length, 1);
  // Everything else is the same in both modes.
  const others = (rs: any[]) => rs.filter((r) => !NETWORK_TYPES.includes(r.type) && !/script/.test(r.name) && !fileRole([r]).length).map((r) => `${r.type} ${r.name}`);
  assert.equal(
    others(v08.public)
      .filter((r) => !r.includes('managed'))
      .sort(),
    others(v07.public)
      .filter((r) => !r.includes('managed'))
      .sort(),
  );
});

test('0.8: the Key Vault firewall lets public traffic in only with public access; 0.7 always denies it', () => {
  for (const [release, access, expected] of [
    ['0.8', 'True', 'Allow'],
    ['0.8', 'False', 'Deny'],
    ['0.7', 'True', 'Deny'],
    ['0.7', 'False', 'Deny'],
  ] as const) {
    const d = deployed(template(release), { enablePublicAccess: access });
    const vault = d.resources.find((r) => r.type === 'Microsoft.KeyVault/vaults')!;
    assert.is(d.value(vault.body.properties.networkAcls.defaultAction), expected, `${release} public=${access}`);
    assert.is(vault.body.properties.networkAcls.bypass, 'AzureServices');
  }
});

test('0.8: the settings script runs in the network (its storage account and subnet) only without public access', () => {
  const settings = (release: string, access: string) => {
    const d = deployed(template(release), { enablePublicAccess: access });
    const script = d.resources.find((r) => r.type === 'Microsoft.Resources/deploymentScripts' && r.name.endsWith('_uploadSettings'))!;
    const p = script.body.properties;
    const fold = (v: unknown) => foldTemplateValue(v, d.ctx, { keepInvalid: true }) as any;
    return { storage: fold(p.storageAccountSettings), container: fold(p.containerSettings) };
  };
  const pub = settings('0.8', 'True');
  assert.is(pub.storage, null, 'left out (null) with public access');
  assert.is(pub.container, null);
  const priv = settings('0.8', 'False');
  // The script's identity reaches the share (Storage File Data Privileged Contributor): no account key, as the public release.
  assert.match(JSON.stringify(priv.storage), /^\{"storageAccountName":"finopscript[a-z0-9]{13}"\}$/);
  assert.match(priv.container.subnetIds[0].id, /\/virtualNetworks\/finopshub-vnet-westeurope\/subnets\/script-subnet$/);
  assert.equal(settings('0.7', 'True'), settings('0.7', 'False'), '0.7: in the network either way');
});

test('0.8: the cluster trusts the hub tenant only, unless hub.yaml names others or every tenant; 0.7 leaves the service default', () => {
  const tenants = (release: string, extra: Record<string, unknown> = {}) => {
    const d = deployed(template(release, extra), { enablePublicAccess: 'False' });
    const cluster = d.resources.find((r) => r.type === 'Microsoft.Kusto/clusters')!;
    const list: { value: string }[] | undefined = cluster.body.properties.trustedExternalTenants;
    return list?.map((t) => d.value(t.value));
  };
  assert.equal(tenants('0.8'), [TEST_CONTEXT.tenantId]);
  const other = '22222222-2222-2222-2222-22222222AAAA';
  const adx = (trusted: string[]) => ({ dataExplorer: { name: 'hubadx', sku: { name: 'Dev(No SLA)_Standard_E2a_v4' }, trustedExternalTenants: trusted } });
  assert.equal(tenants('0.8', adx([other])), [TEST_CONTEXT.tenantId, other.toLowerCase()]);
  assert.equal(tenants('0.8', adx(['*'])), ['*']);
  assert.is(tenants('0.7'), undefined);
});

test('hub.yaml dataExplorer.trustedExternalTenants: 0.8 only, with positioned HUB220/HUB221 for 0.7 and one report inside a missing section', () => {
  const base = 'hub:\n  name: finops-hub\ndataExplorer:\n  name: hubadx\n  trustedExternalTenants:\n';
  const listed = `${base}    - 22222222-2222-2222-2222-222222222222\n`;
  const empty = `${base.replace('trustedExternalTenants:\n', 'trustedExternalTenants: []\n')}`;
  const codes = (text: string, release: string) => compile(`release: "${release}"\n${text}`, { file: 'hub.yaml' }).diagnostics.map(formatDiagnostic);
  assert.equal(codes(listed, '0.8'), []);
  const e07 = codes(listed, '0.7');
  assert.is(e07.length, 1, e07.join('\n'));
  assert.match(
    e07[0],
    /^hub\.yaml:7:5 - error HUB220: dataExplorer\.trustedExternalTenants configures the Data Explorer cluster's trusted tenants, which hub release 0\.7 does not have\n  hint: The first release with [^\n]* is 0\.8/,
  );
  const w07 = codes(empty, '0.7');
  assert.is(w07.length, 1, w07.join('\n'));
  assert.match(w07[0], /^hub\.yaml:6:3 - warning HUB221: [\s\S]*is 0\.8/);
  // 0.6 has no Data Explorer at all: the section is reported once, not again for its member.
  const e06 = codes(listed, '0.6');
  assert.is(e06.filter((d) => d.includes('trustedExternalTenants')).length, 1, e06.join('\n'));
  assert.match(
    e06.find((d) => d.includes('trustedExternalTenants'))!,
    /Data Explorer is 0\.7/,
  );
  const bad = compile(`release: "0.8"\n${base}    - not-a-tenant\n`, { file: 'hub.yaml' }).diagnostics;
  assert.ok(
    bad.some((d) => d.severity === 'error' && d.start?.line === 7),
    bad.map(formatDiagnostic).join('\n'),
  );
});

test('0.8 runs exports with a {} body; 0.7 with one space', () => {
  const body = (release: string) => {
    const p = JSON.parse(compiled(fullHubYaml(release)).artifacts.get('datafactory/pipelines/config_RunExportJobs.json')!);
    const web = JSON.stringify(p).match(/"body":"([^"]*)"/);
    return web?.[1];
  };
  assert.is(body('0.8'), '{}');
  assert.is(body('0.7'), ' ');
});

test('0.8 schedules Australia Central hubs in AUS Eastern Standard Time; 0.7 in UTC', () => {
  const zone = (release: string, location: string) => {
    const t = template(release);
    const ctx = templateContext(t, { useDefaults: true, parameters: { location } as never, ...TEST_CONTEXT });
    return evaluateTemplateString("[variables('regionTimeZone')]", ctx);
  };
  for (const region of ['australiacentral', 'australiacentral2']) {
    assert.is(zone('0.8', region), 'AUS Eastern Standard Time', region);
    assert.is(zone('0.7', region), 'UTC', region);
  }
  for (const [region, tz] of [
    ['australiaeast', 'AUS Eastern Standard Time'],
    ['westeurope', 'W. Europe Standard Time'],
    ['swedencentral', 'UTC'],
  ]) {
    assert.is(zone('0.8', region), tz, region);
    assert.is(zone('0.7', region), tz, region);
  }
});

test('0.8 form: the address range is asked for only without public access, and the template always gets a value', () => {
  const ui = (release: string, publicAccess: boolean) =>
    JSON.parse(compiled(fullHubYaml(release, { networking: { publicAccess, addressPrefix: '10.1.2.0/26' } })).artifacts.get('createUiDefinition.json')!);
  const element = (u: any) => u.parameters.steps.find((s: any) => s.name === 'networking').elements.find((e: any) => e.name === 'virtualNetworkAddressPrefix');
  assert.is(element(ui('0.8', false)).visible, "[equals(steps('networking').enablePublicAccess, 'False')]");
  assert.is(element(ui('0.7', false)).visible, undefined);
  for (const publicAccess of [true, false]) {
    const out = initialFormOutputs(ui('0.8', publicAccess), { location: 'westeurope' });
    assert.is(out.virtualNetworkAddressPrefix, '10.1.2.0/26');
    assert.is(out.enablePublicAccess, publicAccess ? 'True' : 'False');
  }
});

test.run();
