import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { compiled, hubYaml, templateOf } from '../support/hubs.js';
import { validateOutput } from '../../src/compiler/validateOutput.js';
import { loadArmSchemaValidator } from '../../src/validators/armSchema.js';
import { formatDiagnostic } from '../../src/compiler/diagnostics.js';

const FIXTURE = readFileSync(new URL('../fixtures/0.7/hub.yaml', import.meta.url), 'utf8');

const variants: [string, string][] = [
  ['default hub (no Data Explorer, public access off)', hubYaml()],
  ['Data Explorer set, public access off', hubYaml({ dataExplorer: { name: 'finopsadx' } })],
  ['no Data Explorer, public access on', hubYaml({ networking: { publicAccess: true } })],
  ['fixture (Data Explorer, public access on, custom dataset)', FIXTURE],
];

for (const [name, text] of variants) {
  test(`every validator is clean: ${name}`, () => {
    const diagnostics = validateOutput(compiled(text), 'full');
    assert.equal(diagnostics.map(formatDiagnostic), []);
  });
}

test('azuredeploy.json validates against the official ARM schemas with only the two known gaps tolerated', () => {
  const validator = loadArmSchemaValidator();
  for (const [, text] of variants) {
    const all = validator.validateTemplateAll(templateOf(compiled(text)));
    const gaps = new Set(all.map((i) => i.allowedByGap));
    assert.ok(all.every((i) => i.allowedByGap), JSON.stringify(all.filter((i) => !i.allowedByGap)));
    for (const gap of gaps) assert.ok(gap, 'tolerated issues name their gap');
  }
});

test('a broken template is caught: unknown storage kind and bad TLS version', () => {
  const t = templateOf(compiled());
  const lake = t.resources.find((r: any) => r.type === 'Microsoft.Storage/storageAccounts');
  lake.kind = 'StorageV3';
  lake.properties.minimumTlsVersion = 'TLS9';
  const issues = loadArmSchemaValidator().validateTemplate(t);
  assert.ok(issues.some((i) => i.pointer.endsWith('/kind')), JSON.stringify(issues));
  assert.ok(issues.some((i) => i.pointer.endsWith('/minimumTlsVersion')), JSON.stringify(issues));
});

test.run();
