/**
 * `hubc completion bash|zsh|fish` (issue #30 item 18): the scripts are made from the commands and options
 * as registered, so every command, option and option value list is in them and a command added later
 * appears with no edit; the bash script is run by bash on command lines typed so far; the zsh and fish
 * scripts are checked by their shells when those are installed (said when not).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MissingTestData } from '../support/testData.js';
import { Command } from 'commander';
import { createProgram } from '../../src/cli/program.js';
import { completionScript } from '../../src/cli/completion.js';
import { choiceOption } from '../../src/cli/options.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { CLOUD_NAMES } from '../../src/azure/clouds.js';
import { runHubc } from '../support/cli.js';
import { HUBC_VERSION } from '../../src/util/version.js';

const program = createProgram({ io: { out: () => undefined, err: () => undefined, isTTY: false }, exit: () => undefined });
const scripts = Object.fromEntries((['bash', 'zsh', 'fish'] as const).map((s) => [s, completionScript(s, program, HUBC_VERSION)] as const));

test('hubc completion SHELL prints the script of the registered program; another shell is a usage error', async () => {
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    const r = await runHubc(['completion', shell]);
    assert.is(r.code, 0, r.stderr);
    assert.is(r.stdout, scripts[shell]);
  }
  const bad = await runHubc(['completion', 'powershell']);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, 'Allowed choices are bash, zsh, fish');
});

test('each script names every command and every option of each command', () => {
  for (const [shell, text] of Object.entries(scripts)) {
    assert.ok(text.length > 1000, shell);
    for (const c of program.commands) {
      assert.ok(text.includes(c.name()), `${shell}: ${c.name()}`);
      for (const o of c.options) assert.ok(text.includes(shell === 'fish' ? `-l ${o.long!.slice(2)} ` : o.long!), `${shell}: ${c.name()} ${o.long}`);
    }
    assert.ok(text.includes(RELEASE_VERSIONS.join(' ')), `${shell}: the releases`);
    assert.ok(text.includes(CLOUD_NAMES.join(' ')), `${shell}: the clouds`);
  }
});

test('a command registered later is in the scripts with no other change', () => {
  const p = new Command('hubc');
  p.command('frobnicate')
    .summary('a command added later')
    .argument('[file]')
    .addOption(choiceOption('--mode <mode>', 'how', ['fast', 'slow']))
    .option('--into <dir>', 'folder');
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    const text = completionScript(shell, p, '0.0.0');
    assert.ok(text.includes('frobnicate') && text.includes('fast slow') && text.includes('into'), shell);
  }
});

const work = mkdtempSync(join(tmpdir(), 'hubc-completion-'));
mkdirSync(join(work, 'out-a'));
mkdirSync(join(work, 'out-b'));
writeFileSync(join(work, 'hub.yaml'), '');
const script = join(mkdtempSync(join(tmpdir(), 'hubc-completion-script-')), 'hubc.bash');
writeFileSync(script, scripts.bash!);

/** What bash completes for the words typed so far (the last one being completed), run in `work`. */
function bash(...words: string[]): string[] {
  const line = ['hubc', ...words];
  const program = `source ${JSON.stringify(script)}; COMP_WORDS=(${line.map((w) => JSON.stringify(w)).join(' ')}); COMP_CWORD=${line.length - 1}; _hubc; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const r = spawnSync('bash', ['--noprofile', '--norc', '-c', program], { cwd: work, encoding: 'utf8' });
  assert.is(r.status, 0, r.stderr);
  return r.stdout.split('\n').filter(Boolean).sort();
}

test('bash completes commands, options, option values, folders and files', () => {
  assert.equal(bash('b'), ['build']);
  assert.equal(bash(''), [...program.commands.map((c) => c.name()), '--help', '--version'].sort());
  assert.equal(bash('build', '--re'), ['--release']);
  assert.equal(bash('build', '--release', ''), [...RELEASE_VERSIONS].sort());
  assert.equal(bash('lint', '--format', ''), ['json', 'sarif', 'text']);
  assert.equal(bash('deploy', '--cloud', 'Azure'), [...CLOUD_NAMES].sort());
  assert.equal(bash('build', '--out', 'out'), ['out-a', 'out-b']);
  assert.equal(bash('build', 'hu'), ['hub.yaml']);
  assert.equal(bash('completion', ''), ['bash', 'fish', 'zsh']);
  assert.equal(bash('--version', 'pa'), ['params']);
  // A free-text value offers nothing rather than file names.
  assert.equal(bash('deploy', '--subscription', ''), []);
});

const has = (cmd: string) => spawnSync(cmd, ['--version'], { encoding: 'utf8' }).status === 0;

test('zsh and fish read their scripts without a syntax error, and fish completes with it', () => {
  const missing = ['zsh', 'fish'].filter((shell) => !has(shell));
  if (missing.length) throw new MissingTestData(missing.join(' and '), 'not on PATH (Debian packages zsh, fish; .ci/run installs them)');
  for (const [shell, check] of [
    ['zsh', ['-n']],
    ['fish', ['--no-execute']],
  ] as const) {
    const file = join(work, `hubc.${shell}`);
    writeFileSync(file, scripts[shell]!);
    const r = spawnSync(shell, [...check, file], { encoding: 'utf8' });
    assert.is(r.status, 0, `${shell}: ${r.stderr}`);
    if (shell !== 'fish') continue;
    // fish completes a command line it is given (complete -C) without a terminal.
    const fish = (line: string) =>
      spawnSync('fish', ['--no-config', '-c', `source ${JSON.stringify(file)}; complete -C ${JSON.stringify(line)}`], { cwd: work, encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t')[0])
        .sort();
    assert.equal(fish('hubc bu'), ['build']);
    assert.equal(fish('hubc build --release '), [...RELEASE_VERSIONS].sort());
    assert.equal(fish('hubc lint --format '), ['json', 'sarif', 'text']);
    assert.equal(fish('hubc completion '), ['bash', 'fish', 'zsh']);
    assert.equal(fish('hubc build --out out'), ['out-a/', 'out-b/']);
  }
});

test.run();
