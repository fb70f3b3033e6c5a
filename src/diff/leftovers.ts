/**
 * What deploying build B over a hub deployed from build A leaves behind, in the shape the upgrade notes
 * (./upgrade.ts) and `hubc upgrade-plan` (src/upgrade/) both use: the folded resources of both builds
 * (`declaredResources` of src/build/deployed.ts), A's leftovers, and the components, datasets and hub name
 * they add up to (./components.ts).
 */
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { componentState, removedComponents, removedDatasets, renamedHub, type RemovedComponent, type RemovedDataset } from './components.js';
import { blockingResources, type Blocker } from './blockers.js';
import { declaredResources, leftBehind, type DeclaredResource, type Folded } from '../build/index.js';
import { releaseOf, type LoadedBuild } from '../load/index.js';

/** What deploying B over A leaves behind: the folded resources of both, A's leftovers, and the components and datasets they make up. */
export interface Leftovers {
  /** A's resources and B's, folded (./deployed.ts). */
  ra: DeclaredResource[];
  rb: DeclaredResource[];
  /** A's resources B's deployment leaves in place. */
  left: DeclaredResource[];
  /** Set when B names the hub differently: B is a second hub. */
  renamed?: { from: string; to: string };
  components: RemovedComponent[];
  datasets: RemovedDataset[];
  /** Resources of A that must be deleted before B is deployed (./blockers.ts); none for a renamed hub. */
  blockers: Map<Folded, Blocker>;
  /** Whether A deploys a Data Explorer cluster (or may): its KQL tables hold data only then. */
  dataExplorer: boolean;
}

/**
 * What deploying B over A leaves behind.
 * @param real what is known of each deployment (a saved parameter file's values, the resource group), beyond
 *   the builds' own parameter defaults
 */
export function leftovers(a: LoadedBuild, b: LoadedBuild, real: { a?: ArmEvalContext; b?: ArmEvalContext } = {}): Leftovers {
  const ta = a.build.template;
  const tb = b.build.template;
  const ra = declaredResources(ta, real.a);
  const rb = declaredResources(tb, real.b);
  const left = leftBehind(ra, rb);
  const renamed = renamedHub(ra, rb);
  const dataExplorer = componentState(ta, 'dataExplorer', real.a) !== false;
  const out: Leftovers = {
    ra,
    rb,
    left,
    components: renamed ? [] : removedComponents(ta, tb, left, real),
    datasets: removedDatasets(a.build, b.build, releaseOf(a), dataExplorer),
    dataExplorer,
    blockers: renamed ? new Map() : blockingResources(ra, rb),
  };
  if (renamed) out.renamed = renamed;
  return out;
}
