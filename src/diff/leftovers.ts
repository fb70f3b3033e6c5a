/**
 * What deploying build B over a hub deployed from build A leaves behind, in the shape the upgrade notes
 * (./upgrade.ts) and `hubc upgrade-plan` (src/upgrade/) both use: the folded resources of both builds
 * (`declaredResources` of src/build/deployed.ts), A's leftovers, and the components, datasets and hub name
 * they add up to (./components.ts).
 */
import { getRelease, withNaming, type Release } from '../model/releases.js';
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { componentState, removedComponents, removedDatasets, renamedHub, type RemovedComponent, type RemovedDataset } from './components.js';
import { blockingResources, type Blocker, type Folded } from './blockers.js';
import { declaredResources, leftBehind, mayBeDeployed, type DeclaredResource } from '../build/index.js';
import type { DiffInput } from './types.js';
import { walkJson } from '../util/json.js';

/**
 * The release row of a build, when hubc knows the release, with the build's naming rules: those of the
 * public release for a public template or a build whose template records `metadata.hubNaming: public`.
 */
export function releaseOf(input: DiffInput): Release | undefined {
  let row: Release;
  try {
    if (!input.release) return undefined;
    row = getRelease(input.release);
  } catch {
    return undefined;
  }
  const recorded = input.source === 'public' ? undefined : input.build.template.metadata.hubNaming;
  return withNaming(row, input.source === 'public' || recorded === 'public' ? 'public' : 'spec');
}


/**
 * Resources A and B both deploy under one ID whose properties in A refer to a resource of A that B leaves
 * behind: B points them elsewhere (with a renamed hub, the private DNS zones' links to A's network).
 */
export function sharedResources(ra: readonly DeclaredResource[], rb: readonly DeclaredResource[], left: readonly DeclaredResource[]): DeclaredResource[] {
  const inB = new Set(rb.filter(mayBeDeployed).map((r) => r.id.toLowerCase()));
  const leftIds = left.map((r) => r.id.toLowerCase());
  return ra.filter((r) => inB.has(r.id.toLowerCase()) && refersToAny(r.body().properties, leftIds));
}

/** True when a value holds (as a string anywhere inside) one of the IDs or the ID of a part of one (a subnet of a network). */
function refersToAny(value: unknown, ids: readonly string[]): boolean {
  let found = false;
  walkJson(value, (v) => {
    if (found) return false;
    if (typeof v !== 'string') return;
    const text = v.toLowerCase();
    found = ids.some((id) => text === id || text.startsWith(`${id}/`));
  });
  return found;
}

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
export function leftovers(a: DiffInput, b: DiffInput, real: { a?: ArmEvalContext; b?: ArmEvalContext } = {}): Leftovers {
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

