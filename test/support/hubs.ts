/**
 * Test helpers: hub.yaml texts and cached compiles, so expensive work runs once per test file.
 */
import { readFileSync } from 'node:fs';
import { parse, stringify } from 'yaml';
import { compile, loadModel, type CompileResult } from '../../src/compiler/compile.js';
import type { HubModel } from '../../src/model/hub.js';
import { behaves, getRelease, has, type Release } from '../../src/model/releases.js';

/** The repository's default hub.yaml. */
export const DEFAULT_HUB_YAML = readFileSync(new URL('../../hub.yaml', import.meta.url), 'utf8');

/**
 * hub.yaml text with some top-level sections replaced, e.g. `hubYaml({ dataExplorer: { name: 'myadx' } })`
 * keeps everything else at the default.
 */
export function hubYaml(overrides: Record<string, unknown> = {}, base = DEFAULT_HUB_YAML): string {
  return stringify({ ...parse(base), ...overrides });
}

/** The resolved model of a hub.yaml text; throws on diagnostics. */
export function modelOf(text: string = DEFAULT_HUB_YAML): HubModel {
  const { model, diagnostics } = loadModel(text);
  if (!model) throw new Error(diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return model;
}

/** The default hub's model with top-level members replaced. */
export function hubModel(patch: Partial<HubModel> = {}): HubModel {
  return { ...modelOf(), ...patch };
}

const cache = new Map<string, CompileResult>();

/** Compiles (cached by text) and throws when there are errors. */
export function compiled(text: string = DEFAULT_HUB_YAML): CompileResult {
  let r = cache.get(text);
  if (!r) {
    r = compile(text);
    cache.set(text, r);
  }
  if (!r.release) throw new Error(`compile failed:\n${r.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
  return r;
}

/** The parsed azuredeploy.json of a compile. */
export function templateOf(r: CompileResult): any {
  return JSON.parse(r.artifacts.get('azuredeploy.json')!);
}

/**
 * True when {@link fullHubYaml} switches the remote hub on: a release with it, unless the release sends the data to
 * one analytics engine (14: `oneAnalyticsEngine`) and Data Explorer is that engine.
 */
export const fullHubHasRemoteHub = (release: Release): boolean => has(release, 'remoteHub') && !(behaves(release, 'oneAnalyticsEngine') && has(release, 'dataExplorer'));

/**
 * hub.yaml text for a release with every optional component the release has switched on (a Data Explorer
 * cluster, a remote hub where the release allows both: {@link fullHubHasRemoteHub}) and a scope, and without the sections it lacks, so conditional objects are built.
 * Datasets are left to the release's defaults.
 */
export function fullHubYaml(version: string, extra: Record<string, unknown> = {}): string {
  const release = getRelease(version);
  const doc = parse(DEFAULT_HUB_YAML) as Record<string, unknown>;
  delete doc.datasets;
  for (const key of ['dataExplorer', 'networking', 'customDatasets'] as const) if (!has(release, key === 'networking' ? 'privateNetworking' : 'dataExplorer')) delete doc[key];
  if (!has(release, 'managedExports')) delete doc.schedules;
  if (!fullHubHasRemoteHub(release)) delete doc.remoteHub;
  if (!has(release, 'eventGridRegistration')) delete (doc.hub as Record<string, unknown>).eventGridLocation;
  const retention = doc.retention as Record<string, unknown>;
  if (!has(release, 'dataExplorer')) for (const k of ['dataExplorerLogDays', 'dataExplorerFinalMonths']) delete retention[k];
  if (!has(release, 'retentionSettings')) for (const k of ['rawExportsDays', 'ingestionMonths']) delete retention[k];
  return stringify({
    ...doc,
    release: version,
    ...(has(release, 'dataExplorer')
      ? { dataExplorer: { name: 'hubadx', sku: { name: 'Dev(No SLA)_Standard_E2a_v4', tier: 'Basic', capacity: 1 }, databases: { ingestion: 'Ingestion', hub: 'Hub' } } }
      : {}),
    ...(fullHubHasRemoteHub(release) ? { remoteHub: { storageUri: 'https://otherhubstore.dfs.core.windows.net/' } } : {}),
    scopes: ['/subscriptions/00000000-0000-0000-0000-0000000000a1'],
    ...extra,
  });
}
