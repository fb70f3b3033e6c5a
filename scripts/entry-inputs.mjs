/**
 * `node scripts/entry-inputs.mjs META [ENTRY] [--with SRC]... [--all]`: what an entry point of the bundle
 * loads at start-up, from the esbuild metafile META written by `node scripts/build.mjs --metafile META`.
 *
 * Start-up means the entry file (default `dist/hubc.js`) and every chunk it reaches through static
 * `import` statements; chunks reached only through `import()` load on first use and are left out. Each
 * `--with SRC` adds a module a command loads with `import()` (e.g. `--with src/compiler/compile.ts
 * --with src/compiler/validateOutput.ts` is what `hubc build` loads). Prints the bytes of each group of
 * inputs (an npm package, or a `src/` folder), largest first; with `--all`, every input file. Exits 2 when
 * META, the entry or a `--with` module is missing.
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const all = args.includes('--all');
const withModules = args.flatMap((a, i) => (args[i - 1] === '--with' ? [a] : []));
const [metaFile, entry = 'dist/hubc.js'] = args.filter((a, i) => a !== '--all' && a !== '--with' && args[i - 1] !== '--with');
if (!metaFile) {
  console.error('usage: node scripts/entry-inputs.mjs META [ENTRY] [--all]');
  process.exit(2);
}
const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
if (!meta.outputs[entry]) {
  console.error(`${entry} is not an output of ${metaFile}`);
  process.exit(2);
}

// Output files loaded at start-up: the entry and its static imports, transitively.
const loaded = new Set();
const queue = [entry];
for (const m of withModules) {
  const out = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint === m);
  if (!out) {
    console.error(`${m} is not loaded with import() in ${metaFile}`);
    process.exit(2);
  }
  queue.push(out);
}
while (queue.length) {
  const file = queue.pop();
  if (loaded.has(file)) continue;
  loaded.add(file);
  for (const i of meta.outputs[file].imports ?? []) if (i.kind === 'import-statement' && !i.external) queue.push(i.path);
}

/** The group of an input path: `pkg` or `@scope/pkg` under node_modules, else its folder under src/. */
function groupOf(input) {
  const nm = input.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = input.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = input.split('/');
  return parts[0] === 'src' ? parts.slice(0, Math.min(3, parts.length - 1)).join('/') : input;
}

const groups = new Map();
const files = [];
let total = 0;
for (const file of loaded) {
  for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[file].inputs)) {
    groups.set(groupOf(input), (groups.get(groupOf(input)) ?? 0) + bytesInOutput);
    files.push([input, bytesInOutput]);
    total += bytesInOutput;
  }
}
console.log(`${entry}${withModules.map((m) => ` + ${m}`).join('')} loads: ${[...loaded].join(', ')} (${(total / 1024).toFixed(0)} KiB of inputs)`);
for (const [name, bytes] of [...groups].sort((a, b) => b[1] - a[1])) console.log(`${String(bytes).padStart(9)}  ${name}`);
if (all) for (const [name, bytes] of files.sort((a, b) => b[1] - a[1])) console.log(`${String(bytes).padStart(9)}  ${name}`);
