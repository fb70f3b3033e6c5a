/**
 * `hubc deploy` as a library, and the face of src/deploy: `runDeploy` deploys a compiled hub to a resource
 * group (./run.ts), with `--upgrade` the plan of `hubc upgrade-plan` carried out around the deployment
 * (./upgrade.ts, ./upgradeSteps.ts). The connection to Azure and its clients are src/azure's.
 */
export { DEFAULT_TIMING, runDeploy, type DeployOutcome, type DeployTiming } from './run.js';
export type { UpgradeRequest } from './upgrade.js';
