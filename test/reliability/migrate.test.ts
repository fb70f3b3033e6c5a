/**
 * `hubc migrate-data` under kills, failed requests and hostile folders (issue #20, findings 3 and 13):
 * locally and against the Data Lake stand-in, in move and copy mode, a child killed mid-run and the same
 * command again end with every file at its target, checked, and each folder's manifest written after its
 * files; a truncated target left by an earlier run is found, not trusted; one failed flush leaves no empty
 * target; two old files for one target move the one the old release read and name both (HUB489); links in
 * the storage folder are never followed out of it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runHubc } from '../support/cli.js';
import { runChild } from '../support/crash.js';
import { DataLakeStandin } from '../support/dataLakeStandin.js';
import { FixedTokenCredential } from '../support/azureTest.js';
import { TEST_TOKEN } from '../support/armStandin.js';
import { cleanStorages, emptyStorage, filesIn } from '../support/simulate.js';

const SUB = 'subscriptions/00000000-0000-0000-0000-0000000000a1';
const ACCOUNT = 'finopsstoreabc123';
const MAY = `Costs/2024/05/${SUB}`;
const APR = `Costs/2024/04/${SUB}`;
/** Three 0.5 files in two target folders, each with distinct bytes. */
const OLD: Record<string, string> = {
  [`${SUB}/202404/focuscost/part_0.parquet`]: 'PAR1-april-0'.repeat(50),
  [`${SUB}/202405/focuscost/part_0.parquet`]: 'PAR1-may-0'.repeat(70),
  [`${SUB}/202405/focuscost/part_1.parquet`]: 'PAR1-may-1'.repeat(90),
};
/** Where each lands in 0.7, and the manifests, when the migration is complete. */
const DONE = [
  `${APR}/manifest.json`,
  `${APR}/migrated-0.5-202404__part_0.parquet`,
  `${MAY}/manifest.json`,
  `${MAY}/migrated-0.5-202405__part_0.parquet`,
  `${MAY}/migrated-0.5-202405__part_1.parquet`,
];
/** The 0.7 path of a 0.5 file of {@link SUB}. */
const targetOf = (old: string) => old.replace(/^.+\/(\d{4})(\d{2})\/focuscost\/(.+)$/, `Costs/$1/$2/${SUB}/migrated-0.5-$1$2__$3`);

function localStorage(files: Record<string, string> = OLD): string {
  const dir = emptyStorage();
  for (const [p, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, 'ingestion', p)), { recursive: true });
    writeFileSync(join(dir, 'ingestion', p), content);
  }
  return dir;
}
const migrateArgs = (...more: string[]) => ['migrate-data', '--from', '0.5', '--to', '0.7', '--yes', ...more];
const ingestionFiles = (dir: string) => filesIn(dir, 'ingestion').map((f) => f.slice('ingestion/'.length));

/** The complete result: every file at its target with its bytes, the manifests, nothing else of ours. */
function assertComplete(files: string[], read: (p: string) => string, copy: boolean, what: string): void {
  const expected = [...DONE, ...(copy ? Object.keys(OLD) : [])].sort();
  assert.equal([...files].sort(), expected, what);
  for (const [old, content] of Object.entries(OLD)) assert.is(read(targetOf(old)), content, `${what}: ${targetOf(old)} whole`);
  for (const m of DONE.filter((f) => f.endsWith('manifest.json'))) assert.is(read(m), '', what);
}

test.after.each(() => cleanStorages());

test('local, move and copy: killed after an item (and with a copy flushed but not renamed), the same command again completes it, manifests included', async () => {
  for (const mode of ['move', 'copy'] as const) {
    const dir = localStorage();
    const more = mode === 'copy' ? ['--copy'] : [];
    // Items: folder 04 (its file, its manifest), folder 05 (two files, its manifest). Each kill starts from the last.
    const faults = mode === 'copy' ? ['migrate:copy-flushed@2', 'migrate:item-done@1'] : ['migrate:item-done@1', 'migrate:item-done@3'];
    for (const fault of faults) {
      const killed = await runChild(migrateArgs('--storage', dir, ...more), { fault });
      assert.is(killed.signal, 'SIGKILL', `${mode} ${fault}: ${killed.stderr}`);
      for (const f of ingestionFiles(dir))
        if (f.endsWith('.parquet')) assert.ok(Object.values(OLD).includes(readFileSync(join(dir, 'ingestion', f), 'utf8')), `${mode} ${fault}: ${f} is whole`);
    }
    const again = await runHubc(migrateArgs('--storage', dir, ...more));
    assert.is(again.code, 0, again.stderr + again.stdout);
    assertComplete(ingestionFiles(dir), (p) => readFileSync(join(dir, 'ingestion', p), 'utf8'), mode === 'copy', mode);
    const third = await runHubc(migrateArgs('--storage', dir, ...more));
    assert.is(third.code, 0, third.stderr);
    assert.equal(ingestionFiles(dir).sort(), [...DONE, ...(mode === 'copy' ? Object.keys(OLD) : [])].sort(), `${mode}: a third run changes nothing`);
  }
});

