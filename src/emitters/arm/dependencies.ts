/**
 * `dependsOn` from the expression trees (design.md, "Modules own what they contribute"): a resource
 * depends on every resource of the template its expressions point at, found by walking the trees, not by
 * searching serialized text. Modules still state orderings no expression shows (a script that must run
 * after a role assignment); the emitter adds what the expressions imply and rejects what no module
 * contributed.
 *
 * A resource's expressions point at another resource through
 * - `resourceId(type, names...)` / `extensionResourceId(scope, type, names...)` of it (also inside
 *   `reference()` and `list*()` calls), or of one of its children that is not a resource of its own
 *   (a subnet of a virtual network);
 * - `variables('X')` when the other resource is named exactly `variables('X')` (reading its name, e.g. in an
 *   endpoint URL, means using it).
 * The resource's own `name`, `type`, `apiVersion` and `dependsOn`, and the inner templates of nested
 * deployments (their own scope), are not walked. A dependency, stated or derived, that another dependency
 * already implies through always-deployed resources is left out (ARM orders transitively), so the lists
 * stay short and hold nothing unnecessary (lint rule HUB510). A path through a conditional resource does
 * not count: ARM drops a dependency on a resource that is not deployed, and the order with it.
 * Source: "Define the order for deploying resources in ARM templates" (learn.microsoft.com/azure/
 * azure-resource-manager/templates/resource-dependency).
 */
import { Arm, forEachArmNode, serializeArm, type ArmCall, type ArmExpr } from '../../expressions/arm/ast.js';
import * as arm from '../../expressions/arm/index.js';
import type { ArmResource, Value } from '../../modules/types.js';
import { reachableWithout } from './dependencyGraph.js';

/** Name segments of a module's resource name (literal text or an expression). */
function segmentsOf(name: Value): ArmExpr[] {
  if (typeof name === 'string') return arm.literalNameSegments(name);
  if (name instanceof Arm) return arm.nameSegments(name.expr);
  throw new Error(`resource name ${JSON.stringify(name)} is neither text nor an ARM expression`);
}

/**
 * The resource a same-scope `resourceId`/`extensionResourceId` call designates, as type and name segments,
 * or undefined for other calls.
 * @throws Error when the call does not pass exactly one name per type level (hubc always does)
 */
function callTarget(call: ArmCall): { type: string; segments: ArmExpr[] } | undefined {
  const t = arm.resourceIdTarget(call);
  if (!t || t.scoped || (t.function !== 'resourceid' && t.function !== 'extensionresourceid')) return undefined;
  if (t.names.length !== t.levels) throw new Error(`${t.function}('${t.type}', ...) with ${t.names.length} name segments; hubc passes exactly one per type level`);
  return { type: t.type, segments: t.names };
}

/** Every ARM expression in a value tree (nested deployment templates left out). */
function expressionsIn(value: unknown, out: ArmExpr[] = []): ArmExpr[] {
  if (value instanceof Arm) out.push(value.expr);
  else if (Array.isArray(value)) for (const v of value) expressionsIn(v, out);
  else if (value && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    for (const [k, v] of Object.entries(value)) if (k !== 'template') expressionsIn(v, out);
  }
  return out;
}

/**
 * Completes every resource's `dependsOn` with what its expressions imply.
 * @param resources the template's resources (not modified)
 * @returns copies with `dependsOn` = the module's entries, then the implied ones, each left out when
 *   another entry already implies it
 * @throws Error when a `dependsOn` entry or a `resourceId()` names a resource no module contributed
 */
export function withDerivedDependencies(resources: readonly ArmResource[]): ArmResource[] {
  const index = new Map<string, number>();
  const byNameVariable = new Map<string, number>();
  resources.forEach((r, i) => {
    index.set(arm.resourceKey(r.type, segmentsOf(r.name)), i);
    if (r.name instanceof Arm && r.name.expr.kind === 'call' && r.name.expr.name === 'variables' && r.name.expr.args[0]?.kind === 'string') {
      byNameVariable.set(r.name.expr.args[0].value, i);
    }
  });
  const describe = (r: ArmResource) => `${r.type} ${JSON.stringify(r.name)}`;
  /** The resource a target designates: itself, or its nearest ancestor that is a resource. */
  const find = (type: string, segments: ArmExpr[]): number | undefined => {
    const parts = type.split('/');
    for (let n = segments.length; n >= 1; n--) {
      const i = index.get(arm.resourceKey(parts.slice(0, n + 1).join('/'), segments.slice(0, n)));
      if (i !== undefined) return i;
    }
    return undefined;
  };

  const explicit: number[][] = resources.map((r) =>
    (r.dependsOn ?? []).map((d) => {
      const target = d instanceof Arm && d.expr.kind === 'call' ? callTarget(d.expr) : undefined;
      const i = target ? index.get(arm.resourceKey(target.type, target.segments)) : undefined;
      if (i === undefined) throw new Error(`${describe(r)} depends on ${JSON.stringify(d)}, which no module contributes`);
      return i;
    }),
  );
  const implied: number[][] = resources.map((r, self) => {
    const found: number[] = [];
    const add = (i: number | undefined) => {
      if (i !== undefined && i !== self && !found.includes(i)) found.push(i);
    };
    const { name: _n, type: _t, apiVersion: _a, dependsOn: _d, ...body } = r;
    for (const e of expressionsIn(body)) {
      forEachArmNode(e, (node) => {
        if (node.kind !== 'call') return;
        const fn = node.name.toLowerCase();
        if (fn === 'variables' && node.args[0]?.kind === 'string') add(byNameVariable.get(node.args[0].value));
        const target = callTarget(node);
        if (!target) return;
        const i = find(target.type, target.segments);
        if (i === undefined) throw new Error(`${describe(r)} refers to ${target.type} [${target.segments.map(serializeArm).join(', ')}], which no module contributes`);
        add(i);
      });
    }
    return found;
  });

  const edges = resources.map((_, i) => [...new Set([...explicit[i], ...implied[i]])]);
  // ARM drops a dependency on a resource whose condition is false, and with it the order that resource
  // carried: only always-deployed resources make a dependency implied.
  const always = (x: number) => resources[x].condition === undefined;
  return resources.map((r, i) => {
    const kept = edges[i].filter((d) => !reachableWithout(edges, always, i, d));
    const dependsOn = kept.map((d) => (explicit[i].includes(d) ? r.dependsOn![explicit[i].indexOf(d)] : resourceIdOf(resources[d])));
    if (dependsOn.length) return { ...r, dependsOn };
    const { dependsOn: _none, ...rest } = r;
    return rest as ArmResource;
  });
}

/** `resourceId(type, segments...)` of a resource. */
function resourceIdOf(r: ArmResource): Arm {
  return new Arm({ kind: 'call', name: 'resourceId', args: [arm.lit(r.type), ...segmentsOf(r.name)] });
}
