/**
 * `hubc deploy --upgrade` over a hub deployed from the public templates (release 0.6, against the ARM
 * stand-in): it tells the public install (the public names of its resources and the public module
 * deployments in its history), plans from the public template itself with `--public-templates`, names the
 * second hub a hub.yaml with `naming: spec` would make, and says how to plan from the public template when
 * the folder is not given. `--what-if` only reads.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publicHub } from '../support/publicHub.js';
import { publicTemplatesDir } from '../support/publicTemplates.js';
import { run, SUB, RG } from './scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'hubc-public-upgrade-'));

/** A hub.yaml for release 0.7 of the public hub `contoso-hub`. */
function hubFile(naming: 'spec' | 'public'): string {
  const file = join(dir, `${naming}.yaml`);
  writeFileSync(file, `release: "0.7"\nnaming: ${naming}\nhub:\n  name: contoso-hub\n  location: westeurope\nscopes: ["/subscriptions/00000000-0000-0000-0000-0000000000a1"]\n`);
  return file;
}

/** The public 0.6 hub, its triggers started. */
function installed() {
  const hub = publicHub('0.6');
  hub.scenario.factories = {
    [hub.factory]: {
      triggers: { msexports_FileAdded: 'Started', config_SettingsUpdated: 'Started', config_DailySchedule: 'Started', config_MonthlySchedule: 'Stopped' },
      pipelines: ['msexports_ExecuteETL', 'msexports_ETL_ingestion', 'config_StartExportProcess'],
      datasets: [],
      linkedServices: [],
    },
  };
  return hub;
}

const args = (file: string, ...more: string[]) => ['deploy', file, '--subscription', SUB, '--resource-group', RG, '--upgrade', '--what-if', ...more];

test('a public 0.6 install is recognised and planned from its own template (--public-templates)', async () => {
  const r = await run(installed().scenario, args(hubFile('public'), '--public-templates', publicTemplatesDir()));
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, 'installed hub release: 0.6 (from the ftk-version tag of its resources), deployed from the public templates');
  assert.match(r.stdout, 'hubc upgrade-plan public:0.6 -> 0.7');
  assert.match(r.stdout, /\d+\. Stop trigger msexports_FileAdded\. {2}\[hubc deploy\]/);
  assert.match(r.stdout, /\d+\. Delete trigger msexports_FileAdded\. {2}\[hubc deploy\]/);
  assert.not.match(r.stdout, /Delete .*Microsoft\.Storage\/storageAccounts/);
  assert.not.match(r.stdout, 'second storage account');
  assert.ok(
    r.standin.calls().some((c) => c.endsWith('/providers/Microsoft.Resources/deployments/')),
    'the deployment history was read',
  );
  assert.not.ok(
    r.standin.requests.some((q) => q.method === 'DELETE' || (q.method === 'POST' && q.path.endsWith('/stop')) || (q.method === 'PUT' && q.path.includes('/deployments/'))),
  );
});

test('a hub.yaml with naming: spec over a public install: a warning that it makes a second hub', async () => {
  const r = await run(installed().scenario, args(hubFile('spec'), '--public-templates', publicTemplatesDir()));
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, "warning: the installed hub's resources carry the public release's names, and");
  assert.match(r.stdout, 'says naming: spec: the deployment creates a second storage account, factory and vault beside them; write naming: public');
  assert.match(r.stdout, 'To take the public hub over in place, write naming: public in hub.yaml');
});

test('without --public-templates the plan compares hub.yaml built for the installed release, and says so', async () => {
  const r = await run(installed().scenario, args(hubFile('public')));
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, 'deployed from the public templates');
  assert.match(r.stdout, 'hubc upgrade-plan 0.6 -> 0.7');
  assert.match(r.stdout, 'Pass --public-templates DIR');
});

test.run();
