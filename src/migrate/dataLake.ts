/**
 * The hub's Data Lake storage account as a {@link MigrationStorage}, through `@azure/storage-file-datalake`
 * (ADLS Gen2 REST, "Path - List", "Path - Create" with `x-ms-rename-source` for a move, "Path - Update"
 * append/flush, and the Blob service's "Get Blob" the SDK reads with).
 *
 * - list: `GET /{filesystem}?resource=filesystem&recursive=true` (paged by `x-ms-continuation`);
 * - move: the target's folder is created (`PUT ?resource=directory`, `If-None-Match: *`; an existing one
 *   is fine), then the file is renamed (`PUT` on the target with `x-ms-rename-source`), one request,
 *   no data copied;
 * - copy: read (`GET`) and write the file again under a temporary name beside the target
 *   (`.<name>.hubc-<16 hex>.tmp`: `PUT ?resource=file` with `If-None-Match: *`, `PATCH ?action=append`
 *   with each chunk's `Content-MD5`, which the service checks on receipt, then `PATCH ?action=flush&close=true`
 *   with `x-ms-content-md5`, the whole file's MD5, which the service stores as the file's Content-MD5 but
 *   does not check), streamed; then check it (`HEAD`: its Content-Length is the bytes read, its Content-MD5
 *   the MD5 of what was read, and that MD5 the source's own Content-MD5 when the source has one) and rename
 *   it to the target (`If-None-Match: *`). A failed copy deletes its temporary file (`DELETE`);
 * - compare: `HEAD` both; sizes, and the Content-MD5 values when both files have one;
 * - an empty manifest (or marker): `PUT ?resource=file` with `If-None-Match: *` (an existing one is left),
 *   then `PATCH ?action=flush&position=0&close=true` (the close is what raises the blob-created event the
 *   hub's `ingestion_ManifestAdded` trigger listens to).
 *
 * Fault point (src/util/fault.ts): `migrate:copy-flushed` (a copy's temporary file flushed and checked,
 * not yet renamed to its target).
 *
 * Folders emptied by moves stay (an empty directory costs nothing and holds no data). The credential,
 * endpoint and client options come from the caller (the CLI builds a `DefaultAzureCredential`; tests a
 * fixed token and a stand-in's certificate); the connection and the client are src/azure/dataLake.ts's.
 */
import { createHash } from 'node:crypto';
import type { DataLakeFileSystemClient } from '@azure/storage-file-datalake';
import { dataLakeClient, type DataLakeConnection } from '../azure/index.js';
import { faultPoint } from '../util/fault.js';
import { tempPathBeside } from '../util/files.js';
import { INGESTION_CONTAINER, type MigrationStorage, type StoredFile } from './plan.js';

/** Bytes per append request of a copy. */
const APPEND_BYTES = 4 * 1024 * 1024;

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest();

/** The temporary path of a copy to `to` (same folder, unpredictable name). */
const tempOf = (to: string) => tempPathBeside(`/${to}`).slice(1);

/** True for the service's "already exists" answer. */
const exists409 = (e: unknown) => (e as { statusCode?: number }).statusCode === 409;

/** A Data Lake account's `ingestion` container. */
export class DataLakeMigrationStorage implements MigrationStorage {
  readonly description: string;
  private readonly fs: DataLakeFileSystemClient;

  constructor(connection: DataLakeConnection) {
    this.description = `account ${connection.account}`;
    this.fs = dataLakeClient(connection).getFileSystemClient(INGESTION_CONTAINER);
  }

  async list(): Promise<StoredFile[]> {
    const out: StoredFile[] = [];
    for await (const p of this.fs.listPaths({ recursive: true }))
      if (!p.isDirectory && p.name) out.push({ path: p.name, size: p.contentLength, modified: p.lastModified?.getTime() });
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  async move(from: string, to: string): Promise<void> {
    await this.folder(to);
    await this.fs.getFileClient(from).move(to, { destinationConditions: { ifNoneMatch: '*' } });
  }

  async copy(from: string, to: string): Promise<void> {
    await this.folder(to);
    const read = await this.fs.getFileClient(from).read();
    if (!read.readableStreamBody) throw new Error(`no content read from ${from}`);
    const file = this.fs.getFileClient(tempOf(to));
    await file.create({ conditions: { ifNoneMatch: '*' } });
    try {
      const whole = createHash('md5');
      let position = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const append = async () => {
        if (!pendingBytes) return;
        const chunk = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        await file.append(chunk, position, chunk.length, { transactionalContentMD5: md5(chunk) });
        position += chunk.length;
      };
      for await (const c of read.readableStreamBody) {
        const b = Buffer.from(c as Uint8Array);
        whole.update(b);
        pending.push(b);
        pendingBytes += b.length;
        if (pendingBytes >= APPEND_BYTES) await append();
      }
      await append();
      const hash = whole.digest();
      if (read.contentLength !== undefined && read.contentLength !== position) throw new Error(`read ${position} bytes of ${from}, which has ${read.contentLength}`);
      if (read.contentMD5 && !Buffer.from(read.contentMD5).equals(hash)) throw new Error(`what was read of ${from} does not match its Content-MD5`);
      await file.flush(position, { close: true, pathHttpHeaders: { contentMD5: hash } });
      const written = await file.getProperties();
      if (written.contentLength !== position) throw new Error(`the copy of ${from} has ${written.contentLength} bytes, ${position} were read`);
      if (written.contentMD5 && !Buffer.from(written.contentMD5).equals(hash)) throw new Error(`the copy of ${from} does not have the Content-MD5 of what was read`);
      faultPoint('migrate:copy-flushed');
      await file.move(to, { destinationConditions: { ifNoneMatch: '*' } });
    } catch (e) {
      await file.deleteIfExists().catch(() => undefined);
      throw e;
    }
  }

  async compare(a: string, b: string): Promise<string | undefined> {
    const [x, y] = await Promise.all([this.fs.getFileClient(a).getProperties(), this.fs.getFileClient(b).getProperties()]);
    if (x.contentLength !== y.contentLength) return `${y.contentLength} bytes, the source ${x.contentLength}`;
    if (x.contentMD5 && y.contentMD5 && !Buffer.from(x.contentMD5).equals(Buffer.from(y.contentMD5))) return 'same size, different Content-MD5';
    return undefined;
  }

  async writeEmpty(path: string): Promise<void> {
    await this.folder(path);
    const file = this.fs.getFileClient(path);
    try {
      await file.create({ conditions: { ifNoneMatch: '*' } });
    } catch (e) {
      if (exists409(e)) return;
      throw e;
    }
    await file.flush(0, { close: true });
  }

  async remove(path: string): Promise<void> {
    await this.fs.getFileClient(path).deleteIfExists();
  }

  /** Creates the folder of a path when it is missing. */
  private async folder(path: string): Promise<void> {
    const dir = path.slice(0, path.lastIndexOf('/'));
    if (dir) await this.fs.getDirectoryClient(dir).createIfNotExists();
  }
}
