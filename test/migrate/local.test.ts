/**
 * `hubc migrate-data` on a local storage folder: the "done when" end to end (a FocusCost export
 * converted by the simulated 0.5 pipelines, moved into the 0.7 layout, then loaded by the simulated 0.7
 * Data Explorer pipelines from the added manifest), the dry run that changes nothing, a second run that
 * finds nothing to do, and the mappings of every earlier layout on made-up listings.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runHubc } from '../support/cli.js';
import { compile } from '../../src/compiler/compile.js';
import { getRelease } from '../../src/model/releases.js';
import { planMigration, runMigration, type MigrationStorage } from '../../src/migrate/index.js';
import { simulate, allRuns } from '../../src/simulate/index.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { DATA_EXPLORER_HUB, cleanStorages, emptyStorage, filesIn, manifestOf, storageFrom } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';

const cli = (...argv: string[]) => runHubc(argv);

/** A storage folder with `files` (paths container first) holding their own path as content. */
function storageWith(files: string[]): string {
  const dir = emptyStorage();
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), f);
  }
  return dir;
}

test.after.each(() => cleanStorages());

test('done when: a 0.5 conversion moved into the 0.7 layout is loaded by the 0.7 Data Explorer pipelines', async () => {
  // The 1.0r2 example export relabelled 1.0 (same columns), which 0.5 converts.
  const dir = storageFrom('focuscost-1.0r2-subscription');
  const manifest = manifestOf(dir);
  writeFileSync(join(dir, manifest), readFileSync(join(dir, manifest), 'utf8').replace('"1.0r2"', '"1.0"'));
  const b05 = compile(DEFAULT_HUB_YAML, { release: '0.5' });
  const converted = await simulate({ artifacts: b05.artifacts, release: '0.5', storage: dir, start: { kind: 'event', path: manifest }, now: NOW });
  assert.is(converted.outcome, 'succeeded');
  const old = [`ingestion/${SUB}/202405/focuscost/part_0_0001.parquet`, `ingestion/${SUB}/202405/focuscost/part_1_0001.parquet`];
  assert.equal(filesIn(dir, 'ingestion'), old);
  const bytes = old.map((f) => readFileSync(join(dir, f)));

  const dry = await cli('migrate-data', '--from', '0.5', '--to', '0.7', '--storage', dir);
  assert.is(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, '(dry run: nothing is changed)');
  assert.match(dry.stdout, `  move ${SUB}/202405/focuscost/part_0_0001.parquet\n    -> Costs/2024/05/${SUB}/migrated-0.5-202405__part_0_0001.parquet`);
  assert.match(dry.stdout, '2 to move, 1 manifest to add, 0 kept, 0 skipped.');
  assert.equal(filesIn(dir, 'ingestion'), old, 'a dry run changes nothing');

  const run = await cli('migrate-data', '--from', '0.5', '--to', '0.7', '--storage', dir, '--yes');
  assert.is(run.code, 0, run.stderr);
  const folder = `ingestion/Costs/2024/05/${SUB}`;
  const moved = [`${folder}/migrated-0.5-202405__part_0_0001.parquet`, `${folder}/migrated-0.5-202405__part_1_0001.parquet`];
  assert.equal(filesIn(dir, 'ingestion'), [`${folder}/manifest.json`, ...moved]);
  assert.equal(
    moved.map((f) => readFileSync(join(dir, f))),
    bytes,
    'the files are moved as they are',
  );
  assert.is(readFileSync(join(dir, folder, 'manifest.json'), 'utf8'), '', 'an empty manifest, as the spec asks for custom ingestion');
  assert.equal(filesIn(dir, `ingestion/${SUB.split('/')[0]}`), [], 'the old folders are gone');

  const b07 = compile(DATA_EXPLORER_HUB, { release: '0.7' });
  const loaded = await simulate({ artifacts: b07.artifacts, release: '0.7', storage: dir, start: { kind: 'event', path: `${folder}/manifest.json` }, now: NOW });
  assert.is(
    loaded.outcome,
    'succeeded',
    JSON.stringify(
      allRuns(loaded)
        .filter((r) => r.error)
        .map((r) => r.error),
    ),
  );
  assert.equal(
    loaded.runs.map((r) => `${r.trigger?.name} ${r.pipeline}`),
    ['ingestion_ManifestAdded ingestion_ExecuteETL'],
  );
  const ingests = loaded.commands.filter((c) => c.command.startsWith('.ingest into table'));
  assert.equal(
    ingests.map((c) => /abfss:\/\/ingestion@[^/]+\/([^;]+);/.exec(c.command)![1]).sort(),
    moved.map((f) => f.slice('ingestion/'.length)),
  );
  for (const c of ingests) {
    assert.match(c.command, /^\.ingest into table Costs_raw /);
    assert.match(c.command, /drop-by:migrated-0\.5-202405_/);
  }

  const again = await cli('migrate-data', '--from', '0.5', '--to', '0.7', '--storage', dir, '--yes');
  assert.is(again.code, 0);
  assert.match(again.stdout, '0 to move, 0 manifests to add, 0 kept, 3 skipped, 0 failed.');
});

