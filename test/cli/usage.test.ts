/**
 * CLI manners, run in-process through runCli with captured output: usage errors name what was wrong and
 * what is allowed, every command has its own --help, and exit codes are 0 / 1 / 2.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runHubc } from '../support/cli.js';
import { nearest } from '../../src/util/nearest.js';

const run = (...argv: string[]) => runHubc(argv);

test('an unknown command exits 2, says so and lists the commands', async () => {
  const r = await run('frobnicate');
  assert.is(r.code, 2);
  assert.match(r.stderr, /unknown command 'frobnicate'/);
  assert.match(r.stderr, /commands: init, build, validate/);
  assert.is(r.stdout, '');
});

test('a misspelt command gets the nearest one suggested', async () => {
  const r = await run('buld');
  assert.is(r.code, 2);
  assert.match(r.stderr, /Did you mean build\?/);
});

test('--format with a wrong value names the allowed values and the nearest one', async () => {
  const xml = await run('build', '--format', 'xml');
  assert.is(xml.code, 2);
  assert.match(xml.stderr, /argument 'xml' is invalid\. Allowed values: text, json\./);
  const jsn = await run('validate', '--format', 'jsn');
  assert.is(jsn.code, 2);
  assert.match(jsn.stderr, /Did you mean 'json'\?/);
});

test('two input files are a usage error, not a silent usage text', async () => {
  const r = await run('build', 'a.yaml', 'b.yaml');
  assert.is(r.code, 2);
  assert.match(r.stderr, /too many arguments for 'build'\. Expected 1 argument but got 2/);
});

test('an unknown flag is named, with the options the command takes', async () => {
  const r = await run('build', '--frob');
  assert.is(r.code, 2);
  assert.match(r.stderr, /unknown option '--frob'/);
  assert.match(r.stderr, /options of hubc build: --out, --release, --all, --watch, --format, --help/);
});

test('an option another command takes is refused (validate writes nothing, so it has no --out)', async () => {
  const r = await run('validate', '--out', 'x');
  assert.is(r.code, 2);
  assert.match(r.stderr, /unknown option '--out'/);
  const short = await run('validate', '-o', 'x');
  assert.is(short.code, 2);
  assert.match(short.stderr, /unknown option '-o'/);
});

test('every command has its own --help with options, defaults and an example; exit 0', async () => {
  const build = await run('build', '--help');
  assert.is(build.code, 0);
  assert.match(build.stdout, /Usage: hubc build \[options\] \[file\]/);
  assert.match(build.stdout, /-o, --out <dir>.*\(default:\s+"dist-templates"\)/s);
  assert.match(build.stdout, /--format <format>.*\(choices: "text", "json", default: "text"\)/s);
  assert.match(build.stdout, /Examples:\n {2}hubc build\n/);
  const validate = await run('validate', '--help');
  assert.is(validate.code, 0);
  assert.match(validate.stdout, /Usage: hubc validate \[options\] \[file\]/);
  assert.match(validate.stdout, /--schemas-dir <dir>/);
  assert.match(validate.stdout, /ARM_SCHEMAS_DIR/);
  assert.match(validate.stdout, /Examples:/);
  const top = await run('--help');
  assert.is(top.code, 0);
  assert.match(top.stdout, /Exit codes: 0 success, 1 diagnostics/);
});

test('no arguments print the usage to stderr and exit 2; --version exits 0', async () => {
  const none = await run();
  assert.is(none.code, 2);
  assert.match(none.stderr, /Usage: hubc/);
  const v = await run('--version');
  assert.is(v.code, 0);
  assert.match(v.stdout, /^\d+\.\d+\.\d+\n$/);
});

test('nearest() suggests close values only', () => {
  assert.is(nearest('jsn', ['text', 'json']), 'json');
  assert.is(nearest('TEXT', ['text', 'json']), 'text');
  assert.is(nearest('xml', ['text', 'json']), undefined);
  assert.is(nearest('anything', []), undefined);
});

test('build --all writes every release; --all with --release is a usage error', async () => {
  const { mkdtempSync, readdirSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { RELEASE_VERSIONS } = await import('../../src/model/releases.js');
  const out = mkdtempSync(join(tmpdir(), 'hubc-all-'));
  const r = await run('build', 'hub.yaml', '--all', '--out', out, '--format', 'json');
  assert.is(r.code, 0, r.stderr);
  assert.equal(
    readdirSync(out)
      .filter((d) => !d.startsWith('.'))
      .sort(),
    // Folder names sort as text ('0.10' before '0.2').
    [...RELEASE_VERSIONS].sort(),
  );
  assert.equal(
    JSON.parse(r.stdout).builds.map((b: { release: string }) => b.release),
    [...RELEASE_VERSIONS],
  );
  const both = await run('build', '--all', '--release', '0.4');
  assert.is(both.code, 2);
  assert.match(both.stderr, /cannot be used with option '--all'/);
});

test('build --all on the repository hub.yaml: one HUB221 line per release in text (not 51 warnings), every one in JSON and with --release', async () => {
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const out = mkdtempSync(join(tmpdir(), 'hubc-all-text-'));
  const text = await run('build', 'hub.yaml', '--all', '--out', out);
  assert.is(text.code, 0, text.stderr);
  const lines = text.stderr.trimEnd().split('\n');
  assert.equal(
    lines.map((l) =>
      /^hub\.yaml - warning HUB221: hub release (0\.\d) leaves out (\d+) sections it does not have \(hub\.yaml lines [\d, ]+\), holding only defaults: nothing is lost \(hubc build hub\.yaml --release \1 lists them\)$/
        .exec(l)
        ?.slice(1, 3)
        .join(' '),
    ),
    ['0.1 11', '0.2 11', '0.3 11', '0.4 6', '0.5 6', '0.6 6'],
  );
  const json = await run('build', 'hub.yaml', '--all', '--out', out, '--format', 'json');
  assert.is(JSON.parse(json.stdout).diagnostics.filter((d: { code: string }) => d.code === 'HUB221').length, 51);
  const one = await run('build', 'hub.yaml', '--release', '0.1', '--out', out);
  assert.is(one.stderr.match(/warning HUB221/g)?.length, 11);
});

/** Every usage error hubc itself checks (not commander's): the command line, the code and the words it keeps (issue #32 item 3). */
const USAGE_ERRORS: [string[], string, string][] = [
  [['params', 'a.yaml', '--hub', 'b.yaml'], 'HUB060', "two hub files given: 'a.yaml' and --hub 'b.yaml'; pass one"],
  [['build', '--watch', '--format', 'json'], 'HUB060', '--watch prints text; leave out --format json'],
  [['migrate-data', '--from', '0.5', '--to', '0.7'], 'HUB060', 'pass exactly one of --storage DIR and --account NAME'],
  [['migrate-data', '--from', '0.5', '--to', '0.7', '--storage', '.', '--yes', '--dry-run'], 'HUB060', '--yes and --dry-run contradict each other; pass one'],
  [
    ['migrate-data', '--from', '0.5', '--to', '0.7', '--account', 'Not_An-Account'],
    'HUB062',
    "'Not_An-Account' is not a storage account name (3-24 lower-case letters and digits)",
  ],
  [['migrate-data', '--from', '0.7', '--to', '0.5', '--account', 'finopshub'], 'HUB493', '--to 0.5 is not newer than --from 0.7'],
  [['simulate', 'hub.yaml', '--storage', '.', '--event', 'a', '--schedule', 'daily'], 'HUB060', 'give exactly one of --event, --schedule and --pipeline, or --example (got 2)'],
  [['simulate', 'hub.yaml', '--storage', '.', '--event', 'a', '--param', 'x=1'], 'HUB061', '--param goes with --pipeline'],
  [['import', '--out', 'x.yaml'], 'HUB060', 'pass either --subscription and --resource-group (online) or --parameters (offline)'],
  [
    ['import', '--subscription', 's', '--resource-group', 'g', '--settings', 's.json', '--out', 'x.yaml'],
    'HUB061',
    '--settings is for an offline import (online, settings.json is read from the hub)',
  ],
  [['params', 'hub.yaml', '--key-secret', 'k'], 'HUB061', '--key-secret needs --key-vault'],
  [['deploy', 'hub.yaml', '--subscription', '00000000-0000-0000-0000-000000000000', '--resource-group', 'g', '--from', '0.5'], 'HUB061', '--from needs --upgrade'],
  [['upgrade-plan', '0.5', '0.7', '--out', 'p.json'], 'HUB061', '--out needs --parameters (the file to rewrite)'],
];

for (const [argv, code, words] of USAGE_ERRORS) {
  test(`usage error with its code: hubc ${argv.join(' ')} -> ${code}`, async () => {
    const r = await run(...argv);
    assert.is(r.code, 2, r.stderr);
    assert.match(r.stderr, `error ${code}: `);
    assert.match(r.stderr, words);
  });
}

test.run();
