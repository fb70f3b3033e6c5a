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
import { isObject } from '../util/json.js';
import type { Build, Deployed, TemplateView } from '../build/index.js';

/** A role to grant for a component B turns on. */
export interface RoleToGrant {
  grant: ManualGrant;
  /** The template parameter that turns the component on (its name in B). */
  parameter: string;
  /** The Azure RBAC scopes of B's settings (empty: none known). */
  scopes: string[];
}

/** The folded value of a bool parameter of a template: false when the template has no such parameter. */
function switchState(template: TemplateView, name: string, known: ArmEvalContext): Deployed {
  if (!template.parameter(name)) return false;
  const value = templateValueFolder(templateContext(template.json ?? {}, { ...known, useDefaults: true }), { keepInvalid: true })(arm.parameters(name));
  return typeof value === 'boolean' ? value : 'unknown';
}

/** The Azure RBAC scopes of a build's `config/settings.json` (`scopes` entries as strings or `{ scope }`). */
function settingsScopes(build: Build): string[] {
  const settings = build.json('config/settings.json');
  const list = isObject(settings) && Array.isArray(settings.scopes) ? settings.scopes : [];
  return list.map((s) => (isObject(s) ? s.scope : s)).filter((s): s is string => typeof s === 'string' && isRbacScope(s));
}

/**
 * The roles B needs for what it turns on.
 * @param known what is known of each deployment (parameter values, resource group); without it, the defaults
 */
export function rolesToGrant(a: Build, b: Build, known: { a?: ArmEvalContext; b?: ArmEvalContext } = {}): RoleToGrant[] {
  return MANUAL_GRANTS.flatMap((grant) => {
    const name = grant.parameter;
    const inA = switchState(a.template, name, known.a ?? {});
    const inB = switchState(b.template, name, known.b ?? {});
    if (inB === false || inA === true) return [];
    return [{ grant, parameter: name, scopes: settingsScopes(b) }];
  });
}
