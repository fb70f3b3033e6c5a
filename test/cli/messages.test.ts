/**
 * Messages that said something untrue or unhelpful (issue #29, items 10 and 14): each names what is there
 * and what to do, with its code and exit code.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHubc } from '../support/cli.js';
import { runChild } from '../support/crash.js';
import { compile } from '../../src/compiler/compile.js';
import { codes } from '../../src/diagnostics/index.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-messages-'));
const HUB = new URL('../../hub.yaml', import.meta.url).pathname;
const HEAD = 'release: "0.7"\nhub:\n  name: contoso\n';

test('migrate-data --storage naming a regular file: HUB492 "not a storage folder", exit 2 (a child process; it was HUB000 ENOTDIR)', async () => {
  const file = join(work, 'afile');
  writeFileSync(file, 'x');
  const r = await runChild(['migrate-data', '--from', '0.5', '--to', '0.7', '--storage', file]);
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr, `error HUB492: ${file} is a regular file, not a storage folder. Pass the storage folder that holds the ingestion container as a sub-folder (ingestion/).\n`);
});

test('migrate-data when DIR/ingestion is a file or a link: HUB010 says it is not a folder, not "name a regular file"', async () => {
  const dir = join(work, 'storage-file');
  mkdirSync(dir);
  writeFileSync(join(dir, 'ingestion'), 'x');
  const r = await runHubc(['migrate-data', '--from', '0.5', '--to', '0.7', '--storage', dir]);
  assert.is(r.code, 2);
  assert.match(r.stderr, `error HUB010: refusing to write ${join(dir, 'ingestion')}: it is a regular file, not a folder. Name a folder`);
  assert.not.match(r.stderr, 'Name a regular file');
  const linked = join(work, 'storage-link');
  mkdirSync(join(work, 'elsewhere'));
  mkdirSync(linked);
  symlinkSync(join(work, 'elsewhere'), join(linked, 'ingestion'));
  const l = await runHubc(['migrate-data', '--from', '0.5', '--to', '0.7', '--storage', linked]);
  assert.match(l.stderr, `error HUB010: refusing to write ${join(linked, 'ingestion')}: it is a symbolic link, not a folder.`);
});

test('HUB494 of a manifest names the manifest, with no empty "from"', () => {
  const d = codes.HUB494.raise({ action: 'manifest', to: 'Costs/2024/05/x/manifest.json', error: 'disk full' });
  assert.is(d.message, 'writing the manifest Costs/2024/05/x/manifest.json failed: disk full');
  assert.is(codes.HUB494.raise({ action: 'move', from: 'a.parquet', to: 'b.parquet', error: 'e' }).message, 'move a.parquet -> b.parquet failed: e');
});

test('simulate --event naming a folder: HUB451 says it is a folder, not that it does not exist', async () => {
  const dir = join(work, 'sim');
  mkdirSync(join(dir, 'rawexports', 'x'), { recursive: true });
  for (const event of ['rawexports', 'rawexports/x']) {
    const r = await runHubc(['simulate', HUB, '--storage', dir, '--event', event]);
    assert.is(r.code, 2);
    assert.match(r.stderr, `error HUB451: the event blob ${event} is a folder in ${dir}, not a blob`);
    assert.not.match(r.stderr, 'does not exist');
  }
});

test('build --out naming a regular file: HUB010 "not a folder", exit 2, the file untouched (it was HUB002 EEXIST ... mkdir)', async () => {
  const file = join(work, 'out-file');
  writeFileSync(file, 'keep');
  const r = await runHubc(['build', HUB, '--out', file]);
  assert.is(r.code, 2);
  assert.match(r.stderr, `error HUB010: refusing to write ${file}: it is a regular file, not a folder. Name a folder`);
  assert.not.match(r.stderr, /EEXIST|mkdir/);
  assert.is(readFileSync(file, 'utf8'), 'keep');
  const below = await runHubc(['build', HUB, '--out', join(file, 'sub')]);
  assert.is(below.code, 2);
  assert.match(below.stderr, `error HUB010: refusing to write ${file}: it is a regular file, not a folder.`);
  assert.not.match(below.stderr, /ENOTDIR|mkdir/);
});

test('a number written with digit separators (1_000) is text in YAML 1.2: the hint says so, not "without quotes"', () => {
  const hint = (value: string) => compile(`${HEAD}retention:\n  rawExportsDays: ${value}\n`).diagnostics.find((d) => d.code === 'HUB103')?.hint;
  assert.is(hint('1_000'), 'YAML 1.2 reads 1_000 as text: write the number without separators, e.g. rawExportsDays: 1000.');
  assert.is(hint('"30"'), 'Write a number without quotes: rawExportsDays: 30.');
  assert.is(hint('thirty'), 'Write a whole number, e.g. rawExportsDays: 0.');
  assert.is(hint('[1]'), 'Write a whole number, e.g. rawExportsDays: 0.');
});

test('a refused import names the parameters the values came from, not lines of the file it never wrote', async () => {
  const params = join(work, 'bad.parameters.json');
  writeFileSync(params, JSON.stringify({ parameters: { hubName: { value: 'contoso-hub' }, storageSku: { value: 'Bogus_LRS' }, exportRetentionInDays: { value: 99999 } } }));
  const out = join(work, 'imported.yaml');
  const r = await runHubc(['import', '--parameters', params, '--release', '0.7', '--out', out]);
  assert.is(r.code, 1);
  assert.not.ok(existsSync(out));
  assert.not.match(r.stderr, new RegExp(`${out.replace(/[.]/g, '\\.')}:\\d+:\\d+`), 'no line of the file that was not written');
  assert.match(r.stderr, `${params} - error HUB104: storage.sku must be one of the allowed values, not 'Bogus_LRS' (from parameter storageSku: "Bogus_LRS")`);
  assert.match(r.stderr, `${params} - error HUB105: retention.rawExportsDays must be <= 3650 (from parameter exportRetentionInDays: 99999)`);
  assert.match(r.stderr, `error HUB482: the hub.yaml made for ${out} does not build; nothing was written`);
});

test.run();
