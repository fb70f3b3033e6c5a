/**
 * Bounded input (issue #20, finding 9): every input file of every command is a regular file (after
 * symbolic links) of at most a documented size, checked before it is read (src/util/inputFiles.ts).
 * A FIFO must not block, /dev/zero must not be read, a folder given to diff must not lead out of itself;
 * each is exit 2 with a diagnostic, in text and in JSON.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INPUT_LIMITS, InputFileError, readInputFile, readInputTree } from '../../src/util/inputFiles.js';
import { runHubc } from '../support/cli.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-input-'));
const fifo = join(work, 'hub.fifo');
execFileSync('mkfifo', [fifo]);
const hub = join(work, 'hub.yaml');
writeFileSync(hub, DEFAULT_HUB_YAML);
const ZERO = '/dev/zero';

/** The InputFileError a call throws. */
function refusal(f: () => unknown): InputFileError {
  try {
    f();
  } catch (e) {
    if (e instanceof InputFileError) return e;
    throw e;
  }
  throw new Error('expected an InputFileError');
}

test('readInputFile: a FIFO, a device and a folder are refused without blocking or reading', () => {
  assert.is(refusal(() => readInputFile(fifo, { maxBytes: 100 })).problem, 'not-a-file');
  assert.match(refusal(() => readInputFile(fifo, { maxBytes: 100 })).detail, 'a FIFO (named pipe), not a regular file');
  assert.match(refusal(() => readInputFile(ZERO, { maxBytes: 100 })).detail, 'a character device');
  assert.match(refusal(() => readInputFile(work, { maxBytes: 100 })).detail, 'a folder');
  assert.is(refusal(() => readInputFile(join(work, 'nope'), { maxBytes: 100 })).problem, 'missing');
});

test('readInputFile: a symbolic link is read as its target; size limits are exact', () => {
  const f = join(work, 'ten.txt');
  writeFileSync(f, '0123456789');
  const link = join(work, 'ten-link.txt');
  symlinkSync(f, link);
  assert.is(readInputFile(link, { maxBytes: 10 }), '0123456789');
  const big = refusal(() => readInputFile(f, { maxBytes: 9 }));
  assert.is(big.problem, 'too-large');
  assert.match(big.message, `cannot read ${f}: it is larger than 9 bytes (10 bytes)`);
  const toZero = join(work, 'zero-link');
  symlinkSync(ZERO, toZero);
  assert.match(refusal(() => readInputFile(toZero, { maxBytes: 100 })).detail, 'a character device');
});

test('readInputTree: a link inside the folder is read; a link out of it, a FIFO or a device in it is refused', () => {
  const dir = join(work, 'tree');
  mkdirSync(join(dir, 'sub'), { recursive: true });
  writeFileSync(join(dir, 'sub', 'a.json'), '{}');
  symlinkSync('sub/a.json', join(dir, 'b.json'));
  writeFileSync(join(dir, '.hidden'), 'x');
  assert.equal(
    [...readInputTree(dir)],
    [
      ['b.json', '{}'],
      ['sub/a.json', '{}'],
    ],
  );
  const out = join(work, 'secret.txt');
  writeFileSync(out, 'secret');
  symlinkSync(out, join(dir, 'leak.txt'));
  const leak = refusal(() => readInputTree(dir));
  assert.is(leak.problem, 'outside');
  assert.is(leak.file, join(dir, 'leak.txt'));
  const withFifo = join(work, 'tree-fifo');
  mkdirSync(withFifo);
  execFileSync('mkfifo', [join(withFifo, 'p')]);
  assert.is(refusal(() => readInputTree(withFifo)).problem, 'not-a-file');
  const many = join(work, 'many');
  mkdirSync(many);
  for (let i = 0; i < 5; i++) writeFileSync(join(many, `f${i}`), 'abc');
  assert.match(refusal(() => readInputTree(many, { maxFiles: 4 })).detail, 'more than 4 files');
  assert.match(refusal(() => readInputTree(many, { maxTotalBytes: 14 })).detail, 'together are larger than 14 bytes');
});

