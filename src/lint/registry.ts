/**
 * Every lint rule, in code order. A rule is one file in `src/lint/rules/`; adding one means declaring its
 * code, name, severity and summary in the diagnostic registry (src/diagnostics/lint.ts, then `npm run docs`),
 * adding it here, to the rules table of docs/lint.md, and a failing and a passing case to
 * test/lint/cases/.
 */
import type { LintRule } from './types.js';
import { codes } from '../diagnostics/index.js';
import { templateSchema } from './rules/templateSchema.js';
import { parametersReferenced } from './rules/parametersReferenced.js';
import { locationParameter } from './rules/locationParameter.js';
import { resourceLocation } from './rules/resourceLocation.js';
import { apiVersionRecent } from './rules/apiVersionRecent.js';
import { apiVersionStable } from './rules/apiVersionStable.js';
import { outputsNoSecrets } from './rules/outputsNoSecrets.js';
import { secureParameterDefault } from './rules/secureParameterDefault.js';
import { resourceIds } from './rules/resourceIds.js';
import { dependsOn } from './rules/dependsOn.js';
import { noBlankProperties } from './rules/noBlankProperties.js';
import { uiOutputsMatchParameters } from './rules/uiOutputsMatchParameters.js';
import { uiParametersInForm } from './rules/uiParametersInForm.js';
import { uiSchemaHandler } from './rules/uiSchemaHandler.js';
import { storageHttpsOnly } from './rules/storageHttpsOnly.js';
import { storageMinTls } from './rules/storageMinTls.js';
import { storageNoPublicBlob } from './rules/storageNoPublicBlob.js';
import { storageSharedKey } from './rules/storageSharedKey.js';
import { privateNetworkAccess } from './rules/privateNetworkAccess.js';
import { keyVaultSoftDelete } from './rules/keyVaultSoftDelete.js';
import { keyVaultPurgeProtection } from './rules/keyVaultPurgeProtection.js';
import { keyVaultAccess } from './rules/keyVaultAccess.js';
import { secureParameterType } from './rules/secureParameterType.js';
import { secretFlow } from './rules/secretFlow.js';
import { roleAssignments } from './rules/roleAssignments.js';
import { dataFactoryIdentity } from './rules/dataFactoryIdentity.js';
import { deploymentScriptSecrets } from './rules/deploymentScriptSecrets.js';
import { adfFailurePath } from './rules/adfFailurePath.js';
import { adfUntilBounded } from './rules/adfUntilBounded.js';
import { adfActivityTimeout } from './rules/adfActivityTimeout.js';
import { adfForEachBatch } from './rules/adfForEachBatch.js';
import { kqlDatabaseScript } from './rules/kqlDatabaseScript.js';

/** The registered rules, ordered by code. */
export const RULES: readonly LintRule[] = [
  templateSchema,
  parametersReferenced,
  locationParameter,
  resourceLocation,
  apiVersionRecent,
  apiVersionStable,
  outputsNoSecrets,
  secureParameterDefault,
  resourceIds,
  dependsOn,
  noBlankProperties,
  uiOutputsMatchParameters,
  uiParametersInForm,
  uiSchemaHandler,
  storageHttpsOnly,
  storageMinTls,
  storageNoPublicBlob,
  storageSharedKey,
  privateNetworkAccess,
  keyVaultSoftDelete,
  keyVaultPurgeProtection,
  keyVaultAccess,
  secureParameterType,
  secretFlow,
  roleAssignments,
  dataFactoryIdentity,
  deploymentScriptSecrets,
  adfFailurePath,
  adfUntilBounded,
  adfActivityTimeout,
  adfForEachBatch,
  kqlDatabaseScript,
];

/**
 * The rules reported to hub.yaml authors (`actor: 'author'`, see {@link LintRule.actor}); the others are
 * hubc maintainers' rules, which hubc's own tests run.
 */
export const AUTHOR_RULES: readonly LintRule[] = RULES.filter((r) => r.actor === 'author');

/** Code of the finding that a hub.yaml suppression names no rule or matches nothing (reported by {@link lintHub}). */
export const UNUSED_SUPPRESSION_CODE = codes.HUB599.code;

/** The rule with a code or name, or undefined. */
export function findRule(idOrName: string): LintRule | undefined {
  const k = idOrName.trim().toLowerCase();
  return RULES.find((r) => r.id.toLowerCase() === k || r.name.toLowerCase() === k);
}
