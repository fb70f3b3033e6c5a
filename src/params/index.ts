/**
 * `hubc params`: the `azuredeploy.parameters.json` of a compiled hub, for someone deploying with `az`
 * or PowerShell instead of `hubc deploy`. Every template parameter gets hub.yaml's value (the template's
 * default, which the compiler took from hub.yaml), except:
 *
 * - parameters whose default is an ARM expression (`location` = `[resourceGroup().location]` when
 *   hub.yaml leaves `hub.location` empty): a parameter file value is never evaluated, so they are left
 *   out and the template computes them at deployment;
 * - secure parameters (`securestring`, `secureObject`: the remote hub storage key): never written. When
 *   the hub uses one (a remote hub is configured), the file holds a Key Vault reference instead
 *   (`{ "reference": { "keyVault": { "id" }, "secretName" } }`, Azure docs "Use Azure Key Vault to pass
 *   secure parameter value during deployment"): to the vault given with `--key-vault`, else to explicit
 *   `<...>` placeholders that ARM rejects until they are replaced, so a file deployed by mistake fails
 *   instead of deploying an empty key. A placeholder that makes `az` prompt is not possible: `az
 *   deployment group create` prompts only for template parameters that have no `defaultValue`, and the
 *   hub's key parameter has one (`""`). With `az`, a later `--parameters remoteHubStorageKey=...`
 *   replaces the file's entry (az reads `--parameters` in order, the last value wins).
 *
 * The file follows the deploymentParameters schema
 * (`https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#`): `$schema`,
 * `contentVersion`, and for each parameter exactly one of `value` or `reference`.
 */
import type { Build } from '../build/index.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { isArmExpressionString } from '../expressions/arm/semantics.js';
import { codes } from '../diagnostics/index.js';

/** `$schema` of a deployment parameters file. */
export const DEPLOYMENT_PARAMETERS_SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#';

/** A Key Vault reference as a parameter value (the secret is read by ARM at deployment). */
export interface KeyVaultReference {
  keyVault: { id: string };
  secretName: string;
  secretVersion?: string;
}

/** One entry of a parameters file: a literal value, or a Key Vault reference. */
export type ParameterEntry = { value: unknown } | { reference: KeyVaultReference };

/** A deployment parameters file. */
export interface DeploymentParametersFile {
  $schema: string;
  contentVersion: string;
  parameters: Record<string, ParameterEntry>;
}

/** A template parameter as hubc reads it. */
export interface TemplateParameter {
  type?: string;
  defaultValue?: unknown;
}

/** Placeholder Key Vault ID written when no vault is given; `hubc deploy` refuses it (HUB424). */
export const PLACEHOLDER_VAULT_ID = '/subscriptions/<subscription-id>/resourceGroups/<resource-group>/providers/Microsoft.KeyVault/vaults/<vault-name>';

/** Placeholder secret name written when no vault is given. */
export const PLACEHOLDER_SECRET_NAME = '<secret-name>';

/**
 * Secure parameters and the parameter whose non-empty value means the secure one is used. A secure
 * parameter not listed here is always treated as used.
 */
export const SECRET_USED_WHEN: Readonly<Record<string, string>> = { remoteHubStorageKey: 'remoteHubStorageUri' };

export { ParametersFileExistsError, writeParametersFile } from './write.js';

/** True for `securestring` and `secureObject` parameters (type compared case-insensitively, as ARM does). */
export function isSecureParameter(p: TemplateParameter | undefined): boolean {
  const t = (p?.type ?? '').toLowerCase();
  return t === 'securestring' || t === 'secureobject';
}

/** True when a Key Vault reference still holds one of the `<...>` placeholders. */
export function hasPlaceholder(ref: KeyVaultReference): boolean {
  return /<[^>]*>/.test(ref.keyVault?.id ?? '') || /<[^>]*>/.test(ref.secretName ?? '');
}

/**
 * Whether a secure parameter is used, given the values the deployment will get: true unless
 * {@link SECRET_USED_WHEN} names a controlling parameter whose value is empty (`""` or null).
 * @param valueOf the value a parameter will have (from the file, else the template default); undefined when unknown
 */
export function secretInUse(name: string, valueOf: (name: string) => unknown): boolean {
  const controller = SECRET_USED_WHEN[name];
  if (!controller) return true;
  const v = valueOf(controller);
  // Unknown before deployment (a Key Vault reference, an expression): counted as used.
  return typeof v === 'string' ? v !== '' : v !== null;
}

/** Options of {@link buildParametersFile}. */
export interface ParamsOptions {
  /** Resource ID of the Key Vault holding the secrets (`--key-vault`). */
  keyVaultId?: string;
  /** Secret name in that vault (`--key-secret`); default: the parameter's name. */
  secretName?: string;
  /** Path the file is written to (`--out`), named by the warnings; undefined when it goes to stdout. */
  file?: string;
}

/** A parameter left out of the file, and why. */
export interface OmittedParameter {
  name: string;
  reason: string;
}

/** What {@link buildParametersFile} produced. */
export interface ParamsResult {
  file: DeploymentParametersFile;
  /** Parameters written with a Key Vault reference. */
  references: string[];
  omitted: OmittedParameter[];
  /** HUB425 warnings (placeholder references). */
  diagnostics: Diagnostic[];
}

/**
 * The parameters file of a compiled hub (see the module comment for what is written).
 * @param build the Build of a successful compile (`fromCompile`), whose template declares the parameters
 * @throws Error when the build has no template
 */
export function buildParametersFile(build: Build, options: ParamsOptions = {}): ParamsResult {
  if (!build.template.json) throw new Error('hubc: the build has no azuredeploy.json');
  const declared = build.template.parameters;
  const parameters: Record<string, ParameterEntry> = {};
  const references: string[] = [];
  const omitted: OmittedParameter[] = [];
  const diagnostics: Diagnostic[] = [];
  const defaultOf = (name: string) => declared.find((p) => p.name === name)?.defaultValue;
  for (const p of declared) {
    const { name } = p;
    if (p.secure) {
      if (!secretInUse(name, defaultOf)) {
        omitted.push({ name, reason: `secret, not used by this hub (${SECRET_USED_WHEN[name]} is empty)` });
        continue;
      }
      const placeholder = !options.keyVaultId;
      parameters[name] = {
        reference: { keyVault: { id: options.keyVaultId ?? PLACEHOLDER_VAULT_ID }, secretName: placeholder ? PLACEHOLDER_SECRET_NAME : (options.secretName ?? name) },
      };
      references.push(name);
      if (placeholder) {
        diagnostics.push({ ...codes.HUB425.raise({ name, file: options.file }), file: options.file ?? '<stdout>', path: `parameters.${name}` });
      }
      continue;
    }
    if (!p.hasDefault) {
      omitted.push({ name, reason: 'no value in hub.yaml; required at deployment' });
      continue;
    }
    if (isArmExpressionString(p.defaultValue)) {
      omitted.push({ name, reason: `computed by the template at deployment: ${String(p.defaultValue)}` });
      continue;
    }
    parameters[name] = { value: p.defaultValue };
  }
  return { file: { $schema: DEPLOYMENT_PARAMETERS_SCHEMA, contentVersion: '1.0.0.0', parameters }, references, omitted, diagnostics };
}
