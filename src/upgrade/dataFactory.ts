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
import { dataFactoryObjects, type DataFactoryObject } from '../diff/dataFactory.js';
import type { DiffResult } from '../diff/types.js';

import type { DataFactoryTarget, UpgradeCitation, UpgradePhase } from './types.js';
import { codes } from '../diagnostics/index.js';
import { isObject, type JsonObject } from '../util/json.js';

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
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      if (typeof v.referenceName === 'string' && /Reference$/.test(String(v.type))) out.add(v.referenceName);
      Object.values(v).forEach(walk);
    }
  };
  walk(properties);
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

function target(o: DataFactoryObject): DataFactoryTarget {
  const t: DataFactoryTarget = { kind: o.kind, name: o.name };
  if (o.condition !== undefined) t.condition = typeof o.condition === 'string' ? o.condition : JSON.stringify(o.condition);
  return t;
}

/** The stop and delete steps of the Data Factory objects of A (template `ta`) against B, from the diff. */
export function dataFactorySteps(ta: JsonObject, diff: DiffResult): DataFactoryStep[] {
  const objects = dataFactoryObjects(ta);
  const sections = diff.groups.find((g) => g.id === 'dataFactory')?.sections ?? [];
  const changeOf = (kind: string, name: string) => sections.find((s) => s.id === kind)?.items.find((i) => i.name === name)?.change;
  const noteOf = (name: string) => diff.upgradeNotes.find((n) => n.code === codes.HUB410.code && n.subject === name);
  const steps: DataFactoryStep[] = [];
  for (const t of objects.filter((o) => o.kind === 'triggers')) {
    const change = changeOf('triggers', t.name);
    const note = noteOf(t.name);
    const cites: UpgradeCitation[] = [];
    if (note) cites.push({ code: note.code, subject: t.name });
    cites.push({ change: `dataFactory/triggers/${t.name}: ${change ?? 'unchanged'}` });
    const why =
      change === 'removed'
        ? `{B} has no trigger ${t.name}: stopped, it no longer starts {A}'s pipelines, and it can be deleted.`
        : change === 'changed'
          ? `{B} changes trigger ${t.name}, and Data Factory cannot update a started trigger.`
          : `The deployment puts trigger ${t.name} again, and Data Factory cannot update a started trigger ({B}'s start-triggers script starts it again).`;
    steps.push({ phase: 'before', kind: 'stopTrigger', target: target(t), why, cites });
  }
  for (const kind of KIND_ORDER) {
    const removed = objects.filter((o) => o.kind === kind && changeOf(kind, o.name) === 'removed');
    const ordered = referrersFirst(removed, (o) => o.name, (o) => referencedObjects(o.properties));
    for (const o of ordered) {
      const note = kind === 'triggers' ? noteOf(o.name) : diff.upgradeNotes.find((n) => n.code === codes.HUB409.code && n.subject === o.name);
      const cites: UpgradeCitation[] = [];
      if (note) cites.push({ code: note.code, subject: o.name });
      cites.push({ change: `dataFactory/${kind}/${o.name}: removed` });
      const referredBy = removed.filter((x) => x !== o && referencedObjects(x.properties).includes(o.name)).map((x) => x.name);
      const why =
        `{B} has no ${WORD[kind]} ${o.name}; an incremental deployment leaves it in the factory.` +
        (kind === 'triggers' ? '' : ' It is deleted after the deployment, when none of {B}\'s objects refers to it any more.') +
        (referredBy.length ? ` It goes after ${referredBy.join(', ')}, which refer${referredBy.length === 1 ? 's' : ''} to it.` : '');
      steps.push({ phase: kind === 'triggers' ? 'before' : 'after', kind: 'deleteDataFactoryObject', target: target(o), why, cites });
    }
  }
  return steps;
}
