/**
 * `npm run bench`: measures what issue #15 tracks and writes `bench/results.json`, printing a table with
 * each figure, its ratio to a bare `node -e 0` of the same run, and its target. Figures only: targets are
 * printed beside them, never asserted (tests never time anything).
 *
 * Whole-process rows run the bundled `hubc` executable, which the bench builds first from the checked-out source
 * into a folder of its own (`BENCH_DIST`, scripts/build.mjs: never `dist/`, which a test run may be loading), as
 * child processes: one warm-up, then the median of `BENCH_RUNS` (default 7) runs; peak memory
 * is the child's `maxRSS` (`process.resourceUsage()`, reported by a preload module at exit; it includes the
 * KQL worker threads). "Cold" builds are new processes whose V8 code cache (src/cli/codeCache.ts) an
 * earlier run filled, as every build after the first one finds it; the "first run" row gives each run an
 * empty cache folder. "Cold" validation runs with an empty validation cache (`HUBC_CACHE_DIR` pointed at a
 * fresh folder each run), with the Kusto analysis on one worker thread (the default) and, in its own row,
 * shared by two (`HUBC_KQL_WORKERS=2`); "again" reuses the cache of the run before; "after
 * editing" starts each run from a copy of that filled cache. Validation rows also give their ratio to the
 * Kusto language service alone on the same scripts, timed in the same run. In-process rows time
 * `compile()` here.
 *
 * A row that cannot be measured (offline without the ARM schemas, `hubc validate` exits 2) is recorded as
 * not measured with the reason, in the table and in results.json, and the other rows are still measured
 * and kept; rows that need it (validation "again" and "after editing" need the cold run's cache) say so.
 * The run still exits 0 (the figures it has are valid); its last line names the rows not measured.
 *
 * Environment: `BENCH_RUNS` (runs per row, default 7), `BENCH_ROWS` (comma-separated row keys to measure,
 * default all: node, build, buildFirst, buildAll, manyTags, deep, compile, kusto, validateCold, validateColdTwoWorkers,
 * validateAgain, validateEdited, sizes,
 * simulate (the group of scripts/bench-simulate.ts, sized by `BENCH_SIMULATE_MB`);
 * `node -e 0` is always measured, as every ratio needs it), `BENCH_OUT` (results file, default
 * bench/results.json).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { compile as Compile } from '../src/compiler/compile.js';
import { BENCH_DIST, buildBundle } from './build.mjs';
import { printSizes, sizeReport } from './benchSizes.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(BENCH_DIST, 'hubc.js');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 7) || 7);
const ONLY = process.env.BENCH_ROWS
  ? new Set(
      process.env.BENCH_ROWS.split(',')
        .map((k) => k.trim())
        .concat('node'),
    )
  : undefined;
const OUT = resolve(ROOT, process.env.BENCH_OUT ?? 'bench/results.json');
// The bundle is built from the checked-out source first: a dist/ left from an earlier checkout would be
// measured instead (after a merge, the simulate group once timed code without the change it measured). It goes
// into a folder of its own: rebuilding dist/ removed it under the test run that runs this script.
try {
  await buildBundle({ dist: BENCH_DIST });
} catch (e) {
  console.error(`the bundle build failed (${(e as Error).message.split('\n')[0]}): the bench measures the bundle it builds`);
  process.exit(2);
}
const work = mkdtempSync(join(tmpdir(), 'hubc-bench-'));
/** Load average (1, 5, 15 minutes) when the run started: the machine may be shared. */
const loadAtStart = loadavg();
const rssFile = join(work, 'rss');
const preload = join(work, 'rss.mjs');
writeFileSync(preload, `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)));\n`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A row that could not be measured: thrown by a measurement, recorded with its reason. */
class NotMeasured extends Error {}

/** Colour codes a child prints. */
// oxlint-disable-next-line no-control-regex -- matches terminal escape sequences on purpose
const COLOUR = /\u001b\[[0-9;]*m/g;

/** The first line of a child's error output, without colour codes (the reason a row was not measured). */
function firstLine(text: string): string {
  return (
    text
      .replace(COLOUR, '')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  )
    .trim()
    .slice(0, 600);
}

/** Runs a command `RUNS` times after one warm-up; wall-clock median (ms) and the largest peak RSS (MiB). */
function processRow(args: string[], options: { env?: (run: number) => NodeJS.ProcessEnv; cwd?: string } = {}): { ms: number; rssMiB: number } {
  const times: number[] = [];
  let rss = 0;
  for (let run = -1; run < RUNS; run++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, ['--import', preload, ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env?.(run) }, encoding: 'utf8' });
    const ms = performance.now() - start;
    if (r.status !== 0 && r.status !== 1) throw new NotMeasured(`hubc ${args.slice(1, 2).join(' ')} exited ${r.status}: ${firstLine(r.stderr || r.stdout)}`);
    if (run < 0) continue;
    times.push(ms);
    rss = Math.max(rss, Number(readFileSync(rssFile, 'utf8')) / 1024);
  }
  return { ms: median(times), rssMiB: rss };
}

