/**
 * What a hub release is called, and the one order of releases.
 *
 * A release's id (`Release.version`, the key of the release table) is the name of the public FinOps toolkit's
 * git tag without its `v`: `0.8`, `0.11`, then `12`, `13` and on. The public line dropped the `0.` at 12
 * ("Instead of '0.12' ... version '12' of the toolkit as a whole", announce/2025/2025-08_v12.md), so release 12
 * has more names than its id: the version string its hub records in `ftk-version` tags and settings.json
 * (`12.0`), and the public files it was published as (`finops-hub-12.0.json`, and `finops-hub-0.12.json` whose
 * resources say `0.12`; releases-0.9-14.md §0 item 2, §1.4). Every one of these names designates release 12
 * here ({@link parseRelease}), so `release: "12.0"` in hub.yaml, `--release 0.12`, an `ftk-version` tag
 * `0.12` or a feed folder `12` all mean the same row.
 *
 * Releases are ordered by the release table, never by reading a version as a number or comparing strings:
 * `0.12` and `12` are the same release, `0.9` comes before `0.10`, and a future row goes where the table puts
 * it ({@link compareReleases}).
 */
import { getRelease, RELEASE_VERSIONS, type Release, type ReleaseVersion } from './releases.js';

/** A version-like name: digits and dots, an optional leading `v` (a git tag). */
const VERSION_LIKE = /^v?[0-9]+(\.[0-9]+)*$/;

/**
 * Every name a release goes by, its id first: the version its hub records, the versions of the public
 * template files it was published as and the `ftk-version` tag values their resources carry (`placeholder`,
 * which 0.1 and 0.2 recorded, is no name).
 */
export function releaseNames(release: Release): string[] {
  const pub = release.publicRelease;
  const names = [release.version, release.ftkVersion, pub.template, ...pub.ftkVersions, ...(pub.alsoPublishedAs ?? []).flatMap((f) => [f.template, ...f.ftkVersions])];
  return [...new Set(names.filter((n) => VERSION_LIKE.test(n)))];
}

/**
 * The release a name designates: any of {@link releaseNames} of a row, or its git tag (`v12`); failing
 * those, the name with its last numeric parts dropped one by one (a patch such as `0.8.1` is release 0.8).
 * @param name what a user, a tag, a folder or a file name says (`12`, `12.0`, `0.12`, `v0.8`, `0.2.1`)
 * @returns the release id, or undefined when no row goes by the name
 */
export function parseRelease(name: string): ReleaseVersion | undefined {
  const text = name.trim();
  if (!VERSION_LIKE.test(text)) return undefined;
  const bare = text.replace(/^v/, '');
  const index = nameIndex();
  const parts = bare.split('.');
  for (let n = parts.length; n >= 1; n--) {
    const hit = index.get(parts.slice(0, n).join('.'));
    if (hit) return hit;
  }
  return undefined;
}

/**
 * The release a name designates exactly: one of its {@link releaseNames} or its git tag, no patch (what a user
 * writes: hub.yaml `release:`, `--release`, a `hubc diff` argument, where `0.8.1` may be a folder's name).
 */
export function releaseNamed(name: string): ReleaseVersion | undefined {
  const text = name.trim();
  return VERSION_LIKE.test(text) ? nameIndex().get(text.replace(/^v/, '')) : undefined;
}

/**
 * What a name other than the id is to its release, in words (`the version string hub release 12 records`,
 * `the version of the public file finops-hub-0.12.json`), for messages; undefined for the id itself.
 */
export function nameMeaning(release: Release, name: string): string | undefined {
  const bare = name.trim().replace(/^v/, '');
  if (bare === release.version) return name.trim().startsWith('v') ? 'the git tag' : undefined;
  const pub = release.publicRelease;
  const file = [pub, ...(pub.alsoPublishedAs ?? [])].find((f) => f.template === bare);
  if (file && file !== pub) return `the version of the public file finops-hub-${file.template}.json`;
  if (bare === release.ftkVersion) return 'the version string (ftk-version)';
  if (file) return `the version of the public file finops-hub-${file.template}.json`;
  return 'the ftk-version a public file records';
}

