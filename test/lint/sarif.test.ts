/**
 * `hubc lint --format sarif` output validates against the SARIF 2.1.0 JSON schema (the OASIS schema as
 * shipped by Microsoft's @microsoft/jest-sarif package), and its locations name the lines of the files
 * `hubc build` writes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createRequire } from 'node:module';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { lintHub } from '../../src/lint/index.js';
import { toSarif } from '../../src/lint/sarif.js';
import { RULES } from '../../src/lint/registry.js';
import { compiled, DEFAULT_HUB_YAML, hubYaml } from '../support/hubs.js';

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

test('SARIF of the repository hub (--all): valid, every rule described, suppressed findings with their reason', () => {
  const log: any = toSarif(lintHub(DEFAULT_HUB_YAML, { all: true }));
  check(log);
  const run = log.runs[0];
  assert.is(run.tool.driver.name, 'hubc');
  for (const r of RULES) assert.ok(run.tool.driver.rules.some((d: any) => d.id === r.id && d.helpUri === r.link), r.id);
  const suppressed = run.results.filter((x: any) => x.suppressions);
  assert.ok(suppressed.length > 0);
  for (const s of suppressed) assert.is(s.suppressions[0].kind, 'external');
  assert.ok(suppressed.some((s: any) => s.ruleId === 'HUB526' && /purge protection/i.test(s.suppressions[0].justification)));
});

test('SARIF locations point at the line of the finding in <out>/<release>/<file>', () => {
  const text = DEFAULT_HUB_YAML.replace(/\nlint:[\s\S]*$/, '\n');
  const log: any = toSarif(lintHub(text), { out: 'out/' });
  check(log);
  const purge = log.runs[0].results.find((x: any) => x.ruleId === 'HUB526');
  const loc = purge.locations[0].physicalLocation;
  assert.is(loc.artifactLocation.uri, 'out/0.7/azuredeploy.json');
  const lines = compiled(text).artifacts.get('azuredeploy.json')!.split('\n');
  assert.match(lines[loc.region.startLine - 1]!, /"properties"/);
  assert.is(purge.level, 'warning');
  assert.is(purge.ruleIndex, RULES.findIndex((r) => r.id === 'HUB526'));
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