/** A measured figure, or why there is none. */
type Measured<T> = { ok: true; value: T } | { ok: false; reason: string };
const skipped: { key: string; reason: string }[] = [];

/**
 * Measures one row unless `BENCH_ROWS` leaves it out; a failure (a {@link NotMeasured}, or any error of
 * the measured code) becomes the row's reason, so the rows measured before and after it are kept.
 */
function measure<T>(key: string, fn: () => T): Measured<T> | undefined {
  if (ONLY && !ONLY.has(key)) return undefined;
  try {
    return { ok: true, value: fn() };
  } catch (e) {
    const reason = e instanceof NotMeasured ? e.message : `${(e as Error).name}: ${(e as Error).message}`;
    skipped.push({ key, reason });
    console.error(`not measured (${key}): ${reason}`);
    return { ok: false, reason };
  }
}

/** Measures a row that needs another row's outcome (e.g. the cache the cold validation filled). */
function after<T>(key: string, needs: Measured<unknown> | undefined, needName: string, fn: () => T): Measured<T> | undefined {
  return measure(key, () => {
    if (needs && !needs.ok) throw new NotMeasured(`needs ${needName}, which was not measured`);
    return fn();
  });
}

const hub = readFileSync(join(ROOT, 'hub.yaml'), 'utf8');
const out = join(work, 'out');
const node = measure('node', () => processRow(['-e', '0']))!;
// Builds: the code cache of one folder, filled by the warm-up run; the first-run row with a new folder each run.
const codeCache = { env: () => ({ HUBC_CACHE_DIR: join(work, 'code-cache') }) };
const build = measure('build', () => processRow([CLI, 'build', 'hub.yaml', '--out', out], codeCache));
const buildFirst = measure('buildFirst', () => processRow([CLI, 'build', 'hub.yaml', '--out', out], { env: (run) => ({ HUBC_CACHE_DIR: join(work, `code-cache-first-${run}`) }) }));
const buildAll = measure('buildAll', () => processRow([CLI, 'build', 'hub.yaml', '--all', '--out', out], codeCache));

// hub.yaml content limits (issue #20, items 7 and 8): a 3.5 MB hub.yaml of 200,000 tags and an 8 KB one
// nested 3,000 levels deep, each answered with its diagnostic (exit 1).
const manyTags = measure('manyTags', () => {
  const file = join(work, 'tags-200k.yaml');
  writeFileSync(file, `release: "0.7"\nhub:\n  name: contoso\ntags:\n${Array.from({ length: 200_000 }, (_, i) => `  t${i}: v${i}\n`).join('')}`);
  return processRow([CLI, 'build', file, '--out', out]);
});
const deep = measure('deep', () => {
  const file = join(work, 'deep.yaml');
  writeFileSync(file, `release: "0.7"\nhub:\n  name: contoso\ntags:\n  a: ${'['.repeat(3000)}${']'.repeat(3000)}\n`);
  return processRow([CLI, 'build', file, '--out', out]);
});

// Validation: cold with a fresh cache folder per run, "again" with one shared, already filled cache, and
// after an edit (one retention value: its KQL retention command and the template default change) with a
// fresh copy of that filled cache per run.
const coldCache = (run: number) => ({ HUBC_CACHE_DIR: join(work, `cache-cold-${run}`) });
const validateCold = measure('validateCold', () => processRow([CLI, 'validate', 'hub.yaml'], { env: (run) => ({ ...coldCache(run), HUBC_KQL_WORKERS: '1' }) }));
const validateColdTwoWorkers = measure('validateColdTwoWorkers', () =>
  processRow([CLI, 'validate', 'hub.yaml'], { env: (run) => ({ HUBC_CACHE_DIR: join(work, `cache-cold-two-${run}`), HUBC_KQL_WORKERS: '2' }) }),
);
const warmCache = join(work, 'cache-warm');
mkdirSync(warmCache, { recursive: true });
const validateAgain = after('validateAgain', validateCold, 'cold hubc validate', () => processRow([CLI, 'validate', 'hub.yaml'], { env: () => ({ HUBC_CACHE_DIR: warmCache }) }));
const validateEdited = after('validateEdited', validateAgain, 'hubc validate again (its filled cache)', () => {
  const edited = join(work, 'edited.yaml');
  writeFileSync(edited, hub.replace('dataExplorerFinalMonths: 13', 'dataExplorerFinalMonths: 24'));
  if (readFileSync(edited, 'utf8') === hub) throw new NotMeasured('hub.yaml has no "dataExplorerFinalMonths: 13" line to edit');
  return processRow([CLI, 'validate', edited], {
    env: (run) => {
      const copy = join(work, `cache-edited-${run}`);
      cpSync(warmCache, copy, { recursive: true });
      return { HUBC_CACHE_DIR: copy };
    },
  });
});

