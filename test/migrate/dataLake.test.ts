/**
 * `hubc migrate-data --account` through `@azure/storage-file-datalake` against the local Data Lake stand-in
 * (`test/support/dataLakeStandin.ts`, HTTPS on 127.0.0.1), signed by the test's fixed-token credential:
 * the requests in order (listing pages, folder creation, renames, manifests; reads and writes for --copy),
 * the tree afterwards, the token audience, and that nothing left 127.0.0.1.
 */
import { test } from 'uvu';
import { createHash } from 'node:crypto';
import * as assert from 'uvu/assert';
import { runHubc } from '../support/cli.js';
import { DataLakeStandin } from '../support/dataLakeStandin.js';
import { FixedTokenCredential, RequestWatch } from '../support/azureTest.js';

const ACCOUNT = 'finopsstoreabc123';
const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';
const OLD = {
  [`ingestion/${SUB}/202405/focuscost/part_0.parquet`]: 'PAR1-a',
  [`ingestion/${SUB}/202405/focuscost/part_1.parquet`]: 'PAR1-b',
  [`ingestion/${SUB}/202404/focuscost/part_0.parquet`]: 'PAR1-c',
  'ingestion/readme.txt': 'not data',
};

async function migrate(standin: DataLakeStandin, ...more: string[]) {
  const credential = new FixedTokenCredential();
  const watch = new RequestWatch();
  try {
    const r = await runHubc(['migrate-data', '--from', '0.5', '--to', '0.7', '--account', ACCOUNT, '--dfs-endpoint', standin.endpoint, ...more], {
      azure: { credential, storageClientOptions: standin.clientOptions },
    });
    return { ...r, credential, hosts: watch.hosts };
  } finally {
    watch.close();
  }
}

test('a dry run only lists the container (three pages)', async () => {
  const s = await DataLakeStandin.start(ACCOUNT, OLD);
  try {
    const r = await migrate(s);
    assert.is(r.code, 0, r.stderr);
    assert.ok(
      s.calls().every((c) => c.startsWith('GET /ingestion?') && c.includes('recursive=true') && c.includes('resource=filesystem')),
      s.calls().join('\n'),
    );
    assert.ok(s.calls().length >= 3, 'the listing is paged by x-ms-continuation');
    assert.match(r.stdout, '3 to move, 2 manifests to add, 0 kept, 1 skipped.');
    assert.equal(
      s.filesIn('ingestion'),
      Object.keys(OLD)
        .map((k) => k.slice('ingestion/'.length))
        .sort(),
    );
  } finally {
    await s.stop();
  }
});

test("--yes renames every file into the 0.7 layout, then writes each folder's manifest (create, flush with close)", async () => {
  const s = await DataLakeStandin.start(ACCOUNT, OLD);
  try {
    const r = await migrate(s, '--yes');
    assert.is(r.code, 0, r.stderr);
    const apr = `Costs/2024/04/${SUB}`;
    const may = `Costs/2024/05/${SUB}`;
    const writes = s.calls().filter((c) => !c.startsWith('GET'));
    const pending = (folder: string) => [
      `PUT /ingestion/${folder}?resource=directory`,
      `PUT /ingestion/${folder}/.hubc-manifest-pending?resource=file`,
      `PATCH /ingestion/${folder}/.hubc-manifest-pending?action=flush&close=true&position=0`,
    ];
    const manifest = (folder: string) => [
      `PUT /ingestion/${folder}?resource=directory`,
      `PUT /ingestion/${folder}/manifest.json?resource=file`,
      `PATCH /ingestion/${folder}/manifest.json?action=flush&close=true&position=0`,
      `DELETE /ingestion/${folder}/.hubc-manifest-pending?paginated=false`,
    ];
    assert.equal(writes, [
      ...pending(apr),
      `PUT /ingestion/${apr}?resource=directory`,
      `PUT /ingestion/${apr}/migrated-0.5-202404__part_0.parquet?mode=legacy <- /ingestion/${SUB}/202404/focuscost/part_0.parquet`,
      ...manifest(apr),
      ...pending(may),
      `PUT /ingestion/${may}?resource=directory`,
      `PUT /ingestion/${may}/migrated-0.5-202405__part_0.parquet?mode=legacy <- /ingestion/${SUB}/202405/focuscost/part_0.parquet`,
      `PUT /ingestion/${may}?resource=directory`,
      `PUT /ingestion/${may}/migrated-0.5-202405__part_1.parquet?mode=legacy <- /ingestion/${SUB}/202405/focuscost/part_1.parquet`,
      ...manifest(may),
    ]);
    const renames = s.requests.filter((q) => q.renameSource);
    assert.ok(
      renames.every((q) => q.ifNoneMatch === '*'),
      'a rename never replaces a file',
    );
    assert.equal(s.filesIn('ingestion'), [
      `${apr}/manifest.json`,
      `${apr}/migrated-0.5-202404__part_0.parquet`,
      `${may}/manifest.json`,
      `${may}/migrated-0.5-202405__part_0.parquet`,
      `${may}/migrated-0.5-202405__part_1.parquet`,
      'readme.txt',
    ]);
    assert.is(s.files.get(`ingestion/${may}/migrated-0.5-202405__part_1.parquet`)!.toString(), 'PAR1-b');
    assert.is(s.files.get(`ingestion/${may}/manifest.json`)!.length, 0);
    for (const q of s.requests) assert.is(q.authorization, 'Bearer hubc-test-token');
    assert.ok(
      r.credential.scopes.every((sc) => sc.join() === 'https://storage.azure.com/.default'),
      JSON.stringify(r.credential.scopes),
    );
    assert.equal([...new Set(r.hosts)], ['127.0.0.1']);
  } finally {
    await s.stop();
  }
});

