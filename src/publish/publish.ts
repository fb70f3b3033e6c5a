/**
 * `publishFeed`: adds compiled releases to a static release feed folder and rewrites its index.json,
 * feed.xml and index.html, atomically.
 *
 * Feed layout (DIR): `<release>/...` (everything `hubc build` writes), `finops-hub-<release>.json` and
 * `finops-hub-<release>.ui.json`, `finops-hub-latest.json` / `.ui.json` (the newest release), `index.json`
 * (schemas/feed-index.schema.json), `feed.xml` (Atom), `index.html` and `schemas/hub.schema.json` (the hub.yaml
 * schema of this hubc). Other files in DIR are kept.
 *
 * Rules:
 * - Releases are immutable: publishing a release whose files differ from the feed's is refused (HUB411,
 *   naming the files) unless `force`; publishing the same bytes again changes nothing at all.
 * - A template over ARM's 4 MB limit is refused (HUB412).
 * - Dates: `date` for a release new to the feed (or replaced with `force`), else the date the index already
 *   has; today (UTC) only when neither exists.
 * - Atomic: the new feed is assembled in memory, written beside DIR and swapped in (fs.ts); a failure leaves
 *   DIR exactly as it was (HUB413).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { toJsonText } from '../model/json.js';
import { packagePath } from '../util/packageRoot.js';
import { codes, type Raised } from '../diagnostics/index.js';
import { atomFeed } from './atom.js';
import {
  ARM_TEMPLATE_LIMIT_BYTES,
  conflictOf,
  feedReleases,
  heldArtifacts,
  LATEST,
  releaseFiles,
  releasePaths,
  sameFiles,
  versionedNames,
  type ReleaseConflict,
} from './feed.js';
import { nodeFeedFs, readFeedTree, replaceFolderAtomically, type FeedFs } from './fs.js';
import { feedPage } from './html.js';
import { checkFeedIndex, feedFile, type FeedIndex, type FeedRelease } from './indexJson.js';
import { releaseNotes } from './notes.js';
import { deployUrls, fileUrl, normalizeBaseUrl } from './urls.js';

/**
 * Where a feed holds the hub.yaml JSON Schema (schemas/hub.schema.json of the hubc that published it,
 * rewritten on every publish like index.html), so a hub.yaml can point its modeline at the feed.
 */
export const HUB_SCHEMA_PATH = 'schemas/hub.schema.json';

/** A publish that cannot go ahead; nothing was written. */
export class PublishError extends Error {
  /** Stable code (src/diagnostics/diffPublish.ts). */
  readonly code: string;
  /** What to do about it, one line. */
  readonly hint: string;
  /**
   * @param raised a code raised through the diagnostic registry: HUB411 (immutable release changed), HUB412
   *   (template too large), HUB413 (feed cannot be read or written), HUB414 (existing index.json invalid),
   *   HUB415 (no base URL)
   */
  constructor(raised: Raised) {
    super(raised.message);
    this.name = 'PublishError';
    this.code = raised.code;
    this.hint = raised.hint ?? '';
  }
}

/** A compiled release to publish. */
export interface PublishRelease {
  release: string;
  /** Path relative to the release folder -> text, as `compile()` returns them. */
  artifacts: ReadonlyMap<string, string>;
}

/** Options of {@link publishFeed}. */
export interface PublishOptions {
  /** The feed folder; created when missing. */
  feedDir: string;
  releases: PublishRelease[];
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
}

