import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';

/** Compiles and returns the single error, asserting there is exactly one. */
function onlyError(text: string) {
  const r = compile(text);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  assert.is(errors.length, 1, errors.map(formatDiagnostic).join('\n'));
  assert.is(r.artifacts.size, 0, 'no artifacts on error');
  return errors[0];
}

function lineCol(text: string, needle: string, occurrence = 1): { line: number; col: number } {
  let idx = -1;
  for (let i = 0; i < occurrence; i++) idx = text.indexOf(needle, idx + 1);
  if (idx < 0) throw new Error(`needle ${needle} not found`);
  const before = text.slice(0, idx).split('\n');
  return { line: before.length, col: before[before.length - 1].length + 1 };
}

test('the default hub.yaml compiles without diagnostics', () => {
  const r = compile(DEFAULT_HUB_YAML);
  assert.equal(r.diagnostics, []);
  assert.ok(r.artifacts.size > 20);
});

test('HUB100: YAML syntax error is positioned', () => {
  const text = 'release: "0.7"\nhub:\n  name: [unclosed\n';
  const d = onlyError(text);
  assert.is(d.code, 'HUB100');
  assert.is(d.file, 'hub.yaml');
  assert.ok(d.start!.line >= 3, `line ${d.start!.line}`);
  assert.match(formatDiagnostic(d), /^hub\.yaml:\d+:\d+ - error HUB100: YAML syntax error/);
  assert.ok(d.hint);
});

test('HUB101: duplicate key points at the second key', () => {
  const text = 'release: "0.7"\nhub:\n  name: abc\n  name: def\n';
  const d = onlyError(text);
  assert.is(d.code, 'HUB101');
  assert.equal(d.start, { line: 4, col: 3 });
});

test('HUB102: unknown key points at the key and lists the allowed ones', () => {
  const text = DEFAULT_HUB_YAML.replace('  sku: Premium_LRS\n', '  sku: Premium_LRS\n  skew: 3\n');
  const d = onlyError(text);
  assert.is(d.code, 'HUB102');
  assert.match(d.message, /unknown key 'skew' in storage/);
  assert.equal(d.start, lineCol(text, 'skew: 3'));
  assert.match(d.hint!, /sku, allowedSkus/);
});

test('HUB103: wrong type points at the value', () => {
  const text = DEFAULT_HUB_YAML.replace('  ingestionMonths: 13', '  ingestionMonths: thirteen');
  const d = onlyError(text);
  assert.is(d.code, 'HUB103');
  assert.match(d.message, /retention\.ingestionMonths must be of type integer/);
  assert.equal(d.start, lineCol(text, 'thirteen'));
});

test('HUB104: value outside an enum lists the allowed values', () => {
  const text = DEFAULT_HUB_YAML.replace('  sku: Premium_LRS', '  sku: Standard_LRS');
  const d = onlyError(text);
  assert.is(d.code, 'HUB104');
  assert.equal(d.start, lineCol(text, 'Standard_LRS'));
  assert.match(d.hint!, /"Premium_LRS", "Premium_ZRS"/);
});

test('HUB105: value out of range', () => {
  const text = DEFAULT_HUB_YAML.replace('    capacity: 1', '    capacity: 1001');
  const d = onlyError(text);
  assert.is(d.code, 'HUB105');
  assert.match(d.message, /dataExplorer\.sku\.capacity must be <= 1000/);
  assert.equal(d.start, lineCol(text, '1001'));
});

test('HUB106: missing required key', () => {
  const text = 'release: "0.7"\nhub:\n  location: westeurope\n';
  const d = onlyError(text);
  assert.is(d.code, 'HUB106');
  assert.match(d.message, /missing required key 'name' in hub/);
  assert.equal(d.start, { line: 3, col: 3 });
});

test('HUB107: invalid form (hub name ending with a separator)', () => {
  const text = DEFAULT_HUB_YAML.replace('  name: finops-hub ', '  name: finops-hub-');
  const d = onlyError(text);
  assert.is(d.code, 'HUB107');
  assert.equal(d.start, lineCol(text, 'finops-hub-'));
});

test('HUB201: address prefix that is not a CIDR range', () => {
  const text = DEFAULT_HUB_YAML.replace('10.20.30.0/26', '10.20.300.0/26');
  const d = onlyError(text);
  assert.is(d.code, 'HUB201');
  assert.match(d.message, /not a valid IPv4 CIDR/);
  assert.equal(d.start, lineCol(text, '10.20.300.0/26'));
});

