/**
 * The validation result cache: values come back only when intact (a damaged or foreign entry is a miss and
 * is rewritten), `hubc validate`'s cached path gives the same diagnostics as the uncached one, and command
 * outcomes kept in the cache are used as they are by the KQL worker thread.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheKey, openResultCache, resultCacheDir } from '../../src/cache/index.js';
import { kqlCacheKeys, startKqlValidation, validateOutputCached, isDiagnosticList } from '../../src/validate/cached.js';
import { validateOutputFull } from '../../src/validate/full.js';
import { commandKey, type BlockOutcome, type KqlScript } from '../../src/validators/kql.js';
import { compiled, templateOf } from '../support/hubs.js';
import { sharedArmSchemas } from '../support/sharedData.js';
import { Template } from '../support/template.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-cache-'));
let n = 0;
const freshDir = () => join(work, `cache-${++n}`);
const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');

/** Every file under a folder. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Overwrites every content file of a cache folder with other bytes of the same length. */
function damageContent(dir: string): number {
  const files = filesUnder(join(dir, 'content-v2'));
  for (const f of files) writeFileSync(f, 'x'.repeat(statSync(f).size));
  return files.length;
}

test('cache folder: HUBC_CACHE_DIR, else XDG_CACHE_HOME/hubc, else ~/.cache/hubc; results below it', () => {
  assert.is(resultCacheDir({ HUBC_CACHE_DIR: '/c' }), join('/c', 'results'));
  assert.is(resultCacheDir({ XDG_CACHE_HOME: '/x' }), join('/x', 'hubc', 'results'));
  assert.match(resultCacheDir({}), /[/\\]\.cache[/\\]hubc[/\\]results$/);
});

test('cache keys are length-prefixed: moving text between parts changes the key', () => {
  assert.is.not(cacheKey('ab', 'c'), cacheKey('a', 'bc'));
  assert.is(cacheKey('a', 'bc'), cacheKey('a', 'bc'));
  assert.match(cacheKey('x'), /^[0-9a-f]{64}$/);
});

test('a stored value comes back; a value the shape check refuses is a miss and is dropped', async () => {
  const cache = openResultCache(freshDir());
  await cache.put('k', [1, 2, 3]);
  assert.equal(await cache.get('k', isNumbers), [1, 2, 3]);
  assert.is(await cache.get('k', (v): v is string => typeof v === 'string'), undefined);
  assert.is(await cache.get('k', isNumbers), undefined, 'the refused entry was removed');
  assert.is(await cache.get('never stored', isNumbers), undefined);
});

test('damaged content is never trusted: a miss, and the next put writes it again', async () => {
  const dir = freshDir();
  const cache = openResultCache(dir);
  await cache.put('k', [4, 5]);
  assert.is(damageContent(dir), 1);
  assert.is(await cache.get('k', isNumbers), undefined);
  await cache.put('k', [4, 5]);
  assert.equal(await cache.get('k', isNumbers), [4, 5], 'rewritten after the damaged copy was dropped');
});

test('a damaged index is a miss, never an error', async () => {
  const dir = freshDir();
  const cache = openResultCache(dir);
  await cache.put('k', [6]);
  for (const f of filesUnder(join(dir, 'index-v5'))) writeFileSync(f, 'not an index line\n');
  assert.is(await cache.get('k', isNumbers), undefined);
  await cache.put('k', [6]);
  assert.equal(await cache.get('k', isNumbers), [6]);
});

test('an unwritable cache folder costs the hit, not the run', async () => {
  const file = join(work, 'a-file');
  writeFileSync(file, '');
  const cache = openResultCache(join(file, 'below-a-file'));
  await cache.put('k', [1]);
  assert.is(await cache.get('k', isNumbers), undefined);
});

test('diagnostic lists are shape-checked before use', () => {
  assert.ok(isDiagnosticList([{ code: 'HUB301', severity: 'error', message: 'm', file: 'azuredeploy.json', start: { line: 1, col: 2 } }]));
  assert.not.ok(isDiagnosticList([{ code: 'HUB301', severity: 'fatal', message: 'm', file: 'f' }]));
  assert.not.ok(isDiagnosticList([{ code: 'HUB301', severity: 'error', message: 'm', file: 'f', start: { line: 'x' } }]));
  assert.not.ok(isDiagnosticList({}));
});

