/**
 * A hub's Data Lake storage account: how to reach it (a {@link DataLakeConnection}: account, endpoint,
 * credential, client options), its SDK client (`@azure/storage-file-datalake`), and the one file other
 * commands read from it, the hub's `config/settings.json` (`hubc deploy --upgrade` and `hubc import` read
 * the installed release and its settings from it; `hubc migrate-data` moves data with the same client,
 * src/migrate/dataLake.ts). The credential, endpoint and options come from the caller.
 */
import type { TokenCredential } from '@azure/identity';
import { DataLakeServiceClient, type StoragePipelineOptions } from '@azure/storage-file-datalake';
import { formatBytes, INPUT_LIMITS } from '../util/inputFiles.js';

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

/** The `DataLakeServiceClient` of a connection. */
export function dataLakeClient(c: DataLakeConnection): DataLakeServiceClient {
  return new DataLakeServiceClient(c.endpoint, c.credential, { ...c.clientOptions } as StoragePipelineOptions);
}

/**
 * A hub's `config/settings.json`, parsed, read from its Data Lake. At most one byte past the JSON input
 * limit is asked for (a ranged read), so a huge blob costs nothing.
 * @throws Error when it is larger than the limit or not JSON; the SDK's error when it cannot be read
 */
export async function readSettingsJson(c: DataLakeConnection, abortSignal?: AbortSignal): Promise<unknown> {
  const file = dataLakeClient(c).getFileSystemClient('config').getFileClient('settings.json');
  const body = (await file.read(0, INPUT_LIMITS.json + 1, abortSignal ? { abortSignal } : undefined)).readableStreamBody;
  const chunks: Buffer[] = [];
  let size = 0;
  if (body) {
    for await (const c of body) {
      chunks.push(Buffer.from(c as Uint8Array));
      size += chunks[chunks.length - 1].length;
      if (size > INPUT_LIMITS.json) throw new Error(`it is larger than ${formatBytes(INPUT_LIMITS.json)}, the most hubc reads from such a file`);
    }
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}
