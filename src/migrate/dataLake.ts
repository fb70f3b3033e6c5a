/**
 * The hub's Data Lake storage account as a {@link MigrationStorage}, through `@azure/storage-file-datalake`
 * (ADLS Gen2 REST, "Path - List", "Path - Create" with `x-ms-rename-source` for a move, "Path - Update"
 * append/flush, and the Blob service's "Get Blob" the SDK reads with).
 *
 * - list: `GET /{filesystem}?resource=filesystem&recursive=true` (paged by `x-ms-continuation`);
 * - move: the target's folder is created (`PUT ?resource=directory`, `If-None-Match: *`; an existing one
 *   is fine), then the file is renamed (`PUT` on the target with `x-ms-rename-source`), one request,
 *   no data copied;
 * - copy: read (`GET`) and write the file again (`PUT ?resource=file`, `PATCH ?action=append`,
 *   `PATCH ?action=flush&close=true`), streamed;
 * - an empty manifest: `PUT ?resource=file`, then `PATCH ?action=flush&position=0&close=true` (the close
 *   is what raises the blob-created event the hub's `ingestion_ManifestAdded` trigger listens to).
 *
 * Folders emptied by moves stay (an empty directory costs nothing and holds no data). The credential,
 * endpoint and client options come from the caller (the CLI builds a `DefaultAzureCredential`; tests a
 * fixed token and a stand-in's certificate).
 */
import type { TokenCredential } from '@azure/identity';
import { DataLakeServiceClient, type DataLakeFileSystemClient, type StoragePipelineOptions } from '@azure/storage-file-datalake';
import { INGESTION_CONTAINER, type MigrationStorage } from './plan.js';

/** Where the account is and how to reach it. */
export interface DataLakeConnection {
  /** Storage account name. */
  account: string;
  /** Data Lake endpoint, e.g. `https://<account>.dfs.core.windows.net` (no trailing slash). */
  endpoint: string;
  credential: TokenCredential;
  /** Extra pipeline options (tests: `tlsOptions.ca` trusting a stand-in's certificate). */
  clientOptions?: Record<string, unknown>;
}

export { dataLakeEndpoint } from './endpoint.js';

/** The `DataLakeServiceClient` of a connection. */
export function dataLakeClient(c: DataLakeConnection): DataLakeServiceClient {
  return new DataLakeServiceClient(c.endpoint, c.credential, { ...(c.clientOptions ?? {}) } as StoragePipelineOptions);
}

/** A Data Lake account's `ingestion` container. */
export class DataLakeMigrationStorage implements MigrationStorage {
  readonly description: string;
  private readonly fs: DataLakeFileSystemClient;

  constructor(connection: DataLakeConnection) {
    this.description = `account ${connection.account}`;
    this.fs = dataLakeClient(connection).getFileSystemClient(INGESTION_CONTAINER);
  }

  async list(): Promise<string[]> {
    const out: string[] = [];
    for await (const p of this.fs.listPaths({ recursive: true })) if (!p.isDirectory && p.name) out.push(p.name);
    return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async move(from: string, to: string): Promise<void> {
    await this.folder(to);
    await this.fs.getFileClient(from).move(to, { destinationConditions: { ifNoneMatch: '*' } });
  }

  async copy(from: string, to: string): Promise<void> {
    await this.folder(to);
    const read = await this.fs.getFileClient(from).read();
    if (!read.readableStreamBody) throw new Error(`no content read from ${from}`);
    await this.fs.getFileClient(to).uploadStream(read.readableStreamBody as NodeJS.ReadableStream as import('node:stream').Readable, { close: true, conditions: { ifNoneMatch: '*' } });
  }

  async writeEmpty(path: string): Promise<void> {
    await this.folder(path);
    const file = this.fs.getFileClient(path);
    await file.create({ conditions: { ifNoneMatch: '*' } });
    await file.flush(0, { close: true });
  }

  /** Creates the folder of a path when it is missing. */
  private async folder(path: string): Promise<void> {
    const dir = path.slice(0, path.lastIndexOf('/'));
    if (dir) await this.fs.getDirectoryClient(dir).createIfNotExists();
  }
}
