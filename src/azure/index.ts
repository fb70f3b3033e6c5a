/**
 * What hubc asks of Azure, shared by `hubc deploy`, `hubc import` and `hubc migrate-data`: the clouds and
 * their endpoints, the connection to Azure Resource Manager and its SDK clients (resources, Data Factory)
 * held to deadlines by request policies, bounded paging, ARM's error bodies, a hub's Data Lake account and
 * its `config/settings.json`, and the hub release a resource group holds. The face of src/azure: other
 * folders import this file (the command line's option declarations import ./options.ts, which loads no SDK).
 */
export { CLOUD_NAMES, CLOUDS, deploymentPortalLink, normalizeArmEndpoint, type CloudEndpoints, type CloudName } from './clouds.js';
export { dataLakeEndpoint } from './endpoint.js';
export { armConnection, clientOptionsOf, createDataFactoryClient, createResourceClient, type ArmConnection } from './arm.js';
export { Deadline, DEFAULT_LIMITS, DeployTimeoutError, formatDuration, parseDuration, UnreadableStateError, type DeployLimits } from './deadline.js';
export { cutNesting, deployPolicies, isFinalState, isKnownState, jsonDepth, MAX_NESTING, stateProblem, type AddedPolicy } from './policies.js';
export { boundedPages, LISTING_LIMITS, PagingError } from './paging.js';
export { ARM_ERROR_LIMITS, armErrorFromBody, armFailureOf, CUT_DETAILS_KEY, formatArmError, type ArmError, type ArmFailure } from './errors.js';
export { dataLakeClient, readSettingsJson, type DataLakeConnection } from './dataLake.js';
export { readInstalledHub, releaseOfVersion, type InstalledHub } from './installed.js';
