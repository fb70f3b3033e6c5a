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
  assert.equal(JSON.parse(readFileSync(out, 'utf8')), { contentVersion: '1.0.0.0', parameters: { scopesToMonitor: { value: ['/subscriptions/x'] }, storageSku: { value: 'Premium_ZRS' } } });
  assert.equal(plan.steps.filter((s: any) => s.phase === 'prepare').map((s: any) => s.subject), ['exportScopes']);
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
  const unknown = await cli('upgrade-plan', '0.9', '0.7', '--hub', HUB);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, 'HUB400');
  const help = await cli('upgrade-plan', '--help');
  assert.is(help.code, 0);
  assert.match(help.stdout, /Examples:\n {2}hubc upgrade-plan 0\.5 0\.7\n/);
  assert.match(help.stdout, /--format <format>.*\(default:\s+"text"\)/s);
});

test.run();
