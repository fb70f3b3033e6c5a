/**
 * Data Factory's nesting rules for control activities: an If Condition or Switch cannot be placed in
 * another If Condition or Switch, and a ForEach or Until cannot be placed in any container activity
 * (learn.microsoft.com/azure/data-factory/concepts-nested-activities, "Nested activity limitations").
 * Checked conservatively: a breach found here may in some cases be accepted by the service, never the
 * other way round.
 */
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { codes } from '../diagnostics/index.js';
import { ADF_CONTAINER_TYPES as CONTAINER_TYPES, innerActivityLists } from './adfActivityGraph.js';

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
  const walk = (list: readonly unknown[], path: (string | number)[], parent?: { type: string; name: string }) => {
    list.forEach((a, i) => {
      if (!a || typeof a !== 'object') return;
      const act = a as { type?: unknown; name?: unknown };
      const type = String(act.type);
      const name = String(act.name);
      if (parent && CONTAINER_TYPES.has(type)) {
        const branchInBranch = (type === 'IfCondition' || type === 'Switch') && (parent.type === 'IfCondition' || parent.type === 'Switch');
        const loopInAny = type === 'ForEach' || type === 'Until';
        if (branchInBranch || loopInAny) out.push({ message: `${type} '${name}' is nested in ${parent.type} '${parent.name}'`, path: [...path, i] });
      }
      for (const inner of innerActivityLists(a)) {
        walk(inner.activities, [...path, i, ...inner.path], CONTAINER_TYPES.has(type) ? { type, name } : parent);
      }
    });
  };
  walk(activities, basePath);
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
