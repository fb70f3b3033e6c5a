/**
 * `npm test`: the static checks, then the uvu test files in parallel shards, one per core (at most
 * `HUBC_TEST_SHARDS`, default 2; 1 runs everything in one process).
 *
 *   node scripts/test.mjs [PATTERN]     run the test files whose path (below test/) matches PATTERN
 *   node scripts/test.mjs --measure [PATTERN]
 *                                       time each test file alone (CPU seconds, children included) and
 *                                       rewrite test/timings.json (with PATTERN: those files' entries)
 *   --dir DIR                           take the test files from DIR instead of test/ (the runner's own tests)
 *   --no-typecheck                      skip the static checks
 *
 * The static checks run side by side, each a package.json script: `typecheck` (tsc), `lint` (oxlint with the
 * project's rules of .oxlintrc.json, and knip) and `format:check` (prettier; `npm run format` rewrites). A
 * run with a PATTERN type-checks only.
 *
 * Test files are the `*.test.ts` files below the test folder, outside `fixtures/` folders. They are spread
 * over the shards by their duration in test/timings.json (longest first, each to the least loaded shard; a
 * file not listed counts as 2 s). Files of one group in timings.json run in the same shard, in one process:
 * they share work a process caches (the Kusto language service analyses each release's KQL scripts once
 * per process). Each shard's output is printed when it ends, then a summary; the last line reads
 * `tests: N passed, N failed, N skipped`.
 *
 * The processes of one run share a folder of Kusto command outcomes (`HUBC_TEST_KQL_OUTCOMES`, a temporary
 * folder made for the run and removed after it; src/validators/kql/sharedOutcomes.ts): each distinct command is
 * analysed by the language service once per run, whichever shard, file or release meets it first. Nothing
 * is kept between runs, so no result depends on a machine's earlier runs.
 *
 * A test whose data the repository does not hold (`../shared`, a Chromium) is skipped, not failed: it throws
 * `MissingTestData` (test/support/testData.ts), scripts/uvu-guard.cjs prints a skip line for it, and the
 * summary counts it as skipped and says what was missing (`12 skipped: need ../shared/reference/public-templates`).
 * With `HUBC_REQUIRE_TEST_DATA=1` (CI) such a test fails instead.
 *
 * The run fails (exit 1) when the type check fails, a shard exits non-zero, or uvu's exit code would hide a
 * problem (issue #21): a hook threw (uvu 0.5 drops an error thrown by a `before` hook and exits 0;
 * scripts/uvu-guard.cjs prints it), a file ran fewer tests than it declares (`(0 / 2)`), or a shard ended
 * without uvu's totals. With `UPDATE_GOLDEN=1`, golden files a test rewrote are listed (test/support/golden.ts
 * records them in the file named by `HUBC_TEST_WRITTEN`) and the run fails, since those tests compared
 * against what they had just written. Environment variables pass through to the shards.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = fileURLToPath(new URL('..', import.meta.url));
const timingsFile = join(root, 'test', 'timings.json');
const uvu = join(root, 'node_modules', 'uvu', 'bin.js');
const guard = join(root, 'scripts', 'uvu-guard.cjs');
/** The static checks (package.json scripts) of a full run; a run with a PATTERN does the first only. */
const CHECKS = [
  { script: 'typecheck', what: 'type check' },
  { script: 'lint', what: 'lint (npm run lint)' },
  { script: 'format:check', what: 'format (npm run format rewrites the files)' },
];
const DEFAULT_SECONDS = 2;
/** First line of the block scripts/uvu-guard.cjs prints for a hook that threw. */
const HOOK_MARK = '[hubc-test] hook error';
/** Line scripts/uvu-guard.cjs prints for a test skipped for missing data: `<mark> "<test>": need <need>: <detail>`. */
const SKIP_MARK = '[hubc-test] skipped';