test('the documented limits: hub.yaml 8 MiB, JSON inputs 4 MiB, build folders 16 MiB a file, 64 MiB and 10,000 files, ARM schema files 64 MiB', () => {
  assert.equal(INPUT_LIMITS, { hubYaml: 8 << 20, json: 4 << 20, buildFile: 16 << 20, buildFolder: 64 << 20, buildFolderFiles: 10_000, armSchemaFile: 64 << 20 });
});

test('build, validate and lint of a FIFO or /dev/zero: HUB001, exit 2, at once; JSON with --format json', async () => {
  const out = ['--out', join(work, 'out')];
  for (const argv of [
    ['build', fifo, ...out],
    ['build', ZERO, ...out],
    ['validate', fifo],
    ['lint', ZERO],
  ]) {
    const r = await runHubc(argv);
    assert.is(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`error HUB001: cannot read ${argv[1]}: it is a (FIFO|character device)`));
  }
  const json = await runHubc(['build', fifo, '--format', 'json', ...out]);
  assert.is(json.code, 2);
  assert.is(JSON.parse(json.stdout).diagnostics[0].code, 'HUB001');
  assert.not.ok(existsSync(join(work, 'out')));
});

/** A folder diff takes for a build (it holds azuredeploy.json); its files are read before anything is compiled. */
function buildFolder(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'azuredeploy.json'), '{}\n');
  return dir;
}

test('diff of a build folder holding a link to /dev/zero or out of the folder: HUB401, exit 2, nothing read', async () => {
  const built = buildFolder('dist');
  symlinkSync(ZERO, join(built, 'zero.json'));
  const r = await runHubc(['diff', built, hub]);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, `error HUB401: cannot read ${built}: ${join(built, 'zero.json')}: it is a symbolic link to /dev/zero, outside ${built}`);
  const inside = buildFolder('dist2');
  execFileSync('mkfifo', [join(inside, 'pipe.json')]);
  const p = await runHubc(['diff', inside, hub, '--format', 'json']);
  assert.is(p.code, 2);
  assert.match(p.stdout, 'pipe.json: it is a FIFO (named pipe), not a regular file');
  const asHub = await runHubc(['diff', fifo, hub]);
  assert.is(asHub.code, 2);
  assert.match(asHub.stderr, `error HUB401: cannot read ${fifo}: it is a FIFO`);
  const forRelease = await runHubc(['diff', '0.6', '0.7', '--hub', ZERO]);
  assert.is(forRelease.code, 2);
  assert.match(forRelease.stderr, `error HUB400: cannot read ${ZERO} to build release 0.6: it is a character device`);
});

test('parameters and responses files: upgrade-plan (HUB491), deploy (HUB420) and simulate --responses (HUB456) refuse a FIFO, exit 2', async () => {
  const plan = await runHubc(['upgrade-plan', '0.6', '0.7', '--hub', hub, '--parameters', fifo]);
  assert.is(plan.code, 2, plan.stderr);
  assert.match(plan.stderr, `HUB491: cannot read the parameters file ${fifo}: it is a FIFO`);
  const deploy = await runHubc(
    ['deploy', hub, '--subscription', '00000000-0000-0000-0000-000000000000', '-g', 'rg', '--parameters', fifo, '--arm-endpoint', 'https://127.0.0.1:9'],
    {
      azure: { credential: { getToken: async () => ({ token: 't', expiresOnTimestamp: Date.now() + 3600_000 }) } },
    },
  );
  assert.is(deploy.code, 2, deploy.stderr);
  assert.match(deploy.stderr, `error HUB420: cannot read ${fifo}: it is a FIFO`);
  const sim = await runHubc(['simulate', hub, '--storage', work, '--schedule', 'daily', '--responses', ZERO]);
  assert.is(sim.code, 2, sim.stderr);
  assert.match(sim.stderr + sim.stdout, `HUB456: cannot read the responses file ${ZERO}: it is a character device`);
});

test.run();
