/**
 * Test data along the release line: tables keyed by the first release a value holds for, so that a release which
 * changes nothing a test pins needs no entry of its own (docs/architecture.md "Adding a release").
 */
import { RELEASE_VERSIONS, type ReleaseVersion } from '../../src/model/releases.js';

/**
 * Every release of the table from `first` on (oldest first) with its value: its own entry in `since`, else its
 * predecessor's. Releases before `first` are not in the result.
 * @throws Error when `first` has no entry (nothing to inherit)
 */
export function alongTheLine<T>(since: Readonly<Partial<Record<string, T>>>, first: ReleaseVersion = RELEASE_VERSIONS[0]): Record<string, T> {
  const line: Record<string, T> = {};
  let value: T | undefined;
  for (const v of releasesFrom(first)) {
    value = Object.hasOwn(since, v) ? since[v] : value;
    if (value === undefined) throw new Error(`no value for release ${v} nor any before it`);
    line[v] = value;
  }
  return line;
}

/** The releases of the table from `first` on (to `last`, inclusive, when given), oldest first. */
export function releasesFrom(first: ReleaseVersion, last?: ReleaseVersion): ReleaseVersion[] {
  const end = last === undefined ? RELEASE_VERSIONS.length : RELEASE_VERSIONS.indexOf(last) + 1;
  return RELEASE_VERSIONS.slice(RELEASE_VERSIONS.indexOf(first), end);
}