test("--copy reads each file and writes it under a temporary name (create, append with Content-MD5, flush with the file's MD5), checks it and renames it, leaving the original", async () => {
  const s = await DataLakeStandin.start(ACCOUNT, { [`ingestion/${SUB}/202405/focuscost/part_0.parquet`]: 'PAR1-a' });
  try {
    const r = await migrate(s, '--yes', '--copy');
    assert.is(r.code, 0, r.stderr);
    const target = `/ingestion/Costs/2024/05/${SUB}/migrated-0.5-202405__part_0.parquet`;
    const calls = s.calls().filter((c) => c.includes('part_0'));
    const temp = /PUT (\S+\.hubc-\d+\.\d+\.[0-9a-f]{8}-[0-9a-f]{16}\.tmp)\?resource=file/.exec(calls[1])?.[1];
    assert.ok(temp?.startsWith(`/ingestion/Costs/2024/05/${SUB}/.migrated-0.5-202405__part_0.parquet.hubc-`), calls[1]);
    assert.equal(calls, [
      `GET /ingestion/${SUB}/202405/focuscost/part_0.parquet`,
      `PUT ${temp}?resource=file`,
      `PATCH ${temp}?action=append&position=0`,
      `PATCH ${temp}?action=flush&close=true&position=6`,
      `HEAD ${temp}`,
      `PUT ${target}?mode=legacy <- ${temp}`,
    ]);
    assert.is(s.files.get(target.slice(1))!.toString(), 'PAR1-a');
    assert.is(s.md5.get(target.slice(1)), createHash('md5').update('PAR1-a').digest('base64'), 'the copy carries the MD5 of what was read');
    assert.ok(s.files.has(`ingestion/${SUB}/202405/focuscost/part_0.parquet`));
  } finally {
    await s.stop();
  }
});

test('a target that exists is compared with its source, not trusted: a different one fails (HUB494) and its folder gets no manifest; an account without the ingestion container is HUB492 (exit 2)', async () => {
  const s = await DataLakeStandin.start(ACCOUNT, { [`ingestion/${SUB}/202405/focuscost/a.parquet`]: 'x', [`ingestion/Costs/2024/05/${SUB}/migrated-0.5-202405__a.parquet`]: 'yy' });
  try {
    const r = await migrate(s, '--yes');
    assert.is(r.code, 1);
    assert.match(
      r.stderr,
      `error HUB494: verify ${SUB}/202405/focuscost/a.parquet -> Costs/2024/05/${SUB}/migrated-0.5-202405__a.parquet failed: Costs/2024/05/${SUB}/migrated-0.5-202405__a.parquet exists and differs from ${SUB}/202405/focuscost/a.parquet (2 bytes, the source 1)`,
    );
    assert.not.ok(s.calls().some((c) => c.includes('mode=legacy')));
    assert.not.ok(s.files.has(`ingestion/Costs/2024/05/${SUB}/manifest.json`));
  } finally {
    await s.stop();
  }
  const none = await DataLakeStandin.start(ACCOUNT, {}, ['config']);
  try {
    const r = await migrate(none);
    assert.is(r.code, 2);
    assert.match(r.stderr, /error HUB492: cannot list the ingestion container of account finopsstoreabc123/);
  } finally {
    await none.stop();
  }
});

test.run();
