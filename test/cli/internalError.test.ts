/**
 * No input makes hubc print a stack trace (issue #20): an error no command expected is one line with
 * HUB000, the message and where to report it, exit 70, in every output format (JSON with --format json).
 * The errors are injected: an output stream that throws, a stack overflow, and in a real process an
 * exception thrown from a timer (outside any awaited work).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/program.js';
import type { CliIO } from '../../src/cli/io.js';
import { HUBC_VERSION } from '../../src/util/version.js';
import { oneLine, stripControl } from '../../src/util/text.js';
import { childEnv } from '../support/childEnv.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HUB = join(ROOT, 'hub.yaml');
const work = mkdtempSync(join(tmpdir(), 'hubc-internal-'));

/** Runs the CLI in-process with an `out` that throws `fault` on its first `times` calls. */
async function withFailingOut(argv: string[], fault: () => never, times = Infinity) {
  let stdout = '';
  let stderr = '';
  let calls = 0;
  const io: CliIO = {
    out: (t) => {
      if (calls++ < times) fault();
      stdout += t;
    },
    err: (t) => void (stderr += t),
    isTTY: false,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

const ONE_LINE = new RegExp(
  `^error HUB000: internal error in hubc ${HUBC_VERSION.replace(/\./g, '\\.')}: (.*)\\. This is a bug in hubc, not in your input: please report it at .+\\n$`,
);

test('an exception in a command is one HUB000 line, exit 70, without a stack trace or control characters', async () => {
  const r = await withFailingOut(['--version'], () => {
    throw new TypeError('injected\nsecond line \u001b[31mred\u001b[0m');
  });
  assert.is(r.code, 70);
  const m = ONE_LINE.exec(r.stderr);
  assert.ok(m, r.stderr);
  assert.is(m![1], 'TypeError: injected second line red');
  assert.not.match(r.stderr, /\n\s+at /);
});

test('with --format json the internal error is a JSON object on stdout', async () => {
  const r = await withFailingOut(
    ['build', HUB, '--out', join(work, 'b'), '--format', 'json'],
    () => {
      throw new Error('injected once');
    },
    1,
  );
  assert.is(r.code, 70);
  const out = JSON.parse(r.stdout);
  assert.is(out.error.code, 'HUB000');
  assert.match(out.error.message, 'internal error in hubc');
  assert.match(out.error.message, 'injected once');
  assert.match(out.error.hint, 'please report it at');
  assert.equal(out.diagnostics, []);
  assert.is(r.stderr, '');
});

test('a stack overflow is an internal error too', async () => {
  const deep = (n: number): never => deep(n + 1);
  const r = await withFailingOut(['--version'], () => deep(0));
  assert.is(r.code, 70);
  assert.match(r.stderr, /^error HUB000: internal error in hubc [^:]+: RangeError: Maximum call stack size exceeded\. /);
});

test('in a real process: an exception thrown from a timer is HUB000, exit 70; HUBC_DEBUG=1 adds the stack', () => {
  const inject = join(work, 'inject.cjs');
  // Thrown once hubc has installed its handlers (whatever the load of the machine), from a timer.
  writeFileSync(
    inject,
    "const later = () => (process.listenerCount('uncaughtException') ? setTimeout(() => { throw new Error('thrown from a timer'); }, 0) : setTimeout(later, 5));\nlater();\n",
  );
  const run = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--require', inject, join(ROOT, 'dist', 'hubc.js'), '--version'], { encoding: 'utf8', env: childEnv(env) });
  const r = run();
  assert.is(r.status, 70, r.stderr);
  assert.ok(ONE_LINE.test(r.stderr), r.stderr);
  assert.match(r.stderr, 'internal error in hubc ' + HUBC_VERSION + ': thrown from a timer.');
  const debug = run({ HUBC_DEBUG: '1' });
  assert.is(debug.status, 70);
  assert.match(debug.stderr, /\n\s+at .*inject\.cjs/);
});

test('in a real process: a reader that closes the pipe early (hubc diff | head) ends hubc quietly, no HUB000', async () => {
  // The patch of 0.1 -> 0.7 is far larger than a pipe's buffer, so hubc is still writing when the pipe closes.
  const child = spawn(process.execPath, [join(ROOT, 'dist', 'hubc.js'), 'diff', '0.1', '0.7', '--format', 'patch'], { cwd: ROOT, env: childEnv() });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.is(stderr, '');
  assert.ok(code === 0 || code === 1, `exit ${code}`);
});

test('stripControl and oneLine remove escape sequences and control characters and bound the length', () => {
  assert.is(stripControl('a\u001b[2J\u001b[1;31mb\u001b]0;title\u0007c\u009b31md\re\u0000f\u202eg'), 'abcdefg');
  assert.is(stripControl('tab\tand\nline'), 'tab\tand\nline');
  assert.is(oneLine('  a\n\tb  c ', 10), 'a b c');
  assert.is(oneLine('x'.repeat(20), 10), `${'x'.repeat(9)}…`);
});

test.run();
