/**
 * V8's code cache of a CommonJS bundle (src/cli/codeCache.ts), on a small bundle written here: a first run
 * misses and writes the cache, the next hits and leaves it alone; a damaged, truncated or foreign file, data
 * V8 refuses, a symbolic link in the file's place and an unwritable folder are misses that never fail the
 * run (and are replaced by a good file where the folder allows); old cache files are pruned. The real
 * bundle (`dist/hubc-build.cjs` under `hubc build`) is covered by test/cli/bundle.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeCacheKey, KEEP_CACHE_FILES, loadCodeCached, readCodeCache } from '../../src/cli/codeCache.js';
import { codeCacheDir } from '../../src/cache/root.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-code-cache-'));
let n = 0;
const BUILD_ID = 'ab'.repeat(32);
const SOURCE = 'const base = 40;\nexports.answer = function answer() { return base + two(); };\nfunction two() { return [1, 1].reduce((a, b) => a + b, 0); }\n';

/**
 * A bundle folder with a bundle and its BUILD_ID, and a cache folder beside it. Each bundle's text is its
 * own: V8 answers a script it compiled before in the same process from memory, without looking at the cache.
 */
function bundleDir(source = SOURCE, buildId = BUILD_ID): { bundle: string; cache: string } {
  const dir = join(work, `b${++n}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'bundle.cjs'), `// bundle ${n}\n${source}`);
  writeFileSync(join(dir, 'BUILD_ID'), `${buildId}\n`);
  return { bundle: join(dir, 'bundle.cjs'), cache: join(dir, 'cache') };
}

type Exports = { answer(): number };

/** Loads the bundle, runs it, saves; returns the status. */
function run(bundle: string, cache: string): string {
  const m = loadCodeCached<Exports>(bundle, cache)!;
  assert.is(m.exports.answer(), 42, 'the bundle runs whatever the cache held');
  m.save();
  return m.status;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('the cache folder is code/ beside results/ under the hubc cache root', () => {
  assert.is(codeCacheDir({ HUBC_CACHE_DIR: '/c' }), join('/c', 'code'));
  assert.is(codeCacheDir({ XDG_CACHE_HOME: '/x' }), join('/x', 'hubc', 'code'));
});

test('a first run misses and writes the cache; the next run hits and does not rewrite it', () => {
  const { bundle, cache } = bundleDir();
  assert.is(run(bundle, cache), 'miss');
  const [file] = readdirSync(cache);
  assert.match(file, /^[0-9a-f]{64}\.v8cache$/);
  const bytes = readFileSync(join(cache, file));
  assert.ok(bytes.toString('latin1').startsWith(`hubc-v8-code-cache 1\n${file.slice(0, 64)}\n`));
  const old = new Date(Date.now() - 60_000);
  utimesSync(join(cache, file), old, old);
  assert.is(run(bundle, cache), 'hit');
  assert.ok(Math.abs(statSync(join(cache, file)).mtimeMs - old.getTime()) < 1, 'a hit leaves the file alone');
  assert.equal(readFileSync(join(cache, file)), bytes);
});

test('the key names the build, the bundle text and the Node that made it', () => {
  assert.is.not(codeCacheKey(BUILD_ID, SOURCE), codeCacheKey('cd'.repeat(32), SOURCE));
  assert.is.not(codeCacheKey(BUILD_ID, SOURCE), codeCacheKey(BUILD_ID, `${SOURCE} `));
  assert.is(codeCacheKey(BUILD_ID, SOURCE), codeCacheKey(BUILD_ID, SOURCE));
});

test('damaged, truncated and foreign files are misses, and the run writes a good file', () => {
  const { bundle, cache } = bundleDir();
  run(bundle, cache);
  const file = join(cache, readdirSync(cache)[0]);
  const good = readFileSync(file);
  const damaged = Buffer.from(good);
  damaged[damaged.length - 10] ^= 0xff;
  const foreign = Buffer.from(good.toString('latin1').replace(/\n[0-9a-f]{64}\n/, `\n${'0'.repeat(64)}\n`), 'latin1');
  for (const [what, bytes] of [
    ['damaged data', damaged],
    ['truncated', good.subarray(0, good.length - 100)],
    ['another key', foreign],
    ['empty', Buffer.alloc(0)],
  ] as const) {
    writeFileSync(file, bytes);
    assert.is(readCodeCache(file, readdirSync(cache)[0].slice(0, 64)), undefined, what);
    assert.is(run(bundle, cache), 'miss', what);
    assert.is(run(bundle, cache), 'hit', `${what}: rewritten`);
  }
});

test('data V8 refuses (it checks its own header) is rejected without harm and replaced', () => {
  const { bundle, cache } = bundleDir();
  // Planted before the bundle's first run in this process (a script compiled before is answered from memory).
  const key = codeCacheKey(BUILD_ID, readFileSync(bundle, 'utf8'));
  const data = Buffer.alloc(4096, 7);
  mkdirSync(cache);
  writeFileSync(join(cache, `${key}.v8cache`), Buffer.concat([Buffer.from(`hubc-v8-code-cache 1\n${key}\n${sha256(data)}\n`, 'latin1'), data]));
  assert.is(run(bundle, cache), 'rejected');
  assert.is(
    readCodeCache(join(cache, `${key}.v8cache`), key)
      ?.subarray(0, 16)
      .equals(data.subarray(0, 16)),
    false,
    'replaced by what V8 wrote',
  );
});

test("a symbolic link in the cache file's place is neither read nor written through", () => {
  const { bundle, cache } = bundleDir();
  run(bundle, cache);
  const name = readdirSync(cache)[0];
  const elsewhere = join(work, `elsewhere-${n}`);
  writeFileSync(elsewhere, readFileSync(join(cache, name)));
  const before = readFileSync(elsewhere);
  rmSync(join(cache, name));
  symlinkSync(elsewhere, join(cache, name));
  assert.is(run(bundle, cache), 'miss', 'a valid cache behind a link is not read');
  assert.ok(lstatSync(join(cache, name)).isFile(), 'the link was replaced by a file of the cache folder');
  assert.equal(readFileSync(elsewhere), before, 'the link target is untouched');
});

test('an unwritable cache folder costs the hit, not the run; a bundle without BUILD_ID is not loaded', () => {
  const { bundle } = bundleDir();
  const notAFolder = join(work, `file-${n}`);
  writeFileSync(notAFolder, 'x');
  assert.is(run(bundle, notAFolder), 'miss');
  assert.is(run(bundle, notAFolder), 'miss');
  assert.is(readFileSync(notAFolder, 'utf8'), 'x');
  const { bundle: noId } = bundleDir(SOURCE, 'not a build id');
  assert.is(loadCodeCached(noId, join(work, 'unused')), undefined);
  rmSync(join(work, `b${n}`, 'BUILD_ID'));
  assert.is(loadCodeCached(noId, join(work, 'unused')), undefined);
  assert.not.ok(existsSync(join(work, 'unused')));
});

test(`the folder keeps the newest ${KEEP_CACHE_FILES} cache files and drops old temporary files; other files stay`, () => {
  const { bundle, cache } = bundleDir();
  mkdirSync(cache);
  const old = (f: string, ageMs: number) => {
    writeFileSync(join(cache, f), 'old');
    const t = new Date(Date.now() - ageMs);
    utimesSync(join(cache, f), t, t);
  };
  for (let i = 0; i < 6; i++) old(`${String(i).repeat(64)}.v8cache`, (i + 1) * 60_000);
  old(`.${'a'.repeat(16)}-123-0badf00d.tmp`, 2 * 3600_000);
  old(`.${'b'.repeat(16)}-124-0badf00d.tmp`, 60_000);
  old('notes.txt', 10 * 3600_000);
  run(bundle, cache);
  const left = readdirSync(cache).sort();
  assert.equal(left.filter((f) => f.endsWith('.v8cache')).length, KEEP_CACHE_FILES);
  assert.ok(left.includes(`${'0'.repeat(64)}.v8cache`) && left.includes(`${'2'.repeat(64)}.v8cache`), 'the newest old ones');
  assert.not.ok(left.includes(`${'5'.repeat(64)}.v8cache`), 'the oldest is gone');
  assert.ok(left.includes('notes.txt'));
  assert.not.ok(left.includes(`.${'a'.repeat(16)}-123-0badf00d.tmp`), 'an interrupted write of hours ago');
  assert.ok(left.includes(`.${'b'.repeat(16)}-124-0badf00d.tmp`), 'a write that may still be running');
});

test.after(() => rmSync(work, { recursive: true, force: true }));

test.run();
