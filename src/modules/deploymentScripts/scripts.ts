/**
 * The bash scripts the hub's deployment scripts run (Microsoft.Resources/deploymentScripts, kind AzureCLI),
 * one file each in `src/modules/deploymentScripts/scripts/`. The files ship with the package (package.json
 * "files") and are read at compile time; the template embeds their text as `scriptContent`. Each file's
 * header comment is its contract: the environment variables it reads and the outputs it writes.
 *
 * The scripts use only what the Azure CLI container image of deployment scripts has: bash with the core
 * utilities (`mktemp`, `cp`, `base64`), `az` and `jq` ("Use deployment scripts in ARM templates",
 * learn.microsoft.com/azure/azure-resource-manager/templates/deployment-script-template: "jq ... comes
 * with the container images"), and only jq features of both 1.6 and 1.7. The Data Factory commands come
 * from the `datafactory` CLI extension, which is not part of the core CLI; the scripts install it with
 * `az extension add` ("Use and manage extensions with the Azure CLI").
 */
import { readFileSync } from 'node:fs';
import { packagePath } from '../../util/packageRoot.js';

/** The scripts, by file name without `.sh`. */
export const DEPLOYMENT_SCRIPTS = ['uploadSettings', 'triggers', 'deleteOldResources', 'uploadQueries'] as const;

/**
 * `uploadSettings`: writes `config/settings.json` (merged with the existing file) and the schema files.
 * `triggers`: stops (Stop=true) or starts (Stop=false) Data Factory triggers, then runs setup pipelines; from 13
 * (StartWaitSeconds) a start waits while a trigger's Event Grid subscription provisions.
 * `deleteOldResources`: deletes triggers and pipelines of earlier releases and the Event Grid namespace.
 * `uploadQueries`: writes the recommendation query files into `config/queries/` (and deletes those it wrote before and no longer deploys).
 */
export type DeploymentScriptName = (typeof DEPLOYMENT_SCRIPTS)[number];

/** Absolute path of a script file in the installed package. */
export function deploymentScriptPath(name: DeploymentScriptName): string {
  return packagePath('src', 'modules', 'deploymentScripts', 'scripts', `${name}.sh`);
}

const texts = new Map<DeploymentScriptName, string>();

/**
 * Text of a script, with LF line endings whatever the checkout did (bash rejects CR, and the template must
 * not differ between machines). Read once per process.
 * @throws Error when the file is missing from the package
 */
export function deploymentScriptText(name: DeploymentScriptName): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(deploymentScriptPath(name), 'utf8').replace(/\r\n?/g, '\n');
    texts.set(name, text);
  }
  return text;
}
