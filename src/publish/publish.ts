/**
 * `publishFeed`: adds compiled releases to a static release feed folder and rewrites its index.json,
 * feed.xml and index.html, atomically.
 *
 * Feed layout (DIR): `<release>/...` (everything `hubc build` writes), `finops-hub-<release>.json` and
 * `finops-hub-<release>.ui.json`, `finops-hub-<release>.flow.svg` (its data flow, ./flowGraphs.ts),
 * `finops-hub-latest.json` / `.ui.json` (the newest release), `index.json`
 * (schemas/feed-index.schema.json), `feed.xml` (Atom), `index.html` and `schemas/hub.schema.json` (the hub.yaml
 * schema of this hubc). Other files in DIR are kept.
 *
 * Rules:
 * - Releases are immutable: publishing a release whose files differ from the feed's is refused (HUB411,
 *   naming the files) unless `force`; publishing the same bytes again changes nothing at all.
 * - A template over ARM's 4 MB limit is refused (HUB412).
 * - Dates: `date` for a release new to the feed (or replaced with `force`), else the date the index already
 *   has; today (UTC) only when neither exists.
 * - One publisher at a time: the whole read-modify-write holds the feed's lock (src/util/lock.ts); another
 *   publish waits for it (HUB011 after 60 s). The lock is not trusted alone: before each write others could
 *   see, the publish checks that its lock is still its own, and it replaces index.json only when index.json
 *   is still the one it read (a compare-and-swap, as git updates a ref). When either fails (its lock was
 *   taken over while it stalled, or another process wrote the index), nothing more is written or undone: it
 *   takes the lock again, reads the feed again (its own release folders, complete, are adopted) and writes
 *   the merge, saying so (HUB471); after 5 tries HUB470. So a publish that exits 0 is in the index.
 * - Survives kills: release folders and pages are written first, index.json last (write.ts); on start, what
 *   a killed publish left is rolled back (fs.ts `recoverFeed`, `recoverLegacyFeed`). A failure in this
 *   process undoes every step: DIR is left exactly as it was (HUB413).
 * - Stays inside DIR: a DIR that is a symbolic link is written through (it stays a link); inside DIR, links
 *   and special files are never followed, read or replaced, and one where the publish must write is
 *   refused (HUB010). Files left unchanged are not touched (their mode stays); new folders and files get
 *   0777 and 0666 less the umask.
 * - A release counts as published when index.json lists it. A complete release folder that a killed publish
 *   put in place but did not list is adopted when its bytes are the ones published, and replaced otherwise.
 *   Without an index.json (a first publish killed before writing it, or one removed), no release is
 *   published yet, and the new index lists every complete release folder again.
 */
