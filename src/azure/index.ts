/**
 * What hubc asks of Azure, shared by `hubc deploy`, `hubc import` and `hubc migrate-data`: the clouds and
 * their endpoints, the connection to Azure Resource Manager and its SDK clients (resources, Data Factory)
 * held to deadlines by request policies, bounded paging, ARM's error bodies, a hub's Data Lake account and
 * its `config/settings.json`, and the hub release a resource group holds. The face of src/azure: other
 * folders import this file (the command line's option declarations import ./options.ts, which loads no SDK).
 */
export { deploymentPortalLink, normalizeArmEndpoint } from './clouds.js';
export { armConnection, createDataFactoryClient, createResourceClient, type ArmConnection } from './arm.js';
export { Deadline, DEFAULT_LIMITS, DeployTimeoutError, formatDuration, UnreadableStateError, type DeployLimits } from './deadline.js';
export { deployPolicies, isFinalState } from './policies.js';
export { boundedPages, LISTING_LIMITS, PagingError } from './paging.js';
export { armErrorFromBody, armFailureOf, formatArmError, type ArmError, type ArmFailure } from './errors.js';
export { dataLakeClient, readSettingsJson, type DataLakeConnection } from './dataLake.js';
export { readInstalledHub, releaseOfVersion, type InstalledHub } from './installed.js';
