/**
 * `hubc check` in-process through runCli, on a template, portal form and parameter file written here: text
 * findings at file:line:col of the files given with a summary line, JSON (the report), SARIF (the catalogue's
 * codes as rules, with their Azure docs), exit 1 on a failure and 0 without, exit 2 for a file it cannot
 * read or that is not a template; and hubc's own build folder checked as any template.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHubc } from '../support/cli.js';
import { template } from '../support/catalogue.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-check-cli-'));
const write = (name: string, value: unknown) => {
  const file = join(work, name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return file;
};
const T = write(
  'azuredeploy.json',
  template({
    parameters: { hubName: { type: 'string' }, zone: { type: 'string', defaultValue: 'UTC' } },
    resources: [
      {
        type: 'Microsoft.DataFactory/factories/triggers',
        apiVersion: '2018-06-01',
        name: "[format('{0}-engine/daily', parameters('hubName'))]",
        properties: {
          type: 'ScheduleTrigger',
          pipelines: [],
          typeProperties: {
            recurrence: {
              frequency: 'Day',
              interval: 1,
              startTime: "[if(equals(parameters('zone'), 'UTC'), '2023-01-01T01:01:00Z', '2023-01-01T01:01:00')]",
              timeZone: "[parameters('zone')]",
            },
          },
        },
      },
    ],
  }),
);
const UI = write('createUiDefinition.json', {
  $schema: 'https://schema.management.azure.com/schemas/0.1.2-preview/CreateUIDefinition.MultiVm.json#',
  handler: 'Microsoft.Azure.CreateUIDef',
  version: '0.1.2-preview',
  parameters: {
    basics: [{ name: 'hubName', type: 'Microsoft.Common.TextBox', defaultValue: 'hub' }],
    steps: [],
    outputs: { hubName: "[basics('hubName')]", hubname2: "[basics('hubName')]" },
  },
});
const GOOD = write('ok.parameters.json', { parameters: { hubName: { value: 'hub' }, zone: { value: 'W. Europe Standard Time' } } });
const BAD = write('bad.parameters.json', { parameters: { hubName: { value: 'hub' }, zone: { value: 'Central European Time' } } });

test('text: findings at file:line:col of the files given, a summary line, exit 1', async () => {
  const r = await runHubc(['check', T, '--ui', UI, '--parameters', BAD]);
  assert.is(r.code, 1);
  assert.match(r.stderr, new RegExp(`${T.replace(/[\\/.]/g, '\\$&')}:\\d+:\\d+ - error HUB700: trigger daily: Data Factory rejects the time zone 'Central European Time'`));
  assert.match(r.stderr, new RegExp(`${UI.replace(/[\\/.]/g, '\\$&')}:\\d+:\\d+ - error HUB710: the portal form outputs 'hubname2'`));
  assert.match(r.stdout, /: 2 errors, 0 warnings; evaluated for hubName, zone\n$/);
});

test('json: the report; exit 0 when nothing fails', async () => {
  const r = await runHubc(['check', T, '--parameters', GOOD, '--format', 'json']);
  assert.is(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal([report.template, report.release, report.errors, report.diagnostics], [T, '', 0, []]);
  assert.equal(report.evaluatedFor, { given: ['hubName', 'zone'], portalDefaults: [] });
});

test('sarif: the catalogue codes as rules with their Azure docs; results in the files given', async () => {
  const r = await runHubc(['check', T, '--ui', UI, '--parameters', BAD, '--format', 'sarif', '--quick']);
  assert.is(r.code, 1);
  const log = JSON.parse(r.stdout);
  assert.is(log.version, '2.1.0');
  const run = log.runs[0];
  const rule = run.tool.driver.rules.find((x: { id: string }) => x.id === 'HUB700');
  assert.is(rule.name, 'adf/trigger-time-zone');
  assert.match(rule.helpUri, /how-to-create-schedule-trigger#time-zone-option$/);
  assert.ok(rule.properties.issues.includes('https://github.com/microsoft/finops-toolkit/issues/2087'));
  assert.equal(run.results.map((x: { ruleId: string }) => x.ruleId).sort(), ['HUB700', 'HUB710']);
  const r700 = run.results.find((x: { ruleId: string }) => x.ruleId === 'HUB700');
  assert.is(r700.locations[0].physicalLocation.artifactLocation.uri, T);
  assert.ok(r700.locations[0].physicalLocation.region.startLine > 1);
});

test('exit 2: a file it cannot read (HUB790) or that is not a template (HUB791)', async () => {
  const missing = await runHubc(['check', join(work, 'nope.json')]);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /error HUB790: cannot read .*nope\.json/);
  const notJson = await runHubc(['check', write('broken.json', '{ "resources": ')]);
  assert.is(notJson.code, 2);
  assert.match(notJson.stderr, /HUB790: cannot read .*broken\.json: not JSON/);
  // A portal form that is not JSON is named as given, not as the build calls it.
  const formNotJson = await runHubc(['check', T, '--ui', write('brokenForm.json', '{ "parameters": ')]);
  assert.is(formNotJson.code, 2);
  assert.match(formNotJson.stderr, /HUB790: cannot read .*brokenForm\.json: not JSON/);
  const notTemplate = await runHubc(['check', UI]);
  assert.is(notTemplate.code, 2);
  assert.match(notTemplate.stderr, /HUB791: .*createUiDefinition\.json is not an ARM template/);
  const notParameters = await runHubc(['check', T, '--parameters', UI]);
  assert.is(notParameters.code, 2);
  assert.match(notParameters.stderr, /HUB791: .* is not an ARM parameter file/);
});

test("hubc's own build folder passes, as any template", async () => {
  const folder = new URL('../../dist-templates/0.8/', import.meta.url).pathname;
  const r = await runHubc(['check', join(folder, 'azuredeploy.json'), '--ui', join(folder, 'createUiDefinition.json'), '--quick']);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /\(release 0\.8\): 0 errors, 0 warnings; evaluated for /);
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test.run();
