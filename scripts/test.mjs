/**
 * `npm test`: type-checks, then runs the uvu test files in parallel shards, one per core (at most
 * `HUBC_TEST_SHARDS`, default 2; 1 runs everything in one process).
 *
 *   node scripts/test.mjs [PATTERN]     run the test files whose path (below test/) matches PATTERN
 *   node scripts/test.mjs --measure     time each test file alone and rewrite test/timings.json
 *
 * Files are spread over the shards by their duration in test/timings.json (longest first, each to the
 * least loaded shard; a file not listed counts as 2 s). Files of one group in timings.json run in the same
 * shard, in one process: they share work a process caches (the Kusto language service analyses each
 * release's KQL scripts once per process). Each shard's output is printed when it ends, then a summary;
 * the exit code is non-zero when the type check or any shard fails. Environment variables such as
 * UPDATE_GOLDEN pass through to the shards.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = fileURLToPath(new URL('..', import.meta.url));
const testDir = join(root, 'test');
const timingsFile = join(testDir, 'timings.json');
const uvu = join(root, 'node_modules', 'uvu', 'bin.js');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const DEFAULT_SECONDS = 2;

/** Test files below test/, as uvu names them (`cli/cli.test.ts`), sorted. */
function testFiles() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.test.ts')) out.push(relative(testDir, full).split(sep).join('/'));
    }
  };
  walk(testDir);
  return out.sort();
}

/** `{ seconds: { file: s }, groups: { name: [regex] } }` from test/timings.json (empty when missing). */
function readTimings() {
  try {
    return JSON.parse(readFileSync(timingsFile, 'utf8'));
  } catch {
    return { seconds: {}, groups: {} };
  }
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Runs a command, collecting its output; resolves with the exit code and the output. */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Splits files into `n` shards: groups stay whole; longest first, each to the least loaded shard. */
function shard(files, timings, n) {
  const groups = Object.entries(timings.groups ?? {}).map(([name, patterns]) => ({ name, res: patterns.map((p) => new RegExp(p)) }));
  const items = new Map();
  for (const f of files) {
    const group = groups.find((g) => g.res.some((re) => re.test(f)));
    const key = group ? `group:${group.name}` : f;
    const item = items.get(key) ?? { files: [], seconds: 0 };
    item.files.push(f);
    item.seconds += timings.seconds?.[f] ?? DEFAULT_SECONDS;
    items.set(key, item);
  }
  const shards = Array.from({ length: n }, () => ({ files: [], seconds: 0 }));
  for (const item of [...items.values()].sort((a, b) => b.seconds - a.seconds || a.files[0].localeCompare(b.files[0]))) {
    const target = shards.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    target.files.push(...item.files);
    target.seconds += item.seconds;
  }
  return shards.filter((s) => s.files.length);
}

/** Counts uvu prints at the end of a run. */
function totals(output) {
  // eslint-disable-next-line no-control-regex
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const num = (label) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(plain)?.[1] ?? 0);
  return { total: num('Total'), passed: num('Passed'), skipped: num('Skipped') };
}

async function measure() {
  const timings = readTimings();
  const seconds = {};
  for (const f of testFiles()) {
    const start = performance.now();
    const r = await run(process.execPath, [uvu, '-r', 'tsx', 'test', `^${escape(f)}$`]);
    seconds[f] = Math.round((performance.now() - start) / 100) / 10;
    console.log(`${String(seconds[f]).padStart(6)} s ${r.code === 0 ? '   ' : 'FAIL'} ${f}`);
  }
  writeFileSync(timingsFile, `${JSON.stringify({ ...timings, seconds }, null, 2)}\n`);
  console.log(`wrote ${relative(root, timingsFile)}`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--measure') return measure();
  const pattern = args[0] ? new RegExp(args[0], 'i') : undefined;

  const typecheck = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--noEmit'], { cwd: root, stdio: 'inherit' });
  if (typecheck.status !== 0) {
    console.error('type check failed');
    process.exit(1);
  }

  const files = testFiles().filter((f) => !pattern || pattern.test(f));
  if (!files.length) {
    console.error(`no test file matches ${pattern}`);
    process.exit(1);
  }
  const n = Math.max(1, Math.min(Number(process.env.HUBC_TEST_SHARDS ?? 2) || 1, availableParallelism()));
  const shards = shard(files, readTimings(), n);
  const started = performance.now();
  const results = await Promise.all(
    shards.map(async (s, i) => {
      const start = performance.now();
      const r = await run(process.execPath, [uvu, '-r', 'tsx', 'test', `^(${s.files.map(escape).join('|')})$`]);
      console.log(`\n── shard ${i + 1}/${shards.length}: ${s.files.length} files, ${((performance.now() - start) / 1000).toFixed(1)} s, exit ${r.code}`);
      process.stdout.write(r.output);
      return { ...r, ...totals(r.output) };
    }),
  );
  const sum = (k) => results.reduce((a, r) => a + r[k], 0);
  const failed = results.filter((r) => r.code !== 0).length;
  console.log(
    `\n${failed ? 'FAILED' : 'passed'}: ${sum('passed')} of ${sum('total')} tests passed (${sum('skipped')} skipped) in ${shards.length} shard(s), ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  process.exit(failed ? 1 : 0);
}

await main();
