/**
 * What deploying build B over a hub deployed from build A leaves behind, in the shape the upgrade notes
 * (./upgrade.ts) and `hubc upgrade-plan` (src/upgrade/) both use: the folded resources of both builds
 * (./deployed.ts), A's leftovers, and the components, datasets and hub name they add up to
 * (./components.ts); plus the words that describe resources in notes and steps.
 */
import { readableArm } from '../expressions/arm/readable.js';
import { getRelease, withNaming, type Release } from '../model/releases.js';
import { tryParseJson } from './values.js';
import type { ArmEvalContext } from '../expressions/arm/evaluate.js';
import { componentState, removedComponents, removedDatasets, renamedHub, type RemovedComponent, type RemovedDataset } from './components.js';
import { dataFactoryObjectName } from './dataFactory.js';
import { blockingResources, type Blocker, type Folded } from './blockers.js';
import { declaredResources, leftBehind, mayBeDeployed, type DeclaredResource } from './deployed.js';
import type { DiffInput } from './types.js';
import { isObject, type JsonObject } from '../util/json.js';

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
  // oxlint-disable-next-line hubc/template-through-build -- round two of issue #32 moves this command to the Build
  const t = input.source === 'public' ? undefined : tryParseJson(input.artifacts.get('azuredeploy.json'));
  const recorded = isObject(t) && isObject(t.metadata) ? t.metadata.hubNaming : undefined;
  return withNaming(row, input.source === 'public' || recorded === 'public' ? 'public' : 'spec');
}

/** True when `r` is a child or extension resource of `x` (it goes with it). */
export function isPartOf(r: DeclaredResource, x: DeclaredResource): boolean {
  return r !== x && r.id.toLowerCase().startsWith(`${x.id.toLowerCase()}/`);
}

/** A resource type in words: `Microsoft.Network/privateDnsZones` -> `private DNS zone`. */
export function typeWord(type: string): string {
  const last = type.split('/').pop() ?? type;
  return last
    .replace(/ies$/, 'y')
    .replace(/s$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\bdns\b/, 'DNS');
}

/**
 * The name of a resource as far as known without a deployment (its last segment; parts only a deployment
 * knows as placeholders, `finopsstore{unique}`, src/expressions/arm/readable.ts), or undefined.
 */
export function shortName(r: DeclaredResource): string | undefined {
  const full = r.object ? dataFactoryObjectName(r.display) : readableName(r);
  const name = full.slice(full.lastIndexOf('/') + 1);
  return /^[\w.{}-]+$/.test(name) ? name : undefined;
}

/** The whole name of a resource for people: folded as far as known, the rest as placeholders (`finopsstore{unique}/default`). */
export function readableName(r: Pick<DeclaredResource, 'display'>): string {
  return readableArm(r.display);
}

/**
 * Resources in words, each once with its name (`private endpoint myadx-ep`), unnamed ones of one type
 * counted (`2 role assignments`); with `parts`, what belongs to each is counted after it
 * (`managed virtual network default with its 3 managed private endpoints`).
 */
export function describeResources(list: readonly DeclaredResource[], parts: readonly DeclaredResource[] = []): string[] {
  const out: string[] = [];
  const unnamed = new Map<string, number>();
  for (const r of list) {
    const name = shortName(r);
    const own = parts.filter((x) => isPartOf(x, r));
    const ownText = own.length ? ` with its ${countWords(own.map((x) => typeWord(x.type)))}` : '';
    if (name) out.push(`${typeWord(r.type)} ${name}${ownText}`);
    else if (ownText) out.push(`a ${typeWord(r.type)}${ownText}`);
    else unnamed.set(typeWord(r.type), (unnamed.get(typeWord(r.type)) ?? 0) + 1);
  }
  for (const [word, n] of unnamed) out.push(n === 1 ? `a ${word}` : `${n} ${word}s`);
  return out;
}

/** Words counted: `['a', 'a', 'b']` -> `2 as and b`. */
function countWords(words: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const items = [...counts].map(([w, n]) => (n === 1 ? w : `${n} ${w}s`));
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The leftovers that are not part of another leftover, each with the types of the parts that go with it. */
export function topLevel(left: readonly DeclaredResource[]): { r: DeclaredResource; parts: string[] }[] {
  return left.filter((r) => !left.some((x) => isPartOf(r, x))).map((r) => ({ r, parts: [...new Set(left.filter((x) => isPartOf(x, r)).map((x) => `${typeWord(x.type)}s`))] }));
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
  if (typeof value === 'string') {
    const v = value.toLowerCase();
    return ids.some((id) => v === id || v.startsWith(`${id}/`));
  }
  if (Array.isArray(value)) return value.some((v) => refersToAny(v, ids));
  if (isObject(value)) return Object.values(value).some((v) => refersToAny(v, ids));
  return false;
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
export function leftovers(a: DiffInput, b: DiffInput, ta: JsonObject, tb: JsonObject, real: { a?: ArmEvalContext; b?: ArmEvalContext } = {}): Leftovers {
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
    datasets: removedDatasets(a.artifacts, b.artifacts, releaseOf(a), dataExplorer),
    dataExplorer,
    blockers: renamed ? new Map() : blockingResources(ra, rb),
  };
  if (renamed) out.renamed = renamed;
  return out;
}
