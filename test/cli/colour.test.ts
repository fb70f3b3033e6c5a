/**
 * Coloured diagnostics (issue #30 item 18): on a terminal, hub.yaml and lint diagnostics are coloured as
 * tsc colours them (place, severity, code, hint); never when stderr is not a terminal, with NO_COLOR, or
 * with `--format json`; always with FORCE_COLOR (https://no-color.org, https://force-color.org). The
 * terminal runs are real: the child gets a pseudo-terminal from util-linux `script`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { colourWanted } from '../../src/cli/colour.js';
import { runHubc } from '../support/cli.js';
import { childBundle } from '../support/crash.js';
import { childEnv } from '../support/childEnv.js';
import { MissingTestData } from '../support/testData.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-colour-'));
const BROKEN = join(work, 'hub.yaml');
writeFileSync(BROKEN, 'release: "0.8"\nhub:\n  name: contoso\nstorage:\n  sku: Premium_lrs\n');
const ESC = '\u001b[';

test('colourWanted: FORCE_COLOR on (0 or false off), else NO_COLOR, NODE_DISABLE_COLORS or TERM=dumb off, else the terminal decides', () => {
  const cases: [Record<string, string>, boolean, boolean][] = [
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ NODE_DISABLE_COLORS: '1' }, true, false],
    [{ TERM: 'dumb' }, true, false],
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: 'false' }, true, false],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
  ];
  for (const [env, tty, expected] of cases) assert.is(colourWanted(env, tty), expected, `${JSON.stringify(env)} tty=${tty}`);
});

test('in colour, the text is the same once the colours are taken out; place, severity, code and hint are coloured', async () => {
  const plain = await runHubc(['build', BROKEN, '--out', join(work, 'out')]);
  const coloured = await runHubc(['build', BROKEN, '--out', join(work, 'out')], { colour: true });
  assert.is(coloured.code, 1);
  assert.not.match(plain.stderr, ESC);
  assert.is(stripVTControlCharacters(coloured.stderr), plain.stderr);
  const first = coloured.stderr.split('\n')[0]!;
  assert.ok(first.startsWith(`${ESC}36m${BROKEN}:5:8${ESC}39m - ${ESC}31merror${ESC}39m ${ESC}90mHUB104${ESC}39m: `), JSON.stringify(first));
  assert.match(coloured.stderr, `\n  ${ESC}2mhint:${ESC}22m Did you mean`);
  // JSON is never coloured, even when asked for.
  const json = await runHubc(['build', BROKEN, '--out', join(work, 'out'), '--format', 'json'], { colour: true });
  assert.not.match(json.stdout + json.stderr, ESC);
  assert.is(JSON.parse(json.stdout).diagnostics[0].code, 'HUB104');
});

test('lint findings are coloured the same way', async () => {
  const hub = join(work, 'lint.yaml');
  writeFileSync(hub, 'release: "0.7"\nhub:\n  name: contoso\nlint:\n  suppress:\n    - rule: HUB520\n      reason: checked by hand for this hub\n');
  const r = await runHubc(['lint', hub, '--out', join(work, 'lint-out')], { colour: true });
  assert.match(r.stderr, `${ESC}33mwarning${ESC}39m ${ESC}90mHUB599${ESC}39m: the suppression of HUB520`);
});

/** Runs the bundled hubc as a child; with `tty`, under a pseudo-terminal (stdout and stderr both the terminal). */
async function child(args: string[], env: Record<string, string>, tty: boolean): Promise<string> {
  const entry = await childBundle();
  const options = { encoding: 'utf8' as const, env: childEnv({ NO_COLOR: undefined, NODE_DISABLE_COLORS: undefined, TERM: 'xterm', ...env }) };
  if (!tty) return spawnSync(process.execPath, [entry, ...args], options).stderr;
  const command = [process.execPath, entry, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const r = spawnSync('script', ['-qec', command, '/dev/null'], options);
  return r.stdout;
}

const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

test('a real child: coloured on a terminal, not with NO_COLOR there, not when piped, coloured with FORCE_COLOR when piped', async () => {
  const args = ['build', BROKEN, '--out', join(work, 'child-out')];
  assert.not.match(await child(args, {}, false), ESC, 'piped');
  assert.match(await child(args, { FORCE_COLOR: '1' }, false), `${ESC}31merror`, 'FORCE_COLOR, piped');
  if (!hasScript) throw new MissingTestData('script', 'util-linux `script` is not on PATH (Debian package bsdutils); the terminal runs need it');
  const onTerminal = await child(args, {}, true);
  assert.match(onTerminal, `${ESC}31merror`, 'on a terminal');
  assert.match(stripVTControlCharacters(onTerminal), 'error HUB104: storage.sku must be one of the allowed values');
  assert.not.match(await child(args, { NO_COLOR: '1' }, true), `${ESC}31m`, 'NO_COLOR on a terminal');
});

test.run();