test('HUB201: address prefix too small or with host bits', () => {
  assert.match(onlyError(DEFAULT_HUB_YAML.replace('10.20.30.0/26', '10.20.30.0/27')).message, /smaller than \/26/);
  assert.match(onlyError(DEFAULT_HUB_YAML.replace('10.20.30.0/26', '10.20.30.5/26')).message, /host bits/);
});

test('HUB202: capacity 1 with the Standard tier', () => {
  const text = DEFAULT_HUB_YAML.replace('    name: Dev(No SLA)_Standard_E2a_v4\n    tier: Basic', '    name: Standard_E8ads_v5\n    tier: Standard');
  const d = onlyError(text);
  assert.is(d.code, 'HUB202');
  assert.match(d.message, /2-1000 with the Standard tier/);
  const at = lineCol(text, 'capacity: 1');
  assert.equal(d.start, { line: at.line, col: at.col + 'capacity: '.length });
});

test('HUB203: Basic tier with a production SKU', () => {
  const text = DEFAULT_HUB_YAML.replace('    name: Dev(No SLA)_Standard_E2a_v4', '    name: Standard_E8ads_v5');
  const d = onlyError(text);
  assert.is(d.code, 'HUB203');
  assert.equal(d.start, lineCol(text, 'Basic'));
});

test('HUB207: dataset version the release does not support', () => {
  const text = DEFAULT_HUB_YAML.replace('versions: ["2023-03-01"]', 'versions: ["2023-05-01"]');
  const d = onlyError(text);
  assert.is(d.code, 'HUB207');
  assert.match(d.message, /ReservationDetails version '2023-05-01' is not supported by hub release 0\.7/);
  assert.equal(d.start, lineCol(text, '"2023-05-01"', 2));
});

test('HUB208: custom dataset colliding with a built-in dataset', () => {
  const text = DEFAULT_HUB_YAML.replace('customDatasets: []', 'customDatasets:\n  - name: Costs\n    columns:\n      - { name: Amount, type: decimal }\n');
  const d = onlyError(text);
  assert.is(d.code, 'HUB208');
  assert.match(d.message, /collides with the built-in dataset Costs/);
  assert.equal(d.start, { line: lineCol(text, '- name: Costs', 2).line, col: 11 });
});

test('HUB210: unknown time zone', () => {
  const text = DEFAULT_HUB_YAML.replace('    timeZone: auto\n  monthly', '    timeZone: Mars Standard Time\n  monthly');
  const d = onlyError(text);
  assert.is(d.code, 'HUB210');
  assert.equal(d.start, lineCol(text, 'Mars Standard Time'));
});

test('HUB212: a dataset fed by the wrong export type', () => {
  const text = DEFAULT_HUB_YAML.replace('    exportType: PriceSheet', '    exportType: FocusCost');
  const d = onlyError(text);
  assert.is(d.code, 'HUB212');
  assert.match(d.message, /Prices is fed by PriceSheet exports, not FocusCost/);
  assert.equal(d.start, lineCol(text, 'FocusCost', 2));
});

test('diagnostics format as file:line:col - error CODE: message with a hint line', () => {
  const text = DEFAULT_HUB_YAML.replace('  sku: Premium_LRS', '  sku: Standard_LRS');
  const lines = formatDiagnostic(onlyError(text)).split('\n');
  assert.match(lines[0], /^hub\.yaml:\d+:\d+ - error HUB104: storage\.sku must be one of the allowed values, not 'Standard_LRS'$/);
  assert.match(lines[1], /^  hint: /);
});

test('one round: a schema error does not hide a semantic one (tsc reports all errors at once)', () => {
  const text = DEFAULT_HUB_YAML.replace('  name: finops-hub ', '  name: ab        ').replace(
    'customDatasets: []',
    'customDatasets:\n  - name: Costs\n    columns:\n      - { name: Amount, type: decimal }\n',
  );
  const r = compile(text);
  assert.equal(
    r.diagnostics.map((d) => d.code),
    ['HUB105', 'HUB208'],
  );
  assert.is(r.artifacts.size, 0);
});

test('a semantic check skips a value the schema rejected (no second error on the same value)', () => {
  const text = DEFAULT_HUB_YAML.replace('scopes: []', 'scopes: [42]');
  const r = compile(text);
  assert.equal(
    r.diagnostics.map((d) => d.code),
    ['HUB103'],
  );
});