/** The name -> release id index, rebuilt when the table's rows change (a test's injected rows). */
function nameIndex(): Map<string, ReleaseVersion> {
  const key = RELEASE_VERSIONS.join('|');
  if (cached?.key === key) return cached.index;
  const index = new Map<string, ReleaseVersion>();
  // The newest row that goes by a name wins; ids first, so an id is never taken by another row's alias.
  for (const v of RELEASE_VERSIONS) for (const n of releaseNames(getRelease(v))) if (!index.has(n) || n === v) index.set(n, v);
  for (const v of RELEASE_VERSIONS) index.set(v, v);
  cached = { key, index };
  return index;
}

let cached: { key: string; index: Map<string, ReleaseVersion> } | undefined;

/** The position of a release in the table (oldest 0), or -1 when no row goes by the name. */
export function releaseIndex(name: string | undefined): number {
  const id = name === undefined ? undefined : parseRelease(name);
  return id === undefined ? -1 : RELEASE_VERSIONS.indexOf(id);
}

/**
 * Orders two release names by the release table: negative when `a` is older. Names of the same release
 * (`12`, `12.0`, `0.12`) are equal unless they name different patches of it (`0.8` before `0.8.1`). A name no
 * row goes by comes after every release of the table (a feed written by a newer hubc holds releases this one
 * does not know), and such names among themselves by their numeric parts; a name that is not version-like
 * comes last, by code points.
 */
export function compareReleases(a: string, b: string): number {
  const ia = releaseIndex(a);
  const ib = releaseIndex(b);
  const rank = (i: number, name: string) => (i >= 0 ? i : VERSION_LIKE.test(name) ? RELEASE_VERSIONS.length : RELEASE_VERSIONS.length + 1);
  const d = rank(ia, a) - rank(ib, b);
  if (d) return d;
  if (!VERSION_LIKE.test(a) || !VERSION_LIKE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  if (ia >= 0 && sameRelease(a, b)) return 0;
  return compareParts(a, b);
}

/** True when two names designate the same release by one of its names (not a patch of it). */
function sameRelease(a: string, b: string): boolean {
  const row = getRelease(parseRelease(a)!);
  const names = releaseNames(row);
  const bare = (n: string) => n.trim().replace(/^v/, '');
  return names.includes(bare(a)) && names.includes(bare(b));
}

/** Numeric parts compared one by one (`1.2` before `1.10`); missing parts count as 0. */
function compareParts(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split('.').map(Number);
  const pb = b.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** The names sorted oldest first by {@link compareReleases} (a new array). */
export function sortReleases<T extends string>(names: Iterable<T>): T[] {
  return [...names].sort(compareReleases);
}

/**
 * The public FinOps toolkit's git tag of a release (`v0.8`, `v12`): `v` and its id, by the definition of the
 * id. Release assets (the open-data CSV files) are downloaded from
 * `https://github.com/microsoft/finops-toolkit/releases/download/<tag>/`; the public 12.0 built the tag from
 * its version string (`v12.0`), a tag that does not exist (#1885).
 */
export function releaseTag(release: Release): string {
  return `v${release.version}`;
}

/**
 * Where a toolkit release's open data files (`<Table>.csv`: PricingUnits, Regions, ResourceTypes, Services) are
 * downloaded from: `https://github.com/microsoft/finops-toolkit/releases/download/<tag>/`, the tag of
 * {@link releaseTag}. `config_InitializeHub` loads them from here, and the upgrade note of a changed tag form
 * (HUB444) says so.
 */
export function openDataBaseUrl(release: Release): string {
  return `https://github.com/microsoft/finops-toolkit/releases/download/${releaseTag(release)}/`;
}

/**
 * The form of a release tag, digits replaced by `N`: `vN.N` (`v0.11`, and the `v12.0` the public 12.0 wrote),
 * `vN` (`v12` on). The public line's tags change form at 12 (`0.11` -> `12`); a change of form between two
 * releases is what an upgrade note about the open data's source reports (a new number alone is not news).
 */
export function tagForm(tag: string): string {
  return tag.replace(/\d+/g, 'N');
}
