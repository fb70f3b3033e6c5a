/**
 * `npm run bench`: measures what issue #15 tracks and writes `bench/results.json`, printing a table with
 * each figure, its ratio to a bare `node -e 0` of the same run, and its target. Figures only: targets are
 * printed beside them, never asserted (tests never time anything).
 *
 * Whole-process rows run the compiled CLI (`dist/`, built by `npm ci`) as child processes: one warm-up,
 * then the median of `BENCH_RUNS` (default 7) runs; peak memory is the child's `maxRSS`
 * (`process.resourceUsage()`, reported by a preload module at exit; it includes the KQL worker thread).
 * "Cold" validation runs with an empty validation cache (`HUBC_CACHE_DIR` pointed at a fresh folder each
 * run); "again" reuses the cache of the run before; "after editing" starts each run from a copy of that
 * filled cache. In-process rows time `compile()` here.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { compile } from '../src/compiler/compile.js';
import { RELEASE_VERSIONS } from '../src/compiler/releases.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'dist/hubc.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const work = mkdtempSync(join(tmpdir(), 'hubc-bench-'));
const rssFile = join(work, 'rss');
const preload = join(work, 'rss.mjs');
writeFileSync(preload, `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);
if (!existsSync(CLI)) {
  console.error('dist/ is missing: run npm ci (or npm run build) first');
  process.exit(2);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Runs a command `RUNS` times after one warm-up; wall-clock median (ms) and the largest peak RSS (MiB). */
function processRow(args: string[], options: { env?: (run: number) => NodeJS.ProcessEnv; cwd?: string } = {}): { ms: number; rssMiB: number } {
  const times: number[] = [];
  let rss = 0;
  for (let run = -1; run < RUNS; run++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, ['--import', preload, ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...(options.env?.(run) ?? {}) }, encoding: 'utf8' });
    const ms = performance.now() - start;
    if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    if (run < 0) continue;
    times.push(ms);
    rss = Math.max(rss, Number(readFileSync(rssFile, 'utf8')) / 1024);
  }
  return { ms: median(times), rssMiB: rss };
}

const hub = readFileSync(join(ROOT, 'hub.yaml'), 'utf8');
const out = join(work, 'out');
const node = processRow(['-e', '0']);
const build = processRow([CLI, 'build', 'hub.yaml', '--out', out]);
const buildAll = processRow([CLI, 'build', 'hub.yaml', '--all', '--out', out]);

// Validation: cold with a fresh cache folder per run, "again" with one shared, already filled cache, and
// after an edit (one retention value: its KQL retention command and the template default change) with a
// fresh copy of that filled cache per run.
const coldCache = (run: number) => ({ HUBC_CACHE_DIR: join(work, `cache-cold-${run}`) });
const validateCold = processRow([CLI, 'validate', 'hub.yaml'], { env: coldCache });
const warmCache = join(work, 'cache-warm');
mkdirSync(warmCache, { recursive: true });
const validateAgain = processRow([CLI, 'validate', 'hub.yaml'], { env: () => ({ HUBC_CACHE_DIR: warmCache }) });
const edited = join(work, 'edited.yaml');
writeFileSync(edited, hub.replace('dataExplorerFinalMonths: 13', 'dataExplorerFinalMonths: 24'));
if (readFileSync(edited, 'utf8') === hub) throw new Error('hub.yaml has no "dataExplorerFinalMonths: 13" line to edit');
const validateEdited = processRow([CLI, 'validate', edited], {
  env: (run) => {
    const copy = join(work, `cache-edited-${run}`);
    cpSync(warmCache, copy, { recursive: true });
    return { HUBC_CACHE_DIR: copy };
  },
});

// The Kusto language service alone on the same scripts: loading it and analysing the default hub's
// scripts, timed inside a fresh process (scripts/bench-kusto.ts), for the validation target "<= 1.2x the
// Kusto language service alone".
const kustoRuns: number[] = [];
for (let run = -1; run < RUNS; run++) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench-kusto.ts')], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`Kusto alone: ${r.stderr}`);
  if (run >= 0) kustoRuns.push(Number(r.stdout.trim()));
}
const kustoAlone = median(kustoRuns);

