/**
 * The `dependsOn` graph of one activity list of a Data Factory pipeline, with what runs before an activity
 * and the cycles; the nested lists of container activities are walked with src/model/activities.ts. Used by
 * the reference checker (`./adfReferences.ts`). Names are compared case-insensitively, as Data Factory resolves them.
 * Sources: "Pipelines and activities" (activity dependency), "ForEach/Until/If Condition/Switch activity"
 * on learn.microsoft.com/azure/data-factory.
 */
import { isObject } from '../util/json.js';

/** The `dependsOn` graph of one activity list. Names are as written; lookups are case-insensitive. */
export interface ActivityGraph {
  /** Activity names in list order. */
  names: string[];
  /** Activity name → names it depends on (as written, including unknown ones). */
  dependsOn: Map<string, string[]>;
}

/** Builds the `dependsOn` graph of an activity list (activities without a string name are left out). */
export function activityGraph(activities: readonly unknown[]): ActivityGraph {
  const names: string[] = [];
  const dependsOn = new Map<string, string[]>();
  for (const a of activities) {
    if (!isObject(a) || typeof a.name !== 'string') continue;
    names.push(a.name);
    const deps = Array.isArray(a.dependsOn) ? a.dependsOn : [];
    dependsOn.set(
      a.name,
      deps.filter((d): d is { activity: string } => isObject(d) && typeof d.activity === 'string').map((d) => d.activity),
    );
  }
  return { names, dependsOn };
}

function resolver(graph: ActivityGraph): (name: string) => string | undefined {
  const byLower = new Map<string, string>();
  for (const n of graph.names) if (!byLower.has(n.toLowerCase())) byLower.set(n.toLowerCase(), n);
  return (name) => byLower.get(name.toLowerCase());
}

/** Names of the activities that `name` depends on, directly or transitively, in the same list (excluding itself unless in a cycle). */
export function upstreamActivities(graph: ActivityGraph, name: string): Set<string> {
  const resolve = resolver(graph);
  const seen = new Set<string>();
  const stack = [...(graph.dependsOn.get(resolve(name) ?? name) ?? [])];
  while (stack.length) {
    const n = resolve(stack.pop()!);
    if (n === undefined || seen.has(n)) continue;
    seen.add(n);
    stack.push(...(graph.dependsOn.get(n) ?? []));
  }
  return seen;
}

/** The `dependsOn` cycles of a list, each as the activity names along the cycle (first name not repeated), in a stable order. */
export function findDependsOnCycles(graph: ActivityGraph): string[][] {
  const resolve = resolver(graph);
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (n: string) => {
    state.set(n, 1);
    stack.push(n);
    for (const raw of graph.dependsOn.get(n) ?? []) {
      const d = resolve(raw);
      if (d === undefined) continue;
      if (state.get(d) === 1) cycles.push(stack.slice(stack.indexOf(d)));
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(n, 2);
  };
  for (const n of graph.names) if (!state.has(n)) visit(n);
  return cycles;
}
