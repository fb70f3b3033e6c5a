/**
 * The one rule about implied dependencies that the template emitter (which leaves them out of `dependsOn`)
 * and lint rule HUB510 (which reports them) share: ARM orders dependencies transitively, so `A -> B -> C`
 * needs no `A -> C`, but only through resources that are always deployed, because ARM drops a dependency
 * on a resource whose condition is false and the order that dependency carried ("Define the order for
 * deploying resources in ARM templates", learn.microsoft.com/azure/azure-resource-manager/templates/
 * resource-dependency).
 */

/**
 * Whether `to` is reachable from `from` other than by the direct edge `from -> to`, passing only through
 * resources for which `always` holds.
 * @param edges for each resource (by index), the indexes of the resources it depends on
 * @param always whether the resource at an index is always deployed (has no `condition`)
 */
export function reachableWithout(edges: readonly (readonly number[])[], always: (index: number) => boolean, from: number, to: number): boolean {
  const seen = new Set<number>();
  const stack = edges[from]!.filter((x) => x !== to && x !== from && always(x));
  while (stack.length) {
    const x = stack.pop()!;
    if (seen.has(x)) continue;
    seen.add(x);
    for (const y of edges[x]!) {
      if (y === to) return true;
      if (always(y)) stack.push(y);
    }
  }
  return false;
}
