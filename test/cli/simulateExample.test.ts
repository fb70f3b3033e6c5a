/**
 * `hubc simulate --example NAME` (issue #30, item 10): the example exports ship with hubc
 * (`examples/exports/`), so a package user can simulate without a clone. The example is copied into
 * `--storage` (created when missing) and, without another start option, its manifest (0.4+) or its one CSV
 * (0.1-0.3) is the event; running the same command again keeps files with the same bytes and never
 * replaces another file (HUB022); an unknown name lists the examples this hubc has (HUB021).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runHubc } from '../support/cli.js';
import { cleanStorages, emptyStorage, EXPORTS, filesIn } from '../support/simulate.js';
import { exampleEvent, exampleNames } from '../../src/simulate/examples.js';

const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
const NOW = '2024-05-15T12:00:00Z';
const MANIFEST =
  'rawexports/subscriptions/00000000-0000-0000-0000-0000000000a1/finops-hub-daily-costdetails/20240501-20240531/202405151026/3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a51/manifest.json';

test.after.each(() => cleanStorages());

test('--example copies the export into a new storage folder and starts from its manifest', async () => {
  const dir = join(emptyStorage(), 'new', 'storage');
  const r = await runHubc(['simulate', HUB, '--storage', dir, '--example', 'focuscost-1.0r2-subscription', '--now', NOW]);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, `example focuscost-1.0r2-subscription: 3 file(s) copied into ${dir}\n`);
  assert.match(r.stdout, `hubc simulate: release 0.7, event ${MANIFEST}, now 2024-05-15T12:00:00.000Z`);
  assert.match(r.stdout, 'Outcome: succeeded (3 pipeline run(s), 0 failed)');
  assert.ok(existsSync(join(dir, 'ingestion/Costs/2024/05/subscriptions/00000000-0000-0000-0000-0000000000a1/3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a51__part_0_0001.parquet')));
  assert.equal(filesIn(dir, 'rawexports'), [MANIFEST], 'the converted CSV files are deleted, as the hub does');

  // The same command again (after a run, or a kill during the copy): the manifest left there is kept,
  // the CSV files the run deleted are copied again, and the run ends the same.
  const again = await runHubc(['simulate', HUB, '--storage', dir, '--example', 'focuscost-1.0r2-subscription', '--now', NOW]);
  assert.is(again.code, 0, again.stderr);
  assert.is(again.stderr, `example focuscost-1.0r2-subscription: 2 file(s) copied into ${dir}, 1 already there\n`);
  assert.match(again.stdout, 'Outcome: succeeded (3 pipeline run(s), 0 failed)');
});

test('a 0.1-0.3 example starts from its CSV; --event, --schedule or --pipeline still choose the start', async () => {
  const dir = emptyStorage();
  const r = await runHubc(['simulate', HUB, '--release', '0.3', '--storage', dir, '--example', 'csv-path-focuscost-1.0-preview-subscription', '--now', NOW, '--format', 'json']);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.stderr, '', 'nothing but the JSON result with --format json');
  const result = JSON.parse(r.stdout);
  assert.equal(result.start, {
    kind: 'event',
    value: 'rawexports/subscriptions/00000000-0000-0000-0000-0000000000a1/focus-daily/20240501-20240531/202405151026/focus-daily_7c1a9e00-5b2d-4c3e-9f10-000000000011.csv',
  });
  assert.is(result.outcome, 'succeeded');

  const other = emptyStorage();
  const pipeline = await runHubc([
    'simulate',
    HUB,
    '--storage',
    other,
    '--example',
    'focuscost-1.0r2-subscription',
    '--pipeline',
    'config_ConfigureExports',
    '--now',
    NOW,
    '--format',
    'json',
  ]);
  assert.is(JSON.parse(pipeline.stdout).start.kind, 'pipeline', pipeline.stderr);
  assert.ok(existsSync(join(other, MANIFEST)), 'the example is copied all the same');
});

test('an unknown example lists the examples; a different file in the way or a link is refused before anything is copied', async () => {
  const unknown = await runHubc(['simulate', HUB, '--storage', emptyStorage(), '--example', 'focuscost-9']);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, 'error HUB021: there is no example export focuscost-9; this hubc has ');
  assert.match(unknown.stderr, 'focuscost-1.0r2-subscription');

  const dir = emptyStorage();
  mkdirSync(join(dir, MANIFEST, '..'), { recursive: true });
  writeFileSync(join(dir, MANIFEST), '{"edited": true}\n');
  const differs = await runHubc(['simulate', HUB, '--storage', dir, '--example', 'focuscost-1.0r2-subscription']);
  assert.is(differs.code, 2);
  assert.match(differs.stderr, `error HUB022: ${MANIFEST} in the storage folder ${dir} is not the file of the example focuscost-1.0r2-subscription`);
  assert.is(readFileSync(join(dir, MANIFEST), 'utf8'), '{"edited": true}\n', 'left as it was');
  assert.equal(filesIn(dir), [MANIFEST], 'nothing copied');

  const linked = emptyStorage();
  const outside = emptyStorage();
  symlinkSync(outside, join(linked, 'rawexports'));
  const link = await runHubc(['simulate', HUB, '--storage', linked, '--example', 'focuscost-1.0r2-subscription']);
  assert.is(link.code, 2);
  assert.match(link.stderr, 'error HUB467: rawexports in the storage folder');
  assert.equal(filesIn(outside), [], 'nothing written through the link');
});

test('no start option and no --example is still a usage error', async () => {
  const r = await runHubc(['simulate', HUB, '--storage', emptyStorage()]);
  assert.is(r.code, 2);
  assert.match(r.stderr, 'give exactly one of --event, --schedule and --pipeline, or --example (got 0)');
});

test('every example has the blob that starts it', () => {
  for (const name of exampleNames()) assert.ok(exampleEvent(filesIn(join(EXPORTS, name))), name);
  assert.ok(exampleNames().length >= 5);
});

test.run();
