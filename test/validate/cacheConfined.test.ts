/**
 * The validation result cache never reads or writes outside its folder (issue #20, finding 15): links
 * planted where cacache keeps an entry (its index file, its content folders, its tmp folder) make the
 * entry a miss, and nothing is appended to or created at their targets. The links are planted at the paths
 * cacache really used (found by listing the folder after a put), so a change of cacache's layout fails here.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openResultCache } from '../../src/cache/index.js';
import { confined } from '../../src/util/confined.js';
import { fillArmSchemaCache } from '../../src/validators/armSchema/download.js';
import { startArmMirror } from '../support/armMirror.js';
import { compiled, templateOf } from '../support/hubs.js';
import { sharedArmSchemas } from '../support/sharedData.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-confined-'));
let n = 0;
const isString = (v: unknown): v is string => typeof v === 'string';

/** Every file under a folder (links listed, not followed). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** A fresh cache holding one entry, its folder, and an outside file and folder to aim links at. */
async function setup() {
  const root = join(work, `case-${++n}`);
  const dir = join(root, 'results');
  const victim = join(root, 'victim.txt');
  const outside = join(root, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(victim, 'precious\n');
  const cache = openResultCache(dir);
  await cache.put('k', 'v1');
  assert.is(await cache.get('k', isString), 'v1');
  const [bucket] = filesUnder(join(dir, 'index-v5'));
  return { dir, victim, outside, cache, bucket };
}

const untouched = (victim: string, outside: string) => {
  assert.is(readFileSync(victim, 'utf8'), 'precious\n');
  assert.equal(readdirSync(outside), []);
};

test('an index file replaced by a symbolic link: a miss, and neither put nor the drop of a damaged entry appends to its target', async () => {
  const { victim, outside, cache, bucket } = await setup();
  rmSync(bucket);
  symlinkSync(victim, bucket);
  assert.is(await cache.get('k', isString), undefined);
  await cache.put('k', 'v2');
  assert.is(await cache.get('k', (v): v is number => typeof v === 'number'), undefined, 'a refused shape would be dropped');
  untouched(victim, outside);
});

test('an index file replaced by a hard link to a file elsewhere: not appended to', async () => {
  const { victim, outside, cache, bucket } = await setup();
  rmSync(bucket);
  linkSync(victim, bucket);
  await cache.put('k', 'v2');
  untouched(victim, outside);
  assert.is(statSync(victim).nlink, 2);
});

test('content, index or tmp folders replaced by links to a folder elsewhere: nothing is created there', async () => {
  for (const sub of ['content-v2', 'index-v5', 'tmp']) {
    const { dir, victim, outside, cache } = await setup();
    mkdirSync(join(dir, 'tmp'), { recursive: true });
    renameSync(join(dir, sub), join(dir, `${sub}.moved`));
    symlinkSync(outside, join(dir, sub));
    await cache.put(`other-${sub}`, 'v3');
    assert.is(await cache.get(`other-${sub}`, isString), undefined, `${sub}: not stored through the link`);
    untouched(victim, outside);
  }
});

test('a cache folder that is itself a link is used as usual; intact entries still come back', async () => {
  const real = join(work, 'real-cache');
  const link = join(work, 'linked-cache');
  mkdirSync(real);
  symlinkSync(real, link);
  const cache = openResultCache(join(link, 'results'));
  await cache.put('k', 'v');
  assert.is(await cache.get('k', isString), 'v');
  assert.ok(filesUnder(join(real, 'results')).length >= 2);
});

test('confined(): real folders and single-link regular files only, below the folder', () => {
  const dir = join(work, 'conf');
  mkdirSync(join(dir, 'a'), { recursive: true });
  writeFileSync(join(dir, 'a', 'f'), 'x');
  assert.ok(confined(dir, join(dir, 'a', 'f'), 'file'));
  assert.ok(confined(dir, join(dir, 'a', 'missing', 'f'), 'file'), 'absent paths are created inside');
  assert.not.ok(confined(dir, join(dir, 'a'), 'file'));
  assert.not.ok(confined(dir, join(work, 'elsewhere'), 'file'), 'outside the folder');
  symlinkSync(join(dir, 'a'), join(dir, 'b'));
  assert.not.ok(confined(dir, join(dir, 'b', 'f'), 'file'));
});

// The download cache of the ARM schemas (hubc validate) neither: a template of the storage accounts only.
const full = templateOf(compiled()) as { resources: { type: string }[] };
const storageOnly = { ...full, resources: full.resources.filter((r) => r.type === 'Microsoft.Storage/storageAccounts') };
const schemas = sharedArmSchemas([storageOnly]);
schemas.catch(() => undefined);

test('the ARM schema download cache writes no file through a folder link planted in it', async () => {
  const mirror = await startArmMirror(await schemas);
  try {
    const root = join(work, 'arm-schemas-case');
    const cacheDir = join(root, 'arm-schemas');
    const outside = join(root, 'outside');
    mkdirSync(join(cacheDir, 'schemas'), { recursive: true });
    mkdirSync(outside);
    const storageApi = (storageOnly.resources[0] as { apiVersion?: string }).apiVersion!;
    symlinkSync(outside, join(cacheDir, 'schemas', storageApi));
    let error: unknown;
    await fillArmSchemaCache(cacheDir, [storageOnly], { baseUrl: mirror.url }).catch((e) => (error = e));
    assert.match(String((error as Error)?.message), /is not a plain file inside/);
    assert.equal(readdirSync(outside), []);
  } finally {
    await mirror.close();
  }
});

test.run();
