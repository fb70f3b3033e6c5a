/**
 * `hubc init` (src/init/): the hub.yaml it writes for every release holds exactly the sections the release
 * has, each at its default (it compiles with no diagnostic into the same files as a hub.yaml naming only
 * `release` and `hub.name`); its modeline points at the installed schema from where it is written; it never
 * replaces a file or writes through a link; and `hubc init` then `hubc build` works from an empty folder.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { compile } from '../../src/compiler/compile.js';
import { getRelease, has, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { packagePath, packageRoot } from '../../src/util/packageRoot.js';
import { hubYamlTemplate } from '../../src/init/template.js';
import { initHubFile, InitExistsError, referenceFrom } from '../../src/init/index.js';
import { runHubc } from '../support/cli.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-init-'));

for (const v of RELEASE_VERSIONS) {
  test(`${v}: the template compiles with no diagnostic into exactly the files of the defaults`, () => {
    const text = hubYamlTemplate({ release: v, schema: './schemas/hub.schema.json', docs: 'docs/hub-yaml.md', hubcVersion: '0.0.0' });
    const result = compile(text);
    assert.equal(result.diagnostics, []);
    const defaults = compile(`release: "${v}"\nhub:\n  name: finops-hub\n`);
    assert.equal(defaults.diagnostics, []);
    assert.equal([...result.artifacts.keys()], [...defaults.artifacts.keys()]);
    for (const [path, content] of defaults.artifacts) assert.ok(result.artifacts.get(path) === content, `${path} differs from the defaults' build`);

    // Exactly the sections the release has (a section it lacks would be a HUB221 warning, checked above).
    const r = getRelease(v);
    const data = parse(text);
    const expected = ['release', 'naming', 'hub', 'storage', 'scopes', 'tags'];
    if (has(r, 'dataExplorer')) expected.push('dataExplorer');
    if (has(r, 'retentionSettings')) expected.push('retention');
    if (has(r, 'privateNetworking')) expected.push('networking');
    if (has(r, 'remoteHub')) expected.push('remoteHub');
    assert.equal(Object.keys(data).sort(), expected.sort());
    assert.is('eventGridLocation' in data.hub, has(r, 'eventGridRegistration'));
    assert.is('dataExplorerLogDays' in (data.retention ?? {}), has(r, 'dataExplorer'));
    assert.match(text, has(r, 'managedExports') ? 'managed exports, always on from 0.4' : 'exports you create yourself');
  });
}

test('the modeline is ./... below the package, else the absolute path of the installed schema', () => {
  assert.is(referenceFrom(packageRoot(), packagePath('schemas', 'hub.schema.json')), './schemas/hub.schema.json');
  assert.is(referenceFrom(work, packagePath('schemas', 'hub.schema.json')), packagePath('schemas', 'hub.schema.json'));
  assert.is(referenceFrom(join(packageRoot(), 'test'), packagePath('schemas', 'hub.schema.json')), packagePath('schemas', 'hub.schema.json'));
});

test('initHubFile writes a file whose modeline and docs reference resolve, from where it is, to the shipped schema and docs', () => {
  const file = join(work, 'a', 'hub.yaml');
  mkdirSync(dirname(file));
  const outcome = initHubFile(file, { release: '0.5' });
  assert.is(outcome.release, '0.5');
  const text = readFileSync(file, 'utf8');
  const modeline = /^# yaml-language-server: \$schema=(\S+)\n/.exec(text)?.[1];
  assert.ok(modeline, 'first line is the modeline');
  // yaml-language-server: a relative path is relative to the YAML file, an absolute one to the file system root.
  const schemaFile = isAbsolute(modeline!) ? modeline! : resolve(dirname(file), modeline!);
  assert.equal(JSON.parse(readFileSync(schemaFile, 'utf8')), JSON.parse(readFileSync(packagePath('schemas', 'hub.schema.json'), 'utf8')));
  const docs = /field, its default and the releases that have it: (\S+)/.exec(text)?.[1];
  assert.ok(docs && existsSync(isAbsolute(docs) ? docs : resolve(dirname(file), docs)), `docs reference ${docs} exists`);
  assert.equal(readdirSync(dirname(file)), ['hub.yaml'], 'no temporary file is left');
  assert.match(text, 'release: "0.5"');
});

test('an existing file, or a link of that name (even a dangling one), is refused and left as it was', () => {
  const file = join(work, 'exists.yaml');
  writeFileSync(file, 'mine\n');
  assert.throws(() => initHubFile(file), (e: unknown) => e instanceof InitExistsError);
  assert.is(readFileSync(file, 'utf8'), 'mine\n');
  const target = join(work, 'elsewhere.yaml');
  const link = join(work, 'link.yaml');
  symlinkSync(target, link);
  assert.throws(() => initHubFile(link), (e: unknown) => e instanceof InitExistsError);
  assert.not.ok(existsSync(target), 'nothing written through the link');
  assert.equal(readdirSync(work).filter((f) => f.endsWith('.tmp')), []);
});

test('hubc init then hubc build from an empty folder: no diagnostic; init again exits 2 with HUB004; --schema and --format json', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hubc-init-cli-'));
  const file = join(dir, 'hub.yaml');
  const init = await runHubc(['init', file, '--release', '0.4']);
  assert.is(init.code, 0, init.stderr);
  assert.match(init.stdout, `wrote ${file} (hub release 0.4; schema ${packagePath('schemas', 'hub.schema.json')})`);
  const build = await runHubc(['build', file, '--out', join(dir, 'out')]);
  assert.is(build.code, 0, build.stderr);
  assert.is(build.stderr, '');
  assert.ok(existsSync(join(dir, 'out', '0.4', 'azuredeploy.json')));
  const again = await runHubc(['init', file]);
  assert.is(again.code, 2);
  assert.match(again.stderr, `${file} - error HUB004: ${file} already exists; hubc init does not overwrite it`);
  const url = 'https://example.org/hub/schemas/hub.schema.json';
  const json = await runHubc(['init', join(dir, 'b.yaml'), '--schema', url, '--format', 'json']);
  assert.is(json.code, 0, json.stderr);
  assert.equal(JSON.parse(json.stdout), { file: join(dir, 'b.yaml'), release: RELEASE_VERSIONS[RELEASE_VERSIONS.length - 1], schema: url, diagnostics: [] });
  assert.ok(readFileSync(join(dir, 'b.yaml'), 'utf8').startsWith(`# yaml-language-server: $schema=${url}\n`));
  const bad = await runHubc(['init', join(dir, 'c.yaml'), '--release', '9.9']);
  assert.is(bad.code, 2);
  assert.not.ok(existsSync(join(dir, 'c.yaml')));
});

test.run();
