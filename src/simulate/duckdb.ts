/**
 * The columnar engine behind the Copy activity: DuckDB (`@duckdb/node-api`, whose native engine ships
 * inside its npm package) with one database in memory per process, opened on the first conversion.
 * DuckDB is an optional dependency of hubc (native, one package per platform; an install without the
 * registry leaves it out): when it cannot be loaded, the first conversion stops the simulation with HUB020,
 * which says how to install it (issue #30, item 2). It
 * reads CSV (gzip too) and parquet and writes parquet out of core, in bounded memory: `memory_limit`
 * (default 2 GB, `HUBC_SIMULATE_MEMORY` to change; what it bounds is below {@link DEFAULT_MEMORY_LIMIT}) with spill files in a private temporary folder (never
 * the current folder, removed at exit), `preserve_insertion_order` on so the rows of the written file keep
 * the order of the source, and no extension installed or loaded from the network. Simulations in one
 * process (the tests run hundreds) share the database; each conversion has its own connection, so the
 * conversions of a concurrent ForEach run side by side under the one memory limit.
 * hubc keeps the Data Factory semantics (`./sql.ts`, `./convert.ts`); DuckDB only runs them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { codes } from '../diagnostics/index.js';
import { DUCKDB_VERSION } from '../util/version.js';
import { SimulationError } from './values.js';

/**
 * Memory DuckDB may use (its `memory_limit`), unless `HUBC_SIMULATE_MEMORY` says otherwise.
 *
 * The limit also decides how many threads write a parquet file: DuckDB's order-keeping parquet COPY asks
 * for 4 MiB per column per writing thread out of at most a quarter of the limit, and runs one thread when it
 * gets less. At 512 MB a cost export of 96 columns was converted on one thread (half the speed on two
 * cores); 2 GB lets two threads write it. What the COPY really holds is far less: the rows read ahead of the
 * row group being written, bounded by the same quarter; measured peak RSS of a whole `hubc simulate` of a
 * 1 GB export is ~550 MiB at 2 GB and at 4 GB alike (docs/performance.md).
 */
export const DEFAULT_MEMORY_LIMIT = '2GB';

let shared: Promise<DuckDBInstance> | undefined;
let names = 0;

/**
 * DuckDB's Node package, loaded on first use.
 * @throws SimulationError HUB020 when it is not installed or its native binding does not load
 */
async function loadDuckDB(): Promise<typeof import('@duckdb/node-api')> {
  try {
    return await import('@duckdb/node-api');
  } catch (e) {
    const detail = String((e as Error)?.message ?? e).split('\n')[0];
    throw new SimulationError(codes.HUB020.raise({ version: DUCKDB_VERSION, detail }));
  }
}

async function open(): Promise<DuckDBInstance> {
  const { DuckDBInstance } = await loadDuckDB();
  const spill = mkdtempSync(join(tmpdir(), 'hubc-duckdb-'));
  process.once('exit', () => rmSync(spill, { recursive: true, force: true }));
  return DuckDBInstance.create(':memory:', {
    memory_limit: process.env.HUBC_SIMULATE_MEMORY || DEFAULT_MEMORY_LIMIT,
    temp_directory: spill,
    preserve_insertion_order: 'true',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
}

/** A simulation's handle on the engine: connections, unique names, and their release at the end. */
export class ColumnarEngine {
  private readonly open = new Set<DuckDBConnection>();

  /** A new connection (one per conversion); closed by the caller, or by {@link close}. */
  async connect(): Promise<DuckDBConnection> {
    shared ??= open();
    const connection = await (await shared).connect();
    this.open.add(connection);
    const close = connection.closeSync.bind(connection);
    connection.closeSync = () => {
      this.open.delete(connection);
      close();
    };
    return connection;
  }

  /** A name no other object of the database has (`prefix_<n>`), for per-conversion tables. */
  uniqueName(prefix: string): string {
    names += 1;
    return `${prefix}_${names}`;
  }

  /** Closes the connections this simulation left open (the database stays for the next simulation). */
  async close(): Promise<void> {
    for (const c of Array.from(this.open)) c.closeSync();
  }
}
