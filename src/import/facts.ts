/**
 * Telling a hub's release and naming from what `hubc import` finds: the `ftk-version` tags of its
 * resources (the release table's `publicRelease.ftkVersions`), the trigger names of its factory (for the
 * `placeholder` version 0.1, 0.1.1 and 0.2 recorded), the parameter names of a saved parameter file, the
 * `version` of its settings.json; and whether its resources carry the public release's names or the
 * specification's (`src/model/naming.ts`).
 */
import { getRelease, parameterName, publicParameterName, RELEASE_VERSIONS, type Release, type ReleaseVersion } from '../model/releases.js';
export { namingOfNames } from '../public/index.js';

/** Releases whose public resources carry this `ftk-version` tag value (several for `placeholder`). */
export function releasesOfTag(tag: string): ReleaseVersion[] {
  const carried = (r: Release) => [r.ftkVersion, ...r.publicRelease.ftkVersions, ...(r.publicRelease.alsoPublishedAs ?? []).flatMap((f) => f.ftkVersions)];
  const hits = RELEASE_VERSIONS.filter((v) => carried(getRelease(v)).includes(tag));
  return [...new Set(hits)];
}

/** The releases among `candidates` whose export trigger (public names) is one of `triggers`. */
export function releasesOfTriggers(candidates: readonly ReleaseVersion[], triggers: readonly string[]): ReleaseVersion[] {
  const has = new Set(triggers.map((t) => t.toLowerCase()));
  return candidates.filter((v) => publicExportTriggers(getRelease(v)).some((t) => has.has(t.toLowerCase())));
}

/** The export trigger names of a release under public naming (`msexports`, `msexports_FileAdded`, ...). */
function publicExportTriggers(r: Release): string[] {
  const from = r.exportContainer;
  const to = r.namingRules.public.exportContainer;
  const t = r.triggers.exportAdded;
  return t ? [t.startsWith(from) ? to + t.slice(from.length) : t] : [];
}

/**
 * The releases a saved parameter file can belong to: those whose public template declares every parameter
 * it sets (names compared without regard to case, as ARM does), else those whose hubc template does.
 */
export function releasesOfParameterNames(names: readonly string[]): ReleaseVersion[] {
  const lower = names.map((n) => n.toLowerCase());
  const declares = (declared: (r: Release) => (string | undefined)[]) =>
    RELEASE_VERSIONS.filter((v) => {
      const set = new Set(declared(getRelease(v)).map((n) => n?.toLowerCase()));
      return lower.every((n) => set.has(n));
    });
  const byPublic = declares((r) => [...r.parameters.map((k) => publicParameterName(r, k)), ...Object.keys(r.publicRelease.extraParameters ?? {})]);
  return byPublic.length ? byPublic : declares((r) => r.parameters.map((k) => parameterName(r, k)));
}

/** Parameter names only hubc's template of a release uses (a file that sets one was written for hubc). */
export function hubcOnlyNames(release: Release): string[] {
  return release.parameters.map((k) => parameterName(release, k)).filter((n) => !release.parameters.some((k) => publicParameterName(release, k) === n));
}