/** Reads and checks the existing index, if any. */
function readIndex(files: ReadonlyMap<string, Buffer>): FeedIndex | undefined {
  const data = files.get('index.json');
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
function indexRelease(files: ReadonlyMap<string, Buffer>, release: string, previous: string | undefined, date: string, baseUrl: string): FeedRelease {
  const names = versionedNames(release);
  const paths = releasePaths(files, release).filter((p) => p.startsWith(`${release}/`));
  const notes = releaseNotes(release, heldArtifacts(files, release), previous ? { release: previous, artifacts: heldArtifacts(files, previous) } : undefined);
  return {
    release,
    date,
    previous: previous ?? null,
    template: names.template,
    uiDefinition: names.uiDefinition,
    deploy: deployUrls(fileUrl(baseUrl, names.template), fileUrl(baseUrl, names.uiDefinition)),
    files: [...paths, names.template, names.uiDefinition].filter((p) => files.has(p)).map((p) => feedFile(p, files.get(p)!)),
    releaseNotes: notes,
  };
}

/**
 * Publishes releases to a feed (see the module doc for layout and rules).
 * @throws PublishError when the publish is refused or the feed cannot be read or written; the feed is then unchanged
 */
export function publishFeed(options: PublishOptions): PublishOutcome {
  const fs = options.fs ?? nodeFeedFs;
  const dir = resolve(options.feedDir);
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  let current: Map<string, Buffer>;
  try {
    current = readFeedTree(fs, dir);
  } catch (e) {
    throw new PublishError(codes.HUB413.unreadable({ dir, detail: (e as Error).message }));
  }
  const oldIndex = readIndex(current);
  const baseUrl = options.baseUrl ? normalizeBaseUrl(options.baseUrl) : oldIndex?.baseUrl;
  if (!baseUrl) throw new PublishError(codes.HUB415.raise());

  for (const r of options.releases) {
    const bytes = Buffer.byteLength(r.artifacts.get('azuredeploy.json') ?? '', 'utf8');
    if (bytes > ARM_TEMPLATE_LIMIT_BYTES)
      throw new PublishError(codes.HUB412.raise({ release: r.release, bytes, limit: ARM_TEMPLATE_LIMIT_BYTES }));
  }

  const desired = new Map(current);
  const conflicts: ReleaseConflict[] = [];
  const actions = new Map<string, PublishedRelease['action']>();
  for (const r of options.releases) {
    const files = releaseFiles(r.release, r.artifacts);
    const held = releasePaths(current, r.release);
    const conflict = held.length ? conflictOf(r.release, current, files) : undefined;
    if (held.length && !conflict) {
      actions.set(r.release, 'unchanged');
      continue;
    }
    if (conflict && !options.force) {
      conflicts.push(conflict);
      continue;
    }
    actions.set(r.release, conflict ? 'replaced' : 'added');
    for (const p of held) desired.delete(p);
    for (const [p, data] of files) desired.set(p, data);
  }
  if (conflicts.length) throw new PublishError(codes.HUB411.raise({ conflicts }));

  const releases = feedReleases(desired);
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

  const oldDates = new Map((oldIndex?.releases ?? []).map((r) => [r.release, r.date]));
  const dateOf = (r: string) => {
    const action = actions.get(r);
    if (action === 'added' || action === 'replaced') return options.date ?? today();
    return oldDates.get(r) ?? options.date ?? today();
  };
  const records = releases.map((r, i) => indexRelease(desired, r, i ? releases[i - 1] : undefined, dateOf(r), baseUrl));
  const index: FeedIndex = {
    kind: 'hubc-release-feed',
    baseUrl,
    latest: latest ?? null,
    releases: records.reverse(),
    aliases: latest ? [LATEST.template, LATEST.uiDefinition].filter((p) => desired.has(p)).map((p) => ({ ...feedFile(p, desired.get(p)!), release: latest })) : [],
  };
  desired.set('index.json', Buffer.from(toJsonText(index), 'utf8'));
  desired.set('feed.xml', Buffer.from(atomFeed(index), 'utf8'));
  desired.set('index.html', Buffer.from(feedPage(index), 'utf8'));
  // The hub.yaml schema of the hubc that published, for `# yaml-language-server: $schema=<base URL>schemas/hub.schema.json`.
  desired.set(HUB_SCHEMA_PATH, readFileSync(packagePath('schemas', 'hub.schema.json')));

  const published = options.releases.map((r) => ({ release: r.release, action: actions.get(r.release)!, date: index.releases.find((x) => x.release === r.release)!.date }));
  const sorted = new Map([...desired].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  if (sameFiles(current, sorted)) return { feedDir: dir, changed: false, releases: published, index };
  try {
    replaceFolderAtomically(fs, dir, sorted);
  } catch (e) {
    throw new PublishError(codes.HUB413.unwritable({ dir, detail: (e as Error).message }));
  }
  return { feedDir: dir, changed: true, releases: published, index };
}

