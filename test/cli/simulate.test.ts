/**
 * `hubc simulate` through runCli: exit codes 0 (every run succeeded), 1 (a run failed, its Fail code shown),
 * 2 (bad input), text and JSON output, the JSON checked against schemas/simulate-result.schema.json.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { runHubc } from '../support/cli.js';
import { cleanStorages, emptyStorage, manifestOf, storageFrom } from '../support/simulate.js';

const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
const NOW = '2024-05-15T12:00:00Z';

const run = (...argv: string[]) => runHubc(argv);

test.after.each(() => cleanStorages());

test('an export lands as parquet: exit 0, the run tree and the files written', async () => {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  const r = await run('simulate', HUB, '--storage', dir, '--event', manifestOf(dir), '--now', NOW);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^hubc simulate: release 0\.7, event rawexports\/subscriptions\/.*manifest\.json, now 2024-05-15T12:00:00\.000Z/);
  assert.match(r.stdout, /pipeline rawexports_ExecuteETL run 00000000-0000-4000-8000-000000000001: Succeeded by rawexports_ManifestAdded/);
  assert.match(
    r.stdout,
    /ok {5}Convert CSV \(Copy\): rawexports\/.*part_0_0001\.csv -> ingestion\/Costs\/2024\/05\/subscriptions\/00000000-0000-0000-0000-0000000000a1\/3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a51__part_0_0001\.parquet/,
  );
  assert.match(r.stdout, /Files written \(3\):/);
  assert.match(r.stdout, /Outcome: succeeded \(3 pipeline run\(s\), 0 failed\)\n$/);
  assert.not.match(r.stdout, /\d+ ?ms\b/, 'no durations');
});

test('--format json matches schemas/simulate-result.schema.json', async () => {
  const dir = storageFrom('focuscost-missing-column');
  const r = await run('simulate', HUB, '--storage', dir, '--event', manifestOf(dir), '--now', NOW, '--format', 'json');
  assert.is(r.code, 1);
  const data: { outcome: string; runs: { error: { errorCode: string } }[] } = JSON.parse(r.stdout);
  const schema = JSON.parse(readFileSync(new URL('../../schemas/simulate-result.schema.json', import.meta.url), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);
  assert.ok(validate(JSON.parse(r.stdout)), JSON.stringify(validate.errors?.slice(0, 3)));
  assert.is(data.outcome, 'failed');
  assert.is(data.runs[0].error.errorCode, 'ExportIngestionFailed');
});

test('a failed run: exit 1 with the Fail code and message', async () => {
  const dir = storageFrom('focuscost-unsupported-version');
  const r = await run('simulate', HUB, '--storage', dir, '--event', manifestOf(dir), '--now', NOW);
  assert.is(r.code, 1);
  assert.match(r.stdout, /FAILED Schema Not Found \(Fail\): SchemaNotFound: No conversion schema config\/schemas\/focuscost_1\.2-preview\.json/);
  assert.match(r.stdout, /Failed runs \(1\):\n {2}rawexports_ExecuteETL 00000000-0000-4000-8000-000000000001: SchemaNotFound: /);
});

test('bad input exits 2 and says what is wrong', async () => {
  const none = await run('simulate', HUB, '--storage', emptyStorage());
  assert.is(none.code, 2);
  assert.match(none.stderr, /give exactly one of --event, --schedule and --pipeline/);
  const missing = await run('simulate', HUB, '--storage', join(emptyStorage(), 'nope'), '--schedule', 'daily');
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /error HUB450: the storage folder .*nope does not exist/);
  const blob = await run('simulate', HUB, '--storage', emptyStorage(), '--event', 'rawexports/x/manifest.json');
  assert.is(blob.code, 2);
  assert.match(blob.stderr, /error HUB451: the event blob rawexports\/x\/manifest\.json does not exist/);
  const now = await run('simulate', HUB, '--storage', emptyStorage(), '--schedule', 'daily', '--now', 'yesterday');
  assert.is(now.code, 2);
  assert.match(now.stderr, /ISO 8601/);
  const responses = join(emptyStorage(), 'responses.json');
  writeFileSync(responses, JSON.stringify({ web: [{ method: 'GET' }] }));
  const bad = await run('simulate', HUB, '--storage', emptyStorage(), '--schedule', 'daily', '--responses', responses);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /error HUB456: the responses file .* is not valid: \/web\/0 must have required property 'url'/);
});

test('bad --event and --storage values: one diagnostic, exit 2, no stack trace and no empty report (issue #20 item 11, #21 item 9)', async () => {
  const dir = emptyStorage();
  const outside = await run('simulate', HUB, '--storage', dir, '--event', '../x.csv', '--now', NOW);
  assert.is(outside.code, 2);
  assert.is(outside.stderr.split('\n')[0], "error HUB451: the event path '../x.csv' leaves the storage folder ('..')");
  assert.not.match(outside.stderr, /\n\s+at /, 'no stack trace');
  const empty = await run('simulate', HUB, '--storage', dir, '--event', '', '--now', NOW);
  assert.is(empty.code, 2);
  assert.is(empty.stderr.split('\n')[0], 'error HUB451: the event path is empty');
  const file = join(dir, 'not-a-folder');
  writeFileSync(file, 'x');
  const notFolder = await run('simulate', HUB, '--storage', file, '--schedule', 'daily', '--now', NOW);
  assert.is(notFolder.code, 2);
  assert.is(notFolder.stderr.split('\n')[0], `error HUB450: the storage path ${file} is not a folder`);
  const missing = await run('simulate', HUB, '--storage', join(dir, 'nope'), '--schedule', 'daily', '--now', NOW);
  assert.is(missing.code, 2);
  for (const r of [outside, empty, notFolder, missing]) assert.is(r.stdout, '', 'no report of a simulation that never started');
  const json = await run('simulate', HUB, '--storage', join(dir, 'nope'), '--schedule', 'daily', '--format', 'json');
  assert.equal(
    JSON.parse(json.stdout).diagnostics.map((d: { code: string }) => d.code),
    ['HUB450'],
  );
});

test('an event no trigger watches: a warning, no runs, exit 0', async () => {
  const dir = emptyStorage();
  writeFileSync(join(dir, 'notes.txt'), 'x');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(join(dir, 'rawexports/a'), { recursive: true });
  writeFileSync(join(dir, 'rawexports/a/part.csv'), 'a\n1\n');
  const r = await run('simulate', HUB, '--storage', dir, '--event', 'rawexports/a/part.csv', '--now', NOW);
  assert.is(r.code, 0);
  assert.match(r.stderr, /warning HUB452: no trigger of release 0\.7 fires for rawexports\/a\/part\.csv/);
  assert.match(r.stderr, /rawexports_ManifestAdded watches \/rawexports\/blobs\/ \.\.\. \/manifest\.json/);
});

test('simulate --help lists the options with defaults and examples', async () => {
  const r = await run('simulate', '--help');
  assert.is(r.code, 0);
  assert.match(r.stdout, /Usage: hubc simulate \[options\] \[file\]/);
  assert.match(r.stdout, /--schedule <schedule>.*\(choices|daily, monthly/s);
  assert.match(r.stdout, /--max-runs <n>.*\(default: 200\)/s);
  assert.match(r.stdout, /Examples:\n {2}hubc simulate --storage/);
});

test.run();
