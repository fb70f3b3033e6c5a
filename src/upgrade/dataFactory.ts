/**
 * The Data Factory part of an upgrade:
 * - every trigger of A is stopped before B is deployed: Data Factory refuses to update a started trigger
 *   ("Deployment can fail if you try to update active triggers", Data Factory docs "Automate continuous
 *   integration using Azure Pipelines releases"), and a removed trigger would keep starting A's pipelines;
 * - the objects A has and B does not are deleted, referrers before what they refer to: triggers (before the
 *   deployment, once stopped), then pipelines (a pipeline that runs another first), datasets, linked
 *   services (one that refers to another first). Data Factory refuses to delete an object another object
 *   still refers to, so pipelines, datasets and linked services go after the deployment, once B's objects
 *   no longer refer to them.
 */
import type { DiffResult, Leftovers } from '../diff/index.js';
import { mayBeDeployed, type DeclaredResource } from '../build/index.js';
import type { DataFactoryTarget, UpgradeCitation, UpgradePhase } from './types.js';
import { codes } from '../diagnostics/index.js';
import { isObject, walkJson } from '../util/json.js';

/** A Data Factory step before numbering. */
export interface DataFactoryStep {
  phase: UpgradePhase;
  kind: 'stopTrigger' | 'deleteDataFactoryObject';
  target: DataFactoryTarget;
  why: string;
  cites: UpgradeCitation[];
}

const WORD: Record<DataFactoryTarget['kind'], string> = { triggers: 'trigger', pipelines: 'pipeline', datasets: 'dataset', linkedServices: 'linked service' };

/** Order of deletion by kind. */
const KIND_ORDER: DataFactoryTarget['kind'][] = ['triggers', 'pipelines', 'datasets', 'linkedServices'];

/** Names of the Data Factory objects an object refers to (`referenceName` of pipeline, dataset and linked service references). */
export function referencedObjects(properties: unknown): string[] {
  const out = new Set<string>();
  walkJson(properties, (v) => {
    if (isObject(v) && typeof v.referenceName === 'string' && String(v.type).endsWith('Reference')) out.add(v.referenceName);
  });
  return [...out];
}

/**
 * Orders items so that an item comes before every item it refers to (referrers first); items that do not
 * depend on each other keep their given order. A cycle keeps the given order for its members.
 * @param refs the keys an item refers to
 */
export function referrersFirst<T>(items: readonly T[], key: (t: T) => string, refs: (t: T) => readonly string[]): T[] {
  const keys = new Set(items.map(key));
  // Items still to place; an item can be placed when no remaining item refers to it.
  const left = [...items];
  const out: T[] = [];
  while (left.length) {
    const referred = new Set(left.flatMap((t) => refs(t).filter((r) => r !== key(t) && keys.has(r))));
    const i = left.findIndex((t) => !referred.has(key(t)));
    const [next] = left.splice(i < 0 ? 0 : i, 1);
    out.push(next);
    keys.delete(key(next));
  }
  return out;
}

function target(o: DeclaredResource): DataFactoryTarget {
  const t: DataFactoryTarget = { kind: o.object!.kind, name: o.object!.name };
  // A condition the known values decide is no longer "sometimes".
  if (o.condition !== undefined && o.deployed === 'unknown') t.condition = o.condition;
  return t;
}

/**
 * The stop and delete steps of the Data Factory objects of A against B: every trigger A deploys (or may) is
 * stopped; the objects B's deployment leaves behind are deleted.
 * @param l what deploying B leaves of A (`leftovers` of src/diff/upgrade.ts)
 */
export function dataFactorySteps(l: Leftovers, diff: DiffResult): DataFactoryStep[] {
  const objects = l.ra.filter((r) => r.object && mayBeDeployed(r));
  const left = new Set(l.left);
  const sections = diff.groups.find((g) => g.id === 'dataFactory')?.sections ?? [];
  const changeOf = (kind: string, name: string) => sections.find((s) => s.id === kind)?.items.find((i) => i.name === name)?.change;
  const noteOf = (code: string, name: string) => diff.upgradeNotes.find((n) => n.code === code && n.subject === name);
  const componentOf = (o: DeclaredResource) => l.components.find((c) => c.leftovers.includes(o));
  const cite = (o: DeclaredResource, code: string): UpgradeCitation[] => {
    const name = o.object!.name;
    const note = noteOf(code, name);
    const component = componentOf(o);
    const change = changeOf(o.object!.kind, name) ?? (left.has(o) ? 'not deployed' : 'unchanged');
    return [
      ...(note ? [{ code: note.code, subject: name }] : []),
      ...(component ? [{ code: codes.HUB416.code, subject: component.component }] : []),
      { change: `dataFactory/${o.object!.kind}/${name}: ${change}` },
    ];
  };
  // "has no" when B does not declare the object at all, "does not deploy" when it declares it under a condition false with B's values.
  const lacks = (o: DeclaredResource) => (l.rb.some((x) => x.object?.kind === o.object!.kind && x.object?.name === o.object!.name) ? 'does not deploy' : 'has no');
  const steps: DataFactoryStep[] = [];
  for (const t of objects.filter((o) => o.object!.kind === 'triggers')) {
    const name = t.object!.name;
    const change = changeOf('triggers', name);
    const why = left.has(t)
      ? `{B} ${lacks(t)} trigger ${name}: stopped, it no longer starts {A}'s pipelines, and it can be deleted.`
      : change === 'changed'
        ? `{B} changes trigger ${name}, and Data Factory cannot update a started trigger.`
        : `The deployment puts trigger ${name} again, and Data Factory cannot update a started trigger ({B}'s start-triggers script starts it again).`;
    steps.push({ phase: 'before', kind: 'stopTrigger', target: target(t), why, cites: cite(t, codes.HUB410.code) });
  }
  for (const kind of KIND_ORDER) {
    const removed = objects.filter((o) => o.object!.kind === kind && left.has(o));
    const ordered = referrersFirst(
      removed,
      (o) => o.object!.name,
      (o) => referencedObjects(o.body().properties),
    );
    for (const o of ordered) {
      const name = o.object!.name;
      const referredBy = removed.filter((x) => x !== o && referencedObjects(x.body().properties).includes(name)).map((x) => x.object!.name);
      const why =
        `{B} ${lacks(o)} ${WORD[kind]} ${name}; an incremental deployment leaves it in the factory.` +
        (kind === 'triggers' ? '' : " It is deleted after the deployment, when none of {B}'s objects refers to it any more.") +
        (referredBy.length ? ` It goes after ${referredBy.join(', ')}, which refer${referredBy.length === 1 ? 's' : ''} to it.` : '');
      steps.push({
        phase: kind === 'triggers' ? 'before' : 'after',
        kind: 'deleteDataFactoryObject',
        target: target(o),
        why,
        cites: cite(o, kind === 'triggers' ? codes.HUB410.code : codes.HUB409.code),
      });
    }
  }
  return steps;
}
