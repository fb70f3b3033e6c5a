/**
 * Diagnostic registry, HUB420-HUB449: `hubc deploy` and `hubc params` (HUB442-HUB448, upgrade notes of a release's
 * changes, are declared in ./releaseChanges.ts).
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes, type MessageText } from './define.js';

/** Hint of HUB420 when the parameters file cannot be read. */
const PARAMETERS_FILE_HINT = 'Pass the path of a deployment parameters file (hubc params writes one).';

/** Hint of the codes whose ARM error is shown below the diagnostic. */
const FIX_ARM_ERROR = 'Fix what the ARM error below names, then run again.';

const SIGN_IN_HINT =
  'Sign in first (az login, Connect-AzAccount, azd auth login, or the AZURE_* environment variables of a service principal or workload identity); see docs/deploy.md, "Sign-in".';

/** A call to ARM that failed: `what` the call was (`validating the deployment`), its HTTP status when ARM answered, and ARM's `code: message`. */
export interface CallFailure {
  what: string;
  status?: number;
  text: string;
}

/** ` (HTTP 403)`, or nothing when ARM did not answer. */
const httpStatus = (status?: number) => (status ? ` (HTTP ${status})` : '');

/** The template of an ARM error answer to `what` (the request was understood and refused); ARM's error follows the diagnostic. */
const armRefused =
  (what: string) =>
  (a: { status?: number }): MessageText => ({ message: `Azure Resource Manager refused ${what}${httpStatus(a.status)}`, hint: FIX_ARM_ERROR });

/** The template of a call to ARM that failed for a reason other than a refusal, with the hint for that reason. */
const callFailed =
  (hint: string) =>
  (a: CallFailure): MessageText => ({ message: `${a.what} failed${httpStatus(a.status)}: ${a.text}`, hint });

