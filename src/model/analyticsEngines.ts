/**
 * The analytics engines a hub sends its converted data to beside its own data lake: an Azure Data Explorer
 * cluster, a Microsoft Fabric eventhouse, or another hub's data lake (a remote hub); or none (storage only).
 * From release 14 a hub has one (release behaviour `oneAnalyticsEngine`): the portal form asks for it with one
 * choice (public 14.0: `analyticsBackend.analyticsEngine`, releases-0.9-14.md §1.6 "UI"; #1929), and hub.yaml
 * sets at most one (HUB270).
 *
 * Each engine's module contributes its option of the form's choice and its elements
 * (`Contribution.formEngine`, `FormContribution.engine` in src/modules/types.ts); a module a release lacks
 * contributes nothing, so the choice offers only the engines the release has.
 */
import type { ReleaseFeature } from './releases.js';

/** An analytics engine. */
export type AnalyticsEngine = 'dataExplorer' | 'fabric' | 'remoteHub';

/** The engines in the order the form offers them (after none). */
export const ANALYTICS_ENGINES: readonly AnalyticsEngine[] = ['dataExplorer', 'fabric', 'remoteHub'];

/** The form's value of the choice for no engine: the data stays in the hub's storage (Power BI reads it there). */
export const NO_ANALYTICS_ENGINE = 'none';

/**
 * Where hub.yaml chooses an engine: the field whose non-empty value chooses it, and the capability the release
 * needs for it.
 */
export const ANALYTICS_ENGINE_FIELDS: Readonly<Partial<Record<AnalyticsEngine, { feature: ReleaseFeature; path: readonly string[] }>>> = {
  dataExplorer: { feature: 'dataExplorer', path: ['dataExplorer', 'name'] },
  fabric: { feature: 'fabric', path: ['fabric', 'queryUri'] },
  remoteHub: { feature: 'remoteHub', path: ['remoteHub', 'storageUri'] },
};
