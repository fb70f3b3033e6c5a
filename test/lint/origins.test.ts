/**
 * Lint findings about a value hub.yaml decides also name the hub.yaml line (issue #22 item 6): the compile
 * records which hub.yaml field each template parameter comes from, and the engine follows the value a rule
 * reports through the parameters it reads.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compile } from '../../src/compiler/compile.js';
import { lintRelease } from '../../src/lint/engine.js';
import { parseHubYaml } from '../../src/frontend/parse.js';
import { formatDiagnostic } from '../../src/diagnostics/diagnostic.js';
import { toJsonText } from '../../src/model/json.js';
import { Template } from '../support/template.js';
import { fromFiles } from '../../src/build/index.js';

const HUB = `release: "0.7"
hub:
  name: finops-hub
storage:
  sku: Premium_ZRS
`;

/** Lints the build of `text` after `edit` changed its template, with hub.yaml as the origin. */
function lintEdited(text: string, edit: (t: any) => void) {
  const result = compile(text);
  assert.ok(result.release && result.parameterSources, JSON.stringify(result.diagnostics));
  const template = JSON.parse(result.artifacts.get('azuredeploy.json')!);
  edit(template);
  const artifacts = new Map(result.artifacts);
  artifacts.set('azuredeploy.json', toJsonText(template));
  const source = parseHubYaml(text, 'hub.yaml').source!;
  return lintRelease({ build: fromFiles({ release: result.release, source: 'compile', files: artifacts }), origin: { source, parameterSources: result.parameterSources } });
}

/** The data lake's minimum TLS version made to depend on the storage SKU parameter. */
const tlsBySku = (t: any) => {
  const lake = Template.fromJSON(t).resource('Microsoft.Storage/storageAccounts', { props: { properties: { isHnsEnabled: true } } });
  lake.properties.minimumTlsVersion = "[if(equals(parameters('storageSku'), 'Premium_ZRS'), 'TLS1_0', 'TLS1_2')]";
};

test('the compile records the hub.yaml field of every template parameter', () => {
  const result = compile(HUB);
  assert.equal(result.parameterSources?.get('storageSku'), ['storage', 'sku']);
  assert.equal(result.parameterSources?.get('enablePublicAccess'), ['networking', 'publicAccess']);
  const template = JSON.parse(result.artifacts.get('azuredeploy.json')!);
  assert.equal([...result.parameterSources!.keys()], Object.keys(template.parameters), 'one source per template parameter, in template order');
});

test('a finding on a value read from a parameter names the hub.yaml line that set it', () => {
  const report = lintEdited(HUB, tlsBySku);
  const d = report.diagnostics.find((x) => x.code === 'HUB521');
  assert.ok(d, JSON.stringify(report.diagnostics));
  assert.is(d.file, 'azuredeploy.json');
  assert.equal(d.related, [{ file: 'hub.yaml', start: { line: 5, col: 3 }, message: 'storage.sku decides storageSku' }]);
  assert.match(formatDiagnostic(d), /\n {2}from hub\.yaml:5:3: storage\.sku decides storageSku$/);
});

test('a field hub.yaml leaves out is named at its nearest written parent, or the file', () => {
  const parentOnly = lintEdited(`release: "0.7"\nhub:\n  name: hub1\nstorage:\n  allowedSkus: [Premium_LRS, Premium_ZRS]\n`, tlsBySku);
  assert.equal(parentOnly.diagnostics.find((x) => x.code === 'HUB521')?.related, [
    { file: 'hub.yaml', start: { line: 4, col: 1 }, message: 'storage.sku is not set, so its default decides storageSku' },
  ]);
  const none = lintEdited('release: "0.7"\nhub:\n  name: hub1\n', tlsBySku);
  assert.equal(none.diagnostics.find((x) => x.code === 'HUB521')?.related, [{ file: 'hub.yaml', message: 'storage.sku is not set, so its default decides storageSku' }]);
});

test('a finding on a value no parameter decides has no hub.yaml place', () => {
  const report = lintEdited(HUB, (t) => {
    Template.fromJSON(t).resource('Microsoft.Storage/storageAccounts', { props: { properties: { isHnsEnabled: true } } }).properties.minimumTlsVersion = 'TLS1_0';
  });
  const d = report.diagnostics.find((x) => x.code === 'HUB521');
  assert.ok(d);
  assert.is(d.related, undefined);
});

test.run();