test('0.6 -> 0.7 renames the dataset folders and keeps the ingestion IDs; --copy keeps the old files', async () => {
  const dir = storageWith([`ingestion/focuscost/2024/05/${SUB}/run1__part_0.parquet`, `ingestion/pricesheet/2024/04/${SUB}/run2__p.parquet`, 'ingestion/notes.txt']);
  const r = await cli('migrate-data', '--from', '0.6', '--to', '0.7', '--storage', dir, '--copy', '--yes', '--format', 'json');
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.summary, { move: 0, copy: 2, verify: 0, manifest: 2, keep: 0, skip: 1, failed: 0 });
  assert.is(out.dryRun, false);
  assert.equal(filesIn(dir, 'ingestion'), [
    `ingestion/Costs/2024/05/${SUB}/manifest.json`,
    `ingestion/Costs/2024/05/${SUB}/run1__part_0.parquet`,
    `ingestion/Prices/2024/04/${SUB}/manifest.json`,
    `ingestion/Prices/2024/04/${SUB}/run2__p.parquet`,
    `ingestion/focuscost/2024/05/${SUB}/run1__part_0.parquet`,
    'ingestion/notes.txt',
    `ingestion/pricesheet/2024/04/${SUB}/run2__p.parquet`,
  ]);
  assert.equal(
    out.items.find((i: any) => i.action === 'skip'),
    { action: 'skip', from: 'notes.txt', reason: 'not a converted file of the 0.6 layout' },
  );
});

test('the mappings of the earlier layouts, on listings', () => {
  const plan = (from: string, to: string, files: string[]) =>
    planMigration(files, getRelease(from), getRelease(to), { storage: 'test' }).items.map((i) => `${i.action} ${i.from ?? ''} ${i.to ?? i.reason ?? ''}`.trim());
  // 0.1 amortized cost stays, with its reason.
  assert.equal(plan('0.1', '0.7', [`${SUB}/20240501-20240531/amortizedcost/a.parquet`]), [
    `keep ${SUB}/20240501-20240531/amortizedcost/a.parquet amortized cost data of 0.1 is not FOCUS data; no later release reads it, so it stays where it is`,
  ]);
  // 0.3 -> 0.4: the scope folder is lower-cased (0.4 reads it from the manifest); 0.3 -> 0.6: the dataset layout, no manifest (0.6 loads none).
  assert.equal(plan('0.3', '0.4', ['subscriptions/ABC/202405/focuscost/a.parquet', 'subscriptions/abc/202404/focuscost/b.parquet']), [
    'move subscriptions/ABC/202405/focuscost/a.parquet subscriptions/abc/202405/focuscost/a.parquet',
    'skip subscriptions/abc/202404/focuscost/b.parquet already where 0.4 reads it',
  ]);
  assert.equal(plan('0.3', '0.6', ['subscriptions/ABC/202405/focuscost/a.parquet']), [
    'move subscriptions/ABC/202405/focuscost/a.parquet focuscost/2024/05/subscriptions/abc/migrated-0.3-202405__a.parquet',
  ]);
  // Two files for one target: the one 0.4 read (the lower-case scope its manifests give) moves, the other
  // stays (finding 13: not the first by path); a taken target is checked against its source at run time.
  assert.equal(
    plan('0.4', '0.7', [
      'subscriptions/A/202405/focuscost/x.parquet',
      'subscriptions/a/202405/focuscost/x.parquet',
      `Costs/2024/04/${SUB}/migrated-0.4-202404__y.parquet`,
      `${SUB}/202404/focuscost/y.parquet`,
    ]),
    [
      `verify ${SUB}/202404/focuscost/y.parquet Costs/2024/04/${SUB}/migrated-0.4-202404__y.parquet`,
      `manifest  Costs/2024/04/${SUB}/manifest.json`,
      'move subscriptions/a/202405/focuscost/x.parquet Costs/2024/05/subscriptions/a/migrated-0.4-202405__x.parquet',
      'manifest  Costs/2024/05/subscriptions/a/manifest.json',
      `skip Costs/2024/04/${SUB}/migrated-0.4-202404__y.parquet not a converted file of the 0.4 layout`,
      'skip subscriptions/A/202405/focuscost/x.parquet subscriptions/a/202405/focuscost/x.parquet maps to the same path Costs/2024/05/subscriptions/a/migrated-0.4-202405__x.parquet and is the one 0.4 read, so it moves and this one stays',
    ],
  );
});

