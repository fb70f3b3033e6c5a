/**
 * --format patch: RFC 6902 operations per file; applying them to A's files gives B's files byte for byte,
 * for hub.yaml variants, 0.6 -> 0.7 (and back), every consecutive release pair, and hand-made edge cases.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fastJsonPatch from 'fast-json-patch';
import { parse, stringify } from 'yaml';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import { applyDiffPatch, buildPatch, formatPatch, jsonOps } from '../../src/diff/format/patch.js';
import { DEFAULT_HUB_YAML } from '../support/hubs.js';
import { previousOf07, releaseBuild } from '../support/releaseBuilds.js';
import { fromFiles } from '../../src/build/index.js';

/** The Build of files in memory. */
const asBuild = (files: ReadonlyMap<string, string>) => fromFiles({ release: 'test', source: 'compile', files });

/** Builds the patch, prints and re-reads it as JSON, applies it, and compares with B. */
function roundTrip(filesA: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) {
  const a = asBuild(filesA);
  const patch = JSON.parse(formatPatch(buildPatch('a', a, 'b', asBuild(b))));
  for (const f of patch.files)
    assert.is(
      fastJsonPatch.validate(f.operations, f.change === 'added' ? undefined : f.representation === 'json' ? JSON.parse(filesA.get(f.path)!) : filesA.get(f.path)!.split('\n')),
      undefined,
      f.path,
    );
  const out = applyDiffPatch(a, patch);
  assert.equal([...out.keys()], [...b.keys()].sort());
  for (const [path, text] of b) assert.ok(out.get(path) === text, `${path} differs after applying the patch`);
  return patch;
}

const v07 = releaseBuild('0.7');

test('hub.yaml variants: applying the patch to A gives B exactly', () => {
  const doc = parse(DEFAULT_HUB_YAML);
  doc.storage.sku = 'Premium_ZRS';
  doc.dataExplorer.name = 'adx1';
  doc.datasets = doc.datasets.filter((d: { name: string }) => d.name !== 'Prices');
  doc.customDatasets = [{ name: 'Budgets', dateFolder: 'yyyy/mm', columns: [{ name: 'Amount', type: 'real' }] }];
  const b = releaseBuild('0.7', stringify(doc));
  const patch = roundTrip(v07, b);
  const kinds = Object.fromEntries(patch.files.map((f: { path: string; change: string; representation: string }) => [f.path, `${f.change}/${f.representation}`]));
  assert.is(kinds['azuredeploy.json'], 'changed/json');
  assert.is(kinds['kql/IngestionSetup.kql'], 'changed/lines');
  assert.is(kinds['datafactory/pipelines/ingestion_ExecuteETL.json'], 'added/json');
  // The schema files keep each column on one line (not hubc's canonical JSON layout), so they are patched as lines.
  assert.is(kinds['config/schemas/pricesheet_2023-05-01_ea.json'], 'removed/lines');
  // Text files change line by line, not as a whole-file replacement.
  const kql = patch.files.find((f: { path: string }) => f.path === 'kql/IngestionSetup.kql');
  assert.ok(kql.operations.every((o: { op: string }) => o.op === 'add' || o.op === 'remove'));
  assert.ok(kql.operations.length < v07.get('kql/IngestionSetup.kql')!.split('\n').length);
  roundTrip(b, v07);
});

test('0.6 -> 0.7 and back', () => {
  roundTrip(previousOf07().build.files, v07);
  roundTrip(v07, previousOf07().build.files);
});

test('consecutive releases', () => {
  for (let i = 1; i < RELEASE_VERSIONS.length; i++) roundTrip(releaseBuild(RELEASE_VERSIONS[i - 1]), releaseBuild(RELEASE_VERSIONS[i]));
  assert.equal(buildPatch('a', asBuild(v07), 'b', asBuild(v07)).files, []);
});

test('member order is kept: an object whose order would change is replaced whole', () => {
  assert.equal(jsonOps({ a: 1, b: 2 }, { a: 1, b: 3, c: 4 }), [
    { op: 'replace', path: '/b', value: 3 },
    { op: 'add', path: '/c', value: 4 },
  ]);
  assert.equal(jsonOps({ x: { a: 1, b: 2 } }, { x: { c: 0, a: 1, b: 2 } }), [{ op: 'replace', path: '/x', value: { c: 0, a: 1, b: 2 } }]);
  assert.equal(jsonOps({ 'a/b': [1, 2, 3] }, { 'a/b': [1, 3] }), [{ op: 'remove', path: '/a~1b/1' }]);
});

test('text and non-canonical JSON files are patched as lines', () => {
  const a = new Map([
    ['notes.txt', 'one\ntwo\nthree\n'],
    ['odd.json', '{"a":1}'],
  ]);
  const b = new Map([
    ['notes.txt', 'zero\none\nthree\nfour'],
    ['odd.json', '{"a":2}'],
    ['new.kql', '.show tables\n'],
  ]);
  const patch = roundTrip(a, b);
  assert.equal(
    patch.files.map((f: { path: string; representation: string }) => [f.path, f.representation]),
    [
      ['new.kql', 'lines'],
      ['notes.txt', 'lines'],
      ['odd.json', 'lines'],
    ],
  );
});

test.run();