// The Kusto language service alone on the same scripts: loading it and analysing the default hub's
// scripts, timed inside a fresh process (scripts/bench-kusto.ts), for the validation target "<= 1.2x the
// Kusto language service alone".
const kustoAlone = measure('kusto', () => {
  const kustoRuns: number[] = [];
  for (let run = -1; run < RUNS; run++) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench-kusto.ts')], { cwd: ROOT, encoding: 'utf8' });
    if (r.status !== 0) throw new NotMeasured(`the Kusto language service alone exited ${r.status}: ${firstLine(r.stderr)}`);
    if (run >= 0) kustoRuns.push(Number(r.stdout.trim()));
  }
  return median(kustoRuns);
});

// The compiler is loaded in this process only for the rows that run it.
const inProcess = !ONLY || ONLY.has('compile') || ONLY.has('sizes') || ONLY.has('duplicateKeys');
const { compile } = inProcess ? await import('../src/compiler/compile.js') : { compile: undefined as unknown as typeof Compile };
// The release table (data only, small) names the releases `--all` builds.
const { RELEASE_VERSIONS } = await import('../src/model/releases.js');

// In-process compile of one release, warm (after 5 compiles).
const warmCompile = measure('compile', () => {
  for (let i = 0; i < 5; i++) compile(hub);
  const compiles: number[] = [];
  for (let i = 0; i < 30; i++) {
    const s = performance.now();
    compile(hub);
    compiles.push(performance.now() - s);
  }
  return median(compiles);
});

// Duplicate-key detection is linear (issue #20, item 7): a mapping of 5 times the keys (9,999 against 2,000
// tags, each with one duplicate) takes about 5 times as long to load; the quadratic check took about 25.
const duplicateKeys = measure('duplicateKeys', () => {
  const text = (n: number) => `release: "0.7"\nhub:\n  name: contoso\ntags:\n${Array.from({ length: n }, (_, i) => `  t${i}: v\n`).join('')}  t0: again\n`;
  const time = (t: string) => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      compile(t);
      runs.push(performance.now() - s);
    }
    return median(runs);
  };
  const [small, large] = [text(2_000), text(9_999)];
  compile(small);
  return time(large) / time(small);
});

