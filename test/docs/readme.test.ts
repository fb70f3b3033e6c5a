/**
 * What the README says a user can run and what they get (issue #30, items 12 and 21): the quick start
 * names the release of the repository's hub.yaml and its output folder, and the release `hubc init` writes
 * (it said "release 0.7" where init writes 0.8, without saying which is which); the DuckDB install command
 * names the version hubc declares; every `hubc` line of its examples is a registered command with
 * registered options; and it stays a README (status, figures and walkthroughs live in docs/ and
 * CHANGELOG.md). The Commands table has its own test (test/cli/commandsTable.test.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { createProgram } from '../../src/cli/program.js';
import { LATEST_RELEASE } from '../../src/model/releases.js';

const read = (f: string) => readFileSync(new URL(`../../${f}`, import.meta.url), 'utf8');
const readme = read('README.md');
const pkg = JSON.parse(read('package.json'));
const program = createProgram({ io: { out: () => undefined, err: () => undefined, isTTY: false }, exit: () => undefined });

test('the quick start names the release of the repository hub.yaml, where it is built, and the release hubc init writes', () => {
  const release = String(parse(read('hub.yaml')).release);
  assert.match(readme, `npx hubc build      # builds the repository's hub.yaml (release: "${release}" in the file) into dist-templates/${release}/`);
  assert.match(readme, `A new file from \`hubc init\` is\nfor the latest release, ${LATEST_RELEASE}`);
});

test('the DuckDB install command names the version hubc declares', () => {
  const version = pkg.optionalDependencies['@duckdb/node-api'];
  const named = [...readme.matchAll(/@duckdb\/node-api@(\S+?)[`)]/g)].map((m) => m[1]);
  assert.ok(named.length > 0);
  assert.equal([...new Set(named)], [version]);
});

test('every hubc line of the README examples is a registered command with registered options', () => {
  const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  const lines = blocks
    .flatMap((b) => b.split('\n'))
    .map((l) => l.replace(/#.*$/, ''))
    .flatMap((l) => l.split('&&'))
    .map((l) => l.trim());
  const calls = lines.map((l) => /^(?:npx )?hubc (\S+)(.*)$/.exec(l)).filter((m): m is RegExpExecArray => !!m);
  assert.ok(calls.length >= 4, 'the README shows hubc commands');
  for (const [, name, rest] of calls) {
    const command = program.commands.find((c) => c.name() === name);
    assert.ok(command, `hubc ${name} is a command`);
    for (const option of rest.match(/--[a-z-]+/g) ?? [])
      assert.ok(
        command!.options.some((o) => o.long === option),
        `hubc ${name} ${option}`,
      );
  }
});

test('the README stays short: what hubc is, the two commands, the package route, the command table, links', () => {
  assert.ok(readme.split('\n').length <= 250, `${readme.split('\n').length} lines`);
  for (const heading of ['## Quick start', '## Install as a package', '## Commands', '## Documentation', '## Tests', '### Test data']) assert.match(readme, `\n${heading}\n`);
  assert.not.match(readme, /\bissue #\d+/i, 'issue numbers belong in CHANGELOG.md');
});

test.run();
