/**
 * `hubc params --out` and `hubc upgrade-plan --out` (issue #20, finding 6): the file is created new under
 * an unpredictable temporary name and renamed into place; a symbolic link or a special file at the path is
 * refused with HUB010 (exit 2) and left as it is; a link planted at the old predictable temporary name
 * `<out>.<pid>.tmp` is not followed; an existing file keeps its mode; a child killed between the flushed
 * temporary file and the rename leaves the old file whole, and the same command again completes and
 * leaves no temporary file; two writers of one file at once never delete each other's temporary file
 * (issue #29, finding 13).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHubc } from '../support/cli.js';
import { runChild } from '../support/crash.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HUB = join(ROOT, 'hub.yaml');
const dir = mkdtempSync(join(tmpdir(), 'hubc-out-'));
const cli = (...argv: string[]) => runHubc(argv);

/** A folder standing for what is outside the folders hubc was given, with one file in it. */
function outside(): { dir: string; file: string } {
  const d = mkdtempSync(join(tmpdir(), 'hubc-outside-'));
  const file = join(d, 'precious.json');
  writeFileSync(file, 'precious\n');
  return { dir: d, file };
}

const oldParameters = () => {
  const file = join(dir, `p03-${Math.random().toString(16).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ contentVersion: '1.0.0.0', parameters: { exportScopes: { value: ['/subscriptions/x'] } } }));
  return file;
};

test('params --out at a symbolic link: refused with HUB010 (exit 2); the link and its target stay as they are', async () => {
  const o = outside();
  const link = join(dir, 'linked.parameters.json');
  symlinkSync(o.file, link);
  const r = await cli('params', HUB, '--out', link);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, `error HUB010: refusing to write ${link}: it is a symbolic link`);
  assert.ok(lstatSync(link).isSymbolicLink(), 'the link is not replaced');
  assert.is(readlinkSync(link), o.file);
  assert.is(readFileSync(o.file, 'utf8'), 'precious\n', 'nothing written through the link');
});

test('upgrade-plan --out at a symbolic link: refused with HUB010, with --format json an error object', async () => {
  const o = outside();
  const link = join(dir, 'linked.p04.json');
  symlinkSync(o.file, link);
  const r = await cli('upgrade-plan', '0.3', '0.4', '--hub', HUB, '--parameters', oldParameters(), '--out', link, '--format', 'json');
  assert.is(r.code, 2, r.stderr);
  assert.is(JSON.parse(r.stdout).error.code, 'HUB010');
  assert.ok(lstatSync(link).isSymbolicLink());
  assert.is(readFileSync(o.file, 'utf8'), 'precious\n');
});

test('a FIFO at --out is refused (exit 2) and stays a FIFO; so is a folder', async () => {
  const fifo = join(dir, 'pipe.json');
  const made = spawnSync('mkfifo', [fifo]);
  assert.is(made.status, 0, 'mkfifo');
  const r = await cli('params', HUB, '--out', fifo);
  assert.is(r.code, 2);
  assert.match(r.stderr, `error HUB010: refusing to write ${fifo}: it is a FIFO (named pipe)`);
  assert.ok(lstatSync(fifo).isFIFO(), 'the FIFO is not replaced');
  const folder = await cli('upgrade-plan', '0.3', '0.4', '--hub', HUB, '--parameters', oldParameters(), '--out', dir);
  assert.is(folder.code, 2);
  assert.match(folder.stderr, 'it is a folder');
});

test('a link planted at the old predictable temporary name <out>.<pid>.tmp is not followed', async () => {
  for (const command of ['params', 'upgrade-plan'] as const) {
    const o = outside();
    const out = join(dir, `${command}-planted.json`);
    symlinkSync(o.file, `${out}.${process.pid}.tmp`);
    const r = command === 'params' ? await cli('params', HUB, '--out', out) : await cli('upgrade-plan', '0.3', '0.4', '--hub', HUB, '--parameters', oldParameters(), '--out', out);
    assert.is(r.code, 0, r.stderr);
    assert.is(readFileSync(o.file, 'utf8'), 'precious\n', `${command}: nothing written through the planted link`);
    assert.ok(JSON.parse(readFileSync(out, 'utf8')).parameters, `${command}: the file is written`);
  }
});

test('an existing file keeps its mode (0600 stays 0600); a new one gets 0666 less the umask', async () => {
  const out = join(dir, 'private.parameters.json');
  writeFileSync(out, '{}\n');
  chmodSync(out, 0o600);
  const r = await cli('params', HUB, '--out', out, '--force');
  assert.is(r.code, 0, r.stderr);
  assert.is(statSync(out).mode & 0o777, 0o600);
  const fresh = join(dir, 'fresh.parameters.json');
  assert.is((await cli('params', HUB, '--out', fresh)).code, 0);
  const umask = process.umask();
  assert.is(statSync(fresh).mode & 0o777, 0o666 & ~umask);
});

test('killed between the flushed temporary file and the rename: the old file is whole; the same command again completes and leaves no temporary file', async () => {
  const isParameterFile = (text: string) => Boolean(JSON.parse(text).parameters);
  const cases: { name: string; args: (out: string) => string[]; fault: string; complete: (text: string) => boolean }[] = [
    { name: 'params', args: (out) => ['params', HUB, '--out', out, '--force'], fault: 'params:out-flushed', complete: isParameterFile },
    {
      name: 'upgrade-plan',
      args: (out) => ['upgrade-plan', '0.3', '0.4', '--hub', HUB, '--parameters', oldParameters(), '--out', out],
      fault: 'upgrade-plan:out-flushed',
      complete: isParameterFile,
    },
    { name: 'graph', args: (out) => ['graph', HUB, '--format', 'svg', '--out', out], fault: 'graph:out-flushed', complete: (text) => text.trimEnd().endsWith('</svg>') },
  ];
  for (const c of cases) {
    const folder = mkdtempSync(join(dir, `${c.name}-kill-`));
    const out = join(folder, 'out.json');
    writeFileSync(out, 'old content\n');
    const killed = await runChild(c.args(out), { fault: c.fault });
    assert.is(killed.signal, 'SIGKILL', `${c.name}: killed at its fault point (${killed.stderr})`);
    assert.is(readFileSync(out, 'utf8'), 'old content\n', `${c.name}: the old file is whole`);
    const again = await runHubc(c.args(out));
    assert.is(again.code, 0, again.stderr);
    assert.ok(c.complete(readFileSync(out, 'utf8')), `${c.name}: the new file is complete`);
    assert.equal(readdirSync(folder), ['out.json'], `${c.name}: no temporary file is left`);
  }
  assert.not.ok(existsSync(join(dir, 'out.json')));
});

test("issue #29 finding 13: two writers of one --out file: the second does not delete the first one's temporary file as a leftover; both exit 0", async () => {
  const folder = mkdtempSync(join(dir, 'two-writers-'));
  const out = join(folder, 'out.json');
  // Both replace an existing file (--force): the first stops (SIGSTOP) with its temporary file flushed, before its rename.
  writeFileSync(out, '{}\n');
  let pid = 0;
  const first = runChild(['params', HUB, '--out', out, '--force'], { fault: 'params:out-flushed:stop', onSpawn: (p) => (pid = p) });
  for (let i = 0; i < 600 && !readdirSync(folder).some((n) => n.endsWith('.tmp')); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  const second = await runChild(['params', HUB, '--out', out, '--force']);
  assert.is(second.code, 0, second.stderr);
  assert.is(readdirSync(folder).filter((n) => n.endsWith('.tmp')).length, 1, "the first writer's temporary file is still there");
  process.kill(pid, 'SIGCONT');
  const resumed = await first;
  assert.is(resumed.code, 0, resumed.stderr);
  assert.ok(JSON.parse(readFileSync(out, 'utf8')).parameters);
  assert.equal(readdirSync(folder), ['out.json'], 'no temporary file is left');
});

test.run();
