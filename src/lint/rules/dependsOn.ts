/**
 * HUB510: `dependsOn` follows ARM-TTK "DependsOn Best Practices" and holds nothing unnecessary.
 * - No `if()` in an entry: a dependency on a conditionally deployed resource is written like any other,
 *   and ARM drops it when that resource is not deployed ("DependsOn Must Not Be Conditional").
 * - No entry that starts with `concat()`.
 * - No entry twice, no entry naming the resource itself, and no entry that another entry already implies
 *   (ARM orders dependencies transitively, so `A -> B -> C` needs no `A -> C`, as long as `B` is always
 *   deployed: a dependency on a resource whose condition is false is dropped with the order it carried).
 * Entries are matched to resources by their `resourceId()` (type and name segments); entries that name no
 * resource of the template are the reference checker's (HUB304).
 */
import { codes } from '../../diagnostics/index.js';
import { ruleCode } from '../ruleCode.js';
import type { LintFinding, LintRule } from '../types.js';
import { armTtk } from '../links.js';
import { armExpression, callsIn } from '../arm.js';
import { sameScopeTargetKey, templateResourceKey } from '../../expressions/arm/semantics.js';
import { reachableWithout } from '../../emitters/arm/dependencyGraph.js';

export const dependsOn: LintRule = {
  ...ruleCode(codes.HUB510),
  area: 'template',
  actor: 'maintainer',
  rationale: 'Conditional or redundant dependencies hide the real deployment order and slow deployments down.',
  link: armTtk('dependson-best-practices'),
  check(ctx) {
    const byKey = new Map<string, number>();
    ctx.resources.forEach((r, i) => {
      const k = templateResourceKey(r.type, r.name);
      if (k) byKey.set(k, i);
    });
    const targets = (i: number): number[] => {
      const list = ctx.resources[i].json.dependsOn;
      if (!Array.isArray(list)) return [];
      return list.flatMap((d) => {
        const e = armExpression(d);
        const k = e?.kind === 'call' ? sameScopeTargetKey(e) : undefined;
        const t = k === undefined ? undefined : byKey.get(k);
        return t === undefined ? [] : [t];
      });
    };
    const edges = ctx.resources.map((_, i) => targets(i));
    const always = (x: number) => !('condition' in ctx.resources[x].json);

    const out: LintFinding[] = [];
    ctx.resources.forEach((r, i) => {
      const list = r.json.dependsOn;
      if (!Array.isArray(list)) return;
      const seen = new Set<string>();
      list.forEach((d, j) => {
        const at = r.at(['dependsOn', j]);
        const e = armExpression(d);
        const report = (message: string, hint: string) => out.push({ message: `${r.label}: ${message}`, hint, location: at, where: r.label });
        if (e && callsIn(d).some((c) => c.name === 'if'))
          return report('a dependsOn entry uses if()', 'Depend on the resource unconditionally; ARM drops the dependency when the resource is not deployed.');
        if (e?.kind === 'call' && e.name.toLowerCase() === 'concat') return report('a dependsOn entry starts with concat()', 'Use resourceId() of the resource.');
        const key = typeof d === 'string' ? d.replace(/\s/g, '').toLowerCase() : JSON.stringify(d);
        if (seen.has(key)) return report(`${JSON.stringify(d)} is listed twice`, 'Remove the repeated entry.');
        seen.add(key);
        const k = e?.kind === 'call' ? sameScopeTargetKey(e) : undefined;
        const t = k === undefined ? undefined : byKey.get(k);
        if (t === i) return report('the resource depends on itself', 'Remove the entry.');
        if (t !== undefined && reachableWithout(edges, always, i, t)) {
          return report(`the dependency on ${ctx.resources[t].label} is already implied by another dependsOn entry`, 'Remove the entry; ARM orders dependencies transitively.');
        }
      });
    });
    return out;
  },
};