import { dirname, join, relative, resolve, sep } from 'node:path';
import { mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { toJsonText } from '../model/json.js';
import { packagePath } from '../util/packageRoot.js';
import { codes } from '../diagnostics/index.js';
import { HubcError } from '../diagnostics/diagnostic.js';
import type { Build } from '../build/index.js';
import { atomFeed } from './atom.js';
import {
  ARM_TEMPLATE_LIMIT_BYTES,
  compareReleases,
  conflictOf,
  feedReleases,
  heldBuild,
  LATEST,
  releaseFiles,
  releasePaths,
  versionedNames,
  blobOf,
  type FeedBlob,
  type ReleaseConflict,
} from './feed.js';
import { nodeFeedFs, readFeedTree, recoverFeed, recoverLegacyFeed, type FeedFs, type FeedTree } from './fs.js';
import { blockedBy, IndexChangedError, kindWords, planWrite, writeFeed, type WriteGuard } from './write.js';
import { FolderLockedError, LockLostError, withFolderLock, type FolderLock } from '../util/lock.js';
import { readRegularFile } from '../util/files.js';
import { feedPage } from './html.js';
import { checkFeedIndex, type FeedFile, type FeedIndex, type FeedRelease } from './indexJson.js';
import { releaseNotes, setChangeFiles } from './notes.js';
import { deployUrls, fileUrl, normalizeBaseUrl } from './urls.js';
import { inlineFlowGraphs, setFlowGraphs } from './flowGraphs.js';
import { loadSvgRenderer, type SvgRenderer } from '../graph/index.js';

/**
 * Where a feed holds the hub.yaml JSON Schema (schemas/hub.schema.json of the hubc that published it,
 * rewritten on every publish like index.html), so a hub.yaml can point its modeline at the feed.
 */
export const HUB_SCHEMA_PATH = 'schemas/hub.schema.json';

/**
 * A publish that cannot go ahead; nothing was written. Codes: HUB411 (immutable release changed), HUB412
 * (template too large), HUB413 (feed cannot be read or written), HUB414 (existing index.json invalid), HUB415
 * (no base URL), HUB010 (a link or special file where the publish writes), HUB011 (the feed stayed locked by
 * another publish).
 */
export class PublishError extends HubcError {}

/** Options of {@link publishFeed}. */
export interface PublishOptions {
  /** The feed folder; created when missing. */
  feedDir: string;
  /** The builds to publish (`fromCompile` of each release's compile, src/build). */
  releases: Build[];
  /** Public URL of the feed folder; default the one the existing index records. */
  baseUrl?: string;
  /** Publication date (`YYYY-MM-DD`) of releases new to the feed. */
  date?: string;
  /** Replace releases whose files differ from the feed's. */
  force?: boolean;
  /** Today's date (`YYYY-MM-DD`); default the current UTC date. */
  today?: () => string;
  /** File system; default the real one. */
  fs?: FeedFs;
  /** How long to wait for another publisher's lock; default 60 s (src/util/lock.ts). */
  lockWaitMs?: number;
  /** Draws each release's data flow picture (./flowGraphs.ts); default Graphviz, loaded once per publish. */
  svg?: SvgRenderer;
}

/** What happened to each release published. */
export interface PublishedRelease {
  release: string;
  /** `added` new to the feed, `unchanged` same bytes already there, `replaced` different bytes with `force`. */
  action: 'added' | 'unchanged' | 'replaced';
  date: string;
}

/** Outcome of a publish. */
export interface PublishOutcome {
  feedDir: string;
  /** False when the feed already was exactly what the publish produced (nothing written). */
  changed: boolean;
  releases: PublishedRelease[];
  index: FeedIndex;
  /** What the start-up recovery rolled back or removed, left by an interrupted publish (one line each). */
  recovered: string[];
  /**
   * Why the publish read the feed again and merged (HUB471, one line each): its lock was taken over while it
   * held it, or index.json changed under it. Empty normally.
   */
  retried: string[];
}

/** The index record of a file. */
const fileRecord = (path: string, blob: FeedBlob): FeedFile => ({ path, sha256: blob.sha256, bytes: blob.size });

/** Reads and checks the existing index, if any. */
function readIndex(files: ReadonlyMap<string, FeedBlob>): FeedIndex | undefined {
  const data = files.get('index.json')?.read();
  if (!data) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch (e) {
    throw new PublishError(codes.HUB414.notJson({ detail: (e as Error).message }));
  }
  const problems = checkFeedIndex(value);
  if (problems.length) throw new PublishError(codes.HUB414.notSchema({ problems: problems.slice(0, 3) }));
  return value as FeedIndex;
}

/** The index record of one release held in `files`. */
function indexRelease(files: ReadonlyMap<string, FeedBlob>, release: string, previous: string | undefined, date: string, baseUrl: string): FeedRelease {
  const names = versionedNames(release);
  const paths = releasePaths(files, release).filter((p) => p.startsWith(`${release}/`));
  const notes = releaseNotes(heldBuild(files, release), previous ? heldBuild(files, previous) : undefined);
  return {
    release,
    date,
    previous: previous ?? null,
    template: names.template,
    uiDefinition: names.uiDefinition,
    deploy: deployUrls(fileUrl(baseUrl, names.template), fileUrl(baseUrl, names.uiDefinition)),
    files: [...paths, names.template, names.uiDefinition].filter((p) => files.has(p)).map((p) => fileRecord(p, files.get(p)!)),
    ...notes,
  };
}

/**
 * Publishes releases to a feed (see the module doc for layout and rules).
 * @throws PublishError when the publish is refused or the feed cannot be read or written; the feed is then unchanged
 */
export async function publishFeed(options: PublishOptions): Promise<PublishOutcome> {
  const fs = options.fs ?? nodeFeedFs;
  const given = resolve(options.feedDir);
  for (const r of options.releases) {
    const bytes = r.template.bytes;
    if (bytes > ARM_TEMPLATE_LIMIT_BYTES) throw new PublishError(codes.HUB412.raise({ release: r.release, bytes, limit: ARM_TEMPLATE_LIMIT_BYTES }));
  }
  const recovered: string[] = [];
  let dir: string;
  try {
    if (fs === nodeFeedFs) recovered.push(...recoverLegacyFeed(given, options.baseUrl && normalizeBaseUrl(options.baseUrl)));
    const kind = fs.kind(given);
    if (kind === 'link') dir = realpathSync(given);
    else if (kind === undefined || kind === 'folder') dir = given;
    else throw new PublishError(codes.HUB010.raise({ path: given, what: kind === 'file' ? 'a regular file, not a folder' : 'a special file' }));
    if (fs.kind(dir) === undefined) {
      if (!options.baseUrl) throw new PublishError(codes.HUB415.raise());
      mkdirSync(dirname(dir), { recursive: true });
      fs.makeFolder(dir);
    }
  } catch (e) {
    if (e instanceof PublishError) throw e;
    throw new PublishError(codes.HUB413.unreadable({ dir: given, detail: (e as Error).message }));
  }
  const svg = options.svg ?? (await loadSvgRenderer());
  const retried: string[] = [];
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await withFolderLock(dir, (lock) => publishLocked({ fs, dir, given, options: { ...options, svg }, recovered, guard: writeGuard(lock, dir) }), {
        waitMs: options.lockWaitMs,
      });
      return { ...outcome, retried };
    } catch (e) {
      if (e instanceof FolderLockedError) throw new PublishError(codes.HUB011.raise({ dir: given, seconds: Math.round(e.waitedMs / 1000), pid: e.ownerPid }));
      if (e instanceof LockLostError || e instanceof IndexChangedError) {
        const why = e instanceof LockLostError ? 'lost' : 'changed';
        if (attempt >= PUBLISH_ATTEMPTS) throw new PublishError(codes.HUB470.gaveUp({ dir: given, tries: attempt, why }));
        const file = e instanceof IndexChangedError ? relative(dir, e.path).split(sep).join('/') : undefined;
        retried.push(codes.HUB471.raise({ dir: given, why, file, attempt: attempt + 1, of: PUBLISH_ATTEMPTS }).message);
        continue;
      }
      if (e instanceof PublishError) throw e;
      throw new PublishError(codes.HUB413.unwritable({ dir: given, detail: (e as Error).message }));
    }
  }
}

