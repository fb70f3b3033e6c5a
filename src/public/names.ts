/**
 * Which naming rules a running hub's resources follow, from their names: the unique suffix is
 * `uniqueString(hubName, resourceGroup().id)` (ARM's `uniqueString`, `src/expressions/arm`), so the names
 * each mode gives can be computed and compared (`hubc import`, `hubc deploy --upgrade`).
 */
import { armUniqueString } from '../expressions/arm/evaluate.js';
import { getRelease, type ReleaseVersion } from '../model/releases.js';
import { NAMING_MODES, resolveName, type NamingMode } from '../model/naming.js';

/**
 * Which naming rules a hub's resources follow: the mode whose storage account name (for the hub name and
 * resource group) is among `storageAccounts`, or undefined when neither's is.
 */
export function namingOfNames(release: ReleaseVersion, hubName: string, resourceGroupId: string, storageAccounts: readonly string[]): NamingMode | undefined {
  const suffix = armUniqueString(hubName, resourceGroupId);
  const r = getRelease(release);
  const names = new Set(storageAccounts.map((n) => n.toLowerCase()));
  return NAMING_MODES.find((m) => names.has(resolveName(r.namingRules[m].storageAccount, hubName, suffix).toLowerCase()));
}
