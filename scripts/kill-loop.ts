/**
 * `npm run kill-loop [-- ROUNDS]` (opt-in, not part of `npm test`): the randomized form of the crash tests
 * of docs/reliability.md. Each round runs `hubc build --all`, `hubc publish --all` and `hubc migrate-data`
 * (move and copy, local folder) as a child process killed with SIGKILL after a random delay within the
 * command's own duration (measured first), then runs the same command again and checks the result is
 * complete: the build equals a clean build, the feed lists every release with true hashes and nothing of
 * hubc's left over, every file migrated whole with its manifests. Prints one line per round and exits 1 on
 * the first round that breaks a guarantee (naming the delay, to replay it).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { RELEASE_VERSIONS } from '../src/model/releases.js';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runChild } from '../test/support/crash.js';
import { filesUnder, leftovers, snapshot } from '../test/support/trees.js';

const rounds = Number(process.argv[2] ?? 20);
const root = mkdtempSync(join(tmpdir(), 'hubc-kill-loop-'));
const hub = new URL('../hub.yaml', import.meta.url).pathname;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Case {
  name: string;
  /** A fresh place to work in; returns the arguments of the command. */
  setup(dir: string): string[];
  /** Throws when the result after the re-run is not complete. */
  check(dir: string): void;
}

const OLD: Record<string, string> = {};
for (let m = 1; m <= 6; m++) for (let p = 0; p < 4; p++) OLD[`subscriptions/x/20240${m}/focuscost/part_${p}.parquet`] = `PAR1-${m}-${p}-`.repeat(20_000);

const fail = (message: string): never => {
  throw new Error(message);
};

const cases: Case[] = [
  {
    name: 'build --all',
    setup: (dir) => ['build', hub, '--out', join(dir, 'out'), '--all'],
    check: (dir) => {
      const snap = snapshot(join(dir, 'out'));
      if (leftovers(snap).length) fail(`left over: ${leftovers(snap).join(', ')}`);
      const clean = snapshot(join(root, 'reference-build'));
      for (const r of RELEASE_VERSIONS)
        if (JSON.stringify([...filesUnder(snap, r)]) !== JSON.stringify([...filesUnder(clean, r)])) fail(`release ${r} differs from a clean build`);
    },
  },
  {
    name: 'publish --all',
    setup: (dir) => ['publish', '--feed', join(dir, 'feed'), '--all', '--hub', hub, '--base-url', 'https://example.org/hub/', '--date', '2025-01-31'],
    check: (dir) => {
      const feed = join(dir, 'feed');
      const index = JSON.parse(readFileSync(join(feed, 'index.json'), 'utf8'));
      if (index.releases.length !== 7) fail(`the index lists ${index.releases.length} releases`);
      for (const r of index.releases) for (const f of r.files) if (sha(readFileSync(join(feed, f.path))) !== f.sha256) fail(`${f.path} does not match the index`);
      const left = [...snapshot(feed).keys()].filter((p) => p.includes('.hubc-'));
      if (left.length) fail(`left over: ${left.join(', ')}`);
    },
  },
  ...(['move', 'copy'] as const).map(
    (mode): Case => ({
      name: `migrate-data ${mode}`,
      setup: (dir) => {
        for (const [p, c] of Object.entries(OLD)) {
          mkdirSync(dirname(join(dir, 'ingestion', p)), { recursive: true });
          writeFileSync(join(dir, 'ingestion', p), c);
        }
        return ['migrate-data', '--from', '0.5', '--to', '0.7', '--storage', dir, '--yes', ...(mode === 'copy' ? ['--copy'] : [])];
      },
      check: (dir) => {
        const snap = snapshot(join(dir, 'ingestion'));
        for (const [p, c] of Object.entries(OLD)) {
          const [, y, m, file] = /(\d{4})(\d{2})\/focuscost\/(.+)$/.exec(p)!;
          const target = `Costs/${y}/${m}/subscriptions/x/migrated-0.5-${y}${m}__${file}`;
          if (snap.get(target) !== `file:${c}`) fail(`${target} is not the whole file`);
          if (snap.get(`Costs/${y}/${m}/subscriptions/x/manifest.json`) !== 'file:') fail(`no manifest for ${y}${m}`);
          if (mode === 'copy' && snap.get(p) !== `file:${c}`) fail(`the source ${p} of a copy is gone`);
        }
        const left = [...snap.keys()].filter((p) => p.includes('.hubc-'));
        if (left.length) fail(`left over: ${left.join(', ')}`);
      },
    }),
  ),
];

const reference = await runChild(['build', hub, '--out', join(root, 'reference-build'), '--all']);
if (reference.code !== 0) throw new Error(reference.stderr);
const durations = new Map<string, number>();
for (const c of cases) {
  const dir = mkdtempSync(join(root, 'measure-'));
  const started = performance.now();
  const r = await runChild(c.setup(dir));
  if (r.code !== 0) throw new Error(`${c.name}: ${r.stderr}`);
  durations.set(c.name, performance.now() - started);
}
let failed = false;
for (let round = 1; round <= rounds && !failed; round++) {
  for (const c of cases) {
    const dir = mkdtempSync(join(root, 'round-'));
    const args = c.setup(dir);
    const delay = Math.round(Math.random() * durations.get(c.name)!);
    const killed = await runChild(args, { killAfterMs: delay });
    const again = await runChild(args);
    try {
      if (again.code !== 0) fail(`the re-run exited ${again.code}: ${again.stderr}`);
      c.check(dir);
      console.log(`round ${round} ${c.name}: killed after ${delay} ms (${killed.signal ? 'killed' : 'had finished'}), complete after the re-run`);
    } catch (e) {
      console.error(`round ${round} ${c.name}: killed after ${delay} ms: ${(e as Error).message} (kept in ${dir})`);
      failed = true;
    }
    if (!failed) rmSync(dir, { recursive: true, force: true });
  }
}
if (!failed) rmSync(root, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
