/**
 * `hubc build --watch` (issue #30 item 18), run as a real child process whose hub.yaml the test edits:
 * one build at the start, one after each save (several quick writes are one build), a status line per
 * build, errors reported without ending the watch (and nothing written), a file that is replaced by
 * rename (as editors save) or removed and written again still followed, and Ctrl-C (SIGINT) ending it
 * with exit code 0.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childBundle } from '../support/crash.js';
import { runHubc } from '../support/cli.js';
import { childEnv } from '../support/childEnv.js';

const hub = (name: string, extra = '') => `release: "0.8"\nhub:\n  name: ${name}\n${extra}`;
const STATUS = /^\[\d\d:\d\d:\d\d\] (built|not built)[^\n]*; watching hub\.yaml for changes \(Ctrl-C to stop\)$/gm;

/** A running `hubc build --watch` with what it printed so far. */
interface Watch {
  child: ChildProcessWithoutNullStreams;
  out: () => string;
  err: () => string;
  /** Resolves once the child has printed `n` status lines in all (rejects after 30 s). */
  statuses: (n: number) => Promise<string[]>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startWatch(dir: string): Promise<Watch> {
  const entry = await childBundle();
  const child = spawn(process.execPath, [entry, 'build', 'hub.yaml', '--out', 'out', '--watch'], { cwd: dir, env: childEnv() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  const statuses = async (n: number) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const lines = stdout.match(STATUS) ?? [];
      if (lines.length >= n) return lines;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`expected ${n} status lines, got:\n${stdout}\n${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, out: () => stdout, err: () => stderr, statuses, exited };
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `text()` holds `expected` (stdout and stderr are separate pipes: one may come later); the text after 10 s. */
async function until(text: () => string, expected: string): Promise<string> {
  for (const deadline = Date.now() + 10_000; !text().includes(expected) && Date.now() < deadline;) await settle(50);
  return text();
}

test('builds, rebuilds on save, reports errors and keeps watching, follows a replaced or re-created file, and Ctrl-C exits 0', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-watch-'));
  const file = join(dir, 'hub.yaml');
  const template = join(dir, 'out', '0.8', 'azuredeploy.json');
  writeFileSync(file, hub('first'));
  const w = await startWatch(dir);
  try {
    let lines = await w.statuses(1);
    assert.match(lines[0]!, /\] built release 0\.8 into .*out[/\\]0\.8: \d+ files, 0 warnings; /);
    assert.match(readFileSync(template, 'utf8'), '"defaultValue": "first"');

    // A save with an error: reported, nothing written, still watching.
    writeFileSync(file, hub('first', 'storage:\n  sku: Premium_lrs\n'));
    lines = await w.statuses(2);
    assert.match(lines[1]!, /\] not built: 1 error \(above\), nothing written; /);
    const error = "hub.yaml:5:8 - error HUB104: storage.sku must be one of the allowed values, not 'Premium_lrs'";
    const got = await until(w.err, error);
    assert.ok(got.includes(error), JSON.stringify(got) + JSON.stringify(w.out()));
    assert.match(readFileSync(template, 'utf8'), '"defaultValue": "first"');

    // Several quick writes, as one save: one build, of the last text.
    for (const name of ['a-second', 'b-second', 'c-second', 'second']) writeFileSync(file, hub(name));
    lines = await w.statuses(3);
    await settle(1000);
    assert.is((w.out().match(STATUS) ?? []).length, 3, 'one build for the burst of writes');
    assert.match(lines[2]!, /\] built release 0\.8/);
    assert.match(readFileSync(template, 'utf8'), '"defaultValue": "second"');

    // Saved as editors do: a new file renamed over the old one.
    writeFileSync(join(dir, '.hub.yaml.swp'), hub('third'));
    renameSync(join(dir, '.hub.yaml.swp'), file);
    await w.statuses(4);
    assert.match(readFileSync(template, 'utf8'), '"defaultValue": "third"');

    // Removed: said so; written again: built.
    rmSync(file);
    lines = await w.statuses(5);
    assert.match(lines[4]!, /\] not built: hub\.yaml could not be read or the output not written \(above\); /);
    writeFileSync(file, hub('fourth'));
    await w.statuses(6);
    assert.match(readFileSync(template, 'utf8'), '"defaultValue": "fourth"');

    w.child.kill('SIGINT');
    const end = await w.exited;
    assert.equal(end, { code: 0, signal: null }, w.err());
    assert.not.ok(existsSync(join(dir, 'out', '.hubc-lock')), 'no lock left');
  } finally {
    if (w.child.exitCode === null) w.child.kill('SIGKILL');
  }
});

test('--watch prints text: with --format json it is a usage error (exit 2); a folder that is not there cannot be watched (exit 2)', async () => {
  const r = await runHubc(['build', 'hub.yaml', '--watch', '--format', 'json']);
  assert.is(r.code, 2);
  assert.match(r.stderr, '--watch prints text');
  const missing = join(tmpdir(), 'hubc-watch-no-such-folder', 'hub.yaml');
  const gone = await runHubc(['build', missing, '--watch']);
  assert.is(gone.code, 2);
  assert.match(gone.stderr, `error HUB064: cannot watch ${join(tmpdir(), 'hubc-watch-no-such-folder')}: ENOENT`);
});

test.run();
