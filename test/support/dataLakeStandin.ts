/**
 * A local stand-in for the Data Lake Storage Gen2 endpoint of one storage account: an HTTPS server on
 * 127.0.0.1 (the test certificate of `armStandin.ts`, trusted through the SDK's `tlsOptions.ca`) that
 * answers the calls `@azure/storage-file-datalake` makes for `hubc migrate-data` and for reading
 * `config/settings.json`, the way the ADLS Gen2 REST reference documents them, over an in-memory tree of
 * file systems, directories and files, and records every request.
 *
 * Azurite is not used: it serves the Blob service only, not the `dfs` endpoint (Azure/Azurite issue #409,
 * open; hierarchical-namespace support is an open pull request).
 *
 * Calls answered (`x-ms-error-code` and `{ error: { code, message } }` on errors, as the service does):
 * - "Path - List": `GET /{fs}?resource=filesystem&recursive=true[&continuation=...]` -> `{ paths: [...] }`,
 *   `pageSize` paths per page with `x-ms-continuation`; 404 `FilesystemNotFound`
 * - "Path - Create": `PUT /{fs}/{path}?resource=directory|file` (with `If-None-Match: *`: 409
 *   `PathAlreadyExists` when it exists) -> 201; with `x-ms-rename-source: /{fs}/{source}` a rename -> 201
 *   (404 `SourcePathNotFound`, 409 `PathAlreadyExists` for a taken target with `If-None-Match: *`)
 * - "Path - Update": `PATCH ?action=append&position=N` -> 202 (with `Content-MD5`, checked against the body:
 *   400 `Md5Mismatch`); `PATCH ?action=flush&position=N` -> 200 (`x-ms-content-md5` kept as the file's
 *   Content-MD5, not checked, as the service documents)
 * - "Path - Get Properties": `HEAD /{fs}/{path}` -> 200 with Content-Length, Content-MD5 when the file has one
 * - "Path - Delete": `DELETE /{fs}/{path}` -> 200 (404 `PathNotFound`)
 * - "Get Blob" (the SDK reads files through the Blob service): `GET /{fs}/{path}` -> 200 with the bytes (and
 *   Content-MD5 when the file has one)
 *
 * Faults for the tests: {@link DataLakeStandin.failFlushes} flushes of paths matching
 * {@link DataLakeStandin.failFlushOf} are answered with 400 `InvalidFlushOperation` (an answer the SDK does not
 * retry), the data left uncommitted.
 *
 * The SDK addresses an IP host "path style" (`https://127.0.0.1:port/{account}/{fs}/...`) but writes the
 * target of a rename without the account segment; the stand-in accepts both forms.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEST_TOKEN, testCertificate } from './armStandin.js';

/** One recorded request. */
export interface DataLakeRequest {
  method: string;
  /** Path without the account segment, decoded (`/ingestion/a/b.parquet`). */
  path: string;
  /** The query string, sorted by name (`action=flush&close=true&position=0`). */
  query: string;
  renameSource?: string;
  ifNoneMatch?: string;
  authorization?: string;
}

/** A running stand-in for one account. */
export class DataLakeStandin {
  readonly requests: DataLakeRequest[] = [];
  /** Files by `fs/path`. */
  readonly files = new Map<string, Buffer>();
  /** Directories by `fs/path` (file systems are `fs`). */
  readonly dirs = new Set<string>();
  /** Content-MD5 of files by `fs/path` (set by a flush with `x-ms-content-md5`). */
  readonly md5 = new Map<string, string>();
  /** The next this many flushes of paths matching {@link failFlushOf} fail (the data stays uncommitted). */
  failFlushes = 0;
  /** Which flushes {@link failFlushes} applies to (default: every path). */
  failFlushOf = /(?:)/;
  private readonly pending = new Map<string, Buffer>();

  private constructor(
    private readonly server: Server,
    readonly account: string,
    /** PEM of the certificate the server presents. */
    readonly ca: string,
    /** Paths per page of a listing. */
    readonly pageSize: number,
  ) {}