// Template sizes per release from 0.7 on (scripts/templateSizes.ts): the default hub and the largest
// configuration, beside the public template of the same release, measured as the failure catalogue measures.
const sizes = measure('sizes', () => sizeReport(compile, hub));
interface Row {
  row: string;
  ms?: number;
  ratio?: number;
  /** Ratio to the Kusto language service alone on the same scripts (validation rows). */
  kustoRatio?: number;
  target: string;
  rssMiB?: number;
  rssTarget?: string;
  /** Why the row has no figures. */
  notMeasured?: string;
}
const nodeMs = node.ok ? node.value.ms : undefined;
const kustoMs = kustoAlone?.ok ? kustoAlone.value : undefined;
const ratio = (ms: number) => (nodeMs ? ms / nodeMs : undefined);
/** The row of a process measurement (figures, or why there are none); undefined when BENCH_ROWS left it out. */
function row(
  name: string,
  m: Measured<{ ms: number; rssMiB: number } | number> | undefined,
  target: string,
  extra: { rss?: boolean; rssTarget?: string; ratio?: boolean; kustoRatio?: boolean } = {},
): Row | undefined {
  if (!m) return undefined;
  if (!m.ok) return { row: name, target, ...(extra.rssTarget ? { rssTarget: extra.rssTarget } : {}), notMeasured: m.reason };
  const { ms, rssMiB } = typeof m.value === 'number' ? { ms: m.value, rssMiB: undefined } : m.value;
  return {
    row: name,
    ms,
    ratio: extra.ratio === false ? undefined : ratio(ms),
    ...(extra.kustoRatio && kustoMs ? { kustoRatio: ms / kustoMs } : {}),
    target,
    ...(extra.rss !== false && rssMiB !== undefined ? { rssMiB } : {}),
    ...(extra.rssTarget ? { rssTarget: extra.rssTarget } : {}),
  };
}
const rows = [
  row('node -e 0', node, '', { rss: false }),
  row('cold hubc build, default hub (one release)', build, '<= 3x node -e 0', { rssTarget: '<= 100 MiB' }),
  row('cold hubc build, first run (empty code cache)', buildFirst, ''),
  row(`cold hubc build --all (${RELEASE_VERSIONS.length} releases)`, buildAll, '<= 6x node -e 0'),
  row('hubc build, 3.5 MB hub.yaml of 200,000 tags', manyTags, 'seconds (HUB112 at tag 10,001)'),
  row('hubc build, 8 KB hub.yaml nested 3,000 levels', deep, '<= 3x node -e 0 (HUB111)'),
  row('in-process compile of one release (warm)', warmCompile, '<= 10 ms', { ratio: false }),
  duplicateKeys &&
    (duplicateKeys.ok
      ? { row: 'duplicate-key check, 9,999 keys / 2,000 keys (time ratio)', ratio: duplicateKeys.value, target: '~5x, linear (quadratic: ~25x)' }
      : { row: 'duplicate-key check, 9,999 keys / 2,000 keys (time ratio)', target: '~5x, linear (quadratic: ~25x)', notMeasured: duplicateKeys.reason }),
  row('Kusto language service alone (same scripts)', kustoAlone, ''),
  row('cold hubc validate, default hub', validateCold, '<= 2 s, or <= 1.2x the Kusto language service alone', { rssTarget: '<= 300 MiB', kustoRatio: true }),
  row('cold hubc validate, two Kusto worker threads', validateColdTwoWorkers, '', { kustoRatio: true }),
  row('hubc validate again, nothing changed', validateAgain, '<= 0.5 s'),
  row('hubc validate after editing one retention value', validateEdited, ''),
].filter((r): r is Row => r !== undefined);
const results = {
  machine: { node: process.version, cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', platform: process.platform },
  date: new Date().toISOString(),
  loadAverage: { start: loadAtStart.map((l) => Number(l.toFixed(2))), end: loadavg().map((l) => Number(l.toFixed(2))) },
  runs: RUNS,
  rows,
  templateSizes: sizes?.ok ? sizes.value : sizes ? { notMeasured: sizes.reason } : undefined,
  armRequestLimitBytes: 4 * 1024 * 1024,
};
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`);

const pad = (s: string, n: number) => s.padEnd(n);
console.log(`Node ${results.machine.node}, ${results.machine.cores} cores (${results.machine.cpu}); median of ${RUNS} runs after a warm-up`);
console.log(`load average at start ${results.loadAverage.start.join(', ')}, at end ${results.loadAverage.end.join(', ')}\n`);
console.log(`${pad('row', 46)} ${pad('time', 10)} ${pad('x node', 8)} ${pad('x Kusto', 8)} ${pad('peak RSS', 10)} target`);
for (const r of rows) {
  if (r.notMeasured !== undefined) {
    console.log(`${pad(r.row, 46)} not measured: ${r.notMeasured}`);
    continue;
  }
  if (r.ms === undefined) {
    // A row whose figure is a ratio alone (the duplicate-key check).
    console.log(`${pad(r.row, 46)} ${pad('', 10)} ${pad(r.ratio === undefined ? '' : `${r.ratio.toFixed(1)}x`, 8)} ${pad('', 8)} ${pad('', 10)} ${r.target}`);
    continue;
  }
  console.log(
    `${pad(r.row, 46)} ${pad(`${r.ms.toFixed(r.ms < 100 ? 1 : 0)} ms`, 10)} ${pad(r.ratio === undefined ? '' : `${r.ratio.toFixed(1)}x`, 8)} ${pad(r.kustoRatio === undefined ? '' : `${r.kustoRatio.toFixed(2)}x`, 8)} ${pad(r.rssMiB ? `${r.rssMiB.toFixed(0)} MiB` : '', 10)} ${r.target}${r.rssTarget ? `; RSS ${r.rssTarget}` : ''}`,
  );
}
if (sizes?.ok) printSizes(sizes.value);
console.log(`\nwrote ${OUT}`);
rmSync(work, { recursive: true, force: true });
if (skipped.length) {
  console.log(`${skipped.length} row(s) not measured: ${skipped.map((s) => s.key).join(', ')}; the others are kept in ${OUT}`);
}

// simulate at real export sizes (issue #23): its own script, which adds `simulate` to the results file.
if (!ONLY || ONLY.has('simulate')) {
  console.log('');
  const simulateGroup = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/bench-simulate.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BENCH_OUT: OUT, BENCH_BUILT: '1' },
  });
  if (simulateGroup.status !== 0) process.exitCode = simulateGroup.status ?? 1;
}
