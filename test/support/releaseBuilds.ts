/**
 * Builds of whole releases for diff and publish tests, compiled once per test file (cached by release).
 *
 * `previousOf07()` is the build 0.6 -> 0.7 expectations compare against. hubc builds only 0.7 until the
 * releases 0.1-0.6 land (issue #9); until then it is a STAND-IN: the default hub compiled for 0.7 with the
 * release row's Data Explorer capability, parameters and outputs taken out, which is
 * how 0.6 differs from 0.7 on the points the expectations name (/work/shared/reference/versions.md §6.1, §7.2, §7.6).
 * As soon as RELEASE_VERSIONS includes 0.6 it is the real 0.6 build, with no change to the tests.
 */
import { compile, compileModel, loadModel } from '../../src/compiler/compile.js';
import { RELEASE_VERSIONS } from '../../src/model/releases.js';
import type { LoadedBuild } from '../../src/load/index.js';
import { fromFiles, type Build } from '../../src/build/index.js';
import { DEFAULT_HUB_YAML } from './hubs.js';

const cache = new Map<string, Map<string, string>>();

/** The default hub compiled for `release` (cached). */
export function releaseBuild(release: string, text = DEFAULT_HUB_YAML): Map<string, string> {
  const key = `${release}\u0000${text}`;
  let artifacts = cache.get(key);
  if (!artifacts) {
    const r = compile(text, { release });
    if (!r.release) throw new Error(`release ${release} does not compile:\n${r.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n')}`);
    artifacts = r.artifacts;
    cache.set(key, artifacts);
  }
  return artifacts;
}

/** The Build of the default hub (or `text`) compiled for `release` (its files cached). */
export function releaseBuildOf(release: string, text = DEFAULT_HUB_YAML): Build {
  return fromFiles({ release, source: 'compile', files: releaseBuild(release, text) });
}

/** A diff input of a release build. */
export function releaseInput(release: string, text = DEFAULT_HUB_YAML): LoadedBuild {
  return { label: release, source: 'release', release, build: releaseBuildOf(release, text) };
}

/** The Data Explorer parameters 0.7 added (versions.md §7.1 against §6.1). */
export const DATA_EXPLORER_PARAMETERS = [
  'dataExplorerName',
  'dataExplorerSkuName',
  'dataExplorerSkuTier',
  'dataExplorerSkuCapacity',
  'dataExplorerLogRetentionInDays',
  'dataExplorerFinalRetentionInMonths',
];

/** The Data Explorer outputs 0.7 added (versions.md §7.2 against §4.2). */
export const DATA_EXPLORER_OUTPUTS = ['clusterId', 'clusterUri', 'ingestionDbName', 'hubDbName'];

let standIn: Map<string, string> | undefined;

/** The build before 0.7: the real 0.6 when hubc builds it, else the stand-in described in the module doc. */
export function previousOf07(): LoadedBuild & { standIn: boolean } {
  if ((RELEASE_VERSIONS as readonly string[]).includes('0.6')) return { ...releaseInput('0.6'), standIn: false };
  if (!standIn) {
    const { model } = loadModel(DEFAULT_HUB_YAML);
    const row = model!.release;
    const release = {
      ...row,
      features: new Set([...row.features].filter((f) => f !== 'dataExplorer')),
      parameters: row.parameters.filter((p) => !(DATA_EXPLORER_PARAMETERS as readonly string[]).includes(p)),
      outputs: row.outputs.filter((o) => !(DATA_EXPLORER_OUTPUTS as readonly string[]).includes(o)),
    };
    standIn = compileModel({ ...model!, release }).artifacts;
  }
  return { label: '0.6', source: 'release', release: '0.6', build: fromFiles({ release: '0.6', source: 'compile', files: standIn }), standIn: true };
}
