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
import { getRelease, has, LATEST_RELEASE, RELEASE_VERSIONS, type ReleaseVersion } from '../../src/model/releases.js';
import { fieldApplies } from '../../src/frontend/checks/releaseFields.js';
import { packagePath, packageRoot } from '../../src/util/packageRoot.js';
import { hubYamlSchema, hubYamlTemplate, type SchemaNode } from '../../src/init/template.js';

const hubSchema = JSON.parse(readFileSync(packagePath('schemas', 'hub.schema.json'), 'utf8')) as SchemaNode;
import { initHubFile, InitExistsError, referenceFrom } from '../../src/init/index.js';
import { runHubc } from '../support/cli.js';

const work = mkdtempSync(join(tmpdir(), 'hubc-init-'));

/** Every field path of a schema node: the keys of mappings, and under a list of mappings `[]` then its items' keys. */
function schemaPaths(node: SchemaNode, path: string[] = []): string[][] {
  if (node.type === 'object' && node.properties) return Object.entries(node.properties).flatMap(([k, p]) => [[...path, k], ...schemaPaths(p, [...path, k])]);
  if (node.type === 'array' && node.items?.properties) return schemaPaths(node.items, [...path, '[]']);
  return [];
}

/** True when `data` holds the path (`[]`: the first item of a list). */
function holds(data: unknown, path: string[]): boolean {
  let v = data;
  for (const seg of path) {
    v = seg === '[]' ? (Array.isArray(v) ? v[0] : undefined) : v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[seg] : undefined;
    if (v === undefined) return false;
  }
  return true;
}

/** The text with every commented-out line (`# ` at its indentation, not a `##` description) written in, in place of what it stands for. */
function uncommented(text: string): string {
  const lines = text.slice(text.indexOf('\nrelease:') + 1).split('\n');
  return lines
    .filter((_, i) => !/^\s*## For example \(in place of the line above\):$/.test(lines[i + 1] ?? ''))
    .filter((l) => !/^\s*##/.test(l))
    .map((l) => l.replace(/^(\s*)# /, '$1'))
    .join('\n');
}

const template = (v: ReleaseVersion) => hubYamlTemplate({ release: v, schema: './schemas/hub.schema.json', docs: 'docs/hub-yaml.md', hubcVersion: '0.0.0' });

for (const v of RELEASE_VERSIONS) {
  test(`${v}: the template compiles with no diagnostic into exactly the files of the defaults`, () => {
    const result = compile(template(v));
    assert.equal(result.diagnostics, []);
    const defaults = compile(`release: "${v}"\nhub:\n  name: finops-hub\n`);
    assert.equal(defaults.diagnostics, []);
    assert.equal([...result.artifacts.keys()], [...defaults.artifacts.keys()]);
    for (const [path, content] of defaults.artifacts) assert.ok(result.artifacts.get(path) === content, `${path} differs from the defaults' build`);
  });

  test(`${v}: every field of the schema the release has is in the template (set, or commented out with an example), and no other`, () => {
    const r = getRelease(v);
    const data = parse(uncommented(template(v)), { uniqueKeys: false });
    const paths = schemaPaths(hubSchema);
    const applies = paths.filter((p) =>
      fieldApplies(
        r,
        p.filter((s) => s !== '[]'),
      ),
    );
    // A mapping is there when one of its fields is (0.1 has no retention setting).
    const isMapping = (p: string[]) => paths.some((q) => q.length > p.length && p.every((seg, i) => q[i] === seg));
    const expected = applies.filter((p) => !isMapping(p) || applies.some((q) => q.length > p.length && p.every((seg, i) => q[i] === seg)));
    assert.ok(paths.length > 40 && expected.length > 10, 'the schema has its fields');
    assert.equal(
      expected.filter((p) => !holds(data, p)).map((p) => p.join('.')),
      [],
      'missing fields',
    );
    assert.equal(
      paths.filter((p) => !expected.includes(p) && holds(data, p)).map((p) => p.join('.')),
      [],
      'fields the release does not have',
    );
    // What issue #30 found missing.
    for (const p of ['dataExplorer.sku', 'schedules', 'tagsByResource', 'lint', 'customDatasets']) assert.is(holds(data, p.split('.')), fieldApplies(r, p.split('.')), p);
    assert.is(holds(data, ['datasets']), Object.keys(r.exportVersions).length > 0, 'datasets');
    assert.is(holds(data, ['schedules']), has(r, 'managedExports'), 'schedules from 0.4');
    // Set to the examples, the file is still a valid hub.yaml of the release.
    assert.equal(
      compile(uncommented(template(v))).diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
  });
}

test('a field added to the schema appears in the template with no other change', () => {
  const schema = hubYamlSchema();
  const storage = schema.properties!.storage!;
  const before = storage.properties!;
  try {
    storage.properties = { ...before, minimumTlsVersion: { type: 'string', description: 'Lowest TLS version the account accepts.', default: 'TLS1_2' } };
    const text = template(LATEST_RELEASE);
    assert.match(text, '  ## Lowest TLS version the account accepts.\n  minimumTlsVersion: TLS1_2\n');
  } finally {
    storage.properties = before;
  }
});

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
  assert.throws(
    () => initHubFile(file),
    (e: unknown) => e instanceof InitExistsError,
  );
  assert.is(readFileSync(file, 'utf8'), 'mine\n');
  const target = join(work, 'elsewhere.yaml');
  const link = join(work, 'link.yaml');
  symlinkSync(target, link);
  assert.throws(
    () => initHubFile(link),
    (e: unknown) => e instanceof InitExistsError,
  );
  assert.not.ok(existsSync(target), 'nothing written through the link');
  assert.equal(
    readdirSync(work).filter((f) => f.endsWith('.tmp')),
    [],
  );
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