  /** Starts a stand-in with file systems and files (`fs/path` -> content). */
  static async start(account: string, files: Record<string, string | Buffer>, fileSystems: string[] = ['ingestion', 'config'], pageSize = 3): Promise<DataLakeStandin> {
    const { key, cert } = await testCertificate();
    let standin!: DataLakeStandin;
    // A client that gives up mid-request (a deadline under test) resets the connection: the stand-in drops
    // that request instead of failing the test run with an unhandled ECONNRESET.
    const server = createServer({ key, cert }, (req, res) => void standin.handle(req, res).catch(() => res.destroy()));
    server.on('clientError', (_error, socket) => socket.destroy());
    standin = new DataLakeStandin(server, account, cert, pageSize);
    for (const fs of fileSystems) standin.dirs.add(fs);
    for (const [p, content] of Object.entries(files)) standin.putFile(p, Buffer.from(content));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return standin;
  }

  /** The account endpoint the SDK is given: `https://127.0.0.1:<port>/<account>`. */
  get endpoint(): string {
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}/${this.account}`;
  }

  /** Client options that trust the stand-in's certificate. */
  get clientOptions(): { tlsOptions: { ca: string } } {
    return { tlsOptions: { ca: this.ca } };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** `METHOD path?query` of every request, in order. */
  calls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ''}${r.renameSource ? ` <- ${r.renameSource}` : ''}`);
  }

  /** Paths of the files of a file system, sorted. */
  filesIn(fs: string): string[] {
    return [...this.files.keys()]
      .filter((k) => k.startsWith(`${fs}/`))
      .map((k) => k.slice(fs.length + 1))
      .sort();
  }

  private putFile(path: string, content: Buffer): void {
    this.files.set(path, content);
    this.md5.delete(path);
    this.addDir(path.slice(0, path.lastIndexOf('/')));
  }

  /** Adds a directory and its parents (a hierarchical namespace creates the parents of a path). */
  private addDir(path: string): void {
    const seg = path.split('/');
    for (let i = 1; i <= seg.length; i++) this.dirs.add(seg.slice(0, i).join('/'));
  }

  /** The path without the account segment. */
  private local(pathname: string): string {
    const p = decodeURIComponent(pathname);
    return p.startsWith(`/${this.account}/`) ? p.slice(this.account.length + 1) : p === `/${this.account}` ? '/' : p;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const query = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const rename = req.headers['x-ms-rename-source'] as string | undefined;
    const r: DataLakeRequest = { method: req.method ?? '', path: this.local(url.pathname), query, authorization: req.headers.authorization };
    if (rename) r.renameSource = this.local(rename.split('?')[0]);
    if (req.headers['if-none-match']) r.ifNoneMatch = String(req.headers['if-none-match']);
    this.requests.push(r);
    const headers = { 'x-ms-request-id': `req-${this.requests.length}`, 'x-ms-version': '2025-01-05', date: new Date(0).toUTCString() };
    const send = (status: number, json?: unknown, extra: Record<string, string> = {}) => {
      const text = json === undefined ? '' : JSON.stringify(json);
      res.writeHead(status, {
        ...headers,
        ...(json === undefined ? {} : { 'content-type': 'application/json;charset=utf-8' }),
        'content-length': String(Buffer.byteLength(text)),
        ...extra,
      });
      res.end(text);
    };
    const fail = (status: number, code: string, message: string) => send(status, { error: { code, message } }, { 'x-ms-error-code': code });
    if (r.authorization !== `Bearer ${TEST_TOKEN}`) return fail(401, 'InvalidAuthenticationInfo', 'missing or wrong bearer token');
    const path = r.path.replace(/^\/+/, '');
    const fs = path.split('/')[0];
    if (!this.dirs.has(fs)) return fail(404, 'FilesystemNotFound', 'The specified filesystem does not exist.');
    const params = url.searchParams;
    const exists = this.files.has(path) || this.dirs.has(path);
    const stamp = { etag: `"0x${this.requests.length.toString(16)}"`, 'last-modified': new Date(0).toUTCString() };
    if (r.method === 'GET' && params.get('resource') === 'filesystem') return this.list(fs, params, send);
    if (r.method === 'PUT' && rename) {
      const source = r.renameSource!.replace(/^\/+/, '');
      if (!this.files.has(source)) return fail(404, 'SourcePathNotFound', 'The source path for a rename operation does not exist.');
      if (this.files.has(path) && r.ifNoneMatch === '*') return fail(409, 'PathAlreadyExists', 'The specified path already exists.');
      const md5 = this.md5.get(source);
      this.putFile(path, this.files.get(source)!);
      if (md5) this.md5.set(path, md5);
      this.files.delete(source);
      this.md5.delete(source);
      return send(201, undefined, stamp);
    }
    if (r.method === 'PUT' && (params.get('resource') === 'directory' || params.get('resource') === 'file')) {
      if (exists && r.ifNoneMatch === '*') return fail(409, 'PathAlreadyExists', 'The specified path already exists.');
      if (params.get('resource') === 'directory') this.addDir(path);
      else {
        this.putFile(path, Buffer.alloc(0));
        this.pending.set(path, Buffer.alloc(0));
      }
      return send(201, undefined, stamp);
    }
    if (r.method === 'PATCH' && params.get('action') === 'append') {
      if (!this.files.has(path)) return fail(404, 'PathNotFound', 'The specified path does not exist.');
      const sent = req.headers['content-md5'] as string | undefined;
      if (sent && createHash('md5').update(body).digest('base64') !== sent)
        return fail(400, 'Md5Mismatch', 'The MD5 value specified in the request did not match with the MD5 value calculated by the server.');
      this.pending.set(path, Buffer.concat([this.pending.get(path) ?? Buffer.alloc(0), body]));
      return send(202, undefined);
    }
    if (r.method === 'PATCH' && params.get('action') === 'flush') {
      const data = this.pending.get(path) ?? Buffer.alloc(0);
      if (!this.files.has(path) || Number(params.get('position')) !== data.length)
        return fail(
          400,
          'InvalidFlushPosition',
          'The uploaded data is not contiguous or the position query parameter value is not equal to the length of the file after appending the uploaded data.',
        );
      if (this.failFlushes > 0 && this.failFlushOf.test(path)) {
        this.failFlushes--;
        return fail(
          400,
          'InvalidFlushOperation',
          'The resource was created or modified by the Azure Blob Service API and cannot be written to by the Azure Data Lake Storage Service API.',
        );
      }
      this.files.set(path, data);
      this.pending.delete(path);
      const md5 = req.headers['x-ms-content-md5'] as string | undefined;
      if (md5) this.md5.set(path, md5);
      else this.md5.delete(path);
      return send(200, undefined, stamp);
    }
    if ((r.method === 'GET' || r.method === 'HEAD') && !params.get('resource') && !params.get('action')) {
      const data = this.files.get(path);
      if (!data) return r.method === 'HEAD' ? send(404, undefined, { 'x-ms-error-code': 'PathNotFound' }) : fail(404, 'BlobNotFound', 'The specified blob does not exist.');
      const md5 = this.md5.get(path);
      res.writeHead(200, {
        ...headers,
        ...stamp,
        'content-type': 'application/octet-stream',
        'content-length': String(data.length),
        'x-ms-blob-type': 'BlockBlob',
        'x-ms-resource-type': 'file',
        'accept-ranges': 'bytes',
        ...(md5 ? { 'content-md5': md5 } : {}),
      });
      return void res.end(r.method === 'HEAD' ? undefined : data);
    }
    if (r.method === 'DELETE') {
      if (!this.files.has(path)) return fail(404, 'PathNotFound', 'The specified path does not exist.');
      this.files.delete(path);
      this.md5.delete(path);
      this.pending.delete(path);
      return send(200, undefined);
    }
    return fail(400, 'UnsupportedOperation', `the stand-in does not answer ${r.method} ${r.path}?${query}`);
  }

  private list(fs: string, params: URLSearchParams, send: (status: number, json?: unknown, extra?: Record<string, string>) => void): void {
    const all = [
      ...[...this.dirs].filter((d) => d.startsWith(`${fs}/`)).map((d) => ({ name: d.slice(fs.length + 1), isDirectory: 'true', contentLength: '0' })),
      ...this.filesIn(fs).map((f) => ({ name: f, contentLength: String(this.files.get(`${fs}/${f}`)!.length) })),
    ].sort((a, b) => (a.name < b.name ? -1 : 1));
    const start = Number(params.get('continuation') ?? 0);
    const page = all.slice(start, start + this.pageSize).map((p) => ({ ...p, etag: '0x1', lastModified: new Date(0).toUTCString() }));
    const next: Record<string, string> = start + this.pageSize < all.length ? { 'x-ms-continuation': String(start + this.pageSize) } : {};
    send(200, { paths: page }, next);
  }
}
