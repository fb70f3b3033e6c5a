/**
 * What an upgrade means for the Cost Management exports a hub creates itself (`config_ConfigureExports`,
 * release feature `managedExports`), when B creates them for the scopes of its settings.json:
 * - A created none (0.1-0.3, or managed exports off): the Data Factory identity needs the cost role on each
 *   scope, which a resource-group deployment cannot grant (docs/hub-yaml.md "Managed exports"), and the
 *   exports that delivered into A's export container were the owner's, which B's own now duplicate (HUB457);
 * - the exports B asks Cost Management for differ from A's (other exports, versions or bodies, other scopes): B's
 *   deployment runs `config_ConfigureExports` once after it starts the triggers (src/modules/dataFactory), which
 *   creates or updates them (HUB458); when A created none, that run comes before the owner can grant the role, so
 *   the pipeline is run again once the role is there (HUB457).
 * Made from the two Builds and the release row of B (the pipeline's name); the upgrade notes (./upgrade.ts) and
 * the plan's steps (src/upgrade/managedExports.ts) come from this one comparison.
 */
import { isDeepStrictEqual } from 'node:util';
import { mayBeDeployed, type Build, type DeclaredResource } from '../build/index.js';
import { getRelease, RELEASE_VERSIONS } from '../model/releases.js';
import { isRbacScope } from '../model/grants.js';
import { isObject, walkJson } from '../util/json.js';
import type { LoadedBuild } from '../load/index.js';
import type { Leftovers } from './leftovers.js';

/** The managed-export side of an upgrade (see the module doc). */
export interface ManagedExportChange {
  /** The pipeline that creates the exports, `config_ConfigureExports`. */
  pipeline: string;
  /** The scopes of B's settings.json: Azure RBAC scopes (the cost role by `az role assignment create`) and billing scopes (a billing role). */
  rbacScopes: string[];
  billingScopes: string[];
  /**
   * A created no exports itself: the role to grant, the owner's own exports (HUB457); otherwise the exports B creates
   * differ from A's, and the deployment's run of the pipeline changes them (HUB458).
   */
  firstTime: boolean;
  /** How the pipeline file and settings.json differ, as the diff's changes. */
  changes: string[];
}

/** The scopes of a build's `config/settings.json` (`scopes` entries as strings or `{ scope }`), in order. */
function settingsScopes(build: Build): string[] {
  const settings = build.json('config/settings.json');
  const list = isObject(settings) && Array.isArray(settings.scopes) ? settings.scopes : [];
  return list.map((s) => (isObject(s) ? s.scope : s)).filter((s): s is string => typeof s === 'string');
}

/** True when folded resources deploy (or may deploy) the pipeline. */
const deploys = (resources: readonly DeclaredResource[], pipeline: string) =>
  resources.some((r) => r.object?.kind === 'pipelines' && r.object.name === pipeline && mayBeDeployed(r));

/**
 * The export requests of a build's pipeline: each PUT activity's URL and body, sorted (what Cost Management is
 * asked to create; the other activities and the headers, which name the release, change no export).
 */
function exportRequests(build: Build, pipeline: string): string[] {
  const out: string[] = [];
  walkJson(build.factory.get('pipeline', pipeline)?.properties, (v) => {
    if (isObject(v) && v.type === 'WebActivity' && isObject(v.typeProperties) && v.typeProperties.method === 'PUT')
      out.push(JSON.stringify([v.typeProperties.url, v.typeProperties.body]));
  });
  return out.sort();
}

/** The managed-export side of an upgrade from A to B, or undefined when B creates no exports (or nothing about them changes). */
export function managedExportChange(a: LoadedBuild, b: LoadedBuild, l: Leftovers): ManagedExportChange | undefined {
  const pipeline = b.release && (RELEASE_VERSIONS as readonly string[]).includes(b.release) ? getRelease(b.release).pipelines.configureExports : undefined;
  if (!pipeline || l.renamed || !deploys(l.rb, pipeline)) return undefined;
  const scopes = settingsScopes(b.build);
  if (!scopes.length) return undefined;
  const firstTime = !deploys(l.ra, pipeline);
  const scopesChanged = !isDeepStrictEqual(settingsScopes(a.build), scopes);
  const requestsChanged = !isDeepStrictEqual(exportRequests(a.build, pipeline), exportRequests(b.build, pipeline));
  if (!firstTime && !scopesChanged && !requestsChanged) return undefined;
  const inA = a.build.factory.get('pipeline', pipeline);
  const changes = [`dataFactory/pipelines/${pipeline}: ${!inA ? 'added' : requestsChanged ? 'changed' : 'unchanged'}`];
  if (scopesChanged) changes.push('config/files/config/settings.json: changed');
  return { pipeline, rbacScopes: scopes.filter(isRbacScope), billingScopes: scopes.filter((s) => !isRbacScope(s)), firstTime, changes };
}
