/**
 * The layers of src/, ground up, each importing only its own layer or the ones below (docs/architecture.md):
 * util -> model, diagnostics -> expressions -> frontend -> modules -> emitters -> validators -> build, public ->
 * compiler -> commands -> cli. No cycle between folders (first and second level) and none between files, type-only
 * imports included.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cycles, importEdges, type ImportEdge } from '../support/importGraph.js';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Top-level folders of src/ by layer, lowest first. */
const LAYERS: readonly (readonly string[])[] = [
  ['util'],
  ['model', 'diagnostics'],
  ['expressions'],
  ['frontend'],
  ['modules'],
  ['emitters'],
  ['validators'],
  ['build', 'public', 'catalogue'],
  ['compiler'],
  ['cache', 'validate', 'lint', 'check', 'diff', 'publish', 'simulate', 'upgrade', 'migrate', 'deploy', 'params', 'init', 'import', 'graph'],
  ['cli'],
];

const layerOf = (folder: string): number => LAYERS.findIndex((l) => l.includes(folder));
const folder = (path: string, depth: number): string => path.split('/').slice(0, depth).join('/').replace(/\.ts$/, '');
const edges = importEdges(SRC);

test('the scanner sees the imports (a sanity floor, so an empty graph cannot pass)', () => {
  assert.ok(edges.length > 500, `only ${edges.length} imports found`);
  assert.ok(edges.some((e) => e.typeOnly));
  assert.ok(edges.some((e) => e.from === 'cli/program.ts'));
});

test('every folder of src/ belongs to a layer', () => {
  const folders = readdirSync(SRC, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  assert.equal(
    folders.filter((f) => layerOf(f) < 0),
    [],
    'add the folder to LAYERS (and to docs/architecture.md)',
  );
});

test('each layer imports only its own layer or the ones below', () => {
  const upward = edges.filter((e) => layerOf(folder(e.to, 1)) > layerOf(folder(e.from, 1))).map((e: ImportEdge) => `${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`);
  assert.equal(upward, []);
});

test('no cycle between the folders of src/ (first and second level)', () => {
  for (const depth of [1, 2]) {
    const pairs = edges.map((e) => [folder(e.from, depth), folder(e.to, depth)] as const).filter(([a, b]) => a !== b);
    assert.equal(cycles(pairs), [], `folder cycles at depth ${depth}`);
  }
});

test('no cycle between files, type-only imports included', () => {
  assert.equal(cycles(edges.map((e) => [e.from, e.to] as const)), []);
});

test('the cycle finder finds a cycle (so the tests above can fail)', () => {
  assert.equal(
    cycles([
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['c', 'd'],
    ]),
    [['a', 'b', 'c']],
  );
  assert.equal(
    cycles([
      ['a', 'b'],
      ['b', 'c'],
    ]),
    [],
  );
});

test.run();
