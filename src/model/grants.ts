/**
 * Access a hub component needs that its template does not grant: roles on scopes outside the hub's resource
 * group, which a resource-group deployment cannot assign, so the hub's owner grants them. One row per such
 * need ({@link MANUAL_GRANTS}); the build-time warning (HUB231, src/frontend/checks/recommendations.ts) and the
 * upgrade note and plan step for a hub that turns the component on (HUB660, src/diff/grants.ts) are made
 * from the rows, so a new need is a row, not new code.
 *
 * Source of the commands: "Assign Azure roles using Azure CLI"
 * (learn.microsoft.com/azure/role-based-access-control/role-assignments-cli): `az role assignment create
 * --assignee-object-id <id> --assignee-principal-type ServicePrincipal --role <role> --scope <scope>`.
 */
import type { OutputKey, ParameterKey, ReleaseFeature } from './releases.js';

/** A role the hub's owner grants by hand for a component to work. */
export interface ManualGrant {
  /** The capability that needs it. */
  feature: ReleaseFeature;
  /** The bool template parameter that turns the component on at deployment (its default comes from hub.yaml). */
  parameter: ParameterKey;
  /** What needs the role, for messages: `recommendations from Azure Resource Graph`. */
  what: string;
  /** The built-in role: its name and role definition GUID. */
  role: { name: string; id: string };
  /** The template output holding the object ID of the identity that gets the role. */
  principalOutput: OutputKey;
  /** The identity, for messages. */
  principal: string;
  /** Which scopes get it, for messages. */
  scopes: string;
  /** What happens without it. */
  without: string;
  /** Where the rule comes from. */
  source: string;
}

/** Built-in role definition of Reader (learn.microsoft.com/azure/role-based-access-control/built-in-roles). */
export const READER_ROLE = { name: 'Reader', id: 'acdd72a7-3385-48ef-bd42-f606fba81ae7' } as const;

/** Every role a component needs that the template does not grant. */
export const MANUAL_GRANTS: readonly ManualGrant[] = [
  {
    feature: 'recommendations',
    parameter: 'enableRecommendations',
    what: 'recommendations from Azure Resource Graph',
    role: READER_ROLE,
    principalOutput: 'managedIdentityId',
    principal: "the Data Factory's system-assigned identity",
    scopes: 'the management groups or subscriptions to analyze',
    without: 'Azure Resource Graph answers only with the resources the caller may read, so the recommendation queries run and find nothing',
    source: 'learn.microsoft.com/azure/governance/resource-graph/overview#permissions-in-azure-resource-graph',
  },
];

/** True for a scope ID Azure RBAC assigns roles on: a management group, a subscription or a resource group (case ignored, as ARM does). */
export function isRbacScope(scope: string): boolean {
  return /^\/providers\/microsoft\.management\/managementgroups\/[^/]+$/i.test(scope) || /^\/subscriptions\/[^/]+(\/resourcegroups\/[^/]+)?$/i.test(scope);
}

/** The placeholder of a grant's scope when the hub names none Azure RBAC knows. */
export const SCOPE_PLACEHOLDER = '<management group or subscription ID>';

/**
 * The commands that grant a role on each scope: one line reading the identity's object ID from the hub
 * deployment's output, then one `az role assignment create` per scope (the placeholder when `scopes` is empty).
 * @param where the resource group and deployment name when known, else placeholders
 */
export function grantCommands(grant: ManualGrant, scopes: readonly string[], where: { resourceGroup?: string; deployment?: string } = {}): string[] {
  const group = where.resourceGroup ?? '<resource group>';
  const deployment = where.deployment ?? '<deployment name>';
  return [
    `principal=$(az deployment group show -g ${group} -n ${deployment} --query properties.outputs.${grant.principalOutput}.value -o tsv)`,
    ...(scopes.length ? scopes : [SCOPE_PLACEHOLDER]).map(
      (scope) => `az role assignment create --assignee-object-id "$principal" --assignee-principal-type ServicePrincipal --role ${grant.role.name} --scope ${scope}`,
    ),
  ];
}
