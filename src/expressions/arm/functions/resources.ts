/**
 * ARM's resource functions: `resourceId`, `subscriptionResourceId`, `tenantResourceId` and
 * `extensionResourceId` are folded to resource IDs when their arguments and the deployment scope are known;
 * `reference`, `references`, `list*` (see `../functions.ts`), `pickZones` and `providers` are known but only
 * computed at deployment. Source: "Resource functions for ARM templates"
 * (learn.microsoft.com/azure/azure-resource-manager/templates/template-functions-resource).
 */
import type { ArmCall, ArmExpr } from '../ast.js';
import { allKnown, asString, defineIn, fail, INF, type ArmFunctionTable } from './common.js';
import { foldedArray, foldedObject, isArmObject, known, residualCall, type ArmValue, type EvalHost, type Folded } from './folded.js';

/** `Namespace/type1/name1/type2/name2` for a type and its names. */
export function providerPath(fn: string, type: string, names: string[]): string {
  const segs = type.split('/');
  const nameSegs = names.flatMap((n) => n.split('/'));
  if (segs.length < 2 || segs.some((s) => !s)) fail(fn, `'${type}' is not a resource type`);
  if (nameSegs.length !== segs.length - 1) fail(fn, `resource type '${type}' needs ${segs.length - 1} name segment(s), got ${nameSegs.length}`);
  let out = `${segs[0]}/${segs[1]}/${nameSegs[0]}`;
  for (let i = 2; i < segs.length; i++) out += `/${segs[i]}/${nameSegs[i - 1]}`;
  return out;
}

/** Index of the resource type among the leading arguments of `resourceId`-style functions, or -1. */
export function resourceTypeIndex(args: Folded[], maxPrefix: number): number {
  for (let i = 0; i <= maxPrefix && i < args.length; i++) {
    const a = args[i];
    if (a.t === 'v' && typeof a.v === 'string' && a.v.includes('/')) return i;
    if (a.t !== 'x' && !(a.t === 'v' && typeof a.v === 'string')) return -1;
  }
  return -1;
}

/** The resource functions, by lower-cased name. */
export const RESOURCE_FUNCTIONS: ArmFunctionTable = new Map();
const def = defineIn(RESOURCE_FUNCTIONS);

function resourceIdFn(kind: 'rg' | 'sub' | 'tenant') {
  return (args: Folded[], host: EvalHost, c: ArmCall): Folded | undefined => {
    const fn = c.name;
    const maxPrefix = kind === 'rg' ? 2 : kind === 'sub' ? 1 : 0;
    const ti = resourceTypeIndex(args, maxPrefix);
    if (ti < 0 || !allKnown(args)) {
      if (ti < 0 && allKnown(args)) fail(fn, 'no resource type among the first arguments');
      return residualCall(fn, args);
    }
    const vals = args.map((a) => asString(fn, a.v));
    const path = providerPath(fn, vals[ti], vals.slice(ti + 1));
    const d = host.deployment;
    if (kind === 'tenant') return known(`/providers/${path}`);
    const sub = kind === 'rg' ? (ti === 2 ? vals[0] : d.subscriptionId) : ti === 1 ? vals[0] : d.subscriptionId;
    if (sub === undefined) return residualCall(fn, args);
    if (kind === 'sub') return known(`/subscriptions/${sub}/providers/${path}`);
    const rg = ti === 2 ? vals[1] : ti === 1 ? vals[0] : d.resourceGroup?.name;
    if (rg === undefined) return residualCall(fn, args);
    return known(`/subscriptions/${sub}/resourceGroups/${rg}/providers/${path}`);
  };
}
def('resourceId', 2, INF, { partial: resourceIdFn('rg') });
def('subscriptionResourceId', 2, INF, { partial: resourceIdFn('sub') });
def('tenantResourceId', 2, INF, { partial: resourceIdFn('tenant') });
def('extensionResourceId', 3, INF, {
  fn: ([base, type, ...names]) =>
    `${asString('extensionResourceId', base)}/providers/${providerPath(
      'extensionResourceId',
      asString('extensionResourceId', type),
      names.map((n) => asString('extensionResourceId', n)),
    )}`,
});
def('managementGroupResourceId', 2, INF);
/**
 * A value the deployment context knows for `reference()`, with every object left open: a member the value
 * lacks folds to the residual `reference(...).member`, not to an error.
 */
function openValue(v: ArmValue, e: ArmExpr): Folded {
  if (Array.isArray(v))
    return foldedArray(
      v.map((x, i) => openValue(x, { kind: 'index', target: e, index: { kind: 'number', value: i } })),
      e,
    );
  if (!isArmObject(v)) return known(v);
  return foldedObject(
    Object.entries(v).map(([k, x]) => [k, openValue(x, { kind: 'property', target: e, name: k })]),
    true,
    e,
  );
}

def('reference', 1, 3, {
  partial: (args, host, c) => {
    const id = args[0];
    if (id.t !== 'v' || typeof id.v !== 'string') return undefined;
    // A symbolic name (languageVersion 2.0) is read as the ID it designates, so both spellings compare alike.
    const symbolic = id.v.includes('/') ? undefined : host.deployment.symbol?.(id.v);
    const resolved = symbolic ? [known(symbolic), ...args.slice(1)] : args;
    const full = args[2]?.t === 'v' && typeof args[2].v === 'string' && args[2].v.toLowerCase() === 'full';
    const state = host.deployment.reference?.(symbolic ?? id.v, full);
    if (state === undefined) return symbolic ? residualCall(c.name, resolved) : undefined;
    const residual = residualCall(c.name, resolved);
    return openValue(state, (residual as { e: ArmExpr }).e);
  },
});
def('references', 1, 2);
def('pickZones', 3, 5);
def('providers', 1, 2);
