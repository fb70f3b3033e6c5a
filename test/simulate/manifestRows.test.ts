/**
 * The empty-export rule of `<exportContainer>_ExecuteETL` through the simulator: an export is empty when it
 * lists no blobs or its manifest counts 0 blobs or 0 rows, never because a count is missing. The public 14.0
 * also treats `dataRowCount: null` as empty, which the exports API 2025-03-01 (manifest 2024-04-01) writes for
 * ReservationDetails, so those exports were skipped while the run succeeded (microsoft/finops-toolkit #2173,
 * releases-0.9-14.md §1.6): hubc converts them and copies the manifest to ingestion (the public 14.0's
 * `Copy Manifest to Ingestion`, hubc's `Copy Manifest` since 0.7), which starts the Data Explorer load.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compile, type CompileResult } from '../../src/compiler/compile.js';
import { simulate } from '../../src/simulate/index.js';
import { cleanStorages, eventOf, filesIn, readParquetFile, simulationHub, storageFrom } from '../support/simulate.js';

const NOW = '2024-05-15T12:00:00Z';
const RELEASE = '0.8';
let built: CompileResult | undefined;
const build = () => (built ??= compile(simulationHub(RELEASE), { release: RELEASE }));

test.after.each(() => cleanStorages());

/** The ReservationDetails example with its manifest edited as the exports API 2025-03-01 writes it. */
function reservationDetails(edit: (manifest: Record<string, any>) => void): { dir: string; event: string } {
  const dir = storageFrom('reservationdetails-mca-billing-account');
  const event = eventOf(dir);
  const manifest = JSON.parse(readFileSync(join(dir, event), 'utf8'));
  manifest.exportConfig.apiVersion = '2025-03-01';
  edit(manifest);
  writeFileSync(join(dir, event), JSON.stringify(manifest, null, 2));
  return { dir, event };
}

async function run(dir: string, event: string) {
  const b = build();
  assert.ok(b.release, b.diagnostics.map((d) => d.message).join('\n'));
  return simulate({ artifacts: b.artifacts, release: RELEASE, storage: dir, start: { kind: 'event', path: event }, now: NOW });
}

test('dataRowCount null with rows in the files: the export is converted and its manifest copied to ingestion (#2173)', async () => {
  const { dir, event } = reservationDetails((m) => (m.dataRowCount = null));
  const result = await run(dir, event);
  assert.is(result.outcome, 'succeeded');
  const ingested = filesIn(dir, 'ingestion').filter((f) => f.startsWith('ingestion/CommitmentDiscountUsage/2024/05/'));
  const parquet = ingested.filter((f) => f.endsWith('.parquet'));
  assert.is(parquet.length, 1, ingested.join(', '));
  assert.is((await readParquetFile(join(dir, parquet[0]))).rows.length, 2);
  assert.ok(
    ingested.some((f) => f.endsWith('/manifest.json')),
    'the manifest is copied, which starts the Data Explorer load',
  );
  assert.equal(
    result.runs.map((r) => r.pipeline),
    ['rawexports_ExecuteETL', 'ingestion_ExecuteETL'],
  );
});

test('dataRowCount absent is not empty either; blobCount 0 or no blobs is empty: nothing converted, no manifest copied, the run succeeds', async () => {
  const absent = reservationDetails((m) => delete m.dataRowCount);
  assert.ok(filesIn(absent.dir, 'ingestion').length === 0);
  await run(absent.dir, absent.event);
  assert.ok(filesIn(absent.dir, 'ingestion').some((f) => f.endsWith('.parquet')));
  for (const edit of [(m: Record<string, any>) => ((m.blobCount = 0), (m.dataRowCount = null)), (m: Record<string, any>) => ((m.blobs = []), (m.dataRowCount = null))]) {
    const { dir, event } = reservationDetails(edit);
    const result = await run(dir, event);
    assert.is(result.outcome, 'succeeded');
    assert.equal(filesIn(dir, 'ingestion'), []);
    assert.equal(
      result.runs.map((r) => r.pipeline),
      ['rawexports_ExecuteETL'],
    );
  }
});

test.run();
