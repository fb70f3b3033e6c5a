/**
 * Diagnostic registry, HUB420-HUB449: `hubc deploy` and `hubc params`.
 * See ./define.ts for the shape of an entry; docs/diagnostics.md is generated from these entries.
 */
import { defineCodes } from './define.js';

export const deployCodes = defineCodes({
  HUB420: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The `--parameters` file cannot be read, is not JSON, or has no `parameters` object.',
    messages: {},
  },
  HUB421: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The `--parameters` file names a parameter the template does not declare (the hint suggests the nearest one).',
    messages: {},
  },
  HUB422: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A `--parameters` entry is not exactly one of `{ "value" }` or `{ "reference": { "keyVault": { "id" }, "secretName" } }`.',
    messages: {},
  },
  HUB423: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A secret the hub uses has no value: a remote hub is configured but `remoteHubStorageKey` is missing or empty.',
    messages: {},
  },
  HUB424: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A Key Vault reference still holds the `<...>` placeholders `hubc params` writes when no `--key-vault` is given.',
    messages: {},
  },
  HUB425: {
    stage: 'params',
    severity: 'warning',
    meaning: 'Warning: a secret the hub uses is written as a Key Vault reference with placeholders (replace them, pass `--key-vault`, or give the value to `az` with `--parameters name=value`).',
    messages: {},
  },
  HUB430: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A resource provider the hub needs is not registered and the signed-in identity may not register it (HTTP 403); the hint gives the `az provider register` commands.',
    messages: {},
  },
  HUB431: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A resource provider registration failed or did not finish in time.',
    messages: {},
  },
  HUB432: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The resource group does not exist and no `--location` is given to create it.',
    messages: {},
  },
  HUB433: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'Azure Resource Manager refused the deployment at validation (preflight); the ARM error follows with its code, target and details.',
    messages: {},
  },
  HUB434: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The deployment failed; the ARM error and the failed operations are shown.',
    messages: {},
  },
  HUB435: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The what-if operation failed.',
    messages: {},
  },
  HUB436: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'Not deploying without confirmation: no terminal to ask on and no `--yes`.',
    messages: {},
  },
  HUB437: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The deployment was cancelled at the confirmation prompt; nothing was changed.',
    messages: {},
  },
  HUB438: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'The credential could not sign in to Azure (`DefaultAzureCredential` found no usable sign-in).',
    messages: {},
  },
  HUB439: {
    stage: 'deploy',
    severity: 'error',
    meaning: 'A call to Azure Resource Manager failed for another reason: no permission (403), throttling (429) beyond the retries, network or TLS error, or an unexpected error answer.',
    messages: {},
  },
});
