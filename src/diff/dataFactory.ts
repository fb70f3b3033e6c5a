/**
 * The Data Factory group of a diff: pipelines (with their activities compared one by one), triggers (events,
 * paths, schedules, pipelines started), datasets and linked services.
 *
 * Objects are read from the ARM template, where every object a release can deploy is declared (with its
 * `condition` when it is deployed only sometimes, e.g. the Data Explorer pipelines); the standalone
 * `datafactory/*.json` files only hold the objects on by the hub.yaml defaults and are compared as files.
 * An object's name is the last segment of its resource name expression (`format('{0}/{1}',
 * variables('dataFactoryName'), 'storage')` gives `storage`).
 */
import { parseArmString } from '../expressions/arm/semantics.js';
import { serializeArm, type ArmExpr } from '../expressions/arm/ast.js';
import type { DiffSection, ObjectChange } from './types.js';
import { DATA_FACTORY_OBJECT_TYPES, resourcesOf } from './template.js';
import { compareNamed, diffValues, omit, type Named } from './values.js';
import { isObject, type JsonObject } from '../util/json.js';

/** Data Factory object kinds, as the sections name them. */
export type DataFactoryKind = 'pipelines' | 'triggers' | 'datasets' | 'linkedServices';

/** One Data Factory object declared in a template. */
export interface DataFactoryObject {
  kind: DataFactoryKind;
  /** Object name inside the factory. */
  name: string;
  /** ARM `condition` of the resource, when it has one. */
  condition?: unknown;
  /** The resource's `properties` (the object definition). */
  properties: JsonObject;
}

/** Text of an argument of a name expression: a literal's value, else the expression as written. */
function segmentText(e: ArmExpr): string {
  return e.kind === 'string' ? e.value : serializeArm(e);
}

/**
 * The object name in a Data Factory child resource name: the last `/` segment of a literal, the last argument
 * of `format(...)`, or the part after the last `'/'` literal of `concat(...)`.
 */
export function dataFactoryObjectName(name: unknown): string {
  if (typeof name !== 'string') return JSON.stringify(name);
  let parsed: ArmExpr | string | undefined;
  try {
    parsed = parseArmString(name);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || typeof parsed === 'string') {
    const text = typeof parsed === 'string' ? parsed : name;
    return text.slice(text.lastIndexOf('/') + 1);
  }
  if (parsed.kind === 'call' && parsed.name.toLowerCase() === 'format' && parsed.args.length > 1) return segmentText(parsed.args[parsed.args.length - 1]);
  if (parsed.kind === 'call' && parsed.name.toLowerCase() === 'concat') {
    const args = parsed.args;
    const slash = args.map((x) => x.kind === 'string' && x.value.endsWith('/')).lastIndexOf(true);
    if (slash >= 0 && slash < args.length - 1)
      return args
        .slice(slash + 1)
        .map(segmentText)
        .join('');
  }
  return serializeArm(parsed);
}

/** Every Data Factory object a template declares, in template order. */
export function dataFactoryObjects(template: JsonObject): DataFactoryObject[] {
  const out: DataFactoryObject[] = [];
  for (const r of resourcesOf(template)) {
    const kind = DATA_FACTORY_OBJECT_TYPES[String(r.type).toLowerCase()];
    if (!kind) continue;
    const o: DataFactoryObject = { kind, name: dataFactoryObjectName(r.name), properties: isObject(r.properties) ? r.properties : {} };
    if (r.condition !== undefined) o.condition = r.condition;
    out.push(o);
  }
  return out;
}

/** Keys under which container activities hold their inner activities. */
// oxlint-disable-next-line hubc/one-activity-keys-list -- round two of issue #32 moves diff to activityTree
const INNER_ACTIVITY_KEYS = ['activities', 'ifTrueActivities', 'ifFalseActivities', 'defaultActivities'];

