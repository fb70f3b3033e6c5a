import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { formatDiagnostic } from '../../src/compiler/diagnostics.js';
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

test('HUB107: invalid form (hub name with a doubled separator)', () => {
  const text = DEFAULT_HUB_YAML.replace('  name: finops-hub ', '  name: finops--hub');
  const d = onlyError(text);
  assert.is(d.code, 'HUB107');
  assert.equal(d.start, lineCol(text, 'finops--hub'));
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
  const text = DEFAULT_HUB_YAML.replace(
    'customDatasets: []',
    'customDatasets:\n  - name: Costs\n    columns:\n      - { name: Amount, type: decimal }\n',
  );
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
  assert.match(lines[0], /^hub\.yaml:\d+:\d+ - error HUB104: storage\.sku must be one of the allowed values$/);
  assert.match(lines[1], /^  hint: /);
});

test.run();