test('finding 3: a move killed after its last file, before the manifest: the same command again writes the manifest', async () => {
  const dir = localStorage({ [`${SUB}/202405/focuscost/part_0.parquet`]: 'PAR1-only' });
  const killed = await runChild(migrateArgs('--storage', dir), { fault: 'migrate:item-done@1' });
  assert.is(killed.signal, 'SIGKILL');
  assert.equal(ingestionFiles(dir), [`${MAY}/.hubc-manifest-pending`, `${MAY}/migrated-0.5-202405__part_0.parquet`]);
  const again = await runHubc(migrateArgs('--storage', dir));
  assert.is(again.code, 0, again.stderr);
  assert.equal(ingestionFiles(dir), [`${MAY}/manifest.json`, `${MAY}/migrated-0.5-202405__part_0.parquet`]);
});

test('finding 3: a truncated copy left by an earlier run is found: HUB494, exit 1, and its folder gets no manifest', async () => {
  const old = `${SUB}/202405/focuscost/part_0.parquet`;
  const dir = localStorage({ [old]: OLD[old] });
  mkdirSync(join(dir, 'ingestion', MAY), { recursive: true });
  writeFileSync(join(dir, 'ingestion', targetOf(old)), OLD[old].slice(0, 100));
  const r = await runHubc(migrateArgs('--storage', dir, '--copy'));
  assert.is(r.code, 1, r.stdout);
  assert.match(r.stderr, `exists and differs from ${old} (100 bytes, the source ${OLD[old].length})`);
  assert.not.ok(ingestionFiles(dir).includes(`${MAY}/manifest.json`), 'no manifest for a folder with a bad file');
});

test('finding 13: two old files for one new path: the one the old release read moves, the other stays, HUB489 names both', async () => {
  const upper = 'subscriptions/ABC/202405/focuscost/x.parquet';
  const lower = 'subscriptions/abc/202405/focuscost/x.parquet';
  const dir = localStorage({ [upper]: 'stale copy', [lower]: 'what 0.5 read' });
  const r = await runHubc(migrateArgs('--storage', dir));
  assert.is(r.code, 0, r.stderr);
  const target = 'Costs/2024/05/subscriptions/abc/migrated-0.5-202405__x.parquet';
  assert.match(
    r.stderr,
    `warning HUB489: ${lower} and ${upper} all map to ${target}; 0.5 read ${lower} (0.5 reads the scope folder in lower case, as the export manifest gives it), so it moves and ${upper} stays`,
  );
  assert.is(readFileSync(join(dir, 'ingestion', target), 'utf8'), 'what 0.5 read');
  assert.is(readFileSync(join(dir, 'ingestion', upper), 'utf8'), 'stale copy');
  // 0.3 took the scope from the export path and read both folders: the newer file is the current one.
  const d3 = localStorage({ [upper]: 'newer export', [lower]: 'older export' });
  utimesSync(join(d3, 'ingestion', lower), new Date('2024-05-01'), new Date('2024-05-01'));
  utimesSync(join(d3, 'ingestion', upper), new Date('2024-05-20'), new Date('2024-05-20'));
  const r3 = await runHubc(['migrate-data', '--from', '0.3', '--to', '0.6', '--storage', d3, '--yes']);
  assert.is(r3.code, 0, r3.stderr);
  assert.match(r3.stderr, `0.3 read ${upper} (0.3 reads every scope folder and a later export of the month replaces an earlier one: this is the newest)`);
  assert.is(readFileSync(join(d3, 'ingestion', 'focuscost/2024/05/subscriptions/abc/migrated-0.3-202405__x.parquet'), 'utf8'), 'newer export');
  assert.is(readFileSync(join(d3, 'ingestion', lower), 'utf8'), 'older export');
  // 0.3 -> 0.4 lower-cases the scope: one of the two is already where 0.4 reads it. When the newer one is
  // elsewhere, nothing replaces the file in place: both stay, and HUB489 says so.
  const d4 = localStorage({ [upper]: 'newer export', [lower]: 'older export' });
  utimesSync(join(d4, 'ingestion', lower), new Date('2024-05-01'), new Date('2024-05-01'));
  const r4 = await runHubc(['migrate-data', '--from', '0.3', '--to', '0.4', '--storage', d4, '--yes']);
  assert.is(r4.code, 0, r4.stderr);
  assert.match(r4.stderr, `warning HUB489: ${upper} and ${lower} all map to ${lower}; 0.3 read ${upper}`);
  assert.match(r4.stderr, `${lower} already holds that path and is not replaced`);
  assert.is(readFileSync(join(d4, 'ingestion', lower), 'utf8'), 'older export');
  assert.is(readFileSync(join(d4, 'ingestion', upper), 'utf8'), 'newer export');
});

