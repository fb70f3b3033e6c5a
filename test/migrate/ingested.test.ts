/**
 * `hubc migrate-data` never puts a second ingestion of a month into a folder (issue #29, item 4). In the
 * README's own upgrade order (deploy 0.7, then move 0.5's data) the 0.7 triggers ingest the month again
 * under a new ingestion ID before the move; moving 0.5's files of that month into the same folder counted
 * them twice (7 rows where 4 are true), exit 0. A folder that holds data this migration did not put there is
 * refused (HUB485, exit 1) or, with --skip-ingested, skipped (HUB486, a warning); the old files stay.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runHubc } from '../support/cli.js';
import { compile } from '../../src/compiler/compile.js';
import { getRelease } from '../../src/model/releases.js';
import { planMigration, runMigration, type MigrationStorage } from '../../src/migrate/index.js';
import { simulate } from '../../src/simulate/index.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { EXPORTS, cleanStorages, filesIn, manifestOf, storageFrom } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';
const CASE = 'focuscost-1.0r2-subscription';

test.after.each(() => cleanStorages());

/** Converts the example export with a release's pipelines (its manifest relabelled 1.0, which 0.5 converts too). */
async function convert(dir: string, release: string): Promise<void> {
  cpSync(join(EXPORTS, CASE, 'rawexports'), join(dir, 'rawexports'), { recursive: true });
  const manifest = manifestOf(dir);
  writeFileSync(join(dir, manifest), readFileSync(join(dir, manifest), 'utf8').replace('"1.0r2"', '"1.0"'));
  const b = compile(DEFAULT_HUB_YAML, { release });
  const r = await simulate({ artifacts: b.artifacts, release: b.release!, storage: dir, start: { kind: 'event', path: manifest }, now: NOW });
  assert.is(r.outcome, 'succeeded', release);
}

test("the README's upgrade order: 0.7 ingested the month before the move; the move is refused (HUB485, exit 1) and nothing changes", async () => {
  const dir = storageFrom(CASE);
  await convert(dir, '0.5');
  await convert(dir, '0.7');
  const folder = `Costs/2024/05/${SUB}`;
  const before = filesIn(dir, 'ingestion');
  const ids = new Set(
    filesIn(dir, `ingestion/${folder}`)
      .filter((f) => f.endsWith('.parquet'))
      .map((f) => f.split('/').pop()!.split('__')[0]),
  );
  assert.is(ids.size, 1, 'one ingestion of 0.7 in the folder');
  assert.ok(before.includes(`ingestion/${SUB}/202405/focuscost/part_0_0001.parquet`), "0.5's files are there");

  const refused = await runHubc(['migrate-data', '--from', '0.5', '--to', '0.7', '--storage', dir, '--yes']);
  assert.is(refused.code, 1, refused.stdout + refused.stderr);
  assert.match(
    refused.stderr,
    `error HUB485: ${folder} already holds data of 2024-05 this migration did not put there (0.7's ingestion ${[...ids][0]}): moving 2 files of 0.5 into it would count the month twice`,
  );
  assert.match(refused.stderr, '--skip-ingested');
  assert.match(refused.stdout, `  skip ${SUB}/202405/focuscost/part_0_0001.parquet: ${folder} already holds another ingestion of the month`);
  assert.equal(filesIn(dir, 'ingestion'), before, 'nothing moved, no manifest written');

  const skipped = await runHubc(['migrate-data', '--from', '0.5', '--to', '0.7', '--storage', dir, '--yes', '--skip-ingested', '--format', 'json']);
  assert.is(skipped.code, 0, skipped.stdout);
  const out = JSON.parse(skipped.stdout);
  assert.equal(
    out.diagnostics.map((d: { code: string; severity: string }) => [d.code, d.severity]),
    [['HUB486', 'warning']],
  );
  // Skipped: 0.5's two files, and 0.7's own files (not files of the 0.5 layout).
  assert.equal(out.summary, { move: 0, copy: 0, verify: 0, manifest: 0, keep: 0, skip: 5, failed: 0 });
  assert.equal(
    out.items.filter((i: { reason: string }) => i.reason.includes('another ingestion')).map((i: { from: string }) => i.from),
    [0, 1].map((n) => `${SUB}/202405/focuscost/part_${n}_0001.parquet`),
  );
  assert.equal(filesIn(dir, 'ingestion'), before);
});