test('dataExplorer.sku.name alone: tier and capacity follow from the SKU, no error', () => {
  const text = DEFAULT_HUB_YAML.replace('    name: Dev(No SLA)_Standard_E2a_v4\n    tier: Basic\n    capacity: 1\n', '    name: Standard_E8ads_v5\n');
  const r = compile(text);
  assert.equal(r.diagnostics, []);
  assert.equal(r.model!.dataExplorer.sku, { name: 'Standard_E8ads_v5', tier: 'Standard', capacity: 2 });
  const dev = compile(DEFAULT_HUB_YAML.replace('    tier: Basic\n    capacity: 1\n', ''));
  assert.equal(dev.model!.dataExplorer.sku, { name: 'Dev(No SLA)_Standard_E2a_v4', tier: 'Basic', capacity: 1 });
});

test('release: 0.7 unquoted is read as written (a release name, never the number: 0.10 would be 0.1); a number no release has says to quote it', () => {
  const r = compile(DEFAULT_HUB_YAML.replace('release: "0.7"', 'release: 0.7'));
  assert.equal(r.diagnostics, []);
  assert.is(r.release, '0.7');
  assert.is(compile(DEFAULT_HUB_YAML.replace('release: "0.7"', 'release: 0.70')).diagnostics[0]?.code, 'HUB103', '0.70 is no release, not 0.7');
  const d = onlyError(DEFAULT_HUB_YAML.replace('release: "0.7"', 'release: 7.5'));
  assert.is(d.code, 'HUB103');
  assert.match(d.hint!, /Quote it: release: "7\.5"/);
});

test('HUB105 hints name the allowed range', () => {
  assert.match(onlyError(DEFAULT_HUB_YAML.replace('  name: finops-hub ', '  name: ab ')).hint!, /Allowed: 3 to 63 characters\./);
  assert.match(onlyError(DEFAULT_HUB_YAML.replace('    capacity: 1', '    capacity: 1001')).hint!, /Allowed: 1 to 1000\./);
  assert.match(onlyError(DEFAULT_HUB_YAML.replace('  ingestionMonths: 13', '  ingestionMonths: -1')).hint!, /Allowed: 0 to 999\./);
});

test('hub.yaml diagnostics carry the dotted path of the value', () => {
  const d = onlyError(DEFAULT_HUB_YAML.replace('  sku: Premium_LRS', '  sku: Standard_LRS'));
  assert.is(d.path, 'storage.sku');
  const unknown = onlyError(DEFAULT_HUB_YAML.replace('  sku: Premium_LRS\n', '  sku: Premium_LRS\n  skew: 3\n'));
  assert.is(unknown.path, 'storage.skew');
});

test('HUB213: malformed scope IDs are rejected at their position with the nearest form', () => {
  const cases: [string, RegExp, RegExp][] = [
    ['/subscriptions/not-a-guid', /'not-a-guid' is not a valid subscription ID \(a GUID\)/, /subscription scope \/subscriptions\/<subscription ID/],
    ['/billingAccounts/1234', /segment 'billingAccounts' should be 'providers'/, /EA billing account scope \/providers\/Microsoft\.Billing\/billingAccounts\/<EA number/],
    ['/providers/Microsoft.Billing/billingAccount/1234', /segment 'billingAccount' should be 'billingAccounts'/, /EA billing account scope/],
    ['/providers/Microsoft.Billing/billingAccounts/1234/departments/sales', /'sales' is not a valid EA number/, /EA department scope/],
    ['/providers/Microsoft.Billing/billingAccounts/abc:def_2019-05-31/billingProfiles/AAAA-BBBB-CCC-DDD', /not a valid MCA billing account ID/, /MCA billing profile scope/],
    ['/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroup/rg', /segment 'resourceGroup' should be 'resourceGroups'/, /resource group scope/],
  ];
  for (const [scope, message, hint] of cases) {
    const text = DEFAULT_HUB_YAML.replace('scopes: []', `scopes:\n  - ${scope}\n`);
    const d = onlyError(text);
    assert.is(d.code, 'HUB213', scope);
    assert.match(d.message, message, scope);
    assert.match(d.hint!, hint, scope);
    assert.equal(d.start, lineCol(text, scope), scope);
    assert.is(d.path, 'scopes[0]');
  }
});