/**
 * The default hub without its KQL scripts: the template side of the cache, without the seconds the Kusto
 * language service takes (the KQL side is tested below with a small script).
 */
const result = { ...compiled(), contributions: compiled().contributions.map((c) => ({ ...c, kqlScripts: undefined })) };
const schemas = sharedArmSchemas([templateOf(result)]);
schemas.catch(() => undefined);

test('validate with the cache: the same diagnostics as without, cached the second time, again after damage', async () => {
  const schemasDir = await schemas;
  const expected = validateOutputFull(result, { schemasDir });
  const dir = freshDir();
  const cache = openResultCache(dir);
  const first = await validateOutputCached(result, { schemasDir, cache });
  assert.equal(first.report, { template: 'validated', kql: 'none', resources: { reused: 0, validated: 97 } });
  assert.equal(first.diagnostics, expected);
  const second = await validateOutputCached(result, { schemasDir, cache });
  assert.equal(second.report, { template: 'cached', kql: 'none' });
  assert.equal(second.diagnostics, expected);
  damageContent(dir);
  const third = await validateOutputCached(result, { schemasDir, cache });
  assert.equal(third.report.template, 'validated');
  assert.equal(third.report.resources, { reused: 0, validated: 97 }, 'the damaged per-resource entry is not used either');
  assert.equal(third.diagnostics, expected);
  assert.equal((await validateOutputCached(result, { schemasDir, cache })).report.template, 'cached');
});

test('a changed template is validated again, not read from the entry of the old one; unchanged resources are reused', async () => {
  const schemasDir = await schemas;
  const cache = openResultCache(freshDir());
  await validateOutputCached(result, { schemasDir, cache });
  const template = JSON.parse(result.artifacts.get('azuredeploy.json')!);
  const storage = Template.fromJSON(template).resource('Microsoft.Storage/storageAccounts', { props: { properties: { isHnsEnabled: true } } });
  storage.properties.minimumTlsVersion = 'TLS9';
  const broken = { ...result, artifacts: new Map([...result.artifacts, ['azuredeploy.json', `${JSON.stringify(template, null, 2)}\n`]]) };
  const again = await validateOutputCached(broken, { schemasDir, cache });
  assert.is(again.report.template, 'validated');
  assert.is(again.report.resources?.validated, 1, 'only the changed resource goes to the schemas again');
  assert.ok(again.report.resources!.reused > 20, 'the other resources come from the cache');
  assert.ok(
    again.diagnostics.some((d) => d.code === 'HUB301' && /TLS9/.test(d.message)),
    'the schema error of the changed template',
  );
});

// A small cluster: the language service costs ~0.1-0.5 s per command, so these scripts are short.
const SCRIPTS: KqlScript[] = [
  {
    file: 'kql/small.kql',
    database: 'Ingestion',
    text: ['.create-merge table Costs_raw (BilledCost: real, x_Note: string)', '', '.alter-merge table Costs_raw policy retention softdelete = 0d', ''].join('\n'),
  },
];

test('command outcomes kept in the cache are used as they are, on the worker thread; a changed command is analysed', async () => {
  const cache = openResultCache(freshDir());
  const keys = kqlCacheKeys(SCRIPTS);
  const first = await (await startKqlValidation(SCRIPTS, cache, { ...keys, worker: true })).done;
  assert.equal(first.commands, { reused: 0, analysed: 2 });
  assert.equal(first.diagnostics, []);

  // Plant a different outcome for the retention command under its key: the worker must report what the
  // cache says, which proves the cached outcome is used as it is (the cache comes before memory).
  const known = (await cache.get(keys.knownKey, (v): v is [string, BlockOutcome][] => Array.isArray(v)))!;
  assert.is(known.length, 2);
  const [retentionKey, retention] = known[1];
  const planted: BlockOutcome = { ...retention, diagnostics: [{ code: 'HUB314', severity: 'warning', message: 'planted', start: 0, end: 1 }] };
  await cache.put(keys.knownKey, [known[0], [retentionKey, planted]]);
  const second = await (await startKqlValidation(SCRIPTS, cache, { ...keys, worker: true })).done;
  assert.equal(second.commands, { reused: 2, analysed: 0 });
  assert.equal(
    second.diagnostics.map((d) => [d.code, d.message, d.start]),
    [['HUB314', 'planted', { line: 3, col: 1 }]],
  );

  // Another retention period: the table command's outcome is reused, the changed command analysed.
  const edited: KqlScript[] = [{ ...SCRIPTS[0], text: SCRIPTS[0].text.replace('softdelete = 0d', 'softdelete = 30d') }];
  const third = await (await startKqlValidation(edited, cache, { ...kqlCacheKeys(edited), worker: true })).done;
  assert.equal(third.commands, { reused: 1, analysed: 1 });
  assert.equal(third.diagnostics, []);
});

