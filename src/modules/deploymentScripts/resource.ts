/**
 * The one shape of every deployment script the hub runs (Microsoft.Resources/deploymentScripts,
 * learn.microsoft.com/azure/azure-resource-manager/templates/deployment-script-template): a bash script
 * run by the Azure CLI image (kind AzureCLI), a user-assigned identity, a one-hour retention, clean-up on
 * success, a 30-minute timeout, and a re-run on every new deployment.
 */
import * as arm from '../../expressions/arm/index.js';
import type { ArmEnum, ArmResource, ArmResourceOf, Shape, Value } from '../types.js';
import { tagsFor } from '../core/names.js';
import { apiVersion } from '../core/apiVersions.js';

const SCRIPT_TYPE = 'Microsoft.Resources/deploymentScripts';

/**
 * Azure CLI version of the script container. Deployment scripts accept only the versions they have
 * certified, about a month after a CLI release; a version they do not know fails validation with the list
 * of supported ones ("Use deployment scripts in ARM templates", `azCliVersion`; the list is
 * mcr.microsoft.com/v2/azure-cli/tags/list).
 */
export const AZ_CLI_VERSION = '2.63.0';

/** The `properties` of a deployment script of kind AzureCLI, at hubc's API version. */
type ScriptProperties = Shape<Extract<ArmResourceOf<typeof SCRIPT_TYPE>, { kind: ArmEnum<'AzureCLI'> | arm.Arm }>['properties']>;

/** What differs between the hub's deployment scripts. */
export interface DeploymentScriptOptions {
  name: arm.Arm | string;
  /** Runs only when true at deployment (ARM `condition`); absent = always. */
  condition?: arm.Arm;
  /** Resource ID of the user-assigned identity the script runs as. */
  identity: arm.Arm;
  /** Bash script text (see ./scripts.ts). */
  content: string;
  /** Environment variables, in order (values are text, or ARM expressions giving text). */
  env: { name: string; value: string | arm.Arm }[];
  dependsOn: Value[];
  /** Extra properties placed before `environmentVariables` (e.g. `storageAccountSettings`, `containerSettings`). */
  settings?: Pick<ScriptProperties, 'storageAccountSettings' | 'containerSettings'>;
}

/**
 * A deployment script resource (kind AzureCLI): the one builder of every deployment script body the hub
 * deploys.
 */
export function deploymentScript(o: DeploymentScriptOptions): ArmResource {
  return {
    type: SCRIPT_TYPE,
    apiVersion: apiVersion('Microsoft.Resources/deploymentScripts'),
    name: o.name,
    ...(o.condition ? { condition: o.condition } : {}),
    location: arm.parameters('location'),
    tags: tagsFor(SCRIPT_TYPE),
    kind: 'AzureCLI',
    identity: { type: 'UserAssigned', userAssignedIdentities: { [o.identity.toJSON()]: {} } },
    dependsOn: o.dependsOn,
    properties: {
      azCliVersion: AZ_CLI_VERSION,
      retentionInterval: 'PT1H',
      // A new deployment name (the portal and CLI make one per deployment) re-runs the script even when its
      // other properties are unchanged and the previous run is still retained.
      forceUpdateTag: arm.prop(arm.deployment(), 'name'),
      cleanupPreference: 'OnSuccess',
      timeout: 'PT30M',
      ...o.settings,
      environmentVariables: o.env,
      scriptContent: o.content,
    },
  };
}

/** Resource ID of the deployment script named `name` (for `dependsOn` and for waiting on a script). */
export function deploymentScriptId(name: arm.Arm | string): arm.Arm {
  return arm.resourceId(SCRIPT_TYPE, name);
}