/** How many times a publish reads the feed and writes it before giving up when its lock is taken over or index.json changes under it. */
export const PUBLISH_ATTEMPTS = 5;

/**
 * The checks a publish makes before each write others could see (src/publish/write.ts): its lock is still
 * its own (refreshing the heartbeat), and, just before index.json is replaced, index.json is still the one
 * this publish read: the compare-and-swap of the git ref-update model.
 */
function writeGuard(lock: FolderLock, dir: string): (expectedIndex: Buffer | undefined) => WriteGuard {
  return (expectedIndex) => ({
    step: () => lock.check(),
    held: () => {
      try {
        lock.check();
        return true;
      } catch {
        return false;
      }
    },
    index: () => {
      lock.check();
      let now: Buffer | undefined;
      try {
        now = readRegularFile(join(dir, 'index.json'));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
      if (!(now === undefined ? expectedIndex === undefined : expectedIndex?.equals(now))) throw new IndexChangedError(join(dir, 'index.json'));
    },
  });
}

/** What {@link publishLocked} works with. */
interface LockedPublish {
  fs: FeedFs;
  /** The feed folder, links resolved. */
  dir: string;
  /** The feed folder as given, for messages. */
  given: string;
  options: PublishOptions;
  /** Lines of what recovery did, appended to. */
  recovered: string[];
  /** The checks before each write, given the index.json this publish read. */
  guard: (expectedIndex: Buffer | undefined) => WriteGuard;
}

/** The publish itself, holding the lock of the feed folder. */
function publishLocked({ fs, dir, given, options, recovered, guard }: LockedPublish): Omit<PublishOutcome, 'retried'> {
  let tree: FeedTree;
  try {
    recovered.push(...recoverFeed(fs, dir));
    tree = readFeedTree(fs, dir);
  } catch (e) {
    throw new PublishError(codes.HUB413.unreadable({ dir: given, detail: (e as Error).message }));
  }
  const current = tree.files;
  const oldIndex = readIndex(current);
  const baseUrl = options.baseUrl ? normalizeBaseUrl(options.baseUrl) : oldIndex?.baseUrl;
  if (!baseUrl) throw new PublishError(codes.HUB415.raise());
  // Only the index records what is published: without one (a first publish killed before it), no release is
  // immutable yet, and the index written lists every complete release folder again.
  const listed = new Set(oldIndex ? oldIndex.releases.map((r) => r.release) : []);
  const { desired, actions } = placeReleases(current, listed, options);

  const present = new Set(feedReleases(desired));
  const recorded = oldIndex ? [...listed] : [...present];
  const releases = [...new Set([...recorded, ...actions.keys()])].filter((r) => present.has(r)).sort(compareReleases);
  const latest = setAliases(desired, releases);
  setFlowGraphs(desired, releases, options.svg!);
  const index = feedIndex(desired, releases, latest, baseUrl, dateOfRelease(actions, oldIndex, options));
  desired.set('index.json', blobOf(Buffer.from(toJsonText(index), 'utf8')));
  desired.set('feed.xml', blobOf(Buffer.from(atomFeed(index), 'utf8')));
  desired.set('index.html', blobOf(Buffer.from(feedPage(index, inlineFlowGraphs(desired, releases)), 'utf8')));
  setChangeFiles(desired, index);
  // The hub.yaml schema of the hubc that published, for `# yaml-language-server: $schema=<base URL>schemas/hub.schema.json`.
  desired.set(HUB_SCHEMA_PATH, blobOf(readFileSync(packagePath('schemas', 'hub.schema.json'))));

  const published = options.releases.map((r) => ({ release: r.release, action: actions.get(r.release)!, date: index.releases.find((x) => x.release === r.release)!.date }));
  const plan = planWrite(current, desired, [...actions.keys()]);
  if (!plan) return { feedDir: given, changed: false, releases: published, index, recovered };
  const blocked = blockedBy(tree, plan);
  if (blocked) throw new PublishError(codes.HUB010.raise({ path: join(given, ...blocked.path.split('/')), what: kindWords(blocked.kind) }));
  try {
    writeFeed(fs, dir, plan, current, guard(current.get('index.json')?.read()));
  } catch (e) {
    if (e instanceof LockLostError || e instanceof IndexChangedError) throw e;
    throw new PublishError(codes.HUB413.unwritable({ dir: given, detail: (e as Error).message }));
  }
  return { feedDir: given, changed: true, releases: published, index, recovered };
}

/**
 * The feed's files with the releases to publish in their folders, and what became of each: `unchanged`
 * (listed already, same files), `replaced` (listed, different files, `--force`) or `added`.
 * @throws PublishError HUB411 when listed releases would change without `--force`
 */
function placeReleases(
  current: ReadonlyMap<string, FeedBlob>,
  listed: ReadonlySet<string>,
  options: PublishOptions,
): { desired: Map<string, FeedBlob>; actions: Map<string, PublishedRelease['action']> } {
  const desired = new Map(current);
  const conflicts: ReleaseConflict[] = [];
  const actions = new Map<string, PublishedRelease['action']>();
  for (const r of options.releases) {
    const files = releaseFiles(r.release, r.files);
    const held = releasePaths(current, r.release);
    const conflict = held.length ? conflictOf(r.release, current, files) : undefined;
    if (listed.has(r.release) && held.length && !conflict) {
      actions.set(r.release, 'unchanged');
      continue;
    }
    if (listed.has(r.release) && conflict && !options.force) {
      conflicts.push(conflict);
      continue;
    }
    actions.set(r.release, listed.has(r.release) && conflict ? 'replaced' : 'added');
    for (const p of held) desired.delete(p);
    for (const [p, data] of files) desired.set(p, data);
  }
  if (conflicts.length) throw new PublishError(codes.HUB411.raise({ conflicts }));
  return { desired, actions };
}

/**
 * Sets each release's versioned template and form files (copies of its own) and the `latest` aliases (of
 * the newest release) in `desired`.
 * @param releases the releases of the feed, oldest first
 * @returns the newest release, undefined for an empty feed
 */
function setAliases(desired: Map<string, FeedBlob>, releases: readonly string[]): string | undefined {
  for (const r of releases) {
    const names = versionedNames(r);
    if (!desired.has(names.template)) desired.set(names.template, desired.get(`${r}/azuredeploy.json`)!);
    const ui = desired.get(`${r}/createUiDefinition.json`);
    if (!desired.has(names.uiDefinition) && ui) desired.set(names.uiDefinition, ui);
  }
  const latest = releases[releases.length - 1];
  for (const p of [LATEST.template, LATEST.uiDefinition]) desired.delete(p);
  if (latest) {
    const names = versionedNames(latest);
    desired.set(LATEST.template, desired.get(names.template)!);
    if (desired.has(names.uiDefinition)) desired.set(LATEST.uiDefinition, desired.get(names.uiDefinition)!);
  }
  return latest;
}

/** The date of a release in the index: today (or `--date`) when published now, else the date the index gave it. */
function dateOfRelease(actions: ReadonlyMap<string, PublishedRelease['action']>, oldIndex: FeedIndex | undefined, options: PublishOptions): (release: string) => string {
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const oldDates = new Map((oldIndex?.releases ?? []).map((r) => [r.release, r.date]));
  return (r) => {
    const action = actions.get(r);
    if (action === 'added' || action === 'replaced') return options.date ?? today();
    return oldDates.get(r) ?? options.date ?? today();
  };
}

/** The feed's index: its releases newest first, each with its previous one, and the `latest` aliases. */
function feedIndex(
  desired: ReadonlyMap<string, FeedBlob>,
  releases: readonly string[],
  latest: string | undefined,
  baseUrl: string,
  dateOf: (release: string) => string,
): FeedIndex {
  const records = releases.map((r, i) => indexRelease(desired, r, i ? releases[i - 1] : undefined, dateOf(r), baseUrl));
  return {
    kind: 'hubc-release-feed',
    baseUrl,
    latest: latest ?? null,
    releases: records.reverse(),
    aliases: latest ? [LATEST.template, LATEST.uiDefinition].filter((p) => desired.has(p)).map((p) => ({ ...fileRecord(p, desired.get(p)!), release: latest })) : [],
  };
}