/**
 * Eight commands: tables, functions reading them, a retention policy, a transform reading a column the table
 * lacks (KS142) and a type change (HUB310). With `mispredicted`, the second command creates two tables at
 * once, which the prediction of src/validators/kql/predict.ts does not understand, and a later function
 * reads one of them.
 */
function sharedScripts(database: string, mispredicted: boolean): KqlScript[] {
  const second = mispredicted ? '.create-merge tables Extra (a: long), Other (b: string)' : '.create-merge table Other (b: string)';
  const text = [
    '.create-merge table Costs_raw (BilledCost: real, x_Note: string)',
    second,
    ".create-or-alter function with (folder = 'x') NoteOf(t: string) { strcat('note: ', t) }",
    '.create-or-alter function CostsNotes() { Costs_raw | project x_Note = NoteOf(x_Note) }',
    '.create-or-alter function OtherRows() { Other | count }',
    '.alter-merge table Costs_raw policy retention softdelete = 0d',
    '.create-or-alter function Broken() { Costs_raw | project Missing }',
    '.create-merge table Costs_raw (BilledCost: string)',
  ].join('\n\n');
  return [{ file: 'kql/shared.kql', database, text: `${text}\n` }];
}

test('two worker threads sharing the commands find what one finds, in the same order; a wrong prediction is analysed again in order', async () => {
  const isPairs = (v: unknown): v is [string, BlockOutcome][] => Array.isArray(v);
  for (const [database, mispredicted] of [
    ['Ingestion', false],
    ['Hub', true],
  ] as const) {
    const scripts = sharedScripts(database, mispredicted);
    const keys = kqlCacheKeys(scripts);
    const one = openResultCache(freshDir());
    const two = openResultCache(freshDir());
    const alone = await (await startKqlValidation(scripts, one, { ...keys, worker: true, threads: 1 })).done;
    const shared = await (await startKqlValidation(scripts, two, { ...keys, worker: true, threads: 2, shareMinCommands: 2 })).done;
    assert.equal(alone.sharing, { shared: false });
    // Mispredicted, the second thread analysed OtherRows against a schema without Other: the one command whose
    // key (the tables and functions it reads, commandKey) differs from the real run's, so the final run analyses it again.
    assert.equal(shared.sharing, { shared: true, at: 4, corrected: mispredicted ? 1 : 0 }, database);
    assert.equal(
      alone.diagnostics.map((d) => d.code),
      ['HUB310', 'HUB310'],
      'KS142 and the type change',
    );
    assert.equal(shared.diagnostics, alone.diagnostics);
    assert.equal(shared.commands, alone.commands);
    assert.equal(await two.get(keys.knownKey, isPairs), await one.get(keys.knownKey, isPairs), 'the same outcomes kept for the next run');
    assert.equal(await two.get(keys.key, isDiagnosticList), alone.diagnostics);
  }
});

test('command keys name the database, the text and the schema before the command', () => {
  const k = commandKey('Ingestion', '.show tables', 'schema-1');
  assert.is.not(k, commandKey('Hub', '.show tables', 'schema-1'));
  assert.is.not(k, commandKey('Ingestion', '.show tables ', 'schema-1'));
  assert.is.not(k, commandKey('Ingestion', '.show tables', 'schema-2'));
});

test.run();