export const deployCodes = defineCodes({
  HUB420: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The `--parameters` file cannot be read, is not JSON, or has no `parameters` object.',
    messages: {
      unreadable: (a: { file: string; detail: string }) => ({ message: `cannot read ${a.file}: ${a.detail}`, hint: PARAMETERS_FILE_HINT }),
      notJson: (a: { file: string; detail: string }) => ({ message: `${a.file} is not valid JSON: ${a.detail}`, hint: 'Fix the JSON syntax.' }),
      noParameters: (a: { file: string }) => ({
        message: `${a.file} has no "parameters" object`,
        hint: 'Use the deploymentParameters form: { "$schema": ..., "contentVersion": "1.0.0.0", "parameters": { "name": { "value": ... } } }.',
      }),
      /** `hubc deploy --upgrade` reads the file as JSON first; its names are checked once the plan renamed them. */
      unreadableJson: (a: { file: string; detail: string }) => ({ message: `cannot read ${a.file} as JSON: ${a.detail}`, hint: PARAMETERS_FILE_HINT }),
    },
  },
  HUB421: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The `--parameters` file names a parameter the template does not declare (the hint suggests the nearest one).',
    messages: {
      /** `near`: the nearest declared name, if any is near; `declared`: the template's parameter names. */
      raise: (a: { key: string; near?: string; declared: readonly string[] }) => ({
        message: `the template has no parameter '${a.key}'`,
        hint: a.near ? `Did you mean '${a.near}'?` : `Template parameters: ${a.declared.join(', ')}.`,
      }),
    },
  },
  HUB422: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A `--parameters` entry is not exactly one of `{ "value" }` or `{ "reference": { "keyVault": { "id" }, "secretName" } }`.',
    messages: {
      /** `problem`: what is wrong with the entry, e.g. `has both "value" and "reference"`. */
      raise: (a: { key: string; problem: string }) => ({
        message: `${a.key}: ${a.problem}`,
        hint: 'Each parameter is { "value": ... } or { "reference": { "keyVault": { "id": ... }, "secretName": ... } }.',
      }),
    },
  },
  HUB423: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A secret the hub uses has no value: a remote hub is configured but `remoteHubStorageKey` is missing or empty.',
    messages: {
      raise: (a: { name: string }) => ({
        message: `${a.name} is needed by this hub but no value is given`,
        hint: 'Give it in the --parameters file as a Key Vault reference (hubc params --key-vault ID writes one) or as { "value": ... }.',
      }),
    },
  },
  HUB424: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A Key Vault reference still holds the `<...>` placeholders `hubc params` writes when no `--key-vault` is given.',
    messages: {
      raise: (a: { key: string; vaultId: string; secretName: string }) => ({
        message: `${a.key}: the Key Vault reference still holds placeholders (${a.vaultId}, ${a.secretName})`,
        hint: 'Put the vault resource ID and secret name there (or run hubc params --key-vault ID), or give the value as { "value": ... }.',
      }),
    },
  },
  HUB425: {
    stage: 'params',
    severity: 'warning',
    meaning:
      'Warning: a secret the hub uses is written as a Key Vault reference with placeholders (replace them, pass `--key-vault`, or give the value to `az` with `--parameters name=value`).',
    messages: {
      /** `file`: the parameters file written (as given to --out), or undefined when it went to stdout. */
      raise: (a: { name: string; file?: string }) => ({
        message: `${a.name} is a secret and is not written: the file holds a Key Vault reference with placeholders`,
        hint:
          'Pass --key-vault <vault resource ID> (and --key-secret <name>), replace the <...> placeholders, or give the value at deployment: ' +
          `az deployment group create ... --parameters @${a.file ?? '<the saved file>'} --parameters ${a.name}=<value>.`,
      }),
    },
  },
  HUB430: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A resource provider the hub needs is not registered and the signed-in identity may not register it (HTTP 403); the hint gives the `az provider register` commands.',
    messages: {
      /** `commands`: the `az provider register` command of each namespace (src/deploy/providers.ts). */
      raise: (a: { namespaces: readonly string[]; commands: readonly string[] }) => {
        const many = a.namespaces.length > 1;
        return {
          message: `resource provider${many ? 's' : ''} ${a.namespaces.join(', ')} ${many ? 'are' : 'is'} not registered and the signed-in identity may not register ${many ? 'them' : 'it'} (HTTP 403)`,
          hint: `Ask someone with Contributor or Owner on the subscription to run: ${a.commands.join(' ; ')}`,
        };
      },
    },
  },
  HUB431: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A resource provider registration failed or did not finish in time.',
    messages: {
      /** `detail`: the registration's error message, or the state it was left in. */
      raise: (a: { namespace: string; detail: string; subscription: string }) => ({
        message: `resource provider ${a.namespace} could not be registered: ${a.detail}`,
        hint: `Check it with: az provider show --namespace ${a.namespace} --subscription ${a.subscription}`,
      }),
    },
  },
  HUB432: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The resource group does not exist and no `--location` is given to create it.',
    messages: {
      raise: (a: { resourceGroup: string }) => ({
        message: `resource group ${a.resourceGroup} does not exist and no --location is given to create it`,
        hint: 'Pass --location <region> (e.g. --location westeurope), or create the resource group first.',
      }),
    },
  },
  HUB433: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'Azure Resource Manager refused the deployment at validation (preflight); the ARM error follows with its code, target and details.',
    messages: {
      refused: armRefused('validating the deployment'),
    },
  },
  HUB434: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The deployment failed; the ARM error and the failed operations are shown.',
    messages: {
      refused: armRefused('the deployment'),
      failed: { message: 'the deployment failed', hint: 'Fix what the ARM error below names, then run again; resources already deployed stay (the next run updates them).' },
      /** `state`: the deployment's `provisioningState`, `unknown` when ARM gave none. */
      ended: (a: { state: string }) => `the deployment ended in state ${a.state}`,
    },
  },
  HUB435: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The what-if operation failed.',
    messages: {
      refused: armRefused('the what-if operation'),
      failed: { message: 'the what-if operation failed', hint: FIX_ARM_ERROR },
    },
  },
  HUB436: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'Not deploying without confirmation: no terminal to ask on and no `--yes`.',
    messages: {
      raise: { message: 'not deploying without confirmation: there is no terminal to ask on', hint: 'Pass --yes to deploy these changes, or --what-if to only preview them.' },
    },
  },
  HUB437: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The deployment was cancelled at the confirmation prompt; nothing was changed.',
    messages: {
      raise: 'deployment cancelled; nothing was changed',
    },
  },
  HUB438: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The credential could not sign in to Azure (`DefaultAzureCredential` found no usable sign-in).',
    messages: {
      raise: (a: CallFailure) => ({ message: `cannot sign in to Azure while ${a.what}: ${a.text}`, hint: SIGN_IN_HINT }),
    },
  },
  HUB439: {
    stage: 'deploy',
    severity: 'error',
    meaning:
      'A call to Azure Resource Manager failed for another reason: no permission (403), throttling (429) beyond the retries, network or TLS error, or an unexpected error answer.',
    messages: {
      forbidden: callFailed('The signed-in identity lacks a role this step needs (docs/deploy.md, "Permissions", lists who needs which role).'),
      throttled: callFailed('ARM throttled the requests (HTTP 429) beyond the SDK retries; wait a few minutes and run again.'),
      network: callFailed('Check the network connection, --cloud and --arm-endpoint.'),
      arm: callFailed('See the ARM error below.'),
    },
  },
  HUB440: {
    stage: 'deploy',
    severity: 'error',
    meaning: '`hubc deploy` reached its `--timeout` (default 2 hours) and stopped waiting; a deployment already started may still be running (its portal link is given). Exit 2.',
    messages: {
      /** `after`: the time-out as written (`2 h`); `what`: the step it was in; `link`: the deployment in the portal, once it was started. */
      raise: (a: { after: string; what: string; link?: string }) => ({
        message: `hubc deploy stopped after ${a.after} (--timeout) while ${a.what}`,
        hint: a.link
          ? `The deployment may still be running: follow it at ${a.link}, or run hubc deploy again (with a longer --timeout) once it has ended.`
          : 'Nothing was deployed. Check the network, --cloud and --arm-endpoint, then run again (with a longer --timeout if Azure is slow).',
      }),
    },
  },
  HUB441: {
    stage: 'deploy',
    severity: 'error',
    meaning:
      "ARM's answers about the state of a long-running operation could not be read (not JSON, no status, or a status ARM does not document), several times in a row; the deployment's state is unknown, not final. Exit 2.",
    messages: {
      /** `what`: the operation; `problem`: what was wrong with the last answer; `link`: the deployment in the portal. */
      raise: (a: { what: string; problem: string; link: string }) => ({
        message: `could not read the deployment's state while ${a.what}: ${a.problem}`,
        hint: `The deployment may still be running or may have ended: see it at ${a.link}.`,
      }),
    },
  },
});
