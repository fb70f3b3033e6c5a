/**
 * Where a template names API versions: each resource's `apiVersion`, also inside the inline templates of
 * nested deployments (`Microsoft.Resources/deployments` with `properties.template`), and the version
 * argument of `reference()` and `list*()` calls whose target is a `resourceId()` of a known type. Shared by
 * the two API version rules (HUB505, HUB506).
 */
import type { LintContext } from './context.js';
import type { LintLocation } from './context.js';
import { callsIn, literalArg } from './arm.js';

/** One API version the template uses. */
export interface ApiVersionUse {
  type: string;
  apiVersion: string;
  location: LintLocation;
  where: string;
}

/** Every API version use of the template, resources first (outer before nested). */
export function apiVersionUses(ctx: LintContext): ApiVersionUse[] {
  const out: ApiVersionUse[] = [];
  if (!ctx.template) return out;
  // Resources of the template and of nested deployments' inline templates; child resources declared in a
  // parent's `resources` are not read (hubc writes none).
  for (const r of ctx.build.template.allResources) {
    const type = r.json.type;
    const version = r.json.apiVersion;
    if (r.parent || typeof type !== 'string' || typeof version !== 'string' || !version) continue;
    const where = r.deployment ? `resource ${type} (nested deployment)` : r.label;
    out.push({ type, apiVersion: version, location: ctx.templateAt([...r.path, 'apiVersion']), where });
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
