/**
 * Data Factory's nesting rules for control activities: an If Condition or Switch cannot be placed in
 * another If Condition or Switch, and a ForEach or Until cannot be placed in any container activity
 * (learn.microsoft.com/azure/data-factory/concepts-nested-activities, "Nested activity limitations").
 * Checked conservatively: a breach found here may in some cases be accepted by the service, never the
 * other way round.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { ADF_CONTAINER_TYPES, activityTree } from '../model/activities.js';

/** One breach: the inner and the outer activity, and the inner one's JSON path in the pipeline. */
export interface NestingViolation {
  message: string;
  path: (string | number)[];
}

/**
 * Breaches of the nesting rules in a pipeline's activities (wire JSON).
 * @returns one entry per breach, naming both activities
 */
export function nestingViolations(activities: readonly unknown[], basePath: (string | number)[] = ['properties', 'activities']): NestingViolation[] {
  const out: NestingViolation[] = [];
  for (const node of activityTree(activities, basePath)) {
    const parent = node.containers[node.containers.length - 1];
    const type = String(node.activity.type);
    if (!parent || !ADF_CONTAINER_TYPES.has(type)) continue;
    const branchInBranch = (type === 'IfCondition' || type === 'Switch') && (parent.type === 'IfCondition' || parent.type === 'Switch');
    const loopInAny = type === 'ForEach' || type === 'Until';
    if (branchInBranch || loopInAny)
      out.push({ message: `${type} '${String(node.activity.name)}' is nested in ${parent.type} '${String(parent.activity.name)}'`, path: [...node.path] });
  }
  return out;
}

/** Nesting breaches of every pipeline as `HUB326` errors. */
export function checkAdfNesting(pipelines: readonly { name: string; properties: any }[], file: string): (Diagnostic & { jsonPath: (string | number)[]; pipeline: string })[] {
  return pipelines.flatMap((p) =>
    nestingViolations(Array.isArray(p.properties?.activities) ? p.properties.activities : []).map((v) => ({
      ...codes.HUB326.raise({ pipeline: p.name, nesting: v.message }),
      file,
      path: `pipeline ${p.name}`,
      jsonPath: v.path,
      pipeline: p.name,
    })),
  );
}
