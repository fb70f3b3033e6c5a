/**
 * Racing publishers (issue #29, finding 1), shared by test/reliability/publishLock.test.ts (a few rounds)
 * and `npm run kill-loop -- ROUNDS --only racing` (50 rounds): a feed holding one release, a publish killed
 * while it holds the feed's lock (`HUBC_FAULT=publish:release-staged`: an OOM kill, a CI timeout), then four
 * publishes of four other releases at once, each a real child process. Every publish that exits 0 must be
 * listed in index.json, and every file index.json names must exist with its hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getRelease, RELEASE_VERSIONS } from '../../src/model/releases.js';
import { runChild } from './crash.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** What one round found: empty `problems` when every publish that exited 0 is in the feed. */
export interface RaceRound {
  problems: string[];
  /** The releases whose publish exited 0. */
  added: string[];
}

/**
 * Runs one round in the new folder `feed` with the hub file `hub`.
 * @param env extra environment of the children (e.g. a short lock stale time)
 */
export async function racingPublishersRound(feed: string, hub: string, env: Record<string, string> = {}): Promise<RaceRound> {
  // The newest five releases: one already published, the killed holder's, and four racing publishers.
  const [base, killed, ...racing] = RELEASE_VERSIONS.slice(-6).reverse();
  const args = (release: string, ...more: string[]) => ['publish', '--feed', feed, '--release', release, '--hub', hub, '--date', '2025-01-31', ...more];
  const problems: string[] = [];
  const first = await runChild(args(base, '--base-url', 'https://example.org/hub/'), { env });
  if (first.code !== 0) return { problems: [`the first publish exited ${first.code}: ${first.stderr}`], added: [] };
  const dead = await runChild(args(killed), { fault: 'publish:release-staged', env });
  if (dead.signal !== 'SIGKILL') problems.push(`the holder was not killed: ${dead.stderr}`);
  const runs = await Promise.all(racing.map((r) => runChild(args(r), { env })));
  const added = racing.filter((r, i) => runs[i].code === 0);
  runs.forEach((run, i) => run.code !== 0 && problems.push(`publish ${racing[i]} exited ${run.code}: ${run.stderr.trim()}`));
  const index = JSON.parse(readFileSync(join(feed, 'index.json'), 'utf8')) as { releases: { release: string; files: { path: string; sha256: string }[] }[] };
  const listed = index.releases.map((r) => r.release);
  for (const r of [base, ...added]) if (!listed.includes(r)) problems.push(`release ${r} printed "added" and exited 0 but index.json lists only ${listed.join(', ')}`);
  for (const r of index.releases)
    for (const f of r.files) {
      const path = join(feed, f.path);
      if (!existsSync(path)) problems.push(`index.json names ${f.path}, which does not exist`);
      else if (sha(readFileSync(path)) !== f.sha256) problems.push(`${f.path} does not have the hash index.json gives`);
    }
  for (const page of ['feed.xml', 'index.html']) {
    const text = readFileSync(join(feed, page), 'utf8');
    // Files are named after the version the hub records (release 12: finops-hub-12.0.json).
    for (const r of listed) if (!text.includes(`finops-hub-${getRelease(r).ftkVersion}.json`)) problems.push(`${page} does not name release ${r}`);
  }
  return { problems, added };
}
