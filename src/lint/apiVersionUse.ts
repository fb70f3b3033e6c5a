/**
 * Where a template names API versions: each resource's `apiVersion`, also inside the inline templates of
 * nested deployments (`Microsoft.Resources/deployments` with `properties.template`), and the version
 * argument of `reference()` and `list*()` calls whose target is a `resourceId()` of a known type. Shared by
 * the two API version rules (HUB505, HUB506).
 */
import type { LintContext } from './context.js';
import type { LintLocation } from './context.js';
import { callsIn, literalArg } from './arm.js';
import { member, memberKey, isObject, type JsonPath } from '../util/json.js';

/** One API version the template uses. */
export interface ApiVersionUse {
  type: string;
  apiVersion: string;
  location: LintLocation;
  where: string;
}

/**
 * The resources of a template's `resources` array and, recursively, of the inline templates of its nested
 * deployments, with their paths from the template root.
 */
function resourcesWithin(resources: unknown, base: JsonPath): { json: Record<string, unknown>; path: JsonPath }[] {
  if (!Array.isArray(resources)) return [];
  return resources.flatMap((r, i) => {
    if (!isObject(r)) return [];
    const path = [...base, i];
    const properties = member(r, 'properties');
    const inner = member(properties, 'template');
    const nested = isObject(inner)
      ? resourcesWithin(member(inner, 'resources'), [...path, memberKey(r, 'properties'), memberKey(properties, 'template'), memberKey(inner, 'resources')])
      : [];
    return [{ json: r, path }, ...nested];
  });
}

/** Every API version use of the template, resources first (outer before nested). */
export function apiVersionUses(ctx: LintContext): ApiVersionUse[] {
  const out: ApiVersionUse[] = [];
  if (!ctx.template) return out;
  for (const { json, path } of resourcesWithin(ctx.template.resources, ['resources'])) {
    const type = json.type;
    const version = json.apiVersion;
    if (typeof type !== 'string' || typeof version !== 'string' || !version) continue;
    const top = path.length === 2 ? ctx.resources.find((r) => r.index === path[1]) : undefined;
    const where = top ? top.label : `resource ${type} (nested deployment)`;
    out.push({ type, apiVersion: version, location: ctx.templateAt([...path, 'apiVersion']), where });
  }
  for (const c of callsIn(ctx.template)) {
    if (c.name !== 'reference' && !c.name.startsWith('list')) continue;
    const version = literalArg(c.call, 1);
    const target = c.call.args[0];
    if (!version || target?.kind !== 'call' || target.name.toLowerCase() !== 'resourceid') continue;
    const type = literalArg(target, 0);
    if (type) out.push({ type, apiVersion: version, location: ctx.templateAt(c.path), where: `${c.call.name}() of ${type}` });
  }
  return out;
}

/** The date part of an API version (`2023-07-01-preview` -> `2023-07-01`), or undefined. */
export function versionDate(apiVersion: string): string | undefined {
  return /^(\d{4}-\d{2}-\d{2})/.exec(apiVersion)?.[1];
}