/** Test files below `dir`, as uvu names them (`cli/cli.test.ts`), sorted; `fixtures/` folders are skipped. */
function testFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.test.ts'))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((file) => !file.split('/').includes('fixtures'))
    .sort();
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
// oxlint-disable-next-line no-control-regex -- strips the colour codes uvu prints
const plain = (s) => s.replace(/\u001b\[[0-9;]*m/g, '');

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

/** Runs uvu on the files of `dir` matching `filePattern`, with tsx and the hook guard preloaded. */
function runUvu(dir, filePattern, env) {
  return run(process.execPath, [uvu, '-r', 'tsx', '-r', guard, relative(root, dir) || '.', filePattern], env);
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

/**
 * Reads one uvu process's output: uvu's totals, and the problems its exit code does not show.
 * uvu prints each file's name on a line of its own, then one line per suite ending in `(ran / declared)`,
 * and at the end `Total:`, `Passed:` and `Skipped:`.
 * @param files the files the process ran, as uvu names them
 * @param code the process's exit code
 * @returns `{ total, passed, failed, skipped, problems, needs }`: `passed` and `skipped` count the tests skipped
 *   for missing data (which uvu counts as passed) as skipped; `needs` maps each missing need to its count;
 *   problems as lines naming the file
 */
export function inspectOutput(output, files, code) {
  const lines = plain(output).split('\n');
  const known = new Set(files);
  const perFile = new Map();
  const problems = [];
  const needs = new Map();
  let file = '(before the first file)';
  for (const line of lines) {
    if (known.has(line.trim())) {
      file = line.trim();
      continue;
    }
    const skip = line.startsWith(SKIP_MARK) ? /^"(?:[^"\\]|\\.)*": need (.+?): /.exec(line.slice(SKIP_MARK.length + 1)) : null;
    if (skip) needs.set(skip[1], (needs.get(skip[1]) ?? 0) + 1);
    if (line.startsWith(HOOK_MARK)) problems.push(`${file}: ${line.slice(HOOK_MARK.length - 'hook error'.length)}`);
    const counts = /\((\d+) \/ (\d+)\)\s*$/.exec(line);
    if (counts) {
      const f = perFile.get(file) ?? { ran: 0, declared: 0 };
      f.ran += Number(counts[1]);
      f.declared += Number(counts[2]);
      perFile.set(file, f);
    }
  }
  const num = (label) => {
    const m = new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm').exec(lines.join('\n'));
    return m ? Number(m[1]) : undefined;
  };
  const totals = { total: num('Total'), passed: num('Passed'), skipped: num('Skipped') };
  if (totals.total === undefined) problems.push(`uvu ended without its totals (exit ${code}): a test file stopped the process early`);
  // A failed test makes uvu exit 1 and print it; fewer tests run than declared with exit 0 means some never ran.
  if (code === 0) {
    for (const [f, { ran, declared }] of perFile) {
      if (ran < declared) problems.push(`${f}: ran ${ran} of ${declared} tests without reporting a failure (a hook threw, or a suite stopped early)`);
    }
  }
  const dataSkips = [...needs.values()].reduce((a, b) => a + b, 0);
  const total = totals.total ?? 0;
  const passed = totals.passed ?? 0;
  return { total, passed: passed - dataSkips, failed: total - passed, skipped: (totals.skipped ?? 0) + dataSkips, problems, needs };
}

/** A path as the summary shows it: relative to the repository when inside it, else absolute. */
function shown(path) {
  const rel = relative(root, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** Golden files written during the run, as test/support/golden.ts recorded them (one path a line). */
function writtenFiles(file) {
  if (!existsSync(file)) return [];
  return [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))].sort();
}

/**
 * CPU seconds (user + system) of the child processes this process has waited for, the processes they waited
 * for included: fields `cutime` and `cstime` of /proc/self/stat (Linux), in clock ticks of 1/100 s.
 * `undefined` where /proc is not there.
 */
function childCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Runs each test file alone, one after the other, and rewrites the `seconds` of test/timings.json with the
 * CPU time (user + system) of the file's processes, children included: that is what the shards share on a
 * busy machine, and it does not grow when other work runs. Wall time where /proc is not there (not Linux).
 */
async function measure(dir, pattern) {
  const timings = readTimings();
  const seconds = { ...(pattern ? timings.seconds : {}) };
  let cpuTotal = 0;
  let wallTotal = 0;
  for (const f of testFiles(dir).filter((file) => !pattern || pattern.test(file))) {
    const start = performance.now();
    const cpuStart = childCpuSeconds();
    const r = await runUvu(dir, `^${escape(f)}$`);
    const wall = (performance.now() - start) / 1000;
    const cpu = cpuStart === undefined ? wall : childCpuSeconds() - cpuStart;
    const problems = inspectOutput(r.output, [f], r.code).problems;
    seconds[f] = Math.round(cpu * 10) / 10;
    cpuTotal += cpu;
    wallTotal += wall;
    console.log(`${cpu.toFixed(1).padStart(6)} s cpu ${wall.toFixed(1).padStart(6)} s wall ${r.code === 0 && !problems.length ? '   ' : 'FAIL'} ${f}`);
  }
  const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(timingsFile, `${JSON.stringify({ ...timings, seconds: sorted }, null, 2)}\n`);
  console.log(`total ${cpuTotal.toFixed(1)} s cpu, ${wallTotal.toFixed(1)} s wall; wrote ${relative(root, timingsFile)}`);
}

