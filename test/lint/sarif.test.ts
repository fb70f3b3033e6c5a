/**
 * `hubc lint --format sarif` output validates against the SARIF 2.1.0 JSON schema (the OASIS schema as
 * shipped by Microsoft's @microsoft/jest-sarif package), and its locations name the lines of the files
 * that hold what was linted.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { lintHub } from '../../src/lint/index.js';
import { IN_MEMORY_BASE_ID, toSarif } from '../../src/lint/sarif.js';
import { RULES } from '../../src/lint/registry.js';
import { DEFAULT_HUB_YAML, hubYaml } from '../support/hubs.js';
import { lintResultOf, widenedBuild } from '../support/lintFindings.js';

const require = createRequire(import.meta.url);
const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const Ajv = Ajv04.default;
// The schema's language pattern is not valid with the u flag (a stray `]`), so patterns run without it.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(ajv);
const validate = ajv.compile(schema);

function check(log: unknown): void {
  const ok = validate(log);
  assert.ok(ok, JSON.stringify(validate.errors?.slice(0, 5), null, 2));
}

test('the schema check itself rejects a broken log', () => {
  assert.not.ok(validate({ version: '2.1.0', runs: [{ tool: { driver: {} } }] }));
});

test('SARIF of the repository hub (--all): valid, every rule described, no result', () => {
  const log: any = toSarif(lintHub(DEFAULT_HUB_YAML, { all: true }));
  check(log);
  const run = log.runs[0];
  assert.is(run.tool.driver.name, 'hubc');
  for (const r of RULES)
    assert.ok(
      run.tool.driver.rules.some((d: any) => d.id === r.id && d.helpUri === r.link),
      r.id,
    );
  assert.equal(run.results, []);
  // hubc maintainers' rules are listed as not enabled unless they ran.
  const enabled = (id: string, l: any) => l.runs[0].tool.driver.rules.find((d: any) => d.id === id).defaultConfiguration.enabled;
  assert.equal([enabled('HUB505', log), enabled('HUB526', log)], [false, true]);
  assert.is(enabled('HUB505', toSarif(lintHub(DEFAULT_HUB_YAML), { maintainerRules: true })), true);
});

test('SARIF: suppressed findings carry the hub.yaml reason as an external suppression', () => {
  const log: any = toSarif(lintResultOf(widenedBuild(), [{ rule: 'HUB526', reason: 'the vault is rebuilt by every deployment' }]));
  check(log);
  const suppressed = log.runs[0].results.filter((x: any) => x.suppressions);
  assert.equal(
    suppressed.map((x: any) => [x.ruleId, x.suppressions[0].kind, x.suppressions[0].justification]),
    [['HUB526', 'external', 'the vault is rebuilt by every deployment']],
  );
  assert.ok(log.runs[0].results.some((x: any) => x.ruleId === 'HUB527' && !x.suppressions));
});

test('SARIF locations: the line of the finding, in the build in memory (base HUBC_BUILD) when no folder holds the build', () => {
  const artifacts = widenedBuild();
  const log: any = toSarif(lintResultOf(artifacts));
  check(log);
  const purge = log.runs[0].results.find((x: any) => x.ruleId === 'HUB526');
  const loc = purge.locations[0].physicalLocation;
  assert.equal(loc.artifactLocation, { uri: '0.7/azuredeploy.json', uriBaseId: IN_MEMORY_BASE_ID });
  assert.ok(log.runs[0].originalUriBaseIds[IN_MEMORY_BASE_ID].description.text.length > 20);
  assert.not.ok('uri' in log.runs[0].originalUriBaseIds[IN_MEMORY_BASE_ID], 'the build in memory is placed nowhere on disk');
  const lines = artifacts.get('azuredeploy.json')!.split('\n');
  assert.match(lines[loc.region.startLine - 1]!, /"properties"/);
  assert.is(purge.level, 'warning');
  assert.is(
    purge.ruleIndex,
    RULES.findIndex((r) => r.id === 'HUB526'),
  );
});

test('SARIF related locations: a finding about a value hub.yaml decides names its hub.yaml line', () => {
  const result = lintResultOf(widenedBuild());
  const finding = result.reports[0].diagnostics.find((d) => d.code === 'HUB527')!;
  finding.related = [
    { file: 'hub.yaml', start: { line: 5, col: 3 }, message: 'storage.sku decides storageSku' },
    { file: 'hub.yaml', message: 'tags is not set, so its default decides tags' },
  ];
  const log: any = toSarif(result, { hubFile: 'hubs/a.yaml' });
  check(log);
  const r = log.runs[0].results.find((x: any) => x.ruleId === 'HUB527');
  assert.equal(r.relatedLocations, [
    { id: 1, physicalLocation: { artifactLocation: { uri: 'hubs/a.yaml' }, region: { startLine: 5, startColumn: 3 } }, message: { text: 'storage.sku decides storageSku' } },
    { id: 2, physicalLocation: { artifactLocation: { uri: 'hubs/a.yaml' } }, message: { text: 'tags is not set, so its default decides tags' } },
  ]);
});

test('SARIF of a hub.yaml with errors: the hub.yaml diagnostics are results in hub.yaml, still valid', () => {
  const log: any = toSarif(lintHub(hubYaml({ storage: { sku: 'Nope' } })), { hubFile: 'hub.yaml' });
  check(log);
  const r = log.runs[0].results;
  assert.ok(r.length > 0);
  assert.ok(r.every((x: any) => x.locations[0].physicalLocation.artifactLocation.uri === 'hub.yaml'));
  assert.ok(r.some((x: any) => x.ruleId === 'HUB104' && x.level === 'error'));
});

test.run();
