/**
 * The validate cache keys on the content of the ARM schema files (issue #20, finding 14): a schema edit
 * whose modification time is restored used to be answered "clean (results from the cache)" while
 * `--no-cache` reported HUB301. Each file's hash is remembered by size, times, inode and device only as a
 * shortcut, which the change time (moved by any write and by `utimes`) and the "racily clean" rule keep
 * honest, and which loading the schemas re-verifies.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, symlinkSync, mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openResultCache } from '../../src/cache/index.js';
import { SchemaFileHashes, schemaFolderDigest, type SchemaFileRecord } from '../../src/validators/armSchema/folders.js';
import { validateOutputCached } from '../../src/validate/cached.js';
import { validationRunKey } from '../../src/validate/runKey.js';
import { compiled, templateOf } from '../support/hubs.js';
import { sharedArmSchemas } from '../support/sharedData.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-digest-'));
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** A whole second in the past (utimes sets whole seconds exactly). */
const PINNED = 1_700_000_000;
/** Sets a file's access and modification times to {@link PINNED}. */
const pin = (file: string) => utimesSync(file, PINNED, PINNED);

/** Rewrites a pinned file with same-length content and puts its modification time back, as `touch -r` would. */
function editKeepingTimes(file: string, from: string, to: string): void {
  assert.is(from.length, to.length);
  const st = statSync(file);
  assert.is(st.mtimeMs, PINNED * 1000, 'pinned before');
  const text = readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${from} is in ${file}`);
  writeFileSync(file, text.replace(from, to));
  pin(file);
  assert.is(statSync(file).mtimeMs, st.mtimeMs);
  assert.is(statSync(file).size, st.size);
}

/** A schema folder with the template schema and one provider file. */
function tinyFolder(name: string): { dir: string; file: string } {
  const dir = join(work, name);
  mkdirSync(join(dir, 'schemas', '2019-04-01'), { recursive: true });
  const file = join(dir, 'schemas', '2019-04-01', 'deploymentTemplate.json');
  writeFileSync(file, '{"id":"a","enum":["TLS1_2"]}\n');
  pin(file);
  return { dir, file };
}

test('the run key changes when a schema file is edited and its modification time restored', () => {
  const { dir, file } = tinyFolder('run-key');
  const input = { file: 'hub.yaml', text: 'release: "0.7"\n', lint: true, schemasDir: dir };
  const before = validationRunKey(input);
  assert.is(validationRunKey(input), before, 'unchanged: same key');
  editKeepingTimes(file, 'TLS1_2', 'TLS1_X');
  assert.is.not(validationRunKey(input), before);
});

test('a kept hash is used without reading the file while size, times, inode and device hold', () => {
  const { dir, file } = tinyFolder('shortcut');
  const st = statSync(file);
  const planted = 'f'.repeat(64);
  const record: SchemaFileRecord = {
    path: file,
    size: st.size,
    mtimeMs: st.mtimeMs,
    ctimeMs: st.ctimeMs,
    ino: st.ino,
    dev: st.dev,
    sha256: planted,
    hashedAt: Date.now() + 10_000,
  };
  const hashes = new SchemaFileHashes();
  hashes.load([record]);
  assert.is(hashes.hashOf(file), planted, 'the record is trusted: the file was not read');
  assert.is(schemaFolderDigest(dir, hashes), `schemas/2019-04-01/deploymentTemplate.json:${planted}`);
  editKeepingTimes(file, 'TLS1_2', 'TLS1_Y');
  assert.is(hashes.hashOf(file), sha(readFileSync(file, 'utf8')), 'the change time moved: read and hashed again');
  assert.ok(hashes.changed);
});

test('a record taken less than 2 s after the file last changed is not trusted ("racily clean")', () => {
  const { file } = tinyFolder('racy');
  const st = statSync(file);
  const hashes = new SchemaFileHashes();
  hashes.load([{ path: file, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, dev: st.dev, sha256: 'e'.repeat(64), hashedAt: st.ctimeMs + 500 }]);
  assert.is(hashes.hashOf(file), sha(readFileSync(file, 'utf8')));
});

test('loading the schemas re-verifies the shortcut: a wrong kept hash is replaced by the loaded content', () => {
  const { file } = tinyFolder('verify');
  const hashes = new SchemaFileHashes();
  const st = statSync(file);
  hashes.load([{ path: file, size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino, dev: st.dev, sha256: 'd'.repeat(64), hashedAt: Date.now() + 10_000 }]);
  const text = readFileSync(file, 'utf8');
  assert.ok(hashes.verify(file, st, text, Date.now()), 'the kept hash was wrong');
  assert.is(hashes.take()[0].sha256, sha(text));
});

test('a schema folder with a link back to itself is listed once; a file that is not a regular file makes the digest say so, without blocking', () => {
  const { dir } = tinyFolder('fifo');
  symlinkSync('..', join(dir, 'schemas', '2019-04-01', 'loop'));
  assert.is(schemaFolderDigest(dir, new SchemaFileHashes()).split('|').length, 1);
  execFileSync('mkfifo', [join(dir, 'schemas', '2019-04-01', 'x.json')]);
  assert.match(schemaFolderDigest(dir, new SchemaFileHashes()), /x\.json:unreadable: cannot read .*x\.json: it is a FIFO/);
});

// End to end on the cached validation, with a template of the storage accounts only (fast).
const full = compiled();
const template = templateOf(full) as { resources: { type: string; apiVersion: string }[] };
const storageOnly = { ...template, resources: template.resources.filter((r) => r.type === 'Microsoft.Storage/storageAccounts') };
/** The API version the storage accounts use (src/modules/core/apiVersions.ts). */
const storageApi = storageOnly.resources[0].apiVersion;
const result = { ...full, contributions: [], artifacts: new Map([['azuredeploy.json', `${JSON.stringify(storageOnly, null, 2)}\n`]]) };
const schemas = sharedArmSchemas([storageOnly]);
schemas.catch(() => undefined);

test('validate: an edited schema with its time restored is validated again (HUB301), not answered from the cache', async () => {
  const dir = join(work, 'copy');
  cpSync(await schemas, dir, { recursive: true });
  const storage = join(dir, 'schemas', storageApi, 'Microsoft.Storage.json');
  chmodSync(storage, 0o644); // the shared copy is read-only
  pin(storage);
  const cache = openResultCache(join(work, 'results'));
  const first = await validateOutputCached(result, { schemasDir: dir, cache, worker: false });
  assert.is(first.report.template, 'validated');
  assert.not.ok(
    first.diagnostics.some((d) => d.code === 'HUB301'),
    'clean with the official schemas',
  );
  assert.is((await validateOutputCached(result, { schemasDir: dir, cache, worker: false })).report.template, 'cached');
  editKeepingTimes(storage, '"TLS1_2"', '"TLS9_2"');
  const again = await validateOutputCached(result, { schemasDir: dir, cache, worker: false });
  assert.is(again.report.template, 'validated');
  assert.ok(
    again.diagnostics.some((d) => d.code === 'HUB301' && /minimumTlsVersion/.test(`${d.path} ${d.message}`)),
    JSON.stringify(again.diagnostics),
  );
});

test.run();
