/**
 * The activity tree of a Data Factory pipeline: the nested activity lists of the container activities
 * (ForEach, Until, If Condition, Switch) and the one walker over the tree, which every reader of pipelines
 * uses (the Build's factory view, the reference and nesting checks, lint, diff). Only the container
 * activities hold activity lists, under the keys Data Factory gives them.
 * Sources: "ForEach activity", "Until activity", "If Condition activity", "Switch activity" and "Nested
 * activities" on learn.microsoft.com/azure/data-factory (control-flow-*-activity, concepts-nested-activities).
 */
import { isObject, type JsonObject, type JsonPath } from '../util/json.js';

/** Keys of `typeProperties` that hold nested activity lists, per container activity type (Switch also has `cases`). */
const CONTAINER_LISTS: Readonly<Record<string, readonly string[]>> = {
  ForEach: ['activities'],
  Until: ['activities'],
  IfCondition: ['ifTrueActivities', 'ifFalseActivities'],
  Switch: ['defaultActivities'],
};

/** The container activity types: those that hold activity lists (`ForEach`, `Until`, `IfCondition`, `Switch`). */
export const ADF_CONTAINER_TYPES: ReadonlySet<string> = new Set(Object.keys(CONTAINER_LISTS));

/** Every key of `typeProperties` under which some container activity holds an activity list (`cases` aside). */
export const INNER_ACTIVITY_KEYS: readonly string[] = [...new Set(Object.values(CONTAINER_LISTS).flat())];

/** A nested activity list of a container activity. */
export interface InnerActivityList {
  /** Its path relative to the activity: `['typeProperties', 'ifTrueActivities']`, `['typeProperties', 'cases', 0, 'activities']`. */
  path: (string | number)[];
  /** The key of `typeProperties` it is held under (`activities`, `ifTrueActivities`, ..., `cases` for a Switch case). */
  key: string;
  /** The `value` of the Switch case it belongs to, for a case. */
  caseValue?: unknown;
  activities: unknown[];
}

/** The nested activity lists of a container activity (ForEach, Until, IfCondition, Switch cases then default); none for others. */
export function innerActivityLists(activity: unknown): InnerActivityList[] {
  if (!isObject(activity) || typeof activity.type !== 'string' || !isObject(activity.typeProperties)) return [];
  const tp = activity.typeProperties;
  const out: InnerActivityList[] = [];
  if (activity.type === 'Switch' && Array.isArray(tp.cases)) {
    tp.cases.forEach((c, i) => {
      if (isObject(c) && Array.isArray(c.activities)) out.push({ path: ['typeProperties', 'cases', i, 'activities'], key: 'cases', caseValue: c.value, activities: c.activities });
    });
  }
  for (const key of CONTAINER_LISTS[activity.type] ?? []) {
    if (Array.isArray(tp[key])) out.push({ path: ['typeProperties', key], key, activities: tp[key] as unknown[] });
  }
  return out;
}

/** One activity of a pipeline, where it sits in the tree. */
export interface ActivityNode {
  activity: JsonObject;
  /** Its `name`, or `#<index>` when it has no string name. */
  name: string;
  /** Its `type`, or `''`. */
  type: string;
  /** Path from the list given to {@link activityTree} (by default inside the pipeline's `properties`). */
  path: JsonPath;
  /** The activities of the same list (the ones its `dependsOn` can name). */
  siblings: JsonObject[];
  /** The enclosing container activities, outermost first. */
  containers: ActivityNode[];
  /** The list of its container that holds it; undefined for a top-level activity. */
  list?: InnerActivityList;
}

/**
 * Every activity of a pipeline, nested ones included, depth first in list order (a container right before
 * what it holds). Entries of a list that are not objects are skipped.
 * @param activities the pipeline's `activities` (anything else gives none)
 * @param base the path of that list (default `['activities']`, inside the pipeline's `properties`)
 */
export function activityTree(activities: unknown, base: JsonPath = ['activities']): ActivityNode[] {
  const out: ActivityNode[] = [];
  const visit = (list: unknown, path: JsonPath, containers: ActivityNode[], inner: InnerActivityList | undefined) => {
    if (!Array.isArray(list)) return;
    const siblings = list.filter(isObject);
    list.forEach((a, i) => {
      if (!isObject(a)) return;
      const node: ActivityNode = {
        activity: a,
        name: typeof a.name === 'string' ? a.name : `#${i}`,
        type: typeof a.type === 'string' ? a.type : '',
        path: [...path, i],
        siblings,
        containers,
        ...(inner ? { list: inner } : {}),
      };
      out.push(node);
      for (const l of innerActivityLists(a)) visit(l.activities, [...path, i, ...l.path], [...containers, node], l);
    });
  };
  visit(activities, base, [], undefined);
  return out;
}

/**
 * An activity without the activities it holds: a copy whose `typeProperties` lack the nested activity lists
 * ({@link INNER_ACTIVITY_KEYS}) and whose Switch `cases` keep everything but their `activities`; what the
 * activity itself says (its type, inputs, expressions, references), for readers that visit the nested
 * activities one by one ({@link activityTree}).
 */
export function ownActivity(activity: JsonObject): JsonObject {
  if (!isObject(activity.typeProperties)) return { ...activity };
  const tp: JsonObject = {};
  for (const [k, v] of Object.entries(activity.typeProperties)) if (!INNER_ACTIVITY_KEYS.includes(k) && k !== 'cases') tp[k] = v;
  const cases = activity.typeProperties.cases;
  if (Array.isArray(cases)) tp.cases = cases.map((c) => (isObject(c) ? Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'activities')) : c));
  return { ...activity, typeProperties: tp };
}
