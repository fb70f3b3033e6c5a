/**
 * Prints compile and validation timings and memory for the default hub.yaml and the 0.7 fixture.
 * Figures only: no thresholds (targets are read off, not asserted).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { compile } from '../src/compiler/compile.js';
import { validateOutput } from '../src/compiler/validateOutput.js';
import { prepareArmSchemas } from '../src/validators/armSchema/locate.js';
import { diffBuilds } from '../src/diff/compare.js';
import { buildPatch } from '../src/diff/format/patch.js';
import { formatMarkdown } from '../src/diff/format/markdown.js';

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = fn();
  return { ms: performance.now() - start, value };
}

const inputs: [string, string][] = [
  ['hub.yaml', readFileSync(new URL('../hub.yaml', import.meta.url), 'utf8')],
  ['test/fixtures/0.7/custom/hub.yaml', readFileSync(new URL('../test/fixtures/0.7/custom/hub.yaml', import.meta.url), 'utf8')],
];

for (const [name, text] of inputs) {
  const first = time(() => compile(text, { file: name }));
  const runs = 20;
  let total = 0;
  for (let i = 0; i < runs; i++) total += time(() => compile(text, { file: name })).ms;
  const r = first.value;
  const bytes = [...r.artifacts.values()].reduce((n, s) => n + Buffer.byteLength(s), 0);
  console.log(`${name}: ${r.artifacts.size} files, ${(bytes / 1024).toFixed(0)} KiB; first compile ${first.ms.toFixed(0)} ms, warm compile ${(total / runs).toFixed(1)} ms (mean of ${runs})`);
  // the ARM schemas the template needs (a local copy, or downloaded into the cache once; not timed)
  const schemasDir = await prepareArmSchemas({ templates: [JSON.parse(r.artifacts.get('azuredeploy.json')!)] });
  const quick = time(() => validateOutput(r, 'quick'));
  console.log(`  quick validation (references): ${quick.ms.toFixed(0)} ms, ${quick.value.length} diagnostics`);
  const full = time(() => validateOutput(r, 'full', { schemasDir }));
  console.log(`  full validation (first, incl. schema compile and Kusto warm-up): ${full.ms.toFixed(0)} ms, ${full.value.length} diagnostics`);
  const again = time(() => validateOutput(r, 'full', { schemasDir }));
  console.log(`  full validation (again): ${again.ms.toFixed(0)} ms`);
}
{
  // hubc diff of the two inputs above: semantic comparison, markdown, patch.
  const [a, b] = inputs.map(([name, text]) => ({ label: name, source: 'hub.yaml' as const, artifacts: compile(text, { file: name }).artifacts }));
  const cmp = time(() => diffBuilds(a, b));
  const md = time(() => formatMarkdown(cmp.value));
  const patch = time(() => buildPatch(a.label, a.artifacts, b.label, b.artifacts));
  console.log(`diff ${a.label} -> ${b.label}: compare ${cmp.ms.toFixed(0)} ms, markdown ${md.ms.toFixed(0)} ms, patch ${patch.ms.toFixed(0)} ms (${patch.value.files.length} files)`);
}
const mem = process.memoryUsage();
console.log(`memory: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
