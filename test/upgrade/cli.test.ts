/**
 * `hubc upgrade-plan` through the CLI in-process: the text, markdown and JSON forms (JSON against
 * schemas/upgrade-plan.schema.json), the rewritten parameter file written with --out, a hub.yaml written
 * for 0.7 planned from 0.5 (its Data Explorer and network sections left out of the 0.5 build), and the
 * usage errors with their exit codes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse, stringify } from 'yaml';
import { runHubc } from '../support/cli.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';

const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'hubc-plan-'));
const validate = new Ajv({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(new URL('../../schemas/upgrade-plan.schema.json', import.meta.url), 'utf8')));

const cli = (...argv: string[]) => runHubc(argv);

test('--parameters and --out: the 0.3 file rewritten for 0.4, the JSON plan valid against its schema', async () => {
  const file = join(dir, 'p03.json');
  const out = join(dir, 'p04.json');
  writeFileSync(file, JSON.stringify({ contentVersion: '1.0.0.0', parameters: { exportScopes: { value: ['/subscriptions/x'] }, storageSku: { value: 'Premium_ZRS' } } }));
  const r = await cli('upgrade-plan', '0.3', '0.4', '--hub', HUB, '--parameters', file, '--out', out, '--format', 'json');
  assert.is(r.code, 0, r.stderr);
  const plan: any = JSON.parse(r.stdout);
  assert.ok(validate(JSON.parse(r.stdout)), JSON.stringify(validate.errors?.slice(0, 3)));
  assert.equal(plan.parameters.renamed, [{ from: 'exportScopes', to: 'scopesToMonitor' }]);
  assert.equal(JSON.parse(readFileSync(out, 'utf8')), {
    contentVersion: '1.0.0.0',
    parameters: { scopesToMonitor: { value: ['/subscriptions/x'] }, storageSku: { value: 'Premium_ZRS' } },
  });
  assert.equal(
    plan.steps.filter((s: any) => s.phase === 'prepare').map((s: any) => s.subject),
    ['exportScopes'],
  );
});

test('text by default; a hub.yaml with Data Explorer and a network is planned from 0.5 with those sections left out of the 0.5 build', async () => {
  const doc = parse(DEFAULT_HUB_YAML);
  doc.dataExplorer.name = 'myadx';
  doc.networking.publicAccess = true;
  const hub = join(dir, 'hub-adx.yaml');
  writeFileSync(hub, stringify(doc));
  const r = await cli('upgrade-plan', '0.5', '0.7', '--hub', hub);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^hubc upgrade-plan 0\.5 -> 0\.7\n/);
  assert.match(r.stdout, /Notes\n {2}- 0\.5 was built from .*hub-adx\.yaml without dataExplorer, .*networking.*: release 0\.5 does not have what they configure \(HUB220\)/);
  assert.match(r.stdout, 'Stop trigger rawexports_FileAdded.');
  const md = await cli('upgrade-plan', '0.6', '0.7', '--hub', HUB, '--format', 'markdown');
  assert.is(md.code, 0);
  assert.match(md.stdout, /^## Upgrade 0\.6 -> 0\.7\n/);
});

test('--parameters must be a file of FROM: a 0.7 file given to upgrade-plan 0.5 0.7 is not renamed into itself (issue #21 item 9)', async () => {
  // The files hubc params writes for the repository's hub.yaml, as a user would have them.
  const p05 = join(dir, 'p05.json');
  const p07 = join(dir, 'p07.json');
  assert.is((await cli('params', HUB, '--release', '0.5', '--out', p05)).code, 0);
  assert.is((await cli('params', HUB, '--out', p07)).code, 0);
  // A 0.5 file: eventGridLocation is spelled as 0.7 spells it.
  const from = await cli('upgrade-plan', '0.5', '0.7', '--hub', HUB, '--parameters', p05, '--format', 'json');
  assert.is(from.code, 0, from.stderr);
  assert.equal(JSON.parse(from.stdout).parameters.renamed, [{ from: 'eventGridLocation', to: 'EventGridLocation' }]);
  // The 0.7 file: nothing renamed, said plainly; with --out, refused (nothing to rewrite) and nothing written.
  const to = await cli('upgrade-plan', '0.5', '0.7', '--hub', HUB, '--parameters', p07);
  assert.is(to.code, 0, to.stderr);
  assert.not.match(to.stdout, 'EventGridLocation -> EventGridLocation');
  assert.not.match(to.stdout, 'In the saved parameter file, rename');
  assert.match(to.stdout, `Parameter file ${p07}: already a parameter file of 0.7, used as it is`);
  const json: any = JSON.parse((await cli('upgrade-plan', '0.5', '0.7', '--hub', HUB, '--parameters', p07, '--format', 'json')).stdout);
  assert.equal([json.parameters.fits, json.parameters.renamed, json.parameters.dropped], ['to', [], []]);
  assert.ok(validate(json), JSON.stringify(validate.errors?.slice(0, 3)));
  const out = join(dir, 'p07-again.json');
  const refused = await cli('upgrade-plan', '0.5', '0.7', '--hub', HUB, '--parameters', p07, '--out', out);
  assert.is(refused.code, 2);
  assert.match(refused.stderr, `error HUB480: ${p07} is already a parameter file of 0.7: it sets enableInfrastructureEncryption, dataExplorerName,`);
  assert.match(refused.stderr, `which 0.5 does not declare; there is nothing to rewrite into ${out}`);
  assert.throws(() => readFileSync(out));
  // A file both builds accept, already spelled as 0.7 spells it: fits 0.5 (ARM matches names without case), no rename recorded.
  const common = join(dir, 'common.json');
  writeFileSync(common, JSON.stringify({ parameters: { hubName: { value: 'x' }, EventGridLocation: { value: 'westus' } } }));
  const both: any = JSON.parse((await cli('upgrade-plan', '0.5', '0.7', '--hub', HUB, '--parameters', common, '--format', 'json')).stdout);
  assert.equal([both.parameters.fits, both.parameters.renamed, Object.keys(both.parameters.rewritten.parameters)], ['from', [], ['hubName', 'EventGridLocation']]);
  // A file of neither: named, exit 2.
  const mixed = join(dir, 'mixed.json');
  writeFileSync(mixed, JSON.stringify({ parameters: { hubName: { value: 'x' }, bogus: { value: 1 }, enablePublicAccess: { value: 'True' } } }));
  const neither = await cli('upgrade-plan', '0.5', '0.7', '--hub', HUB, '--parameters', mixed);
  assert.is(neither.code, 2);
  assert.match(neither.stderr, 'error HUB480: ' + mixed + ' is not a parameter file of 0.5: bogus is a parameter of neither 0.5 nor 0.7; enablePublicAccess only 0.7 declares');
});

test('usage and load errors exit 2: a downgrade (HUB490), --out without --parameters, an unreadable parameters file (HUB491), an unknown release (HUB400)', async () => {
  const down = await cli('upgrade-plan', '0.7', '0.6', '--hub', HUB);
  assert.is(down.code, 2);
  assert.match(down.stderr, 'error HUB490: release 0.6 is older than 0.7');
  const out = await cli('upgrade-plan', '0.6', '0.7', '--out', join(dir, 'x.json'));
  assert.is(out.code, 2);
  assert.match(out.stderr, '--out needs --parameters');
  const bad = join(dir, 'bad.json');
  writeFileSync(bad, '{ not json');
  const unreadable = await cli('upgrade-plan', '0.6', '0.7', '--hub', HUB, '--parameters', bad, '--format', 'json');
  assert.is(unreadable.code, 2);
  assert.is(JSON.parse(unreadable.stdout).error.code, 'HUB491');
  const unknown = await cli('upgrade-plan', '9.9', '0.7', '--hub', HUB);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, 'HUB400');
  const help = await cli('upgrade-plan', '--help');
  assert.is(help.code, 0);
  assert.match(help.stdout, /Examples:\n {2}hubc upgrade-plan 0\.5 0\.7\n/);
  assert.match(help.stdout, /--format <format>.*default:\s+"text"\)/s);
});

test.run();
