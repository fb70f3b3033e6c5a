/**
 * Deployment scripts, a helper of the modules that run one (storage uploads the settings, Data Factory
 * stops and starts its triggers and removes what earlier releases left): the `Microsoft.Resources/
 * deploymentScripts` resource (./resource.ts) and the scripts' text (./scripts.ts, from ./scripts/*.sh).
 * The face of src/modules/deploymentScripts; it contributes nothing by itself.
 */
export { AZ_CLI_VERSION, deploymentScript, deploymentScriptId, type DeploymentScriptOptions } from './resource.js';
export { DEPLOYMENT_SCRIPTS, deploymentScriptPath, deploymentScriptText, type DeploymentScriptName } from './scripts.js';
