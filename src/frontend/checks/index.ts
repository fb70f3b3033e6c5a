/**
 * Every semantic check of hub.yaml, in the order they run (diagnostics are sorted by position afterwards).
 */
import type { Check } from './types.js';
import { addressPrefixCheck } from './network.js';
import { dataExplorerSkuCheck, storageSkuCheck } from './skus.js';
import { databaseNamesCheck, datasetsCheck } from './datasets.js';
import { customDatasetsCheck } from './customDatasets.js';
import { timeZonesCheck } from './schedules.js';
import { tagCountCheck, tagNamesCheck } from './tags.js';
import { tagsByResourceCheck } from './tagsByResource.js';
import { regionsCheck } from './regions.js';
import { scopesCheck } from './scopes.js';
import { releaseFieldsCheck } from './releaseFields.js';
import { hubNameCheck } from './hubName.js';
import { fabricCheck } from './fabric.js';
import { recommendationsCheck } from './recommendations.js';
import { analyticsEnginesCheck } from './analyticsEngines.js';

export type { Check, CheckContext, DataPath } from './types.js';

/** The checks. */
export const CHECKS: readonly Check[] = [
  addressPrefixCheck,
  dataExplorerSkuCheck,
  storageSkuCheck,
  databaseNamesCheck,
  datasetsCheck,
  customDatasetsCheck,
  timeZonesCheck,
  tagNamesCheck,
  tagCountCheck,
  tagsByResourceCheck,
  regionsCheck,
  scopesCheck,
  releaseFieldsCheck,
  hubNameCheck,
  fabricCheck,
  recommendationsCheck,
  analyticsEnginesCheck,
];