test('to 0.8: the moves of 0.7, whose layout 0.8 keeps; data of 0.7 stays where it is', () => {
  const plan = (from: string, to: string, files: string[]) =>
    planMigration(files, getRelease(from), getRelease(to), { storage: 'test' }).items.map((i) => `${i.action} ${i.from ?? ''} ${i.to ?? ''}`.trim());
  const files = [`focuscost/2024/05/${SUB}/run1__a.parquet`, `reservationdetails/2024/04/${SUB}/run2__b.parquet`];
  assert.equal(plan('0.6', '0.8', files), plan('0.6', '0.7', files));
  assert.equal(plan('0.6', '0.8', files).filter((x) => x.startsWith('move')).length, 2);
  const at07 = [`Costs/2024/05/${SUB}/run1__a.parquet`];
  assert.equal(plan('0.7', '0.8', at07), [`skip Costs/2024/05/${SUB}/run1__a.parquet`]);
});

test('a folder whose file could not be moved gets no manifest, and the failure is reported', async () => {
  const moved: string[] = [];
  const storage: MigrationStorage = {
    description: 'stub',
    list: async () => [],
    move: async (from, to) => {
      if (from.endsWith('bad.parquet')) throw new Error('disk full');
      moved.push(to);
    },
    copy: async () => {},
    compare: async () => undefined,
    writeEmpty: async (p) => void moved.push(p),
    remove: async (p) => void moved.push(`removed ${p}`),
  };
  const plan = planMigration(
    [`${SUB}/202405/focuscost/bad.parquet`, `${SUB}/202405/focuscost/good.parquet`, `${SUB}/202404/focuscost/ok.parquet`],
    getRelease('0.5'),
    getRelease('0.7'),
    { storage: 'stub' },
  );
  await runMigration(plan, storage);
  assert.equal(
    moved,
    [
      `Costs/2024/04/${SUB}/.hubc-manifest-pending`,
      `Costs/2024/04/${SUB}/migrated-0.5-202404__ok.parquet`,
      `Costs/2024/04/${SUB}/manifest.json`,
      `removed Costs/2024/04/${SUB}/.hubc-manifest-pending`,
      `Costs/2024/05/${SUB}/.hubc-manifest-pending`,
      `Costs/2024/05/${SUB}/migrated-0.5-202405__good.parquet`,
    ],
    'the failed folder keeps its marker, so the next run still owes it a manifest',
  );
  assert.equal(
    plan.items.filter((i) => i.outcome !== 'done').map((i) => [i.action, i.outcome]),
    [
      ['move', { error: 'disk full' }],
      ['manifest', { error: 'not written: a file of this folder could not be moved or differs from its source' }],
    ],
  );
});

test('usage: one of --storage and --account, --yes with --dry-run, a downgrade (HUB493), a folder without ingestion/ (HUB492)', async () => {
  const none = await cli('migrate-data', '--from', '0.5', '--to', '0.7');
  assert.is(none.code, 2);
  assert.match(none.stderr, 'pass exactly one of --storage DIR and --account NAME');
  const both = await cli('migrate-data', '--from', '0.5', '--to', '0.7', '--storage', '.', '--yes', '--dry-run');
  assert.is(both.code, 2);
  const down = await cli('migrate-data', '--from', '0.7', '--to', '0.5', '--storage', '.');
  assert.is(down.code, 2);
  assert.match(down.stderr, 'error HUB493: --to 0.5 is not newer than --from 0.7');
  const empty = await cli('migrate-data', '--from', '0.5', '--to', '0.7', '--storage', emptyStorage());
  assert.is(empty.code, 2);
  assert.match(empty.stderr, 'error HUB492');
  const help = await cli('migrate-data', '--help');
  assert.is(help.code, 0);
  assert.match(help.stdout, /Examples:\n {2}hubc migrate-data --from 0\.5 --to 0\.7 --storage \.\/storage\n/);
});

test.run();
