/**
 * Access a resource gives that B narrows: properties that decide who may reach a resource, compared on the
 * resources A and B both deploy under one ID. Setting such a property where A left it unset, or changing
 * it, replaces what the resource allowed, and whoever relied on it is locked out at the deployment. One of
 * the comparisons the upgrade notes (HUB030, ./upgrade.ts) and `hubc upgrade-plan`'s prepare steps share.
 */
import { isDeepStrictEqual } from 'node:util';
import type { DeclaredResource } from '../build/index.js';
import type { Leftovers } from './leftovers.js';
import { isObject } from '../util/json.js';

/** A property that decides who may reach a resource: narrowing it on an existing resource locks people out. */
export interface AccessRule {
  /** Dotted path of the property in the resource body. */
  path: string;
  /** What the resource allows while the property is not set. */
  unset: string;
  /** Where the hub owner widens it again. */
  fix: string;
  source: string;
}

/** Access properties by resource type (lower case), with the source. */
export const ACCESS: Readonly<Record<string, readonly AccessRule[]>> = {
  'microsoft.kusto/clusters': [
    {
      path: 'properties.trustedExternalTenants',
      unset: 'every tenant (the service default of a cluster created without the property)',
      fix: 'hub.yaml dataExplorer.trustedExternalTenants',
      source: 'a cluster update replaces the trusted external tenants ("Allow cross-tenant queries and commands")',
    },
  ],
};

/** An access property B sets differently on a resource both builds deploy. */
export interface AccessChange {
  /** The resource as A declares it. */
  resource: DeclaredResource;
  rule: AccessRule;
  /** The value in A (undefined: not set) and in B. */
  from: unknown;
  to: unknown;
}

/** The value at a dotted path. */
function valueAt(value: unknown, path: string): unknown {
  let v = value;
  for (const k of path.split('.')) v = isObject(v) ? v[k] : undefined;
  return v;
}

/** The access properties ({@link ACCESS}) of resources both builds deploy that B sets, where A has another value or none. */
export function accessChanges(l: Pick<Leftovers, 'ra' | 'rb'>): AccessChange[] {
  const rb = new Map(l.rb.filter((r) => r.deployed !== false).map((r) => [r.id.toLowerCase(), r]));
  const out: AccessChange[] = [];
  for (const a of l.ra) {
    const b = rb.get(a.id.toLowerCase());
    if (!b || a.deployed === false) continue;
    for (const rule of ACCESS[a.type.toLowerCase()] ?? []) {
      const from = valueAt(a.body(), rule.path);
      const to = valueAt(b.body(), rule.path);
      if (to === undefined || isDeepStrictEqual(from, to)) continue;
      out.push({ resource: a, rule, from, to });
    }
  }
  return out;
}
