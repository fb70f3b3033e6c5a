/**
 * The randomized crash tests of docs/reliability.md, run by `npm run kill-loop` (scripts/kill-loop.ts) and,
 * a short form, by test/scripts/killLoop.test.ts.
 *
 * Kill cases run `hubc build --all`, `hubc publish --all` and `hubc migrate-data` (move and copy, local
 * folder) as a child process killed with SIGKILL after a random delay within the command's own duration
 * (measured first), then the same command again, and check the result is complete: the build equals a clean
 * build, the feed lists every release with true hashes and nothing of hubc's left over, every file migrated
 * whole with its manifests. What "every release" is comes from the release table (src/model/releases.ts),
 * never a count written here (issue #29, finding 12: the loop expected 7 releases after 0.8 came).
 * The `racing publishers` case kills a publish while it holds the feed's lock, then runs four publishes of
 * other releases at once; every one that exits 0 must be in the index (issue #29, finding 1).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { RELEASE_VERSIONS } from '../src/model/releases.js';
import { sortReleases } from '../src/model/releaseNames.js';
import { runChild } from '../test/support/crash.js';
import { racingPublishersRound } from '../test/support/publishRace.js';
import { filesUnder, leftovers, snapshot } from '../test/support/trees.js';

const HUB = fileURLToPath(new URL('../hub.yaml', import.meta.url));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A command killed at a random moment and run again. */
export interface KillCase {
  name: string;
  /** A fresh place to work in; returns the arguments of the command. */
  setup(dir: string): string[];
  /** Throws when the result after the re-run is not complete. */
  check(dir: string): void;
}

/** A round of its own (no measured kill): resolves to the problems found, empty when none. */
export interface RoundCase {
  name: string;
  round(dir: string): Promise<string[]>;
}

const fail = (message: string): never => {
  throw new Error(message);
};

/** Old-layout export files migrate-data moves or copies (24 files, 6 months). */
const OLD: Record<string, string> = {};
for (let m = 1; m <= 6; m++) for (let p = 0; p < 4; p++) OLD[`subscriptions/x/20240${m}/focuscost/part_${p}.parquet`] = `PAR1-${m}-${p}-`.repeat(20_000);

/** Checks a feed `publish --all` wrote: every release of the release table listed, true hashes, nothing of hubc's left. */
export function checkFullFeed(feed: string): void {
  const index = JSON.parse(readFileSync(join(feed, 'index.json'), 'utf8')) as { releases: { release: string; files: { path: string; sha256: string }[] }[] };
  const listed = sortReleases(index.releases.map((r) => r.release));
  const expected = [...RELEASE_VERSIONS];
  if (JSON.stringify(listed) !== JSON.stringify(expected)) fail(`the index lists ${listed.join(', ')}, not every release hubc builds (${expected.join(', ')})`);
  for (const r of index.releases) for (const f of r.files) if (sha(readFileSync(join(feed, f.path))) !== f.sha256) fail(`${f.path} does not match the index`);
  const left = [...snapshot(feed).keys()].filter((p) => p.includes('.hubc-'));
  if (left.length) fail(`left over: ${left.join(', ')}`);
}

/** Checks a folder `build --all` wrote against a clean build of every release in `reference`. */
export function checkFullBuild(out: string, reference: string): void {
  const snap = snapshot(out);
  if (leftovers(snap).length) fail(`left over: ${leftovers(snap).join(', ')}`);
  const clean = snapshot(reference);
  for (const r of RELEASE_VERSIONS) {
    const files = JSON.stringify([...filesUnder(snap, r)]);
    if (files === '[]') fail(`release ${r} is missing`);
    if (files !== JSON.stringify([...filesUnder(clean, r)])) fail(`release ${r} differs from a clean build`);
  }
}

/** The kill cases; `reference` is a clean `build --all`. */
export function killCases(reference: string): KillCase[] {
  return [
    { name: 'build --all', setup: (dir) => ['build', HUB, '--out', join(dir, 'out'), '--all'], check: (dir) => checkFullBuild(join(dir, 'out'), reference) },
    {
      name: 'publish --all',
      setup: (dir) => ['publish', '--feed', join(dir, 'feed'), '--all', '--hub', HUB, '--base-url', 'https://example.org/hub/', '--date', '2025-01-31'],
      check: (dir) => checkFullFeed(join(dir, 'feed')),
    },
    ...(['move', 'copy'] as const).map((mode): KillCase => ({
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
    })),
  ];
}

/** The racing publishers case. */
export const RACING: RoundCase = {
  name: 'racing publishers',
  round: async (dir) => {
    writeFileSync(join(dir, 'hub.yaml'), readFileSync(HUB));
    return (await racingPublishersRound(join(dir, 'feed'), join(dir, 'hub.yaml'))).problems;
  },
};

/** Options of {@link runKillLoop}. */
export interface KillLoopOptions {
  rounds: number;
  /** Only the cases whose name contains one of these. */
  only?: readonly string[];
  /** One line per round. */
  log?: (line: string) => void;
  /** Kill within this many milliseconds instead of measuring each command's duration first (the short form in `npm test`). */
  killWithinMs?: number;
}

/**
 * Runs the loop; stops at the first round that breaks a guarantee (its folder is kept, named in the line).
 * @returns false when a round failed
 */
export async function runKillLoop(options: KillLoopOptions): Promise<boolean> {
  const log = options.log ?? ((line: string) => console.log(line));
  const picked = (name: string) => !options.only?.length || options.only.some((o) => name.includes(o));
  const root = mkdtempSync(join(tmpdir(), 'hubc-kill-loop-'));
  const reference = join(root, 'reference-build');
  const kills = killCases(reference).filter((c) => picked(c.name));
  const rounds = [RACING].filter((c) => picked(c.name));
  if (kills.some((c) => c.name === 'build --all')) {
    const r = await runChild(['build', HUB, '--out', reference, '--all']);
    if (r.code !== 0) throw new Error(r.stderr);
  }
  const durations = new Map<string, number>();
  for (const c of options.killWithinMs === undefined ? kills : []) {
    const dir = mkdtempSync(join(root, 'measure-'));
    const started = performance.now();
    const r = await runChild(c.setup(dir));
    if (r.code !== 0) throw new Error(`${c.name}: ${r.stderr}`);
    durations.set(c.name, performance.now() - started);
  }
  for (let round = 1; round <= options.rounds; round++) {
    for (const c of kills) {
      const dir = mkdtempSync(join(root, 'round-'));
      const args = c.setup(dir);
      const delay = Math.round(Math.random() * (options.killWithinMs ?? durations.get(c.name)!));
      const killed = await runChild(args, { killAfterMs: delay });
      const again = await runChild(args);
      try {
        if (again.code !== 0) fail(`the re-run exited ${again.code}: ${again.stderr}`);
        c.check(dir);
        log(`round ${round} ${c.name}: killed after ${delay} ms (${killed.signal ? 'killed' : 'had finished'}), complete after the re-run`);
      } catch (e) {
        log(`round ${round} ${c.name}: killed after ${delay} ms: ${(e as Error).message} (kept in ${dir})`);
        return false;
      }
      rmSync(dir, { recursive: true, force: true });
    }
    for (const c of rounds) {
      const dir = mkdtempSync(join(root, 'round-'));
      const problems = await c.round(dir);
      if (problems.length) {
        log(`round ${round} ${c.name}: ${problems.join('; ')} (kept in ${dir})`);
        return false;
      }
      log(`round ${round} ${c.name}: a holder killed, four publishers at once, every one that exited 0 is in the index`);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  rmSync(root, { recursive: true, force: true });
  return true;
}
