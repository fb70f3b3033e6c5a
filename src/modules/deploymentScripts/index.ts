/**
 * Deployment scripts, a helper of the modules that run one (storage uploads the settings, Data Factory
 * stops and starts its triggers and removes what earlier releases left): the `Microsoft.Resources/
 * deploymentScripts` resource (./resource.ts) and the scripts' text (./scripts.ts, from ./scripts/*.sh).
 * The face of src/modules/deploymentScripts; it contributes nothing by itself.
 */
export { deploymentScript, deploymentScriptId, type DeploymentScriptOptions } from './resource.js';
export { deploymentScriptText } from './scripts.js';
