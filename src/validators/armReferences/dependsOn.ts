/**
 * `dependsOn` in the ARM reference checker: every entry must match a resource of the same template
 * (HUB304), and a resource that uses `reference()`/`resourceId()` of another resource of the template must
 * depend on it, directly or through other resources' `dependsOn` (HUB305). Undecided name comparisons are
 * never reported. Source: "Define the order for deploying resources in ARM templates"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/resource-dependency).
 */
import { isArmExpressionString, unescapeArmLiteral } from '../../expressions/arm/semantics.js';
import { codes } from '../../diagnostics/index.js';
import { quote, type Decls, type Report } from './common.js';
import { foldExpr, foldText, matchTarget, targetOf, type ResourceInfo, type Target } from './names.js';

/**
 * Resolves every `dependsOn` entry of the resources and reports entries that match nothing (HUB304) and
 * implicit dependencies that are missing (HUB305).
 * @param resources the template's resources in walk order (parents before children)
 */
export function checkDependencies(resources: ResourceInfo[], decls: Decls, report: Report): void {
  const candidates = candidateIndex(resources);
  // Resolve every dependsOn entry against every resource it can match.
  const edges = resources.map(() => ({ sure: new Set<number>(), maybe: new Set<number>(), open: false }));
  resources.forEach((r, ri) => {
    if (r.parent !== undefined) edges[ri].sure.add(r.parent);
    for (const dep of r.dependsOn) {
      const target = dependsOnTarget(dep.value, decls);
      if (target.kind === 'unknown') {
        edges[ri].open = true;
        continue;
      }
      let anyMatch = false;
      let undecided = false;
      candidates(target).forEach((oi) => {
        const m = matchTarget(target, resources[oi]);
        if (m === 'eq') {
          anyMatch = true;
          edges[ri].sure.add(oi);
        } else if (m === 'unknown') {
          undecided = true;
          edges[ri].maybe.add(oi);
        }
      });
      if (!anyMatch && !undecided) {
        report(codes.HUB304.dependsOnNoMatch({ quoted: quote(typeof dep.value === 'string' ? dep.value : JSON.stringify(dep.value)) }), dep.pointer);
      }
    }
  });

  // Implicit dependencies: reference()/resourceId() of a resource of this template.
  resources.forEach((r, ri) => {
    if (!r.uses.length) return;
    const reach = reachable(ri, edges);
    if (reach.open) return;
    const reported = new Set<number>();
    for (const use of r.uses) {
      const lower = use.call.name.toLowerCase();
      const arg = lower === 'reference' ? use.call.args[0] : use.call;
      if (!arg) continue;
      const target = targetOf(foldExpr(arg, decls));
      if (target.kind === 'unknown') continue;
      const hits = candidates(target).filter((oi) => matchTarget(target, resources[oi]) === 'eq');
      if (hits.length !== 1) continue;
      const t = hits[0];
      if (t === ri || isAncestor(resources, t, ri) || reach.nodes.has(t) || reported.has(t)) continue;
      reported.add(t);
      report(codes.HUB305.raise({ resource: r.display, fn: use.call.name, target: resources[t].display }), use.pointer);
    }
  });
}

/**
 * The resources a target can match, as indexes in template order: a `key` target of a known type matches
 * only resources of that type or of a type not known ({@link matchTarget} says `ne` for every other), any
 * other target every resource. Saves comparing names with every resource of a large template.
 */
function candidateIndex(resources: readonly ResourceInfo[]): (target: Target) => readonly number[] {
  const all = resources.map((_, i) => i);
  const byType = new Map<string, number[]>();
  resources.forEach((r, i) => {
    if (r.type === undefined) return;
    const list = byType.get(r.type) ?? [];
    list.push(i);
    byType.set(r.type, list);
  });
  const untyped = all.filter((i) => resources[i].type === undefined);
  const memo = new Map<string, number[]>();
  return (target) => {
    if (target.kind !== 'key' || target.type === undefined) return all;
    let list = memo.get(target.type);
    if (!list) {
      list = [...(byType.get(target.type) ?? []), ...untyped].sort((a, b) => a - b);
      memo.set(target.type, list);
    }
    return list;
  };
}

function dependsOnTarget(value: unknown, decls: Decls): Target {
  if (typeof value !== 'string') return { kind: 'unknown' };
  if (!isArmExpressionString(value)) return targetOf({ value: unescapeArmLiteral(value) });
  return targetOf(foldText(value.slice(1, -1), decls));
}

function reachable(start: number, edges: { sure: Set<number>; maybe: Set<number>; open: boolean }[]): { nodes: Set<number>; open: boolean } {
  const nodes = new Set<number>();
  const queue = [start];
  let open = false;
  while (queue.length) {
    const n = queue.pop()!;
    if (edges[n].open) open = true;
    for (const next of [...edges[n].sure, ...edges[n].maybe]) {
      if (!nodes.has(next)) {
        nodes.add(next);
        queue.push(next);
      }
    }
  }
  return { nodes, open };
}

function isAncestor(resources: ResourceInfo[], maybeAncestor: number, of: number): boolean {
  for (let p = resources[of].parent; p !== undefined; p = resources[p].parent) if (p === maybeAncestor) return true;
  return false;
}
