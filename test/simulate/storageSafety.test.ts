/**
 * issue #20 items 4 and 12 for `hubc simulate`: nothing outside `--storage` is read, written or deleted
 * through a symbolic link inside it (a linked `ingestion/Costs`, a linked `rawexports`: HUB467, the folder
 * outside byte for byte unchanged), and two blobs of one export whose file names are equal, in different
 * folders, are a failed outcome (HUB468 naming both) instead of a success that lost the first file's rows.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, readdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compile } from '../../src/compiler/compile.js';
import { simulate, SimulationError } from '../../src/simulate/index.js';
import { cleanStorages, emptyStorage, filesIn, manifestOf, simulationHub, storageFrom } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const build = compile(simulationHub('0.7'), { release: '0.7' });
const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';

test.after.each(() => cleanStorages());

/** Every file under a folder with its bytes, to compare before and after. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(filesIn(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]));
}

const run = (storage: string, event: string) => simulate({ artifacts: build.artifacts, release: '0.7', storage, start: { kind: 'event', path: event }, now: NOW });

test('a linked ingestion/Costs: HUB467, and the folder it points at is untouched (no parquet written, no earlier file deleted)', async () => {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  const outside = emptyStorage();
  // An earlier ingestion in the folder the new one replaces ("Delete Earlier File" removes its files).
  const earlier = join(outside, `2024/05/${SUB}/0f0f0f0f-0000-0000-0000-000000000000__part_0_0001.parquet`);
  mkdirSync(dirname(earlier), { recursive: true });
  writeFileSync(earlier, 'earlier ingestion');
  mkdirSync(join(dir, 'ingestion'), { recursive: true });
  symlinkSync(outside, join(dir, 'ingestion/Costs'));
  const before = snapshot(outside);
  const result = await run(dir, manifestOf(dir));
  assert.equal(snapshot(outside), before, 'nothing outside --storage changed');
  assert.equal(readdirSync(join(outside, `2024/05/${SUB}`)), ['0f0f0f0f-0000-0000-0000-000000000000__part_0_0001.parquet'], 'no temporary file either');
  const d = result.diagnostics.find((x) => x.code === 'HUB467');
  assert.ok(d, JSON.stringify(result.diagnostics));
  assert.match(d!.message, /^ingestion\/Costs in the storage folder .* is a symbolic link; simulate does not follow links out of --storage$/);
  assert.is(result.outcome, 'failed');
  assert.ok(
    filesIn(dir, 'rawexports').some((f) => f.endsWith('part_0_0001.csv')),
    'the export stays',
  );
});

test('a linked rawexports: HUB467 before anything runs, and the export files it points at are not deleted', async () => {
  const real = storageFrom('focuscost-1.0r2-subscription');
  const manifest = manifestOf(real);
  const dir = emptyStorage();
  symlinkSync(join(real, 'rawexports'), join(dir, 'rawexports'));
  const before = snapshot(real);
  const error = await run(dir, manifest).catch((e) => e);
  assert.ok(error instanceof SimulationError, String(error));
  assert.is(error.code, 'HUB467');
  assert.match(error.message, /^rawexports in the storage folder .* is a symbolic link/);
  assert.equal(snapshot(real), before, 'the export files outside --storage are all there, unchanged');
  assert.equal(filesIn(dir, 'ingestion'), []);
});

test('a linked file inside the export folder is refused too, before it is read or deleted', async () => {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  const part = filesIn(dir, 'rawexports').find((f) => f.endsWith('part_1_0001.csv'))!;
  const outside = join(emptyStorage(), 'elsewhere.csv');
  renameSync(join(dir, part), outside);
  symlinkSync(outside, join(dir, part));
  const before = readFileSync(outside);
  const result = await run(dir, manifestOf(dir));
  assert.ok(
    result.diagnostics.some((x) => x.code === 'HUB467'),
    JSON.stringify(result.diagnostics),
  );
  assert.equal(readFileSync(outside), before);
});

test('two blobs with one file name in different folders: HUB468 naming both, outcome failed', async () => {
  const dir = storageFrom('focuscost-1.0r2-subscription');
  const manifestPath = manifestOf(dir);
  const folder = dirname(manifestPath);
  // The same export with each partition in a folder of its own, both named part_0_0001.csv.
  mkdirSync(join(dir, folder, 'a'));
  mkdirSync(join(dir, folder, 'b'));
  renameSync(join(dir, folder, 'part_0_0001.csv'), join(dir, folder, 'a/part_0_0001.csv'));
  renameSync(join(dir, folder, 'part_1_0001.csv'), join(dir, folder, 'b/part_0_0001.csv'));
  const manifest = JSON.parse(readFileSync(join(dir, manifestPath), 'utf8'));
  const prefix = folder.replace(/^rawexports\//, '');
  manifest.blobs = [
    { blobName: `${prefix}/a/part_0_0001.csv`, byteCount: 1 },
    { blobName: `${prefix}/b/part_0_0001.csv`, byteCount: 1 },
  ];
  writeFileSync(join(dir, manifestPath), JSON.stringify(manifest));
  const result = await run(dir, manifestPath);
  const d = result.diagnostics.find((x) => x.code === 'HUB468');
  assert.ok(d, `expected HUB468, got ${JSON.stringify(result.diagnostics)}; outcome ${result.outcome}`);
  assert.is(
    d!.message,
    `ingestion/Costs/2024/05/${SUB}/3b9a1f6e-1c2d-4e5f-8a9b-0c1d2e3f4a51__part_0_0001.parquet was written from ${folder}/a/part_0_0001.csv (run 00000000-0000-4000-8000-000000000002) and then overwritten from ${folder}/b/part_0_0001.csv (run 00000000-0000-4000-8000-000000000003): the rows of the first file are lost`,
  );
  assert.is(result.outcome, 'failed');
});

test.run();