/**
 * The activities of a pipeline, nested ones included, as named values. Inner activity lists are taken out
 * of their container and each activity records its `container` (the enclosing activity, and the Switch case),
 * so moving an activity shows as a change of that one field.
 */
export function flattenActivities(properties: JsonObject): Named<JsonObject>[] {
  const out: Named<JsonObject>[] = [];
  const walk = (list: unknown, container: string | undefined) => {
    if (!Array.isArray(list)) return;
    for (const act of list) {
      if (!isObject(act)) continue;
      const name = String(act.name);
      const tp = isObject(act.typeProperties) ? act.typeProperties : undefined;
      const value: JsonObject = omit(act, 'name');
      if (tp) {
        const rest = omit(tp, ...INNER_ACTIVITY_KEYS, 'cases');
        if (Array.isArray(tp.cases)) rest.cases = tp.cases.map((c) => (isObject(c) ? omit(c, 'activities') : c));
        value.typeProperties = rest;
      }
      if (container !== undefined) value.container = container;
      out.push({ name, value });
      if (!tp) continue;
      for (const key of INNER_ACTIVITY_KEYS) walk(tp[key], key === 'activities' ? name : `${name} (${key})`);
      if (Array.isArray(tp.cases)) for (const c of tp.cases) if (isObject(c)) walk(c.activities, `${name} (case ${JSON.stringify(c.value)})`);
    }
  };
  walk(properties.activities, undefined);
  return out;
}

/** What a trigger is compared on: type, condition, the pipelines it starts and every type property (events, paths, recurrence). */
function triggerView(o: DataFactoryObject): JsonObject {
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
export function triggerPipelines(o: DataFactoryObject): string[] {
  return (triggerView(o).pipelines as { name: string }[]).map((x) => x.name);
}

/** A pipeline's own properties, activities taken out, with its condition. */
function pipelineView(o: DataFactoryObject): JsonObject {
  const view = omit(o.properties, 'activities');
  if (o.condition !== undefined) view.condition = o.condition;
  return view;
}

/** Any other object: its properties and condition. */
function plainView(o: DataFactoryObject): JsonObject {
  return o.condition !== undefined ? { ...o.properties, condition: o.condition } : o.properties;
}

/** Compares the pipelines, triggers, datasets and linked services declared in two templates. */
export function compareDataFactory(a: JsonObject, b: JsonObject): DiffSection[] {
  const objectsA = dataFactoryObjects(a);
  const objectsB = dataFactoryObjects(b);
  const of = (list: DataFactoryObject[], kind: DataFactoryKind) => list.filter((o) => o.kind === kind).map((o) => ({ name: o.name, value: o }));
  const conditionSummary = (o: DataFactoryObject) =>
    o.condition !== undefined ? `when ${typeof o.condition === 'string' ? o.condition : JSON.stringify(o.condition)}` : undefined;
  const pipelines = compareNamed(of(objectsA, 'pipelines'), of(objectsB, 'pipelines'), {
    describe: (o) => {
      const n = flattenActivities(o.properties).length;
      return [`${n} activit${n === 1 ? 'y' : 'ies'}`, conditionSummary(o)].filter(Boolean).join(', ');
    },
    compare: (x, y) => {
      const items: ObjectChange[] = compareNamed(flattenActivities(x.properties), flattenActivities(y.properties), {
        describe: (act) => (typeof act.type === 'string' ? act.type : undefined),
      });
      return { changes: diffValues(pipelineView(x), pipelineView(y)), members: { kind: 'activity', items } };
    },
  });
  const triggers = compareNamed(of(objectsA, 'triggers'), of(objectsB, 'triggers'), {
    describe: (o) => [String(o.properties.type), `starts ${triggerPipelines(o).join(', ') || 'nothing'}`, conditionSummary(o)].filter(Boolean).join(', '),
    compare: (x, y) => ({ changes: diffValues(triggerView(x), triggerView(y)) }),
  });
  const plain = (kind: DataFactoryKind) =>
    compareNamed(of(objectsA, kind), of(objectsB, kind), {
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