// In-process compile of one release, warm (after 5 compiles).
for (let i = 0; i < 5; i++) compile(hub);
const compiles: number[] = [];
for (let i = 0; i < 30; i++) {
  const s = performance.now();
  compile(hub);
  compiles.push(performance.now() - s);
}
const warmCompile = median(compiles);

// Template sizes per release: the default hub, and 0.7 with Data Explorer.
const sizes: Record<string, number> = {};
for (const v of RELEASE_VERSIONS) sizes[v] = Buffer.byteLength(compile(hub, { release: v }).artifacts.get('azuredeploy.json')!);
const withAdx = compile(hub.replace('  name: ""                    # "" = no Data Explorer cluster', '  name: hubadx'));
sizes['0.7 with Data Explorer'] = Buffer.byteLength(withAdx.artifacts.get('azuredeploy.json')!);

const ratio = (ms: number) => ms / node.ms;
const rows = [
  { row: 'node -e 0', ms: node.ms, ratio: 1, target: '' },
  { row: 'cold hubc build, default hub (one release)', ms: build.ms, ratio: ratio(build.ms), target: '<= 3x node -e 0', rssMiB: build.rssMiB, rssTarget: '<= 100 MiB' },
  { row: 'cold hubc build --all (seven releases)', ms: buildAll.ms, ratio: ratio(buildAll.ms), target: '<= 6x node -e 0', rssMiB: buildAll.rssMiB },
  { row: 'in-process compile of one release (warm)', ms: warmCompile, ratio: undefined, target: '<= 10 ms' },
  { row: 'Kusto language service alone (same scripts)', ms: kustoAlone, ratio: ratio(kustoAlone), target: '' },
  { row: 'cold hubc validate, default hub', ms: validateCold.ms, ratio: ratio(validateCold.ms), target: '<= 2 s, or <= 1.2x the Kusto language service alone', rssMiB: validateCold.rssMiB, rssTarget: '<= 300 MiB' },
  { row: 'hubc validate again, nothing changed', ms: validateAgain.ms, ratio: ratio(validateAgain.ms), target: '<= 0.5 s', rssMiB: validateAgain.rssMiB },
  { row: 'hubc validate after editing one retention value', ms: validateEdited.ms, ratio: ratio(validateEdited.ms), target: '', rssMiB: validateEdited.rssMiB },
];
const results = {
  machine: { node: process.version, cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', platform: process.platform },
  runs: RUNS,
  rows,
  templateBytes: sizes,
  armRequestLimitBytes: 4 * 1024 * 1024,
};
mkdirSync(join(ROOT, 'bench'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

const pad = (s: string, n: number) => s.padEnd(n);
console.log(`Node ${results.machine.node}, ${results.machine.cores} cores (${results.machine.cpu}); median of ${RUNS} runs after a warm-up\n`);
console.log(`${pad('row', 46)} ${pad('time', 10)} ${pad('x node', 8)} ${pad('peak RSS', 10)} target`);
for (const r of rows) {
  console.log(
    `${pad(r.row, 46)} ${pad(`${r.ms.toFixed(r.ms < 100 ? 1 : 0)} ms`, 10)} ${pad(r.ratio === undefined ? '' : `${r.ratio.toFixed(1)}x`, 8)} ${pad(r.rssMiB ? `${r.rssMiB.toFixed(0)} MiB` : '', 10)} ${r.target}${r.rssTarget ? `; RSS ${r.rssTarget}` : ''}`,
  );
}
console.log('\ntemplate size (azuredeploy.json), ARM limit 4 MiB:');
for (const [k, v] of Object.entries(sizes)) console.log(`  ${pad(k, 24)} ${(v / 1024).toFixed(0)} KiB`);
console.log('\nwrote bench/results.json');
rmSync(work, { recursive: true, force: true });

// simulate at real export sizes (issue #23): its own script, which adds `simulate` to bench/results.json.
console.log('');
const simulateGroup = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench-simulate.ts')], { cwd: ROOT, stdio: 'inherit' });
if (simulateGroup.status !== 0) process.exitCode = simulateGroup.status ?? 1;
