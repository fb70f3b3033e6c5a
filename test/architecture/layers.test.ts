/**
 * The import graph of src/ obeys .dependency-cruiser.cjs (docs/architecture.md, "Layers"): each folder imports
 * only its own files and the layers below it, a folder of the build layer and above (and each component of
 * src/modules) is imported from outside only through its face (index.ts, or the command line's options.ts),
 * the emitters read no hub's names from the modules, and there is no cycle between files or between folders, type-only imports included. Checked by
 * dependency-cruiser itself, run as `depcruise` is run, over src/ and over a small tree that breaks every
 * rule (test/fixtures/import-graph), so the rules are seen to fail.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { childEnv } from '../support/childEnv.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONFIG = fileURLToPath(new URL('../../.dependency-cruiser.cjs', import.meta.url));
const require = createRequire(import.meta.url);
/** depcruise, the command line of dependency-cruiser (the package exports no path a CommonJS test can resolve). */
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

/** What `depcruise --output-type json` reports (the parts read here). */
interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { rule: { name: string }; from: string; to: string }[]; totalCruised: number; totalDependenciesCruised: number };
}

/** Runs dependency-cruiser with the repository's configuration over `src` below `cwd`. */
function cruise(cwd: string): CruiseResult {
  // depcruise exits non-zero when it finds violations; its JSON report is on stdout either way.
  let stdout: string;
  try {
    stdout = execFileSync(process.execPath, [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', 'src'], {
      cwd,
      env: childEnv(),
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (e) {
    stdout = (e as { stdout?: string }).stdout ?? '';
    if (!stdout) throw e;
  }
  return JSON.parse(stdout) as CruiseResult;
}

const violations = (r: CruiseResult) => r.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();

const own = cruise(ROOT);

test('dependency-cruiser reads every import of src/, type-only ones included (a floor, so an empty graph cannot pass)', () => {
  // The parser .dependency-cruiser.cjs names: without it TypeScript would not be read.
  assert.ok(require.resolve('@swc/core'));
  assert.ok(own.summary.totalCruised > 400, `only ${own.summary.totalCruised} modules`);
  assert.ok(own.summary.totalDependenciesCruised > 1500, `only ${own.summary.totalDependenciesCruised} imports`);
  // src/diff/types.ts imports nothing but the type LoadedBuild of src/load.
  const types = own.modules.find((m) => m.source === 'src/diff/types.ts');
  assert.equal(
    types?.dependencies.map((d) => d.resolved),
    ['src/load/index.ts'],
  );
});

test('src/ keeps its layers, faces and acyclicity (.dependency-cruiser.cjs)', () => {
  assert.equal(violations(own), []);
});

test('every folder of src/ belongs to a layer', () => {
  const { forbidden } = require(CONFIG) as { forbidden: { name: string }[] };
  const layered = new Set(forbidden.filter((r) => r.name.startsWith('layer-')).map((r) => r.name.slice('layer-'.length)));
  const folders = readdirSync(new URL('../../src', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  // The lowest layer imports nothing above it, so it has a rule too; every folder does.
  assert.equal(
    folders.filter((f) => !layered.has(f)),
    [],
    'add the folder to LAYERS in .dependency-cruiser.cjs (and to docs/architecture.md)',
  );
});

test('the rules find what they are for: a tree that breaks each of them (test/fixtures/import-graph)', () => {
  assert.equal(violations(cruise(fileURLToPath(new URL('../fixtures/import-graph', import.meta.url)))), [
    'emitter-knows-no-hub: src/emitters/arm/template.ts -> src/modules/core/names.ts',
    'face-upgrade: src/deploy/index.ts -> src/upgrade/plan.ts',
    'layer-diff: src/diff/index.ts -> src/upgrade/index.ts',
    'layer-util: src/util/upward.ts -> src/cli/main.ts',
    'module-face-between: src/modules/keyVault/index.ts -> src/modules/storage/names.ts',
    'module-face: src/emitters/arm/template.ts -> src/modules/core/names.ts',
    'no-circular: src/lint/a.ts -> src/lint/b.ts',
    'no-folder-cycle: src/expressions/adf -> src/expressions/arm',
    'no-folder-cycle: src/expressions/arm -> src/expressions/adf',
  ]);
});

test.run();
