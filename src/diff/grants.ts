/**
 * Roles B needs that its template does not grant, for a component A does not run and B does: one per row of
 * `MANUAL_GRANTS` (src/model/grants.ts) whose switch (a bool template parameter) is off in A (or A lacks the
 * parameter) and on in B, or unknown in either (each folded with what is known of its deployment, else its
 * defaults). The upgrade note (HUB660, ./upgrade.ts) and the plan's step with the commands
 * (src/upgrade/plan.ts) are made from this one comparison.
 *
 * The scopes named are the Azure RBAC scopes (management groups, subscriptions, resource groups) of B's
 * `config/settings.json`, the hub's scopes as B deploys them.
 */
import * as arm from '../expressions/arm/index.js';
import { templateContext, templateValueFolder, type ArmEvalContext } from '../expressions/arm/evaluate.js';
import { isRbacScope, MANUAL_GRANTS, type ManualGrant } from '../model/grants.js';
import { isObject, type JsonObject } from '../util/json.js';
import type { Deployed } from './deployed.js';

/** A role to grant for a component B turns on. */
export interface RoleToGrant {
  grant: ManualGrant;
  /** The template parameter that turns the component on (its name in B). */
  parameter: string;
  /** The Azure RBAC scopes of B's settings (empty: none known). */
  scopes: string[];
}

/** The folded value of a bool parameter of a template: false when the template has no such parameter. */
function switchState(template: JsonObject, name: string, known: ArmEvalContext): Deployed {
  if (!isObject(template.parameters) || !Object.keys(template.parameters).some((k) => k.toLowerCase() === name.toLowerCase())) return false;
  const value = templateValueFolder(templateContext(template, { ...known, useDefaults: true }), { keepInvalid: true })(arm.parameters(name));
  return typeof value === 'boolean' ? value : 'unknown';
}

/** The Azure RBAC scopes of a build's `config/settings.json` (`scopes` entries as strings or `{ scope }`). */
function settingsScopes(artifacts: ReadonlyMap<string, string>): string[] {
  let settings: unknown;
  try {
    settings = JSON.parse(artifacts.get('config/settings.json') ?? 'null');
  } catch {
    return [];
  }
  const list = isObject(settings) && Array.isArray(settings.scopes) ? settings.scopes : [];
  return list.map((s) => (isObject(s) ? s.scope : s)).filter((s): s is string => typeof s === 'string' && isRbacScope(s));
}

/**
 * The roles B needs for what it turns on.
 * @param known what is known of each deployment (parameter values, resource group); without it, the defaults
 */
export function rolesToGrant(ta: JsonObject, tb: JsonObject, artifactsB: ReadonlyMap<string, string>, known: { a?: ArmEvalContext; b?: ArmEvalContext } = {}): RoleToGrant[] {
  return MANUAL_GRANTS.flatMap((grant) => {
    const name = grant.parameter;
    const inA = switchState(ta, name, known.a ?? {});
    const inB = switchState(tb, name, known.b ?? {});
    if (inB === false || inA === true) return [];
    return [{ grant, parameter: name, scopes: settingsScopes(artifactsB) }];
  });
}