/** `{ dir, typecheck, measure, pattern }` from the command line. */
function parseArgs(args) {
  const opts = { dir: join(root, 'test'), typecheck: true, measure: false, pattern: undefined };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--measure') opts.measure = true;
    else if (a === '--no-typecheck') opts.typecheck = false;
    else if (a === '--dir') opts.dir = resolve(args[++i] ?? '');
    else if (a.startsWith('--')) throw new Error(`unknown option ${a} (options: --dir DIR, --no-typecheck, --measure)`);
    else opts.pattern = new RegExp(a, 'i');
  }
  return opts;
}

/**
 * Runs `checks` side by side (`npm run --silent <script>` each), printing the output of those that fail.
 * @returns whether every check passed
 */
async function staticChecks(checks) {
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const results = await Promise.all(
    checks.map(async (c) => {
      const start = performance.now();
      const r = await run(npm[0], [...npm.slice(1), 'run', '--silent', c.script]);
      return { ...c, ...r, seconds: (performance.now() - start) / 1000 };
    }),
  );
  for (const r of results.filter((x) => x.code !== 0)) console.error(`\n── ${r.what} failed (exit ${r.code}):\n${r.output.trimEnd()}`);
  console.log(`checks: ${results.map((r) => `${r.script} ${r.code === 0 ? 'ok' : 'FAILED'} ${r.seconds.toFixed(1)} s`).join(', ')}`);
  return results.every((r) => r.code === 0);
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
  if (opts.measure) return measure(opts.dir, opts.pattern);

  if (opts.typecheck && !(await staticChecks(opts.pattern ? CHECKS.slice(0, 1) : CHECKS))) process.exit(1);

  const files = testFiles(opts.dir).filter((f) => !opts.pattern || opts.pattern.test(f));
  if (!files.length) {
    console.error(`no test file matches ${opts.pattern ?? '(any)'} in ${relative(root, opts.dir) || '.'}`);
    process.exit(1);
  }
  const n = Math.max(1, Math.min(Number(process.env.HUBC_TEST_SHARDS ?? 2) || 1, availableParallelism()));
  const shards = shard(files, readTimings(), n);
  const scratch = mkdtempSync(join(tmpdir(), 'hubc-test-'));
  const written = join(scratch, 'written.txt');
  // The Kusto command outcomes of this run, shared by its processes (src/validators/kql/sharedOutcomes.ts); removed below.
  const env = { ...process.env, HUBC_TEST_WRITTEN: written, HUBC_TEST_KQL_OUTCOMES: join(scratch, 'kql-outcomes') };
  const started = performance.now();
  let results;
  try {
    results = await Promise.all(
      shards.map(async (s, i) => {
        const start = performance.now();
        const r = await runUvu(opts.dir, `^(${s.files.map(escape).join('|')})$`, env);
        console.log(`\n── shard ${i + 1}/${shards.length}: ${s.files.length} files, ${((performance.now() - start) / 1000).toFixed(1)} s, exit ${r.code}`);
        process.stdout.write(r.output);
        return { ...r, ...inspectOutput(r.output, s.files, r.code) };
      }),
    );
    results.written = writtenFiles(written);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const sum = (k) => results.reduce((a, r) => a + r[k], 0);
  const problems = results.flatMap((r) => r.problems);
  const golden = results.written;
  if (problems.length) console.log(`\nProblems uvu's exit code does not show (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  if (golden.length) {
    console.log(
      `\nUPDATE_GOLDEN=1 wrote ${golden.length} golden file(s); the tests that wrote them compared nothing, so this run fails. ` +
        `Read the diff (git diff), then run npm test again:\n${golden.map((p) => `  ${shown(p)}`).join('\n')}`,
    );
  }
  const failed = results.some((r) => r.code !== 0) || problems.length > 0 || golden.length > 0;
  const passed = sum('passed');
  const needs = new Map();
  for (const r of results) for (const [need, n] of r.needs) needs.set(need, (needs.get(need) ?? 0) + n);
  if (needs.size) {
    console.log(`\nSkipped for data this checkout does not have (README "Test data"; HUBC_REQUIRE_TEST_DATA=1 makes them fail):`);
    for (const [need, n] of [...needs].sort((a, b) => a[0].localeCompare(b[0]))) console.log(`  ${n} skipped: need ${need}`);
  }
  console.log(
    `\n${failed ? 'FAILED' : 'passed'}: ${passed} of ${sum('total') - [...needs.values()].reduce((a, b) => a + b, 0)} tests passed (${sum('skipped')} skipped) in ${shards.length} shard(s), ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`tests: ${passed} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
