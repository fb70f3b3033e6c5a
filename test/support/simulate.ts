/**
 * Test helpers for `hubc simulate`: fresh storage folders from the example exports, the manifest of a
 * case, and an independent parquet reader (`@dsnp/parquetjs`, not the library the simulator writes with).
 *
 * `@dsnp/parquetjs` 1.8.8 declares `@zenfs/core` ^2, whose dependencies (`utilium` 3, `@zenfs/streams`)
 * require Node 22; package.json `overrides` pins it to 1.11.4 (Node >= 18). Only the package's browser
 * bundles use `@zenfs/core` (its Node build in `dist/lib` never imports it), so the reader is unchanged.
 * Its newer releases (1.8.9+) require Node 24; `hyparquet` is not an option (the simulator itself reads parquet with it).
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import parquet from '@dsnp/parquetjs';
import type { Engine } from '../../src/simulate/engine.js';
import type { Factory } from '../../src/simulate/factory.js';
import { LocalStorage } from '../../src/simulate/storage.js';
import { Responses } from '../../src/simulate/responses.js';
import { ColumnarEngine } from '../../src/simulate/duckdb.js';
import { fullHubYaml, hubYaml } from './hubs.js';
import { getRelease, has } from '../../src/model/releases.js';

/** Folder of the example exports (one storage folder per case; `hubc simulate --example` copies them). */
export const EXPORTS = new URL('../../examples/exports/', import.meta.url).pathname;
/** Folder of the other simulate fixtures (settings files, responses files). */
export const SIMULATE_FIXTURES = new URL('../fixtures/simulate/', import.meta.url).pathname;

/** The default hub with a Data Explorer cluster (so the ingestion_* pipelines and trigger exist). */
export const DATA_EXPLORER_HUB = hubYaml({
  dataExplorer: { name: 'hubadx', sku: { name: 'Dev(No SLA)_Standard_E2a_v4', tier: 'Basic', capacity: 1 }, databases: { ingestion: 'Ingestion', hub: 'Hub' } },
});

/**
 * The hub the export tests simulate for a release: 0.7 with a Data Explorer cluster ({@link DATA_EXPLORER_HUB});
 * earlier releases with every component they have, but no remote hub (so converted files stay in this hub).
 */
export function simulationHub(release: string): string {
  if (release === '0.7') return DATA_EXPLORER_HUB;
  return has(getRelease(release), 'remoteHub') ? fullHubYaml(release, { remoteHub: { storageUri: '' } }) : fullHubYaml(release);
}

/**
 * A simulation engine for running one factory's pipelines in a test: the storage folder `dir`, no
 * responses file, the clock at 2024-05-15T12:00:00Z, at most `maxRuns` pipeline runs, its own columnar
 * engine (the test closes it: `engine.columnar.close()`).
 */
export function testEngine(factory: Factory, dir: string, maxRuns = 5): Engine {
  return {
    factory,
    storage: new LocalStorage(dir),
    responses: new Responses(),
    now: '2024-05-15T12:00:00.000Z',
    maxRuns,
    runCount: 0,
    runLimitHit: false,
    waitedSeconds: 0,
    requests: [],
    commands: [],
    diagnostics: [],
    factoryName: 'test',
    guidCount: 0,
    columnar: new ColumnarEngine(),
  };
}

const made: string[] = [];

/** A new empty storage folder (removed by {@link cleanStorages}). */
export function emptyStorage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-sim-'));
  made.push(dir);
  return dir;
}

/** A new storage folder holding a copy of an example export case. */
export function storageFrom(exportCase: string): string {
  const dir = emptyStorage();
  cpSync(join(EXPORTS, exportCase), dir, { recursive: true });
  return dir;
}

/** Removes every storage folder made by this file's tests. */
export function cleanStorages(): void {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Paths (container first) of the files under `sub` of a storage folder, sorted. */
export function filesIn(dir: string, sub = ''): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(dir, p).split('\\').join('/'));
    }
  };
  try {
    walk(join(dir, sub));
  } catch (e) {
    // Only a folder that does not exist is "no files"; anything else (a path that is a file, no permission)
    // is an error of the test, which an empty list would hide.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return out.sort();
}

/** The export manifest of a storage folder (path container first). */
export function manifestOf(dir: string): string {
  const m = filesIn(dir, 'rawexports').find((f) => f.endsWith('/manifest.json'));
  if (!m) throw new Error(`no manifest in ${dir}`);
  return m;
}

/**
 * The blob whose creation starts a case: its export manifest (releases 0.4+), else its one CSV file
 * (the cases of releases 0.1-0.3, found by path). Path container first.
 */
export function eventOf(dir: string): string {
  const files = filesIn(dir, 'rawexports');
  const manifest = files.find((f) => f.endsWith('/manifest.json'));
  if (manifest) return manifest;
  const csv = files.filter((f) => f.endsWith('.csv'));
  if (csv.length !== 1) throw new Error(`${dir} holds no manifest and ${csv.length} CSV files`);
  return csv[0];
}

/** A parquet file as the independent reader sees it: column names, physical/logical types, rows. */
export async function readParquetFile(path: string): Promise<{ columns: string[]; types: Record<string, string>; rows: Record<string, unknown>[] }> {
  const reader = await parquet.ParquetReader.openFile(path);
  try {
    const fields = reader.getSchema().fields as Record<string, { primitiveType?: string; originalType?: string }>;
    const columns = Object.keys(fields);
    const types = Object.fromEntries(columns.map((c) => [c, fields[c].originalType ?? fields[c].primitiveType ?? '']));
    const rows: Record<string, unknown>[] = [];
    const cursor = reader.getCursor();
    for (let row = await cursor.next(); row; row = await cursor.next()) rows.push(row as Record<string, unknown>);
    return { columns, types, rows };
  } finally {
    await reader.close();
  }
}

/** A DECIMAL(38,18) value read as a 16-byte big-endian buffer, as a number. */
export function decimal18(v: unknown): number {
  const b = v as Buffer;
  let n = BigInt.asIntN(128, BigInt(`0x${Buffer.from(b).toString('hex')}`));
  return Number(n) / 1e18;
}