test('a month 0.7 has not ingested still moves; a folder holding only what an earlier run of the migration moved is not another ingestion', () => {
  const from = getRelease('0.5');
  const to = getRelease('0.7');
  const plan = planMigration(
    [
      `${SUB}/202404/focuscost/a.parquet`,
      `${SUB}/202405/focuscost/b.parquet`,
      `${SUB}/202405/focuscost/c.parquet`,
      // an earlier, interrupted run moved a.parquet of May already
      `Costs/2024/05/${SUB}/.hubc-manifest-pending`,
      `Costs/2024/05/${SUB}/migrated-0.5-202405__a.parquet`,
    ],
    from,
    to,
    { storage: 'listing' },
  );
  assert.equal(plan.ingested, []);
  assert.equal(
    plan.items.filter((i) => i.action === 'move').map((i) => i.to),
    [`Costs/2024/04/${SUB}/migrated-0.5-202404__a.parquet`, `Costs/2024/05/${SUB}/migrated-0.5-202405__b.parquet`, `Costs/2024/05/${SUB}/migrated-0.5-202405__c.parquet`],
  );
});

test("0.6 -> 0.7 keeps the files' own ingestion IDs: a folder with another ID is another ingestion, with the same ID it is not", () => {
  const plan = planMigration(
    [`focuscost/2024/05/${SUB}/run1__x.parquet`, `focuscost/2024/04/${SUB}/run2__y.parquet`, `Costs/2024/05/${SUB}/run3__x.parquet`, `Costs/2024/04/${SUB}/run2__z.parquet`],
    getRelease('0.6'),
    getRelease('0.7'),
    { storage: 'listing' },
  );
  assert.equal(plan.ingested, [{ folder: `Costs/2024/05/${SUB}`, month: '2024-05', found: "0.7's ingestion run3", sources: [`focuscost/2024/05/${SUB}/run1__x.parquet`] }]);
  assert.equal(
    plan.items.filter((i) => i.action === 'move').map((i) => i.to),
    [`Costs/2024/04/${SUB}/run2__y.parquet`],
  );
});

test('layouts without ingestion IDs (0.3 -> 0.4 lower-cases the scope folder): other files in the folder are another ingestion, unless the migration marked the folder as its own', () => {
  const from = getRelease('0.3');
  const to = getRelease('0.4');
  const upper = 'subscriptions/ABC/202405/focuscost/old.parquet';
  const refused = planMigration([upper, 'subscriptions/abc/202405/focuscost/new-export.parquet'], from, to, { storage: 'listing' });
  assert.equal(refused.ingested, [{ folder: 'subscriptions/abc/202405/focuscost', month: '2024-05', found: 'new-export.parquet', sources: [upper] }]);
  assert.is(refused.items.filter((i) => i.action === 'move').length, 0);
  const resumed = planMigration([upper, 'subscriptions/abc/202405/focuscost/.hubc-manifest-pending', 'subscriptions/abc/202405/focuscost/moved-before.parquet'], from, to, {
    storage: 'listing',
  });
  assert.equal(resumed.ingested, []);
  assert.equal(
    resumed.items.filter((i) => i.action === 'move').map((i) => i.to),
    ['subscriptions/abc/202405/focuscost/old.parquet'],
  );
});

test('without ingestion IDs the migration marks each folder it moves files into until the folder is complete, so a killed run is told from another ingestion', async () => {
  const calls: string[] = [];
  const storage: MigrationStorage = {
    description: 'stub',
    list: async () => [],
    move: async (from, to) => void calls.push(`move ${from} -> ${to}`),
    copy: async () => {},
    compare: async () => undefined,
    writeEmpty: async (p) => void calls.push(`write ${p}`),
    remove: async (p) => void calls.push(`remove ${p}`),
  };
  const plan = planMigration(['subscriptions/ABC/202405/focuscost/a.parquet', 'subscriptions/ABC/202405/focuscost/b.parquet'], getRelease('0.3'), getRelease('0.4'), {
    storage: 'stub',
  });
  await runMigration(plan, storage);
  const folder = 'subscriptions/abc/202405/focuscost';
  assert.equal(calls, [
    `write ${folder}/.hubc-manifest-pending`,
    `move subscriptions/ABC/202405/focuscost/a.parquet -> ${folder}/a.parquet`,
    `move subscriptions/ABC/202405/focuscost/b.parquet -> ${folder}/b.parquet`,
    `remove ${folder}/.hubc-manifest-pending`,
  ]);
});

test.run();
