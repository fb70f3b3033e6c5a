/**
 * The Data Factory group of a diff: pipelines (with their activities compared one by one), triggers (events,
 * paths, schedules, pipelines started), datasets and linked services.
 *
 * Objects are the ones the ARM template declares (the Build's factory view, src/build/factory.ts), where
 * every object a release can deploy is (with its `condition` when it is deployed only sometimes, e.g. the
 * Data Explorer pipelines); the standalone `datafactory/*.json` files only hold the objects on by the
 * hub.yaml defaults and are compared as files. A pipeline's activities are its activity tree
 * (src/model/activities.ts): containers before what they hold, a Switch's cases (in order) before its
 * default activities.
 */
import { ownActivity, type ActivityNode } from '../model/activities.js';
import { ADF_COLLECTION, type AdfCollection } from '../model/dataFactoryKinds.js';
import type { FactoryObject, FactoryView } from '../build/index.js';
import type { DiffSection, ObjectChange } from './types.js';
import { compareNamed, diffValues, omit, type Named } from './values.js';
import { isObject, type JsonObject } from '../util/json.js';

/** Where an activity sits, as the diff records it: the enclosing activity, with the list that holds it unless that is `activities`. */
function containerOf(node: ActivityNode): string | undefined {
  const parent = node.containers[node.containers.length - 1];
  if (!parent || !node.list) return undefined;
  const name = String(parent.activity.name);
  if (node.list.key === 'cases') return `${name} (case ${JSON.stringify(node.list.caseValue)})`;
  return node.list.key === 'activities' ? name : `${name} (${node.list.key})`;
}

/**
 * The activities of a pipeline, nested ones included, as named values. Inner activity lists are taken out
 * of their container and each activity records its `container` (the enclosing activity, and the Switch case
 * or If Condition branch), so moving an activity shows as a change of that one field.
 * @param activities the pipeline's activity tree (`FactoryObject.activities`, or `activityTree` of src/model/activities.ts)
 */
export function flattenActivities(activities: readonly ActivityNode[]): Named<JsonObject>[] {
  return activities.map((node) => {
    const value = omit(ownActivity(node.activity), 'name');
    const container = containerOf(node);
    if (container !== undefined) value.container = container;
    return { name: String(node.activity.name), value };
  });
}

/** What a trigger is compared on: type, condition, the pipelines it starts and every type property (events, paths, recurrence). */
function triggerView(o: FactoryObject): JsonObject {
  const p = o.properties;
  const pipelines = Array.isArray(p.pipelines)
    ? p.pipelines.map((x) => {
        const ref = isObject(x) && isObject(x.pipelineReference) ? x.pipelineReference : {};
        return { name: String(ref.referenceName), ...(isObject(x) && x.parameters !== undefined ? { parameters: x.parameters } : {}) };
      })
    : [];
  const view: JsonObject = { type: p.type, pipelines, ...(isObject(p.typeProperties) ? p.typeProperties : {}), ...omit(p, 'type', 'pipelines', 'typeProperties') };
  if (o.condition !== undefined) view.condition = o.condition;
  return view;
}

/** The pipelines a trigger starts. */
function triggerPipelines(o: FactoryObject): string[] {
  return (triggerView(o).pipelines as { name: string }[]).map((x) => x.name);
}

/** A pipeline's own properties, activities taken out, with its condition. */
function pipelineView(o: FactoryObject): JsonObject {
  const view = omit(o.properties, 'activities');
  if (o.condition !== undefined) view.condition = o.condition;
  return view;
}

/** Any other object: its properties and condition. */
function plainView(o: FactoryObject): JsonObject {
  return o.condition !== undefined ? { ...o.properties, condition: o.condition } : o.properties;
}

/** Compares the pipelines, triggers, datasets and linked services two builds' templates declare. */
export function compareDataFactory(a: FactoryView, b: FactoryView): DiffSection[] {
  const of = (view: FactoryView, kind: AdfCollection) => view.objects.filter((o) => ADF_COLLECTION[o.kind] === kind).map((o) => ({ name: o.name, value: o }));
  const conditionSummary = (o: FactoryObject) => (o.condition !== undefined ? `when ${typeof o.condition === 'string' ? o.condition : JSON.stringify(o.condition)}` : undefined);
  const pipelines = compareNamed(of(a, 'pipelines'), of(b, 'pipelines'), {
    describe: (o) => {
      const n = o.activities.length;
      return [`${n} activit${n === 1 ? 'y' : 'ies'}`, conditionSummary(o)].filter(Boolean).join(', ');
    },
    compare: (x, y) => {
      const items: ObjectChange[] = compareNamed(flattenActivities(x.activities), flattenActivities(y.activities), {
        describe: (act) => (typeof act.type === 'string' ? act.type : undefined),
      });
      return { changes: diffValues(pipelineView(x), pipelineView(y)), members: { kind: 'activity', items } };
    },
  });
  const triggers = compareNamed(of(a, 'triggers'), of(b, 'triggers'), {
    describe: (o) => [String(o.properties.type), `starts ${triggerPipelines(o).join(', ') || 'nothing'}`, conditionSummary(o)].filter(Boolean).join(', '),
    compare: (x, y) => ({ changes: diffValues(triggerView(x), triggerView(y)) }),
  });
  const plain = (kind: AdfCollection) =>
    compareNamed(of(a, kind), of(b, kind), {
      describe: (o) => [typeof o.properties.type === 'string' ? o.properties.type : undefined, conditionSummary(o)].filter(Boolean).join(', ') || undefined,
      compare: (x, y) => ({ changes: diffValues(plainView(x), plainView(y)) }),
    });
  return [
    { id: 'pipelines', title: 'Pipelines', items: pipelines },
    { id: 'triggers', title: 'Triggers', items: triggers },
    { id: 'datasets', title: 'Datasets', items: plain('datasets') },
    { id: 'linkedServices', title: 'Linked services', items: plain('linkedServices') },
  ];
}