test('every Cost Management export scope form is accepted', () => {
  const scopes = [
    '/subscriptions/00000000-0000-0000-0000-000000000000',
    '/subscriptions/00000000-0000-0000-0000-000000000000/resourceGroups/my-rg.1(x)',
    '/providers/Microsoft.Management/managementGroups/contoso-mg',
    '/providers/Microsoft.Billing/billingAccounts/1234567',
    '/providers/Microsoft.Billing/billingAccounts/1234567/departments/42',
    '/providers/Microsoft.Billing/billingAccounts/1234567/enrollmentAccounts/7',
    '/providers/Microsoft.Billing/billingAccounts/00000000-0000-0000-0000-000000000000:11111111-1111-1111-1111-111111111111_2019-05-31',
    '/providers/Microsoft.Billing/billingAccounts/00000000-0000-0000-0000-000000000000:11111111-1111-1111-1111-111111111111_2019-05-31/billingProfiles/AAAA-BBBB-CCC-DDD',
    '/providers/Microsoft.Billing/billingAccounts/00000000-0000-0000-0000-000000000000:11111111-1111-1111-1111-111111111111_2019-05-31/billingProfiles/AAAA-BBBB-CCC-DDD/invoiceSections/EEEE-FFFF-GGG-HHH',
    // Segment names in another case (another account: the same one in another case is HUB219).
    '/providers/microsoft.billing/billingaccounts/7654321',
  ];
  const r = compile(DEFAULT_HUB_YAML.replace('scopes: []', `scopes:\n${scopes.map((s) => `  - ${s}`).join('\n')}\n`));
  assert.equal(r.diagnostics, []);
});

test('HUB220/HUB221: a field the release lacks is an error when it would change the deployment, a warning when it is a default', () => {
  const text = DEFAULT_HUB_YAML.replace('  name: ""                    # "" = no Data Explorer cluster', '  name: hubadx');
  const r = compile(text, { release: '0.6' });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  assert.equal(
    errors.map((d) => [d.code, d.path]),
    [['HUB220', 'dataExplorer.name']],
  );
  assert.equal(errors[0].start, lineCol(text, 'hubadx'));
  assert.match(errors[0].message, /dataExplorer\.name configures Data Explorer, which hub release 0\.6 does not have/);
  assert.match(errors[0].hint!, /The first release with Data Explorer is 0\.7/);
  assert.is(r.artifacts.size, 0);
  const ok = compile(DEFAULT_HUB_YAML, { release: '0.6' });
  assert.ok(ok.release, 'the repository hub.yaml builds for 0.6');
  const warnings = ok.diagnostics.filter((d) => d.code === 'HUB221');
  assert.ok(warnings.every((d) => d.severity === 'warning'));
  assert.equal(warnings.map((d) => d.path).sort(), [
    'customDatasets',
    'dataExplorer',
    'hub.eventGridLocation',
    'networking',
    'retention.dataExplorerFinalMonths',
    'retention.dataExplorerLogDays',
  ]);
});

test('networking.publicAccess: true before 0.7 states what the release does (no diagnostic); false, the default, has no effect (HUB221) (issue #31 item 4)', () => {
  const hub = (access: boolean) => `release: "0.6"\nhub:\n  name: finops-hub\nnetworking:\n  publicAccess: ${access}\n`;
  const open = compile(hub(true));
  assert.ok(open.release);
  assert.equal(open.diagnostics, []);
  const closed = compile(hub(false));
  assert.equal(
    closed.diagnostics.map((d) => [d.code, d.path]),
    [['HUB221', 'networking']],
  );
});

test('HUB220: a dataset the release does not ingest, listed on purpose, is an error naming the first release with it', () => {
  const text = 'release: "0.4"\nhub:\n  name: finops-hub\ndatasets:\n  - name: Prices\n';
  const d = onlyError(text);
  assert.is(d.code, 'HUB220');
  assert.match(d.message, /does not ingest PriceSheet exports \(dataset Prices\)/);
  assert.match(d.hint!, /first release that ingests PriceSheet exports is 0\.6/);
  assert.equal(d.start, lineCol(text, 'Prices'));
});

test('a hub.yaml written for 0.7 that uses only what 0.4 has builds for 0.4 with no error', () => {
  const text =
    'release: "0.7"\nhub:\n  name: contoso\nscopes: [/subscriptions/00000000-0000-0000-0000-000000000000]\nretention:\n  ingestionMonths: 24\nremoteHub:\n  storageUri: https://other.dfs.core.windows.net/\n';
  const r = compile(text, { release: '0.4' });
  assert.equal(r.diagnostics, []);
  assert.is(r.release, '0.4');
  assert.ok(r.artifacts.get('azuredeploy.json')!.includes('scopesToMonitor'));
});

test.run();