test('links in the storage folder are never followed: a linked file is skipped, a linked target folder fails its files, a linked ingestion/ is HUB010', async () => {
  const outside = mkdtempSync(join(tmpdir(), 'hubc-migrate-outside-'));
  writeFileSync(join(outside, 'x.parquet'), 'outside');
  const dir = localStorage({ [`${SUB}/202404/focuscost/part_0.parquet`]: 'PAR1-a' });
  mkdirSync(join(dir, 'ingestion', `${SUB}/202405/focuscost`), { recursive: true });
  symlinkSync(join(outside, 'x.parquet'), join(dir, 'ingestion', `${SUB}/202405/focuscost/link.parquet`));
  mkdirSync(join(dir, 'ingestion', 'Costs/2024'), { recursive: true });
  symlinkSync(outside, join(dir, 'ingestion', 'Costs/2024/04'));
  const r = await runHubc(migrateArgs('--storage', dir, '--copy', '--format', 'json'));
  assert.is(r.code, 1);
  const out = JSON.parse(r.stdout);
  assert.ok(
    out.items.some((i: any) => i.action === 'skip' && i.from.endsWith('link.parquet') && i.reason.startsWith('a symbolic link: left as it is')),
    JSON.stringify(out.items),
  );
  assert.ok(
    out.diagnostics.some((d: any) => d.code === 'HUB494' && d.message.includes(`${join(dir, 'ingestion', 'Costs/2024/04')} is a symbolic link`)),
    JSON.stringify(out.diagnostics),
  );
  assert.equal(filesIn(outside), ['x.parquet'], 'nothing written outside');
  assert.is(readFileSync(join(outside, 'x.parquet'), 'utf8'), 'outside');
  const linked = emptyStorage();
  symlinkSync(join(dir, 'ingestion'), join(linked, 'ingestion'));
  const l = await runHubc(migrateArgs('--storage', linked));
  assert.is(l.code, 2);
  assert.match(l.stderr, `error HUB010: refusing to write ${join(linked, 'ingestion')}: it is a symbolic link`);
  assert.ok(lstatSync(join(linked, 'ingestion')).isSymbolicLink());
});

/** The stand-in's ingestion container (paths). */
const lakeFiles = (s: DataLakeStandin) => s.filesIn('ingestion');
const lake = () => DataLakeStandin.start(ACCOUNT, Object.fromEntries(Object.entries(OLD).map(([p, c]) => [`ingestion/${p}`, c])));
const inProcess = (s: DataLakeStandin, ...more: string[]) =>
  runHubc(migrateArgs('--account', ACCOUNT, '--dfs-endpoint', s.endpoint, ...more), { azure: { credential: new FixedTokenCredential(), storageClientOptions: s.clientOptions } });

test('finding 3, Data Lake: one failed flush leaves no empty target (HUB494, exit 1, no manifest for its folder); the same command again completes', async () => {
  const s = await lake();
  try {
    s.failFlushes = 1;
    s.failFlushOf = /\.parquet(\.hubc-\d+\.\d+\.[0-9a-f]{8}-[0-9a-f]{16}\.tmp)?$/;
    const r = await inProcess(s, '--copy');
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /error HUB494: copy .*part_0\.parquet .*failed/);
    assert.equal(
      lakeFiles(s).filter((p) => p.startsWith(APR)),
      [`${APR}/.hubc-manifest-pending`],
      'no 0-byte target, no temporary file, no manifest; the marker stays',
    );
    const again = await inProcess(s, '--copy');
    assert.is(again.code, 0, again.stderr);
    assertComplete(lakeFiles(s), (p) => s.files.get(`ingestion/${p}`)!.toString(), true, 'data lake copy');
  } finally {
    await s.stop();
  }
});

test('Data Lake, copy and move: a child killed with a copy flushed but not renamed, and after an item; the same command again completes it', async () => {
  for (const mode of ['copy', 'move'] as const) {
    const s = await lake();
    try {
      const env = { HUBC_TEST_TOKEN: TEST_TOKEN, HUBC_TEST_CA: s.ca };
      const more = mode === 'copy' ? ['--copy'] : [];
      const fault = mode === 'copy' ? 'migrate:copy-flushed@2' : 'migrate:item-done@3';
      const killed = await runChild(migrateArgs('--account', ACCOUNT, '--dfs-endpoint', s.endpoint, ...more), { fault, env });
      assert.is(killed.signal, 'SIGKILL', `${mode}: ${killed.stderr}`);
      if (mode === 'copy')
        assert.ok(
          lakeFiles(s).some((p) => /\.hubc-\d+\.\d+\.[0-9a-f]{8}-[0-9a-f]{16}\.tmp$/.test(p)),
          'a flushed temporary file is left',
        );
      const again = await inProcess(s, ...more);
      assert.is(again.code, 0, again.stderr);
      assertComplete(lakeFiles(s), (p) => s.files.get(`ingestion/${p}`)!.toString(), mode === 'copy', `data lake ${mode}`);
    } finally {
      await s.stop();
    }
  }
});

test.run();
